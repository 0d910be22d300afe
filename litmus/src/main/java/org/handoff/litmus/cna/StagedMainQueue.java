package org.handoff.litmus.cna;

import java.util.function.BiFunction;
import org.handoff.models.SpinPolicy;
import org.handoff.models.cna.CnaLock;
import org.handoff.models.cna.Topology;
import org.handoff.models.qspinlock.QCpu;
import org.handoff.models.qspinlock.QNode;
import org.handoff.models.qspinlock.QSpinLock;
import org.handoff.models.qspinlock.SlowpathHooks;
import org.handoff.models.qspinlock.StagedCpu;

/**
 * The state of the main-queue litmus tests: a queue of four or five behind a holder, two or three
 * of them staged, with two threads, so that the secondary queue goes back ahead of a main queue
 * that still has a waiter, receives a run of two waiters at once, or receives a second move.
 *
 * <p>CPU 0 (node 0) holds the lock from construction; CPU 1 (node 0) is staged as the queue head
 * and CPU 2 (node 1) as a waiter behind it ({@link StagedCpu#waiter}: linked, not yet spinning);
 * in the {@link #withLocal} shape CPU 3 (node 0) is staged behind CPU 2 as well. The actors are the
 * next two CPUs: actor 0 on node 1, actor 1 on node 0; both queue behind the last staged CPU, in
 * either order. The second to link runs CPU 0's release and the staged node-0 CPUs' parts (take
 * the lock, hand it on with CNA, release it), as in {@link StagedSecondaryQueue}. CPU 2's part (its
 * wait for the MCS lock, the lock, its hand-off and its release) runs on actor 0's thread, from its
 * {@code pv_wait_node}, before actor 0 waits for its own MCS lock.
 *
 * <p>Without the local staged waiter ({@link #build}), the two orders take different paths:
 * <ul>
 * <li>actor 1 linked first (queue 1, 2, a1, a0): CPU 1 skips CPU 2 for actor 1 (one waiter moved);
 *     actor 1 finds no waiter on its node behind it and splices the secondary queue back ahead of
 *     actor 0 ({@code cna_pass_lock}'s flush, main queue not empty): CPU 2, then actor 0.
 * <li>actor 0 linked first (queue 1, 2, a0, a1): CPU 1 skips CPU 2 and actor 0, a run of two, for
 *     actor 1 ({@code find_successor:run}); actor 1 finds the main queue empty and makes the
 *     secondary queue of two the main one ({@code cna_try_clear_tail}): CPU 2, then actor 0.
 * </ul>
 * With it ({@link #withLocal}):
 * <ul>
 * <li>actor 1 linked first (queue 1, 2, 3, a1, a0): CPU 1 skips CPU 2 for CPU 3, which hands the
 *     lock to actor 1, its immediate successor, with the secondary queue; actor 1 splices it back
 *     ahead of actor 0.
 * <li>actor 0 linked first (queue 1, 2, 3, a0, a1): CPU 1 skips CPU 2 for CPU 3; CPU 3 skips
 *     actor 0 for actor 1, the second move onto a secondary queue that holds one waiter already
 *     ({@code find_successor:append}); actor 1 makes the secondary queue of two the main one.
 * </ul>
 * Either way actor 1 enters before actor 0. The hand-off across threads is actor 1's to CPU 2 in
 * every order, and a staged node-0 CPU's to actor 1 when actor 0 ran it; the others are program
 * order on one thread.
 */
final class StagedMainQueue implements SlowpathHooks {
    private CnaLock lock;
    private QCpu holder;
    /** The staged CPUs the second actor to link runs, in queue order (CPU 1, and CPU 3 if staged). */
    private StagedCpu[] local;
    /** CPU 2, run by actor 0. */
    private StagedCpu remote;
    /** The last staged CPU: the first actor to link finds it as its predecessor. */
    private StagedCpu last;
    /** Actor 0's CPU number. */
    private int actor0;
    /** Set by the actor that runs CPUs 0 and the staged node-0 CPUs; there is one per sample. */
    private volatile boolean ranLocal;

    /** A lock built by {@code make}, with CPU 0 holding it, CPU 1 staged at the head and CPU 2 behind it. */
    static <L extends CnaLock> L build(SpinPolicy spin, BiFunction<SpinPolicy, SlowpathHooks, L> make) {
        return build(spin, make, false);
    }

    /** {@link #build} with CPU 3 (node 0) staged behind CPU 2. */
    static <L extends CnaLock> L withLocal(SpinPolicy spin, BiFunction<SpinPolicy, SlowpathHooks, L> make) {
        return build(spin, make, true);
    }

    private static <L extends CnaLock> L build(SpinPolicy spin, BiFunction<SpinPolicy, SlowpathHooks, L> make,
            boolean withLocal) {
        StagedMainQueue s = new StagedMainQueue();
        L lock = make.apply(spin, s);
        lock.topology(withLocal ? Topology.of(0, 0, 1, 0, 1, 0) : Topology.of(0, 0, 1, 1, 0));
        s.lock = lock;
        s.holder = lock.newContext();
        QCpu first = lock.newContext();
        QCpu second = lock.newContext();
        QCpu third = withLocal ? lock.newContext() : null;
        s.actor0 = withLocal ? 4 : 3; // the harness makes the actors' contexts next
        lock.lock(s.holder); // uncontended: the fast path
        StagedCpu head = StagedCpu.head(lock, first);
        s.remote = StagedCpu.waiter(lock, second);
        if (third == null) {
            s.local = new StagedCpu[] {head};
            s.last = s.remote;
        } else {
            StagedCpu behind = StagedCpu.waiter(lock, third);
            s.local = new StagedCpu[] {head, behind};
            s.last = behind;
        }
        return lock;
    }

    @Override
    public void waitNode(QNode node, QNode prev) {
        boolean second = prev != last.node();
        if (second && !ranLocal) {
            ranLocal = true;
            lock.unlock(holder);
            for (StagedCpu c : local) {
                c.runHead();
                lock.unlock(c.cpu());
            }
        }
        if (node.cpu().number() == actor0) { // CPU 2 runs first on actor 0's thread
            remote.runHead();
            lock.unlock(remote.cpu());
        }
    }
}
