package org.handoff.litmus.combining;

import java.util.function.Function;
import org.handoff.litmus.LockChoice;
import org.handoff.models.SpinPolicy;
import org.handoff.models.combining.CombiningLock;
import org.handoff.models.combining.CombiningMutants;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIIII_Result;

/**
 * Requests of two submitters on the entry's variant's port ({@link LockChoice}; {@link CombiningLock}
 * as posted, with no batch limit, when none is chosen). Each actor submits one request that
 * increments {@code x, y} and returns the {@code x} it read ({@link CombiningHarness}). Result:
 * actor 1's result, actor 2's result, {@code x}, {@code y}, whether a wait gave up.
 *
 * <p>What the JMM allows, per variant:
 * <ul>
 * <li>{@code combining}: only the two acceptable outcomes. The tail {@code xchg} is atomic, so one
 *     actor is the holder and runs both requests one after the other; the completion flag is a
 *     release store after the request's writes and its result, read by the submitter's acquire
 *     spin, so the submitter sees its result; the holder reads the other's request through the
 *     acquire read of the link. x86 shows only these too.
 * <li>{@code combining-batch} with a batch limit of 1 ({@code configure: batch=1}): a holder runs
 *     its own request and, when the other has queued, hands the holder role on
 *     ({@code next->locked = 2}), so the second request runs on its own submitter's thread; the
 *     variant's checks require that hand-off ({@code ali_spin_lock:batch-cut}). Only the two acceptable
 *     outcomes: the hand-off is a release store read by the next holder's acquire spin, so the first
 *     request's writes happen-before the second's. x86 shows only these too.
 * <li>{@code early-complete} ({@link CombiningMutants.EarlyComplete}, the completion flag set
 *     before the request runs): a submitter that returns with the empty result slot
 *     ({@code -2147483648}, ResultVisible) or with a result not its own. Sequential consistency
 *     allows it too: the submitter only has to read its slot between the flag and the call. x86
 *     shows it.
 * <li>{@code lost-request} ({@link CombiningMutants.LostRequest}, the queue emptied with a plain
 *     store instead of the cmpxchg): when the second actor queues after the holder's snapshot, its
 *     request never runs and it gives up once the holder has returned ({@code 1},
 *     DeadlockFreedom). Any memory model allows it.
 * <li>{@code run-twice} ({@link CombiningMutants.RunTwice}, the last request run again after a
 *     failed cmpxchg): the holder's request runs twice, {@code x = y = 3} (RunsExactlyOnce). Any
 *     memory model allows it; x86 shows it.
 * <li>{@code non-atomic-xchg} ({@link CombiningMutants.NonAtomicXchg}, the tail {@code xchg} as a
 *     read and a write): both actors read an empty queue and are holders at once. When their
 *     requests overlap, both read {@code x = 0}, a lost update ({@code 0, 0, 1, 1}, MutualExclusion,
 *     with or without a wait that gave up: the holder whose cmpxchg finds the other's node then
 *     waits for a link that never comes). When they do not, only that wait shows ({@code 1},
 *     DeadlockFreedom). The JMM allows both; x86 shows them.
 * </ul>
 *
 * <p>Run alone: {@code -t '^org\.handoff\.litmus\.combining\.CombiningRequests$'}, with
 * {@code -Dhandoff.litmus.lock.org.handoff.litmus.combining.CombiningRequests=<port class>} for a
 * mutant (see the MCS package-info).
 */
@JCStressTest
@State
public class CombiningRequests extends RequestOutcomes {
    /** The entry's variant's port ({@link LockChoice}), built with the harness's spin policy. */
    private static final Function<SpinPolicy, CombiningLock> LOCK =
            LockChoice.withPolicy(CombiningRequests.class, CombiningLock.class, CombiningLock.class);
    private final CombiningHarness h = new CombiningHarness(LOCK);

    @Actor
    public void actor1(IIIII_Result r) {
        h.submit(0, r);
    }

    @Actor
    public void actor2(IIIII_Result r) {
        h.submit(1, r);
    }

    @Arbiter
    public void arbiter(IIIII_Result r) {
        h.report(r);
    }
}
