package org.handoff.litmus.shapes;

import java.util.function.Function;
import org.handoff.litmus.IncrementOutcomes;
import org.handoff.litmus.LockChoice;
import org.handoff.litmus.LockHarness;
import org.handoff.models.HandoffLock;
import org.handoff.models.SpinPolicy;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * MutualExclusion of the entry's port, left to the scheduler: two actors each take the lock four
 * times, reusing their context, and increment two plain fields inside; the arbiter reads
 * {@code x, y} and whether a wait of the lock gave up ({@link LockHarness}). Four rounds let a
 * thread release and come straight back while the other waits, which is where node reuse (CLH,
 * M-lock), the release's compare-and-swap (M-lock) and the pending and queue paths (qspinlock)
 * are exercised. Outcomes: {@link IncrementOutcomes}; what the JMM allows for each port, and what
 * each seeded bug shows here, is in the family's package-info.
 */
@JCStressTest
@State
public class MutualExclusion extends IncrementOutcomes {
    /** The port of the entry's variant ({@link LockChoice#port}), found once per fork. */
    private static final Function<SpinPolicy, HandoffLock<Object>> LOCK = LockChoice.port(MutualExclusion.class);

    private final LockHarness<Object> h = LockHarness.of(LOCK);

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
