package org.handoff.models.pv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.handoff.models.SpinPolicy;
import org.handoff.models.qspinlock.QCpu;
import org.handoff.models.qspinlock.QNode;
import org.handoff.models.qspinlock.QSpinLock;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The PV port under overcommit: more threads than processors (8 on this 2-core machine), so that
 * vCPUs really halt and must be kicked. There is no timing assertion: the JUnit timeout of each
 * test is the hang detector (a lost wake-up parks a thread for ever, and the run never ends). The
 * limit is generous (a run takes seconds; the limit is minutes) so that a loaded machine does not
 * trip it.
 */
@Tag("integration")
class PvQSpinLockTest {
    static final int THREADS = 8;
    static final int ACQUISITIONS = 4_000;

    private static final List<Supplier<PvQSpinLock>> CORRECT = List.of(
            () -> new PvQSpinLock(SpinPolicy.YIELDING),
            () -> new PvQSpinLock.WaitEarly(SpinPolicy.YIELDING),
            () -> new PvQSpinLock.WaitEarlyMerged(SpinPolicy.YIELDING));

    /**
     * Runs THREADS threads of ACQUISITIONS acquisitions each; returns the halts seen. With
     * {@code preempt}, every eighth critical section yields the processor, as a preempted lock holder
     * (the case PV exists for): waiters then outlast their spin thresholds and halt.
     */
    static int overcommit(QSpinLock lock, Paravirt pv, boolean preempt) throws InterruptedException {
        int[] counter = new int[1];
        Thread[] ts = new Thread[THREADS];
        for (int t = 0; t < ts.length; t++) {
            QCpu cpu = lock.newContext();
            ts[t] = new Thread(() -> {
                for (int i = 0; i < ACQUISITIONS; i++) {
                    lock.lock(cpu);
                    counter[0]++;
                    if (preempt && (i & 7) == 0) {
                        Thread.yield();
                    }
                    lock.unlock(cpu);
                }
            });
            ts[t].start();
        }
        for (Thread t : ts) {
            t.join();
        }
        assertEquals(THREADS * ACQUISITIONS, counter[0], lock.variant() + ": no increment lost");
        assertEquals(0, lock.word(), lock.variant() + ": the lock is free at the end");
        assertEquals(0, pv.table().entriesFor(lock), lock.variant() + ": no hash entry left (HashConsistent)");
        assertEquals(0, pv.table().doubleHashes(), lock.variant() + ": never hashed twice (HashConsistent)");
        assertEquals(0, pv.table().missing(), lock.variant() + ": every slow unlock found its entry");
        assertEquals(0, pv.corruptUnlocks(), lock.variant() + ": no unlock found a corrupt locked byte");
        return pv.halts();
    }

    /** Kernel thresholds ({@code SPIN_THRESHOLD} = 1 << 15): every variant terminates. */
    @Test
    @Timeout(value = 10, unit = TimeUnit.MINUTES) // the hang detector
    void overcommitKernelThresholds() throws InterruptedException {
        for (Supplier<PvQSpinLock> make : CORRECT) {
            PvQSpinLock lock = make.get();
            int halts = overcommit(lock, lock.paravirt(), false);
            System.out.printf("pv overcommit %s (SPIN_THRESHOLD %d): %d threads x %d, %d halts%n", lock.variant(),
                    lock.paravirt().spinThreshold(), THREADS, ACQUISITIONS, halts);
        }
    }

