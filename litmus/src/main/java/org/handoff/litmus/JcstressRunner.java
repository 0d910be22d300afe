package org.handoff.litmus;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.handoff.core.Check;
import org.handoff.core.HookCoverage;
import org.handoff.core.JavaFork;
import org.handoff.core.Jdk;
import org.handoff.core.Level;
import org.handoff.core.LevelRunner;
import org.handoff.core.Outcome;
import org.handoff.core.RunContext;
import org.handoff.core.Verdict;
import org.handoff.models.HookCounter;

/**
 * Runs one manifest jcstress check: forks jcstress for exactly that test class, in a bounded mode,
 * and reads its console output ({@link JcstressOutput}) into a {@link Verdict}.
 *
 * <ul>
 * <li>PASS: the test ran (every planned result came back, with samples) and every observed outcome
 *     is acceptable.
 * <li>FAIL: a forbidden outcome was observed, or an interesting one whose description names a
 *     catalogue property, or a fork timed out. An interesting outcome is one the JMM allows (so
 *     jcstress accepts it: no JVM bug) that still breaks the lock property it names, as the
 *     store-buffering outcome of a weak crossed-locking variant (litmus family). The violated
 *     property is the one that the outcome's description starts with ("MutualExclusion: ..."); a jcstress
 *     time-out (a thread that never finished) counts as DeadlockFreedom. When several properties are
 *     violated, the first in catalogue order is the verdict's {@code violated} (safety before
 *     liveness), and its {@code violations} and detail list them all ({@link JcstressVerdicts}
 *     grades the output).
 * <li>SKIPPED: jcstress found no such test (not compiled into its test list, or it has more actors
 *     than this machine has CPUs, which jcstress skips without a word), or it ran no sample.
 * <li>ERROR: jcstress could not start, crashed, the test threw, fewer results came back than were
 *     planned, or the exit status contradicts the output.
 * </ul>
 *
 * Tool failures never throw: they become an ERROR verdict. The exact command line goes to the log
 * first, so a failure can be replayed by hand.
 *
 * <p>The mode is jcstress's {@code sanity} preset (one fork per JVM configuration, two on a JDK
 * that has one configuration only: {@link #forksPerConfiguration}; one iteration,
 * strides of one sample, so both actors start each sample together), with a longer iteration than
 * the preset's and split compilation off, under the parallel collector. A run that took fewer than
 * {@value #DEFAULT_MIN_SAMPLES} samples is repeated (see {@link #DEFAULT_MIN_SAMPLES}).
 *
 * <p>Settings, each a system property {@code handoff.litmus.NAME} (for a whole run) or else a
 * manifest parameter {@code NAME} (for one check): {@code time}, milliseconds per iteration
 * ({@value #DEFAULT_TIME_MS}, or {@value #FULL_TIME_MS} for a full-profile entry and under {@code -Pfull}); {@code minSamples}
 * and {@code maxRuns} ({@value #DEFAULT_MIN_SAMPLES} and {@value #DEFAULT_MAX_RUNS}); {@code timeout},
 * seconds before a jcstress run is killed ({@value #DEFAULT_TIMEOUT_SECONDS}). A manifest parameter
 * {@code attempts} (default 1) makes an entry that is expected to fail statistical: while no run has
 * caught its bug (as its property) it runs again, its results adding up, up to that many runs; its verdict says how
 * many runs it took, and {@code handoff rates} measures how often the entry as a whole catches.
 */
public final class JcstressRunner implements LevelRunner {

    public static final String MAIN = "org.openjdk.jcstress.Main";
    public static final int DEFAULT_TIME_MS = 500;
    /** Milliseconds per iteration of a full-profile entry, and of every entry under {@code -Pfull}. */
    public static final int FULL_TIME_MS = 5000;
    /** Kills jcstress after this long. A hanging test costs about 31 s per fork before jcstress gives up on it. */
    public static final long DEFAULT_TIMEOUT_SECONDS = 300;
    /**
     * A run that ends normally with fewer samples than this is followed by another, and the results
     * add up, up to {@link #DEFAULT_MAX_RUNS} runs. On a loaded machine the two actors are seldom on
     * a CPU together and a run can take only tens of samples, too few to trust a pass or to name the
     * violated property. The rule looks at the sample count only, never at the outcomes.
     */
    public static final long DEFAULT_MIN_SAMPLES = 1000;
    public static final int DEFAULT_MAX_RUNS = 3;

