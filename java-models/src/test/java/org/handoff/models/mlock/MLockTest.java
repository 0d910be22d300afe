package org.handoff.models.mlock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import org.handoff.models.OneThreadTrace;
import org.handoff.models.SpinPolicy;
import org.junit.jupiter.api.Test;

/** Smoke tests of the port on real threads; the litmus and Lincheck modules do the real checking. */
class MLockTest {
    @Test
    void anUncontendedReleaseKeepsTheOwnNode() {
        MLock lock = new MLock();
        MLock.Me me = lock.newContext();
        MLock.Node mine = me.node();
        for (int i = 0; i < 3; i++) {
            lock.lock(me);
            lock.unlock(me);
            assertSame(mine, me.node(), "no successor: the node does not migrate");
        }
    }

    @Test
    void tracedStepsNameNodesAsTheSpecDoes() {
        assertEquals(List.of(
                "1 1 MpLockInitNode node=1", "2 1 MpLockSwap pred=2", "3 1 MpLockSpin pred=2",
                "4 1 MpUnlockCas ok=true tail=2 node=1",
                "5 1 MpLockInitNode node=1", "6 1 MpLockSwap pred=2", "7 1 MpLockSpin pred=2",
                "8 1 MpUnlockCas ok=true tail=2 node=1"), OneThreadTrace.of(new MLock(), 2, 1));
        // The trace shows an uncontended release that takes the lock's node.
        assertEquals("4 1 MpUnlockCas ok=true tail=2 node=2",
                OneThreadTrace.of(new MLockMutants.SwapAfterCas(SpinPolicy.bounded(1_000)), 2, 1).get(3));
    }
}
