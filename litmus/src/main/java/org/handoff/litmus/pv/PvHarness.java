package org.handoff.litmus.pv;

import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.handoff.litmus.LockHarness;
import org.handoff.litmus.ForwardingLock;
import org.handoff.models.SpinPolicy;
import org.handoff.models.pv.CnaPvLock;
import org.handoff.models.pv.Paravirt;
import org.handoff.models.pv.PvQSpinLock;
import org.handoff.models.qspinlock.QCpu;
import org.handoff.models.qspinlock.QSpinLock;
import org.openjdk.jcstress.infra.results.IIIII_Result;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * {@link LockHarness} around a PV lock, with two more result columns: {@code r4}, whether a park
 * timed out after the event it waited for with no kick on its way (a lost wake-up); {@code r5},
 * whether the hash table broke HashConsistent (a second entry for the lock, a slow unlock that found
 * none, or an entry left once both actors are done).
 *
 * <p>The lock runs with short thresholds ({@value #SPIN_THRESHOLD} spins before halting, the previous
 * node checked at every iteration, wait-early enabled from the start) so that two actors reach the
 * halting paths, and with parks bounded to {@code handoff.litmus.pvParkMs} (default
 * {@value #DEFAULT_PARK_MS} ms): a correct lock's kick comes within the holder's critical section
 * and unlock, microseconds; a lost one never comes.
 *
 * <p>The holder keeps the lock for {@value #HOLD_SPINS} spin-wait hints more before each unlock (a
 * few microseconds). Without that, a critical section of two increments ends before the other
 * actor has got through the slowpath's entry, and the waiter takes the lock without ever halting
 * (0 halts in 3,000 two-thread trials measured; with the hold, about a third of the trials halt at
 * least once).
 */
public final class PvHarness {
    public static final int SPIN_THRESHOLD = 8;
    public static final long DEFAULT_PARK_MS = 200;
    public static final int HOLD_SPINS = 200;
    static final long PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(Long.getLong("handoff.litmus.pvParkMs", DEFAULT_PARK_MS));

    private final LockHarness<QCpu> h;
    private QSpinLock lock;
    private Paravirt pv;

    public PvHarness(Function<SpinPolicy, ? extends QSpinLock> make) {
        h = LockHarness.of(spin -> {
            QSpinLock l = make.apply(spin);
            lock = l;
            pv = paravirtOf(l);
            pv.spinThreshold(SPIN_THRESHOLD).checkMask(0).initialWaithist(Paravirt.PV_WAITHIST_MAX)
                    .parkNanos(PARK_NANOS);
            return new Held(l);
        });
    }

    /** The lock, held {@value #HOLD_SPINS} spin-wait hints longer before each unlock. */
    private static final class Held extends ForwardingLock<QCpu> {
        Held(QSpinLock lock) {
            super(lock);
        }

        @Override
        public void unlock(QCpu cpu) {
            for (int i = 0; i < HOLD_SPINS; i++) {
                Thread.onSpinWait();
            }
            port.unlock(cpu);
        }
    }

    static Paravirt paravirtOf(QSpinLock l) {
        if (l instanceof PvQSpinLock p) {
            return p.paravirt();
        }
        if (l instanceof CnaPvLock c) {
            return c.paravirt();
        }
        throw new IllegalArgumentException("not a PV lock: " + l.getClass().getName());
    }

    public void increment(int actor, int times) {
        h.increment(actor, times);
    }

    /** Actor {@code actor} enters once, reads {@code x, y} and writes them back incremented ({@link LockHarness#readThenWrite}). */
    public void readThenWrite(int actor, IIIII_Result r) {
        h.readThenWrite(actor, r);
    }

    /** What each actor read and whether a wait gave up ({@link LockHarness#report(IIIII_Result)}). */
    public void reportReads(IIIII_Result r) {
        h.report(r);
    }

    /** x, y, gave up (as {@link LockHarness#report(III_Result)}), lost wake-up, hash inconsistency. */
    public void report(IIIII_Result r) {
        III_Result t = new III_Result();
        h.report(t);
        r.r1 = t.r1;
        r.r2 = t.r2;
        r.r3 = t.r3;
        r.r4 = pv.lostWakeups() > 0 ? 1 : 0;
        r.r5 = pv.table().doubleHashes() + pv.table().missing() + pv.table().entriesFor(lock) > 0 ? 1 : 0;
    }
}
