package org.handoff.litmus.mcs;

import org.handoff.litmus.LockHarness;
import org.handoff.models.mcs.McsLock;
import org.handoff.models.mcs.McsMutants;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIIII_Result;

/**
 * {@link McsHandoffVisibility} on {@link McsMutants.PlainStoreHandoff}: the hand-off is a plain
 * store instead of a release store.
 *
 * <p>The JMM allows the forbidden outcomes here (for example {@code 0, 0, 0, 0, 0}, or a successor
 * that finds {@code x} but not {@code y}): nothing orders the section's writes before the
 * hand-off store. x86 (TSO) never reorders two stores, and this level has not seen the compiler
 * do it either (none in about 200 million samples of an earlier, unstaged measurement), so on x86
 * this test passes and does not catch the mutant; the manifest records that. An arm64 or POWER
 * machine is where it would be seen. Staged as {@link McsHandoffVisibility} is, so that every
 * sample there is a hand-off to a waiting successor.
 *
 * <p>Run alone: {@code -t '^org\.handoff\.litmus\.mcs\.PlainStoreHandoffVisibility$'} (see package-info).
 */
@JCStressTest
@Outcome(id = {"0, 0, 1, 1, 0", "1, 1, 0, 0, 0"}, expect = Expect.ACCEPTABLE,
        desc = "The second holder found both writes of the first.")
@Outcome(id = "\\d+, \\d+, \\d+, \\d+, [12]", expect = Expect.FORBIDDEN,
        desc = "DeadlockFreedom: a thread was stranded: one of its waits could never succeed.")
@Outcome(expect = Expect.FORBIDDEN,
        desc = "HandoffVisibility: the second holder missed a write of the first (stale or partial values).")
@State
public class PlainStoreHandoffVisibility {
    private final LockHarness<McsLock.Node> h = LockHarness.staged(McsMutants.PlainStoreHandoff::new);

    @Actor
    public void actor1(IIIII_Result r) {
        h.readThenWrite(0, r);
    }

    @Actor
    public void actor2(IIIII_Result r) {
        h.readThenWrite(1, r);
    }

    @Arbiter
    public void arbiter(IIIII_Result r) {
        h.report(r);
    }
}
