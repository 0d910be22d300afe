package org.handoff.models.qspinlock;

/**
 * A CPU's per-CPU queue area ({@code qnodes[QSpinLock.MAX_NODES]} and {@code qnodes[0].mcs.count}), the
 * per-thread context of this lock. Used by one thread at a time.
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