    private static final Pattern CLASS_NAME = Pattern.compile("[A-Za-z_$][\\w$]*(\\.[A-Za-z_$][\\w$]*)*");

    private final String classpath;

    /** Forks jcstress on this JVM's class path (which must hold the litmus tests and jcstress). */
    public JcstressRunner() {
        this(System.getProperty("java.class.path"));
    }

    public JcstressRunner(String classpath) {
        this.classpath = classpath;
    }

    @Override
    public Level level() {
        return Level.JCSTRESS;
    }

    /** Each entry names a jcstress test class that is on the class path. */
    @Override
    public void preflight(List<Check> checks, RunContext context) {
        // The forks' class path, not this JVM's: one loader for every entry.
        try (java.net.URLClassLoader loader = new java.net.URLClassLoader(urls(replayableClasspath(classpath)), null)) {
            for (Check c : checks) {
                String test = c.check();
                if (!CLASS_NAME.matcher(test).matches()) {
                    throw new org.handoff.core.HandoffException("manifest entry " + c.id() + ": '" + test
                            + "' is not a test class name");
                }
                if (!loadable(test, loader)) {
                    throw new org.handoff.core.HandoffException("manifest entry " + c.id() + ": jcstress test class " + test
                            + " not found on the classpath");
                }
                if (c.port() != null) {
                    checkRunsPort(c, load(test, loader), loader);
                }
                if (!settings(c).isEmpty() && (c.port() == null || !choosesLockByVariant(load(test, loader)))) {
                    throw new org.handoff.core.HandoffException("manifest entry " + c.id() + ": its lock settings '"
                            + settings(c) + "' would not reach the lock: jcstress test " + test
                            + " does not choose its lock by variant through LockChoice");
                }
            }
        } catch (IOException e) {
            throw new org.handoff.core.HandoffException("cannot read the classpath: " + e.getMessage(), e);
        }
    }

    /**
     * Whether the jcstress test {@code test} (a name as jcstress gives it) chooses its lock by
     * variant ({@link LockChoice}), so that it runs whichever port an entry's variant registers.
     */
    public static boolean choosesLockByVariant(String test) {
        Class<?> c = load(test, JcstressRunner.class.getClassLoader());
        return c != null && choosesLockByVariant(c);
    }

    private static boolean choosesLockByVariant(Class<?> test) {
        return ClassFileNames.names(test, LockChoice.class.getName());
    }

    /**
     * The entry's test runs its variant's registered port: either the test chooses its lock by
     * variant ({@link LockChoice}, which the runner sets to the port for the forks) and the port is
     * a class whose {@code variant()} is the entry's, or the test's own class file names the port's
     * class. A test that runs another lock than the variant it is listed under would pass without
     * running the variant; that is one line naming the entry.
     */
    static void checkRunsPort(Check c, Class<?> test, ClassLoader loader) {
        String port = c.port();
        if (choosesLockByVariant(test)) {
            checkLock(c, port, loader);
        } else if (!ClassFileNames.names(test, port)) {
            throw new org.handoff.core.HandoffException("manifest entry " + c.id() + ": jcstress test " + c.check()
                    + " does not run " + c.variant() + "'s port " + port + " (it neither names that class nor chooses"
                    + " its lock by variant through LockChoice)");
        }
    }

    /**
     * The entry's {@code lock} names a class on the forks' class path whose {@code variant()} is the
     * entry's variant; one line naming the entry otherwise.
     */
    private static void checkLock(Check c, String lock, ClassLoader loader) {
        Object port;
        try {
            port = org.handoff.models.Ports.make(lock, Object.class, loader);
        } catch (IllegalArgumentException e) {
            throw new org.handoff.core.HandoffException("manifest entry " + c.id() + ": " + e.getMessage());
        }
        c.requirePortVariant(lock, () -> {
            try {
                return String.valueOf(port.getClass().getMethod("variant").invoke(port));
            } catch (java.lang.reflect.InvocationTargetException e) {
                throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("port class " + lock + " has no variant(): " + e);
            }
        });
        try {
            org.handoff.models.Ports.configure(port, settings(c));
        } catch (IllegalArgumentException e) {
            throw new org.handoff.core.HandoffException("manifest entry " + c.id() + ": " + e.getMessage());
        }
    }

