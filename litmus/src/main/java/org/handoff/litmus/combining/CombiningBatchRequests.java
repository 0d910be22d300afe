package org.handoff.litmus.combining;

import org.handoff.models.combining.CombiningLock;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIIII_Result;

/**
 * Requests of two submitters on {@link CombiningLock.Batched} with a batch limit of 1: a holder runs its own request and hands the holder role on, so the second request runs on its own submitter's thread. Each actor submits one request that increments {@code x,
 * y} and returns the {@code x} it read ({@link CombiningHarness}). Result: actor 1's result,
 * actor 2's result, {@code x}, {@code y}, whether a wait gave up.
 *
 * <p>The JMM allows only the two acceptable outcomes: the hand-off ({@code next->locked = 2}) is
 * a release store read by the next holder's acquire spin, so the first request's writes
 * happen-before the second's. x86 shows only these too.
 *
 * <p>Run alone: {@code -t '^org\.handoff\.litmus\.combining\.CombiningBatchRequests$'} (see the MCS package-info).
 */
@JCStressTest
@State
public class CombiningBatchRequests extends RequestOutcomes {
    private final CombiningHarness h = new CombiningHarness(s -> new CombiningLock.Batched(s, 1));

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
