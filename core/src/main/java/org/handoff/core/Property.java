package org.handoff.core;

import java.util.Arrays;
import java.util.Map;

/**
 * The property catalogue: one name per property, used by every level. The TLA+ definitions live in
 * {@code specs/common/Properties.tla} under the same names; docs/properties.md maps each name to its TLA+
 * operator and its Java check.
 */
public enum Property {
    /** At most one thread is in the critical section. */
    MutualExclusion("Invariant MutualExclusion (Properties.tla)",
            "a plain counter incremented inside the lock loses no update (jcstress, Lincheck)"),
    /** The queue rebuilt from the pointers is a list of exactly the queued threads. */
    QueueWellFormed("Invariant QueueWellFormed (Properties.tla)", "not observable from outside the port"),
    /**
     * Every queued thread is in exactly one of the main and the secondary queue (CNA), both
     * well-formed lists with the right head and tail.
     */
    NoLostWaiter("Invariant NoLostWaiter (Properties.tla)",
            "a waiter left out of both queues never gets the lock: jcstress and Lincheck report DeadlockFreedom"),
    /**
     * CNA's double use of a node's locked field (0 waiting, 1 the lock with no secondary queue, or the
     * secondary queue's head) is never confused: a pointer value names a waiting node of the same lock.
     */
    LockedFieldConsistent("Invariant LockedFieldConsistent (CNA.tla)", "not observable from outside the port"),
    /** The lock word's tail names the node of a context queued on that lock (qspinlock's encode_tail). */
    TailEncodingConsistent("Invariant TailEncodingConsistent (QSpinlock.tla)", "not observable from outside the port"),
    /** No queue node is used by two contexts at once (per-CPU nodes and the nesting index). */
    NodeExclusive("Invariant NodeExclusive (Properties.tla)",
            "the nesting test of the qspinlock port (QSpinLockTest, an injected interrupt)"),
    /** A thread that passed the doorway is overtaken at most K times (K = 0: FIFO). */
    BoundedBypass("Invariant BoundedBypass (Properties.tla)",
            "the fairness harness's largest bypass, held to the TLC bound (BoundAgreementTest, outside the manifest)"),
    /** If some thread is trying, some thread eventually enters; no reachable state is stuck. */
    DeadlockFreedom("Temporal DeadlockFreedom and TLC's deadlock check (Properties.tla)",
            "a waiter finishes once the holder unlocks (jcstress Termination, Lincheck livelock detection)"),
    /** Every trying thread eventually enters the critical section. */
    StarvationFreedom("Temporal StarvationFreedom (Properties.tla)", "not yet checked at the Java level"),
    /**
     * Paravirt locks: a waiter that is due to run (handed the lock, or queue head with the lock free) while
     * its vCPU is halted or descheduled eventually runs; no kick is lost.
     */
    NoLostWakeup("Temporal NoLostWakeup (Properties.tla, instantiated by PV.tla)",
            "a halted waiter handed the lock and never hashed (jcstress: store-buffering pair, bounded parks;"
                    + " Lincheck stress: invocation time-out)"),
    /**
     * Paravirt locks: the lock has at most one entry in the hash table of parked nodes, and one whenever
     * its locked byte says _Q_SLOW_VAL.
     */
    HashConsistent("Invariant HashConsistent (Properties.tla)",
            "the port's hash table: no second entry for a lock, none left when the lock is free (jcstress)"),
    /**
     * Writes made in a critical section are visible to the next holder. A memory-model property: the
     * sequentially consistent specs hold it by construction; the weak-memory specs (MCSWeak) check it
     * on the critical section's data under each memory model.
     */
    HandoffVisibility("Invariant HandoffVisibility (Properties.tla, instantiated by the weak-memory specs)",
            "data written by one holder is read by the next (jcstress)"),
    /** Combining locks: every submitted request runs exactly once, before its submitter returns. */
    RunsExactlyOnce("Invariant RunsExactlyOnce (Properties.tla)",
            "a counter incremented by requests counts each request once (jcstress; Lincheck: linearizable counter)"),
    /** Combining locks: a submitter that returned read the result its request produced. */
    ResultVisible("Invariant ResultVisible (Properties.tla)",
            "each submitter returns its own request's result, never the empty slot (jcstress; Lincheck)"),
    /** Combining locks: one holder runs at most B requests in one tenure. */
    BoundedCombining("Invariant BoundedCombining (Properties.tla)",
            "the port's largest tenure with a batch limit (CombiningLockTest)"),
    /**
     * Every run of the Java port, recorded step by step in the spec's vocabulary, is a behaviour of
     * the spec: the levels agree on what the algorithm does, not only on what it guarantees.
     */
    SpecConformance("the family's trace map (specs/<family>/trace/<Spec>Trace.tla) and a generated trace module, checked by TLC",
            "recorded stressed runs of the port (crosscheck level)");