    /**
     * Short thresholds (16 spins, checks of the previous node at every iteration, wait-early enabled
     * from the start) and holders that yield inside the critical section: waiters halt, so the kick, hash and unhash paths run thousands
     * of times. Every variant terminates, and halts really happened.
     */
    @Test
    @Timeout(value = 10, unit = TimeUnit.MINUTES) // the hang detector
    void overcommitShortThresholds() throws InterruptedException {
        for (Supplier<PvQSpinLock> make : CORRECT) {
            PvQSpinLock lock = make.get();
            lock.paravirt().spinThreshold(16).checkMask(0).initialWaithist(Paravirt.PV_WAITHIST_MAX);
            int halts = overcommit(lock, lock.paravirt(), true);
            System.out.printf("pv overcommit %s (SPIN_THRESHOLD 16, preempted holders): %d threads x %d, %d halts%n", lock.variant(),
                    THREADS, ACQUISITIONS, halts);
            assertTrue(halts > 0, lock.variant() + ": some vCPU halted");
        }
    }

    /**
     * For the staged tests: spin loops give up after 10,000 iterations. The only loop that reaches
     * it here is {@code pv_hybrid_queued_unfair_trylock}, which spins for as long as a queue exists
     * and its head does not spin; giving up there means queueing, which is what the staging needs.
     */
    static final SpinPolicy QUEUE_SOON = iteration -> {
        Thread.onSpinWait();
        return iteration < 10_000;
    };

