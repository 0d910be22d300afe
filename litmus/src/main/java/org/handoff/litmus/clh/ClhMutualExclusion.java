package org.handoff.litmus.clh;

import java.util.function.Function;
import org.handoff.litmus.LockChoice;
import org.handoff.litmus.LockHarness;
import org.handoff.models.SpinPolicy;
import org.handoff.models.clh.ClhLock;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * MutualExclusion of the CLH port: two actors each take the lock four times (so nodes migrate
 * between the two threads and the lock at every release) and increment two plain fields inside;
 * the arbiter reads {@code x, y} and whether a wait of the lock gave up ({@link LockHarness}).
 *
 * <p>The JMM allows only {@code 8, 8, 0}: the tail is swapped atomically, so each thread spins on
 * a different predecessor, and the release store of the flag is read by the successor's acquire
 * spin, so each section happens-before the next. x86 shows only {@code 8, 8, 0} too.
 *
 * <p>Run alone: {@code -t '^org\.handoff\.litmus\.clh\.ClhMutualExclusion$'} (see the MCS package-info).
 */
@JCStressTest
@Outcome(id = "8, 8, 0", expect = Expect.ACCEPTABLE,
        desc = "All eight entries counted; no wait gave up.")
@Outcome(id = "([0-7], \\d+|8, [0-7]), [02]", expect = Expect.FORBIDDEN,
        desc = "MutualExclusion: an increment was lost: two threads were inside at once.")
@Outcome(id = "8, 8, [12]", expect = Expect.FORBIDDEN,
        desc = "DeadlockFreedom: a thread was stranded: one of its waits could never succeed.")
@Outcome(id = "([0-7], \\d+|8, [0-7]), 1", expect = Expect.FORBIDDEN,
        desc = "DeadlockFreedom: a stranded thread entered without the lock; the lost increment follows from that.")
@State
public class ClhMutualExclusion {
    /** The port of the entry's variant ({@link LockChoice}; ClhLock by default), found once per fork. */
    private static final Function<SpinPolicy, ClhLock> LOCK =
            LockChoice.withPolicy(ClhMutualExclusion.class, ClhLock.class, ClhLock.class);

    private final LockHarness<ClhLock.Me> h = LockHarness.of(LOCK);

    @Actor
    public void actor1() {
        h.increment(0, 4);
    }

    @Actor
    public void actor2() {
        h.increment(1, 4);
    }

    @Arbiter
    public void arbiter(III_Result r) {
        h.report(r);
    }
}
