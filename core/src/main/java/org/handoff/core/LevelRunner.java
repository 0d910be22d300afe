package org.handoff.core;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/** Runs the manifest's checks of one level. Implementations live in the level's module. */
public interface LevelRunner {
    Level level();

    /** Runs one check. Tool failures become an ERROR verdict, never an exception. */
    Verdict run(Check check, RunContext context);

    /**
     * Runs several checks of this level and returns their verdicts in the same order, calling
     * {@code done} with each verdict as it is known. The default runs them one after another; a level
     * whose tool pays a fixed start-up cost per invocation (jcstress probes the JVM for several
     * seconds before it runs a test) may run them together.
     */
    default List<Verdict> runAll(List<Check> checks, RunContext context, Consumer<Verdict> done) {
        List<Verdict> out = new ArrayList<>();
        for (Check c : checks) {
            Verdict v = run(c, context);
            done.accept(v);
            out.add(v);
        }
        return out;
    }

    /**
     * Runs the checks {@code width} at a time and returns the verdicts in the order of
     * {@code checks}. For a level whose forks each use about one CPU and whose verdicts do not
     * depend on the machine's load (width 1 for those whose reach does: a stress run samples what
     * the scheduler does). The checks expected
     * to pass start first: they explore all they are given and take longest, where a mutant
     * usually stops at its first failure, so no long one is left running alone at the end. Each
     * check's log goes to the context's log in one piece when it is done, and {@code done} is
     * called from one thread at a time.
     */
    default List<Verdict> runSideBySide(List<Check> checks, RunContext context, Consumer<Verdict> done, int width) {
        Verdict[] out = new Verdict[checks.size()];
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < checks.size(); i++) {
            order.add(i);
        }
        order.sort(java.util.Comparator.comparing((Integer i) -> checks.get(i).expected() == Outcome.FAIL));
        Object lock = new Object();
        java.util.function.IntConsumer one = i -> {
            java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
            Verdict v;
            try (java.io.PrintStream buffer = new java.io.PrintStream(bytes, true, java.nio.charset.StandardCharsets.UTF_8)) {
                v = run(checks.get(i), context.withLog(context.log() == null ? null : buffer));
            }
            synchronized (lock) {
                if (context.log() != null) {
                    context.log().print(bytes.toString(java.nio.charset.StandardCharsets.UTF_8));
                    context.log().flush();
                }
                out[i] = v;
                done.accept(v);
            }
        };
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(
                Math.max(1, Math.min(width, Runtime.getRuntime().availableProcessors())));
        try {
            List<java.util.concurrent.Future<?>> runs = new ArrayList<>();
            for (int i : order) {
                runs.add(pool.submit(() -> one.accept(i)));
            }
            for (java.util.concurrent.Future<?> f : runs) {
                f.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new HandoffException("interrupted while the " + level().id() + " checks ran");
        } catch (java.util.concurrent.ExecutionException e) {
            throw new HandoffException("a " + level().id() + " check failed to run: " + e.getCause(), e.getCause());
        } finally {
            pool.shutdownNow();
        }
        return List.of(out);
    }

    /**
     * Checks the inputs of the checks about to run (files, classes, parameters) before any of them
     * runs, so that a bad entry stops a long run at once. Throws a {@link HandoffException} whose
     * one-line message names the file or entry and the problem. The default checks nothing.
     */
    default void preflight(List<Check> checks, RunContext context) {
    }
}
