package org.handoff.litmus;

import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.Outcome;

/**
 * The outcomes of the counting shape: two actors each run {@link LockHarness#increment} four times,
 * and the arbiter reports {@code x, y} and whether a wait gave up
 * ({@link LockHarness#report(org.openjdk.jcstress.infra.results.III_Result)}). {@code 8, 8, 0} is
 * the only acceptable outcome; a lost increment is a MutualExclusion failure unless a thread gave
 * up entering (then the stranding is the failure, DeadlockFreedom), and a wait that gave up is a
 * DeadlockFreedom failure.
 *
 * <p>jcstress reads a test's {@code @Outcome} annotations from its class and, as they are
 * {@code @Inherited}, from its superclasses, so a test of this shape extends this class and declares
 * its actors and arbiter itself (those it does not inherit). What the JMM and x86 allow is said by
 * each test, for its lock.
 */
@Outcome(id = "8, 8, 0", expect = Expect.ACCEPTABLE,
        desc = "All eight entries counted; no wait gave up.")
@Outcome(id = "([0-7], \\d+|8, [0-7]), [02]", expect = Expect.FORBIDDEN,
        desc = "MutualExclusion: an increment was lost: two threads were inside at once.")
@Outcome(id = "8, 8, [12]", expect = Expect.FORBIDDEN,
        desc = "DeadlockFreedom: a thread was stranded: one of its waits could never succeed.")
@Outcome(id = "([0-7], \\d+|8, [0-7]), 1", expect = Expect.FORBIDDEN,
        desc = "DeadlockFreedom: a stranded thread entered without the lock; the lost increment follows from that.")
public abstract class IncrementOutcomes {
}
