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
 * The crossed-locking litmus ({@link Crossed}) with each CPU's lock taken by a volatile {@code compareAndSet} (sequentially consistent) (on x86:
 * {@code lock cmpxchg}, a full barrier), one nested test per mode of the {@code isLocked} read. {@code r1} is 1 when CPU 0 saw
 * lock B held, {@code r2} when CPU 1 saw lock A held; {@code 0, 0} is both CPUs in the region meant
 * to be exclusive. Each test's comment says whether the JMM allows {@code 0, 0}:
 * {@code ACCEPTABLE_INTERESTING} when it does (seeing it is no JVM bug, but still a MutualExclusion
 * failure of the pattern, which is how the runner counts it), {@code FORBIDDEN} when it does not.
 *
 * <p>Run one alone: {@code -t '^org\\.handoff\\.litmus\\.litmus\\.CasTake\\$PlainRead$'}.
 */
public final class CasTake {
    private CasTake() {
    }

    /**
     * Take: a volatile {@code compareAndSet} (sequentially consistent); read: a plain read. Only the take is sequentially consistent; the JMM lets a weaker read after it be satisfied
     * early, so {@code 0, 0} is allowed. On x86 the CAS is a {@code lock cmpxchg}, which drains the
     * store buffer before the read, so x86 is not expected to show it; POWER and arm64 can.
     */
    @JCStressTest
    @Outcome(id = {"1, 1", "0, 1", "1, 0"}, expect = Expect.ACCEPTABLE, desc = Crossed.ONE_SAW_HELD)
    @Outcome(id = "0, 0", expect = Expect.ACCEPTABLE_INTERESTING, desc = Crossed.BOTH_FREE_ALLOWED)
    @State
    public static class PlainRead {
        private final Crossed s = new Crossed(Take.CAS, Read.PLAIN);

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
     * Take: a volatile {@code compareAndSet} (sequentially consistent); read: an opaque read ({@code READ_ONCE}, {@code spin_is_locked} since the patch). Only the take is sequentially consistent; the JMM lets a weaker read after it be satisfied
     * early, so {@code 0, 0} is allowed. On x86 the CAS is a {@code lock cmpxchg}, which drains the
     * store buffer before the read, so x86 is not expected to show it; POWER and arm64 can.
     */
    @JCStressTest
    @Outcome(id = {"1, 1", "0, 1", "1, 0"}, expect = Expect.ACCEPTABLE, desc = Crossed.ONE_SAW_HELD)
    @Outcome(id = "0, 0", expect = Expect.ACCEPTABLE_INTERESTING, desc = Crossed.BOTH_FREE_ALLOWED)
    @State
    public static class OpaqueRead {
        private final Crossed s = new Crossed(Take.CAS, Read.OPAQUE);

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
     * Take: a volatile {@code compareAndSet} (sequentially consistent); read: an acquire read ({@code smp_load_acquire}). Only the take is sequentially consistent; the JMM lets a weaker read after it be satisfied
     * early, so {@code 0, 0} is allowed. On x86 the CAS is a {@code lock cmpxchg}, which drains the
     * store buffer before the read, so x86 is not expected to show it; POWER and arm64 can.
     */
    @JCStressTest
    @Outcome(id = {"1, 1", "0, 1", "1, 0"}, expect = Expect.ACCEPTABLE, desc = Crossed.ONE_SAW_HELD)
    @Outcome(id = "0, 0", expect = Expect.ACCEPTABLE_INTERESTING, desc = Crossed.BOTH_FREE_ALLOWED)
    @State
    public static class AcquireRead {
        private final Crossed s = new Crossed(Take.CAS, Read.ACQUIRE);

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
     * Take: a volatile {@code compareAndSet} (sequentially consistent); read: a volatile read (sequentially consistent). Both accesses are volatile (synchronization actions): they are in one total order consistent
     * with program order, in which one CPU's take precedes the other's read, so {@code 0, 0} is
     * forbidden.
     */
    @JCStressTest
    @Outcome(id = {"1, 1", "0, 1", "1, 0"}, expect = Expect.ACCEPTABLE, desc = Crossed.ONE_SAW_HELD)
    @Outcome(id = "0, 0", expect = Expect.FORBIDDEN, desc = Crossed.BOTH_FREE_FORBIDDEN)
    @State
    public static class VolatileRead {
        private final Crossed s = new Crossed(Take.CAS, Read.VOLATILE);

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
     * Take: a volatile {@code compareAndSet} (sequentially consistent); read: {@code fullFence()} and then a read ({@code smp_mb(); READ_ONCE()}, {@code spin_is_locked} before the patch). The full fence orders the take before the read (the take at least opaque): at least one CPU
     * reads the other's store, so {@code 0, 0} is forbidden.
     */
    @JCStressTest
    @Outcome(id = {"1, 1", "0, 1", "1, 0"}, expect = Expect.ACCEPTABLE, desc = Crossed.ONE_SAW_HELD)
    @Outcome(id = "0, 0", expect = Expect.FORBIDDEN, desc = Crossed.BOTH_FREE_FORBIDDEN)
    @State
    public static class FencedRead {
        private final Crossed s = new Crossed(Take.CAS, Read.FENCED);

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
