package org.handoff.litmus;

import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.Outcome;

/**
 * The outcomes of the long counting shape: {@link IncrementOutcomes} with each of the two actors
 * running {@link LockHarness#increment} sixteen times, so that a sample holds many contended
 * hand-offs and every queue node is reused (the MCS tests). {@code 32, 32, 0} is the only
 * acceptable outcome; the forbidden ones are classified as in {@link IncrementOutcomes}.
 */
@Outcome(id = "32, 32, 0", expect = Expect.ACCEPTABLE,
        desc = "All 32 entries counted; no wait gave up.")
@Outcome(id = "(([0-9]|[12][0-9]|3[01]), \\d+|32, ([0-9]|[12][0-9]|3[01])), [02]", expect = Expect.FORBIDDEN,
        desc = "MutualExclusion: an increment was lost: two threads were inside at once.")
@Outcome(id = "32, 32, [12]", expect = Expect.FORBIDDEN,
        desc = "DeadlockFreedom: a thread was stranded: one of its waits could never succeed.")
@Outcome(id = "(([0-9]|[12][0-9]|3[01]), \\d+|32, ([0-9]|[12][0-9]|3[01])), 1", expect = Expect.FORBIDDEN,
        desc = "DeadlockFreedom: a stranded thread entered without the lock; the lost increment follows from that.")
public abstract class LongIncrementOutcomes {
}
