package org.handoff.models.qspinlock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.handoff.models.Contention;
import org.handoff.models.SpinPolicy;
import org.junit.jupiter.api.Test;

/**
 * Smoke tests of the qspinlock port on real threads, and the nesting test that uses the interrupt
 * injection point; the litmus and Lincheck modules do the real checking.
 */
class QSpinLockTest {
    @Test
    void countsEveryIncrementWithTrylocksMixedIn() throws InterruptedException {
        QSpinLock lock = new QSpinLock();
        // Thread 1 takes every fourth round by trylock.
        assertEquals(40_000, Contention.count(lock, 2, 20_000, (cpu, thread, round, inside) -> {
            if (thread == 1 && (round & 3) == 0) {
                Contention.spinUntil(() -> lock.tryLock(cpu));
            } else {
                lock.lock(cpu);
            }
            inside.run();
            lock.unlock(cpu);
            assertEquals(0, cpu.count(), "the per-CPU node count is back to 0 after each release");
        }));
        assertEquals(0, lock.word());
    }

    @Test
    void theWordHasTheKernelLayoutForManyCpus() {
        assertEquals(0xff, QLockWord.LOCKED_MASK);
        assertEquals(0x100, QLockWord.PENDING_MASK);
        assertEquals(0x600, QLockWord.TAIL_IDX_MASK);
        assertEquals(0xfffffe00, QLockWord.TAIL_MASK);
        assertEquals(0x1ff, QLockWord.LOCKED_PENDING_MASK);
        assertEquals((1 << 11) | (3 << 9), QLockWord.encodeTail(0, 3));
    }

    @Test
    void trylockAndThePendingPath() {
        QSpinLock lock = new QSpinLock(SpinPolicy.bounded(TimeUnit.MILLISECONDS.toNanos(1)));
        QCpu a = lock.newContext();
        QCpu b = lock.newContext();
        assertTrue(lock.tryLock(a));
        assertEquals(QLockWord.LOCKED_VAL, lock.word());
        assertFalse(lock.tryLock(b));
        lock.lock(b); // takes pending, waits 1 ms for the holder, gives up and takes the lock anyway
        assertTrue(lock.spinPolicy().gaveUp());
        assertEquals(QLockWord.LOCKED_VAL, lock.word(), "pending cleared, locked set");
        assertThrows(IllegalArgumentException.class, () -> lock.lock(new QSpinLock().newContext()));
    }

    @Test
    void anInterruptTakesTheNextNode() throws InterruptedException {
        Outcome o = interruptedWhileQueued(false);
        assertFalse(o.gaveUp, "no wait gave up");
        assertEquals(1, o.nestedIndex, "the interrupt's acquisition used node 1");
        assertEquals(0, o.a.word());
        assertEquals(0, o.b.word());
    }

    @Test
    void nestedNodeReuseLosesTheSuccessor() throws InterruptedException {
        Outcome o = interruptedWhileQueued(true);
        assertEquals(0, o.nestedIndex, "the interrupt's acquisition reused node 0");
        assertTrue(o.gaveUp, "the successor's link was wiped: a wait could never succeed");
    }

    private record Outcome(QSpinLock a, QSpinLock b, int nestedIndex, boolean gaveUp) {
    }

    /**
     * CPU 1 queues on lock A (as its queue head, A being held and pending) and a second waiter R
     * links behind it. Then an interrupt on CPU 1 takes lock B on the queue path (B is held and
     * pending too) and releases it. With the kernel's order, the interrupt uses node 1 and A's queue
     * is intact; with {@code count} incremented late, it reinitialises node 0, wiping R's link, so
     * CPU 1 at the head of A waits for a successor link that never comes. Waits are bounded (1 s),
     * so the mutant ends with give-ups instead of hanging.
     */
    private Outcome interruptedWhileQueued(boolean mutant) throws InterruptedException {
        SpinPolicy spin = SpinPolicy.bounded(TimeUnit.SECONDS.toNanos(1));
        QMachine machine = new QMachine();
        QSpinLock a = mutant ? new QSpinLockMutants.NestedNodeReuse(spin, SlowpathHooks.NATIVE, machine)
                : new QSpinLock(spin, SlowpathHooks.NATIVE, machine);
        QSpinLock b = mutant ? new QSpinLockMutants.NestedNodeReuse(spin, SlowpathHooks.NATIVE, machine)
                : new QSpinLock(spin, SlowpathHooks.NATIVE, machine);
        QCpu holder = a.newContext(); // holds A and B from the start
        QCpu pendingA = a.newContext();
        QCpu pendingB = a.newContext();
        QCpu cpu1 = a.newContext();
        QCpu r = a.newContext();
        a.lock(holder);
        b.lock(holder);
        List<Thread> threads = new ArrayList<>();
        threads.add(start(() -> cycle(a, pendingA)));
        await(() -> (a.word() & QLockWord.PENDING_MASK) != 0);
        threads.add(start(() -> cycle(b, pendingB)));
        await(() -> (b.word() & QLockWord.PENDING_MASK) != 0);

        int[] nestedIndex = {-1};
        cpu1.interruptAt(QCpu.Step.QUEUED, () -> {
            await(() -> cpu1.node(0).nextForTest() != null); // R has linked behind node 0
            nestedIndex[0] = cpu1.count();                      // the index the nested acquisition takes
            b.lock(cpu1);
            b.unlock(cpu1);
        });
        threads.add(start(() -> cycle(a, cpu1)));
        int tail1 = QLockWord.encodeTail(cpu1.number(), 0);
        await(() -> (a.word() & QLockWord.TAIL_MASK) == tail1);
        threads.add(start(() -> cycle(a, r)));
        await(() -> (b.word() & QLockWord.TAIL_MASK) != 0); // the interrupt is queued on B
        b.unlock(holder);
        a.unlock(holder);
        for (Thread t : threads) {
            t.join(TimeUnit.SECONDS.toMillis(20));
            assertFalse(t.isAlive(), "a thread hung");
        }
        assertNotNull(cpu1.node(0));
        assertSame(cpu1, cpu1.node(0).cpu());
        return new Outcome(a, b, nestedIndex[0], spin.gaveUp());
    }

    private static void cycle(QSpinLock lock, QCpu cpu) {
        lock.lock(cpu);
        lock.unlock(cpu);
    }

    private static Thread start(Runnable r) {
        Thread t = new Thread(r);
        t.setDaemon(true);
        t.start();
        return t;
    }

    private static void await(BooleanSupplier condition) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("timed out waiting for a test condition");
            }
            Thread.yield();
        }
    }
}
