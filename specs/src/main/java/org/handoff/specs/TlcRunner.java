package org.handoff.specs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.handoff.core.Check;
import org.handoff.core.HandoffException;
import org.handoff.core.Level;
import org.handoff.core.LevelRunner;
import org.handoff.core.Outcome;
import org.handoff.core.RunContext;
import org.handoff.core.Specs;
import org.handoff.core.Verdict;

/**
 * Runs a manifest TLC model: {@code spec} and {@code config} are paths under specs/, liveness
 * models use one worker, safety-only models two.
 */
public final class TlcRunner implements LevelRunner {
    /** Generous: the largest full-profile model takes about a minute here. */
    static final long TIMEOUT_SECONDS = 3600;

    private final int workers;
    private final boolean everyCoverage;

    /** Two TLC workers per run (one when liveness is checked). */
    public TlcRunner() {
        this(2);
    }

    /** {@code workers} TLC workers per run: 1 when several runs share the cores side by side. */
    public TlcRunner(int workers) {
        this(workers, true);
    }

    /**
     * {@code workers} TLC workers per run; with {@code everyCoverage} false, a passing run keeps
     * TLC's coverage bookkeeping only when its check names actions that must fire
     * ({@link Check#covers}). The bookkeeping counts every evaluation of every expression and
     * can double a safety model's time; the manifest test asserts nothing about coverage but
     * those actions, while the CLI shows every pass's coverage (true).
     */
    public TlcRunner(int workers, boolean everyCoverage) {
        if (workers < 1) {
            throw new HandoffException("--workers must be at least 1 (got " + workers + ")");
        }
        this.workers = workers;
        this.everyCoverage = everyCoverage;
    }

    /** Whether the passing run of {@code check} keeps TLC's coverage. */
    boolean keepsCoverage(Check check) {
        return everyCoverage || !check.covers().isEmpty();
    }

    @Override
    public Level level() {
        return Level.TLC;
    }

    /**
     * The TLC run of a manifest model in {@code workDir}: its spec and config in its family's
     * folder, every spec folder as the module library ({@link Specs#library}), the context's log, heap and JDK, and
     * {@code workers} (the run drops to one when liveness is checked).
     */
    static Tlc.Request request(Check check, RunContext context, Path workDir, int workers) {
        Path root = context.root();
        return new Tlc.Request(Specs.file(root, check, "spec"), Specs.file(root, check, "config"), workers,
                Specs.library(root), workDir, TIMEOUT_SECONDS, context.log(), new Tlc.Exhaustive(),
                Tlc.heapOr(context.tlcHeap())).withJdk(context.jdk());
    }

    /**
     * The verdict with the TLC run behind it as its evidence ({@link Verdict#evidence}), for the
     * report; the verdict as it is when TLC could not be started (no run).
     */
    public static Verdict withRun(Verdict verdict, Tlc.Result run) {
        return run == null || verdict.evidence() != null ? verdict : verdict.withEvidence(run);
    }

    /** Every model's files, constants and definitions, and every spec's parse, in one SANY run. */
    @Override
    public void preflight(List<Check> checks, RunContext context) {
        Path root = context.root();
        List<Path[]> models = new java.util.ArrayList<>();
        Map<String, String> synthetic = new java.util.LinkedHashMap<>();
        Path dir = context.workDir().resolve("preflight");
        for (Check c : checks) {
            Path spec = Specs.file(root, c, "spec");
            models.add(new Path[] {spec, Specs.file(root, c, "config")});
            // The names a manifest entry adds to its model: the witness invariant, the actions to cover.
            List<String> named = new ArrayList<>(c.covers());
            if (c.isWitness()) {
                named.add(c.witness());
            }
            if (!named.isEmpty()) {
                Path cfg = write(dir.resolve(c.check() + ".names.cfg"), "INVARIANT " + String.join(" ", named) + "\n");
                synthetic.put(cfg.toAbsolutePath().normalize().toString(), "manifest entry " + c.id()
                        + (c.isWitness() ? " (witness)" : " (variantActions/covers)"));
                models.add(new Path[] {spec, cfg});
            }
        }
        try {
            Tlc.lint(models, Specs.library(root), context.workDir(), context.jdk());
        } catch (HandoffException e) {
            String msg = e.getMessage();
            for (Map.Entry<String, String> s : synthetic.entrySet()) {
                msg = msg.replace(s.getKey(), s.getValue());
            }
            throw new HandoffException(msg, e);
        }
    }

