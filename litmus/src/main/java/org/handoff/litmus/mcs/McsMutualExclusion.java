package org.handoff.litmus.mcs;

import java.util.function.Function;
import org.handoff.litmus.LockChoice;
import org.handoff.litmus.LockHarness;
import org.handoff.litmus.LongIncrementOutcomes;
import org.handoff.models.SpinPolicy;
import org.handoff.models.mcs.McsLock;
import org.handoff.models.mcs.McsMutants;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * MutualExclusion of the MCS port: two actors each take the lock 16 times (so each queue node is
 * reused, as the kernel reuses a CPU's node; 16 rather than 4 so that a sample holds many contended
 * hand-offs, see {@link HandoffToTailMutualExclusion}) and increment two plain fields inside; the arbiter
 * reads {@code x, y} and whether a wait of the lock gave up ({@link LockHarness}).
 *
 * <p>The JMM allows only {@code 32, 32, 0}: the hand-off is a release store read by an acquire, so
 * each holder's section happens-before the next one's, and the tail is swapped atomically. x86
 * shows only {@code 32, 32, 0} too. A lost increment means two threads were inside at once; a wait
 * that gave up means a thread was stranded.
 *
 * <h2>Seeded bugs run on it</h2>
 * The manifest runs this test on these variants too, each entry with the variant's port
 * ({@link org.handoff.litmus.LockChoice}); what each shows:
 * <ul>
 * <li>{@code non-atomic-tail} ({@link McsMutants.NonAtomicTail}): the doorway's {@code xchg} done as
 * a read and a write of the tail. Both actors can read an empty queue and both enter.
 *
 * <p>Expected: {@code 31, 31, 2} and the like (MutualExclusion: both read an empty queue, both
 * entered, one increment was lost; then the release of the one whose write to the tail was
 * overwritten waits for a successor that never links, the {@code 2}). The same race shows up as
 * {@code 32, 32, 2} when the two sections did not overlap in time, and as {@code 32, 32, 1} when a
 * thread read a predecessor that released before the write landed and queued behind a node that
 * will never hand over (DeadlockFreedom). All of them are seen on x86, since the bug needs no
 * reordering; the JMM allows them, the read and the write of the tail being two accesses. When a
 * run shows both properties the runner reports MutualExclusion, the first in the catalogue.
 * <li>{@code no-wait-next} ({@link McsMutants.NoWaitNext}): the release does not wait for a
 * successor that has swapped the tail but not yet linked itself; it returns and the successor is
 * never handed the lock.
 *
 * <p>Expected: {@code 32, 32, 1} (DeadlockFreedom): the successor's wait gives up, because the
 * releaser either returns for good or queues behind the stranded successor and waits in turn (a
 * deadlock of two spinning threads, see {@link LockHarness}). No reordering is involved: the JMM
 * and x86 both allow the interleaving, and no two threads are ever inside at once, so no increment
 * is lost.
 * <li>{@code late-init} ({@link McsMutants.LateInit}): {@code node->locked = 0} is stored
 * after the node is linked to its predecessor, so a hand-off that lands in between is erased.
 *
 * <p>Expected: {@code 32, 32, 1} (DeadlockFreedom): the erased waiter spins on a hand-off that already
 * happened; its releaser returns or queues behind it, and the harness ends the wait. The
 * interleaving needs no reordering (the JMM and x86 both allow it); it needs the releaser to read
 * the new link within the few instructions before the late store, which happens often when the
 * releaser is already spinning for that link.
 * <li>{@code early-handoff} ({@link McsMutants.EarlyHandoff}): a thread that acquires the lock
 * while a successor is already linked hands the lock on at once, then runs its section.
 *
 * <p>Expected: {@code 31, 31, 0} and the like (MutualExclusion). The reacquiring shape makes the
 * early hand-off happen: a thread re-queues right after its release, behind the thread it just
 * handed the lock to. No reordering is involved, so the JMM and x86 both allow it.
 * </ul>
 *
 * <p>Run alone: {@code -t '^org\.handoff\.litmus\.mcs\.McsMutualExclusion$'} (see package-info).
 */
@JCStressTest
@State
public class McsMutualExclusion extends LongIncrementOutcomes {
    /** The port of the entry's variant ({@link LockChoice}; McsLock by default), found once per fork. */
    private static final Function<SpinPolicy, McsLock> LOCK =
            LockChoice.withPolicy(McsMutualExclusion.class, McsLock.class, McsLock.class);

    private final LockHarness<McsLock.Node> h = LockHarness.of(LOCK);

    @Actor
    public void actor1() {
        h.increment(0, 16);
    }

    @Actor
    public void actor2() {
        h.increment(1, 16);
    }

    @Arbiter
    public void arbiter(III_Result r) {
        h.report(r);
    }
}
