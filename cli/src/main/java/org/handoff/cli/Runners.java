package org.handoff.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.handoff.core.Check;
import org.handoff.core.HandoffException;
import org.handoff.core.Jdk;
import org.handoff.core.Level;
import org.handoff.core.LevelRunner;
import org.handoff.core.RunContext;
import org.handoff.core.Specs;
import org.handoff.core.Verdict;
import org.handoff.crosscheck.CrosscheckRunner;
import org.handoff.lincheck.LincheckRunner;
import org.handoff.litmus.JcstressRunner;
import org.handoff.specs.TlcRunner;

/** The level runners the CLI knows, and where a run keeps its scratch files. */
final class Runners {
    private Runners() {
    }

    /**
     * The JDK of every forked level (--jdk; null: the running JVM's), checked before anything runs
     * (one line on bad input). It travels in the run's {@link RunContext#jdk}; {@link #sayJdk} then
     * names it, and where a selected level runs Java in this JVM instead (trace validation runs the
     * ports in process; only its TLC forks change).
     */
    static Jdk jdk(Path home) {
        return home == null ? Jdk.current() : Jdk.at(home);
    }

    /** Says which JVM the forks use, once the checks passed their preflight (bad input stays one line). */
    static void sayJdk(Jdk on, boolean chosen, List<Check> checks, PrintWriter err) {
        err.println("forked JVMs (TLC, Lincheck, jcstress): " + on.describe());
        if (chosen && checks.stream().anyMatch(c -> c.level() == Level.CROSSCHECK)) {
            err.println("note: crosscheck runs the Java ports in this JVM, " + Jdk.current().describe()
                    + "; --jdk changes only its TLC forks");
        }
        err.flush();
    }

    static Map<Level, LevelRunner> all() {
        Map<Level, LevelRunner> m = new EnumMap<>(Level.class);
        for (LevelRunner r : new LevelRunner[] {new TlcRunner(), new JcstressRunner(), new LincheckRunner(),
            new CrosscheckRunner()}) {
            m.put(r.level(), r);
        }
        return m;
    }

    /**
     * Checks the inputs of every check about to run, level by level, before any runs: a bad entry,
     * spec, config or class is then one line and exit 2, and no report is written.
     */
    static void preflight(Map<Level, LevelRunner> runners, java.util.List<Check> checks, RunContext context) {
        Map<Level, java.util.List<Check>> byLevel = new EnumMap<>(Level.class);
        for (Check c : checks) {
            byLevel.computeIfAbsent(c.level(), k -> new java.util.ArrayList<>()).add(c);
        }
        for (Map.Entry<Level, java.util.List<Check>> e : byLevel.entrySet()) {
            LevelRunner r = runners.get(e.getKey());
            if (r == null) {
                throw new HandoffException("no runner for level " + e.getKey().id());
            }
            r.preflight(e.getValue(), context);
        }
    }

    /**
     * Runs one check with its level's runner and prints its progress lines on {@code err}; the
     * verdict carries the run behind it (its evidence), and a run whose evidence says the whole
     * invocation must stop (TLC out of memory) stops it.
     */
    static Verdict run(Map<Level, LevelRunner> runners, Check c, RunContext context, PrintWriter err, String position) {
        err.printf("[%s] %s ...%n", position, c.id());
        err.flush();
        LevelRunner r = runners.get(c.level());
        if (r == null) {
            throw new HandoffException("no runner for level " + c.level().id());
        }
        Verdict v = r.run(c, context);
        stopIfItSaysSo(v);
        err.printf("        %s%s in %.1f s%s%n", v.actual().id(), v.violated() != null ? " (" + v.violated() + ")" : "",
                v.seconds(), v.matchesExpectation() ? "" : "  NOT AS EXPECTED: " + v.mismatch());
        err.flush();
        return v;
    }

