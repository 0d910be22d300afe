package org.handoff.cli.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.handoff.specs.TlaValue;
import org.handoff.specs.TlcTrace;

/**
 * A counterexample told in a few sentences, read from the threads' program counters: who takes the
 * lock and when, which thread waits and where, and for a liveness counterexample what repeats
 * forever ("From state 26 on, steps 26 to 45 repeat forever: cpu1 and cpu3 wait in the secondary
 * queue while cpu2 and cpu4 take the lock 2 times in each round"). A thread takes the lock when its
 * pc enters an owner's pc ({@code cs}, or qspinlock's {@code mcs_handoff}); it is trying while its
 * pc is neither an owner's nor an idle one ({@code ncs}, {@code idle}).
 *
 * @param sentences  the story, in order
 * @param starved    the threads the counterexample keeps waiting (a liveness counterexample), or
 *                   the one it overtakes most (BoundedBypass); empty when it is about no thread
 * @param threads    how many threads take part (leave the idle pc at some state)
 * @param keyStates  the indices into the trace's steps whose pictures matter most
 * @param clause     the counterexample in a clause, for a conclusion ("cpu1 and cpu3 wait in the
 *                   secondary queue for ever"), or null
 * @param cpus       whether the threads are CPUs (contexts keyed by CPU and level) rather than tasks
 */
