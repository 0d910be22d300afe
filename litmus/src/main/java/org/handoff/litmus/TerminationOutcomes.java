package org.handoff.litmus;

import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.Outcome;

/**
 * The outcomes of the termination shape ({@code Mode.Termination}): the state holds the lock from
 * its construction, the actor takes and releases it, and the signal releases the holder. The actor
 * must finish; {@code STALE}, still spinning when jcstress gives up on it, is a DeadlockFreedom
 * failure.
 *
 * <p>Tests of this shape extend this class for its {@code @Outcome} annotations (see
 * {@link IncrementOutcomes}).
 */
@Outcome(id = "TERMINATED", expect = Expect.ACCEPTABLE,
        desc = "The waiter acquired and released the lock after the holder released it.")
@Outcome(id = "STALE", expect = Expect.FORBIDDEN,
        desc = "DeadlockFreedom: the waiter was still spinning after the holder released the lock.")
public abstract class TerminationOutcomes {
}