    /**
     * The {@code ASSUME}s of the TLC checks' models, evaluated by TLC with each config's constants
     * ({@link Assumptions}): a config that breaks one is one line naming the false conjunct. It costs
     * a TLC start per model, so {@code review} runs it for the proposed variant's models only.
     */
    public static void preflightAssumptions(List<Check> checks, RunContext context) {
        Path root = context.root();
        List<Path[]> models = checks.stream().filter(c -> c.level() == Level.TLC)
                .map(c -> new Path[] {Specs.file(root, c, "spec"), Specs.file(root, c, "config")}).toList();
        Assumptions.check(models, Specs.library(root), context.workDir().resolve("assumptions"), context.jdk());
    }

    /** The verdict carries its TLC run (statistics, the parsed counterexample) as its evidence. */
    @Override
    public Verdict run(Check check, RunContext context) {
        Path work = context.workDir().resolve("tlc-" + check.check());
        try {
            if (check.isWitness()) {
                return witness(check, context, work);
            }
            if (check.expected() == Outcome.FAIL) {
                return everyViolation(check, context, work);
            }
            Tlc.Result r = Tlc.run(request(check, context, work, workers).brief(small(check)), keepsCoverage(check));
            return withRun(passVerdict(check, r), r);
        } catch (HandoffException e) {
            return new Verdict(check, Outcome.ERROR, null, null, 0, e.getMessage());
        }
    }

    /**
     * The cost up to which a model expected to pass is searched in a brief run (Tlc.Request#brief,
     * C1 only): every quick model but the largest safety one. Two runs side by side keep both
     * CPUs busy, so what a run costs is its CPU time, and C2's compiler threads cost more than
     * they save below about a minute: C1 alone spent a third less CPU on PV_N2 (8,083 states,
     * liveness), MCSWeak_N2_WMO and CNA_V1_N3, and the same on QSpinlock_N3_L0 and
     * CNA_Prob_N3_fair (about 42,000 and 35,000 states, liveness); the full profile's models of
     * hundreds of thousands of states and more are much slower without C2.
     */
    static final long BRIEF_COST = 150_000;

    /** States assumed of a model whose count the manifest does not record, to order the runs. */
    static final long UNRECORDED_STATES = 50_000;

    /** A rough cost of a model's run: its recorded state count, a liveness model's three times. */
    static long cost(Check check) {
        Long states = check.expectedStates();
        long s = states == null ? UNRECORDED_STATES : states;
        return Boolean.TRUE.equals(check.params().get("liveness")) ? 3 * s : s;
    }

    /** Whether the manifest records a state count for the check small enough for a brief run. */
    static boolean small(Check check) {
        return check.expectedStates() != null && cost(check) <= BRIEF_COST;
    }

    /** The verdict of a model expected to pass: TLC's, vacuous when a variant's action never fired. */
    private static Verdict passVerdict(Check check, Tlc.Result r) {
        Map<String, Long> coverage = coverage(r);
        Verdict v = verdict(check, r, null, coverage);
        if (r.outcome() == Outcome.PASS) {
            String unreached = unreached(check.covers(), coverage);
            if (unreached != null) {
                v = new Verdict(check, Outcome.VACUOUS, null, r.distinctStates(), r.seconds(), unreached, null, coverage);
            }
        }
        return v;
    }