    private static void awaitState(Paravirt pv, QNode node, int state) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (pv.pv(node).state() != state) {
            assertTrue(System.nanoTime() - deadline < 0, "node never reached state " + state);
            Thread.sleep(1);
        }
    }

    private static Thread acquirer(QSpinLock lock, QCpu cpu, List<String> order, String name) {
        Thread t = new Thread(() -> {
            lock.lock(cpu);
            order.add(name);
            lock.unlock(cpu);
        }, name);
        t.start();
        return t;
    }

    /**
     * The cna-pv finding, staged: V (node 0) is a queue head while H holds the lock; A (node 1) and
     * then B (node 0) queue behind it and halt. V takes the lock and CNA hands it to B (local),
     * moving A to the secondary queue, but {@code pv_kick_node} is called on A, the original
     * {@code next}: A is hashed and later kicked for nothing, and B, halted and handed the lock, is
     * never kicked. The test shows B still parked with the lock handed to it, then rescues the
     * threads by unparking them (which is why it terminates).
     */
    @Test
    @Timeout(value = 2, unit = TimeUnit.MINUTES)
    void cnaPvLosesTheWakeupOfALocalSuccessor() throws InterruptedException {
        CnaPvLock lock = new CnaPvLock(QUEUE_SOON);
        strandsTheLocalSuccessor(lock, lock.paravirt());
    }

    /**
     * The same finding with another CNA policy composed with PV by hooks alone, as a variant in any
     * package would: {@code cna-threshold}'s public {@code (SpinPolicy, Hooks)} constructor given the
     * PV hook set. The kick goes to the original successor whatever the policy chose.
     */
    @Test
    @Timeout(value = 2, unit = TimeUnit.MINUTES)
    void cnaThresholdOnPvHooksLosesItToo() throws InterruptedException {
        Paravirt pv = new Paravirt(PvVariant.PV);
        strandsTheLocalSuccessor(new org.handoff.models.cna.CnaThreshold(QUEUE_SOON, pv), pv);
    }

    private static void strandsTheLocalSuccessor(org.handoff.models.cna.CnaLock lock, Paravirt pv)
            throws InterruptedException {
        lock.topology(org.handoff.models.cna.Topology.parse("0,0,1,0"));
        pv.spinThreshold(16);
        QCpu h = lock.newContext();
        QCpu v = lock.newContext();
        QCpu a = lock.newContext();
        QCpu b = lock.newContext();
        List<String> order = new java.util.concurrent.CopyOnWriteArrayList<>();
        lock.lock(h);
        var head = org.handoff.models.qspinlock.StagedCpu.head(lock, v); // this thread is V's vCPU
        Thread ta = acquirer(lock, a, order, "A");
        awaitState(pv, a.node(0), Paravirt.VCPU_HALTED);
        Thread tb = acquirer(lock, b, order, "B");
        awaitState(pv, b.node(0), Paravirt.VCPU_HALTED);
        lock.unlock(h);
        head.runHead(); // V holds the lock; CNA passed it to B, pv_kick_node went to A
        lock.unlock(v); // unhashes A and kicks A
        tb.join(2_000);
        boolean bStranded = tb.isAlive();
        int bState = pv.pv(b.node(0)).state();
        int bLocked = b.node(0).readLocked();
        // Rescue: unpark until both finish (a spurious wake-up for the protocol).
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while ((ta.isAlive() || tb.isAlive()) && System.nanoTime() - deadline < 0) {
            java.util.concurrent.locks.LockSupport.unpark(ta);
            java.util.concurrent.locks.LockSupport.unpark(tb);
            Thread.sleep(5);
        }
        System.out.printf("cna-pv staged: B stranded=%b (state %d, locked 0x%x), order after rescue %s%n", bStranded,
                bState, bLocked, order);
        assertTrue(bStranded, "B should still be parked: nobody kicks a halted node CNA handed the lock to");
        assertEquals(Paravirt.VCPU_HALTED, bState, "B halted and not hashed");
        assertTrue(bLocked != 0, "B was handed the MCS lock");
        assertEquals(List.of("B", "A"), order, "after the rescue, B and then A (secondary queue) entered");
    }

    /** The same staging with the plain PV lock: the halted successor is kicked and all enter. */
    @Test
    @Timeout(value = 2, unit = TimeUnit.MINUTES)
    void pvKicksTheHaltedSuccessor() throws InterruptedException {
        PvQSpinLock lock = new PvQSpinLock(QUEUE_SOON);
        kicksTheHaltedSuccessor(lock, lock.paravirt());
    }

    /**
     * A PV hook set keeps the lock word of the one lock it serves ({@code attach}): a second lock
     * built on the same hook set is refused, where it would otherwise write the first lock's word.
     */
    @Test
    void aHookSetServesOneLock() {
        Paravirt pv = new Paravirt(PvVariant.PV);
        new org.handoff.models.cna.CnaThreshold(SpinPolicy.FOREVER, pv);
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> new org.handoff.models.cna.CnaThreshold(SpinPolicy.FOREVER, pv));
        assertTrue(e.getMessage().contains("serves one lock"), e.getMessage());
    }

    /**
     * CNA composed with PV by hooks alone: the staging above on {@code cna-threshold} given the PV
     * hook set, one NUMA node (so the policy keeps queue order). The head hashes itself only on the
     * {@code pv_enabled()} path (natively it would take pending and spin), and only PV's unlock
     * unhashes and kicks it (natively it would stay parked, and the hash entry would stay).
     */
    @Test
    @Timeout(value = 2, unit = TimeUnit.MINUTES)
    void cnaComposesWithPvThroughTheHooks() throws InterruptedException {
        Paravirt pv = new Paravirt(PvVariant.PV);
        kicksTheHaltedSuccessor(new org.handoff.models.cna.CnaThreshold(QUEUE_SOON, pv), pv);
    }

    private static void kicksTheHaltedSuccessor(QSpinLock lock, Paravirt pv) throws InterruptedException {
        pv.spinThreshold(16);
        QCpu h = lock.newContext();
        QCpu a = lock.newContext();
        QCpu b = lock.newContext();
        List<String> order = new java.util.concurrent.CopyOnWriteArrayList<>();
        lock.lock(h);
        Thread ta = acquirer(lock, a, order, "A"); // the queue head: hashes itself and halts
        awaitState(pv, a.node(0), Paravirt.VCPU_HASHED);
        Thread tb = acquirer(lock, b, order, "B");
        awaitState(pv, b.node(0), Paravirt.VCPU_HALTED);
        lock.unlock(h);
        ta.join(60_000);
        tb.join(60_000);
        assertEquals(List.of("A", "B"), order);
        assertEquals(0, pv.table().entriesFor(lock));
    }
}
