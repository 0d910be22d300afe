package org.handoff.litmus.clh;

import org.handoff.litmus.LockHarness;
import org.handoff.models.clh.ClhLock;
import org.handoff.models.clh.ClhMutants;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIIII_Result;

/**
 * {@link ClhHandoffVisibility} on {@link ClhMutants.PlainRelease}: the flag is cleared with a
 * plain store.
 *
 * <p>The JMM allows the forbidden outcomes here (for example {@code 0, 0, 0, 0, 0}, or a successor
 * that finds {@code x} but not {@code y}): nothing orders the section's writes before the
 * clearing store. x86 (TSO) never reorders two stores, so on x86 this test passes and does not
 * catch the mutant; the manifest records that. An arm64 or POWER machine is where it would be seen.
 *
 * <p>Run alone: {@code -t '^org\.handoff\.litmus\.clh\.PlainReleaseVisibility$'} (see the MCS package-info).
 */
@JCStressTest
@Outcome(id = {"0, 0, 1, 1, 0", "1, 1, 0, 0, 0"}, expect = Expect.ACCEPTABLE,
        desc = "The second holder found both writes of the first.")
@Outcome(id = "\\d+, \\d+, \\d+, \\d+, [12]", expect = Expect.FORBIDDEN,
        desc = "DeadlockFreedom: a thread was stranded: one of its waits could never succeed.")
@Outcome(expect = Expect.FORBIDDEN,
        desc = "HandoffVisibility: the second holder missed a write of the first (stale or partial values).")
@State
public class PlainReleaseVisibility {
    private final LockHarness<ClhLock.Me> h = LockHarness.of(ClhMutants.PlainRelease::new);

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
