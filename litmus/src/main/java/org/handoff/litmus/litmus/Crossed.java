package org.handoff.litmus.litmus;

import java.util.function.IntPredicate;
import java.util.function.Supplier;
import org.handoff.litmus.LockChoice;
import org.handoff.models.litmus.CrossedLocking;
import org.handoff.models.litmus.CrossedLocking.Read;
import org.handoff.models.litmus.CrossedLocking.Take;

/**
 * The state of one crossed-locking litmus sample. CPU 0 takes lock A and reads whether lock B is
 * held; CPU 1 takes B and reads A. The store-buffering shape (SB): {@code 0, 0} means each CPU read
 * the other's lock before the other's take reached it, and both went on into the region the
 * pattern is meant to make exclusive. The entry's variant names the locks:
 * <ul>
 * <li>a cell of the mode matrix, {@code <take>-take-<read>-read}: a fresh {@link CrossedLocking}
 *     in those modes ({@link CrossedLocking#cell});
 * <li>{@code qspinlock-unfenced} or {@code qspinlock-fenced}: two qspinlock ports, the check
 *     {@code queued_spin_is_locked} without or with the caller's {@code smp_mb()}
 *     ({@link QSpinLockCrossed}).
 * </ul>
 *
 * <p>Whether the JMM allows {@code 0, 0} ({@link #jmmForbidsBothFree}, {@link QSpinLockCrossed})
 * decides which of the two tests runs a variant, since jcstress grades by annotations:
 * {@link CrossedJmmAllows} marks it {@code ACCEPTABLE_INTERESTING} (seeing it is no JVM bug, but
 * still a MutualExclusion failure of the pattern, which is how the runner counts it),
 * {@link CrossedJmmForbids} marks it {@code FORBIDDEN}. A variant named under the wrong test stops
 * that test before its first sample.
 */
final class Crossed {
    static final String ONE_SAW_HELD = "At least one CPU saw the other's lock held: the crossed check excluded.";
    static final String BOTH_FREE_ALLOWED = "MutualExclusion: both CPUs saw the other's lock free (store buffering);"
            + " the JMM allows this in these modes.";
    static final String BOTH_FREE_FORBIDDEN = "MutualExclusion: both CPUs saw the other's lock free (store buffering);"
            + " the JMM forbids this in these modes.";

    /** CPU {@code cpu}'s step: take its own lock, then whether the other's was held. */
    private final IntPredicate takeThenCheck;

    private Crossed(IntPredicate takeThenCheck) {
        this.takeThenCheck = takeThenCheck;
    }

    /** A variant's samples, and whether the JMM allows {@code 0, 0} in it. */
    private record Variant(boolean jmmAllows, Supplier<Crossed> samples) {
    }

    /**
     * The samples of the variant the runner named for {@code test} ({@link LockChoice#mode}): the
     * JMM allows {@code 0, 0} there exactly when {@code allows}.
     */
    static Supplier<Crossed> cell(Class<?> test, boolean allows) {
        return LockChoice.mode(test, Crossed::variant, Variant::jmmAllows, allows,
                allows ? CrossedJmmForbids.class : CrossedJmmAllows.class).samples();
    }

    private static Variant variant(String name) {
        if (name.startsWith("qspinlock-")) {
            Boolean fenced = QSpinLockCrossed.fenced(name);
            return fenced == null ? null
                    : new Variant(!fenced, () -> new Crossed(new QSpinLockCrossed(fenced)::takeThenCheck));
        }
        CrossedLocking cell = CrossedLocking.cell(name);
        Take take = cell.takeMode();
        Read read = cell.readMode();
        return new Variant(!jmmForbidsBothFree(take, read),
                () -> new Crossed(new CrossedLocking(take, read)::takeThenCheck));
    }

    /**
     * Whether the JMM forbids both CPUs reading the other's lock free, for a take in mode
     * {@code take} and a read in mode {@code read}:
     * <ul>
     * <li>a volatile {@code compareAndSet} take and a volatile read: forbidden. Both are
     *     synchronization actions, in one total order consistent with program order, in which one
     *     CPU's take precedes the other's read.
     * <li>an opaque, release or CAS take and a fenced read ({@code smp_mb(); READ_ONCE()}): forbidden.
     *     {@code fullFence()} orders the take, at least opaque, before the read.
     * <li>a plain take and a fenced read: allowed. A racy plain store is not ordered even by a full
     *     fence (the fence orders only accesses that are at least opaque). HotSpot emits the store
     *     before the fence's {@code lock addl}, and arm64 a {@code dmb ish} between the {@code str}
     *     and the {@code ldar}, so no hardware model lets both in once the fence is emitted
     *     ({@code SpinIsLockedWeak_PlainTakeFencedRead_TSO} and {@code _WMO} hold); only a compiler
     *     that moves the store past the fence could, and the manifest's kind for it is
     *     {@code compiler}.
     * <li>a CAS take and a plain, opaque or acquire read: allowed. Only the take is sequentially
     *     consistent; a weaker read after it may be satisfied early. x86's {@code lock cmpxchg}
     *     drains the store buffer before the read, so x86 is not expected to show it; POWER and arm64
     *     can.
     * <li>a plain, opaque or release take and any other read: allowed. Nothing orders the take
     *     before the read (neither access is a full fence, and a volatile read after a non-volatile
     *     store is none either). x86 is expected to show it: the store waits in the store buffer
     *     while the later load reads memory.
     * </ul>
     */
    static boolean jmmForbidsBothFree(Take take, Read read) {
        return read == Read.FENCED ? take != Take.PLAIN : take == Take.CAS && read == Read.VOLATILE;
    }

    /** CPU {@code cpu}'s crossed step: 1 when it saw the other CPU's lock held, 0 when free. */
    int cpu(int cpu) {
        return takeThenCheck.test(cpu) ? 1 : 0;
    }
}
