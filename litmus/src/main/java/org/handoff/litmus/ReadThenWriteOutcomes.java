package org.handoff.litmus;

import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.Outcome;

/**
 * The outcomes of the hand-off visibility shape: each of two actors enters once through
 * {@link LockHarness#readThenWrite}, reads {@code x, y} and writes them back incremented, and the
 * arbiter reports whether a wait gave up. The acceptable outcomes are those in which the second
 * holder found both writes of the first; a wait that gave up is a DeadlockFreedom failure and any
 * other outcome (stale or partial values) a HandoffVisibility failure.
 *
 * <p>Tests of this shape extend this class for its {@code @Outcome} annotations (see
 * {@link IncrementOutcomes}); what the JMM and x86 allow is said by each test, for its lock.
 */
@Outcome(id = {"0, 0, 1, 1, 0", "1, 1, 0, 0, 0"}, expect = Expect.ACCEPTABLE,
        desc = "The second holder found both writes of the first.")
@Outcome(id = "\\d+, \\d+, \\d+, \\d+, [12]", expect = Expect.FORBIDDEN,
        desc = "DeadlockFreedom: a thread was stranded: one of its waits could never succeed.")
@Outcome(expect = Expect.FORBIDDEN,
        desc = "HandoffVisibility: the second holder missed a write of the first (stale or partial values).")
public abstract class ReadThenWriteOutcomes {
}
