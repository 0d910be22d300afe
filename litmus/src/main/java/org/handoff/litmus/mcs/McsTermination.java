package org.handoff.litmus.mcs;

import java.util.function.Function;
import org.handoff.litmus.LockChoice;
import org.handoff.litmus.TerminationOutcomes;
import org.handoff.models.SpinPolicy;
import org.handoff.models.mcs.McsLock;
import org.handoff.models.mcs.McsMutants;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Mode;
import org.openjdk.jcstress.annotations.Signal;
import org.openjdk.jcstress.annotations.State;

/**
 * DeadlockFreedom of the MCS port, in jcstress's termination mode: the state holds the lock from
 * its construction; the actor takes it (spinning, as the kernel does, with no bound) and releases
 * it; the signal, sent while the actor runs, releases the holder's node. The actor must finish.
 *
 * <p>Every interleaving ends: if the actor has not queued yet, the release frees the lock; if it
 * has swapped the tail but not linked, the release waits for the link and hands off; if it is
 * linked, the release hands off. The JMM guarantees the actor eventually sees the hand-off (the
 * release store and the acquire spin are to the same variable), and x86 delivers it within
 * microseconds. {@code STALE} (the actor still spinning when jcstress gives up on it) is forbidden.
 *
 * <h2>Seeded bugs run on it</h2>
 * The manifest runs this test on these variants too, each entry with the variant's port
 * ({@link org.handoff.litmus.LockChoice}); what each shows:
 * <ul>
 * <li>{@code wrong-node-handoff} ({@link McsMutants.WrongNodeHandoff}): the release stores 1 into the
 * releasing node's own {@code locked} instead of the successor's. Whenever the waiter has queued
 * before the release, it is never handed the lock and spins forever ({@code STALE}); only a waiter
 * that arrives after the release (and finds the queue empty) terminates. No reordering is
 * involved: x86 shows it and every memory model allows it. This is the check that the termination
 * test has teeth.
 * </ul>
 *
 * <p>Run alone: {@code -t '^org\.handoff\.litmus\.mcs\.McsTermination$'} (see package-info).
 */
@JCStressTest(Mode.Termination)
@State
public class McsTermination extends TerminationOutcomes {
    /** The port of the entry's variant ({@link LockChoice}; McsLock by default), found once per fork. */
    private static final Function<SpinPolicy, McsLock> LOCK =
            LockChoice.withPolicy(McsTermination.class, McsLock.class, McsLock.class);

    private final McsLock lock = LOCK.apply(SpinPolicy.FOREVER);
    private final McsLock.Node holder = lock.newContext();
    private final McsLock.Node waiter = lock.newContext();

    public McsTermination() {
        lock.lock(holder);
    }

    @Actor
    public void waiter() {
        lock.lock(waiter);
        lock.unlock(waiter);
    }

    @Signal
    public void release() {
        lock.unlock(holder);
    }
}
