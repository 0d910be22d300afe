package org.handoff.specs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a counterexample's reader needs from a spec's source, read from the module and the modules
 * it extends or instantiates: the top-level definitions (their parameters, the variables they may
 * prime, the program counter they are enabled at, the definitions they call), and for each action
 * the kernel function and code it models, from the module header's table ({@code code   Action})
 * or the comment above the definition.
 *
 * <p>This is a reading of the text, not a parse: it relies on the suite's layout (definitions start
 * in column 0, bodies are indented, {@code pc[t] = "..."} guards). SANY remains the judge of what
 * the spec means; this only names steps.
 */
public final class SpecSource {

    /** A kernel function an action models, and the code line (or its comment's first line). */
    public record Kernel(String function, String code) {
    }

    /** One top-level definition. */
    public record Definition(String name, List<String> params, String module, int depth, int line, String body,
            List<String> comment, String section) {
        /** The body with string literals emptied, so that "FastPath" in a guard is not a call. */
        String code() {
            return body.replaceAll("\"[^\"\\n]*\"", "\"\"");
        }
    }

    private static final Pattern DEF = Pattern.compile(
            "^([A-Za-z_][A-Za-z0-9_]*)\\s*(\\(((?:[^()]|\\([^()]*\\))*)\\))?\\s*==(?!=)");
    private static final Pattern IDENT = Pattern.compile("(?:[A-Za-z_][A-Za-z0-9_]*!)?([A-Za-z_][A-Za-z0-9_]*)");
    private static final Pattern PRIMED = Pattern.compile("([A-Za-z_][A-Za-z0-9_]*)\\s*'");
    private static final Pattern GUARD = Pattern.compile("(?<![A-Za-z0-9_'])pc\\[\\s*([A-Za-z_][A-Za-z0-9_]*)\\s*\\]\\s*=\\s*\"([^\"]+)\"");
    private static final Pattern DISJUNCT_CALL = Pattern.compile(
            "\\\\/\\s*\\(?\\s*(?:[A-Za-z_][A-Za-z0-9_]*!)?([A-Za-z_][A-Za-z0-9_]*)\\s*\\(");
    private static final Pattern USES = Pattern.compile("\\b(?:EXTENDS|INSTANCE)\\b([^\\n]*)");
    /** Memory-model primitives: what a step does, but not the kernel function it is part of. */
    private static final Pattern PRIMITIVE = Pattern.compile("atomic_|smp_|cmpxchg|xchg$|try_cmpxchg");
    private static final Pattern KERNEL_NAME = Pattern.compile("(?<![A-Za-z0-9_])(_*[a-z][a-z0-9]*(?:_[a-z0-9]+)+)\\b");
    private static final Set<String> KEYWORDS = Set.of("IF", "THEN", "ELSE", "LET", "IN", "CASE", "OTHER", "EXCEPT",
            "UNCHANGED", "ENABLED", "CHOOSE", "DOMAIN", "SUBSET", "UNION", "TRUE", "FALSE", "WF_", "SF_", "LAMBDA");

    private final String rootModule;
    private final Map<String, Definition> defs = new LinkedHashMap<>();
    private final Map<String, Kernel> headerKernels = new HashMap<>();
    private final Map<String, Set<String>> mayPrime = new HashMap<>();

    private SpecSource(String rootModule) {
        this.rootModule = rootModule;
    }

    /** The root module's name. */
    public String rootModule() {
        return rootModule;
    }

    /**
     * Reads {@code spec} and the modules it EXTENDS or INSTANCEs that exist in its directory or in
     * {@code libraries}. Unreadable modules are skipped; the result may then know fewer names.
     */
    public static SpecSource load(Path spec, List<Path> libraries) {
        String name = spec.getFileName().toString().replaceFirst("\\.tla$", "");
        SpecSource s = new SpecSource(name);
        List<Path> dirs = new ArrayList<>();
        dirs.add(spec.toAbsolutePath().getParent());
        if (libraries != null) {
            dirs.addAll(libraries);
        }
        // Breadth first, so that a module's depth is its distance from the root: a variant's or a
        // mutant's replacement of an action is nearer the root than the action it replaces.
        java.util.ArrayDeque<Path> queue = new java.util.ArrayDeque<>();
        Map<Path, Integer> depth = new HashMap<>();
        Path root = spec.toAbsolutePath().normalize();
        queue.add(root);
        depth.put(root, 0);
        while (!queue.isEmpty()) {
            Path f = queue.poll();
            for (Path used : s.read(f, depth.get(f), dirs)) {
                if (!depth.containsKey(used)) {
                    depth.put(used, depth.get(f) + 1);
                    queue.add(used);
                }
            }
        }
        return s;
    }

