package org.handoff.models.pv;

import org.handoff.models.qspinlock.QNode;

/** {@code struct pv_node}: the PV part of a queue node. */
public final class PvNode {
    final QNode mcs;
    /** {@code pn->cpu}: the thread to kick. Written by the owner before the node is published. */
    volatile Thread cpu;
    /** {@code pn->state}, through {@link Paravirt#STATE}. */
    int state;
    /** {@code pn->waithist} ({@code pv-wait-early}); the owner's alone. */
    int waithist;

    PvNode(QNode mcs) {
        this.mcs = mcs;
    }

    public QNode mcs() {
        return mcs;
    }

    /** The vCPU state now (tests). */
    public int state() {
        return (int) Paravirt.STATE.getVolatile(this); // unrecorded: tests and the recorder's event fields
    }
}
