package org.handoff.lincheck;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.handoff.core.Check;
import org.handoff.core.HandoffException;
import org.handoff.core.HookCoverage;
import org.handoff.core.JavaFork;
import org.handoff.core.Jdk;
import org.handoff.core.Level;
import org.handoff.core.LevelRunner;
import org.handoff.core.Outcome;
import org.handoff.core.RunContext;
import org.handoff.core.Verdict;
import org.handoff.models.HandoffPort;

/**
 * Runs a manifest Lincheck check: the test class {@code check} with the lock class of the
 * {@code lock} parameter, model-checked by {@link LincheckMain} in a forked JVM, so that Lincheck's
 * instrumentation and a hung lock cannot leak into the caller ({@link #run}: one JVM for the check;
 * {@link #runAll}: the model-checking checks share a few JVMs, one after another in each).
 *
 * <p>Optional parameters: {@code invocations} (interleavings per scenario), {@code scenarios} (see
 * {@link LockCounterHarness#SCENARIOS_PROPERTY}) and {@code timeout} (seconds for the whole fork,
 * default {@value #DEFAULT_TIMEOUT_SECONDS}).
 *
 * <p>The verdict: PASS when Lincheck finds nothing; FAIL naming MutualExclusion for invalid
 * (non-linearizable) results and DeadlockFreedom for a hung execution (deadlock, livelock of
 * non-terminating spin loops, invocation time-out); ERROR for anything else (see
 * {@link FailureKind}), including a bad lock or test class, named in one line.
 */
public final class LincheckRunner implements LevelRunner {
    /** Generous: a check takes 3 to 15 seconds on a loaded 2-core machine. */
    public static final long DEFAULT_TIMEOUT_SECONDS = 600;
    /** How many lines of Lincheck's report go into the verdict's detail. */
    public static final int DETAIL_LINES = 40;

    @Override
    public Level level() {
        return Level.LINCHECK;
    }

    /** Each entry's lock class and test class exist (the checks {@link #run} makes first). */
    @Override
    public void preflight(List<Check> checks, RunContext context) {
        for (Check c : checks) {
            validate(c, c.port());
        }
        // validate made each lock, so every counter its classes declare is registered by now.
        java.util.Set<String> counted = org.handoff.models.HookCounter.snapshot().keySet();
        for (Check c : checks) {
            for (String h : c.hooks()) {
                if (!counted.contains(h)) {
                    throw new HandoffException("manifest entry " + c.id() + ": hook '" + h + "' is counted by no port"
                            + " (counted: " + String.join(", ", counted) + ")");
                }
            }
        }
    }

    /** Model-checking JVMs that run side by side (measured on 2 CPUs, see {@link #runAll}). */
    static final int SIDE_BY_SIDE = 2;

