package org.handoff.litmus.shapes;

import java.util.function.Function;
import org.handoff.litmus.LockChoice;
import org.handoff.litmus.LockHarness;
import org.handoff.litmus.ReadThenWriteOutcomes;
import org.handoff.models.HandoffLock;
import org.handoff.models.SpinPolicy;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIIII_Result;

/**
 * HandoffVisibility of the entry's port: each actor takes the lock once, reads the plain fields
 * {@code x, y} and writes them back incremented; whoever enters second must find both writes of
 * the first. Result: {@code x, y} found by actor 1, {@code x, y} found by actor 2, and whether a
 * wait gave up ({@link LockHarness#readThenWrite}). Outcomes: {@link ReadThenWriteOutcomes}; the
 * release store (or release RMW) that orders the section's writes, and what x86 hides of a plain
 * one, is said per port in the family's package-info.
 */
@JCStressTest
@State
public class HandoffVisibility extends ReadThenWriteOutcomes {
    /** The port of the entry's variant ({@link LockChoice#port}), found once per fork. */
    private static final Function<SpinPolicy, HandoffLock<Object>> LOCK = LockChoice.port(HandoffVisibility.class);

    private final LockHarness<Object> h = LockHarness.of(LOCK);

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
