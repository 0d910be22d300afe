package org.handoff.litmus.litmus;

import org.handoff.models.litmus.CrossedLocking;
import org.handoff.models.litmus.CrossedLocking.Read;
import org.handoff.models.litmus.CrossedLocking.Take;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Mode;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.Signal;
import org.openjdk.jcstress.annotations.State;

/**
 * The spin-wait primitive, in jcstress's termination mode: lock B is held from the state's
 * construction; the actor spins until it is free ({@link CrossedLocking#awaitFree}, a loop with an
 * empty body over {@code isLocked}); the signal, sent while the actor spins, releases B. Whether
 * the spin ends depends on the read mode alone. This is why the kernel spins with
 * {@code READ_ONCE} / {@code smp_cond_load_relaxed} and never on a plain read.
 *
 * <p>Run one alone: {@code -t '^org\\.handoff\\.litmus\\.litmus\\.SpinTermination\\$Plain$'}.
 */
public final class SpinTermination {
    private SpinTermination() {
    }

    /**
     * A plain read. The JMM gives a plain read no progress guarantee: the JIT may read the word once
     * and hoist the read out of the loop, which then never ends. {@code STALE} is allowed by the JMM
     * and breaks DeadlockFreedom.
     */
    @JCStressTest(Mode.Termination)
    @Outcome(id = "TERMINATED", expect = Expect.ACCEPTABLE, desc = "The spin saw the lock released and ended.")
    @Outcome(id = "STALE", expect = Expect.ACCEPTABLE_INTERESTING,
            desc = "DeadlockFreedom: the spin never saw the release (the read was hoisted); the JMM allows it for a plain read.")
    @State
    public static class Plain {
        private final CrossedLocking lock = new CrossedLocking(Take.OPAQUE, Read.PLAIN);

        public Plain() {
            lock.take(1);
        }

        @Actor
        public void spin() {
            lock.awaitFree(1);
        }

        @Signal
        public void release() {
            lock.release(1);
        }
    }

    /**
     * An opaque read ({@code READ_ONCE}): each iteration reads memory, and an opaque read eventually
     * sees a write to its variable. {@code STALE} is forbidden.
     */
    @JCStressTest(Mode.Termination)
    @Outcome(id = "TERMINATED", expect = Expect.ACCEPTABLE, desc = "The spin saw the lock released and ended.")
    @Outcome(id = "STALE", expect = Expect.FORBIDDEN,
            desc = "DeadlockFreedom: the spin never saw the release; the JMM forbids it for an opaque read.")
    @State
    public static class Opaque {
        private final CrossedLocking lock = new CrossedLocking(Take.OPAQUE, Read.OPAQUE);

        public Opaque() {
            lock.take(1);
        }

        @Actor
        public void spin() {
            lock.awaitFree(1);
        }

        @Signal
        public void release() {
            lock.release(1);
        }
    }

    /**
     * An acquire read ({@code smp_cond_load_acquire}): stronger than opaque, so {@code STALE} is
     * forbidden.
     */
    @JCStressTest(Mode.Termination)
    @Outcome(id = "TERMINATED", expect = Expect.ACCEPTABLE, desc = "The spin saw the lock released and ended.")
    @Outcome(id = "STALE", expect = Expect.FORBIDDEN,
            desc = "DeadlockFreedom: the spin never saw the release; the JMM forbids it for an acquire read.")
    @State
    public static class Acquire {
        private final CrossedLocking lock = new CrossedLocking(Take.OPAQUE, Read.ACQUIRE);

        public Acquire() {
            lock.take(1);
        }

        @Actor
        public void spin() {
            lock.awaitFree(1);
        }

        @Signal
        public void release() {
            lock.release(1);
        }
    }
}
