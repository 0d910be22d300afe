package org.handoff.litmus.clh;

import java.util.function.Function;
import org.handoff.litmus.IncrementOutcomes;
import org.handoff.litmus.LockChoice;
import org.handoff.litmus.LockHarness;
import org.handoff.models.SpinPolicy;
import org.handoff.models.clh.ClhLock;
import org.handoff.models.clh.ClhMutants;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
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
 * <h2>Seeded bugs run on it</h2>
 * The manifest runs this test on these variants too, each entry with the variant's port
 * ({@link org.handoff.litmus.LockChoice}); what each shows:
 * <ul>
 * <li>{@code own-node-reuse} ({@link ClhMutants.OwnNodeReuse}): the releasing thread keeps its own
 * node. When it takes the lock again before its successor has seen the flag clear, it sets the flag
 * again, queues behind the successor and the two wait for each other.
 *
 * <p>Expected: a wait that gives up ({@code 1}, DeadlockFreedom). The JMM allows it, and so does
 * any memory model: it needs only the release and the next acquisition to both happen before the
 * successor's next read of the flag, which x86 shows. The spec finds no loss of mutual exclusion
 * for this mistake (specs/clh/models/CLH_OwnNodeReuse_N3_mutex.cfg).
 * <li>{@code recycle-before-release} ({@link ClhMutants.RecycleBeforeRelease}): the release clears the
 * predecessor's flag instead of its own, so a successor is never released.
 *
 * <p>Expected: a wait that gives up ({@code 1}, DeadlockFreedom) whenever the second actor queues
 * behind the first, which happens in most samples. Deterministic under any memory model, the JMM
 * included.
 * </ul>
 *
 * <p>Run alone: {@code -t '^org\.handoff\.litmus\.clh\.ClhMutualExclusion$'} (see the MCS package-info).
 */
@JCStressTest
@State
public class ClhMutualExclusion extends IncrementOutcomes {
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
