package org.handoff.models;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.handoff.models.mcs.McsLock;
import org.handoff.models.mcs.McsMutants;
import org.junit.jupiter.api.Test;

/** A port's variant name: its {@link Variant}, inherited by a subclass without one. */
class VariantTest {
    /** A subclass that stages a step, as a litmus test does: still the mutant it extends. */
    static final class Staged extends McsMutants.LateInit {
        Staged() {
            super(SpinPolicy.FOREVER);
        }
    }

    /** A port that names no variant. */
    static final class Unnamed implements HandoffPort {
        @Override
        public String family() {
            return "mcs";
        }
    }

    @Test
    void theAnnotationNamesTheVariantAndASubclassKeepsIt() {
        assertEquals("mcs", new McsLock(SpinPolicy.FOREVER).variant());
        assertEquals("late-init", new McsMutants.LateInit(SpinPolicy.FOREVER).variant());
        assertEquals("late-init", new Staged().variant());
    }

    @Test
    void aPortThatNamesNoVariantIsOneLineNamingIt() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> new Unnamed().variant());
        assertEquals(Unnamed.class.getName() + " names no variant: annotate it @Variant(\"<name>\")", e.getMessage());
    }
}
