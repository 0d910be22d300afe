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
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * {@link ClhMutualExclusion} on {@link ClhMutants.OwnNodeReuse}: the releasing thread keeps its own
 * node. When it takes the lock again before its successor has seen the flag clear, it sets the flag
 * again, queues behind the successor and the two wait for each other.
 *
 * <p>Expected: a wait that gives up ({@code 1}, DeadlockFreedom). The JMM allows it, and so does
 * any memory model: it needs only the release and the next acquisition to both happen before the
 * successor's next read of the flag, which x86 shows. The spec finds no loss of mutual exclusion
 * for this mistake (specs/clh/models/CLH_OwnNodeReuse_N3_mutex.cfg).
 *
 * <p>Run alone: {@code -t '^org\.handoff\.litmus\.clh\.OwnNodeReuseMutualExclusion$'} (see the MCS package-info).
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
public class OwnNodeReuseMutualExclusion {
    private final LockHarness<ClhLock.Me> h = LockHarness.of(ClhMutants.OwnNodeReuse::new);

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
