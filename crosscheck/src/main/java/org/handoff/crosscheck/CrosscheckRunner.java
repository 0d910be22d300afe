package org.handoff.crosscheck;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.handoff.core.Check;
import org.handoff.core.HandoffException;
import org.handoff.core.Level;
import org.handoff.core.LevelRunner;
import org.handoff.core.Outcome;
import org.handoff.core.Property;
import org.handoff.core.RunContext;
import org.handoff.core.Specs;
import org.handoff.core.Verdict;

/**
 * The crosscheck level: records stressed runs of a Java port and validates every trace against a
 * spec with TLC. A manifest entry names
 * <ul>
 * <li>{@code lock}: the port (or Java mutant) class;</li>
 * <li>{@code spec}: the spec under test, under specs/ (the family's, or a spec mutant);</li>
 * <li>{@code map}: the trace map module in the family's {@code trace/} folder;</li>
 * <li>{@code init}, {@code step}: the spec's initial predicate and its step of thread {@code t}
 * (default {@code Init}, {@code ThreadNext(t)});</li>
 * <li>{@code constants}: the config's CONSTANT lines, separated by {@code ;}, where
 * {@code ${threads}} is the run's thread count and {@code ${nest}} its nesting depth;</li>
 * <li>{@code configure}: settings of the lock, {@code name=value,...}, each a call of its public
 * one-argument method {@code name} ({@code ${seed}} is the run's seed), e.g. a CNA threshold;</li>
 * <li>{@code runs}, {@code threads}, {@code ops} (operations per thread: acquisitions of a lock,
 * requests to a combining lock; see {@link Workload}), {@code nest} (calls of {@code lock} per
 * acquisition, default 1: above 1 only for a port with recursion), {@code seed} (run i uses
 * seed + i), {@code pause} (percent of steps preceded by a random pause), {@code stall} (ms a wait
 * may last before the run counts as stalled), {@code diagnose} (how many rejected traces get a
 * longest-prefix diagnosis, one TLC run each; default {@value #DIAGNOSE}).</li>
 * </ul>
 * The verdict is FAIL ({@code SpecConformance}) when the spec rejects a trace, ERROR when a run of a
 * port stalled or crashed with every trace accepted (a lost waiter the trace alone cannot show),
 * and PASS when every run finished and every trace was accepted.
 */
public final class CrosscheckRunner implements LevelRunner {
    /** Traces per TLC run. */
    static final int BATCH = 250;
    /** Runs in the first chunk, validated before any more are recorded. */
    static final int FIRST_CHUNK = 10;
    /** How much larger each further chunk is than the one before, up to {@link #BATCH}. */
    static final int CHUNK_GROWTH = 10;
    /**
     * How long a wait may last before a run counts as stalled, by default (entry setting {@code stall},
     * ms). Generous, as a wall-clock bound must be: a holder descheduled on a loaded machine, or a GC
     * pause of the recording JVM, is no lost waiter.
     */
    static final int STALL_MILLIS = 1000;
    /** How many rejected traces are diagnosed (each needs one more TLC run). */
    static final int DIAGNOSE = 1;

    /**
     * The chunks {@code runs} runs are recorded and validated in, each {@code {from, to}} (runs
     * {@code from + 1} to {@code to}): {@value #FIRST_CHUNK} first, then each {@value #CHUNK_GROWTH}
     * times the one before, up to {@value #BATCH}.
     */
    static List<int[]> chunks(int runs) {
        List<int[]> out = new ArrayList<>();
        for (int from = 0, size = FIRST_CHUNK; from < runs; from += size, size = Math.min(BATCH, size * CHUNK_GROWTH)) {
            out.add(new int[] {from, Math.min(runs, from + size)});
        }
        return out;
    }

    /** What a cross-check measured. */
    public record Summary(int runs, int planned, int accepted, int rejected, int stalled, int crashed, long events,
            long states, double recordSeconds, double validateSeconds, long seed, List<String> rejections,
            List<String> problems, Map<String, Long> reached) {
        public double eventsPerSecond() {
            return validateSeconds <= 0 ? 0 : events / validateSeconds;
        }

        public String line() {
            return String.format("%d runs%s (seed %d): %d accepted, %d rejected, %d stalled, %d crashed; %,d events"
                    + " validated in %.1f s (%,.0f events/s), recorded in %.1f s", runs,
                    runs < planned ? " of " + planned + " (stopped at the first rejected chunk)" : "", seed, accepted,
                    rejected, stalled, crashed, events, validateSeconds, eventsPerSecond(), recordSeconds);
        }
    }

    @Override
    public Level level() {
        return Level.CROSSCHECK;
    }

