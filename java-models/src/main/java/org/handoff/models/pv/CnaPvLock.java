package org.handoff.models.pv;

import org.handoff.models.SpinPolicy;
import org.handoff.models.Variant;
import org.handoff.models.cna.CnaLock;
import org.handoff.models.trace.TraceRecorder;

/**
 * {@code cna-pv}: the CNA slowpath of the first CNA series (v1, {@link CnaLock}) built with
 * {@code CONFIG_PARAVIRT_SPINLOCKS}, which v1 did not exclude: CNA's hooks ({@code find_successor}
 * and the secondary queue in the hand-off, {@code cna_try_clear_tail}) composed with the PV hooks
 * ({@link Paravirt}: {@code pv_init_node}, {@code pv_wait_node}, {@code pv_kick_node},
 * {@code pv_wait_head_or_lock}, {@code __pv_queued_spin_unlock}, the unfair trylock and
 * {@code goto pv_queue}).
 *
 * <p>The question it asks: the slowpath calls {@code pv_kick_node(lock, next)} on the original
 * successor {@code next}, but CNA's hand-off may have given the MCS lock (with a non-1 value) to
 * another node further down the queue, and {@code cna_try_clear_tail} hands it to the secondary
 * queue's first node with no {@code pv_kick_node} at all. A node that halted in
 * {@code pv_wait_node} and is handed the lock that way is never hashed, so no unlock kicks it.
 *
 * <p>The composition is by hooks alone: {@link CnaLock}'s hook set passes every slot CNA leaves
 * alone to its {@code extra} hooks, here {@link Paravirt} (including {@code pv_enabled()}, the
 * slowpath's unfair trylock, the unlock and the per-CPU PV nodes), so nothing of PV is restated.
 *
 * <p>Ported as {@code NR_CPUS >= 16K} (see {@link PvQSpinLock}).
 */
@Variant("cna-pv")
public class CnaPvLock extends CnaLock {
    private final Paravirt pv;

    public CnaPvLock(SpinPolicy spin) {
        this(spin, new Paravirt(PvVariant.PV));
    }

    private CnaPvLock(SpinPolicy spin, Paravirt pv) {
        super(spin, pv);
        this.pv = pv;
    }

    public Paravirt paravirt() {
        return pv;
    }

    /**
     * Not recorded: the PV trace map ({@code specs/pv/trace/PVStepsTrace.tla}) follows PVSteps.tla, and CNAPV.tla
     * composes CNA's hand-off with PV's hooks in actions of its own that no map follows yet.
     */
    @Override
    public void traceTo(TraceRecorder recorder) {
        throw new UnsupportedOperationException(variant() + ": cna-pv's steps are not recorded (the PV trace map follows PVSteps.tla, not CNAPV.tla; see docs/pv-java.md)");
    }

    @Override
    public String family() {
        return "pv";
    }
}