    /**
     * Whether {@code test}, a name as jcstress gives it (a nested class as {@code Outer.Inner}, its
     * canonical name), names a class.
     */
    static boolean loadable(String test, ClassLoader loader) {
        return load(test, loader) != null;
    }

    /**
     * The class {@code test} names (not initialised), or null: tried as a binary name with ever
     * more of its last dots read as nesting ({@code Outer$Inner}).
     */
    static Class<?> load(String test, ClassLoader loader) {
        String name = test;
        while (true) {
            try {
                return Class.forName(name, false, loader);
            } catch (ClassNotFoundException | LinkageError e) {
                int dot = name.lastIndexOf('.');
                if (dot < 0) {
                    return null;
                }
                name = name.substring(0, dot) + "$" + name.substring(dot + 1);
            }
        }
    }

    private static java.net.URL[] urls(String cp) {
        return Arrays.stream(cp.split(File.pathSeparator)).filter(s -> !s.isBlank()).map(s -> {
            try {
                return Path.of(s).toUri().toURL();
            } catch (java.net.MalformedURLException e) {
                throw new org.handoff.core.HandoffException("bad classpath entry " + s);
            }
        }).toArray(java.net.URL[]::new);
    }

    @Override
    public Verdict run(Check check, RunContext context) {
        return runAll(List.of(check), context, v -> { }).get(0);
    }

    /**
     * Runs the checks in as few jcstress invocations as their settings allow. jcstress spends about
     * 8 s probing the JVM before its first test, so one invocation per test would cost more than the
     * tests; all tests with the same settings run in one invocation instead, which selects them by an
     * alternation of their exact names and reports each under its own name. A test that took too few
     * samples runs again together with the others that did ({@link #DEFAULT_MIN_SAMPLES}). A test
     * the shared run reported nothing for (skipped, or the run died before it) runs again on its own,
     * so that its verdict says why; so does every test of a shared run that had to be killed.
     */
    @Override
    public List<Verdict> runAll(List<Check> checks, RunContext context, Consumer<Verdict> done) {
        Verdict[] out = new Verdict[checks.size()];
        Map<Invocation, List<Integer>> groups = new LinkedHashMap<>();
        long begin = System.nanoTime();
        for (int i = 0; i < checks.size(); i++) {
            Check c = checks.get(i);
            if (!CLASS_NAME.matcher(c.check()).matches()) {
                out[i] = error(c, begin, "'" + c.check() + "' is not a test class name");
                done.accept(out[i]);
                continue;
            }
            try {
                groups.computeIfAbsent(Settings.of(c, context.profile()).invocation(), k -> new ArrayList<>()).add(i);
            } catch (NumberFormatException e) {
                out[i] = error(c, begin, "a jcstress setting is not a number: " + e.getMessage());
                done.accept(out[i]);
            }
        }
        PrintStream log = context.log() != null ? context.log() : new PrintStream(OutputStream.nullOutputStream());
        for (Map.Entry<Invocation, List<Integer>> g : groups.entrySet()) {
            runGroup(checks, g.getValue(), g.getKey(), context, log, out, done);
        }
        return Arrays.asList(out);
    }

    /**
     * What one jcstress invocation applies to every test it runs: the iteration time, and the
     * timeout per test. Tests that share them run in one invocation whatever their own sample
     * minimum and number of runs ({@link Settings}), which saves jcstress's JVM probe per group.
     */
    private record Invocation(String time, long timeout) {
    }

    /**
     * A test's settings: its invocation's, how many samples it needs in how many runs at most, and,
     * for an entry expected to fail whose catch is statistical, in how many runs at most it may be
     * caught ({@code attempts}, 1 unless the manifest says more).
     */
    record Settings(String time, long timeout, long minSamples, int maxRuns, int attempts) {
        Invocation invocation() {
            return new Invocation(time, timeout);
        }

        static Settings of(Check c, String runProfile) {
            // A full-profile entry runs as long wherever it runs, and in a full run (mvn -Pfull, check
            // or rates --profile full) every entry does, so that a rate measured by 'handoff rates'
            // is the rate of the build's run.
            boolean full = "full".equals(c.profile()) || "full".equals(runProfile);
            return new Settings(setting("time", c, String.valueOf(full ? FULL_TIME_MS : DEFAULT_TIME_MS)),
                    Long.parseLong(setting("timeout", c, String.valueOf(DEFAULT_TIMEOUT_SECONDS))),
                    Long.parseLong(setting("minSamples", c, String.valueOf(DEFAULT_MIN_SAMPLES))),
                    Integer.parseInt(setting("maxRuns", c, String.valueOf(DEFAULT_MAX_RUNS))),
                    Integer.parseInt(c.paramOr("attempts", "1")));
        }

