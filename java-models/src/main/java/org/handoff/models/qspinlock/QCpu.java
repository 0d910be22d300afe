package org.handoff.models.qspinlock;

/**
 * A CPU's per-CPU queue area ({@code qnodes[MAX_NODES]} and {@code qnodes[0].mcs.count}), the
 * per-thread context of {@link QSpinLock}. Used by one thread at a time.
 *
 * <p>The kernel gives each CPU {@code MAX_NODES} = 4 queue nodes, one per context that can nest
 * (task, softirq, hardirq, NMI), and a counter {@code count} of those in use. An acquisition taken
 * while another of the same CPU is in its slowpath uses the next node. The tail names a node by
 * CPU number and index ({@code encode_tail}), so the CPUs a lock can meet are numbered in a
 * {@link QMachine}: locks that share CPUs (nesting across locks) share the machine.
 *
 * <p>{@link #interruptAt} is the test-only injection point: a {@link Runnable} run once, on the
 * acquiring thread, at a chosen {@link Step} of the queue path, as an interrupt handler would run
 * there. It can take other locks with the same {@code QCpu}, which is what nesting means.
 */
public final class QCpu {
    /** Where {@link #interruptAt} can fire, on the queue path. */
    public enum Step {
        /** Right after the node is taken ({@code grab_mcs_node}) and initialised, before it is published. */
        NODE_TAKEN,
        /** Right after the node is published in the tail ({@code xchg_tail}), before it waits in the queue. */
        QUEUED
    }

    final QMachine machine;
    final int number;
    final QNode[] nodes = new QNode[QSpinLock.MAX_NODES];
    /** Nodes in use by this CPU's slowpaths, outermost first; only its own thread touches it. */
    int count;
    private Step interruptStep;
    private Runnable interrupt;

    QCpu(QMachine machine, int number) {
        this.machine = machine;
        this.number = number;
        for (int i = 0; i < QSpinLock.MAX_NODES; i++) {
            nodes[i] = new QNode(this, i);
        }
    }

    /** {@code smp_processor_id()}. */
    public int number() {
        return number;
    }

    /** This CPU's node {@code idx} (tests only). */
    public QNode node(int idx) {
        return nodes[idx];
    }

    /** How many of this CPU's nodes are in use (tests only). */
    public int count() {
        return count;
    }

    /**
     * Test-only: run {@code handler} once, on this CPU's thread, the next time one of its
     * acquisitions reaches {@code step} on the queue path, as an interrupt arriving there. The
     * handler may take and release other locks with this {@code QCpu}.
     */
    public void interruptAt(Step step, Runnable handler) {
        this.interruptStep = step;
        this.interrupt = handler;
    }

    /** The injection point: the pending interrupt, if it is due at {@code step}, runs now. */
    void maybeInterrupt(Step step) {
        Runnable handler = interrupt;
        if (handler != null && interruptStep == step) {
            interrupt = null; // one-shot: the handler's own acquisitions do not re-enter it
            handler.run();
        }
    }
}
