package org.handoff.models.qspinlock;

import java.util.function.IntUnaryOperator;

/**
 * The lock word of one {@link QSpinLock} ({@code lock->val}): its layout, and the whole-word
 * accesses that the lock's steps and its hook sets make.
 *
 * <h2>Layout</h2>
 * One {@code int}, with the kernel's layout for {@code NR_CPUS >= 16K} ({@code _Q_PENDING_BITS == 1},
 * {@code include/asm-generic/qspinlock_types.h}):
 * <pre>
 *  bits  0- 7  locked byte      (_Q_LOCKED_MASK,   0x000000ff)
 *  bit      8  pending          (_Q_PENDING_MASK,  0x00000100)
 *  bits  9-10  tail node index  (_Q_TAIL_IDX_MASK, 0x00000600)
 *  bits 11-31  tail cpu + 1     (_Q_TAIL_CPU_MASK, 0xfffff800)
 * </pre>
 * That is the layout in which the kernel itself touches the word only as a whole (no byte or
 * half-word stores), which is all a Java {@code int} offers. The lock is free when the word is 0.
 * The state triple in the comments is the kernel's {@code (tail, pending, locked)}.
 *
 * <h2>Who gets one</h2>
 * The lock's users take and release it through {@link QSpinLock#lock}, {@link QSpinLock#unlock} and
 * {@link QSpinLock#tryLock}; they never see this object. The lock makes one at construction, uses
 * it for its own steps, and hands it to its hook set ({@link SlowpathHooks#attach}): a hook set
 * that changes the word itself (PV's unlock, unfair trylock and {@code _Q_SLOW_VAL} stores) does
 * so through it, with the ordering each access names.
 */
public final class QLockWord {
    public static final int LOCKED_OFFSET = 0;
    public static final int LOCKED_BITS = 8;
    public static final int LOCKED_MASK = 0xff;
    public static final int LOCKED_VAL = 1 << LOCKED_OFFSET;
    public static final int PENDING_OFFSET = LOCKED_OFFSET + LOCKED_BITS;
    public static final int PENDING_BITS = 1;
    public static final int PENDING_MASK = 1 << PENDING_OFFSET;
    public static final int PENDING_VAL = 1 << PENDING_OFFSET;
    public static final int TAIL_IDX_OFFSET = PENDING_OFFSET + PENDING_BITS;
    public static final int TAIL_IDX_BITS = 2;
    public static final int TAIL_IDX_MASK = ((1 << TAIL_IDX_BITS) - 1) << TAIL_IDX_OFFSET;
    public static final int TAIL_CPU_OFFSET = TAIL_IDX_OFFSET + TAIL_IDX_BITS;
    public static final int TAIL_CPU_BITS = 32 - TAIL_CPU_OFFSET;
    public static final int TAIL_MASK = TAIL_IDX_MASK | (((1 << TAIL_CPU_BITS) - 1) << TAIL_CPU_OFFSET);
    public static final int LOCKED_PENDING_MASK = LOCKED_MASK | PENDING_MASK;

    /** encode_tail(cpu, idx): the CPU number is stored plus one, so that a tail of 0 means no queue. */
    public static int encodeTail(int cpu, int idx) {
        return ((cpu + 1) << TAIL_CPU_OFFSET) | (idx << TAIL_IDX_OFFSET);
    }

    private final QSpinLock lock;

    QLockWord(QSpinLock lock) {
        this.lock = lock;
    }

    /** {@code atomic_read(&lock->val)}: the word, relaxed. */
    public int opaque() {
        return lock.mem.getOpaqueInt(QSpinLock.VAL, lock);
    }

    /** An acquire read of the word. */
    public int acquire() {
        return lock.mem.getAcquireInt(QSpinLock.VAL, lock);
    }

    /** A volatile compare-and-exchange of the whole word; returns the witness. */
    public int cmpxchg(int expect, int update) {
        return lock.mem.compareAndExchangeInt(QSpinLock.VAL, lock, expect, update);
    }

    /** An acquire compare-and-exchange of the whole word; returns the witness. */
    public int cmpxchgAcquire(int expect, int update) {
        return lock.mem.compareAndExchangeAcquireInt(QSpinLock.VAL, lock, expect, update);
    }

    /** A release compare-and-exchange of the whole word; returns the witness. */
    public int cmpxchgRelease(int expect, int update) {
        return lock.mem.compareAndExchangeReleaseInt(QSpinLock.VAL, lock, expect, update);
    }

    /** One of the compare-and-exchanges above, chosen by the step that calls {@link #fetchUpdate}. */
    @FunctionalInterface
    public interface Cmpxchg {
        int apply(QLockWord word, int expect, int update);
    }

    /**
     * One atomic read-modify-write of the whole word, the form every {@code atomic_fetch_or},
     * {@code atomic_andnot}, {@code atomic_add}, {@code xchg} and byte store of the kernel takes here
     * ({@code NR_CPUS >= 16K}): a relaxed first guess, then {@code cmpxchg} from the word last found
     * to {@code update} of it, until it finds the word it expected. Returns the word before the
     * update. The order is the {@code cmpxchg}'s, which each step passes as a lambda naming one of
     * the methods above, so that the step's access mode is in the step (where the access-mode table
     * reads it) and the loop is written once.
     */
    public int fetchUpdate(IntUnaryOperator update, Cmpxchg cmpxchg) {
        int old = opaque();
        while (true) {
            int witness = cmpxchg.apply(this, old, update.applyAsInt(old));
            if (witness == old) {
                return old;
            }
            old = witness;
        }
    }
}