    /**
     * Runs every check, in order of the list for the verdicts: the TLC models first, side by side on
     * as many runs as the machine has cores (one TLC worker each, each in a directory of its own),
     * then the Java levels one level at a time (they time their runs and must not share the cores with TLC),
     * each level's checks handed to its runner together.
     * One progress line per check as it finishes. TLC running out of memory stops the run.
     */
    static java.util.List<Verdict> runAll(Map<Level, LevelRunner> runners, java.util.List<Check> checks, RunContext context,
            PrintWriter err) throws InterruptedException {
        int n = checks.size();
        Verdict[] out = new Verdict[n];
        int cores = Math.max(1, Runtime.getRuntime().availableProcessors());
        java.util.List<Integer> tlc = new java.util.ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (checks.get(i).level() == Level.TLC) {
                tlc.add(i);
            }
        }
        if (tlc.size() > 1 && cores > 1) {
            TlcRunner side = new TlcRunner(1);
            java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(cores);
            java.util.List<java.util.concurrent.Future<?>> futures = new java.util.ArrayList<>();
            java.util.concurrent.atomic.AtomicReference<HandoffException> stop = new java.util.concurrent.atomic.AtomicReference<>();
            // A witness whose twin is selected too is decided in the twin's run (TlcRunner.runShared).
            Map<Check, java.util.List<Check>> shared = TlcRunner.witnessesByTwin(tlc.stream().map(checks::get).toList());
            java.util.Set<Check> folded = new java.util.HashSet<>();
            shared.values().forEach(folded::addAll);
            for (int i : tlc) {
                Check c = checks.get(i);
                if (folded.contains(c)) {
                    continue;
                }
                java.util.List<Check> witnesses = shared.getOrDefault(c, java.util.List.of());
                RunContext own = context.inDir(context.workDir().resolve("tlc-" + (i + 1)));
                futures.add(pool.submit(() -> {
                    if (stop.get() != null) {
                        return;
                    }
                    for (Map.Entry<Check, Verdict> e : side.runShared(c, witnesses, own).entrySet()) {
                        int k = checks.indexOf(e.getKey());
                        out[k] = e.getValue();
                        String why = stops(out[k]);
                        if (why != null) {
                            stop.compareAndSet(null, new HandoffException(e.getKey().id() + ": " + why));
                        }
                        progress(err, (k + 1) + "/" + n, e.getKey(), out[k]);
                    }
                }));
            }
            pool.shutdown();
            try {
                for (java.util.concurrent.Future<?> f : futures) {
                    f.get();
                }
            } catch (java.util.concurrent.ExecutionException e) {
                throw e.getCause() instanceof RuntimeException re ? re : new HandoffException(e.getCause().toString(), e.getCause());
            } finally {
                pool.shutdownNow();
            }
            if (stop.get() != null) {
                throw stop.get();
            }
        }
        // The rest level by level, each level's checks handed over together (jcstress runs them in one go).
        Map<Level, java.util.List<Integer>> byLevel = new java.util.LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            if (out[i] == null) {
                byLevel.computeIfAbsent(checks.get(i).level(), k -> new java.util.ArrayList<>()).add(i);
            }
        }
        for (Map.Entry<Level, java.util.List<Integer>> e : byLevel.entrySet()) {
            java.util.List<Integer> idx = e.getValue();
            LevelRunner r = runners.get(e.getKey());
            if (r == null || e.getKey() == Level.TLC || idx.size() == 1) {
                for (int i : idx) {
                    out[i] = run(runners, checks.get(i), context, err, (i + 1) + "/" + n);
                }
                continue;
            }
            err.printf("[%s] %d checks ...%n", e.getKey().id(), idx.size());
            err.flush();
            java.util.List<Check> group = idx.stream().map(checks::get).toList();
            java.util.List<Verdict> vs = r.runAll(group, context, v -> {
                int k = group.indexOf(v.check());
                progress(err, (k < 0 ? "?" : String.valueOf(idx.get(k) + 1)) + "/" + n, v.check(), v);
            });
            for (int k = 0; k < idx.size(); k++) {
                out[idx.get(k)] = vs.get(k);
            }
        }
        return java.util.Arrays.asList(out);
    }

    /** Why the run behind {@code v} says the invocation must stop, or null. */
    private static String stops(Verdict v) {
        return v.evidence() == null ? null : v.evidence().stopsTheRun();
    }

    private static void stopIfItSaysSo(Verdict v) {
        String why = stops(v);
        if (why != null) {
            // Not a verdict on the lock: the model did not fit. Stop, as for any bad input.
            throw new HandoffException(v.check().id() + ": " + why);
        }
    }

    private static void progress(PrintWriter err, String position, Check c, Verdict v) {
        synchronized (err) {
            err.printf("[%s] %s: %s%s in %.1f s%s%n", position, c.id(), v.actual().id(),
                    v.violated() != null ? " (" + v.violated() + ")" : "", v.seconds(),
                    v.matchesExpectation() ? "" : "  NOT AS EXPECTED: " + v.mismatch());
            err.flush();
        }
    }

    /** The checks at one of the levels named by --level (every check when none is named). */
    static java.util.function.Predicate<Check> atLevels(java.util.List<String> names) {
        java.util.Set<Level> only = java.util.EnumSet.noneOf(Level.class);
        names.forEach(l -> only.add(Level.of(l)));
        return c -> only.isEmpty() || only.contains(c.level());
    }

    /** The memory models a TLC model can run under (specs/common/Memory.tla). */
    static final List<String> MEMORY_MODELS = List.of("SC", "TSO", "WMO");

    /**
     * The memory model of a TLC check: its config's {@code MemoryModel} constant, or "SC" for a spec
     * without one (the family specs are sequentially consistent); null for the other levels.
     */
    static String memoryModel(Path root, Check c) {
        if (c.level() != Level.TLC || c.param("config") == null) {
            return null;
        }
        String v = configMemoryModel(root, c);
        return v == null ? "SC" : v;
    }

    /**
     * The {@code MemoryModel} constant a TLC check's config sets, or null when it sets none (a spec
     * not on the memory layer) or the check has no config.
     */
    static String configMemoryModel(Path root, Check c) {
        if (c.params().get("config") == null) {
            return null;
        }
        Path config = Specs.file(root, c, "config");
        String v = org.handoff.specs.TlcConfig.read(config).constantValue("MemoryModel");
        return v == null ? null : v.replace("\"", "");
    }

    /** TLC checks under one of the given memory models (all checks when none is given). */
    static java.util.function.Predicate<Check> underMemoryModels(Path root, List<String> models) {
        for (String m : models) {
            if (!MEMORY_MODELS.contains(m)) {
                throw new HandoffException("unknown memory model '" + m + "' (" + String.join(", ", MEMORY_MODELS) + ")");
            }
        }
        return c -> models.isEmpty() || models.contains(memoryModel(root, c));
    }

    /** The checks whose variant, model or test is named by --check (every check when none is). */
    static java.util.function.Predicate<Check> named(java.util.List<String> names) {
        return c -> names.isEmpty() || names.contains(c.variant()) || names.contains(c.check())
                || names.contains(c.shortName());
    }

    /**
     * Writes a generated file ({@code stats}, {@code rates} --output) whole or not at all: to a
     * sibling first, then moved over the old one. A failure is one line naming the file.
     */
    static void writeAtomically(Path output, String text) {
        Path target = output.toAbsolutePath();
        Path tmp = target.resolveSibling(target.getFileName() + ".tmp");
        try {
            Files.createDirectories(target.getParent());
            Files.writeString(tmp, text);
            Files.move(tmp, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new HandoffException(output + ": cannot write: " + e.getMessage(), e);
        }
    }

    /** A fresh directory under {@code <root>/.handoff-runs/} for one invocation; kept for inspection. */
    static Path newRunDir(Path root, String what) {
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS"));
        Path runs = root.resolve(".handoff-runs");
        Path dir = runs.resolve(stamp + "-" + what);
        try {
            Files.createDirectories(runs);
            // Two runs started in the same millisecond (commands run side by side) get two directories.
            for (int n = 2;; n++) {
                try {
                    return Files.createDirectory(dir);
                } catch (java.nio.file.FileAlreadyExistsException e) {
                    dir = runs.resolve(stamp + "-" + what + "-" + n);
                }
            }
        } catch (IOException e) {
            throw new HandoffException(dir + ": cannot create the run directory: " + e.getMessage(), e);
        }
    }
}
