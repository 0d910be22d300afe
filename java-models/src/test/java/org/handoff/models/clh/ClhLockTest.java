package org.handoff.models.clh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.handoff.models.OneThreadTrace;
import org.handoff.models.SpinPolicy;
import org.junit.jupiter.api.Test;

/** Smoke tests of the port on real threads; the litmus and Lincheck modules do the real checking. */
class ClhLockTest {
    @Test
    void releaseTakesThePredecessorsNode() {
        ClhLock lock = new ClhLock();
        ClhLock.Me a = lock.newContext();
        ClhLock.Me b = lock.newContext();
        ClhLock.Node aNode = a.node();
        lock.lock(a);
        lock.unlock(a); // a now owns the lock's initial node
        assertNotSame(aNode, a.node());
        lock.lock(b);
        lock.unlock(b); // b's predecessor node was aNode
        assertSame(aNode, b.node());
    }

    @Test
    void ownNodeReuseStrandsTheSuccessorThatMissesTheRelease() {
        ClhLock lock = new ClhMutants.OwnNodeReuse(SpinPolicy.bounded(1_000_000));
        ClhLock.Me a = lock.newContext();
        ClhLock.Me b = lock.newContext();
        lock.lock(a);
        // b queues behind a: its swap returns a's node; it has not spun yet.
        lock.clhInitNode(b);
        b.pred = lock.clhSwapTail(b);
        lock.unlock(a); // a keeps its node ...
        lock.clhInitNode(a); // ... and sets its flag again before b looks
        lock.clhSpinPred(b.pred);
        assertTrue(lock.spinPolicy().gaveUp());
    }

    @Test
    void tracedStepsNameNodesAsTheSpecDoesAsTheyMigrate() {
        assertEquals(List.of(
                "1 1 ClhInitNode node=1", "2 1 ClhSwapTail pred=2", "3 1 ClhSpinPred pred=2",
                "4 1 ClhRelease node=1 locked=0 next=2",
                "5 1 ClhInitNode node=2", "6 1 ClhSwapTail pred=1", "7 1 ClhSpinPred pred=1",
                "8 1 ClhRelease node=2 locked=0 next=1"), OneThreadTrace.of(new ClhLock(), 2, 1));
        // The trace shows a release that keeps its node, or clears the wrong flag.
        assertEquals("4 1 ClhRelease node=1 locked=0 next=1",
                OneThreadTrace.of(new ClhMutants.OwnNodeReuse(SpinPolicy.bounded(1_000)), 2, 1).get(3));
        assertEquals("4 1 ClhRelease node=1 locked=1 next=2",
                OneThreadTrace.of(new ClhMutants.RecycleBeforeRelease(SpinPolicy.bounded(1_000)), 2, 1).get(3));
    }
}
