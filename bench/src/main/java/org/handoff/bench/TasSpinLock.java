package org.handoff.bench;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.handoff.models.HandoffLock;
import org.handoff.models.SpinPolicy;
import org.handoff.models.VarHandles;
import org.handoff.models.Variant;

/**
 * The simple spinlock of the comparisons: test-and-test-and-set on one word, an acquire
 * compare-and-set to take it and a release store to drop it. No queue, no fairness: whoever's
 * compare-and-set lands first after the release wins. Not a port of a kernel lock (the kernel's
 * {@code spin_lock} is the qspinlock); it is the "plain spinlock" baseline of Peter Zijlstra's
 * reply to the combining lock.
 */
@Variant("spinlock")
public final class TasSpinLock implements HandoffLock<Void> {
    private static final VarHandle STATE =
            VarHandles.field(MethodHandles.lookup(), TasSpinLock.class, "state", int.class);

    @SuppressWarnings("unused") // accessed through STATE
    private int state;
    private final SpinPolicy spin;

    public TasSpinLock(SpinPolicy spin) {
        this.spin = spin;
    }

    @Override
    public String family() {
        return "bench";
    }

    @Override
    public Void newContext() {
        return null;
    }

    @Override
    public void lock(Void unused) {
        for (long i = 0; !tryLock(); i++) {
            while ((int) STATE.getOpaque(this) != 0) {
                spin.keepSpinning(i++); // the bench never bounds a wait: a false return is ignored
            }
        }
    }

    /** One attempt. */
    public boolean tryLock() {
        return (int) STATE.getOpaque(this) == 0 && STATE.compareAndSet(this, 0, 1);
    }

    @Override
    public void unlock(Void unused) {
        STATE.setRelease(this, 0);
    }
}