        /**
         * Why a test runs again after {@code runs} runs whose results add up to {@code pooled}, or
         * null when its verdict is final: it took fewer than {@link #minSamples} samples, or it is
         * expected to fail, has not been caught yet as its property (no forbidden outcome, or only
         * another property's), and has {@link #attempts} left.
         */
        String runAgain(Check c, int runs, long samples, Verdict pooled) {
            if (samples >= 0 && samples < minSamples && runs < maxRuns) {
                return samples + " samples so far, fewer than " + minSamples + " (a loaded machine samples slowly); running again, "
                        + (runs + 1) + " of " + maxRuns;
            }
            if (c.expected() != Outcome.FAIL || runs >= attempts) {
                return null;
            }
            // Not caught yet: no forbidden outcome, or only another property's (a bug that shows as
            // either of two, a lost update or a holder stranded by it, is the entry's own in some runs).
            String notYet = pooled.actual() == Outcome.PASS ? "no forbidden outcome"
                    : pooled.actual() == Outcome.FAIL && c.property() != null && !c.property().equals(pooled.violated())
                            ? "caught as " + pooled.violated() + " but not yet as " + c.property()
                            : null;
            return notYet == null ? null : notYet + " in " + runs + " run(s); the entry is caught in at most "
                    + attempts + " (its 'attempts'), running again";
        }
    }

