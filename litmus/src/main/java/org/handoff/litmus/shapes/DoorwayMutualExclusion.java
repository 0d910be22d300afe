package org.handoff.litmus.shapes;

import java.util.function.Function;
import org.handoff.litmus.IncrementOutcomes;
import org.handoff.litmus.LockChoice;
import org.handoff.litmus.LockHarness;
import org.handoff.models.HandoffLock;
import org.handoff.models.SpinPolicy;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * MutualExclusion of the entry's port at a raced doorway: {@link MutualExclusion}'s counting, with
 * the two actors meeting before each of their acquisitions ({@link LockHarness#meeting}), so that
 * their doorways (a tail swap, a ticket draw) overlap in every round instead of when the scheduler
 * happens to line them up. A doorway split into a read and a write lets both actors in only when
 * the two overlap by a few nanoseconds; left to the scheduler the same bug shows more often as a
 * stranded waiter than as two threads inside. The meeting happens before {@code lock} is called and
 * orders nothing inside the lock. Outcomes: {@link IncrementOutcomes}; what the JMM allows for each
 * port is in the family's package-info.
 */
@JCStressTest
@State
public class DoorwayMutualExclusion extends IncrementOutcomes {
    /** The port of the entry's variant ({@link LockChoice#port}), found once per fork. */
    private static final Function<SpinPolicy, HandoffLock<Object>> LOCK = LockChoice.port(DoorwayMutualExclusion.class);

    private final LockHarness<Object> h = LockHarness.meeting(LOCK);

    @Actor
    public void actor1() {
        h.increment(0, 4);
    }

    @Actor
    public void actor2() {
        h.increment(1, 4);
    }

    @Arbiter
    public void arbiter(III_Result r) {
        h.report(r);
    }
}
