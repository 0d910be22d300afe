package org.handoff.models;

/**
 * What every Java port has, whatever its interface: the family and variant names that tie it to
 * its spec, its jcstress tests, its Lincheck tests and the manifest. Locks implement it through
 * {@link HandoffLock}; a port that is not a lock/unlock lock (the combining lock, which runs
 * submitted requests) implements it directly.
 */
public interface HandoffPort {
    /** The family name, the same at every level ("mcs"). */
    String family();

    /**
     * The variant name; for a mutant, the mutant's name as the manifest spells it. By default the
     * {@link Variant} the class declares or inherits; an {@link IllegalStateException} naming the
     * class when it has none.
     */
    default String variant() {
        return Variants.of(getClass());
    }
}
