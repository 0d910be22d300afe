package org.handoff.litmus.shapes;

import org.handoff.litmus.IncrementOutcomes;
import org.handoff.litmus.LockChoice;
import org.handoff.litmus.LockHarness;
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
    /** The port of the entry's variant for this lane ({@link LockChoice#portOnce}), found once per fork. */
    private final LockHarness<Object> h = LockHarness.of(LockChoice.portOnce(getClass()));

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

    /**
     * The test under a second name, so that one jcstress run takes two of its entries: the shape
     * has the most entries, and jcstress runs a class once per invocation with one port per class
     * ({@link org.handoff.litmus.JcstressRunner#lanes}). It adds nothing but the name.
     */
    @JCStressTest
    @State
    public static class Lane2 extends MutualExclusion {
        @Override
        @Actor
        public void actor1() {
            super.actor1();
        }

        @Override
        @Actor
        public void actor2() {
            super.actor2();
        }

        @Override
        @Arbiter
        public void arbiter(III_Result r) {
            super.arbiter(r);
        }
    }
}
