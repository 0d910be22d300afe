package org.handoff.specs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A TLC counterexample read into states and steps: for each step, the thread that took it, the
 * spec action (named after the kernel function it models), that function, and the entries it
 * changed. The text form ({@link #render()}) gives one line per step; the report draws each state.
 *
 * <p>TLC names a step by the definition its disjunct sits in, which for a wrapped disjunct (a
 * mutant's {@code MutantLockStep}, PV's {@code PvStepWith}) is not the action itself. Such a step is
 * named here by the spec's source ({@link SpecSource}): among the actions the definition may take,
 * the one enabled at the thread's program counter that may change every variable the step changed.
 *
 * @param steps      the states in order; the first is the initial state
 * @param backTo     for a liveness counterexample, the state the last one leads back to, else null
 * @param loop       the step from the last state back to {@code backTo} (null when there is none)
 * @param stuttering whether the behaviour ends by stuttering forever
 */
public record TlcTrace(List<Step> steps, Integer backTo, Step loop, boolean stuttering) {

    /**
     * One entry a step changed: {@code locked[2]}, {@code lk[1].tail}, {@code pc[1, 0]}.
     *
     * @param variable the state variable
     * @param path     the variable and the keys and fields down to the entry
     * @param keys     the function keys on the path (not record fields), outermost first
     */
    public record Change(String variable, String path, List<TlaValue> keys, TlaValue before, TlaValue after) {
        public String text() {
            return path + ": " + before.text() + " -> " + after.text();
        }
    }

    /**
     * One state of the counterexample and the step that led to it.
     *
     * @param number  TLC's state number (1 is the initial state)
     * @param label   the action as TLC named it ("Initial predicate" for state 1)
     * @param action  the spec action taken (several joined by " | " when the source cannot tell them apart)
     * @param actor   the thread's key in {@code pc}'s domain, or null
     * @param thread  the thread as a reader names it: t2, cpu1, cpu1/irq1; null when unknown
     * @param kernel  the kernel function and code the action models, or null
     * @param state   every variable's value in this state
     * @param changes the entries that differ from the previous state (empty for the first)
     */
    public record Step(int number, String label, String action, TlaValue actor, String thread, SpecSource.Kernel kernel,
            Map<String, TlaValue> state, List<Change> changes, String module, Integer line) {
        public boolean initial() {
            return number == 1 && changes.isEmpty() && "Initial predicate".equals(label);
        }

        /** The action with its kernel function: {@code XchgTail [mcs_spin_lock]}. */
        public String actionText() {
            if (initial()) {
                return "initial state";
            }
            String k = kernel != null && kernel.function() != null ? " [" + kernel.function() + "]" : "";
            return action + k;
        }

        /** The changed variables' names. */
        public Set<String> changedVariables() {
            Set<String> out = new LinkedHashSet<>();
            for (Change c : changes) {
                out.add(c.variable());
            }
            return out;
        }
    }

    private static final Pattern STATE_HEADER = Pattern.compile(
            "^(\\d+): <(.+?)(?: line (\\d+), col (\\d+) to line \\d+, col \\d+ of module (\\S+))?>\\s*$");
    private static final Pattern BACK_TO = Pattern.compile("^(\\d+): Back to state: <(\\S+)");
    private static final Pattern PARSING = Pattern.compile("^Parsing file (.+\\.tla)\\s*$", Pattern.MULTILINE);

    /** As {@link #parse(TlcMessages, List)} on TLC's {@code -tool} output as text. */
    public static TlcTrace parse(String out, List<Path> sources) {
        return parse(TlcMessages.parse(out), sources);
    }

    /**
     * The counterexample in TLC's messages, or null when there is none: the states TLC prints after
     * "The behavior up to this point is" (a safety violation) or "The following behavior constitutes
     * a counter-example" (a liveness one), up to the state the behaviour loops back to or its
     * stuttering. {@code sources} (the spec's directory and its libraries) are where the spec's
     * source is read to name the steps; the root module is the first file TLC reports parsing.
     */
    public static TlcTrace parse(TlcMessages msgs, List<Path> sources) {
        TlcMessages.Message start = msgs.first(TlcMessages.TLC_BEHAVIOR_UP_TO_THIS_POINT, TlcMessages.TLC_COUNTER_EXAMPLE);
        if (start == null) {
            return null;
        }
        SpecSource spec = null;
        Matcher p = PARSING.matcher(msgs.loose());
        if (p.find()) {
            Path root = Path.of(p.group(1).trim());
            if (Files.isRegularFile(root)) {
                List<Path> libs = new ArrayList<>();
                if (sources != null) {
                    libs.addAll(sources);
                }
                spec = SpecSource.load(root, libs);
            }
        }
        List<String[]> headers = new ArrayList<>();
        List<Map<String, String>> states = new ArrayList<>();
        Integer backTo = null;
        String backLabel = null;
        boolean stuttering = false;
        for (TlcMessages.Message m : msgs.after(start)) {
            String[] lines = m.body().split("\\R");
            if (m.code() == TlcMessages.TLC_STATE_PRINT2) {
                Matcher h = STATE_HEADER.matcher(lines[0]);
                headers.add(h.find() ? new String[] {h.group(1), h.group(2), h.group(3), h.group(4), h.group(5)}
                        : new String[] {Integer.toString(headers.size() + 1), lines[0], null, null, null});
                states.add(variables(lines));
            } else if (m.code() == TlcMessages.TLC_BACK_TO_STATE) {
                Matcher b = BACK_TO.matcher(lines[0]);
                if (b.find()) {
                    backTo = Integer.parseInt(b.group(1));
                    backLabel = b.group(2);
                }
                break;
            } else if (m.code() == TlcMessages.TLC_STATE_PRINT3) {
                stuttering = true;
                break;
            } else {
                break;
            }
        }
        Namer namer = new Namer(spec, sources);
        List<Step> steps = new ArrayList<>();
        Map<String, TlaValue> previous = null;
        for (int i = 0; i < states.size(); i++) {
            Map<String, TlaValue> state = new LinkedHashMap<>();
            states.get(i).forEach((k, v) -> state.put(k, TlaValue.parse(v)));
            String[] h = headers.get(i);
            Integer line = h[2] == null ? null : Integer.parseInt(h[2]);
            Integer col = h[3] == null ? null : Integer.parseInt(h[3]);
            steps.add(namer.step(Integer.parseInt(h[0]), h[1], h[4], line, col, previous, state));
            previous = state;
        }
        Step loop = null;
        if (backTo != null && backTo >= 1 && backTo <= steps.size() && previous != null) {
            loop = namer.step(backTo, backLabel == null ? "Action" : backLabel, null, null, null, previous,
                    steps.get(backTo - 1).state());
        }
        return new TlcTrace(List.copyOf(steps), backTo, loop, stuttering);
    }

    /** A state's {@code /\\ var = value} lines (a value may run over several lines) after its header. */
    private static Map<String, String> variables(String[] lines) {
        Map<String, String> state = new LinkedHashMap<>();
        String lastVar = null;
        for (int i = 1; i < lines.length; i++) {
            String l = lines[i];
            if (l.startsWith("/\\ ")) {
                int eq = l.indexOf(" = ");
                if (eq > 0) {
                    lastVar = l.substring(3, eq).trim();
                    state.put(lastVar, l.substring(eq + 3).trim());
                }
            } else if (l.startsWith(" ") && lastVar != null) {
                state.put(lastVar, state.get(lastVar) + " " + l.trim());
            }
        }
        return state;
    }

    /** The text form: the initial state in full, then one line per step with only what changed. */
    public String render() {
        StringBuilder r = new StringBuilder();
        int numW = Integer.toString(steps.size()).length();
        int threadW = 1;
        int actionW = 1;
        for (Step s : steps) {
            threadW = Math.max(threadW, s.thread() == null ? 1 : s.thread().length());
            if (!s.initial()) {
                actionW = Math.max(actionW, Math.min(48, s.actionText().length()));
            }
        }
        for (int i = 0; i < steps.size(); i++) {
            Step s = steps.get(i);
            if (i == 0) {
                r.append(String.format("%" + numW + "d  %s%n", s.number(), s.initial() ? "initial state"
                        : "state " + s.number() + " (the behaviour before it is not shown)"));
                s.state().forEach((k, v) -> r.append(" ".repeat(numW + 4)).append(k).append(" = ").append(v.text()).append('\n'));
                continue;
            }
            r.append(String.format("%" + numW + "d  %-" + threadW + "s  %-" + actionW + "s  %s%n", s.number(),
                    s.thread() == null ? "-" : s.thread(), s.actionText(), changesText(s)));
        }
        if (loop != null) {
            r.append(String.format("=> back to state %d by %s %s: %s; the behaviour repeats forever from there%n", backTo,
                    loop.thread() == null ? "-" : loop.thread(), loop.actionText(), changesText(loop)));
        } else if (backTo != null) {
            r.append("=> back to state ").append(backTo).append(": the behaviour repeats forever from there\n");
        }
        if (stuttering) {
            r.append("=> stuttering: no step is ever taken again\n");
        }
        return r.toString();
    }

    private static String changesText(Step s) {
        if (s.changes().isEmpty()) {
            return "(no variable changed)";
        }
        return String.join(", ", s.changes().stream().map(Change::text).toList());
    }

    /** The entries in which two values differ, function entries one by one. */
    static void diff(String variable, String path, List<TlaValue> keys, TlaValue before, TlaValue after, List<Change> out) {
        if (before == null || after == null) {
            out.add(new Change(variable, path, keys, before == null ? new TlaValue.Raw("-") : before,
                    after == null ? new TlaValue.Raw("-") : after));
            return;
        }
        if (before.equals(after)) {
            return;
        }
        if (before.isFunctionLike() && after.isFunctionLike() && before.getClass() == after.getClass()
                && before.entries().keySet().equals(after.entries().keySet())) {
            boolean record = before instanceof TlaValue.Rec;
            for (Map.Entry<TlaValue, TlaValue> e : before.entries().entrySet()) {
                List<TlaValue> k = keys;
                String p;
                if (record) {
                    p = path + "." + e.getKey().text();
                } else {
                    p = path + "[" + TlaValue.keyText(e.getKey()) + "]";
                    k = new ArrayList<>(keys);
                    k.add(e.getKey());
                }
                diff(variable, p, k, e.getValue(), after.at(e.getKey()), out);
            }
            return;
        }
        out.add(new Change(variable, path, keys, before, after));
    }

    /** How a reader names a thread key: t2, cpu1, cpu1/irq1. */
    public static String threadName(TlaValue key) {
        if (key == null) {
            return null;
        }
        if (key instanceof TlaValue.Int i) {
            return "t" + i.value();
        }
        if (key instanceof TlaValue.Tuple t && t.items().size() == 2 && t.items().get(0) instanceof TlaValue.Int c
                && t.items().get(1) instanceof TlaValue.Int l) {
            return "cpu" + c.value() + (l.value() == 0 ? "" : "/irq" + l.value());
        }
        return TlaValue.keyText(key);
    }

    /** Names each step's thread and action. */
    private static final class Namer {
        private final SpecSource spec;
        private final List<Path> sources;

        Namer(SpecSource spec, List<Path> sources) {
            this.spec = spec;
            this.sources = sources;
        }

        Step step(int number, String label, String module, Integer line, Integer col, Map<String, TlaValue> before,
                Map<String, TlaValue> after) {
            if (before == null) {
                return new Step(number, label, "Init", null, null, null,
                        after, List.of(), module, line);
            }
            if ("Action".equals(label) && line != null && col != null && module != null) {
                label = TlcOutput.actionAt(sources, module, line, col);
            }
            label = label.replaceFirst("^[A-Za-z_][A-Za-z0-9_]*!", ""); // PVH!PvStart: the instance's PvStart
            List<Change> changes = new ArrayList<>();
            for (Map.Entry<String, TlaValue> e : after.entrySet()) {
                diff(e.getKey(), e.getKey(), List.of(), before.get(e.getKey()), e.getValue(), changes);
            }
            TlaValue pcBefore = before.get("pc");
            Set<TlaValue> threads = pcBefore == null ? Set.of() : pcBefore.entries().keySet();
            List<TlaValue> actors = actors(changes, threads);
            String action = label;
            TlaValue actor = actors.isEmpty() ? null : actors.get(0);
            if (spec != null) {
                Choice c = choose(label, changes, actors, before);
                if (c != null) {
                    action = c.action;
                    actor = c.actor != null ? c.actor : actor;
                }
            }
            SpecSource.Kernel kernel = spec == null ? null : kernelOf(action);
            return new Step(number, label, action, actor, threadName(actor), kernel, after, List.copyOf(changes), module, line);
        }

        /** The kernel function of the action; for tied actions, the function they share, if they do. */
        private SpecSource.Kernel kernelOf(String action) {
            String[] tied = action.split(" \\| ");
            SpecSource.Kernel first = spec.kernel(tied[0]);
            for (String a : tied) {
                SpecSource.Kernel k = spec.kernel(a);
                if (k == null || first == null || !java.util.Objects.equals(k.function(), first.function())) {
                    return null;
                }
            }
            return tied.length == 1 ? first : new SpecSource.Kernel(first.function(), null);
        }

        private static List<TlaValue> pcChanges(List<Change> changes) {
            List<TlaValue> out = new ArrayList<>();
            for (Change c : changes) {
                if (c.variable().equals("pc") && c.keys().size() == 1) {
                    out.add(c.keys().get(0));
                }
            }
            return out;
        }

        /**
         * The threads that may have taken the step, most likely first: the one whose pc changed,
         * else those that key a changed entry, else the CPU a changed entry names.
         */
        private static List<TlaValue> actors(List<Change> changes, Set<TlaValue> threads) {
            Set<TlaValue> out = new LinkedHashSet<>(pcChanges(changes));
            if (out.size() == 1) {
                return new ArrayList<>(out);
            }
            for (Change c : changes) {
                for (TlaValue k : c.keys()) {
                    if (threads.contains(k)) {
                        out.add(k);
                        break;
                    }
                }
            }
            if (out.isEmpty()) {
                for (Change c : changes) {
                    for (TlaValue k : c.keys()) {
                        for (TlaValue t : threads) {
                            if (t instanceof TlaValue.Tuple tu && !tu.items().isEmpty() && tu.items().get(0).equals(k)) {
                                out.add(t);
                                break;
                            }
                        }
                        if (!out.isEmpty()) {
                            break;
                        }
                    }
                }
            }
            return new ArrayList<>(out);
        }

        private record Choice(String action, TlaValue actor, boolean full) {
        }

        private record Scored(String action, TlaValue actor, boolean full, boolean guarded, int coverage, int depth,
                int extra) {
        }

        /** Whether every guard that can be read in the state holds for thread t. */
        private static boolean holds(List<SpecSource.Guard> guards, Map<String, TlaValue> state, TlaValue t) {
            for (SpecSource.Guard g : guards) {
                String[] parts = g.path().split("\\.");
                TlaValue v = state.get(parts[0]);
                for (int i = 1; i < parts.length && v != null; i++) {
                    v = v.field(parts[i]);
                }
                if (v == null) {
                    continue;
                }
                TlaValue entry = v.at(t);
                if (!(entry instanceof TlaValue.Str str) || !g.values().contains(str.value())) {
                    return false;
                }
            }
            return true;
        }

        private Choice choose(String label, List<Change> changes, List<TlaValue> actors, Map<String, TlaValue> before) {
            boolean trusted = spec.definition(label) != null && spec.isAction(label) && !spec.isComposite(label);
            List<String> candidates;
            if (trusted) {
                candidates = List.of(label);
            } else if (spec.definition(label) != null && spec.isComposite(label)) {
                candidates = spec.leafActions(label);
            } else {
                candidates = spec.allLeafActions();
            }
            Choice c = choose(trusted, candidates, changes, actors, before);
            if (!trusted && (c == null || !c.full) && !candidates.equals(spec.allLeafActions())) {
                // The definition passes actions as arguments (a trace map's
                // CnaStepsTraceStepWith(t, e, MutantStep)): look at every action.
                Choice wider = choose(false, spec.allLeafActions(), changes, actors, before);
                if (wider != null && (c == null || wider.full)) {
                    c = wider;
                }
            }
            return c;
        }

        private Choice choose(boolean trusted, List<String> candidates, List<Change> changes, List<TlaValue> actors,
                Map<String, TlaValue> before) {
            if (candidates.isEmpty()) {
                return null;
            }
            Set<String> changed = new LinkedHashSet<>();
            for (Change c : changes) {
                changed.add(c.variable());
            }
            List<Scored> scored = new ArrayList<>();
            for (String a : candidates) {
                List<SpecSource.Guard> guards = spec.guards(a);
                List<TlaValue> fitting = new ArrayList<>();
                for (TlaValue t : actors) {
                    if (holds(guards, before, t)) {
                        fitting.add(t);
                    }
                }
                if (!trusted && !guards.isEmpty() && fitting.isEmpty() && !actors.isEmpty()) {
                    continue;
                }
                Set<String> may = spec.mayPrime(a);
                int coverage = 0;
                for (String v : changed) {
                    coverage += may.contains(v) ? 1 : 0;
                }
                if (!trusted && !changed.isEmpty() && coverage == 0) {
                    continue;
                }
                int extra = 0;
                for (String v : may) {
                    extra += changed.contains(v) ? 0 : 1;
                }
                TlaValue actor = fitting.isEmpty() ? (actors.isEmpty() ? null : actors.get(0)) : fitting.get(0);
                scored.add(new Scored(a, actor, coverage == changed.size(), !guards.isEmpty() && !fitting.isEmpty(), coverage,
                        spec.definition(a).depth(), extra));
            }
            if (scored.isEmpty()) {
                return null;
            }
            // Best: explains every change, is enabled at the thread's pc, and is the nearest the root
            // module (a variant's or mutant's replacement before the action it replaces).
            Comparator<Scored> rank = Comparator.comparing((Scored s) -> !s.full)
                    .thenComparing(s -> !s.guarded)
                    .thenComparing(s -> -s.coverage)
                    .thenComparing(s -> s.depth)
                    .thenComparing(s -> s.extra);
            scored.sort(rank);
            Scored best = scored.get(0);
            List<String> tied = new ArrayList<>();
            for (Scored s : scored) {
                if (rank.compare(s, best) == 0) {
                    tied.add(s.action);
                }
            }
            // An action that another tied one wraps (Start inside PvStart) is the same step: keep the wrapper.
            List<String> outer = new ArrayList<>();
            for (String a : tied) {
                if (tied.stream().noneMatch(b -> !b.equals(a) && spec.callsTransitively(b, a))) {
                    outer.add(a);
                }
            }
            return new Choice(String.join(" | ", outer.isEmpty() ? tied : outer), best.actor, best.full);
        }
    }

    /** The states' variable names, in TLC's order (those of the first state). */
    public Collection<String> variables() {
        return steps.isEmpty() ? List.of() : steps.get(0).state().keySet();
    }
}
