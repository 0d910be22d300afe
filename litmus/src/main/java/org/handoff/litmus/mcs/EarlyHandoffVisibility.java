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
 * {@link McsHandoffVisibility} on {@link McsMutants.EarlyHandoff}: a holder passes the lock on to an
 * already linked successor before its own critical section runs. This is the check that the
 * visibility test has teeth: the bug needs no reordering, so x86 shows it and the JMM allows it;
 * the successor can read the counter before the first holder wrote it ({@code 0, 0, 0, 0, 0}) or
 * find one field written and not the other.
 *
 * <p>Staged ({@link LockHarness#staged}), as {@link McsHandoffVisibility} is: the bug needs a
 * successor already linked when the first holder acquires, and a successor that reads before the
 * first holder writes. Unstaged, two actors that take the lock once each met so rarely that the
 * test missed the mutant in whole runs on a loaded machine (docs/catch-rates.md).
 *
 * <p>Run alone: {@code -t '^org\.handoff\.litmus\.mcs\.EarlyHandoffVisibility$'} (see package-info).
 */
@JCStressTest
@Outcome(id = {"0, 0, 1, 1, 0", "1, 1, 0, 0, 0"}, expect = Expect.ACCEPTABLE,
        desc = "The second holder found both writes of the first.")
@Outcome(id = "\\d+, \\d+, \\d+, \\d+, [12]", expect = Expect.FORBIDDEN,
        desc = "DeadlockFreedom: a thread was stranded: one of its waits could never succeed.")
@Outcome(expect = Expect.FORBIDDEN,
        desc = "HandoffVisibility: the second holder missed a write of the first (stale or partial values).")
@State
public class EarlyHandoffVisibility {
    private final LockHarness<McsLock.Node> h = LockHarness.staged(McsMutants.EarlyHandoff::new);

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
