package org.handoff.core;

/** Runs the manifest's checks of one level. Implementations live in the level's module. */
public interface LevelRunner {
    Level level();

    /** Runs one check. Tool failures become an ERROR verdict, never an exception. */
    Verdict run(Check check, RunContext context);
}
