package org.handoff.specs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tla2sany.semantic.ASTConstants;
import tla2sany.semantic.ExprOrOpArgNode;
import tla2sany.semantic.FormalParamNode;
import tla2sany.semantic.InstanceNode;
import tla2sany.semantic.LetInNode;
import tla2sany.semantic.ModuleNode;
import tla2sany.semantic.NumeralNode;
import tla2sany.semantic.OpApplNode;
import tla2sany.semantic.OpArgNode;
import tla2sany.semantic.OpDeclNode;
import tla2sany.semantic.OpDefNode;
import tla2sany.semantic.SemanticNode;
import tla2sany.semantic.SymbolNode;

/**
 * What a counterexample's reader needs from a spec: the top-level definitions of the module and of
 * the modules it extends or instantiates (their parameters, the variables they may prime, the
 * program counter they are enabled at, the definitions they call), and for each action the kernel
 * function and code it models.
 *
 * <p>The structure comes from SANY's semantic tree: which definitions a body uses (through an
 * instance too: {@code C!ClhInitNode(t)} uses CLH's {@code ClhInitNode}), what it primes, its
 * disjunctions and its guards. SANY drops comments, so the kernel names are read from the source
 * text at the lines SANY gives: the module header's table ({@code code   Action}), the comment above
 * a definition, or the box comment that heads its section.
 */
public final class SpecSource {

    /** A kernel function an action models, and the code line (or its comment's first line). */
    public record Kernel(String function, String code) {
    }

    /**
     * One top-level definition: where it is (module, distance of that module from the root, line),
     * and the comment above it and the section it is in.
     */
    public record Definition(String name, List<String> params, String module, int depth, int line,
            List<String> comment, String section) {
    }

    /**
     * A definition whose whole body applies one operator ({@code BoundedBypass == P!BoundedBypass(bypass, 0)}):
     * the operator as SANY names it ({@code P!BoundedBypass}) and each argument's value when it is a
     * numeral, else null.
     */
    public record Application(String operator, List<Integer> numerals) {
    }


    private final String rootModule;
    private final Map<String, Definition> defs = new LinkedHashMap<>();
    private final Map<String, OpDefNode> nodes = new HashMap<>();
    /** Every top-level definition of the project's modules read, shadowed ones included. */
    private final Set<OpDefNode> topLevel = Collections.newSetFromMap(new IdentityHashMap<>());
    private final Map<String, Kernel> headerKernels = new HashMap<>();
    private final Map<String, Set<String>> mayPrime = new HashMap<>();
    private final Map<String, List<Guard>> guards = new HashMap<>();
    private final Map<String, Set<String>> stringSets = new HashMap<>();
    private final Map<String, Set<String>> replacedGuards = new HashMap<>();
    /** Whether SANY parsed the spec; the constants and the names a config may override, from its root module. */
    private boolean parsed;
    private final Set<String> constants = new LinkedHashSet<>();
    private final Set<String> operators = new LinkedHashSet<>();
    private final Map<String, Facts> facts = new HashMap<>();
    private final Map<String, Application> applications = new HashMap<>();

    private SpecSource(String rootModule) {
        this.rootModule = rootModule;
    }

    /** The root module's name. */
    public String rootModule() {
        return rootModule;
    }

    private record Cached(SpecSource source, Map<Path, FileTime> read) {
    }

