package org.handoff.litmus.litmus;

import java.util.function.Supplier;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * The crossed-locking litmus ({@link Crossed}) in the cells of the mode matrix where the JMM
 * allows {@code 0, 0}: {@code plain-take-*-read} (every read), {@code opaque-take-*-read} and
 * {@code release-take-*-read} with a plain, opaque, acquire or volatile read, and
 * {@code cas-take-*-read} with a plain, opaque or acquire read, and {@code qspinlock-unfenced} (the
 * qspinlock port's {@code queued_spin_is_locked} with no barrier, {@link QSpinLockCrossed}). The
 * entry's variant names the cell ({@code <take>-take-<read>-read}); why the JMM allows it there is
 * at {@link Crossed#jmmForbidsBothFree}. {@code r1} is 1 when CPU 0 saw lock B held, {@code r2} when
 * CPU 1 saw lock A held; {@code 0, 0} is both CPUs in the region meant to be exclusive.
 *
 * <p>Run one cell alone: {@code -t '^org\\.handoff\\.litmus\\.litmus\\.CrossedJmmAllows$'} with
 * {@code -jvmArgs -Dhandoff.litmus.variant.org.handoff.litmus.litmus.CrossedJmmAllows=plain-take-plain-read}.
 */
@JCStressTest
@Outcome(id = {"1, 1", "0, 1", "1, 0"}, expect = Expect.ACCEPTABLE, desc = Crossed.ONE_SAW_HELD)
@Outcome(id = "0, 0", expect = Expect.ACCEPTABLE_INTERESTING, desc = Crossed.BOTH_FREE_ALLOWED)
@State
public class CrossedJmmAllows {
    /** The cell the runner named, checked once per fork. */
    private static final Supplier<Crossed> CELL = Crossed.cell(CrossedJmmAllows.class, true);

    private final Crossed s = CELL.get();

    @Actor
    public void cpu0(II_Result r) {
        r.r1 = s.cpu(0);
    }

    @Actor
    public void cpu1(II_Result r) {
        r.r2 = s.cpu(1);
    }
}