    /** Runs the checks {@code indices} of {@code checks}, which share {@code s}, filling {@code out}. */
    private void runGroup(List<Check> checks, List<Integer> indices, Invocation s, RunContext context, PrintStream log,
            Verdict[] out, Consumer<Verdict> done) {
        Map<Integer, List<Run>> runs = new LinkedHashMap<>();
        Map<Integer, Map<String, Long>> hooks = new LinkedHashMap<>();
        Map<Integer, Double> seconds = new LinkedHashMap<>();
        List<Integer> pending = new ArrayList<>(indices);
        List<Integer> alone = new ArrayList<>();
        String cp = replayableClasspath(classpath);
        Map<String, List<Lane>> lanes = lanes(checks, indices, cp);
        while (!pending.isEmpty()) {
            // One invocation runs each test class once: an entry whose class, and each of its lanes,
            // is taken by another entry waits for the next.
            List<Integer> batch = new ArrayList<>();
            Map<Integer, Lane> lane = new LinkedHashMap<>();
            Set<Lane> taken = new java.util.HashSet<>();
            for (int i : pending) {
                for (Lane l : lanes.get(checks.get(i).check())) {
                    if (taken.add(l)) {
                        batch.add(i);
                        lane.put(i, l);
                        break;
                    }
                }
            }
            pending.removeAll(batch);
            long start = System.nanoTime();
            JavaFork.Result result;
            Path dir;
            try {
                Path parent = Files.createDirectories(context.workDir().toAbsolutePath().resolve("jcstress"));
                String first = simpleName(lane.get(batch.get(0)).test());
                dir = Files.createTempDirectory(parent, batch.size() == 1 ? first + "-" : batch.size() + "-tests-");
                List<String> args = arguments(batch.stream().map(i -> lane.get(i).test()).toList(), dir, s.time(), true,
                        locks(checks, lane), context.jdk());
                log.println("jcstress: cd " + quote(dir.toString()) + " && " + quote(context.jdk().java().toString())
                        + " -cp " + quote(cp) + " " + MAIN + " "
                        + args.stream().map(JcstressRunner::quote).collect(Collectors.joining(" ")));
                result = JavaFork.run(context.jdk(), List.of(), cp, MAIN, args, dir, s.timeout() * batch.size(), log);
            } catch (IOException | RuntimeException e) { // HandoffException from JavaFork included
                for (int i : batch) {
                    finish(i, error(checks.get(i), start, "cannot run jcstress: " + e.getMessage()), out, done);
                }
                continue;
            }
            double share = (System.nanoTime() - start) / 1e9 / batch.size();
            if (result.timedOut()) {
                if (batch.size() > 1) {
                    log.println("jcstress: the run of " + batch.size() + " tests did not finish within "
                            + s.timeout() * batch.size() + " s and was killed; each runs again on its own");
                    alone.addAll(batch);
                    continue;
                }
                int i = batch.get(0);
                finish(i, new Verdict(checks.get(i), Outcome.ERROR, null, null, seconds.getOrDefault(i, 0.0) + share * batch.size(),
                        "jcstress did not finish within " + s.timeout() + " s and was killed; output in " + dir), out, done);
                continue;
            }
            String output = result.output();
            Map<String, Map<String, Long>> counted = hookCounts(dir.resolve(HOOKS_DIR));
            Map<Integer, JcstressOutput> parsed = new LinkedHashMap<>();
            for (int i : batch) {
                parsed.put(i, JcstressOutput.parse(output, lane.get(i).test()));
            }
            List<Integer> reported = batch.stream().filter(i -> !parsed.get(i).forks().isEmpty()).toList();
            List<Integer> unclean = batch.stream().filter(i -> parsed.get(i).forks().stream()
                    .anyMatch(f -> !f.status().equals(JcstressOutput.OK))).toList();
            int planned = JcstressOutput.parse(output, "").planned();
            // jcstress plans the same number of results (forks times JVM configurations) for each test.
            int perTest = planned < 0 || reported.isEmpty() ? -1 : (planned + reported.size() - 1) / reported.size();
            boolean shared = batch.size() > 1;
            for (int i : batch) {
                if (shared && !reported.contains(i)) {
                    log.println("jcstress: the run of " + batch.size() + " tests reported nothing for "
                            + lane.get(i).test() + "; it runs again on its own");
                    alone.add(i);
                    continue;
                }
                String test = lane.get(i).test();
                // A failing test makes the whole invocation exit non-zero; a clean test inherits that
                // status only when no other test of the run explains it.
                boolean explained = shared && !unclean.contains(i) && !unclean.isEmpty();
                int exit = explained ? 0 : result.exitCode();
                runs.computeIfAbsent(i, k -> new ArrayList<>()).add(new Run(output, exit, shared ? perTest : -1, test));
                seconds.merge(i, share, Double::sum);
                counted.getOrDefault(test, Map.of()).forEach((k, v) -> hooks.computeIfAbsent(i, x -> new LinkedHashMap<>()).merge(k, v, Long::sum));
                long samples = sampledNormally(runs.get(i), checks.get(i).check());
                Verdict pooled = JcstressVerdicts.verdict(checks.get(i), runs.get(i), seconds.get(i));
                String again = Settings.of(checks.get(i), context.profile()).runAgain(checks.get(i), runs.get(i).size(), samples, pooled);
                if (again != null) {
                    log.println("jcstress: " + test + ": " + again);
                    pending.add(i);
                } else {
                    finish(i, HookCoverage.apply(pooled, hooks.getOrDefault(i, Map.of()),
                            "the jcstress forks of " + simpleName(test)), out, done);
                }
            }
        }
        for (int i : alone) {
            runGroup(checks, List.of(i), s, context, log, out, done);
        }
    }

    /**
     * The hook counts the forks wrote under {@code dir}, summed per jcstress test (the test each fork
     * ran is the first line of its file); empty when there are none.
     */
    static Map<String, Map<String, Long>> hookCounts(Path dir) {
        Map<String, Map<String, Long>> out = new LinkedHashMap<>();
        if (!Files.isDirectory(dir)) {
            return out;
        }
        try (java.util.stream.Stream<Path> files = Files.list(dir)) {
            for (Path f : files.sorted().toList()) {
                String text = Files.readString(f);
                String first = text.lines().findFirst().orElse("");
                if (!first.startsWith(HookCounter.TEST_LINE) || first.length() == HookCounter.TEST_LINE.length()) {
                    continue; // a fork that ran no counted step
                }
                String test = first.substring(HookCounter.TEST_LINE.length());
                HookCoverage.parse(text.substring(first.length())).forEach((k, v) ->
                        out.computeIfAbsent(test, x -> new LinkedHashMap<>()).merge(k, v, Long::sum));
            }
        } catch (IOException e) {
            return out;
        }
        return out;
    }

    private static void finish(int i, Verdict v, Verdict[] out, Consumer<Verdict> done) {
        out[i] = v;
        done.accept(v);
    }

    /**
     * A name under which jcstress runs a test class: {@code test} as jcstress names it (nesting with
     * dots), {@code binary} as the JVM does ({@code Outer$Inner}), which keys the forks' properties.
     */
    record Lane(String test, String binary) {
    }

