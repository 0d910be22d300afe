package org.handoff.models.qspinlock;

/** A queue node: the kernel's {@code struct mcs_spinlock} inside {@code struct qnode}. */
public final class QNode {
    final QCpu cpu;
    final int idx;
    QNode next;
    int locked;
    /** Mutant bookkeeping only ({@link QSpinLockMutants.NestedNodeReuse}); the kernel node has no such field. */
    boolean countedLate;

    QNode(QCpu cpu, int idx) {
        this.cpu = cpu;
        this.idx = idx;
    }

    public QCpu cpu() {
        return cpu;
    }

    public int index() {
        return idx;
    }

    /** The node's successor link as this thread sees it now (tests only). */
    public QNode nextForTest() {
        return (QNode) QSpinLock.NEXT.getVolatile(this); // unrecorded: tests only
    }

    /**
     * {@code READ_ONCE(node->locked)} for hook sets in other packages (the PV hooks read their
     * own and their predecessor's {@code locked}). Acquire, as the native wait's read: stronger
     * than the kernel's relaxed read, never weaker.
     */
    public int readLocked() {
        return (int) QSpinLock.NODE_LOCKED.getAcquire(this); // unrecorded: PV's reads, each its step's only access or merged as PVSteps merges it
    }
}
