package org.handoff.litmus.litmus;

import org.handoff.models.litmus.CrossedLocking.Read;
import org.handoff.models.litmus.CrossedLocking.Take;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * The crossed-locking litmus ({@link Crossed}) with each CPU's lock taken by a plain store ({@code VarHandle.set}) (on x86:
 * a MOV), one nested test per mode of the {@code isLocked} read. {@code r1} is 1 when CPU 0 saw
 * lock B held, {@code r2} when CPU 1 saw lock A held; {@code 0, 0} is both CPUs in the region meant
 * to be exclusive. Each test's comment says whether the JMM allows {@code 0, 0}:
 * {@code ACCEPTABLE_INTERESTING} when it does (seeing it is no JVM bug, but still a MutualExclusion
 * failure of the pattern, which is how the runner counts it), {@code FORBIDDEN} when it does not.
 *
 * <p>Run one alone: {@code -t '^org\\.handoff\\.litmus\\.litmus\\.PlainTake\\$PlainRead$'}.
 */
public final class PlainTake {
    private PlainTake() {
    }

    /**
     * Take: a plain store ({@code VarHandle.set}); read: a plain read. Nothing orders the take before the read (neither access is a full fence, and a
     * volatile read after a non-volatile store is none either), so {@code 0, 0} is allowed; x86 is expected to show it: the store waits in
     * the store buffer while the later load reads memory.
     */
    @JCStressTest
    @Outcome(id = {"1, 1", "0, 1", "1, 0"}, expect = Expect.ACCEPTABLE, desc = Crossed.ONE_SAW_HELD)
    @Outcome(id = "0, 0", expect = Expect.ACCEPTABLE_INTERESTING, desc = Crossed.BOTH_FREE_ALLOWED)
    @State
    public static class PlainRead {
        private final Crossed s = new Crossed(Take.PLAIN, Read.PLAIN);

        @Actor
        public void cpu0(II_Result r) {
            r.r1 = s.cpu(0);
        }

        @Actor
        public void cpu1(II_Result r) {
            r.r2 = s.cpu(1);
        }
    }

    /**
     * Take: a plain store ({@code VarHandle.set}); read: an opaque read ({@code READ_ONCE}, {@code spin_is_locked} since the patch). Nothing orders the take before the read (neither access is a full fence, and a
     * volatile read after a non-volatile store is none either), so {@code 0, 0} is allowed; x86 is expected to show it: the store waits in
     * the store buffer while the later load reads memory.
     */
    @JCStressTest
    @Outcome(id = {"1, 1", "0, 1", "1, 0"}, expect = Expect.ACCEPTABLE, desc = Crossed.ONE_SAW_HELD)
    @Outcome(id = "0, 0", expect = Expect.ACCEPTABLE_INTERESTING, desc = Crossed.BOTH_FREE_ALLOWED)
    @State
    public static class OpaqueRead {
        private final Crossed s = new Crossed(Take.PLAIN, Read.OPAQUE);

        @Actor
        public void cpu0(II_Result r) {
            r.r1 = s.cpu(0);
        }

        @Actor
        public void cpu1(II_Result r) {
            r.r2 = s.cpu(1);
        }
    }

    /**
     * Take: a plain store ({@code VarHandle.set}); read: an acquire read ({@code smp_load_acquire}). Nothing orders the take before the read (neither access is a full fence, and a
     * volatile read after a non-volatile store is none either), so {@code 0, 0} is allowed; x86 is expected to show it: the store waits in
     * the store buffer while the later load reads memory.
     */
    @JCStressTest
    @Outcome(id = {"1, 1", "0, 1", "1, 0"}, expect = Expect.ACCEPTABLE, desc = Crossed.ONE_SAW_HELD)
    @Outcome(id = "0, 0", expect = Expect.ACCEPTABLE_INTERESTING, desc = Crossed.BOTH_FREE_ALLOWED)
    @State
    public static class AcquireRead {
        private final Crossed s = new Crossed(Take.PLAIN, Read.ACQUIRE);

        @Actor
        public void cpu0(II_Result r) {
            r.r1 = s.cpu(0);
        }

        @Actor
        public void cpu1(II_Result r) {
            r.r2 = s.cpu(1);
        }
    }

    /**
     * Take: a plain store ({@code VarHandle.set}); read: a volatile read (sequentially consistent). Nothing orders the take before the read (neither access is a full fence, and a
     * volatile read after a non-volatile store is none either), so {@code 0, 0} is allowed; x86 is expected to show it: the store waits in
     * the store buffer while the later load reads memory.
     */
    @JCStressTest
    @Outcome(id = {"1, 1", "0, 1", "1, 0"}, expect = Expect.ACCEPTABLE, desc = Crossed.ONE_SAW_HELD)
    @Outcome(id = "0, 0", expect = Expect.ACCEPTABLE_INTERESTING, desc = Crossed.BOTH_FREE_ALLOWED)
    @State
    public static class VolatileRead {
        private final Crossed s = new Crossed(Take.PLAIN, Read.VOLATILE);

        @Actor
        public void cpu0(II_Result r) {
            r.r1 = s.cpu(0);
        }

        @Actor
        public void cpu1(II_Result r) {
            r.r2 = s.cpu(1);
        }
    }

    /**
     * Take: a plain store ({@code VarHandle.set}); read: {@code fullFence()} and then a read ({@code smp_mb(); READ_ONCE()}, {@code spin_is_locked} before the patch). The JMM gives a racy plain store no ordering guarantee, not even around a fence (only
     * accesses that are at least opaque are ordered by {@code fullFence}), so {@code 0, 0} stays
     * allowed; HotSpot emits the store before the fence's {@code lock addl}, which drains the store
     * buffer, so x86 is not expected to show it. Nor is arm64 (a {@code dmb ish} between the
     * {@code str} and the {@code ldar}): no hardware model lets both in once the fence is emitted
     * ({@code SpinIsLockedWeak_PlainTakeFencedRead_TSO} and {@code _WMO} hold), so only a compiler
     * that moves the store past the fence could; the manifest's kind for it is {@code compiler}.
     */
    @JCStressTest
    @Outcome(id = {"1, 1", "0, 1", "1, 0"}, expect = Expect.ACCEPTABLE, desc = Crossed.ONE_SAW_HELD)
    @Outcome(id = "0, 0", expect = Expect.ACCEPTABLE_INTERESTING, desc = Crossed.BOTH_FREE_ALLOWED)
    @State
    public static class FencedRead {
        private final Crossed s = new Crossed(Take.PLAIN, Read.FENCED);

        @Actor
        public void cpu0(II_Result r) {
            r.r1 = s.cpu(0);
        }

        @Actor
        public void cpu1(II_Result r) {
            r.r2 = s.cpu(1);
        }
    }
}
