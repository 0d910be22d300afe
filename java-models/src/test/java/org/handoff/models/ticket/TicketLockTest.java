package org.handoff.models.ticket;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.handoff.models.Contention;
import org.handoff.models.OneThreadTrace;
import org.handoff.models.SpinPolicy;
import org.junit.jupiter.api.Test;

/**
 * Smoke tests of the port on real threads, and the counter wrap-around played out step by step on
 * one thread; the litmus and Lincheck modules do the real checking.
 */
class TicketLockTest {
    @Test
    void countsEveryIncrementUnderContentionAcrossTheWrap() throws InterruptedException {
        TicketLock lock = new TicketLock(1, SpinPolicy.FOREVER); // 2 ticket values for 2 threads
        assertEquals(40_000, Contention.count(lock, 2, 20_000, (cpu, thread, round, inside) -> {
            lock.lock(cpu);
            lock.lock(cpu); // recursion: the nested call returns at once
            inside.run();
            lock.unlock(cpu);
            lock.unlock(cpu);
        }));
    }

    @Test
    void recursionKeepsTheTicketAndPassesTheLockOnOnlyAtDepthZero() {
        TicketLock lock = new TicketLock(SpinPolicy.bounded(1_000_000));
        TicketLock.Cpu a = lock.newContext();
        TicketLock.Cpu b = lock.newContext();
        lock.lock(a);
        lock.lock(a);
        assertEquals(2, a.depth());
        assertEquals(1, a.ticket());
        lock.unlock(a); // depth 1: still held
        lock.lock(b); // b waits for a ticket that is not served: the bounded wait gives up
        assertTrue(lock.spinPolicy().gaveUp());
    }

    /** Three CPUs hold tickets at once: the holder, and two that drew tickets behind it. */
    private static boolean thirdIsServedBesideTheHolder(TicketLock lock) {
        TicketLock.Cpu holder = lock.newContext();
        TicketLock.Cpu second = lock.newContext();
        TicketLock.Cpu third = lock.newContext();
        lock.lock(holder);
        second.ticket = lock.mpLockTicket(); // second has drawn and not yet spun
        lock.lock(third); // served at once only if its ticket equals the holder's
        return !lock.spinPolicy().gaveUp() && third.ticket() == holder.ticket();
    }

    @Test
    void oneBitCountersServeAThirdCpuBesideTheHolder() {
        assertTrue(thirdIsServedBesideTheHolder(new TicketMutants.NarrowCounter(SpinPolicy.bounded(1_000_000))));
    }

    @Test
    void twoBitCountersMakeTheThirdCpuWait() {
        assertFalse(thirdIsServedBesideTheHolder(new TicketLock.Width2(SpinPolicy.bounded(1_000_000))));
    }

    @Test
    void widthIsChecked() {
        assertThrows(IllegalArgumentException.class, () -> new TicketLock(0, SpinPolicy.FOREVER));
        assertThrows(IllegalArgumentException.class, () -> new TicketLock(33, SpinPolicy.FOREVER));
        assertEquals(32, new TicketLock().width());
    }

    @Test
    void tracedStepsRecordTheCountersAsThePortHoldsThem() {
        List<String> w32 = OneThreadTrace.of(new TicketLock(), 3, 2);
        assertEquals(List.of("1 1 MpLockDepth depth=1", "2 1 MpLockTicket ticket=1", "3 1 MpLockSpin ticket=1",
                "4 1 MpLockDepth depth=2", "5 1 MpLockSpin ticket=1", "6 1 MpUnlock depth=1",
                "7 1 MpUnlock depth=0 loaded=1", "8 1 MpUnlockStore serving=2"), w32.subList(0, 8));
        assertEquals("18 1 MpLockTicket ticket=3", w32.get(17));
        // Two-bit counters wrap: the third ticket drawn is 3, the store after it serves 0.
        List<String> w2 = OneThreadTrace.of(new TicketLock.Width2(SpinPolicy.FOREVER), 3, 2);
        assertEquals("18 1 MpLockTicket ticket=3", w2.get(17));
        assertEquals("24 1 MpUnlockStore serving=0", w2.get(23));
        // The trace shows a release that leaves the served ticket where it was.
        assertEquals("8 1 MpUnlockStore serving=1",
                OneThreadTrace.of(new TicketMutants.ReleaseWrongCounter(SpinPolicy.bounded(1_000)), 3, 2).get(7));
    }
}
