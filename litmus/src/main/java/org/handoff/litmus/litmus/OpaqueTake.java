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
 * The crossed-locking litmus ({@link Crossed}) with each CPU's lock taken by an opaque store ({@code setOpaque}, {@code WRITE_ONCE}) (on x86:
 * a MOV), one nested test per mode of the {@code isLocked} read. {@code r1} is 1 when CPU 0 saw
 * lock B held, {@code r2} when CPU 1 saw lock A held; {@code 0, 0} is both CPUs in the region meant
 * to be exclusive. Each test's comment says whether the JMM allows {@code 0, 0}:
 * {@code ACCEPTABLE_INTERESTING} when it does (seeing it is no JVM bug, but still a MutualExclusion
 * failure of the pattern, which is how the runner counts it), {@code FORBIDDEN} when it does not.
 *
 * <p>Run one alone: {@code -t '^org\\.handoff\\.litmus\\.litmus\\.OpaqueTake\\$PlainRead$'}.
 */
public final class OpaqueTake {
    private OpaqueTake() {
    }

    /**
     * Take: an opaque store ({@code setOpaque}, {@code WRITE_ONCE}); read: a plain read. Nothing orders the take before the read (neither access is a full fence, and a
     * volatile read after a non-volatile store is none either), so {@code 0, 0} is allowed; x86 is expected to show it: the store waits in
     * the store buffer while the later load reads memory.
     */
    @JCStressTest
    @Outcome(id = {"1, 1", "0, 1", "1, 0"}, expect = Expect.ACCEPTABLE, desc = Crossed.ONE_SAW_HELD)
    @Outcome(id = "0, 0", expect = Expect.ACCEPTABLE_INTERESTING, desc = Crossed.BOTH_FREE_ALLOWED)
    @State
    public static class PlainRead {
        private final Crossed s = new Crossed(Take.OPAQUE, Read.PLAIN);

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
     * Take: an opaque store ({@code setOpaque}, {@code WRITE_ONCE}); read: an opaque read ({@code READ_ONCE}, {@code spin_is_locked} since the patch). Nothing orders the take before the read (neither access is a full fence, and a
     * volatile read after a non-volatile store is none either), so {@code 0, 0} is allowed; x86 is expected to show it: the store waits in
     * the store buffer while the later load reads memory.
     */
    @JCStressTest
    @Outcome(id = {"1, 1", "0, 1", "1, 0"}, expect = Expect.ACCEPTABLE, desc = Crossed.ONE_SAW_HELD)
    @Outcome(id = "0, 0", expect = Expect.ACCEPTABLE_INTERESTING, desc = Crossed.BOTH_FREE_ALLOWED)
    @State
    public static class OpaqueRead {
        private final Crossed s = new Crossed(Take.OPAQUE, Read.OPAQUE);

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
     * Take: an opaque store ({@code setOpaque}, {@code WRITE_ONCE}); read: an acquire read ({@code smp_load_acquire}). Nothing orders the take before the read (neither access is a full fence, and a
     * volatile read after a non-volatile store is none either), so {@code 0, 0} is allowed; x86 is expected to show it: the store waits in
     * the store buffer while the later load reads memory.
     */
    @JCStressTest
    @Outcome(id = {"1, 1", "0, 1", "1, 0"}, expect = Expect.ACCEPTABLE, desc = Crossed.ONE_SAW_HELD)
    @Outcome(id = "0, 0", expect = Expect.ACCEPTABLE_INTERESTING, desc = Crossed.BOTH_FREE_ALLOWED)
    @State
    public static class AcquireRead {
        private final Crossed s = new Crossed(Take.OPAQUE, Read.ACQUIRE);

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
     * Take: an opaque store ({@code setOpaque}, {@code WRITE_ONCE}); read: a volatile read (sequentially consistent). Nothing orders the take before the read (neither access is a full fence, and a
     * volatile read after a non-volatile store is none either), so {@code 0, 0} is allowed; x86 is expected to show it: the store waits in
     * the store buffer while the later load reads memory.
     */
    @JCStressTest
    @Outcome(id = {"1, 1", "0, 1", "1, 0"}, expect = Expect.ACCEPTABLE, desc = Crossed.ONE_SAW_HELD)
    @Outcome(id = "0, 0", expect = Expect.ACCEPTABLE_INTERESTING, desc = Crossed.BOTH_FREE_ALLOWED)
    @State
    public static class VolatileRead {
        private final Crossed s = new Crossed(Take.OPAQUE, Read.VOLATILE);

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
     * Take: an opaque store ({@code setOpaque}, {@code WRITE_ONCE}); read: {@code fullFence()} and then a read ({@code smp_mb(); READ_ONCE()}, {@code spin_is_locked} before the patch). The full fence orders the take before the read (the take at least opaque): at least one CPU
     * reads the other's store, so {@code 0, 0} is forbidden.
     */
    @JCStressTest
    @Outcome(id = {"1, 1", "0, 1", "1, 0"}, expect = Expect.ACCEPTABLE, desc = Crossed.ONE_SAW_HELD)
    @Outcome(id = "0, 0", expect = Expect.FORBIDDEN, desc = Crossed.BOTH_FREE_FORBIDDEN)
    @State
    public static class FencedRead {
        private final Crossed s = new Crossed(Take.OPAQUE, Read.FENCED);

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