    private final String tla;
    private final String java;

    Property(String tla, String java) {
        this.tla = tla;
        this.java = java;
    }

    public String tla() {
        return tla;
    }

    public String java() {
        return java;
    }

    /**
     * Why the Java level (jcstress, Lincheck) does not check this property, or null when it must:
     * a family whose spec checks the property and whose Java tests do not is accepted only with
     * this reason ({@code CatalogueAgreementTest}).
     */
    public String javaGap() {
        return switch (this) {
            case QueueWellFormed, TailEncodingConsistent, LockedFieldConsistent ->
                    "the queue's pointers are internal state, not observable through lock and unlock";
            case NoLostWaiter -> "a lost waiter is observed as a waiter that never gets the lock: the Java tests report"
                    + " it as DeadlockFreedom";
            case NodeExclusive -> "node ownership is internal; the qspinlock port's nesting test (QSpinLockTest, a"
                    + " JUnit test outside the manifest) checks it with an injected interrupt";
            case BoundedBypass, StarvationFreedom -> "a bound on overtaking needs a fair scheduler to observe; the"
                    + " fairness harness (java-models FairnessHarness) measures the maximum bypass outside the manifest,"
                    + " and BoundAgreementTest holds it to the TLC bound";
            case BoundedCombining -> "checked by CombiningLockTest (a JUnit test of the batch limit, outside the manifest)";
            default -> null;
        };
    }

    /**
     * Why the specs do not check this property, or null when they must (the Java tests' property
     * must then appear in some TLC model of the family).
     */
    public String specGap() {
        return switch (this) {
            case HandoffVisibility -> "a memory-model property: a sequentially consistent spec holds it by"
                    + " construction; the family's weak-memory spec, where it has one (MCSWeak), checks it";
            case SpecConformance -> "a property between the levels, not of either: the crosscheck level checks it by"
                    + " running TLC on the port's recorded traces";
            default -> null;
        };
    }

    /** TLA+ definitions that report a catalogue property under another name (see {@link #reportedAs}). */
    private static final Map<String, Property> STATE_FORMS = Map.of(
            "WakeupComing", NoLostWakeup,
            "StepsHashConsistent", HashConsistent,
            "StepsNoLostWaiter", NoLostWaiter,
            "SeenNoLostWaiter", NoLostWaiter);

    /**
     * The catalogue property that a TLA+ definition named {@code name} reports, or null when it
     * reports none (TypeOK, a witness invariant). A property's own name reports it; so does a state
     * form that the specs check in its place where the temporal check is out of reach: PV.tla's
     * WakeupComing (a halted waiter that holds the lock has a kick coming) is NoLostWakeup's. So
     * does a restatement for a finer model: PVSteps.tla's StepsHashConsistent is HashConsistent
     * outside the holder's own two stores of pv_kick_node, CNASteps.tla's StepsNoLostWaiter is
     * NoLostWaiter outside a holder's half-done moves between the queues, and CNAWeak.tla's
     * SeenNoLostWaiter is NoLostWaiter as the CPUs read the queues under a weak memory model (the
     * secondary queue's tail a queue head reads is the node spliced there).
     */
    public static Property reportedAs(String name) {
        if (name == null) {
            return null;
        }
        Property form = STATE_FORMS.get(name);
        if (form != null) {
            return form;
        }
        for (Property p : values()) {
            if (p.name().equals(name)) {
                return p;
            }
        }
        return null;
    }

    /** The catalogue entry with this name; a one-line error for an unknown one. */
    public static Property of(String name) {
        for (Property p : values()) {
            if (p.name().equals(name)) {
                return p;
            }
        }
        throw new HandoffException("unknown property '" + name + "' (catalogue: "
                + Arrays.toString(values()) + ")");
    }
}
