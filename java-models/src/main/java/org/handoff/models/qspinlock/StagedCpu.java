package org.handoff.models.qspinlock;


/**
 * Test support: a CPU of a {@link QSpinLock} (or a family built on it) whose slowpath a test ran up
 * to a point while another CPU holds the lock, so that the test can choose which thread runs the
 * rest of it and when. Built on the thread that builds the test's state; {@link #runHead} then runs
 * the rest, on any one thread. Litmus and Lincheck tests use it to put more CPUs in the queue than
 * they have threads (a jcstress test runs two actors, a Lincheck scenario reaches a queue of three
 * only after many context switches).
 */
public final class StagedCpu {
    private final QSpinLock lock;
    private final QCpu cpu;
    private final QNode node;
    private final int tail;
    /** The node it was linked behind, or null for a staged head. */
    private final QNode prev;

    private StagedCpu(QSpinLock lock, QCpu cpu, QNode node, int tail, QNode prev) {
        this.lock = lock;
        this.cpu = cpu;
        this.node = node;
        this.tail = tail;
        this.prev = prev;
    }

    /**
     * Stages {@code cpu} as a queue head with no predecessor, as if it had run the slowpath up to
     * {@code xchg_tail}: takes its node, initialises it and publishes it in the tail. The lock must
     * be held and nobody queued.
     */
    public static StagedCpu head(QSpinLock lock, QCpu cpu) {
        StagedCpu staged = stage(lock, cpu);
        if (staged.prev != null) {
            throw new IllegalStateException("a staged head needs an empty queue");
        }
        return staged;
    }

    /**
     * Stages {@code cpu} as a waiter queued behind the current tail, as if it had run the slowpath
     * up to its link to the predecessor ({@code WRITE_ONCE(prev->next, node)}), without
     * {@code pv_wait_node} and without its wait for {@code node->locked}. The lock must be held and
     * someone queued (a CPU staged before it).
     */
    public static StagedCpu waiter(QSpinLock lock, QCpu cpu) {
        StagedCpu staged = stage(lock, cpu);
        if (staged.prev == null) {
            throw new IllegalStateException("a staged waiter needs someone queued already");
        }
        return staged;
    }

    private static StagedCpu stage(QSpinLock lock, QCpu cpu) {
        int idx = lock.grabIndex(cpu);
        QNode node = cpu.node(idx);
        int tail = QLockWord.encodeTail(cpu.number(), idx);
        lock.initNode(node);
        lock.hooks.initNode(node);
        int old = lock.xchgTail(tail);
        if ((old & QLockWord.LOCKED_MASK) == 0) {
            throw new IllegalStateException("staging a queued CPU needs a held lock, word was 0x"
                    + Integer.toHexString(old));
        }
        QNode prev = null;
        if ((old & QLockWord.TAIL_MASK) != 0) {
            prev = lock.decodeTail(old);
            lock.linkPrev(prev, node);
        }
        return new StagedCpu(lock, cpu, node, tail, prev);
    }

    public QNode node() {
        return node;
    }

    public QCpu cpu() {
        return cpu;
    }

    /**
     * The staged CPU's slowpath from where it was staged on, run on the calling thread: for a
     * waiter, the wait for {@code node->locked} (through the lock's spin policy) and the read of
     * {@code node->next}; then, at the head, the wait for the lock, the claim and the hand-off of
     * the MCS lock. On return the staged CPU holds the lock, and the lock's {@code unlock} with
     * {@link #cpu()} releases it.
     */
    public void runHead() {
        QNode next = null;
        if (prev != null) {
            lock.spinNodeLocked(node);
            next = lock.readNext(node);
        }
        lock.atHead(cpu, node, tail, next);
    }
}
