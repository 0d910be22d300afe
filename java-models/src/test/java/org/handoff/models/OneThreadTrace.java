package org.handoff.models;

import java.util.List;
import org.handoff.models.trace.TraceRecorder;
import org.handoff.models.trace.Traceable;

/**
 * The trace of one thread alone on a port, as the unit tests compare it with the spec's action
 * names: spec thread 1 of 1, no pauses, so the steps come in program order and name the nodes as
 * the spec would.
 */
public final class OneThreadTrace {
    private OneThreadTrace() {
    }

    /**
     * The event lines of {@code rounds} acquisitions by one traced thread, each made of
     * {@code depth} nested lock calls and as many unlocks (depth 1: a plain lock and unlock).
     */
    public static <C, L extends HandoffLock<C> & Traceable> List<String> of(L lock, int rounds, int depth) {
        TraceRecorder rec = new TraceRecorder(1, 0, 1, Long.MAX_VALUE);
        lock.traceTo(rec);
        C me = lock.newContext();
        rec.register(1, me);
        for (int i = 0; i < rounds; i++) {
            for (int d = 0; d < depth; d++) {
                lock.lock(me);
            }
            for (int d = 0; d < depth; d++) {
                lock.unlock(me);
            }
        }
        return rec.events().stream().map(TraceRecorder.Event::line).toList();
    }
}
