package org.handoff.litmus.mlock;

import java.util.function.Function;
import org.handoff.litmus.LockChoice;
import org.handoff.litmus.LockHarness;
import org.handoff.litmus.ReadThenWriteOutcomes;
import org.handoff.models.SpinPolicy;
import org.handoff.models.mlock.MLock;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIIII_Result;

/**
 * HandoffVisibility of the M-lock port: each actor takes the lock once, reads the plain fields
 * {@code x, y} and writes them back incremented; whoever enters second must find both writes of
 * the first. Result: {@code x, y} found by actor 1, {@code x, y} found by actor 2, and whether a
 * wait gave up.
 *
 * <p>The JMM allows only {@code 0, 0, 1, 1, 0} and {@code 1, 1, 0, 0, 0}: when the second queued
 * behind the first, the release store of the first's flag and the second's acquire spin order the
 * sections; when it came after the first's compare-and-swap, the volatile tail write and the
 * second's volatile swap do. A plain store or a plain tail write would let the second find
 * {@code 0} or a mix; x86 (TSO) does not reorder two stores.
 *
 * <p>Run alone: {@code -t '^org\\.handoff\\.litmus\\.mlock\\.MLockHandoffVisibility$'} (see the MCS package-info).
 */
@JCStressTest
@State
public class MLockHandoffVisibility extends ReadThenWriteOutcomes {
    /** The port of the entry's variant ({@link LockChoice}; MLock by default), found once per fork. */
    private static final Function<SpinPolicy, MLock> LOCK =
            LockChoice.withPolicy(MLockHandoffVisibility.class, MLock.class, MLock.class);

    private final LockHarness<MLock.Me> h = LockHarness.of(LOCK);

    @Actor
    public void actor1(IIIII_Result r) {
        h.readThenWrite(0, r);
    }

    @Actor
    public void actor2(IIIII_Result r) {
        h.readThenWrite(1, r);
    }

    @Arbiter
    public void arbiter(IIIII_Result r) {
        h.report(r);
    }
}
