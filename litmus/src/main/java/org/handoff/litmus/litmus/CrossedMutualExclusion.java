package org.handoff.litmus.litmus;

import java.util.function.Function;
import org.handoff.litmus.LockChoice;
import org.handoff.litmus.LockHarness;
import org.handoff.models.SpinPolicy;
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
 * MutualExclusion of the two-CPU lock built on crossed locking ({@link CrossedLocking} as a lock),
 * on the entry's variant's port ({@link LockChoice}; the correct lock by default): two actors
 * (CPU 0 and CPU 1) each take it 16 times and increment two plain fields inside; the arbiter reads
 * {@code x, y} and whether a wait gave up ({@link LockHarness}). With four entries per actor the
 * unfenced lock's store buffering went unseen in a whole JDK 25 run on a loaded machine
 * (docs/catch-rates.md): the two CPUs must take their locks at the same moment, and more entries
 * per sample give them more chances.
 *
 * <p>What the JMM allows, per variant:
 * <ul>
 * <li>{@code fenced-is-locked} ({@link CrossedLocking}: an opaque take, then {@code smp_mb();
 *     READ_ONCE()}): only {@code 32, 32, 0}. The fence orders each CPU's take before its read of
 *     the other lock, and the release store that frees a lock is read by the other CPU's acquire
 *     read, so one section happens-before the next. x86 shows only that too.
 * <li>{@code unfenced-is-locked} ({@link CrossedLockingMutants.Unfenced}, the check without
 *     {@code smp_mb()}): a lost increment, both CPUs having read the other's lock free. The JMM
 *     allows it (nothing orders an opaque store before a later opaque load of another location),
 *     so seeing it is no JVM bug, but it breaks the lock's MutualExclusion; x86 shows it (store
 *     buffering).
 * <li>{@code check-before-take} ({@link CrossedLockingMutants.CheckBeforeTake}, the other lock
 *     read before one's own is taken): a lost increment, allowed by any memory model, since the
 *     program itself orders the read first; x86 shows it.
 * </ul>
 *
 * <p>Run alone: {@code -t '^org\.handoff\.litmus\.litmus\.CrossedMutualExclusion$'}, with
 * {@code -Dhandoff.litmus.lock.org.handoff.litmus.litmus.CrossedMutualExclusion=<port class>} for a
 * mutant (see the MCS package-info).
 */
@JCStressTest
@Outcome(id = "32, 32, 0", expect = Expect.ACCEPTABLE, desc = "All 32 entries counted; no wait gave up.")
@Outcome(id = "(([0-9]|[12][0-9]|3[01]), \\d+|32, ([0-9]|[12][0-9]|3[01])), [02]", expect = Expect.FORBIDDEN,
        desc = "MutualExclusion: an increment was lost: both CPUs were inside at once.")
@Outcome(id = "\\d+, \\d+, [12]", expect = Expect.FORBIDDEN,
        desc = "DeadlockFreedom: a CPU was stranded: one of its waits could never succeed.")
@State
public class CrossedMutualExclusion {
    /** The port of the entry's variant ({@link LockChoice}; the correct lock by default), found once per fork. */
    private static final Function<SpinPolicy, CrossedLocking> LOCK =
            LockChoice.withPolicy(CrossedMutualExclusion.class, CrossedLocking.class, CrossedLocking.class);

    private final LockHarness<CrossedLocking.Cpu> h = LockHarness.of(LOCK);

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
