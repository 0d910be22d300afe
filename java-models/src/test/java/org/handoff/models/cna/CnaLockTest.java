package org.handoff.models.cna;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import org.handoff.models.SpinPolicy;
import org.handoff.models.cna.CnaProb;
import org.handoff.models.cna.CnaThreshold;
import org.handoff.models.qspinlock.QCpu;
import org.handoff.models.qspinlock.QLockWord;
import org.handoff.models.qspinlock.QSpinLock;
import org.handoff.models.qspinlock.StagedCpu;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("integration")
class CnaLockTest {

    private static final List<Supplier<CnaLock>> CORRECT = List.of(() -> new CnaLock(SpinPolicy.YIELDING),
            () -> new CnaProb(SpinPolicy.YIELDING).probArg(2),
            () -> new CnaThreshold(SpinPolicy.YIELDING).threshold(2));

    /**
     * Four threads on two nodes: no increment is lost, for each correct variant (yielding spins: four
     * spinning threads on two processors).
     */
    @Test
    void countsEveryIncrement() throws InterruptedException {
        for (Supplier<CnaLock> make : CORRECT) {
            CnaLock lock = make.get();
            int[] counter = new int[1];
            Thread[] ts = new Thread[4];
            for (int t = 0; t < ts.length; t++) {
                QCpu cpu = lock.newContext();
                ts[t] = new Thread(() -> {
                    for (int i = 0; i < 20_000; i++) {
                        lock.lock(cpu);
                        counter[0]++;
                        lock.unlock(cpu);
                    }
                });
                ts[t].start();
            }
            for (Thread t : ts) {
                t.join();
            }
            assertEquals(80_000, counter[0], lock.variant());
            assertEquals(0, lock.word(), lock.variant() + ": the lock is free at the end");
        }
    }

    /**
     * A staged queue head V (node 0) with A (node 1) and then B (node 0) queued behind it: V hands
     * the lock to B, moving A to the secondary queue, and B, finding the main queue empty, makes
     * the secondary queue the main queue and hands the MCS lock to A. Entry order B, A.
     */
    private static List<String> secondaryScenario(CnaLock lock) throws InterruptedException {
        lock.topology(Topology.of(0, 0, 1, 0));
        SpinPolicy bounded = SpinPolicy.bounded(2_000_000_000L);
        QCpu h = lock.newContext();
        QCpu v = lock.newContext();
        QCpu a = lock.newContext();
        QCpu b = lock.newContext();
        lock.lock(h);
        StagedCpu head = StagedCpu.head(lock, v);
        List<String> order = new CopyOnWriteArrayList<>();
        Thread ta = new Thread(() -> {
            lock.lock(a);
            order.add("A");
            lock.unlock(a);
        });
        ta.start();
        waitTail(lock, QLockWord.encodeTail(a.number(), 0), bounded);
        Thread tb = new Thread(() -> {
            lock.lock(b);
            order.add("B");
            lock.unlock(b);
        });
        tb.start();
        waitTail(lock, QLockWord.encodeTail(b.number(), 0), bounded);
        for (long i = 0; a.node(0).nextForTest() == null && bounded.keepSpinning(i); i++) {
            // B links behind A
        }
        lock.unlock(h);
        head.runHead();
        lock.unlock(v);
        ta.join(3000);
        tb.join(3000);
        boolean stuck = ta.isAlive() || tb.isAlive();
        if (stuck) {
            order.add("stuck");
            ta.interrupt();
            tb.interrupt();
        }
        return order;
    }

    private static void waitTail(CnaLock lock, int tail, SpinPolicy bounded) {
        for (long i = 0; (lock.word() & QLockWord.TAIL_MASK) != tail; i++) {
            assertTrue(bounded.keepSpinning(i), "the thread did not queue");
        }
    }

    @Test
    void localWaiterOvertakesAndTheSecondaryQueueFollows() throws InterruptedException {
        assertEquals(List.of("B", "A"), secondaryScenario(new CnaLock()));
    }

    @Test
    void mutantsStrandTheSecondaryQueue() throws InterruptedException {
        for (CnaLock m : List.of(new CnaMutants.LoseSecondary(SpinPolicy.bounded(4_000_000_000L)),
                new CnaMutants.SpliceNoTail(SpinPolicy.bounded(4_000_000_000L)),
                new CnaMutants.PassOne(SpinPolicy.bounded(4_000_000_000L)))) {
            List<String> order = secondaryScenario(m);
            assertEquals(List.of("B", "stuck"), order, m.variant());
        }
    }

    @Test
    void xorshiftIsTheKernelsAndSeeded() {
        CnaProb p = new CnaProb(SpinPolicy.FOREVER);
        p.seed(42);
        QCpu c = p.newContext();
        int s = CnaLock.initialState(42, 0);
        int v = s ^ (s << 6);
        v ^= v >>> 21;
        v ^= v << 7;
        assertEquals(v, p.xorRandom(c));
        p.seed(42);
        assertEquals(v, p.xorRandom(c), "the same seed replays the same sequence");
        int falses = 0;
        p.probArg(4);
        for (int i = 0; i < 40_000; i++) {
            if (!p.probably(c, 4)) {
                falses++;
            }
        }
        assertTrue(falses > 9_000 && falses < 11_000, "probably(4) is false about a quarter of the time: " + falses);
        assertThrows(IllegalArgumentException.class, () -> p.probArg(3));
    }

    @Test
    void topologyParsesAndRejects() {
        assertEquals(1, Topology.parse("0, 1,0").nodeOf(4));
        assertThrows(IllegalArgumentException.class, () -> Topology.parse("0,x"));
        assertThrows(IllegalArgumentException.class, () -> Topology.parse("-1"));
        assertFalse(Topology.DEFAULT.nodeOf(0) == Topology.DEFAULT.nodeOf(1));
    }
}
