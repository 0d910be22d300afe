package org.handoff.specs;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tla2sany.semantic.ModuleNode;
import tla2sany.semantic.OpDefNode;
import util.SimpleFilenameToStream;

/**
 * Parses specs with SANY (TLC's front end) and checks that each config names only definitions its
 * spec has, all in one JVM, before any model runs. A check or review then stops at once with one
 * line naming the bad file instead of after the checks before it have run.
 *
 * <p>Run forked, like TLC (SANY keeps static state and writes the standard modules into
 * {@code java.io.tmpdir}): {@code SpecLint --lib DIR... SPEC CONFIG [SPEC CONFIG...]}. It prints one
 * line per bad file, starting with {@link #MARK}, and exits 1 when there is any.
 */
public final class SpecLint {
    public static final String MARK = "handoff-lint: ";

    private SpecLint() {
    }

    public static void main(String[] args) {
        List<String> libs = new ArrayList<>();
        Map<Path, Set<Path>> configsBySpec = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--lib") && i + 1 < args.length) {
                libs.add(args[++i]);
            } else if (i + 1 < args.length) {
                configsBySpec.computeIfAbsent(Path.of(args[i]), k -> new java.util.LinkedHashSet<>()).add(Path.of(args[++i]));
            }
        }
        int bad = 0;
        for (Map.Entry<Path, Set<Path>> e : configsBySpec.entrySet()) {
            String problem = null;
            Set<String> defined = null;
            ModuleNode root = null;
            try {
                root = parse(e.getKey(), libs);
                defined = definitions(root);
            } catch (Problem p) {
                problem = p.getMessage();
            }
            if (problem != null) {
                System.out.println(MARK + problem);
                bad++;
                continue;
            }
            for (Path config : e.getValue()) {
                TlcConfig cfg;
                try {
                    cfg = TlcConfig.read(config);
                } catch (org.handoff.core.HandoffException ex) {
                    System.out.println(MARK + ex.getMessage());
                    bad++;
                    continue;
                }
                String missing = undefined(cfg, defined);
                if (missing != null) {
                    System.out.println(MARK + config + ": " + missing + " is not defined by " + e.getKey().getFileName()
                            + " or the modules it extends");
                    bad++;
                    continue;
                }
                String elsewhere = behaviourElsewhere(cfg, root, e.getKey());
                if (elsewhere != null) {
                    System.out.println(MARK + config + ": " + elsewhere);
                    bad++;
                }
            }
        }
        System.exit(bad == 0 ? 0 : 1);
    }

    private static final class Problem extends Exception {
        Problem(String message) {
            super(message);
        }
    }

    /** Every operator the spec defines or inherits through EXTENDS. */
    private static Set<String> definitions(ModuleNode root) {
        Set<String> names = new HashSet<>();
        for (OpDefNode d : root.getOpDefs()) {
            names.add(d.getName().toString());
        }
        return names;
    }

    /**
     * Null when the behaviour the config makes TLC explore (its SPECIFICATION, or INIT and NEXT,
     * and its substitutions) uses a definition of the spec's own module, or the module defines
     * none; otherwise why the config checks another module's behaviour than the spec it names: a
     * variant or mutant module whose actions the model never runs is not checked at all, and
     * its pass is the base spec's.
     */
    static String behaviourElsewhere(TlcConfig cfg, ModuleNode root, Path spec) {
        List<OpDefNode> own = new ArrayList<>();
        Map<String, OpDefNode> byName = new LinkedHashMap<>();
        for (OpDefNode d : root.getOpDefs()) {
            byName.put(d.getName().toString(), d);
            if (d.getOriginallyDefinedInModuleNode() == root && d.getKind() == tla2sany.semantic.ASTConstants.UserDefinedOpKind) {
                own.add(d);
            }
        }
        if (own.isEmpty() || root.getExtendedModuleSet(true).stream().noneMatch(SpecLint::isProjectModule)) {
            return null; // a family's own spec, or a module with nothing of its own
        }
        List<String> roots = cfg.behaviourDefinitions();
        if (roots.isEmpty()) {
            return null; // a config that only names definitions (the preflight's own), no behaviour
        }
        Set<OpDefNode> reached = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        java.util.ArrayDeque<tla2sany.semantic.SemanticNode> todo = new java.util.ArrayDeque<>();
        for (String r : roots) {
            OpDefNode d = byName.get(r);
            if (d != null && reached.add(d) && d.getBody() != null) {
                todo.push(d.getBody());
            }
        }
        Set<tla2sany.semantic.SemanticNode> seen = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        while (!todo.isEmpty()) {
            tla2sany.semantic.SemanticNode n = todo.pop();
            if (n == null || !seen.add(n)) {
                continue;
            }
            tla2sany.semantic.SymbolNode op = n instanceof tla2sany.semantic.OpApplNode a ? a.getOperator()
                    : n instanceof tla2sany.semantic.OpArgNode a ? a.getOp() : null;
            if (op instanceof OpDefNode d && reached.add(d) && d.getBody() != null) {
                todo.push(d.getBody());
            }
            tla2sany.semantic.SemanticNode[] children = n.getChildren();
            if (children != null) {
                for (tla2sany.semantic.SemanticNode c : children) {
                    if (c != null) {
                        todo.push(c);
                    }
                }
            }
        }
        for (OpDefNode d : own) {
            if (reached.contains(d)) {
                return null;
            }
        }
        String module = root.getName().toString();
        return "its behaviour (" + String.join(", ", roots) + ") uses no definition of " + spec.getFileName()
                + ", so TLC would check the behaviour of the modules it extends, not " + module + "'s (" + module
                + " defines " + own.stream().map(d -> d.getName().toString()).limit(4)
                        .collect(java.util.stream.Collectors.joining(", ")) + (own.size() > 4 ? ", ..." : "")
                + "; name its specification, or substitute its actions)";
    }

    /** A module of the project rather than of TLC's standard library. */
    private static boolean isProjectModule(ModuleNode m) {
        return !m.isStandard();
    }

    /** The spec's root module, parsed by SANY; a parse error is a Problem. */
    private static ModuleNode parse(Path spec, List<String> libs) throws Problem {
        List<String> dirs = new ArrayList<>();
        dirs.add(spec.toAbsolutePath().getParent().toString());
        dirs.addAll(libs);
        // SpecLint runs forked with a private java.io.tmpdir, so TLC's own resolver may copy the
        // standard modules there.
        Sany.Parsed parsed = Sany.parse(spec, new SimpleFilenameToStream(dirs.toArray(String[]::new)), true);
        String text = parsed.messages();
        ModuleNode root = parsed.root();
        if (root == null) {
            String why = TlcOutput.errorMessage(text, 1).replace(" (TLC exit 1)", "");
            if (why.startsWith("TLC failed")) {
                why = spec + ": does not parse: " + firstLine(text);
            } else if (!why.matches("^\\S+\\.tla\\b.*")) {
                why = spec + ": " + why;
            }
            throw new Problem(why);
        }
        return root;
    }

    private static String undefined(TlcConfig cfg, Set<String> defined) {
        for (String name : cfg.referencedDefinitions()) {
            if (!defined.contains(name)) {
                return name;
            }
        }
        return null;
    }

    private static String firstLine(String text) {
        for (String l : text.split("\\R")) {
            if (!l.isBlank() && !l.startsWith("Parsing file") && !l.startsWith("Semantic processing")) {
                return l.trim();
            }
        }
        return "SANY gave no reason";
    }
}
