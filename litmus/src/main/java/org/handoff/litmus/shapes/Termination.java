package org.handoff.litmus.shapes;

import java.util.function.Function;
import org.handoff.litmus.LockChoice;
import org.handoff.litmus.TerminationOutcomes;
import org.handoff.models.HandoffLock;
import org.handoff.models.SpinPolicy;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Mode;
import org.openjdk.jcstress.annotations.Signal;
import org.openjdk.jcstress.annotations.State;

/**
 * DeadlockFreedom of the entry's port in jcstress's termination mode: the state holds the lock
 * from its construction; the actor takes it, spinning without a bound as the kernel does, and
 * releases it; the signal, sent while the actor runs, releases the holder. The actor must finish;
 * {@code STALE}, still spinning when jcstress gives up on it, is forbidden
 * ({@link TerminationOutcomes}). Which wait the actor is in when the signal comes depends on the
 * port (an MCS waiter queued behind the holder, a qspinlock waiter on the pending path); the
 * family's package-info says it, and what each seeded bug shows here.
 */
@JCStressTest(Mode.Termination)
@State
public class Termination extends TerminationOutcomes {
    /** The port of the entry's variant ({@link LockChoice#port}), found once per fork. */
    private static final Function<SpinPolicy, HandoffLock<Object>> LOCK = LockChoice.port(Termination.class);

    private final HandoffLock<Object> lock = LOCK.apply(SpinPolicy.FOREVER);
    private final Object holder = lock.newContext();
    private final Object waiter = lock.newContext();

    public Termination() {
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
