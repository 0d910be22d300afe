package org.handoff.models.ticket;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.handoff.models.Contention;
import org.handoff.models.SpinPolicy;
import org.junit.jupiter.api.Test;

/**
 * The one-word ticket lock on one thread, step by step: the layout, the wrap-around, and the
 * trylock A-B-A of Linux 202fb4ef81e3 played out between a trylock's load and its CAS, which the
 * correct comparison refuses and {@link TicketMutants.TrylockAba} accepts. Then a smoke test on
 * real threads; the Lincheck module does the real checking.
 */
class Arm64TicketLockTest {
    @Test
    void kernelWidthPutsOwnerLowAndNextHigh() {
        Arm64TicketLock lock = new Arm64TicketLock(SpinPolicy.FOREVER);
        TicketLock.Cpu a = lock.newContext();
        lock.lock(a);
        assertEquals(0x0001_0000, lock.word()); // next = 1, owner = 0
        lock.unlock(a);
        assertEquals(0x0001_0001, lock.word());
        assertTrue(lock.tryLock(a));
        assertEquals(1, a.ticket());
        assertEquals(0x0002_0001, lock.word());
        assertFalse(lock.tryLock(lock.newContext()));
        lock.unlock(a);
        assertEquals(0x0002_0002, lock.word());
    }

    @Test
    void widthIsChecked() {
        assertThrows(IllegalArgumentException.class, () -> new Arm64TicketLock(0, SpinPolicy.FOREVER));
        assertThrows(IllegalArgumentException.class, () -> new Arm64TicketLock(17, SpinPolicy.FOREVER));
    }

    @Test
    void oneBitCountersWrapWithoutTouchingTheOtherField() {
        Arm64TicketLock lock = new Arm64TicketLock.Width1(SpinPolicy.FOREVER);
        TicketLock.Cpu a = lock.newContext();
        for (int i = 0; i < 5; i++) {
            lock.lock(a);
            assertEquals((i + 1) % 2, lock.next(lock.word()));
            assertEquals(i % 2, lock.owner(lock.word()));
            lock.unlock(a);
            assertEquals(0, lock.word() & 0x7fff_fffe, "no bit outside the two fields");
        }
    }

    /** CPU 1 loads a free word; CPU 2 locks, unlocks and locks again (two draws: a full wrap of next). */
    private static int abaWindow(Arm64TicketLock lock) {
        TicketLock.Cpu other = lock.newContext();
        int old = lock.archSpinTrylockRead();
        assertEquals(lock.owner(old), lock.next(old));
        lock.lock(other);
        lock.unlock(other);
        lock.lock(other); // holds the lock: owner moved, next is back where CPU 1 read it
        int found = lock.archSpinTrylockCas(old);
        assertTrue(found != old, "the CAS must fail: the owner half differs");
        assertEquals(lock.next(old), lock.next(found));
        return lock.trylockSucceeded(old, found) ? 1 : 0;
    }

    @Test
    void wholeWordComparisonRefusesTheWrappedWord() {
        assertEquals(0, abaWindow(new Arm64TicketLock.Width1(SpinPolicy.FOREVER)));
    }

    @Test
    void nextFieldComparisonTakesAHeldLock() {
        assertEquals(1, abaWindow(new TicketMutants.TrylockAba(SpinPolicy.FOREVER)));
    }

    @Test
    void threadsMixingLockAndTrylockCountExactly() throws InterruptedException {
        for (Arm64TicketLock lock : List.of(new Arm64TicketLock(SpinPolicy.FOREVER), new Arm64TicketLock.Width1(SpinPolicy.FOREVER))) {
            // Thread 0 takes every round by trylock, thread 1 by lock.
            assertEquals(40_000, Contention.count(lock, 2, 20_000, (cpu, thread, round, inside) -> {
                if (thread == 0) {
                    Contention.spinUntil(() -> lock.tryLock(cpu));
                } else {
                    lock.lock(cpu);
                }
                inside.run();
                lock.unlock(cpu);
            }), "width " + lock.width());
        }
    }
}
