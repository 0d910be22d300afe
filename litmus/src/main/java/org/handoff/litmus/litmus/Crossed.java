package org.handoff.litmus.litmus;

import org.handoff.models.litmus.CrossedLocking;
import org.handoff.models.litmus.CrossedLocking.Read;
import org.handoff.models.litmus.CrossedLocking.Take;

/**
 * The state of one crossed-locking litmus sample: a fresh {@link CrossedLocking} in the given
 * modes. CPU 0 takes lock A and reads whether lock B is held; CPU 1 takes B and reads A. The
 * store-buffering shape (SB): {@code 0, 0} means each CPU read the other's lock before the other's
 * take reached it, and both went on into the region the pattern is meant to make exclusive.
 */
final class Crossed {
    static final String ONE_SAW_HELD = "At least one CPU saw the other's lock held: the crossed check excluded.";
    static final String BOTH_FREE_ALLOWED = "MutualExclusion: both CPUs saw the other's lock free (store buffering);"
            + " the JMM allows this in these modes.";
    static final String BOTH_FREE_FORBIDDEN = "MutualExclusion: both CPUs saw the other's lock free (store buffering);"
            + " the JMM forbids this in these modes.";

    private final CrossedLocking lock;

    Crossed(Take take, Read read) {
        this.lock = new CrossedLocking(take, read);
    }

    /** CPU {@code cpu}'s crossed step: 1 when it saw the other CPU's lock held, 0 when free. */
    int cpu(int cpu) {
        return lock.takeThenCheck(cpu) ? 1 : 0;
    }
}
