package org.handoff.models.litmus;

import org.handoff.models.SpinPolicy;
import org.handoff.models.Variant;

/**
 * Seeded bugs in {@link CrossedLocking}, each replacing one step. The manifest says which level
 * must catch each one.
 */
public final class CrossedLockingMutants {
    private CrossedLockingMutants() {
    }

    /**
     * {@code spin_is_locked} without the {@code smp_mb()} (the powerpc change of 2021) on a lock whose
     * taking store can be delayed: an opaque take, an opaque read. Nothing orders the store before
     * the read, so both CPUs may read the other's lock as free. A weak-memory mistake: the spec's
     * store-buffer model (specs/litmus/mutants/SpinIsLocked_NoMb.tla) and jcstress on x86 show it, a
     * sequentially consistent checker cannot.
     */
    @Variant("unfenced-is-locked")
    public static class Unfenced extends CrossedLocking {
        public Unfenced(SpinPolicy spin) {
            super(Take.OPAQUE, Read.OPAQUE, spin);
        }
    }

    /**
     * The other lock read before one's own is taken: the reordering a store buffer makes, written
     * into program order, so a sequentially consistent checker sees it too.
     */
    @Variant("check-before-take")
    public static class CheckBeforeTake extends CrossedLocking {
        public CheckBeforeTake(SpinPolicy spin) {
            super(spin);
        }

        @Override
        public boolean takeThenCheck(int cpu) {
            boolean busy = isLocked(1 - cpu);
            take(cpu);
            return busy;
        }
    }
}