    /**
     * Each entry's settings are numbers in range, its spec and trace map exist, and its lock class
     * is a traceable port: the checks {@link #crosscheck} makes before recording anything.
     */
    @Override
    public void preflight(List<Check> checks, RunContext context) {
        for (Check c : checks) {
            for (String key : new String[] {"runs", "threads", "ops", "nest"}) {
                intParam(c, key, 1, 1);
            }
            intParam(c, "pause", 0, 0);
            intParam(c, "diagnose", 0, 0);
            try {
                Long.parseLong(c.paramOr("seed", "1"));
            } catch (NumberFormatException e) {
                throw new HandoffException(c.id() + ": 'seed' must be an integer, not '" + c.paramOr("seed", "") + "'");
            }
            TraceValidator.Target t = target(c, context.root(), intParam(c, "threads", 2, 1), intParam(c, "nest", 1, 1));
            new TraceValidator(t, context.workDir(), null);
            String stepProblem = TraceValidator.stepProblem(t);
            if (stepProblem != null) {
                throw new HandoffException("manifest entry " + c.id() + ": " + stepProblem);
            }
            org.handoff.models.HandoffPort port;
            try {
                port = TraceRun.newPort(c.port(), org.handoff.models.SpinPolicy.FOREVER);
            } catch (HandoffException e) {
                throw new HandoffException("manifest entry " + c.id() + ": " + e.getMessage());
            }
            // A spec mutant's entry records the correct port of the variant it names in portOf.
            boolean specMutant = c.paramOr("spec", "").startsWith("mutants/");
            String of = c.paramOr("portOf", null);
            if (specMutant && of == null) {
                throw new HandoffException("manifest entry " + c.id() + ": a spec mutant's trace entry names the correct"
                        + " variant whose port it records (portOf)");
            }
            if (!specMutant && of != null) {
                throw new HandoffException("manifest entry " + c.id() + ": portOf belongs to a spec mutant's trace entry;"
                        + " this one records its own variant's port");
            }
            if (!specMutant) {
                c.requirePortVariant(c.port(), port::variant);
            }
        }
    }

    /**
     * Runs two entries side by side ({@link #runSideBySide}): most of an entry's time is its TLC
     * forks, one worker each, and each entry has a directory of its own (see {@link #run}).
     */
    @Override
    public List<Verdict> runAll(List<Check> checks, RunContext context, java.util.function.Consumer<Verdict> done) {
        return runSideBySide(checks, context, done, 2);
    }

    @Override
    public Verdict run(Check check, RunContext context) {
        long t0 = System.nanoTime();
        try {
            Summary s = crosscheck(check, context.inDir(context.workDir().resolve("crosscheck-" + check.check()
                    + "-" + check.variant())));
            return judge(check, s, (System.nanoTime() - t0) / 1e9);
        } catch (HandoffException e) {
            return new Verdict(check, Outcome.ERROR, null, null, (System.nanoTime() - t0) / 1e9, e.getMessage());
        }
    }

    /** The verdict on a cross-check's summary (see the class comment). */
    public static Verdict judge(Check check, Summary s, double seconds) {
        String detail = s.line() + (s.rejections().isEmpty() ? "" : "\n" + String.join("\n", s.rejections()))
                + (s.problems().isEmpty() ? "" : "\n" + String.join("\n", s.problems()));
        if (s.rejected() > 0) {
            return new Verdict(check, Outcome.FAIL, Property.SpecConformance.name(), s.states(), seconds, detail);
        }
        if (s.stalled() + s.crashed() > 0) {
            return new Verdict(check, Outcome.ERROR, null, s.states(), seconds,
                    "every trace was accepted, but runs stalled or crashed: " + detail);
        }
        for (Map.Entry<String, Long> e : s.reached().entrySet()) {
            if (e.getValue() == 0) {
                return new Verdict(check, Outcome.VACUOUS, null, s.states(), seconds, "no recorded event '" + e.getKey()
                        + "' in " + s.runs() + " runs: the runs never took the variant's own step (" + s.line() + ")",
                        null, s.reached());
            }
        }
        return new Verdict(check, Outcome.PASS, null, s.states(), seconds, detail, null, s.reached());
    }

    /**
     * How many recorded events match each pattern of the entry's {@code reaches}: an action name,
     * then fields that must be present, {@code key=value} or a bare {@code key} (any value):
     * {@code "PassStart search=false"} is a CNA hand-off that skipped the search.
     */
    static Map<String, Long> reached(List<String> patterns, List<TraceRun.Recorded> runs) {
        Map<String, Long> out = new LinkedHashMap<>();
        for (String pattern : patterns) {
            String[] want = pattern.trim().split("\\s+");
            long n = 0;
            for (TraceRun.Recorded run : runs) {
                for (org.handoff.models.trace.TraceRecorder.Event e : run.events()) {
                    if (matches(want, e)) {
                        n++;
                    }
                }
            }
            out.put(pattern, n);
        }
        return out;
    }

