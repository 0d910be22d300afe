package org.handoff.litmus.litmus;

import org.handoff.litmus.LockHarness;
import org.handoff.models.litmus.CrossedLocking;
import org.handoff.models.litmus.CrossedLockingMutants;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * MutualExclusion of the two-CPU lock built on crossed locking ({@link CrossedLocking} as a lock):
 * two actors (CPU 0 and CPU 1) each take it 16 times and increment two plain fields inside; the
 * arbiter reads {@code x, y} and whether a wait gave up ({@link LockHarness}). Three tests, one per
 * lock. With four entries per actor, {@link Unfenced}'s store buffering went unseen in a whole JDK 25
 * run on a loaded machine (docs/catch-rates.md): the two CPUs must take their locks at the same
 * moment, and more entries per sample give them more chances.
 *
 * <p>Run one alone: {@code -t '^org\\.handoff\\.litmus\\.litmus\\.CrossedMutualExclusion\\$Fenced$'}.
 */
public final class CrossedMutualExclusion {
    private CrossedMutualExclusion() {
    }

    /**
     * The correct lock: an opaque take and {@code smp_mb(); READ_ONCE()}. The JMM allows only
     * {@code 32, 32, 0}: the fence orders each CPU's take before its read of the other lock, and the
     * release store that frees a lock is read by the other CPU's acquire read, so one section
     * happens-before the next.
     */
    @JCStressTest
    @Outcome(id = "32, 32, 0", expect = Expect.ACCEPTABLE, desc = "All 32 entries counted; no wait gave up.")
    @Outcome(id = "(([0-9]|[12][0-9]|3[01]), \\d+|32, ([0-9]|[12][0-9]|3[01])), [02]", expect = Expect.FORBIDDEN,
            desc = "MutualExclusion: an increment was lost: both CPUs were inside at once.")
    @Outcome(id = "\\d+, \\d+, [12]", expect = Expect.FORBIDDEN,
            desc = "DeadlockFreedom: a CPU was stranded: one of its waits could never succeed.")
    @State
    public static class Fenced {
        private final LockHarness<CrossedLocking.Cpu> h = LockHarness.of(CrossedLocking::new);

        @Actor
        public void cpu0() {
            h.increment(0, 16);
        }

        @Actor
        public void cpu1() {
            h.increment(1, 16);
        }

        @Arbiter
        public void arbiter(III_Result r) {
            h.report(r);
        }
    }

    /**
     * {@link CrossedLockingMutants.Unfenced}: the check without {@code smp_mb()}. The JMM allows a
     * lost increment (both CPUs read the other's lock free), so it is interesting rather than
     * forbidden, and it breaks MutualExclusion; x86 is expected to show it (store buffering).
     */
    @JCStressTest
    @Outcome(id = "32, 32, 0", expect = Expect.ACCEPTABLE, desc = "All 32 entries counted; no wait gave up.")
    @Outcome(id = "(([0-9]|[12][0-9]|3[01]), \\d+|32, ([0-9]|[12][0-9]|3[01])), [02]", expect = Expect.ACCEPTABLE_INTERESTING,
            desc = "MutualExclusion: an increment was lost: both CPUs were inside at once (the JMM allows it here).")
    @Outcome(id = "\\d+, \\d+, [12]", expect = Expect.FORBIDDEN,
            desc = "DeadlockFreedom: a CPU was stranded: one of its waits could never succeed.")
    @State
    public static class Unfenced {
        private final LockHarness<CrossedLocking.Cpu> h = LockHarness.of(CrossedLockingMutants.Unfenced::new);

        @Actor
        public void cpu0() {
            h.increment(0, 16);
        }

        @Actor
        public void cpu1() {
            h.increment(1, 16);
        }

        @Arbiter
        public void arbiter(III_Result r) {
            h.report(r);
        }
    }

    /**
     * {@link CrossedLockingMutants.CheckBeforeTake}: the other lock read before one's own is taken.
     * Wrong even under sequential consistency: a lost increment is forbidden by the lock's contract
     * whatever the memory model does, since the program itself orders the read first.
     */
    @JCStressTest
    @Outcome(id = "32, 32, 0", expect = Expect.ACCEPTABLE, desc = "All 32 entries counted; no wait gave up.")
    @Outcome(id = "(([0-9]|[12][0-9]|3[01]), \\d+|32, ([0-9]|[12][0-9]|3[01])), [02]", expect = Expect.FORBIDDEN,
            desc = "MutualExclusion: an increment was lost: both CPUs were inside at once.")
    @Outcome(id = "\\d+, \\d+, [12]", expect = Expect.FORBIDDEN,
            desc = "DeadlockFreedom: a CPU was stranded: one of its waits could never succeed.")
    @State
    public static class CheckBeforeTake {
        private final LockHarness<CrossedLocking.Cpu> h = LockHarness.of(CrossedLockingMutants.CheckBeforeTake::new);

        @Actor
        public void cpu0() {
            h.increment(0, 16);
        }

        @Actor
        public void cpu1() {
            h.increment(1, 16);
        }

        @Arbiter
        public void arbiter(III_Result r) {
            h.report(r);
        }
    }
}
