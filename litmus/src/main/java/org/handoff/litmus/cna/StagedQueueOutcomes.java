package org.handoff.litmus.cna;

import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.Outcome;

/**
 * The outcomes of the staged-queue shape of {@code cna-v1} ({@link CnaSecondaryQueue},
 * {@link CnaMainQueue}, {@link CnaAppendQueue}): each actor enters once through
 * {@link org.handoff.litmus.LockHarness#readThenWrite}, actor 1 on the staged head's node and
 * actor 0 remote, and the arbiter reports whether a wait gave up. {@code 1, 1, 0, 0, 0} (actor 1
 * first, as the head's search gives) is expected; {@code 0, 0, 1, 1, 0} is acceptable but marked
 * interesting, since only a variant that may skip the search ({@code cna-prob}) reaches it. A wait
 * that gave up is a DeadlockFreedom failure, anything else a HandoffVisibility failure.
 *
 * <p>The tests extend this class for its {@code @Outcome} annotations, which jcstress reads from
 * superclasses (see {@link org.handoff.litmus.IncrementOutcomes}), and declare their actors and
 * arbiter themselves. What the JMM and x86 allow is said by each test.
 */
@Outcome(id = "1, 1, 0, 0, 0", expect = Expect.ACCEPTABLE,
        desc = "Actor 1 (the head's node) entered first; actor 0 found both its writes.")
@Outcome(id = "0, 0, 1, 1, 0", expect = Expect.ACCEPTABLE_INTERESTING,
        desc = "Actor 0 (remote) entered first: the head did not search for a local waiter.")
@Outcome(id = "\\d+, \\d+, \\d+, \\d+, [12]", expect = Expect.FORBIDDEN,
        desc = "DeadlockFreedom: a thread was stranded: one of its waits could never succeed.")
@Outcome(expect = Expect.FORBIDDEN,
        desc = "HandoffVisibility: the second holder missed a write of the first (stale or partial values).")
abstract class StagedQueueOutcomes {
}