    /** Reads one module's definitions; returns the modules it uses. */
    private List<Path> read(Path file, int depth, List<Path> dirs) {
        List<Path> used = new ArrayList<>();
        String raw;
        try {
            raw = Files.readString(file);
        } catch (IOException e) {
            return used;
        }
        String module = file.getFileName().toString().replaceFirst("\\.tla$", "");
        String stripped = TlaText.stripComments(raw);
        String[] rawLines = raw.split("\n", -1);
        String[] lines = stripped.split("\n", -1);
        readHeaderTable(rawLines);
        String section = null;
        for (int i = 0; i < lines.length; i++) {
            String boxed = boxHeading(rawLines, i);
            if (boxed != null) {
                section = boxed;
            }
            Matcher m = DEF.matcher(lines[i]);
            if (!m.find()) {
                continue;
            }
            String defName = m.group(1);
            List<String> params = new ArrayList<>();
            if (m.group(3) != null) {
                for (String p : m.group(3).replaceAll("\\([^()]*\\)", "").split(",")) {
                    String t = p.trim();
                    if (!t.isEmpty()) {
                        params.add(t);
                    }
                }
            }
            StringBuilder body = new StringBuilder(lines[i].substring(m.end()));
            int j = i + 1;
            while (j < lines.length && (lines[j].isEmpty() || Character.isWhitespace(lines[j].charAt(0)))) {
                body.append('\n').append(lines[j]);
                j++;
            }
            List<String> comment = new ArrayList<>();
            for (int k = i - 1; k >= 0 && rawLines[k].trim().startsWith("\\*"); k--) {
                comment.add(0, rawLines[k].trim().substring(2).trim());
            }
            if (comment.isEmpty()) {
                comment.addAll(boxAbove(rawLines, i));
            }
            // The first definition of a name wins: the root module is read first, so its
            // definitions shadow nothing (TLA+ forbids redefinition) and an INSTANCE's copy is kept
            // only when the name is new.
            defs.putIfAbsent(defName, new Definition(defName, params, module, depth, i + 1, body.toString(), comment,
                    section));
        }
        Matcher u = USES.matcher(stripped);
        while (u.find()) {
            for (String part : u.group(1).split("[,\\s]+")) {
                if (part.isBlank() || part.equals("WITH") || part.contains("<-")) {
                    if (part.equals("WITH")) {
                        break;
                    }
                    continue;
                }
                for (Path d : dirs) {
                    Path f = d.resolve(part + ".tla");
                    if (Files.isRegularFile(f)) {
                        used.add(f.toAbsolutePath().normalize());
                        break;
                    }
                }
            }
        }
        return used;
    }

    /** The text of a box comment that ends right above line i (blank lines between allowed), or nothing. */
    private static List<String> boxAbove(String[] raw, int i) {
        int k = i - 1;
        while (k >= 0 && raw[k].isBlank()) {
            k--;
        }
        List<String> out = new ArrayList<>();
        if (k < 1 || !raw[k].trim().matches("\\(\\*{10,}\\)")) {
            return out;
        }
        for (k = k - 1; k >= 0 && !raw[k].trim().matches("\\(\\*{10,}\\)"); k--) {
            String l = raw[k].trim();
            if (!l.startsWith("(*") || !l.endsWith("*)")) {
                return new ArrayList<>();
            }
            out.add(0, l.substring(2, l.length() - 2).trim());
        }
        return out;
    }

    /** The text of a box comment's heading line at i (a line right after a row of stars), or null. */
    private static String boxHeading(String[] raw, int i) {
        if (i == 0 || !raw[i - 1].trim().matches("\\(\\*{10,}\\)")) {
            return null;
        }
        String l = raw[i].trim();
        if (!l.startsWith("(*") || !l.endsWith("*)")) {
            return null;
        }
        return l.substring(2, l.length() - 2).trim();
    }

    /**
     * The module header's table of code lines and action names, as MCS.tla writes it:
     * {@code (*     prev = xchg(lock, node)                 XchgTail  (the doorway)     *)}, under a
     * line naming the function ({@code mcs_spin_lock(lock, node):}).
     */
    private void readHeaderTable(String[] raw) {
        String function = null;
        Pattern fn = Pattern.compile("^\\s*([a-z_][a-z0-9_]*)\\s*\\([^)]*\\)\\s*:\\s*$");
        // The action is the first capitalised word with a lower-case letter: "NULL" in the code is not one.
        Pattern row = Pattern.compile("^(\\s*\\S.*?\\S)\\s+([A-Z](?=[A-Za-z0-9]*[a-z])[A-Za-z0-9]+)\\b(.*)$");
        for (String line : raw) {
            String t = line.trim();
            if (t.startsWith("----") || t.startsWith("\\*")) {
                continue;
            }
            if (!t.startsWith("(*") || !t.endsWith("*)")) {
                if (!t.isEmpty()) {
                    break; // the header ends at the first line of code
                }
                continue;
            }
            String inner = t.substring(2, t.length() - 2);
            Matcher f = fn.matcher(inner);
            if (f.find()) {
                function = f.group(1);
                continue;
            }
            Matcher r = row.matcher(inner);
            if (function != null && r.find() && r.group(2).chars().anyMatch(Character::isLowerCase)
                    && !r.group(1).trim().isEmpty() && looksLikeCode(r.group(1))) {
                headerKernels.putIfAbsent(r.group(2), new Kernel(function, r.group(1).trim()));
            }
        }
    }