    /**
     * The witnesses of {@code checks} that can share their twin's run: for each passing model of the
     * list, the witness entries of the list whose twin it is (models without one are left out).
     */
    public static Map<Check, List<Check>> witnessesByTwin(List<Check> checks) {
        Map<Check, List<Check>> out = new java.util.LinkedHashMap<>();
        for (Check w : checks) {
            if (!w.isWitness()) {
                continue;
            }
            for (Check t : checks) {
                if (!t.isWitness() && t.level() == Level.TLC && t.expected() == Outcome.PASS
                        && t.family().equals(w.family()) && t.variant().equals(w.variant())
                        && t.check().equals(w.paramOr("twin", null))) {
                    out.computeIfAbsent(t, k -> new ArrayList<>()).add(w);
                    break;
                }
            }
        }
        return out;
    }

    /** In a shared run, the line TLC prints (PrintT) the first time a state violates a witness invariant. */
    static final String REACHED_MARK = "handoff-reached ";
    /** TLC registers (TLCSet) the shared run uses, one per witness from this one on. */
    static final int FIRST_REGISTER = 90;

    /**
     * A passing model and witnesses of the same model in one TLC run: the model as configured, plus
     * an invariant that always holds and prints each witness's name the first time a state violates
     * it (the witness invariant itself would stop TLC there). The model's verdict is what
     * {@link #run} gives; a witness printed is reached (FAIL on its invariant, as its own run
     * would fail), one never printed in a run that explored every state holds (PASS, so the witness
     * check fails as the manifest expects it to). A witness TLC could not decide here (the model's
     * run stopped early) runs alone. A shared run has no counterexample for a witness; its own run
     * ({@code check --check NAME} without the model) shows one.
     */
    public Map<Check, Verdict> runShared(Check twin, List<Check> witnesses, RunContext context) {
        Map<Check, Verdict> out = new java.util.LinkedHashMap<>();
        if (witnesses.isEmpty()) {
            out.put(twin, run(twin, context));
            return out;
        }
        Path work = context.workDir().resolve("tlc-" + twin.check());
        Tlc.Result r;
        try {
            Tlc.Request base = request(twin, context, work, workers).brief(small(twin));
            String specModule = base.spec().getFileName().toString().replaceFirst("\\.tla$", "");
            StringBuilder tla = new StringBuilder("---- MODULE HandoffWitnesses ----\n");
            tla.append("\\* Generated: ").append(twin.check()).append(" with its witnesses, one TLC run.\n");
            tla.append("EXTENDS ").append(specModule).append(", TLC\n");
            StringBuilder inv = new StringBuilder("HandoffWitnesses ==\n    /\\ TRUE\n");
            for (int k = 0; k < witnesses.size(); k++) {
                int reg = FIRST_REGISTER + k;
                String name = witnesses.get(k).witness();
                tla.append("ASSUME TLCSet(").append(reg).append(", FALSE)\n");
                inv.append("    /\\ (~(").append(name).append(") /\\ ~TLCGet(").append(reg).append(")) => (TLCSet(")
                        .append(reg).append(", TRUE) /\\ PrintT(\"").append(REACHED_MARK).append(name).append("\"))\n");
            }
            tla.append(inv).append("====\n");
            Path dir = work.resolve("shared");
            Path spec = write(dir.resolve("HandoffWitnesses.tla"), tla.toString());
            Path config = write(dir.resolve(twin.check() + ".cfg"), "\\* " + twin.check() + " (" + twin.param("config")
                    + ") and its witnesses\n" + read(base.config()) + "\nINVARIANT HandoffWitnesses\n");
            List<Path> libs = new ArrayList<>();
            libs.add(base.spec().toAbsolutePath().getParent());
            libs.addAll(base.libraries());
            r = Tlc.run(with(base, spec, config, libs, work), keepsCoverage(twin));
        } catch (HandoffException e) {
            out.put(twin, new Verdict(twin, Outcome.ERROR, null, null, 0, e.getMessage()));
            witnesses.forEach(w -> out.put(w, run(w, context)));
            return out;
        }
        out.put(twin, withRun(passVerdict(twin, r), r));
        java.util.Set<String> reached = new java.util.HashSet<>();
        try {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile(REACHED_MARK + "(\\w+)")
                    .matcher(Files.readString(r.log()));
            while (m.find()) {
                reached.add(m.group(1));
            }
        } catch (IOException | RuntimeException e) {
            // no log: nothing is known to be reached, and the witnesses run alone below
        }
        boolean complete = r.outcome() == Outcome.PASS;
        for (Check w : witnesses) {
            String shared = "one TLC run with " + twin.check() + " (" + r.log() + ")";
            if (reached.contains(w.witness())) {
                out.put(w, new Verdict(w, Outcome.FAIL, w.witness(), r.distinctStates(), 0,
                        "invariant " + w.witness() + " is violated: the behaviour is reached, in " + shared
                                + "; its own run shows a trace"));
            } else if (complete) {
                out.put(w, new Verdict(w, Outcome.PASS, null, r.distinctStates(), 0, "invariant " + w.witness()
                        + " holds on every state of the model, in " + shared + ": the behaviour is never reached"));
            } else {
                out.put(w, run(w, context));
            }
        }
        return out;
    }

