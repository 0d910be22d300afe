package org.handoff.core;

import java.util.Locale;

/** The levels at which a lock is checked. The JSON name is the lower-case form. */
public enum Level {
    /** TLA+ specs model-checked by TLC. */
    TLC,
    /** Java ports stressed under the Java Memory Model by jcstress. */
    JCSTRESS,
    /** Java ports model-checked (sequentially consistent) by Lincheck. */
    LINCHECK,
    /** Java traces validated against the specs (later issue). */
    CROSSCHECK;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Level of(String id) {
        for (Level l : values()) {
            if (l.id().equals(id)) {
                return l;
            }
        }
        throw new HandoffException("unknown level '" + id + "' (known: tlc, jcstress, lincheck, crosscheck)");
    }
}