    /**
     * For each test class of the entries {@code indices}, the names jcstress can run it under: the
     * class itself, then its lanes, nested classes {@code Lane2}, {@code Lane3}, ... that extend it
     * and add nothing but their name. jcstress runs a class once per invocation and the forks choose
     * one port per class, so a shape with more entries than the others would take an invocation per
     * entry, each paying jcstress's JVM probe; a lane takes one more of its entries per invocation.
     */
    static Map<String, List<Lane>> lanes(List<Check> checks, List<Integer> indices, String cp) {
        Map<String, List<Lane>> out = new LinkedHashMap<>();
        try (java.net.URLClassLoader loader = new java.net.URLClassLoader(urls(cp), null)) {
            for (int i : indices) {
                String test = checks.get(i).check();
                out.computeIfAbsent(test, t -> lanes(t, loader));
            }
        } catch (IOException e) {
            throw new org.handoff.core.HandoffException("cannot read the classpath: " + e.getMessage(), e);
        }
        return out;
    }

    static List<Lane> lanes(String test, ClassLoader loader) {
        Class<?> base = load(test, loader);
        List<Lane> out = new ArrayList<>(List.of(new Lane(test, base == null ? test : base.getName())));
        for (int k = 2; base != null; k++) {
            Class<?> lane = load(test + ".Lane" + k, loader);
            if (lane == null || lane.getSuperclass() != base || lane.getEnclosingClass() != base) {
                break;
            }
            out.add(new Lane(test + ".Lane" + k, lane.getName()));
        }
        return out;
    }

    /**
     * One jcstress run: its console output and exit status, and the number of results jcstress
     * planned for each test ({@code plannedPerTest}, when the run held several tests; -1: as printed),
     * and the name the test ran under ({@code lane}, {@link #lanes}; null: its own).
     */
    public record Run(String output, int exitCode, int plannedPerTest, String lane) {
        public Run(String output, int exitCode) {
            this(output, exitCode, -1, null);
        }

        /** The run's results for {@code test}, or for the lane of it that the run took, if it took one. */
        JcstressOutput parse(String test) {
            JcstressOutput o = JcstressOutput.parse(output, lane != null ? lane : test);
            return plannedPerTest < 0 ? o : new JcstressOutput(o.forks(), plannedPerTest, o.noMatchingTests());
        }
    }

    /**
     * The samples taken so far, or -1 when a run did not end normally (no result, a time-out, an
     * error, a skip): repeating such a run is no use.
     */
    private static long sampledNormally(List<Run> runs, String test) {
        long samples = 0;
        for (Run r : runs) {
            JcstressOutput out = r.parse(test);
            if (out.forks().isEmpty() || out.forks().stream().anyMatch(f -> !f.status().equals(JcstressOutput.OK)
                    && !f.status().equals(JcstressOutput.FAILED))) {
                return -1;
            }
            samples += out.samples();
        }
        return samples;
    }

    /** A setting: the system property handoff.litmus.NAME, else the manifest parameter NAME, else the default. */
    private static String setting(String name, Check check, String fallback) {
        return System.getProperty("handoff.litmus." + name, check.paramOr(name, fallback));
    }

    /** The jcstress arguments for one test class, results under {@code dir}. */
    static List<String> arguments(String test, Path dir, String timeMs, Jdk jdk) {
        return arguments(List.of(test), dir, timeMs, false, Map.of(), jdk);
    }

    /**
     * The forks' system properties that choose each entry's lock for its test class
     * ({@link LockChoice}): the entry's variant name, and the variant's port ({@code lock}) and the
     * entry's settings ({@code configure}) where it has them, keyed by the lane each entry runs in;
     * a batch holds each lane once.
     */
    private static Map<String, String> locks(List<Check> checks, Map<Integer, Lane> batch) {
        Map<String, String> out = new LinkedHashMap<>();
        batch.forEach((i, lane) -> {
            Check c = checks.get(i);
            out.put(LockChoice.VARIANT + lane.binary(), c.variant());
            if (c.port() != null) {
                out.put(LockChoice.PREFIX + lane.binary(), c.port());
            }
            if (!settings(c).isEmpty()) {
                out.put(LockChoice.CONFIGURE + lane.binary(), settings(c));
            }
        });
        return out;
    }

