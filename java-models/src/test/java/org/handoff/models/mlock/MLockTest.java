package org.handoff.models.mlock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Smoke tests of the port on real threads; the litmus and Lincheck modules do the real checking. */
class MLockTest {
    private long counter;

    @Test
    void countsEveryIncrementUnderContention() throws InterruptedException {
        MLock lock = new MLock();
        List<Thread> ts = new ArrayList<>();
        for (int t = 0; t < 2; t++) {
            ts.add(new Thread(() -> {
                MLock.Me me = lock.newContext();
                for (int i = 0; i < 20_000; i++) {
                    lock.lock(me);
                    counter++;
                    lock.unlock(me);
                }
            }));
        }
        ts.forEach(Thread::start);
        for (Thread t : ts) {
            t.join();
        }
        assertEquals(40_000, counter);
        assertEquals("mlock", lock.family());
    }

    @Test
    void anUncontendedReleaseKeepsTheOwnNode() {
        MLock lock = new MLock();
        MLock.Me me = lock.newContext();
        MLock.Node mine = me.node();
        for (int i = 0; i < 3; i++) {
            lock.lock(me);
            lock.unlock(me);
            assertSame(mine, me.node(), "no successor: the node does not migrate");
        }
    }
}