    private static boolean looksLikeCode(String s) {
        return s.contains("(") || s.contains("=") || s.contains("->");
    }

    /** The definition of name, or null. */
    public Definition definition(String name) {
        return defs.get(name);
    }

    /** Every definition read, in reading order. */
    public Iterable<Definition> definitions() {
        return defs.values();
    }

    /** Definitions called in a body (names that are definitions here), in order of appearance. */
    List<String> calls(Definition d) {
        Set<String> out = new LinkedHashSet<>();
        Matcher m = IDENT.matcher(d.code());
        while (m.find()) {
            String n = m.group(1);
            if (!KEYWORDS.contains(n) && defs.containsKey(n) && !n.equals(d.name())) {
                out.add(n);
            }
        }
        return new ArrayList<>(out);
    }

    /** The variables a definition may prime, directly or through what it calls. */
    public Set<String> mayPrime(String name) {
        Set<String> cached = mayPrime.get(name);
        if (cached != null) {
            return cached;
        }
        Definition d = defs.get(name);
        if (d == null) {
            return Set.of();
        }
        Set<String> out = new LinkedHashSet<>();
        mayPrime.put(name, out); // breaks cycles
        Matcher m = PRIMED.matcher(d.code());
        while (m.find()) {
            out.add(m.group(1));
        }
        for (String c : calls(d)) {
            out.addAll(mayPrime(c));
        }
        return out;
    }

    /** Whether the definition is an action: it primes a variable or says UNCHANGED, here or below. */
    public boolean isAction(String name) {
        Definition d = defs.get(name);
        return d != null && (!mayPrime(name).isEmpty() || mentionsUnchanged(name, new HashSet<>()));
    }

