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
 * forbids {@code 0, 0}: {@code cas-take-volatile-read}, and {@code opaque-take-fenced-read},
 * {@code release-take-fenced-read} and {@code cas-take-fenced-read}, and {@code qspinlock-fenced}
 * (the qspinlock port with the caller's {@code smp_mb()}, {@link QSpinLockCrossed}). The entry's
 * variant names the cell ({@code <take>-take-<read>-read}); why the JMM forbids it there is at
 * {@link Crossed#jmmForbidsBothFree}. {@code r1} is 1 when CPU 0 saw lock B held, {@code r2} when
 * CPU 1 saw lock A held; {@code 0, 0} is both CPUs in the region meant to be exclusive.
 *
 * <p>Run one cell alone: {@code -t '^org\\.handoff\\.litmus\\.litmus\\.CrossedJmmForbids$'} with
 * {@code -jvmArgs -Dhandoff.litmus.variant.org.handoff.litmus.litmus.CrossedJmmForbids=cas-take-volatile-read}.
 */
@JCStressTest
@Outcome(id = {"1, 1", "0, 1", "1, 0"}, expect = Expect.ACCEPTABLE, desc = Crossed.ONE_SAW_HELD)
@Outcome(id = "0, 0", expect = Expect.FORBIDDEN, desc = Crossed.BOTH_FREE_FORBIDDEN)
@State
public class CrossedJmmForbids {
    /** The cell the runner named, checked once per fork. */
    private static final Supplier<Crossed> CELL = Crossed.cell(CrossedJmmForbids.class, false);

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