public record Story(List<String> sentences, List<String> starved, int threads, Set<Integer> keyStates, String clause,
        boolean cpus) {

    static final Set<String> OWN = Set.of("cs", "mcs_handoff");
    static final Set<String> IDLE = Set.of("ncs", "idle");

    /** Where a thread is, for the story, or null: "in the secondary queue", "halted (pv_wait)". */
    @FunctionalInterface
    public interface Where {
        String of(Map<String, TlaValue> state, TlaValue thread);
    }

    /** The text in one paragraph. */
    public String text() {
        return String.join(" ", sentences);
    }

    /** The story of {@code trace}, which violates {@code violated} (may be null). */
    public static Story tell(TlcTrace trace, String violated, Where where) {
        return tell(trace, violated, false, where);
    }

    /**
     * The story of {@code trace}, which violates {@code violated} (may be null); {@code deadlock}:
     * TLC stopped in a state with no enabled step.
     */
    public static Story tell(TlcTrace trace, String violated, boolean deadlock, Where where) {
        List<TlcTrace.Step> steps = trace.steps();
        int n = steps.size();
        List<String> out = new ArrayList<>();
        Set<Integer> keys = new TreeSet<>();
        keys.add(n - 1);
        if (n > 1) {
            keys.add(n - 2);
        }
        TlaValue pc0 = steps.get(0).state().get("pc");
        if (!(pc0 instanceof TlaValue.Fcn) && !(pc0 instanceof TlaValue.Tuple)) {
            out.add(String.format(Locale.ROOT, "%d states; the last step, %s, %s.", n, stepText(steps.get(n - 1)),
                    violated == null ? "ends the trace" : "violates " + violated));
            return new Story(out, List.of(), 0, keys, null, false);
        }
        List<TlaValue> threads = new ArrayList<>();
        for (TlaValue k : pc0.entries().keySet()) {
            for (TlcTrace.Step s : steps) {
                if (!IDLE.contains(pc(s, k))) {
                    threads.add(k);
                    break;
                }
            }
        }
        // entries into the critical section: state index -> thread
        List<int[]> entries = new ArrayList<>();
        for (int i = 1; i < n; i++) {
            for (int t = 0; t < threads.size(); t++) {
                if (!OWN.contains(pc(steps.get(i - 1), threads.get(t))) && OWN.contains(pc(steps.get(i), threads.get(t)))) {
                    entries.add(new int[] {i, t});
                }
            }
        }
        List<String> starved = new ArrayList<>();
        String clause = null;
        Integer back = trace.backTo() == null ? null : indexOf(steps, trace.backTo());
        if (back != null) {
            keys.add(back);
            List<Integer> loop = new ArrayList<>();
            for (int i = back; i < n; i++) {
                loop.add(i);
            }
            Map<TlaValue, Integer> takes = new LinkedHashMap<>();
            for (int[] e : entries) {
                if (e[0] > back) {
                    takes.merge(threads.get(e[1]), 1, Integer::sum);
                }
            }
            // the step from the last state back to the loop's first
            for (TlaValue t : threads) {
                if (!OWN.contains(pc(steps.get(n - 1), t)) && OWN.contains(pc(steps.get(back), t))) {
                    takes.merge(t, 1, Integer::sum);
                }
            }
            List<TlaValue> waiting = new ArrayList<>();
            for (TlaValue t : threads) {
                boolean trying = true;
                for (int i : loop) {
                    String p = pc(steps.get(i), t);
                    trying &= !OWN.contains(p) && !IDLE.contains(p);
                }
                if (trying) {
                    waiting.add(t);
                }
            }
            StringBuilder b = new StringBuilder(String.format(Locale.ROOT,
                    "From state %d on, the behaviour repeats forever (states %d to %d, then back to %d): ",
                    steps.get(back).number(), steps.get(back).number(), steps.get(n - 1).number(), steps.get(back).number()));
            if (!waiting.isEmpty()) {
                String waits = waitText(waiting, loop, steps, where);
                b.append(waits);
                clause = waits + " for ever";
                b.append(takes.isEmpty() ? ", and no thread takes the lock."
                        : " while " + names(takes.keySet()) + " take" + (takes.size() == 1 ? "s" : "") + " the lock "
                                + times(takes.values().stream().mapToInt(Integer::intValue).sum()) + " in each round"
                                + (takes.size() > 1 ? " (" + perThread(takes) + ")" : "") + ".");
                waiting.forEach(t -> starved.add(TlcTrace.threadName(t)));
            } else if (takes.isEmpty()) {
                b.append("no thread takes the lock.");
            } else {
                b.append(names(takes.keySet())).append(takes.size() == 1 ? " takes" : " take").append(" the lock ")
                        .append(times(takes.values().stream().mapToInt(Integer::intValue).sum())).append(" in each round.");
            }
            out.add(b.toString());
        } else if (trace.stuttering() || deadlock) {
            List<TlaValue> waiting = new ArrayList<>();
            for (TlaValue t : threads) {
                String p = pc(steps.get(n - 1), t);
                if (!OWN.contains(p) && !IDLE.contains(p)) {
                    waiting.add(t);
                }
            }
            clause = waiting.isEmpty() ? null : waitText(waiting, List.of(n - 1), steps, where) + " for ever";
            out.add(String.format(Locale.ROOT, "After state %d %s%s.", steps.get(n - 1).number(),
                    deadlock ? "no step is enabled (a deadlock)" : "no step is ever taken again",
                    clause == null ? "" : ": " + clause));
            waiting.forEach(t -> starved.add(TlcTrace.threadName(t)));
        } else {
            TlcTrace.Step last = steps.get(n - 1);
            StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "The last step, %s at state %d, %s",
                    stepText(last), last.number(), violated == null ? "ends the trace" : "breaks " + violated));
            List<TlaValue> owners = new ArrayList<>();
            for (TlaValue t : threads) {
                if (OWN.contains(pc(last, t))) {
                    owners.add(t);
                }
            }
            TlaValue bypass = last.state().get("bypass");
            if ("MutualExclusion".equals(violated) && owners.size() > 1) {
                List<String> since = new ArrayList<>();
                for (TlaValue t : owners) {
                    int at = lastEntry(entries, threads.indexOf(t));
                    if (at >= 0) {
                        keys.add(at);
                        since.add(TlcTrace.threadName(t) + " since state " + steps.get(at).number());
                    }
                }
                clause = names(owners) + " in the critical section at once";
                b.append(": ").append(names(owners)).append(owners.size() == 2 ? " are both" : " are all").append(" in the critical section (")
                        .append(String.join(", ", since)).append(").");
            } else if ("BoundedBypass".equals(violated) && bypass != null && bypass.isFunctionLike()) {
                TlaValue most = null;
                long max = -1;
                for (Map.Entry<TlaValue, TlaValue> e : bypass.entries().entrySet()) {
                    Long v = e.getValue().asLong();
                    if (v != null && v > max) {
                        max = v;
                        most = e.getKey();
                    }
                }
                int t = threads.indexOf(most);
                int from = t < 0 ? 0 : tryingSince(steps, most, n - 1);
                keys.add(from);
                List<String> by = new ArrayList<>();
                for (int[] e : entries) {
                    if (e[0] > from && e[1] != t) {
                        by.add(TlcTrace.threadName(threads.get(e[1])) + " at state " + steps.get(e[0]).number());
                    }
                }
                b.append(": ").append(TlcTrace.threadName(most)).append(" has been overtaken ").append(times((int) max))
                        .append(" since it passed the doorway (bypass[").append(TlaValue.keyText(most)).append("] = ")
                        .append(max).append(")");
                if (!by.isEmpty()) {
                    b.append("; while it tried, from state ").append(steps.get(from).number()).append(", the lock went to ")
                            .append(String.join(", ", by));
                }
                b.append('.');
                starved.add(TlcTrace.threadName(most));
                clause = TlcTrace.threadName(most) + " overtaken " + times((int) max) + " past its doorway";
            } else {
                List<String> changed = new ArrayList<>();
                for (TlcTrace.Change c : last.changes()) {
                    if (changed.size() == 3) {
                        changed.add("…");
                        break;
                    }
                    changed.add(c.path() + " " + c.before().text() + " → " + c.after().text());
                }
                b.append(changed.isEmpty() ? "." : ": it changes " + String.join(", ", changed) + ".");
            }
            out.add(b.toString());
        }
        out.add(whoTook(threads, entries, n));
        boolean cpus = !threads.isEmpty() && threads.get(0) instanceof TlaValue.Tuple;
        return new Story(out, starved, threads.size(), keys, clause, cpus);
    }

    private static String whoTook(List<TlaValue> threads, List<int[]> entries, int n) {
        List<String> took = new ArrayList<>();
        List<TlaValue> never = new ArrayList<>();
        for (int t = 0; t < threads.size(); t++) {
            int k = 0;
            for (int[] e : entries) {
                k += e[1] == t ? 1 : 0;
            }
            if (k == 0) {
                never.add(threads.get(t));
            } else {
                took.add(TlcTrace.threadName(threads.get(t)) + " " + times(k));
            }
        }
        return String.format(Locale.ROOT, "In the %d states, the lock is taken by %s%s.", n,
                took.isEmpty() ? "no thread" : String.join(", ", took),
                never.isEmpty() ? "" : "; " + names(never) + (never.size() == 1 ? " never takes it" : " never take it"));
    }

    private static String waitText(List<TlaValue> waiting, List<Integer> at, List<TlcTrace.Step> steps, Where where) {
        Set<String> places = new LinkedHashSet<>();
        boolean known = true;
        for (TlaValue t : waiting) {
            for (int i : at) {
                String w = where == null ? null : where.of(steps.get(i).state(), t);
                known &= w != null;
                places.add(w);
            }
        }
        String verb = waiting.size() == 1 ? " waits" : " wait";
        if (known && places.size() == 1) {
            return names(waiting) + verb + " " + places.iterator().next();
        }
        Set<String> pcs = new LinkedHashSet<>();
        for (TlaValue t : waiting) {
            for (int i : at) {
                pcs.add(pc(steps.get(i), t));
            }
        }
        return names(waiting) + verb + " (pc " + String.join(", ", pcs) + ")";
    }

    private static int lastEntry(List<int[]> entries, int t) {
        int at = -1;
        for (int[] e : entries) {
            if (e[1] == t) {
                at = e[0];
            }
        }
        return at;
    }

    /** The first state of the thread's current attempt: after its last idle or owner's pc. */
    private static int tryingSince(List<TlcTrace.Step> steps, TlaValue t, int last) {
        int i = last;
        while (i > 0) {
            String p = pc(steps.get(i - 1), t);
            if (IDLE.contains(p) || OWN.contains(p)) {
                break;
            }
            i--;
        }
        return i;
    }

    private static Integer indexOf(List<TlcTrace.Step> steps, int number) {
        for (int i = 0; i < steps.size(); i++) {
            if (steps.get(i).number() == number) {
                return i;
            }
        }
        return null;
    }

    static String pc(TlcTrace.Step s, TlaValue thread) {
        TlaValue pc = s.state().get("pc");
        TlaValue v = pc == null ? null : pc.at(thread);
        return v instanceof TlaValue.Str str ? str.value() : v == null ? "?" : v.text();
    }

    private static String stepText(TlcTrace.Step s) {
        return (s.thread() == null ? "" : s.thread() + "'s ") + s.actionText();
    }

    static String names(java.util.Collection<TlaValue> threads) {
        List<String> ns = threads.stream().map(TlcTrace::threadName).toList();
        if (ns.size() <= 1) {
            return String.join("", ns);
        }
        return String.join(", ", ns.subList(0, ns.size() - 1)) + " and " + ns.get(ns.size() - 1);
    }

    private static String perThread(Map<TlaValue, Integer> takes) {
        List<String> out = new ArrayList<>();
        takes.forEach((t, k) -> out.add(TlcTrace.threadName(t) + " " + times(k)));
        return String.join(", ", out);
    }

    static String times(int k) {
        return k == 1 ? "once" : k == 2 ? "twice" : k + " times";
    }
}
