package org.handoff.litmus.litmus;

import java.lang.invoke.VarHandle;
import org.handoff.models.qspinlock.QCpu;
import org.handoff.models.qspinlock.QSpinLock;

/**
 * Crossed locking on the qspinlock port. Each CPU takes its own {@link QSpinLock} with
 * {@code queued_spin_lock} (the fast path: {@code compareAndExchangeAcquire}, the kernel's
 * {@code atomic_try_cmpxchg_acquire}) and then asks whether the other CPU's lock is held. The
 * entry's variant says whether the caller fences between the two:
 * <ul>
 * <li>{@code qspinlock-unfenced}: {@code queued_spin_is_locked} as it is since the powerpc change,
 *     an opaque read ({@link QSpinLock#isLocked()}), no barrier. The take is an acquire
 *     compare-and-exchange, whose store orders nothing before later accesses: the JMM allows
 *     {@code 0, 0}, and so do POWER and arm64 (the LL/SC store can still be in flight). On x86 the
 *     compare-and-exchange is a {@code lock cmpxchg}, a full barrier, so x86 is not expected to show
 *     it. Run by {@link CrossedJmmAllows}.
 * <li>{@code qspinlock-fenced}: the caller orders the check itself, as a caller must since the
 *     change, with {@code smp_mb()} ({@link VarHandle#fullFence()}) between its {@code spin_lock}
 *     and {@code spin_is_locked} (which is the pre-change powerpc helper, barrier included). The
 *     take's store and the read are at least opaque and the fence orders them: the JMM forbids
 *     {@code 0, 0}. Run by {@link CrossedJmmForbids}.
 * </ul>
 */
final class QSpinLockCrossed {
    private final QSpinLock a = new QSpinLock();
    private final QSpinLock b = new QSpinLock();
    private final QCpu cpu0 = a.newContext();
    private final QCpu cpu1 = b.newContext();
    private final boolean fenced;

    QSpinLockCrossed(boolean fenced) {
        this.fenced = fenced;
    }

    /** Whether the variant {@code name} fences: true, false, or null when it is no variant of this shape. */
    static Boolean fenced(String name) {
        return switch (name) {
            case "qspinlock-fenced" -> Boolean.TRUE;
            case "qspinlock-unfenced" -> Boolean.FALSE;
            default -> null;
        };
    }

    /** CPU {@code cpu}'s step: take its own lock, then whether it saw the other's held. */
    boolean takeThenCheck(int cpu) {
        (cpu == 0 ? a : b).lock(cpu == 0 ? cpu0 : cpu1);
        if (fenced) {
            VarHandle.fullFence();
        }
        return (cpu == 0 ? b : a).isLocked();
    }
}
