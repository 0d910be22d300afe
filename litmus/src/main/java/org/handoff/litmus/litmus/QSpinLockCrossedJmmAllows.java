package org.handoff.litmus.litmus;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * Crossed locking on the qspinlock port ({@link QSpinLockCrossed}) where the JMM allows both CPUs
 * seeing the other's lock free: {@code qspinlock-unfenced}. {@code r1} is 1 when CPU 0 saw lock B held,
 * {@code r2} when CPU 1 saw lock A held.
 *
 * <p>Run alone: {@code -t '^org\\.handoff\\.litmus\\.litmus\\.QSpinLockCrossedJmmAllows$'} with
 * {@code -jvmArgs -Dhandoff.litmus.variant.org.handoff.litmus.litmus.QSpinLockCrossedJmmAllows=qspinlock-unfenced}.
 */
@JCStressTest
@Outcome(id = {"1, 1", "0, 1", "1, 0"}, expect = Expect.ACCEPTABLE, desc = Crossed.ONE_SAW_HELD)
@Outcome(id = "0, 0", expect = Expect.ACCEPTABLE_INTERESTING, desc = Crossed.BOTH_FREE_ALLOWED)
@State
public class QSpinLockCrossedJmmAllows {
    /** Whether the variant the runner named fences, checked once per fork. */
    private static final boolean FENCED = QSpinLockCrossed.fenced(QSpinLockCrossedJmmAllows.class, true);

    private final QSpinLockCrossed s = new QSpinLockCrossed(FENCED);

    @Actor
    public void cpu0(II_Result r) {
        r.r1 = s.cpu(0);
    }

    @Actor
    public void cpu1(II_Result r) {
        r.r2 = s.cpu(1);
    }
}
