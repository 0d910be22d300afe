package org.handoff.models.qspinlock;

/**
 * The CPUs that locks can name in their tails: {@code decode_tail} maps a CPU number back to
 * its queue area through here. Locks that share CPUs must share their machine.
 */
public final class QMachine {
    private volatile QCpu[] cpus = new QCpu[0];

    /** A new CPU, numbered from 0 in order of creation. */
    public synchronized QCpu newCpu() {
        QCpu[] old = cpus;
        if (old.length >= (1 << QLockWord.TAIL_CPU_BITS) - 1) {
            throw new IllegalStateException("no more CPU numbers in the tail");
        }
        QCpu cpu = new QCpu(this, old.length);
        QCpu[] grown = java.util.Arrays.copyOf(old, old.length + 1);
        grown[old.length] = cpu;
        cpus = grown;
        return cpu;
    }

    QCpu cpu(int number) {
        return cpus[number];
    }
}