    private static boolean matches(String[] want, org.handoff.models.trace.TraceRecorder.Event e) {
        if (!e.action().equals(want[0])) {
            return false;
        }
        List<String> fields = Arrays.asList(e.fields().trim().split("\\s+"));
        for (int i = 1; i < want.length; i++) {
            String w = want[i];
            boolean found = w.contains("=") ? fields.contains(w) : fields.stream().anyMatch(f -> f.startsWith(w + "="));
            if (!found) {
                return false;
            }
        }
        return true;
    }

    static int intParam(Check c, String key, int fallback, int min) {
        String v = c.paramOr(key, Integer.toString(fallback));
        int n;
        try {
            n = Integer.parseInt(v);
        } catch (NumberFormatException e) {
            throw new HandoffException(c.id() + ": '" + key + "' must be an integer, not '" + v + "'");
        }
        if (n < min) {
            throw new HandoffException(c.id() + ": '" + key + "' must be at least " + min + ", not " + n);
        }
        return n;
    }

    /** What an entry validates against, for runs of {@code threads} threads. */
    static TraceValidator.Target target(Check c, Path root, int threads, int nest) {
        List<String> constants = TraceValidator.constants(
                Arrays.stream(c.paramOr("constants", "").split(";")).map(String::trim).filter(s -> !s.isEmpty()).toList(),
                Map.of("threads", Integer.toString(threads), "nest", Integer.toString(nest)));
        return new TraceValidator.Target(Specs.family(root, c.family()), c.param("spec"), c.param("map"),
                c.paramOr("init", "Init"), c.paramOr("step", "ThreadNext(t)"), constants);
    }

    /**
     * Validates one trace file again, as recorded (the replay of a rejected run): its header names
     * the thread count; {@code c} names the spec to hold it to.
     */
    public static TraceValidator.Judgement replay(Check c, Path root, Path file, Path workDir, PrintStream log) {
        TraceFile.Trace t = TraceFile.read(file);
        String threads = t.header().get("threads");
        if (threads == null || !threads.matches("[1-9][0-9]*")) {
            throw new HandoffException(file + ": the header gives no thread count (threads=N)");
        }
        if (t.events().isEmpty()) {
            throw new HandoffException(file + ": the trace has no events");
        }
        String nest = t.header().getOrDefault("nest", "1");
        if (!nest.matches("[1-9][0-9]*")) {
            throw new HandoffException(file + ": the header's nest=" + nest + " is not a positive integer");
        }
        TraceValidator v = new TraceValidator(target(c, root, Integer.parseInt(threads), Integer.parseInt(nest)), workDir, log);
        return v.validate(List.of(t.events()), 1).judgements().get(0);
    }

    /** A path as the user should see it: relative to the project root when under it. */
    static String shown(Path root, Path p) {
        Path a = p.toAbsolutePath().normalize();
        Path r = root.toAbsolutePath().normalize();
        return a.startsWith(r) ? r.relativize(a).toString() : a.toString();
    }

    /** Records and validates every run of one manifest entry; writes each trace under {@code workDir}/traces. */
    public static Summary crosscheck(Check c, Path root, Path workDir, PrintStream log) {
        return crosscheck(c, new RunContext(root, workDir, log));
    }

