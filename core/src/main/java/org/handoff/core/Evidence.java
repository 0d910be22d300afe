package org.handoff.core;

/**
 * What a level's run leaves beside its verdict for a report to render: for TLC its statistics,
 * counterexample and log ({@code org.handoff.specs.Tlc.Result}). A verdict carries it
 * ({@link Verdict#evidence}), so a command records each run once and its report and tables render
 * that record instead of asking the runner again or keeping a map beside the verdicts.
 */
public interface Evidence {
    /**
     * Why the run says nothing about the lock and the whole invocation should stop (TLC ran out of
     * memory: the model did not fit), or null.
     */
    default String stopsTheRun() {
        return null;
    }
}
