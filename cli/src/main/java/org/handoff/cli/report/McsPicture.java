package org.handoff.cli.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.handoff.core.Svg;
import org.handoff.specs.TlaValue;
import org.handoff.specs.TlcTrace;

/**
 * MCS (specs/mcs/MCS.tla and its mutants): the lock word (tail) above a row of the threads' nodes in
 * queue order, linked by {@code next} (a dashed arrow: a thread that swapped the tail but has not
 * linked itself yet, {@code prev->next} pending). Each node shows its {@code locked} and
 * {@code next} and its thread's pc; the holder (pc "cs") is amber, two holders red, threads
 * outside the lock grey.
 */
final class McsPicture extends StatePicture {
    static final double W = 150;
    static final double H = 84;
    static final double GAP = 44;
    private static final Set<String> QUEUED = Set.of("link_prev", "spin_locked", "cs", "unlock_cmpxchg",
            "unlock_wait_next", "unlock_handoff");

    @Override
    boolean accepts(Map<String, TlaValue> state) {
        return state.containsKey("tail") && state.containsKey("next") && state.containsKey("locked")
                && state.containsKey("pc") && state.get("tail").asLong() != null;
    }

    @Override
    String kind() {
        return "MCS queue";
    }

    static String name(long t) {
        return t == 0 ? "NULL" : "t" + t;
    }

    @Override
    void draw(Svg svg, TlcTrace.Step s, Changed changed, double top) {
        Map<String, TlaValue> st = s.state();
        TlaValue pc = st.get("pc");
        List<TlaValue> threads = new ArrayList<>(pc.entries().keySet());
        long tail = num(st.get("tail"));
        Map<TlaValue, TlaValue> edges = new LinkedHashMap<>();
        Map<TlaValue, TlaValue> pending = new LinkedHashMap<>();
        Set<TlaValue> holders = new LinkedHashSet<>();
        Set<TlaValue> first = new LinkedHashSet<>();
        for (TlaValue t : threads) {
            long nx = num(st.get("next").at(t));
            if (nx != 0) {
                edges.put(t, new TlaValue.Int(nx));
            }
            String p = str(pc.at(t));
            if (p.equals("cs")) {
                holders.add(t);
            }
            TlaValue prev = st.get("prev") == null ? null : st.get("prev").at(t);
            if (p.equals("link_prev") && num(prev) != 0) {
                pending.put(prev, t);
            }
        }
        first.addAll(holders);
        for (TlaValue t : threads) {
            if (QUEUED.contains(str(pc.at(t)))) {
                first.add(t);
            }
        }
        Map<TlaValue, TlaValue> all = new LinkedHashMap<>(pending);
        all.putAll(edges);
        List<TlaValue> order = chainOrder(threads, all, first);

        // the lock word
        double lx = 10;
        double ly = top;
        svg.rect(lx, ly, 150, 46, "#ffffff", Palette.INK, 1.6, false, 1);
        svg.text(lx + 8, ly + 15, "lock (tail)", 11, Palette.MUTED);
        svg.text(lx + 8, ly + 37, tail == 0 ? "NULL: free" : "tail = " + name(tail), 15, changed.color(changed.exactly("tail")), true,
                "start");
        if (holders.size() > 1) {
            svg.text(lx + 170, ly + 30, holders.size() + " holders: mutual exclusion is broken", 14, Palette.CHANGED, true, "start");
        }

        double rowY = top + 84;
        Map<Object, double[]> pos = row(order, 10, rowY, W, GAP);
        for (TlaValue t : order) {
            double[] xy = pos.get(t);
            String p = str(pc.at(t));
            boolean holder = holders.contains(t);
            boolean queued = QUEUED.contains(p);
            String fill = holder ? (holders.size() > 1 ? Palette.CONFLICT : Palette.HOLDER) : queued ? Palette.WAITING : Palette.IDLE;
            svg.rect(xy[0], xy[1], W, H, fill, holder ? Palette.HOLDER_EDGE : Palette.INK, holder ? 2.4 : 1.2, false,
                    queued || holder ? 1 : 0.75);
            long id = num(t);
            svg.text(xy[0] + 8, xy[1] + 17, TlcTrace.threadName(t) + "'s node", 13, Palette.INK, true, "start");
            svg.text(xy[0] + 8, xy[1] + 35, "locked = " + num(st.get("locked").at(t)), 12,
                    changed.color(changed.exactly(at("locked", t))));
            svg.text(xy[0] + 8, xy[1] + 52, "next = " + name(num(st.get("next").at(t))), 12,
                    changed.color(changed.exactly(at("next", t))));
            svg.text(xy[0] + 8, xy[1] + 72, "pc: " + p, 12, changed.color(changed.exactly(at("pc", t))), false, "start");
            String role = holder ? "holder" : p.equals("ncs") ? "not locking" : queued ? "queued" : "entering";
            svg.text(xy[0] + W - 6, xy[1] + 16, role, 10, holder ? "#e65100" : Palette.MUTED, holder, "end");
            if (t.equals(s.actor())) {
                svg.text(xy[0] + 4, xy[1] - 6, "▼ " + TlcTrace.threadName(t) + " took this step", 10, Palette.CHANGED, true, "start");
            }
            TlaValue succ = st.get("succ") == null ? null : st.get("succ").at(t);
            if (num(succ) != 0) {
                svg.text(xy[0] + W - 6, xy[1] + 17, "succ=" + name(num(succ)), 10,
                        changed.color(changed.exactly(at("succ", t))), false, "end");
            }
            if (id == tail) {
                // the tail pointer, from the lock word
                svg.curve(lx + 120, ly + 46, xy[0] + W * 0.75, xy[1], 10, changed.exactly("tail") ? Palette.CHANGED : Palette.INK,
                        false);
            }
        }
        for (Map.Entry<TlaValue, TlaValue> e : edges.entrySet()) {
            double[] a = pos.get(e.getKey());
            double[] b = pos.get(e.getValue());
            if (a != null && b != null) {
                link(svg, a, b, W, H, GAP, changed.exactly(at("next", e.getKey())) ? Palette.CHANGED : Palette.INK, false, false);
            }
        }
        for (Map.Entry<TlaValue, TlaValue> e : pending.entrySet()) {
            double[] a = pos.get(e.getKey());
            double[] b = pos.get(e.getValue());
            if (a != null && b != null && !edges.containsKey(e.getKey())) {
                link(svg, a, b, W, H, GAP, Palette.MUTED, true, false);
            }
        }
        svg.fit(10, rowY + H + belowRow(order, all, W, GAP) + 8);
    }

    @Override
    String legend() {
        return "arrow: next · dashed: prev->next not yet written · red: changed by this step";
    }
}
