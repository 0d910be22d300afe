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
 * The state of the secondary-queue litmus tests: a queue of three in which the head's successor is
 * on another node than the head and the node after it on the same node, with two threads.
 *
 * <p>CPU 0 (node 0) holds the lock from construction; CPU 1 (node 0) is staged as the queue head
 * ({@link StagedCpu#head}: the lock is held, so it published its node in the tail and
 * waits at the head). The actors are CPU 2 (actor 0, node 1) and CPU 3 (actor 1, node 0); both find
 * a tail and queue behind CPU 1, in either order. The second to link runs the rest for CPUs 0 and 1
 * on its own thread, from {@code pv_wait_node}, standing for those CPUs: CPU 0 releases, CPU 1 takes
 * the lock at the head, hands it on with CNA and releases it. When actor 0 queued first, CPU 1 skips
 * it (remote) for actor 1 (local): actor 0 goes to the secondary queue and actor 1, finding the main
 * queue empty, makes the secondary queue the main queue again and hands the MCS lock to actor 0.
 * When actor 1 queued first, the hand-off is FIFO: CPU 1 to actor 1 (local, the immediate
 * successor), actor 1 to actor 0.
 *
 * <p>CPU 1's steps run on an actor's thread, so its hand-off to that actor is program order; the
 * cross-thread hand-offs are CPU 1's to the other actor and the actors' to each other.
 */
final class StagedSecondaryQueue implements SlowpathHooks {
    /** The NUMA node of CPU 0, 1, 2, 3. */
    static final Topology TOPOLOGY = Topology.of(0, 0, 1, 0);

    private CnaLock lock;
    private QCpu holder;
    private StagedCpu head;
    /** Set by the actor that runs CPUs 0 and 1; there is one per sample. */
    private volatile boolean ran;

    /** A lock built by {@code make}, with CPU 0 holding it and CPU 1 staged at the head. */
    static <L extends CnaLock> L build(SpinPolicy spin, BiFunction<SpinPolicy, SlowpathHooks, L> make) {
        StagedSecondaryQueue s = new StagedSecondaryQueue();
        L lock = make.apply(spin, s);
        lock.topology(TOPOLOGY);
        s.lock = lock;
        s.holder = lock.newContext();
        QCpu staged = lock.newContext();
        lock.lock(s.holder); // uncontended: the fast path
        s.head = StagedCpu.head(lock, staged);
        return lock;
    }

    @Override
    public void waitNode(QNode node, QNode prev) {
        if (prev == head.node() || ran) {
            return; // the first actor to link: the other has yet to
        }
        ran = true;
        lock.unlock(holder);
        head.runHead();
        lock.unlock(head.cpu());
    }
}