    /** {@link #crosscheck(Check, Path, Path, PrintStream)} in the context's directory, with its TLC heap. */
    public static Summary crosscheck(Check c, RunContext context) {
        Path root = context.root();
        Path workDir = context.workDir();
        PrintStream log = context.log();
        int runs = intParam(c, "runs", 100, 1);
        int threads = intParam(c, "threads", 2, 1);
        int ops = intParam(c, "ops", 5, 1);
        int nest = intParam(c, "nest", 1, 1);
        int pause = intParam(c, "pause", 20, 0);
        int stall = intParam(c, "stall", STALL_MILLIS, 1);
        long seed;
        try {
            seed = Long.parseLong(c.paramOr("seed", "1"));
        } catch (NumberFormatException e) {
            throw new HandoffException(c.id() + ": 'seed' must be an integer, not '" + c.paramOr("seed", "") + "'");
        }
        String lock = c.port();
        TraceValidator.Target target = target(c, root, threads, nest);
        TraceValidator validator = new TraceValidator(target, workDir.resolve("tlc"), log, context.tlcHeap(), context.jdk());
        if (log != null) {
            log.printf("[crosscheck] %s: %d runs of %s, %d threads x %d operations%s, seed %d%n", c.id(), runs,
                    lock, threads, ops, nest > 1 ? " (" + nest + " nested calls each)" : "", seed);
        }
        Path traces = workDir.resolve("traces");
        try {
            Files.createDirectories(traces);
        } catch (IOException e) {
            throw new HandoffException(traces + ": cannot create: " + e.getMessage(), e);
        }
        List<TraceRun.Recorded> recorded = new ArrayList<>();
        List<Path> files = new ArrayList<>();
        double recordSeconds = 0;
        int accepted = 0;
        int rejected = 0;
        int stalled = 0;
        int crashed = 0;
        long events = 0;
        long states = 0;
        double validateSeconds = 0;
        List<String> rejections = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        int diagnoseLeft = intParam(c, "diagnose", DIAGNOSE, 0);
        // Record and validate in chunks, a small one first and each next one ten times as large, up
        // to a batch: once a trace is rejected the verdict is settled, so a mutant stops there instead
        // of recording (and stalling through) every run, and a rare catch costs at most ten times the
        // runs it took rather than a whole batch.
        for (int[] chunk : chunks(runs)) {
            if (rejected > 0) {
                break;
            }
            int from = chunk[0];
            int to = chunk[1];
            long r0 = System.nanoTime();
            for (int i = from + 1; i <= to; i++) {
                TraceRun.Recorded run = TraceRun.record(lock, c.paramOr("configure", ""), threads, ops, nest, seed + i, i,
                        stall, pause);
                Map<String, String> header = new LinkedHashMap<>();
                header.put("family", c.family());
                header.put("variant", c.variant());
                header.put("lock", lock);
                // One header word per setting, lock_<name>=<value>, as the lock was configured.
                org.handoff.models.Ports.parseSettings(c.paramOr("configure", "")).forEach((name, value) ->
                        header.put("lock_" + name, value.replace("${seed}", Long.toString(run.seed()))));
                header.put("threads", Integer.toString(threads));
                header.put("workload", run.workload());
                header.put("ops", Integer.toString(ops));
                header.put("nest", Integer.toString(nest));
                header.put("seed", Long.toString(run.seed()));
                header.put("run", Integer.toString(i));
                header.put("status", run.status().name().toLowerCase(java.util.Locale.ROOT));
                Path file = traces.resolve(String.format("run-%04d.trace", i));
                try {
                    Files.writeString(file, TraceFile.format(header, run.events()));
                } catch (IOException e) {
                    throw new HandoffException(file + ": cannot write: " + e.getMessage(), e);
                }
                recorded.add(run);
                files.add(file);
            }
            recordSeconds += (System.nanoTime() - r0) / 1e9;
            List<List<TraceFile.Event>> evs = new ArrayList<>();
            List<Integer> index = new ArrayList<>();
            for (int k = from; k < to; k++) {
                if (!recorded.get(k).events().isEmpty()) {
                    evs.add(TraceFile.convert(recorded.get(k).events()));
                    index.add(k);
                }
            }
            TraceValidator.Batch b = validator.validate(evs, diagnoseLeft);
            validateSeconds += b.seconds();
            states += b.states();
            for (int k = 0; k < evs.size(); k++) {
                events += evs.get(k).size();
                TraceValidator.Judgement j = b.judgements().get(k);
                int run = index.get(k);
                if (j.accepted()) {
                    accepted++;
                    continue;
                }
                rejected++;
                if (j.unmatched() != null) {
                    diagnoseLeft--;
                    rejections.add(String.format("REJECTED %s: the spec follows the first %d of %d events; it cannot take"
                            + " event '%s'", shown(root, files.get(run)), j.prefix(),
                            evs.get(k).size(), j.unmatched().line()));
                } else if (rejections.size() < 10) {
                    rejections.add("REJECTED " + shown(root, files.get(run)) + " (not diagnosed)");
                }
            }
        }
        for (int i = 0; i < recorded.size(); i++) {
            TraceRun.Recorded run = recorded.get(i);
            if (run.status() == TraceRun.Status.STALLED) {
                stalled++;
            } else if (run.status() == TraceRun.Status.CRASHED) {
                crashed++;
            }
            if (run.status() != TraceRun.Status.OK && problems.size() < 5) {
                problems.add(run.status() + " " + shown(root, files.get(i)) + ": " + run.note());
            }
        }
        return new Summary(recorded.size(), runs, accepted, rejected, stalled, crashed, events, states, recordSeconds, validateSeconds,
                seed, rejections, problems, reached(c.strings("reaches"), recorded));
    }
}
