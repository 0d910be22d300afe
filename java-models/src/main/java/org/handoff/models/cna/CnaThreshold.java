package org.handoff.models.cna;

import org.handoff.models.SpinPolicy;
import org.handoff.models.Variant;
import org.handoff.models.qspinlock.DoorwayObserver;
import org.handoff.models.qspinlock.QNode;
import org.handoff.models.qspinlock.SlowpathHooks;

/**
 * The deterministic alternative patch 3/3 describes: a count of hand-offs within a node travels
 * with the lock (each local hand-off gives the receiver the holder's count plus one, any other
 * hand-off gives 0); a holder whose count has reached the threshold does not search, so the
 * secondary queue is flushed ahead of the main queue (or, without one, the lock goes to the
 * immediate successor). The patch would keep the count in the secondary queue's first node;
 * carrying it with the hand-off is the same count where the lock is, without the extra node
 * access the patch text warns about.
 */
@Variant("cna-threshold")
public class CnaThreshold extends CnaLock {
    private int threshold = DEFAULT_THRESHOLD;

    public CnaThreshold(SpinPolicy spin) {
        super(spin);
    }

    public CnaThreshold(SpinPolicy spin, SlowpathHooks extra) {
        super(spin, extra);
    }

    /** A lock whose doorway steps run through {@code doorways} (fairness measurements). */
    protected CnaThreshold(SpinPolicy spin, DoorwayObserver doorways) {
        super(spin, doorways);
    }

    /** Local hand-offs in a row before the secondary queue is flushed; at least 1. */
    public CnaThreshold threshold(int t) {
        if (t < 1) {
            throw new IllegalArgumentException("the CNA threshold must be at least 1, not " + t);
        }
        this.threshold = t;
        return this;
    }

    public int threshold() {
        return threshold;
    }

    @Override
    protected boolean searchLocal(QNode node) {
        return intraCount(node) < threshold;
    }
}
