package org.handoff.models.pv;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The lock-to-node hash table of {@code qspinlock_paravirt.h} ({@code pv_lock_hash}, {@code pv_hash},
 * {@code pv_unhash}): where an unlocker that finds {@code _Q_SLOW_VAL} in the locked byte looks up
 * the halted queue head it must kick. The kernel has one table for all locks, sized by the number of
 * CPUs, probed linearly in cache-line-sized buckets; here it is a small open-addressed array probed
 * linearly from the lock's identity hash, one per {@link Paravirt} (so per lock unless shared).
 *
 * <h2>Hashed at most once</h2>
 * The protocol hashes a lock at most once per slow unlock: either the kicker in {@code pv_kick_node}
 * (when it moved the successor from halted to hashed) or the queue head itself in
 * {@code pv_wait_head_or_lock} (when it found its state not hashed), never both. A second entry for
 * the same lock is never removed by the one {@code pv_unhash} that follows, and a later unlock may
 * then kick the stale entry's vCPU instead of the halted head. {@link #hash} counts an insertion
 * that finds an entry for the same lock already present ({@link #doubleHashes()}), and
 * {@link #entriesFor} counts what is left once nobody holds the lock: both must be 0
 * (HashConsistent).
 */
public final class PvHashTable {
    private static final VarHandle KEYS = MethodHandles.arrayElementVarHandle(Object[].class);
    private static final VarHandle NODES = MethodHandles.arrayElementVarHandle(PvNode[].class);

    /** Default number of entries: ample for one lock (one entry in use at a time when correct). */
    public static final int DEFAULT_SIZE = 16;

    private final Object[] keys;
    private final PvNode[] nodes;
    private final int mask;
    private final AtomicInteger doubleHashes = new AtomicInteger();
    private final AtomicInteger missing = new AtomicInteger();

    public PvHashTable() {
        this(DEFAULT_SIZE);
    }

    /** A table of {@code size} entries, a power of two. */
    public PvHashTable(int size) {
        if (size < 1 || Integer.bitCount(size) != 1) {
            throw new IllegalArgumentException("size must be a power of two: " + size);
        }
        keys = new Object[size];
        nodes = new PvNode[size];
        mask = size - 1;
    }

    private int start(Object lock) {
        int h = System.identityHashCode(lock) * 0x9E3779B9; // hash_ptr: a multiplicative hash
        return (h ^ (h >>> 16)) & mask;
    }

    /**
     * pv_hash(lock, node): claim a free entry with {@code cmpxchg(&he->lock, NULL, lock)}, then
     * {@code WRITE_ONCE(he->node, node)}; returns the entry (the kernel returns {@code &he->lock}).
     * The kernel calls {@code BUG()} when no entry is free; here that throws.
     */
    public int hash(Object lock, PvNode node) {
        for (int i = 0; i <= mask; i++) {
            if (KEYS.getVolatile(keys, i) == lock) {
                doubleHashes.incrementAndGet(); // not in the kernel: the HashConsistent check
                break;
            }
        }
        int s = start(lock);
        for (int n = 0; n <= mask; n++) {
            int i = (s + n) & mask;
            if (KEYS.compareAndExchange(keys, i, (Object) null, lock) == null) {
                // WRITE_ONCE; release here, ordered before the _Q_SLOW_VAL store that publishes it
                NODES.setRelease(nodes, i, node);
                return i;
            }
        }
        throw new IllegalStateException("HashConsistent: the PV hash table is full (the kernel's BUG() in pv_hash)");
    }

    /**
     * pv_unhash(lock): the first entry for {@code lock}: read its node, then
     * {@code WRITE_ONCE(he->lock, NULL)}. Null when there is none (the kernel's {@code BUG()}),
     * counted in {@link #missing()}.
     */
    public PvNode unhash(Object lock) {
        int s = start(lock);
        for (int n = 0; n <= mask; n++) {
            int i = (s + n) & mask;
            if (KEYS.getAcquire(keys, i) == lock) {
                PvNode node = (PvNode) NODES.getAcquire(nodes, i);
                clear(i);
                return node;
            }
        }
        missing.incrementAndGet();
        return null;
    }

    /**
     * {@code WRITE_ONCE(he->lock, NULL)}: the entry is free again. pv_unhash frees the entry it read;
     * the queue head that hashed itself and then found the lock free takes its entry back
     * ({@code WRITE_ONCE(*lp, NULL)}).
     */
    public void clear(int entry) {
        KEYS.setRelease(keys, entry, null);
    }

    /** How many entries name {@code lock} now (0 whenever nobody holds it and nobody waits). */
    public int entriesFor(Object lock) {
        int c = 0;
        for (int i = 0; i <= mask; i++) {
            if (KEYS.getVolatile(keys, i) == lock) {
                c++;
            }
        }
        return c;
    }

    /** Insertions that found an entry for the same lock already there. */
    public int doubleHashes() {
        return doubleHashes.get();
    }

    /** Slow unlocks that found no entry for their lock. */
    public int missing() {
        return missing.get();
    }
}
