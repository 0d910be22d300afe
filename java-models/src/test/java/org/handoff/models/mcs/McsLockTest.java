package org.handoff.models.mcs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.handoff.models.HandoffLock;
import org.handoff.models.SpinPolicy;
import org.junit.jupiter.api.Test;

/** Smoke tests of the port on real threads; the litmus and Lincheck modules do the real checking. */
class McsLockTest {
    private long counter;

    private <C> void hammer(HandoffLock<C> lock, int threads, int rounds) throws InterruptedException {
        List<Thread> ts = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            ts.add(new Thread(() -> {
                C ctx = lock.newContext(); // one node per thread, reused every round
                for (int i = 0; i < rounds; i++) {
                    lock.lock(ctx);
                    counter++;
                    lock.unlock(ctx);
                }
            }));
        }
        ts.forEach(Thread::start);
        for (Thread t : ts) {
            t.join();
        }
    }

    @Test
    void countsEveryIncrementUnderContention() throws InterruptedException {
        McsLock lock = new McsLock();
        hammer(lock, 2, 20_000); // no more threads than cores: a preempted holder stalls spinning waiters
        assertEquals(40_000, counter);
        assertEquals("mcs", lock.family());
        assertEquals("mcs", lock.variant());
    }

    @Test
    void aBoundedWaitGivesUpAndSaysSo() {
        McsLock lock = new McsLock(SpinPolicy.bounded(1_000_000));
        McsLock.Node holder = lock.newContext();
        McsLock.Node waiter = lock.newContext();
        lock.lock(holder);
        assertFalse(lock.spinPolicy().gaveUp());
        lock.lock(waiter); // nobody hands off: the bounded wait gives up after 1 ms
        assertTrue(lock.spinPolicy().gaveUp());
    }

    @Test
    void mutantsNameThemselves() {
        assertEquals("non-atomic-tail", new McsMutants.NonAtomicTail().variant());
        assertEquals("plain-store-handoff", new McsMutants.PlainStoreHandoff().variant());
        assertEquals("mcs", new McsMutants.LateInit().family());
    }
}
