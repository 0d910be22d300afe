package org.handoff.litmus.mcs;

import org.handoff.litmus.LockHarness;
import org.handoff.litmus.LongIncrementOutcomes;
import org.handoff.models.mcs.McsLock;
import org.handoff.models.SpinPolicy;
import org.handoff.models.mcs.McsMutants;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * {@link McsMutualExclusion} on {@link McsMutants.HandoffToTail}: when the cmpxchg on the tail
 * fails, the release hands the lock to the node the tail names instead of waiting for the
 * successor to link. With two actors the tail is the successor, so the jump past a waiter that the
 * spec finds with three threads cannot happen here; what two actors can show is the successor's
 * late link landing on the releasing node after that node was reused for the next acquisition.
 * The stale link strands a waiter (DeadlockFreedom). No reordering is involved: the JMM and x86
 * both allow whatever this test sees.
 *
 * <p>The window is the successor's time between its {@code xchg} of the tail and its
 * {@code WRITE_ONCE(prev->next, node)}, where a vCPU can be preempted. Left to the scheduler it was
 * met too seldom for every run to meet it (the misses are in docs/catch-rates.md), so the test
 * stages it: the lock is {@link HeldBackLink}, whose link waits (boundedly, {@link LockHarness#STAGE_SPINS}
 * spin-wait hints) until the predecessor's owner has initialised its node again for its next
 * acquisition. The correct lock never lets that owner go before the link (its release waits for
 * it), so there the wait only runs out; the staging orders nothing, being a read before the link.
 * Each actor takes the lock 16 times, as in {@link McsMutualExclusion}. The entry runs in the full
 * profile (5 s iterations); in the quick profile Lincheck and trace validation catch the mutant.
 *
 * <p>Run alone: {@code -t '^org\.handoff\.litmus\.mcs\.HandoffToTailMutualExclusion$'} (see package-info).
 */

@JCStressTest
@State
public class HandoffToTailMutualExclusion extends LongIncrementOutcomes {
    private final LockHarness<McsLock.Node> h = LockHarness.of(HeldBackLink::new);

    @Actor
    public void actor1() {
        h.increment(0, 16);
    }

    @Actor
    public void actor2() {
        h.increment(1, 16);
    }

    @Arbiter
    public void arbiter(III_Result r) {
        h.report(r);
    }

    /**
     * The mutant with its link step held back (class comment). {@code lastInit} is the node whose
     * initialisation ran last: with two actors, the predecessor's owner has begun its next
     * acquisition once it names the predecessor's node.
     */
    static final class HeldBackLink extends McsMutants.HandoffToTail {
        private volatile McsLock.Node lastInit;

        HeldBackLink(SpinPolicy spin) {
            super(spin);
        }

        @Override
        protected void initNode(McsLock.Node node) {
            super.initNode(node);
            lastInit = node;
        }

        @Override
        protected void linkPrev(McsLock.Node prev, McsLock.Node node) {
            for (int i = 0; i < LockHarness.STAGE_SPINS && lastInit != prev; i++) {
                Thread.onSpinWait();
            }
            super.linkPrev(prev, node);
        }
    }
}
