package org.handoff.litmus.mcs;

import java.util.function.Function;
import org.handoff.litmus.LockChoice;
import org.handoff.litmus.LockHarness;
import org.handoff.models.SpinPolicy;
import org.handoff.models.mcs.McsLock;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * MutualExclusion of the MCS port: two actors each take the lock 16 times (so each queue node is
 * reused, as the kernel reuses a CPU's node; 16 rather than 4 so that a sample holds many contended
 * hand-offs, see {@link HandoffToTailMutualExclusion}) and increment two plain fields inside; the arbiter
 * reads {@code x, y} and whether a wait of the lock gave up ({@link LockHarness}).
 *
 * <p>The JMM allows only {@code 32, 32, 0}: the hand-off is a release store read by an acquire, so
 * each holder's section happens-before the next one's, and the tail is swapped atomically. x86
 * shows only {@code 32, 32, 0} too. A lost increment means two threads were inside at once; a wait
 * that gave up means a thread was stranded.
 *
 * <p>Run alone: {@code -t '^org\.handoff\.litmus\.mcs\.McsMutualExclusion$'} (see package-info).
 */
@JCStressTest
@Outcome(id = "32, 32, 0", expect = Expect.ACCEPTABLE,
        desc = "All 32 entries counted; no wait gave up.")
@Outcome(id = "(([0-9]|[12][0-9]|3[01]), \\d+|32, ([0-9]|[12][0-9]|3[01])), [02]", expect = Expect.FORBIDDEN,
        desc = "MutualExclusion: an increment was lost: two threads were inside at once.")
@Outcome(id = "32, 32, [12]", expect = Expect.FORBIDDEN,
        desc = "DeadlockFreedom: a thread was stranded: one of its waits could never succeed.")
@Outcome(id = "(([0-9]|[12][0-9]|3[01]), \\d+|32, ([0-9]|[12][0-9]|3[01])), 1", expect = Expect.FORBIDDEN,
        desc = "DeadlockFreedom: a stranded thread entered without the lock; the lost increment follows from that.")
@State
public class McsMutualExclusion {
    /** The port of the entry's variant ({@link LockChoice}; McsLock by default), found once per fork. */
    private static final Function<SpinPolicy, McsLock> LOCK =
            LockChoice.withPolicy(McsMutualExclusion.class, McsLock.class, McsLock.class);

    private final LockHarness<McsLock.Node> h = LockHarness.of(LOCK);

    @Actor
    public void actor1() {
        h.increment(0, 16);
    }

    @Actor
    public void actor2() {
        h.increment(1, 16);
    }

    @Arbiter
    public void arbiter(III_Result r) {
        h.report(r);
    }
}
