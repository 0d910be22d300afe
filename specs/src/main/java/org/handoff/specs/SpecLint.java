package org.handoff.specs;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tla2sany.drivers.SANY;
import tla2sany.modanalyzer.SpecObj;
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
            try {
                defined = definitions(e.getKey(), libs);
            } catch (Problem p) {
                problem = p.getMessage();
            }
            if (problem != null) {
                System.out.println(MARK + problem);
                bad++;
                continue;
            }
            for (Path config : e.getValue()) {
                String missing = undefined(config, defined);
                if (missing != null) {
                    System.out.println(MARK + config + ": " + missing + " is not defined by " + e.getKey().getFileName()
                            + " or the modules it extends");
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

    /** Every operator the spec defines or inherits through EXTENDS; a parse error is a Problem. */
    private static Set<String> definitions(Path spec, List<String> libs) throws Problem {
        List<String> dirs = new ArrayList<>();
        dirs.add(spec.toAbsolutePath().getParent().toString());
        dirs.addAll(libs);
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(buf, true, StandardCharsets.UTF_8);
        SpecObj obj = new SpecObj(spec.toAbsolutePath().toString(), new SimpleFilenameToStream(dirs.toArray(String[]::new)));
        // SANY writes parse errors to ToolIO and System.out as well as to the stream it is given.
        PrintStream sysOut = System.out;
        PrintStream sysErr = System.err;
        PrintStream toolOut = util.ToolIO.out;
        PrintStream toolErr = util.ToolIO.err;
        System.setOut(out);
        System.setErr(out);
        util.ToolIO.out = out;
        util.ToolIO.err = out;
        try {
            SANY.frontEndMain(obj, spec.toAbsolutePath().toString(), out);
        } catch (Exception | Error ex) {
            out.println(ex.getMessage());
        } finally {
            System.setOut(sysOut);
            System.setErr(sysErr);
            util.ToolIO.out = toolOut;
            util.ToolIO.err = toolErr;
        }
        String text = buf.toString(StandardCharsets.UTF_8);
        ModuleNode root = obj.getRootModule();
        if (obj.getErrorLevel() > 2 || root == null || obj.getParseErrors().isFailure()
                || obj.getSemanticErrors().isFailure() || obj.getInitErrors().isFailure()) {
            String why = TlcOutput.errorMessage(text, 1).replace(" (TLC exit 1)", "");
            if (why.startsWith("TLC failed")) {
                why = spec + ": does not parse: " + firstLine(text);
            } else if (!why.matches("^\\S+\\.tla\\b.*")) {
                why = spec + ": " + why;
            }
            throw new Problem(why);
        }
        Set<String> names = new HashSet<>();
        for (OpDefNode d : root.getOpDefs()) {
            names.add(d.getName().toString());
        }
        return names;
    }

    private static String undefined(Path config, Set<String> defined) {
        TlcConfig cfg;
        try {
            cfg = TlcConfig.parse(Files.readString(config));
        } catch (java.io.IOException ex) {
            return "cannot be read (" + ex.getMessage() + ")";
        }
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
