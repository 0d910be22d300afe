package org.handoff.core;

import java.util.List;

/** Runs the manifest's checks of one level. Implementations live in the level's module. */
public interface LevelRunner {
    Level level();

    /** Runs one check. Tool failures become an ERROR verdict, never an exception. */
    Verdict run(Check check, RunContext context);

    /**
     * Checks the inputs of the checks about to run (files, classes, parameters) before any of them
     * runs, so that a bad entry stops a long run at once. Throws a {@link HandoffException} whose
     * one-line message names the file or entry and the problem. The default checks nothing.
     */
    default void preflight(List<Check> checks, RunContext context) {
    }
}