    /**
     * Why a passing run is vacuous: the first of {@code required} that TLC's coverage shows never
     * fired, or that is not an action of the checked specification at all; null when every one fired.
     */
    static String unreached(List<String> required, Map<String, Long> coverage) {
        for (String a : required) {
            Long n = coverage.get(a);
            if (n == null) {
                return "action " + a + " is not part of the checked specification (the config checks another spec"
                        + " than its variant's?): TLC's coverage lists " + String.join(", ", coverage.keySet());
            }
            if (n == 0) {
                return "action " + a + " never fired: the model never reaches the variant's own step";
            }
        }
        return null;
    }

    private static Verdict verdict(Check check, Tlc.Result r, List<String> violations, Map<String, Long> coverage) {
        String detail = r.message() + (r.counterexample() != null ? "\n" + r.counterexample() : "");
        return new Verdict(check, r.outcome(), r.violated(), r.distinctStates(), r.seconds(), detail, violations, coverage);
    }

    /** TLC's action coverage of a run (empty without a run or a coverage report). */
    static Map<String, Long> coverage(Tlc.Result r) {
        return r == null ? Map.of() : r.coverage();
    }

    /**
     * A witness: the twin's model (spec, constants, specification) against the witness invariant
     * alone, without liveness or the deadlock check; expected to fail, which shows that the model
     * reaches the behaviour the invariant forbids.
     */
    private Verdict witness(Check check, RunContext context, Path work) {
        // Brief: the search stops where the behaviour is first reached.
        Tlc.Request base = request(check, context, work, workers).brief(true);
        TlcConfig cfg = TlcConfig.read(base.config());
        Path derived = write(work.resolve(check.check() + ".cfg"),
                "\\* witness " + check.witness() + " on the model of " + check.paramOr("twin", "?") + " ("
                        + check.param("config") + ")\n" + cfg.derived(List.of(check.witness()), List.of(), false));
        Tlc.Request req = with(base, base.spec(), derived, base.libraries(), work.resolve("witness"));
        Tlc.Result r = runExpectingFailure(req);
        return withRun(verdict(check, r, null, failureCoverage(r)), r);
    }

    /**
     * A run of a model expected to fail. TLC's coverage bookkeeping costs time on every state (more
     * than half of some runs), and a failure's evidence is its counterexample, so the run goes
     * without it and the verdict's coverage is the counterexample's steps
     * ({@link #failureCoverage}). A run that does not fail is a mismatch that must be read: it runs
     * again with coverage, so that a pass that never reached the step under test shows as such.
     */
    private static Tlc.Result runExpectingFailure(Tlc.Request req) {
        Tlc.Result r = Tlc.run(req, false);
        // Tlc.run keeps the two runs apart (run-without-coverage/, run/ in the work directory).
        return r.outcome() == Outcome.PASS ? Tlc.run(req) : r;
    }

