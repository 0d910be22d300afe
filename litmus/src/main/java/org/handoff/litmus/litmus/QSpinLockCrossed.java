package org.handoff.litmus.litmus;

import java.lang.invoke.VarHandle;
import org.handoff.models.qspinlock.QCpu;
import org.handoff.models.qspinlock.QSpinLock;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * Crossed locking on the qspinlock port, two tests. Each CPU takes its own {@link QSpinLock} with
 * {@code queued_spin_lock} (the fast path: {@code compareAndExchangeAcquire}, the kernel's
 * {@code atomic_try_cmpxchg_acquire}) and then asks whether the other CPU's lock is held. {@code r1}
 * is 1 when CPU 0 saw lock B held, {@code r2} when CPU 1 saw lock A held.
 *
 * <p>Run one alone: {@code -t '^org\\.handoff\\.litmus\\.litmus\\.QSpinLockCrossed\\$Unfenced$'}.
 */
public final class QSpinLockCrossed {
    private QSpinLockCrossed() {
    }

    /**
     * {@code queued_spin_is_locked} as it is since the powerpc change: an opaque read
     * ({@link QSpinLock#isLocked()}), no barrier. The take is an acquire compare-and-exchange, whose
     * store orders nothing before later accesses: the JMM allows {@code 0, 0}, and so do POWER and
     * arm64 (the LL/SC store can still be in flight). On x86 the compare-and-exchange is a
     * {@code lock cmpxchg}, a full barrier, so x86 is not expected to show it.
     */
    @JCStressTest
    @Outcome(id = {"1, 1", "0, 1", "1, 0"}, expect = Expect.ACCEPTABLE, desc = Crossed.ONE_SAW_HELD)
    @Outcome(id = "0, 0", expect = Expect.ACCEPTABLE_INTERESTING, desc = Crossed.BOTH_FREE_ALLOWED)
    @State
    public static class Unfenced {
        private final QSpinLock a = new QSpinLock();
        private final QSpinLock b = new QSpinLock();
        private final QCpu cpu0 = a.newContext();
        private final QCpu cpu1 = b.newContext();

        @Actor
        public void cpu0(II_Result r) {
            a.lock(cpu0);
            r.r1 = b.isLocked() ? 1 : 0;
        }

        @Actor
        public void cpu1(II_Result r) {
            b.lock(cpu1);
            r.r2 = a.isLocked() ? 1 : 0;
        }
    }

    /**
     * The caller orders the check itself, as a caller must since the change: {@code smp_mb()}
     * ({@link VarHandle#fullFence()}) between its {@code spin_lock} and {@code spin_is_locked}
     * (which is the pre-change powerpc helper, barrier included). The take's store and the read are
     * at least opaque and the fence orders them: the JMM forbids {@code 0, 0}.
     */
    @JCStressTest
    @Outcome(id = {"1, 1", "0, 1", "1, 0"}, expect = Expect.ACCEPTABLE, desc = Crossed.ONE_SAW_HELD)
    @Outcome(id = "0, 0", expect = Expect.FORBIDDEN, desc = Crossed.BOTH_FREE_FORBIDDEN)
    @State
    public static class Fenced {
        private final QSpinLock a = new QSpinLock();
        private final QSpinLock b = new QSpinLock();
        private final QCpu cpu0 = a.newContext();
        private final QCpu cpu1 = b.newContext();

        @Actor
        public void cpu0(II_Result r) {
            a.lock(cpu0);
            VarHandle.fullFence();
            r.r1 = b.isLocked() ? 1 : 0;
        }

        @Actor
        public void cpu1(II_Result r) {
            b.lock(cpu1);
            VarHandle.fullFence();
            r.r2 = a.isLocked() ? 1 : 0;
        }
    }
}
