package org.handoff.models;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The variant name of a port class, as its family's manifest spells it in the {@code ports} table
 * ({@link HandoffPort#variant}). A subclass without one of its own is the variant it extends (a test
 * that stages a mutant's step keeps the mutant's name), so a variant that is another's subclass
 * names itself.
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Variant {
    /** The variant name ("mcs", "non-atomic-tail"). */
    String value();
}
