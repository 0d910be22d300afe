package org.handoff.cli.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.handoff.specs.TlaValue;

/**
 * pvqspinlock (specs/pv/PV.tla, and CNAPV.tla with CNA's secondary queue): the queued spinlock's
 * picture where a vCPU that is halted in {@code pv_wait} or descheduled by the hypervisor is grey,
 * dashed and labelled; each node shows its {@code pn->state} and its hash entries, the lock word's
 * locked byte reads {@code _Q_SLOW_VAL} when a waiter is to be kicked, and a context shows the
 * {@code pv_kick_node} it still has to make.
 */
final class PvPicture extends CnaPicture {
    static final long SLOW_VAL = 3;

    @Override
    boolean accepts(Map<String, TlaValue> state) {
        return super.accepts(state) && state.containsKey("hv");
    }

    @Override
    String kind() {
        return "pvqspinlock: vCPUs halted or descheduled";
    }

    @Override
    String wordLockedText(long v) {
        return v == SLOW_VAL ? "3 SLOW_VAL" : Long.toString(v);
    }

    @Override
    String asleep(Map<String, TlaValue> st, TlaValue ctx) {
        TlaValue hv = st.get("hv");
        TlaValue cpu = ctx instanceof TlaValue.Tuple t && !t.items().isEmpty() ? t.items().get(0) : ctx;
        if (hv.field("halted") != null && hv.field("halted").at(cpu) instanceof TlaValue.Bool b && b.value()) {
            return "halted (pv_wait)";
        }
        if (hv.field("pre") != null && hv.field("pre").at(cpu) instanceof TlaValue.Bool b && b.value()) {
            return "vCPU descheduled";
        }
        return null;
    }

    @Override
    List<String[]> nodeExtras(Map<String, TlaValue> st, long n) {
        List<String[]> out = new ArrayList<>(super.nodeExtras(st, n));
        TlaValue key = new TlaValue.Int(n);
        TlaValue pvn = st.get("pvn");
        if (pvn != null && pvn.field("st") != null && pvn.field("st").at(key) != null) {
            out.add(0, new String[] {"pn->state = " + str(pvn.field("st").at(key)), "pvn.st[" + n + "]"});
        }
        TlaValue hsh = st.get("hsh");
        if (hsh != null && num(hsh.at(key)) > 0) {
            out.add(new String[] {"hash entries = " + num(hsh.at(key)), "hsh[" + n + "]"});
        }
        return out;
    }

    @Override
    List<String[]> ctxExtras(Map<String, TlaValue> st, TlaValue ctx) {
        List<String[]> out = new ArrayList<>();
        TlaValue pl = st.get("pl");
        TlaValue kt = pl == null ? null : pl.field("kt");
        if (kt != null && num(kt.at(ctx)) != 0) {
            out.add(new String[] {"to kick: " + nodeName(num(kt.at(ctx))), "pl.kt[" + TlaValue.keyText(ctx) + "]"});
        }
        TlaValue ph = pl == null ? null : pl.field("ph");
        if (ph != null && ph.at(ctx) != null && !str(ph.at(ctx)).equals("start")) {
            out.add(new String[] {"phase: " + str(ph.at(ctx)), "pl.ph[" + TlaValue.keyText(ctx) + "]"});
        }
        return out;
    }
}
