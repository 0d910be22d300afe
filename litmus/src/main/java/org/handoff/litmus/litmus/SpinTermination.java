package org.handoff.litmus.litmus;

import java.util.Locale;
import org.handoff.litmus.LockChoice;
import org.handoff.models.litmus.CrossedLocking;
import org.handoff.models.litmus.CrossedLocking.Read;
import org.handoff.models.litmus.CrossedLocking.Take;

/**
 * The spin-wait primitive, in jcstress's termination mode: lock B is held from the state's
 * construction; the actor spins until it is free ({@link CrossedLocking#awaitFree}, a loop with an
 * empty body over {@code isLocked}); the signal, sent while the actor spins, releases B. Whether
 * the spin ends depends on the read mode alone. This is why the kernel spins with
 * {@code READ_ONCE} / {@code smp_cond_load_relaxed} and never on a plain read.
 *
 * <p>The entry's variant names the read, {@code <read>-spin} ({@code plain-spin}); two tests run
 * it, by the JMM's answer ({@link #jmmAllowsStale}): {@link SpinTerminationJmmAllows} and
 * {@link SpinTerminationJmmForbids}.
 */
final class SpinTermination {
    static final String TERMINATED = "The spin saw the lock released and ended.";
    static final String STALE_ALLOWED = "DeadlockFreedom: the spin never saw the release (the read was hoisted);"
            + " the JMM allows it for a plain read.";
    static final String STALE_FORBIDDEN = "DeadlockFreedom: the spin never saw the release; the JMM forbids it"
            + " for this read.";

    private SpinTermination() {
    }

    /** The read mode the variant name {@code <read>-spin} names, or null. */
    static Read read(String variant) {
        for (Read r : Read.values()) {
            if ((r.name().toLowerCase(Locale.ROOT) + "-spin").equals(variant)) {
                return r;
            }
        }
        return null;
    }

    /**
     * Whether the JMM allows the spin never to end ({@code STALE}) for a read in mode {@code read}:
     * only for a plain read, which has no progress guarantee (the JIT may read the word once and
     * hoist the read out of the loop). An opaque read ({@code READ_ONCE}) reads memory in each
     * iteration and eventually sees a write to its variable; an acquire read
     * ({@code smp_cond_load_acquire}), a volatile one, and a fence and a read, are stronger.
     */
    static boolean jmmAllowsStale(Read read) {
        return read == Read.PLAIN;
    }

    /** The read the runner named for {@code test} ({@link LockChoice#mode}), whose hang the JMM {@code allows} or not. */
    static Read read(Class<?> test, boolean allows) {
        return LockChoice.mode(test, SpinTermination::read, SpinTermination::jmmAllowsStale, allows,
                allows ? SpinTerminationJmmForbids.class : SpinTerminationJmmAllows.class);
    }

    /** A lock whose word B is held, read in mode {@code read}. */
    static CrossedLocking held(Read read) {
        CrossedLocking lock = new CrossedLocking(Take.OPAQUE, read);
        lock.take(1);
        return lock;
    }
}