    /**
     * Runs the model-checking checks in {@value #SIDE_BY_SIDE} JVMs side by side, each JVM running
     * its share one after another ({@link LincheckMain#batch}), then the stress-mode ones alone, one
     * JVM each. A model-checking run's result does not depend on the machine's load or on what ran
     * before it in the JVM (Lincheck's exploration is seeded and counts interleavings, not time; a
     * run in a batch printed the same hook counts and the same failure report as its run alone),
     * and a batch pays the JVM start, Lincheck's set-up and the JIT's warm-up once (measured in
     * docs/vacuity.md, "Speed"). A stress-mode run samples
     * what the scheduler does, and how far it gets (its hook counts) depends on the load, so those
     * run alone after the rest. A check whose batch JVM ended before it did runs again alone. Each
     * check's log goes to the context's log in one piece, with the command that replays it alone.
     */
    @Override
    public List<Verdict> runAll(List<Check> checks, RunContext context, java.util.function.Consumer<Verdict> done) {
        Verdict[] out = new Verdict[checks.size()];
        Object lock = new Object();
        java.util.function.BiConsumer<Integer, Verdict> finish = (i, v) -> {
            synchronized (lock) {
                out[i] = v;
                done.accept(v);
            }
        };
        List<Integer> order = new ArrayList<>();
        List<Integer> alone = new ArrayList<>();
        for (int i = 0; i < checks.size(); i++) {
            (isStress(checks.get(i)) ? alone : order).add(i);
        }
        // The checks expected to pass explore all they are given and take longest: dealt first, in turn.
        order.sort(java.util.Comparator.comparing((Integer i) -> checks.get(i).expected() == Outcome.FAIL));
        int width = Math.max(1, Math.min(SIDE_BY_SIDE, Runtime.getRuntime().availableProcessors()));
        List<List<Integer>> lanes = new ArrayList<>();
        for (int k = 0; k < width; k++) {
            lanes.add(new ArrayList<>());
        }
        for (int k = 0; k < order.size(); k++) {
            lanes.get(k % width).add(order.get(k));
        }
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(width);
        List<Integer> unfinished = java.util.Collections.synchronizedList(new ArrayList<>());
        try {
            List<java.util.concurrent.Future<?>> runs = new ArrayList<>();
            for (int k = 0; k < width; k++) {
                List<Integer> lane = lanes.get(k);
                String name = "batch-" + (k + 1);
                if (!lane.isEmpty()) {
                    runs.add(pool.submit(() -> unfinished.addAll(runBatch(name, lane, checks, context, lock, finish))));
                }
            }
            for (java.util.concurrent.Future<?> f : runs) {
                f.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new HandoffException("interrupted while the Lincheck checks ran");
        } catch (java.util.concurrent.ExecutionException e) {
            throw new HandoffException("a Lincheck check failed to run: " + e.getCause(), e.getCause());
        } finally {
            pool.shutdownNow();
        }
        // The stress-mode checks, and any a batch JVM left unfinished: one JVM each, one at a time.
        alone.addAll(unfinished);
        List<Verdict> single = runSideBySide(alone.stream().map(checks::get).toList(), context, done, 1);
        for (int k = 0; k < alone.size(); k++) {
            out[alone.get(k)] = single.get(k);
        }
        return List.of(out);
    }

    /** What a check's single run is given: its work directory, its JVM options, its time-out, the JDK it starts on. */
    private record Fork(Path dir, List<String> jvmArgs, long timeout, Jdk jdk) {
        /** The options a batch line carries: the run's system properties but its tmpdir. */
        List<String> properties() {
            return jvmArgs.stream().filter(a -> a.startsWith("-D") && !a.startsWith("-Djava.io.tmpdir=")).toList();
        }
    }

    /**
     * The checks {@code lane} of {@code checks} in one JVM ({@link LincheckMain#batch}). Each
     * check's verdict is given to {@code finish} as soon as the JVM prints its end line, and its
     * log goes out in one piece then. Returns the checks the JVM did not finish, to run alone.
     */
    private List<Integer> runBatch(String name, List<Integer> lane, List<Check> checks, RunContext context, Object lock,
            java.util.function.BiConsumer<Integer, Verdict> finish) {
        List<Integer> batched = new ArrayList<>();
        List<Fork> forks = new ArrayList<>();
        long timeout = 0;
        StringBuilder file = new StringBuilder();
        for (int i : lane) {
            Check check = checks.get(i);
            Fork f;
            try {
                f = prepare(check, context);
            } catch (HandoffException e) {
                finish.accept(i, new Verdict(check, Outcome.ERROR, null, null, 0, e.getMessage()));
                continue;
            } catch (IOException e) {
                finish.accept(i, new Verdict(check, Outcome.ERROR, null, null, 0,
                        "cannot create the Lincheck work directory: " + e.getMessage()));
                continue;
            }
            batched.add(i);
            forks.add(f);
            timeout += f.timeout();
            file.append(check.check());
            f.properties().forEach(p -> file.append('\t').append(p));
            file.append('\n');
        }
        if (batched.isEmpty()) {
            return List.of();
        }
        Path dir = context.workDir().resolve("lincheck").resolve(name);
        Path list = dir.resolve("checks.txt");
        Path tmp = dir.resolve("tmp");
        try {
            Files.createDirectories(tmp);
            Files.writeString(list, file.toString());
        } catch (IOException e) {
            throw new HandoffException(dir + ": cannot write the batch: " + e.getMessage(), e);
        }
        String classpath = System.getProperty("java.class.path");
        boolean[] finished = new boolean[batched.size()];
        BatchSink sink = new BatchSink((k, section) -> {
            int i = batched.get(k);
            Check check = checks.get(i);
            Fork f = forks.get(k);
            Verdict v = interpret(check, new JavaFork.Result(section.exitCode(), section.output(), false,
                    section.seconds()), f.timeout());
            synchronized (lock) {
                if (context.log() != null) {
                    PrintStream log = context.log();
                    log.println("[lincheck] " + check.id() + " lock " + check.port() + " (in " + name
                            + ", one JVM for " + batched.size() + " checks: " + list + ")");
                    logReplay(log, f, classpath, check);
                    log.print(section.output());
                    log.printf(Locale.ROOT, "[lincheck] %s: %s%s in %.1f s%n", check.id(), v.actual().id(),
                            v.violated() != null ? " (" + v.violated() + ")" : "", v.seconds());
                    log.flush();
                }
            }
            finished[k] = true;
            finish.accept(i, v);
        });
        JavaFork.Result r;
        List<String> jvm = List.of("-XX:+UseSerialGC", "-Djava.io.tmpdir=" + tmp);
        try (PrintStream echo = new PrintStream(sink, true, java.nio.charset.StandardCharsets.UTF_8)) {
            r = JavaFork.run(context.jdk(), jvm, classpath, LincheckMain.class.getName(), List.of(LincheckMain.BATCH, list.toString()),
                    dir, timeout, echo);
        } catch (HandoffException e) {
            r = new JavaFork.Result(-1, e.getMessage(), false, 0);
        }
        List<Integer> left = new ArrayList<>();
        for (int k = 0; k < batched.size(); k++) {
            if (!finished[k]) {
                int i = batched.get(k);
                left.add(i);
                if (context.log() != null) {
                    synchronized (lock) {
                        context.log().println("[lincheck] " + name + " ended (" + (r.timedOut() ? "killed after "
                                + timeout + " s" : "exit code " + r.exitCode()) + ") before " + checks.get(i).id()
                                + " finished; it runs alone");
                    }
                }
            }
        }
        return left;
    }

    /** A check's output in a batch: what its single run would print, its exit status and seconds. */
    record Section(String output, int exitCode, double seconds) {
    }

    /**
     * Splits a batch JVM's output into its checks' sections at {@link LincheckMain#CHECK_BEGIN} and
     * {@link LincheckMain#CHECK_END}, handing each complete one on (index in the batch, section).
     */
    static final class BatchSink extends java.io.OutputStream {
        private final java.util.function.BiConsumer<Integer, Section> onSection;
        private final java.io.ByteArrayOutputStream line = new java.io.ByteArrayOutputStream();
        private StringBuilder section;
        private int index = -1;

        BatchSink(java.util.function.BiConsumer<Integer, Section> onSection) {
            this.onSection = onSection;
        }

        @Override
        public void write(int b) {
            if (b == '\n') {
                String text = line.toString(java.nio.charset.StandardCharsets.UTF_8);
                line.reset();
                accept(text);
            } else {
                line.write(b);
            }
        }

        private void accept(String text) {
            if (text.startsWith(LincheckMain.CHECK_BEGIN)) {
                index = Integer.parseInt(text.substring(LincheckMain.CHECK_BEGIN.length()).strip());
                section = new StringBuilder();
            } else if (text.startsWith(LincheckMain.CHECK_END) && section != null) {
                String[] f = text.substring(LincheckMain.CHECK_END.length()).strip().split(" ");
                onSection.accept(index, new Section(section.toString(), Integer.parseInt(f[0]), Double.parseDouble(f[1])));
                section = null;
            } else if (section != null) {
                section.append(text).append('\n');
            }
        }
    }

    /** A test that declares {@code stressOptions()} runs in Lincheck's stress mode. */
    static boolean isStress(Check check) {
        try {
            Class.forName(check.check(), false, LincheckRunner.class.getClassLoader()).getMethod("stressOptions");
            return true;
        } catch (ReflectiveOperationException | LinkageError e) {
            return false;
        }
    }

    @Override
    public Verdict run(Check check, RunContext context) {
        long start = System.nanoTime();
        PrintStream log = context.log();
        Fork f;
        try {
            f = prepare(check, context);
        } catch (HandoffException e) {
            return new Verdict(check, Outcome.ERROR, null, null, elapsed(start), e.getMessage());
        } catch (IOException e) {
            return new Verdict(check, Outcome.ERROR, null, null, elapsed(start),
                    "cannot create the Lincheck work directory: " + e.getMessage());
        }
        String classpath = System.getProperty("java.class.path");
        if (log != null) {
            log.println("[lincheck] " + check.id() + " lock " + check.port());
            logReplay(log, f, classpath, check);
        }
        JavaFork.Result r;
        try {
            r = JavaFork.run(f.jdk(), f.jvmArgs(), classpath, LincheckMain.class.getName(), List.of(check.check()), f.dir(),
                    f.timeout(), log);
        } catch (HandoffException e) {
            return new Verdict(check, Outcome.ERROR, null, null, elapsed(start), e.getMessage());
        }
        Verdict v = interpret(check, r, f.timeout());
        if (log != null) {
            log.printf(Locale.ROOT, "[lincheck] %s: %s%s in %.1f s%n", check.id(), v.actual().id(),
                    v.violated() != null ? " (" + v.violated() + ")" : "", v.seconds());
        }
        return v;
    }

    private static void logReplay(PrintStream log, Fork f, String classpath, Check check) {
        log.println("[lincheck] replay: " + replayCommand(f.jdk(), f.dir(), f.jvmArgs(), classpath, List.of(check.check())));
        log.println("[lincheck] the exploration is deterministic (Lincheck seeds its generators with fixed"
                + " values), so the replay command shows the same interleaving");
    }

    /** A check's single-run settings, after checking its classes and parameters (one-line errors). */
    private Fork prepare(Check check, RunContext context) throws IOException {
        String lock = check.port();
        validate(check, lock);
        long timeout = positive(check, "timeout", DEFAULT_TIMEOUT_SECONDS);
        Path dir = context.workDir().resolve("lincheck").resolve(safeName(check.family() + "-" + check.variant() + "-"
                + check.check().substring(check.check().lastIndexOf('.') + 1)));
        Path tmp = dir.resolve("tmp");
        Files.createDirectories(tmp);
        List<String> jvmArgs = new ArrayList<>();
        // The serial collector: Lincheck's spinning threads already keep both CPUs busy, and on
        // 2 CPUs a ClhCounterTest fork took about a sixth less time with it than with G1.
        jvmArgs.add("-XX:+UseSerialGC");
        jvmArgs.add("-D" + LockCounterHarness.LOCK_PROPERTY + "=" + lock);
        if (check.params().containsKey("invocations")) {
            jvmArgs.add("-D" + LockCounterHarness.INVOCATIONS_PROPERTY + "=" + positive(check, "invocations", 0));
        }
        if (check.params().containsKey("scenarios")) {
            String scenarios = check.param("scenarios");
            LockCounterHarness.scenarios(scenarios);
            jvmArgs.add("-D" + LockCounterHarness.SCENARIOS_PROPERTY + "=" + scenarios);
        }
        jvmArgs.add("-Djava.io.tmpdir=" + tmp);
        return new Fork(dir, jvmArgs, timeout, context.jdk());
    }

    /**
     * The verdict for a fork's output: its last {@link LincheckMain#RESULT_PREFIX} line, with the
     * report or error line it printed as detail.
     */
    static Verdict interpret(Check check, JavaFork.Result r, long timeoutSeconds) {
        if (r.timedOut()) {
            return new Verdict(check, Outcome.ERROR, null, null, r.seconds(), "Lincheck run of " + check.check()
                    + " exceeded the " + timeoutSeconds + " s timeout and was killed\n" + tail(r.output(), 20));
        }
        List<String> lines = r.output().lines().toList();
        String result = null;
        String error = null;
        String hooks = "";
        int begin = -1;
        int end = -1;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.startsWith(LincheckMain.RESULT_PREFIX)) {
                result = line.substring(LincheckMain.RESULT_PREFIX.length()).strip();
            } else if (line.startsWith(LincheckMain.HOOKS_PREFIX)) {
                hooks = line.substring(LincheckMain.HOOKS_PREFIX.length());
            } else if (line.startsWith(LincheckMain.ERROR_PREFIX)) {
                error = line.substring(LincheckMain.ERROR_PREFIX.length()).strip();
            } else if (line.equals(LincheckMain.REPORT_BEGIN)) {
                begin = i + 1;
            } else if (line.equals(LincheckMain.REPORT_END) && begin >= 0) {
                end = i;
            }
        }
        List<String> report = begin >= 0 && end >= begin ? lines.subList(begin, end) : List.of();
        FailureKind kind = result == null ? null : FailureKind.ofId(result);
        if (kind == null) {
            return new Verdict(check, Outcome.ERROR, null, null, r.seconds(), "Lincheck run of " + check.check()
                    + " ended (exit code " + r.exitCode() + ") without a result\n" + tail(r.output(), 20));
        }
        int expectedExit = kind == FailureKind.NONE ? 0 : kind.outcome() == Outcome.FAIL ? 1 : 2;
        if (r.exitCode() != expectedExit) {
            return new Verdict(check, Outcome.ERROR, null, null, r.seconds(), "Lincheck run of " + check.check()
                    + " reported " + kind.id() + " but exited with code " + r.exitCode() + "\n" + tail(r.output(), 20));
        }
        String detail = switch (kind) {
            case NONE -> "Lincheck found no failure";
            case ERROR -> error != null ? error : "Lincheck failed\n" + tail(r.output(), 20);
            default -> "Lincheck: " + describe(kind) + "\n" + head(report, DETAIL_LINES);
        };
        String violated = kind.outcome() == Outcome.FAIL ? kind.property().name() : null;
        return HookCoverage.apply(new Verdict(check, kind.outcome(), violated, null, r.seconds(), detail),
                counted(check, HookCoverage.parse(hooks)), "the Lincheck run");
    }

    /**
     * The counts a verdict carries: the steps that ran and the check's required ones. A JVM prints
     * every counter its loaded classes declare, so a batch JVM also prints, at 0, the counters of
     * the ports that earlier checks loaded; without them a check's counts are the same in a batch
     * and alone.
     */
    static java.util.Map<String, Long> counted(Check check, java.util.Map<String, Long> counts) {
        java.util.Map<String, Long> out = new java.util.LinkedHashMap<>();
        counts.forEach((name, n) -> {
            if (n != 0 || check.hooks().contains(name)) {
                out.put(name, n);
            }
        });
        return out;
    }

    /** One line on what a failure kind means for the lock. */
    static String describe(FailureKind kind) {
        return switch (kind) {
            case INCORRECT_RESULTS -> "invalid execution results: the counter lost or tore an update, so two"
                    + " threads were in the critical section at once";
            case DEADLOCK -> "deadlock: every unfinished thread is blocked";
            case LIVELOCK -> "livelock: every unfinished thread spins in a loop that never ends (a waiter is never"
                    + " handed the lock)";
            case TIMEOUT -> "an invocation hung until Lincheck's time limit";
            case OBSTRUCTION_FREEDOM -> "obstruction-freedom violation (not a property these tests check)";
            case UNEXPECTED_EXCEPTION -> "an operation threw an exception";
            case VALIDATION -> "a validation function failed";
            case NONE -> "no failure";
            case ERROR -> "Lincheck failed";
        };
    }

    /** The command that repeats a run by hand, shell-quoted. */
    static String replayCommand(Jdk jdk, Path dir, List<String> jvmArgs, String classpath, List<String> args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(jdk.java().toString());
        cmd.addAll(jvmArgs);
        cmd.add("-cp");
        cmd.add(classpath);
        cmd.add(LincheckMain.class.getName());
        cmd.addAll(args);
        StringBuilder sb = new StringBuilder("(cd ").append(quote(dir.toString())).append(" &&");
        for (String c : cmd) {
            sb.append(' ').append(quote(c));
        }
        return sb.append(')').toString();
    }

    static String quote(String s) {
        if (!s.isEmpty() && s.chars().allMatch(c -> Character.isLetterOrDigit(c) || "-_./=:,+@%".indexOf(c) >= 0)) {
            return s;
        }
        return "'" + s.replace("'", "'\\''") + "'";
    }

    /**
     * Checks the lock and test classes before forking, so a typo in the manifest is a one-line error
     * naming the class (the fork checks again, for a run by hand).
     */
    private static void validate(Check check, String lock) {
        HandoffPort port;
        try {
            port = LockCounterHarness.newPort(lock, check.family(), HandoffPort.class);
        } catch (HandoffException e) {
            throw new HandoffException("manifest entry " + check.id() + ": " + e.getMessage());
        }
        check.requirePortVariant(lock, port::variant);
        try {
            Class.forName(check.check(), false, LincheckRunner.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            throw new HandoffException("manifest entry " + check.id() + ": Lincheck test class " + check.check()
                    + " not found on the classpath");
        }
    }

    private static long positive(Check check, String key, long fallback) {
        String v = check.paramOr(key, null);
        if (v == null) {
            return fallback;
        }
        try {
            long n = (long) Double.parseDouble(v);
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new HandoffException("manifest entry " + check.id() + ": '" + key + "' must be a positive number (got "
                + v + ")");
    }

    private static String safeName(String s) {
        return s.replaceAll("[^A-Za-z0-9._-]", "_");
    }

    private static double elapsed(long start) {
        return (System.nanoTime() - start) / 1e9;
    }

    private static String head(List<String> lines, int n) {
        List<String> out = new ArrayList<>(lines.subList(0, Math.min(n, lines.size())));
        if (lines.size() > n) {
            out.add("... (" + (lines.size() - n) + " more lines in the log)");
        }
        return String.join("\n", out);
    }

    private static String tail(String output, int n) {
        List<String> lines = output.lines().toList();
        return String.join("\n", lines.subList(Math.max(0, lines.size() - n), lines.size()));
    }
}
