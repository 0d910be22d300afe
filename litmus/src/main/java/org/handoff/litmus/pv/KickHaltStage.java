package org.handoff.litmus.pv;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.handoff.models.SpinPolicy;
import org.handoff.models.pv.Paravirt;
import org.handoff.models.pv.PvLitmus;
import org.handoff.models.pv.PvQSpinLock;
import org.handoff.models.qspinlock.QCpu;
import org.handoff.models.qspinlock.QNode;
import org.handoff.models.qspinlock.QSpinLock;

/**
 * The staged state of the kick/halt litmus tests: CPU A holds the lock; CPU B's node 0 is linked
 * behind it (initialised by {@code pv_init_node}, {@code locked == 0}), either still running (the
 * store-buffering tests) or already halted (the hash tests). The actors then run one half each of
 * the handshake: A the MCS hand-off and {@code pv_kick_node}; B its re-check after halting, or its
 * wake-up as the new queue head.
 *
 * <p>Both actors first meet at a {@link #rendezvous} (each announces itself and spins, a bounded
 * number of times, until the other has too), so that their steps overlap within a few tens of
 * nanoseconds rather than the microseconds by which jcstress's start of the two actors can differ:
 * the races these tests look for (a load passing a buffered store; a cmpxchg between a read and a
 * write) are that narrow. The rendezvous orders nothing that the steps after it rely on: it only
 * changes when they run.
 */
public final class KickHaltStage {
    /** B's wait for the hand-off in the hash tests gives up after this long (A always hands off). */
    static final long WAIT_NANOS = TimeUnit.SECONDS.toNanos(1);

    final PvQSpinLock lock;
    final Paravirt pv;
    final QNode b;
    final SpinPolicy spin = SpinPolicy.bounded(WAIT_NANOS);
    private final AtomicInteger arrived = new AtomicInteger();
    /** Sink of the warming reads. */
    int warm;
    /** Spins of the rendezvous before an actor goes on alone (the other is not running). */
    static final int RENDEZVOUS_SPINS = 1 << 16;

    KickHaltStage(Function<SpinPolicy, ? extends PvQSpinLock> make, boolean halted) {
        lock = make.apply(spin);
        pv = lock.paravirt();
        QCpu a = lock.newContext();
        QCpu cpuB = lock.newContext();
        lock.lock(a); // the fast path: A holds the lock
        b = cpuB.node(0);
        pv.initNode(b);
        if (halted) {
            PvLitmus.stageHalted(pv, b);
        }
    }

    /** Wait, a bounded time, until both actors are here. */
    void rendezvous() {
        arrived.incrementAndGet();
        for (int i = 0; i < RENDEZVOUS_SPINS && arrived.get() < 2; i++) {
            Thread.onSpinWait();
        }
    }

    /** A: hand-off and pv_kick_node; 1 when the kick hashed the lock to B. */
    int kick() {
        warm = pv.pv(b).state(); // bring B's state into this CPU's cache (see the class comment)
        rendezvous();
        return lock.litmusHandOffAndKick(b) ? 1 : 0;
    }

    /** B (running): smp_store_mb(state, halted) and the re-read; 1 when it saw the hand-off. */
    int haltAndRecheck() {
        warm = b.readLocked(); // bring node->locked into this CPU's cache (see the class comment)
        rendezvous();
        return PvLitmus.haltAndRecheck(pv, b) ? 0 : 1;
    }

    /** B (halted): wake on the hand-off, become the head; 1 when it will hash the lock itself. */
    int wakeAsHead() {
        rendezvous();
        return PvLitmus.wakeAsHead(pv, b, spin) ? 1 : 0;
    }

    /** Whether B's wait for the hand-off gave up (never in a sample where A ran). */
    int gaveUp() {
        return spin.gaveUp() ? 1 : 0;
    }
}
