package org.handoff.litmus.litmus;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.handoff.models.VarHandles;
import org.handoff.litmus.LockChoice;

/**
 * The hand-off of DPDK's MCS lock and the order of the waiter's two stores, the bug fixed by DPDK
 * commit 021b698eb56e ("mcslock: fix hang in weak memory model"); the TLA+ model of the same
 * litmus is {@code specs/litmus/McsLinkOrder.tla}.
 *
 * <p>DPDK's flag is the inverse of the kernel's: a waiter sets its own {@code locked} to 1 before it
 * queues, and the holder hands the lock over by writing 0 into it. The state is two nodes: the
 * holder's, which holds the lock, and the waiter's, whose {@code locked} starts at 1 (as an
 * acquisition that found the queue empty leaves it; the final value does not depend on it, since
 * both actors overwrite it). Actor {@code waiter} is {@code rte_mcslock_lock} up to its spin: it
 * stores 1 into its own {@code locked}, then links its node behind the holder's
 * ({@code prev->next = me}). Actor {@code holder} is {@code rte_mcslock_unlock} with a successor:
 * it waits until it reads the link (an acquire read) and stores 0 into the successor's
 * {@code locked} (a release store, the hand-off). The arbiter reads the waiter's flag once both are
 * done: 0 is the hand-off, after which the waiter's spin would end; 1 is the waiter's own late
 * store having overwritten the hand-off, after which it would spin for ever. A spinning waiter is
 * left out (the arbiter sees what it would spin on), which keeps the test to two actors that always
 * finish.
 *
 * <p>The tail exchange between the waiter's two stores is left out as well. DPDK's is
 * acquire-release; Java has no such read-modify-write (a {@code getAndSet} is volatile, stronger
 * than DPDK's exchange), and the holder never reads the tail on this path, so with or without it
 * nothing but the link's own order keeps the flag before the link.
 *
 * <p>x86 (TSO) never lets a store become visible before an older store of the same thread, so on
 * x86 the lost hand-off could come only from the JIT swapping the waiter's two stores, which no run
 * here has shown: {@code mcslock-relaxed-link} is expected to pass on this machine whatever the
 * JMM allows, and the manifest says why. An arm64 or POWER machine is where it could fail.
 *
 * <p>Two tests run the shape, the entry's variant choosing the waiter's order ({@link Link}):
 * {@link McsLinkOrderJmmAllows} where the JMM allows the lost hand-off, {@link McsLinkOrderJmmForbids}
 * where it does not.
 */
final class McsLinkOrder {
    private McsLinkOrder() {
    }

    static final String HANDED_OFF = "The hand-off landed: the waiter's flag ends at 0 and its spin would end.";
    static final String LOST_ALLOWED = "DeadlockFreedom: the waiter's late locked = 1 overwrote the hand-off;"
            + " it would spin for ever. The JMM allows this in this order of the waiter's stores.";
    static final String LOST_FORBIDDEN = "DeadlockFreedom: the waiter's late locked = 1 overwrote the hand-off;"
            + " it would spin for ever. The JMM forbids this with a release link read by acquire.";

    /** One MCS node: {@code rte_mcslock_t}. */
    static final class Node {
        int locked;
        Node next;
    }

    static final VarHandle LOCKED = VarHandles.field(MethodHandles.lookup(), Node.class, "locked", int.class);
    static final VarHandle NEXT = VarHandles.field(MethodHandles.lookup(), Node.class, "next", Node.class);

    /** How the waiter orders its two stores: one per variant, named as the manifest names it. */
    enum Link {
        /**
         * {@code mcslock-relaxed-link}, the code before the fix: flag, then link, both relaxed
         * (opaque). Nothing orders {@code locked = 1} before the link, so the holder can read the
         * link, hand off, and have its 0 overwritten: the JMM allows {@code 1}. x86 is not expected
         * to show it.
         */
        RELAXED("mcslock-relaxed-link", true),
        /**
         * {@code mcslock-release-link}, DPDK's fix: the link is a release store. The holder's acquire
         * read of the link synchronizes with it, so {@code locked = 1} happens-before the hand-off
         * and comes first in the flag's coherence order: the JMM forbids {@code 1}.
         */
        RELEASE("mcslock-release-link", false),
        /**
         * {@code mcslock-flag-after-link}, the seeded bug that shows the test's teeth on any machine:
         * the link first, then the flag, in program order (the mcs family's late-init), so the holder
         * can hand off between the two stores with no reordering at all. The JMM, and every machine,
         * allows {@code 1}; here it is the bug the test must catch, which shows that the arbiter sees
         * a lost hand-off when one happens.
         */
        FLAG_AFTER_LINK("mcslock-flag-after-link", true);

        final String variant;
        final boolean jmmAllowsLost;

        Link(String variant, boolean jmmAllowsLost) {
            this.variant = variant;
            this.jmmAllowsLost = jmmAllowsLost;
        }

        /** The order a variant name names; null for a name that is none. */
        static Link of(String variant) {
            for (Link l : values()) {
                if (l.variant.equals(variant)) {
                    return l;
                }
            }
            return null;
        }
    }

    /** The order the runner named for {@code test} ({@link LockChoice#mode}), whose lost hand-off the JMM {@code allows} or not. */
    static Link link(Class<?> test, boolean allows) {
        return LockChoice.mode(test, Link::of, l -> l.jmmAllowsLost, allows,
                allows ? McsLinkOrderJmmForbids.class : McsLinkOrderJmmAllows.class);
    }

    /** One sample: the holder's node (holding the lock) and the arriving waiter's node. */
    static final class Pair {
        private final Node holder = new Node();
        private final Node waiter = new Node();
        private final Link link;

        Pair(Link link) {
            this.link = link;
            waiter.locked = 1;
        }

        /** rte_mcslock_lock up to the spin: me->locked = 1, then prev->next = me. */
        void lock() {
            switch (link) {
                case RELAXED -> {
                    LOCKED.setOpaque(waiter, 1);
                    NEXT.setOpaque(holder, waiter);
                }
                case RELEASE -> {
                    LOCKED.setOpaque(waiter, 1);
                    NEXT.setRelease(holder, waiter);
                }
                case FLAG_AFTER_LINK -> {
                    NEXT.setRelease(holder, waiter);
                    LOCKED.setOpaque(waiter, 1);
                }
            }
        }

        /** rte_mcslock_unlock with a successor: wait for the link, then hand off with a release store. */
        void unlock() {
            Node next;
            while ((next = (Node) NEXT.getAcquire(holder)) == null) {
                Thread.onSpinWait();
            }
            LOCKED.setRelease(next, 0);
        }

        /** The flag the waiter would spin on: 0 handed the lock, 1 lost hand-off. */
        int waiterFlag() {
            return (int) LOCKED.getVolatile(waiter);
        }
    }
}