    /**
     * The entry's lock settings ({@code configure}, {@link org.handoff.models.Ports#configure}), without
     * blanks (jcstress splits its {@code -jvmArgs} at spaces); empty for none.
     */
    private static String settings(Check c) {
        return c.paramOr("configure", "").replaceAll("\\s", "");
    }

    /**
     * Where, relative to the jcstress run's directory (the working directory of jcstress and of the
     * JVMs it forks), the forks write their hook counts ({@code HookCounter}).
     */
    static final String HOOKS_DIR = "hooks";

    /**
     * The jcstress arguments for exactly these test classes, results under {@code dir}; with
     * {@code hooks}, the forks write their hook counts to {@link #HOOKS_DIR}; {@code properties} are
     * the forks' system properties ({@link #locks}); the forks per configuration follow {@code jdk}'s
     * version ({@link #forksPerConfiguration}).
     */
    static List<String> arguments(List<String> tests, Path dir, String timeMs, boolean hooks, Map<String, String> properties,
            Jdk jdk) {
        List<String> args = new ArrayList<>();
        args.add("-v"); // print every result, not only failures, so a pass is checked too
        args.add("-t");
        String names = tests.stream().map(t -> t.replace(".", "\\.").replace("$", "\\$")).collect(Collectors.joining("|"));
        args.add(tests.size() == 1 ? "^" + names + "$" : "^(" + names + ")$");
        args.add("-r");
        args.add(dir.toString());
        // A relative path: jcstress splits its -jvmArgs line at spaces, which a run directory may hold.
        String jvmArgs = "-XX:+UseParallelGC" + (hooks ? " -D" + HookCounter.DIR_PROPERTY + "=" + HOOKS_DIR : "");
        for (Map.Entry<String, String> e : properties.entrySet()) {
            jvmArgs += " -D" + e.getKey() + "=" + e.getValue();
        }
        args.addAll(List.of("-m", "sanity", "-time", timeMs, "-sc", "false", "-jvmArgs", jvmArgs));
        int forks = forksPerConfiguration(Jdk.feature(jdk.version()));
        if (forks > 1) {
            args.addAll(List.of("-f", String.valueOf(forks)));
        }
        return args;
    }

    /**
     * Forks per JVM configuration for the forks' JDK, so that a test gets two forks on every JDK.
     * Given {@code -jvmArgs}, jcstress 0.16 runs one configuration, doubled into
     * {@code -XX:+UseBiasedLocking} and {@code -XX:-UseBiasedLocking} only where the JVM still has
     * biased locking (up to JDK 17; the flag is gone from JDK 18). The sanity preset forks each
     * configuration once, so without this a JDK 18+ run takes half the forks and samples of a JDK 17
     * run, and a rare outcome is missed more often there.
     */
    static int forksPerConfiguration(int jdkFeature) {
        return jdkFeature >= 18 ? 2 : 1;
    }

    /**
     * The class path spelled out: a manifest-only jar (as surefire uses) is replaced by the entries of
     * its Class-Path, so that the logged command still works after the jar is deleted.
     */
    static String replayableClasspath(String classpath) {
        String[] entries = classpath.split(File.pathSeparator);
        if (entries.length != 1 || !entries[0].endsWith(".jar")) {
            return classpath;
        }
        Path jar = Path.of(entries[0]).toAbsolutePath();
        try (JarFile jf = new JarFile(jar.toFile())) {
            Manifest mf = jf.getManifest();
            String cp = mf == null ? null : mf.getMainAttributes().getValue("Class-Path");
            if (cp == null || cp.isBlank() || jf.stream().anyMatch(e -> e.getName().endsWith(".class"))) {
                return classpath;
            }
            URI base = jar.getParent().toUri();
            List<String> out = new ArrayList<>();
            for (String e : cp.trim().split("\\s+")) {
                out.add(Path.of(base.resolve(e)).toString());
            }
            return String.join(File.pathSeparator, out);
        } catch (IOException | RuntimeException e) {
            return classpath;
        }
    }

    private static Verdict error(Check check, long start, String detail) {
        return new Verdict(check, Outcome.ERROR, null, null, (System.nanoTime() - start) / 1e9, detail);
    }

    private static String simpleName(String test) {
        return test.substring(test.lastIndexOf('.') + 1).replace('$', '_');
    }

    private static String quote(String s) {
        return s.matches("[\\w@%+=:,./-]+") ? s : "'" + s.replace("'", "'\\''") + "'";
    }
}