    /**
     * The coverage a verdict of {@link #runExpectingFailure} carries: for a failure, how often each
     * action was taken on the counterexample (Verdict#coverageFrom says which kind a verdict has);
     * else TLC's coverage of the search.
     */
    static Map<String, Long> failureCoverage(Tlc.Result r) {
        if (r.outcome() != Outcome.FAIL || r.trace() == null) {
            return coverage(r);
        }
        Map<String, Long> steps = new java.util.LinkedHashMap<>();
        List<TlcTrace.Step> all = new ArrayList<>(r.trace().steps());
        if (r.trace().loop() != null) {
            all.add(r.trace().loop());
        }
        for (TlcTrace.Step s : all) {
            if (!s.initial()) {
                steps.merge(s.action() != null ? s.action() : s.label(), 1L, Long::sum);
            }
        }
        return steps;
    }

    /** Levels explored past the first counterexample's length when looking for further violations. */
    static final int EXTRA_DEPTH = 10;

    /**
     * An expected failure, checked for every property it violates, not only the first. The model
     * runs as configured; when a temporal property fails first, TLC has built the whole state graph
     * (every invariant holds on it) and each temporal property is checked alone, so the set is
     * complete. When an invariant or the deadlock check fails first, TLC stopped there: one more
     * pass, to the depth of that counterexample plus {@value #EXTRA_DEPTH} levels (a mutant's whole
     * state space can be far larger than the correct lock's), records every other invariant a
     * state violates and whether a state deadlocks; the temporal properties are then not decided,
     * and the verdict says so.
     */
    private Verdict everyViolation(Check check, RunContext context, Path work) {
        // One worker: its breadth-first search gives the shortest counterexample, so the depth of the
        // further search, and with it the recorded set, is the same on every run.
        Tlc.Request request = request(check, context, work, 1);
        TlcConfig cfg = TlcConfig.read(request.config());
        // Without a temporal property the search stops at the first violation, and the further
        // search is bounded: brief runs. A temporal property is decided on the whole graph: brief
        // for a quick entry (every one is a graph of seconds, BRIEF_COST), not for a full one.
        Tlc.Request base = request.brief(cfg.properties().isEmpty() || "quick".equals(check.profile()));
        Tlc.Result first = runExpectingFailure(base);
        Map<String, Long> coverage = failureCoverage(first);
        if (first.outcome() != Outcome.FAIL || first.violated() == null) {
            return withRun(verdict(check, first, null, coverage), first);
        }
        List<String> found = new ArrayList<>(List.of(first.violated().split(",")));
        // A temporal violation is found only once TLC has the whole graph; an invariant or a deadlock stops TLC early.
        boolean safetyFirst = first.message() == null || !first.message().startsWith("temporal propert");
        double seconds = first.seconds();
        String note = "";
        if (safetyFirst) {
            int bound = (first.trace() == null ? 0 : first.trace().steps().size()) + EXTRA_DEPTH;
            List<String> open = cfg.invariants().stream().filter(i -> !found.contains(i)).toList();
            boolean deadlockOpen = cfg.checksDeadlock() && !found.contains(TlcOutput.DEADLOCK);
            if (!open.isEmpty() || deadlockOpen) {
                Monitor m = monitor(check, base, cfg, open, deadlockOpen, bound, work);
                seconds += m.seconds();
                m.violated().stream().filter(n -> !found.contains(n)).forEach(found::add);
            }
            note = "; further violations searched to depth " + bound
                    + (cfg.properties().isEmpty() ? "" : ", temporal properties not decided (a safety violation comes first)");
        }
        Tlc.Result r = first.taking(seconds);
        String detail = r.message() + (found.size() > 1 ? " (violated: " + String.join(", ", found) + ")" : "") + note
                + (r.counterexample() != null ? "\n" + r.counterexample() : "");
        return withRun(new Verdict(check, Outcome.FAIL, found.get(0), r.distinctStates(), seconds, detail, found, coverage), r);
    }

    /** The invariants (and the deadlock) some state within the bound violates. */
    private record Monitor(List<String> violated, double seconds) {
    }