    /** The sources read last, at most {@value #CACHED} (a check renders counterexamples of many specs). */
    private static final int CACHED = 32;
    private static final Map<List<Path>, Cached> CACHE = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<List<Path>, Cached> eldest) {
            return size() > CACHED;
        }
    };

    /**
     * Parses {@code spec} with SANY, finding the modules it uses in its directory and in
     * {@code libraries}. A spec SANY rejects gives a source that knows no definitions. The result is
     * kept until one of the files it was read from changes.
     */
    public static SpecSource load(Path spec, List<Path> libraries) {
        List<Path> dirs = new ArrayList<>();
        Path root = spec.toAbsolutePath().normalize();
        dirs.add(root.getParent());
        if (libraries != null) {
            libraries.forEach(l -> dirs.add(l.toAbsolutePath().normalize()));
        }
        List<Path> key = new ArrayList<>(dirs);
        key.add(0, root);
        synchronized (CACHE) {
            Cached c = CACHE.get(key);
            if (c != null && c.read().equals(times(c.read().keySet()))) {
                return c.source();
            }
        }
        String name = root.getFileName().toString().replaceFirst("\\.tla$", "");
        SpecSource s = new SpecSource(name);
        Map<Path, FileTime> read = new HashMap<>();
        read.put(root, time(root));
        Sany.Parsed parsed = Sany.parse(root, new Sany.Modules(dirs), false);
        if (parsed.root() != null) {
            s.parsed = true;
            for (OpDeclNode c : parsed.root().getConstantDecls()) {
                s.constants.add(c.getName().toString());
            }
            for (OpDefNode d : parsed.root().getOpDefs()) {
                String n = d.getName().toString();
                if (d.getKind() == ASTConstants.UserDefinedOpKind && !n.contains("!")) {
                    s.operators.add(n);
                }
            }
            s.read(parsed.root(), dirs, read);
            // Everything the queries look up, computed now: a source is shared by the threads that
            // render counterexamples at once, so after this it is only read.
            for (String d : s.defs.keySet()) {
                s.facts(d);
                s.mayPrime(d);
            }
            for (String d : s.defs.keySet()) {
                s.guards.put(d, s.collectGuards(d));
                OpDefNode n = s.nodes.get(d);
                Set<String> set = n.getParams().length == 0 ? SpecReplaced.stringSet(n.getBody()) : null;
                if (set != null) {
                    s.stringSets.put(d, Collections.unmodifiableSet(set));
                }
                s.replacedGuards.put(d, Collections.unmodifiableSet(SpecReplaced.guards(n)));
            }
            // Nothing refers to SANY's tree any more: let it go (a check keeps one source per spec).
            s.nodes.clear();
            s.topLevel.clear();
        }
        synchronized (CACHE) {
            CACHE.put(key, new Cached(s, read));
        }
        return s;
    }

    private static FileTime time(Path p) {
        try {
            return Files.getLastModifiedTime(p);
        } catch (IOException e) {
            return FileTime.fromMillis(0);
        }
    }

    private static Map<Path, FileTime> times(Set<Path> files) {
        Map<Path, FileTime> out = new HashMap<>();
        files.forEach(f -> out.put(f, time(f)));
        return out;
    }

    /**
     * Registers the definitions of the root module and of the project's modules it uses, breadth
     * first, so that a module's depth is its distance from the root: a variant's or a mutant's
     * replacement of an action is nearer the root than the action it replaces. The first
     * definition of a name wins (TLA+ forbids redefinition along EXTENDS; an instance's copy is
     * kept only when the name is new).
     */
    private void read(ModuleNode root, List<Path> dirs, Map<Path, FileTime> read) {
        Map<ModuleNode, Integer> depth = new IdentityHashMap<>();
        ArrayDeque<ModuleNode> queue = new ArrayDeque<>();
        queue.add(root);
        depth.put(root, 0);
        while (!queue.isEmpty()) {
            ModuleNode m = queue.poll();
            if (m.isStandard()) {
                continue;
            }
            String module = m.getName().toString();
            Path file = TlaText.moduleFile(module, dirs);
            String[] raw = new String[0];
            if (file != null) {
                read.put(file, time(file));
                try {
                    raw = Files.readString(file).split("\n", -1);
                } catch (IOException e) {
                    raw = new String[0];
                }
            }
            KernelComments.headerTable(raw).forEach(headerKernels::putIfAbsent);
            List<OpDefNode> own = new ArrayList<>();
            for (OpDefNode d : m.getOpDefs()) {
                if (d.getKind() == ASTConstants.UserDefinedOpKind && d.getOriginallyDefinedInModuleNode() == m
                        && d.getSource() == d && !d.getName().toString().contains("!")) {
                    own.add(d);
                }
            }
            own.sort(Comparator.comparingInt(d -> d.getLocation().beginLine()));
            for (OpDefNode d : own) {
                topLevel.add(d);
                String defName = d.getName().toString();
                if (defs.containsKey(defName)) {
                    continue;
                }
                int line = d.getLocation().beginLine();
                List<String> params = new ArrayList<>();
                for (FormalParamNode p : d.getParams()) {
                    params.add(p.getName().toString());
                }
                defs.put(defName, new Definition(defName, params, module, depth.get(m), line,
                        KernelComments.above(raw, line - 1), KernelComments.section(raw, line - 1)));
                nodes.put(defName, d);
                if (d.getBody() instanceof OpApplNode a && a.getOperator().getKind() == ASTConstants.UserDefinedOpKind) {
                    List<Integer> numerals = new ArrayList<>();
                    for (ExprOrOpArgNode arg : a.getArgs()) {
                        numerals.add(arg instanceof NumeralNode n ? n.val() : null);
                    }
                    applications.put(defName, new Application(a.getOperator().getName().toString(),
                            Collections.unmodifiableList(numerals)));
                }
            }
            List<ModuleNode> used = new ArrayList<>(m.getExtendedModuleSet(false));
            used.sort(Comparator.comparing(u -> u.getName().toString()));
            for (InstanceNode i : m.getInstances()) {
                used.add(i.getModule());
            }
            for (ModuleNode u : used) {
                if (!depth.containsKey(u)) {
                    depth.put(u, depth.get(m) + 1);
                    queue.add(u);
                }
            }
        }
    }

    /** Whether SANY parsed the spec (when not, this source knows no names at all). */
    public boolean parsed() {
        return parsed;
    }

    /** The constants the root module declares or inherits through EXTENDS: what a config must assign. */
    public Set<String> constants() {
        return Collections.unmodifiableSet(constants);
    }

    /**
     * The operators the root module defines or inherits through EXTENDS, the standard modules'
     * included: the names a config may override ({@code Intra <- ResetIntra}).
     */
    public Set<String> operators() {
        return Collections.unmodifiableSet(operators);
    }

    /** What the body of definition {@code name} applies, when its whole body is one application of a defined operator; else null. */
    public Application application(String name) {
        return applications.get(name);
    }

    /** The definition of name, or null. */
    public Definition definition(String name) {
        return defs.get(name);
    }

    /** Every definition read, in reading order. */
    public Iterable<Definition> definitions() {
        return defs.values();
    }

    /**
     * What SANY's tree says about one body: the top-level definitions it uses, in the order they
     * appear; the variables (or definitions) it primes; whether it says UNCHANGED; the actions it
     * offers as disjuncts.
     */
    private record Facts(List<String> calls, Set<String> primed, boolean unchanged, List<String> disjuncts) {
    }

    private Facts facts(String name) {
        Facts f = facts.get(name);
        if (f != null) {
            return f;
        }
        OpDefNode d = nodes.get(name);
        if (d == null) {
            return new Facts(List.of(), Set.of(), false, List.of());
        }
        Map<String, int[]> used = new LinkedHashMap<>();
        Map<String, int[]> primed = new HashMap<>();
        List<String> disjuncts = new ArrayList<>();
        boolean[] unchanged = {false};
        if (d.getBody() != null) {
            walk(d.getBody(), n -> {
                if (n instanceof OpApplNode a) {
                    String op = a.getOperator().getName().toString();
                    if (op.equals("'") && a.getArgs().length == 1 && a.getArgs()[0] instanceof OpApplNode x
                            && x.getArgs().length == 0) {
                        primed.putIfAbsent(x.getOperator().getName().toString(),
                                new int[] {n.getLocation().beginLine(), n.getLocation().beginColumn()});
                    } else if (op.equals("UNCHANGED")) {
                        unchanged[0] = true;
                    } else if (op.equals("$DisjList") || op.equals("\\lor")) {
                        for (SemanticNode arg : a.getArgs()) {
                            String callee = firstStep(arg);
                            if (callee != null) {
                                disjuncts.add(callee);
                            }
                        }
                    }
                }
                SymbolNode op = n instanceof OpApplNode a ? a.getOperator() : n instanceof OpArgNode a ? a.getOp() : null;
                String callee = op == null ? null : topName(op);
                if (callee != null && !callee.equals(name)) {
                    int[] at = {n.getLocation().beginLine(), n.getLocation().beginColumn()};
                    int[] seen = used.get(callee);
                    if (seen == null || Arrays.compare(at, seen) < 0) {
                        used.put(callee, at);
                    }
                }
            });
        }
        List<String> ordered = new ArrayList<>(used.keySet());
        ordered.sort(Comparator.comparing(used::get, Arrays::compare));
        List<String> primes = new ArrayList<>(primed.keySet());
        primes.sort(Comparator.comparing(primed::get, Arrays::compare));
        f = new Facts(ordered, new LinkedHashSet<>(primes), unchanged[0], disjuncts);
        facts.put(name, f);
        return f;
    }

    /**
     * The definition a disjunct starts by calling with arguments ({@code Step} in
     * {@code \/ Step(x) /\ PvNative(x)}), or null.
     */
    private String firstStep(SemanticNode disjunct) {
        SemanticNode first = disjunct;
        while (first instanceof OpApplNode c && isOp(c, "$ConjList", "\\land") && c.getArgs().length > 0) {
            first = c.getArgs()[0];
        }
        return first instanceof OpApplNode c && c.getArgs().length > 0 ? topName(c.getOperator()) : null;
    }

    /** The name of the top-level definition {@code op} refers to (through an instance too), or null. */
    private String topName(SymbolNode op) {
        if (op instanceof OpDefNode d) {
            OpDefNode source = d.getSource();
            if (topLevel.contains(source)) {
                String n = source.getName().toString();
                return defs.containsKey(n) ? n : null;
            }
        }
        return null;
    }

    /** Visits every node of an expression, LET definitions included, in no particular order. */
    static void walk(SemanticNode start, java.util.function.Consumer<SemanticNode> visit) {
        Set<SemanticNode> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        ArrayDeque<SemanticNode> todo = new ArrayDeque<>();
        todo.push(start);
        while (!todo.isEmpty()) {
            SemanticNode n = todo.pop();
            if (n == null || !seen.add(n)) {
                continue;
            }
            visit.accept(n);
            if (n instanceof LetInNode l) {
                for (OpDefNode let : l.getLets()) {
                    if (let.getBody() != null) {
                        todo.push(let.getBody());
                    }
                }
            }
            SemanticNode[] children = n.getChildren();
            if (children != null) {
                for (SemanticNode c : children) {
                    if (c != null) {
                        todo.push(c);
                    }
                }
            }
        }
    }

    /** Definitions used in a body (names that are definitions here), in order of appearance. */
    List<String> calls(Definition d) {
        return calls(d.name());
    }

    /** As {@link #calls(Definition)}, by name. */
    public List<String> calls(String name) {
        return facts(name).calls();
    }

    /** The variables a definition may prime, directly or through what it calls. */
    public Set<String> mayPrime(String name) {
        Set<String> cached = mayPrime.get(name);
        if (cached != null) {
            return cached;
        }
        if (!defs.containsKey(name)) {
            return Set.of();
        }
        Set<String> out = new LinkedHashSet<>();
        mayPrime.put(name, out); // breaks cycles
        out.addAll(facts(name).primed());
        for (String c : calls(name)) {
            out.addAll(mayPrime(c));
        }
        return out;
    }

    /** Whether the definition is an action: it primes a variable or says UNCHANGED, here or below. */
    public boolean isAction(String name) {
        return defs.containsKey(name) && (!mayPrime(name).isEmpty() || mentionsUnchanged(name, new HashSet<>()));
    }

    private boolean mentionsUnchanged(String name, Set<String> seen) {
        if (!defs.containsKey(name) || !seen.add(name)) {
            return false;
        }
        if (facts(name).unchanged()) {
            return true;
        }
        for (String c : calls(name)) {
            if (mentionsUnchanged(c, seen)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether the definition is a disjunction of actions (Next, Step, a mutant's LockStep) rather
     * than one step: TLC names a step by such a definition when a disjunct is wrapped in a
     * conjunction it cannot split.
     */
    public boolean isComposite(String name) {
        return composite(name, new HashSet<>());
    }

    private boolean composite(String name, Set<String> seen) {
        if (!defs.containsKey(name) || !seen.add(name)) {
            return false;
        }
        Facts f = facts(name);
        for (String c : f.disjuncts()) {
            if (isAction(c)) {
                return true;
            }
        }
        // a wrapper that only supplies arguments to a composite (Step(x) == StepWith(x, Hook))
        if (f.primed().isEmpty() && !f.unchanged()) {
            for (String c : f.calls()) {
                if (composite(c, seen)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether {@code caller}'s body calls {@code callee}, directly or through other definitions. */
    public boolean callsTransitively(String caller, String callee) {
        return reaches(caller, callee, new HashSet<>());
    }

    private boolean reaches(String from, String to, Set<String> seen) {
        if (!defs.containsKey(from) || !seen.add(from)) {
            return false;
        }
        for (String c : calls(from)) {
            if (c.equals(to) || reaches(c, to, seen)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The single-step actions a (composite) definition may take: the actions it calls, with
     * composite ones expanded.
     */
    public List<String> leafActions(String name) {
        Set<String> out = new LinkedHashSet<>();
        leaves(name, out, new HashSet<>());
        return new ArrayList<>(out);
    }

    private void leaves(String name, Set<String> out, Set<String> seen) {
        if (!defs.containsKey(name) || !seen.add(name)) {
            return;
        }
        for (String c : calls(name)) {
            if (isComposite(c)) {
                leaves(c, out, seen);
            } else if (isAction(c)) {
                out.add(c);
            }
        }
    }

    /** Every action of the spec that is not composite (for a step TLC does not name). */
    public List<String> allLeafActions() {
        List<String> out = new ArrayList<>();
        for (Definition d : defs.values()) {
            if (!d.params().isEmpty() && isAction(d.name()) && !isComposite(d.name())) {
                out.add(d.name());
            }
        }
        return out;
    }

    /**
     * A condition on the acting thread's own state that enables an action: the entry
     * {@code path[thread]} is one of {@code values} ({@code pc[t] = "xchg_tail"}, PV's
     * {@code Phase(x, "spin")}, which is {@code pl.ph[x] = "spin"}).
     */
    public record Guard(String path, Set<String> values) {
    }

    /** The program counter value the action is enabled at (the {@code pc} guard), or null. */
    public String pcGuard(String name) {
        for (Guard g : guards(name)) {
            if (g.path().equals("pc") && g.values().size() == 1) {
                return g.values().iterator().next();
            }
        }
        return null;
    }

    /**
     * The strings of a definition that is a set of strings ({@code {"A", "B"}}, a union of such sets
     * and of definitions that are ones, or an IF between two: the names either branch holds): a
     * spec's {@code ActionNames}, a mutant's {@code MutantReplaced}; null for any other definition.
     */
    public Set<String> stringSet(String name) {
        return stringSets.get(name);
    }

    /**
     * The action names a definition tests against the constant {@code Replaced} among its
     * conjuncts, which a model's {@code Replaced} takes it out by: {@code "N" \notin Replaced}, or
     * qspinlock's {@code Active(x, "N")} (the mutation idiom, docs/adding-a-family.md). Empty for a
     * definition that tests none.
     */
    public Set<String> replacedGuards(String name) {
        return replacedGuards.getOrDefault(name, Set.of());
    }

    /**
     * The guards on the acting thread (the first parameter) among the action's first conjuncts,
     * up to the first that holds an IF, CASE or quantifier (or the body is a LET), including those
     * of the definitions called there with the same thread ({@code ReadyToPass(x)}). Values joined
     * by a disjunction are alternatives; a negated condition names no guard.
     */
    public List<Guard> guards(String name) {
        return guards.getOrDefault(name, List.of());
    }

    private List<Guard> collectGuards(String name) {
        OpDefNode d = nodes.get(name);
        if (d == null || d.getParams().length == 0) {
            return List.of();
        }
        return new SpecGuards(this::topName, nodes::get, this::isComposite).of(d);
    }

    static boolean isOp(OpApplNode a, String... names) {
        String op = a.getOperator().getName().toString();
        for (String n : names) {
            if (n.equals(op)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The kernel function and code an action models: the header table's row for it, else the
     * comment above its definition (its first kernel-style call, or the section it is in).
     */
    public Kernel kernel(String action) {
        Kernel k = kernel(action, new HashSet<>());
        if (k != null && k.function() != null) {
            return k;
        }
        // A mutant's or variant's action that replaces one enabled at the same pc models the same
        // kernel function (MCS_NonAtomicTail's LoadTail and StoreTail: XchgTail's mcs_spin_lock).
        Definition d = defs.get(action);
        String guard = pcGuard(action);
        if (d != null && guard != null) {
            for (Definition other : defs.values()) {
                if (other.depth() > d.depth() && guard.equals(pcGuard(other.name())) && !isComposite(other.name())) {
                    Kernel base = kernel(other.name(), new HashSet<>());
                    if (base != null && base.function() != null) {
                        return new Kernel(base.function(), k != null && k.code() != null ? k.code() : null);
                    }
                }
            }
        }
        return k;
    }

    private Kernel kernel(String action, Set<String> seen) {
        if (!seen.add(action)) {
            return null;
        }
        Kernel own = ownKernel(action);
        if (own != null && own.function() != null) {
            return own;
        }
        Definition d = defs.get(action);
        if (d != null) {
            // a wrapper (PvStart == Runs(x) /\ Start(x) /\ ...) models what the action it wraps does
            for (String c : calls(action)) {
                if (isAction(c) && !isComposite(c)) {
                    Kernel inner = kernel(c, seen);
                    if (inner != null && inner.function() != null) {
                        return own != null && own.code() != null ? new Kernel(inner.function(), own.code()) : inner;
                    }
                }
            }
        }
        return own;
    }

    private Kernel ownKernel(String action) {
        Kernel k = headerKernels.get(action);
        if (k != null) {
            return k;
        }
        Definition d = defs.get(action);
        return d == null ? null : KernelComments.kernel(d.comment(), d.section());
    }

}
