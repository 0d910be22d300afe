package org.handoff.models.cna;

import org.handoff.models.SpinPolicy;
import org.handoff.models.Variant;
import org.handoff.models.qspinlock.DoorwayObserver;
import org.handoff.models.qspinlock.QNode;
import org.handoff.models.qspinlock.SlowpathHooks;

/**
 * Patch 3/3: the local search is made only with high probability ({@code probably(
 * INTRA_SOCKET_HANDOFF_PROB_ARG)}), otherwise the lock goes to the secondary queue's first
 * node, or to the immediate successor when there is no secondary queue. The per-CPU
 * pseudo-random numbers are the patch's xorshift ({@code xor_random}), seeded from
 * {@link CnaLock#seed(long)} instead of {@code get_random_bytes}, so that a run can be replayed.
 */
@Variant("cna-prob")
public class CnaProb extends CnaLock {
    private int probArg = INTRA_SOCKET_HANDOFF_PROB_ARG;

    public CnaProb(SpinPolicy spin) {
        super(spin);
    }

    public CnaProb(SpinPolicy spin, SlowpathHooks extra) {
        super(spin, extra);
    }

    /** A lock whose doorway steps run through {@code doorways} (fairness measurements). */
    protected CnaProb(SpinPolicy spin, DoorwayObserver doorways) {
        super(spin, doorways);
    }

    /** The search is skipped with probability 1/{@code range}; a power of two, as in the kernel. */
    public CnaProb probArg(int range) {
        if (range < 1 || Integer.bitCount(range) != 1) {
            throw new IllegalArgumentException("the CNA probability argument must be a power of two, not " + range);
        }
        this.probArg = range;
        return this;
    }

    public int probArg() {
        return probArg;
    }

    @Override
    protected boolean searchLocal(QNode node) {
        return probably(node.cpu(), probArg);
    }
}