    static final String MONITOR_MARK = "handoff-violated ";

    /**
     * One pass, to depth {@code bound}, against a generated invariant that is always true but
     * prints the name of each listed invariant a state violates (TLC's PrintT), so the pass does
     * not stop at the first. With {@code deadlock}, TLC's deadlock check is on: a deadlock stops the
     * pass, which then runs again without it.
     */
    private static Monitor monitor(Check check, Tlc.Request base, TlcConfig cfg, List<String> invariants,
            boolean deadlock, int bound, Path work) {
        Path dir = work.resolve("monitor");
        String specModule = base.spec().getFileName().toString().replaceFirst("\\.tla$", "");
        StringBuilder tla = new StringBuilder();
        tla.append("---- MODULE HandoffMonitor ----\n");
        tla.append("\\* Generated for ").append(check.id()).append(": every invariant some state violates.\n");
        tla.append("EXTENDS ").append(specModule).append(", TLC\n");
        tla.append("HandoffDepth == TLCGet(\"level\") <= ").append(bound).append('\n');
        tla.append("HandoffMonitor ==\n");
        tla.append("    /\\ TRUE\n");
        for (String inv : invariants) {
            tla.append("    /\\ ~(").append(inv).append(") => PrintT(\"").append(MONITOR_MARK).append(inv).append("\")\n");
        }
        tla.append("====\n");
        Path spec = write(dir.resolve("HandoffMonitor.tla"), tla.toString());
        List<Path> libs = new ArrayList<>();
        libs.add(base.spec().toAbsolutePath().getParent());
        libs.addAll(base.libraries());
        List<String> names = new ArrayList<>();
        double seconds = 0;
        boolean checkDeadlock = deadlock;
        for (int pass = 1; pass <= 2; pass++) {
            Path config = write(dir.resolve("HandoffMonitor" + pass + ".cfg"),
                    cfg.derived(List.of("HandoffMonitor"), List.of(), checkDeadlock, "HandoffDepth"));
            Tlc.Result r = Tlc.run(with(base, spec, config, libs, dir.resolve("pass" + pass)), false);
            seconds += r.seconds();
            try {
                java.util.regex.Matcher m = java.util.regex.Pattern.compile(MONITOR_MARK + "(\\w+)")
                        .matcher(Files.readString(r.log()));
                while (m.find()) {
                    if (!names.contains(m.group(1))) {
                        names.add(m.group(1));
                    }
                }
            } catch (IOException e) {
                throw new HandoffException(r.log() + ": cannot read: " + e.getMessage(), e);
            }
            if (r.outcome() == Outcome.FAIL && TlcOutput.DEADLOCK.equals(r.violated()) && checkDeadlock) {
                names.add(TlcOutput.DEADLOCK);
                checkDeadlock = false;
                if (invariants.isEmpty()) {
                    break;
                }
                continue;
            }
            if (r.outcome() != Outcome.PASS) {
                throw new HandoffException(check.id() + ": the pass that looks for further violations did not finish: "
                        + r.message());
            }
            break;
        }
        List<String> ordered = new ArrayList<>();
        invariants.stream().filter(names::contains).forEach(ordered::add);
        if (names.contains(TlcOutput.DEADLOCK)) {
            ordered.add(TlcOutput.DEADLOCK);
        }
        return new Monitor(ordered, seconds);
    }

    private static Tlc.Request with(Tlc.Request base, Path spec, Path config, List<Path> libs, Path workDir) {
        return new Tlc.Request(spec, config, base.workers(), libs, workDir, base.timeoutSeconds(), base.echo(),
                base.mode(), base.heap(), base.brief(), base.jdk());
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new HandoffException(p + ": cannot read: " + e.getMessage(), e);
        }
    }

    private static Path write(Path p, String text) {
        try {
            Files.createDirectories(p.getParent());
            Files.writeString(p, text);
            return p;
        } catch (IOException e) {
            throw new HandoffException(p + ": cannot write: " + e.getMessage(), e);
        }
    }
}
