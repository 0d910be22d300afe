package org.handoff.core;

import java.util.Locale;

/** What a check expects or produced. */
public enum Outcome {
    /** No property was violated. */
    PASS,
    /** A property was violated (the verdict names which). */
    FAIL,
    /** The checker itself failed: bad input, a crash, a time-out of the tool. */
    ERROR,
    /** The check did not run (for example, a jcstress test the harness skipped). */
    SKIPPED,
    /**
     * The check ran and found no violation, but it never exercised what it claims to check: an
     * action that its variant adds or replaces never fired (TLC's coverage), or the variant's own
     * hook never ran. Not a pass.
     */
    VACUOUS;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Outcome of(String id) {
        for (Outcome o : values()) {
            if (o.id().equals(id)) {
                return o;
            }
        }
        throw new HandoffException("unknown outcome '" + id + "' (known: pass, fail, error, skipped, vacuous)");
    }
}
