package org.handoff.models.mcs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.handoff.models.Contention;
import org.handoff.models.SpinPolicy;
import org.junit.jupiter.api.Test;

/** Smoke tests of the port on real threads; the litmus and Lincheck modules do the real checking. */
class McsLockTest {
    @Test
    void countsEveryIncrementUnderContention() throws InterruptedException {
        McsLock lock = new McsLock();
        assertEquals(40_000, Contention.count(lock, 2, 20_000));
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
}
