package org.handoff.crosscheck;

import org.handoff.core.HandoffException;
import org.handoff.models.HandoffLock;
import org.handoff.models.HandoffPort;
import org.handoff.models.combining.CombiningLock;

/**
 * What each thread of a recorded run does with the port, one operation at a time. The workload
 * follows from the port's type ({@link #of}): a {@link HandoffLock} is taken and released; a
 * {@link CombiningLock} is handed requests to run. A new kind of port adds its case there.
 */
interface Workload {
    /** A short name, written in each trace's header. */
    String name();

    /** A fresh per-thread context; the recorder names the thread by it in other threads' events. */
    Object newContext();

    /** One operation of the calling thread: an acquisition and its release, or one request. */
    void op(Object context);

    /** The workload that drives {@code port}; {@code nest} nested acquisitions per operation (locks only). */
    static Workload of(HandoffPort port, int nest) {
        if (port instanceof HandoffLock<?> lock) {
            return new Locking(lock, nest);
        }
        if (port instanceof CombiningLock combining) {
            if (nest != 1) {
                throw new HandoffException("nest applies to locks only; a combining lock takes requests");
            }
            return new Requests(combining);
        }
        throw new HandoffException("no trace workload drives a " + port.getClass().getName()
                + " (known: HandoffLock, CombiningLock)");
    }

    /** Take the lock ({@code nest} nested times), leave at once, release it as often. */
    final class Locking implements Workload {
        private final HandoffLock<Object> lock;
        private final int nest;

        @SuppressWarnings("unchecked")
        Locking(HandoffLock<?> lock, int nest) {
            this.lock = (HandoffLock<Object>) lock;
            this.nest = nest;
        }

        @Override
        public String name() {
            return "lock";
        }

        @Override
        public Object newContext() {
            return lock.newContext();
        }

        @Override
        public void op(Object ctx) {
            // The critical section is empty: what matters is the order of the lock's own steps,
            // which the trace records and the spec judges.
            for (int d = 0; d < nest; d++) {
                lock.lock(ctx);
            }
            for (int d = 0; d < nest; d++) {
                lock.unlock(ctx);
            }
        }
    }

    /**
     * Submit one request and wait for its result. The request counts its own executions and returns
     * the count, so the result the submitter reads (recorded by the port's AliReturn event) is how
     * often its request ran: 1 for a correct port. The trace map (specs/combining/trace/CombiningTrace.tla)
     * holds it against the spec's {@code runs}, which makes a request that ran twice, or not at all,
     * show in the trace even when the extra run happened inside another step.
     */
    final class Requests implements Workload {
        private final CombiningLock lock;

        Requests(CombiningLock lock) {
            this.lock = lock;
        }

        @Override
        public String name() {
            return "requests";
        }

        @Override
        public Object newContext() {
            return lock.newContext();
        }

        @Override
        public void op(Object ctx) {
            // Fresh for every request; published to the holder with the request by the port's xchg
            // (and, while recording, by the recorder's lock, under which the request runs).
            int[] ran = new int[1];
            lock.alispinlock((CombiningLock.Node) ctx, unused -> ++ran[0], 0);
        }
    }
}
