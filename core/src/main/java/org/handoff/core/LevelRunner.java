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
     * Checks the inputs of the checks about to run (files, classes, parameters) before any of them
     * runs, so that a bad entry stops a long run at once. Throws a {@link HandoffException} whose
     * one-line message names the file or entry and the problem. The default checks nothing.
     */
    default void preflight(List<Check> checks, RunContext context) {
    }
}