    private boolean mentionsUnchanged(String name, Set<String> seen) {
        Definition d = defs.get(name);
        if (d == null || !seen.add(name)) {
            return false;
        }
        if (d.code().contains("UNCHANGED")) {
            return true;
        }
        for (String c : calls(d)) {
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
        Definition d = defs.get(name);
        if (d == null || !seen.add(name)) {
            return false;
        }
        Matcher m = DISJUNCT_CALL.matcher(d.code());
        while (m.find()) {
            if (isAction(m.group(1))) {
                return true;
            }
        }
        // a wrapper that only supplies arguments to a composite (PvHooks == PvHooksWith(x, ...))
        Matcher p = PRIMED.matcher(d.code());
        if (!p.find() && !d.code().contains("UNCHANGED")) {
            for (String c : calls(d)) {
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
        Definition d = defs.get(from);
        if (d == null || !seen.add(from)) {
            return false;
        }
        for (String c : calls(d)) {
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
        Definition d = defs.get(name);
        if (d == null || !seen.add(name)) {
            return;
        }
        for (String c : calls(d)) {
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

    private static final String GUARD_ENTRY = "(?<![A-Za-z0-9_'!.])([A-Za-z_][A-Za-z0-9_]*(?:\\.[A-Za-z_][A-Za-z0-9_]*)*)\\[\\s*%s\\s*\\]\\s*=\\s*%s";
    private static final Pattern HELPER_CALL = Pattern.compile("(?:[A-Za-z_][A-Za-z0-9_]*!)?([A-Za-z_][A-Za-z0-9_]*)\\(([^()]*)\\)");

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
     * The guards on the acting thread (the first parameter) among the action's first conjuncts,
     * before any IF, LET or CASE, including those of the definitions called there with the same
     * thread ({@code ReadyToPass(x)}). Values joined by a disjunction are alternatives.
     */
    public List<Guard> guards(String name) {
        Definition d = defs.get(name);
        if (d == null || d.params().isEmpty()) {
            return List.of();
        }
        Map<String, Set<String>> out = new LinkedHashMap<>();
        collectGuards(d, d.params().get(0), out, new HashSet<>());
        List<Guard> list = new ArrayList<>();
        out.forEach((k, v) -> list.add(new Guard(k, v)));
        return list;
    }

    private void collectGuards(Definition d, String param, Map<String, Set<String>> out, Set<String> seen) {
        if (!seen.add(d.name())) {
            return;
        }
        String region = guardRegion(d.body());
        Matcher m = Pattern.compile(String.format(GUARD_ENTRY, Pattern.quote(param), "\"([^\"]+)\"")).matcher(region);
        while (m.find()) {
            if (!negated(region, m.start())) {
                out.computeIfAbsent(m.group(1), k -> new LinkedHashSet<>()).add(m.group(2));
            }
        }
        Matcher c = HELPER_CALL.matcher(region);
        while (c.find()) {
            if (negated(region, c.start())) {
                continue;   // ~Phase(x, "kick") rules a value out; it does not name the one the step needs
            }
            Definition h = defs.get(c.group(1));
            if (h == null || h.params().isEmpty() || isComposite(h.name())) {
                continue;
            }
            String[] args = c.group(2).split(",");
            if (args.length == 0 || !args[0].trim().equals(param)) {
                continue;
            }
            if (h.params().size() == 2 && args.length == 2 && args[1].trim().matches("\"[^\"]+\"")) {
                // a predicate helper: Phase(x, p) == pl.ph[x] = p
                Matcher hm = Pattern.compile("^\\s*" + String.format(GUARD_ENTRY, Pattern.quote(h.params().get(0)),
                        Pattern.quote(h.params().get(1))) + "\\s*$").matcher(h.body());
                if (hm.find()) {
                    out.computeIfAbsent(hm.group(1), k -> new LinkedHashSet<>()).add(args[1].trim().replace("\"", ""));
                    continue;
                }
            }
            if (args.length == h.params().size()) {
                collectGuards(h, h.params().get(0), out, seen);
            }
        }
    }

    /** Whether the term at {@code at} is under a {@code ~} (possibly with a parenthesis between). */
    private static boolean negated(String region, int at) {
        int i = at - 1;
        while (i >= 0 && (Character.isWhitespace(region.charAt(i)) || region.charAt(i) == '(')) {
            i--;
        }
        return i >= 0 && region.charAt(i) == '~';
    }

    /** The conjuncts before the first IF, LET, CASE or quantifier: where a guard is a guard. */
    private static String guardRegion(String body) {
        int limit = body.length();
        for (String w : List.of("IF", "LET", "CASE")) {
            int at = indexOfWord(body, w);
            if (at >= 0) {
                limit = Math.min(limit, at);
            }
        }
        for (String q : List.of("\\E", "\\A")) {
            int at = body.indexOf(q);
            if (at >= 0) {
                limit = Math.min(limit, at);
            }
        }
        return body.substring(0, limit);
    }

    private static int indexOfWord(String s, String w) {
        Matcher m = Pattern.compile("\\b" + w + "\\b").matcher(s);
        return m.find() ? m.start() : -1;
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
            for (String c : calls(d)) {
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
        if (d == null) {
            return null;
        }
        String text = String.join(" ", d.comment());
        // the first kernel function called in the comment, else the first named, else a primitive
        String call = null;
        String named = null;
        String primitive = null;
        Matcher n = KERNEL_NAME.matcher(text);
        while (n.find()) {
            String name = n.group(1);
            if (isPc(name, text)) {
                continue;
            }
            boolean isCall = text.substring(n.end()).matches("(?s)\\s*\\(.*");
            if (PRIMITIVE.matcher(name).lookingAt()) {
                primitive = primitive == null ? name : primitive;
            } else if (isCall) {
                call = call == null ? name : call;
            } else {
                named = named == null ? name : named;
            }
        }
        String function = call != null ? call : named != null ? named : primitive;
        // a comment that starts by naming the function it describes ("pv_wait_node: ...")
        Matcher lead = Pattern.compile("^\\s*(_*[a-z][a-z0-9]*(?:_[a-z0-9]+)+)\\s*(?:\\([^)]*\\))?\\s*[:,]").matcher(text);
        if (lead.find() && !PRIMITIVE.matcher(lead.group(1)).lookingAt()) {
            function = lead.group(1);
        }
        if (function == null && d.section() != null) {
            Matcher m = KERNEL_NAME.matcher(d.section());
            if (m.find()) {
                function = m.group(1);
            }
        }
        String code = d.comment().isEmpty() ? null : firstSentence(String.join(" ", d.comment()));
        if (function == null && code == null) {
            return null;
        }
        return new Kernel(function, code);
    }

    /** Whether the name appears only as a quoted pc value ("spin_locked"), not as kernel code. */
    private static boolean isPc(String name, String text) {
        return text.contains("\"" + name + "\"") || text.contains("pc " + name);
    }

    private static String firstSentence(String s) {
        String t = s.trim();
        Matcher end = Pattern.compile("(?<!\\bi\\.e|\\be\\.g|\\bcf|\\bvs)\\.\\s").matcher(t);
        if (end.find()) {
            t = t.substring(0, end.start() + 1);
        }
        return t.length() > 110 ? t.substring(0, 107) + "..." : t;
    }
}
