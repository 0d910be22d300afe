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
 * The queued spinlock (specs/qspinlock/QSpinlock.tla and its mutants): each lock word as its three fields
 * (tail, pending, locked), the MCS queue of per-CPU nodes in queue order linked by {@code next}
 * (dashed: a link not yet written), and a row with every context (CPU and interrupt level) and its
 * pc. A node is named by the CPU it belongs to and its index ({@code cpu2.0}: CPU 2's task-context
 * node), as the tail encodes it. The owner (pc "cs" or "mcs_handoff") is amber; a CPU that holds the
 * pending bit (pc "pend_spin") is marked "pending".
 *
 * <p>Variants add to the picture: CNA's secondary queue ({@link CnaPicture}), PV's halted and
 * descheduled vCPUs ({@link PvPicture}).
 */
class QSpinlockPicture extends StatePicture {
    static final double W = 190;
    static final double GAP = 44;
    static final int MAX_NODES = 4; // MAX_NODES in QSpinlock.tla: the node encoding cpu * 4 + index
    private static final Set<String> OWN = Set.of("cs", "mcs_handoff");
    private static final Set<String> QUEUED = Set.of("link_prev", "spin_locked", "head_wait", "head_cmpxchg", "set_locked",
            "mcs_handoff");

    @Override
    boolean accepts(Map<String, TlaValue> state) {
        return state.containsKey("lk") && state.containsKey("nlocked") && state.containsKey("nnext")
                && state.containsKey("node") && state.containsKey("pc");
    }

    @Override
    String kind() {
        return "queued spinlock";
    }

    static String nodeName(long n) {
        return n == 0 ? "NULL" : "cpu" + n / MAX_NODES + "." + n % MAX_NODES;
    }

    /** Secondary queues: the MCS head's node, and the nodes of the queue it holds (CNA). */
    Map<Long, List<Long>> secondary(Map<String, TlaValue> st, Set<Long> nodes) {
        return Map.of();
    }

    /** How a node's {@code locked} reads. */
    String lockedText(Map<String, TlaValue> st, long v) {
        return Long.toString(v);
    }

    /** How the lock word's locked byte reads. */
    String wordLockedText(long v) {
        return Long.toString(v);
    }

    /** Why a context's vCPU does not run (PV), or null. */
    String asleep(Map<String, TlaValue> st, TlaValue ctx) {
        return null;
    }

    /** More lines in a node's box: text and the path that would make it red. */
    List<String[]> nodeExtras(Map<String, TlaValue> st, long n) {
        return List.of();
    }

    /** More lines under a context's chip. */
    List<String[]> ctxExtras(Map<String, TlaValue> st, TlaValue ctx) {
        return List.of();
    }

    @Override
    String gloss(String path) {
        return path.startsWith("count[") ? "the CPU's qnodes[0].count: nodes in use" : null;
    }

    @Override
    String where(Map<String, TlaValue> st, TlaValue ctx) {
        if (!accepts(st)) {
            return null;
        }
        String asleep = asleep(st, ctx);
        if (asleep != null) {
            return asleep.startsWith("halted") ? "halted (pv_wait)" : "with its vCPU descheduled";
        }
        long n = num(st.get("node").at(ctx));
        if (n == 0) {
            return null;
        }
        Set<Long> nodes = new LinkedHashSet<>();
        for (TlaValue x : st.get("pc").entries().keySet()) {
            long m = num(st.get("node").at(x));
            if (m != 0) {
                nodes.add(m);
            }
        }
        for (Map.Entry<TlaValue, TlaValue> e : st.get("nnext").entries().entrySet()) {
            if (num(e.getValue()) != 0 || num(st.get("nlocked").at(e.getKey())) != 0) {
                nodes.add(num(e.getKey()));
            }
        }
        for (List<Long> q : secondary(st, nodes).values()) {
            if (q.contains(n)) {
                return "in the secondary queue";
            }
        }
        return null;
    }

    @Override
    void draw(Svg svg, TlcTrace.Step s, Changed changed, double top) {
        Map<String, TlaValue> st = s.state();
        TlaValue pc = st.get("pc");
        List<TlaValue> ctxs = new ArrayList<>(pc.entries().keySet());
        Map<Long, TlaValue> owner = new LinkedHashMap<>();
        Set<Long> nodes = new LinkedHashSet<>();
        for (TlaValue x : ctxs) {
            long n = num(st.get("node").at(x));
            if (n != 0) {
                owner.put(n, x);
                nodes.add(n);
            }
        }
        for (Map.Entry<TlaValue, TlaValue> e : st.get("nnext").entries().entrySet()) {
            if (num(e.getValue()) != 0 || num(st.get("nlocked").at(e.getKey())) != 0) {
                nodes.add(num(e.getKey()));
            }
        }
        Set<TlaValue> holders = new LinkedHashSet<>();
        for (TlaValue x : ctxs) {
            if (OWN.contains(str(pc.at(x)))) {
                holders.add(x);
            }
        }
        Map<Long, List<Long>> secondary = secondary(st, nodes);
        Set<Long> inSecondary = new LinkedHashSet<>();
        secondary.values().forEach(inSecondary::addAll);
        List<Long> main = new ArrayList<>();
        for (Long n : nodes) {
            if (!inSecondary.contains(n)) {
                main.add(n);
            }
        }
        Map<Long, Long> edges = new LinkedHashMap<>();
        for (Long n : nodes) {
            long m = num(st.get("nnext").at(new TlaValue.Int(n)));
            if (m != 0) {
                edges.put(n, m);
            }
        }
        Map<Long, Long> pending = new LinkedHashMap<>();
        for (TlaValue x : ctxs) {
            long pv = num(st.get("prev") == null ? null : st.get("prev").at(x));
            long n = num(st.get("node").at(x));
            if (str(pc.at(x)).equals("link_prev") && pv != 0 && n != 0) {
                pending.put(pv, n);
            }
        }
        Set<Long> first = new LinkedHashSet<>();
        for (Long n : main) {
            TlaValue x = owner.get(n);
            if (x != null && (holders.contains(x) || QUEUED.contains(str(pc.at(x))))) {
                first.add(n);
            }
        }
        Map<Long, Long> mainEdges = new LinkedHashMap<>();
        for (Map.Entry<Long, Long> e : pending.entrySet()) {
            if (main.contains(e.getKey()) && main.contains(e.getValue())) {
                mainEdges.put(e.getKey(), e.getValue());
            }
        }
        for (Map.Entry<Long, Long> e : edges.entrySet()) {
            if (main.contains(e.getKey()) && main.contains(e.getValue())) {
                mainEdges.put(e.getKey(), e.getValue());
            }
        }
        List<Long> order = chainOrder(main, mainEdges, first);

        // the lock words
        Map<Long, double[]> tailCells = new LinkedHashMap<>();
        double x = 10;
        for (Map.Entry<TlaValue, TlaValue> e : st.get("lk").entries().entrySet()) {
            long lock = num(e.getKey());
            TlaValue w = e.getValue();
            String base = "lk[" + lock + "]";
            svg.text(x, top + 12, "lock " + lock + " word", 11, Palette.MUTED);
            String[] fields = {"tail", "pending", "locked"};
            for (int i = 0; i < 3; i++) {
                double cx = x + i * 92;
                long v = num(w.field(fields[i]));
                svg.rect(cx, top + 18, 88, 44, "#ffffff", Palette.INK, 1.6, false, 1);
                svg.text(cx + 6, top + 31, fields[i], 10, Palette.MUTED);
                String text = i == 0 ? nodeName(v) : i == 2 ? wordLockedText(v) : Long.toString(v);
                svg.text(cx + 6, top + 52, text, 14, changed.color(changed.exactly(base + "." + fields[i])), true, "start");
                if (i == 0 && v != 0) {
                    tailCells.put(v, new double[] {cx + 44, top + 62, changed.exactly(base + ".tail") ? 1 : 0});
                }
            }
            x += 3 * 92 + 40;
        }
        if (holders.size() > 1 && st.get("lk").entries().size() == 1) {
            svg.text(x, top + 46, holders.size() + " owners: mutual exclusion is broken", 14, Palette.CHANGED, true, "start");
        }

        int extras = 0;
        for (Long n : nodes) {
            extras = Math.max(extras, nodeExtras(st, n).size());
        }
        final double H = 78 + 15 * extras;
        double rowY = top + 110;
        Map<Object, double[]> pos = new LinkedHashMap<>(row(order, 10, rowY, W, GAP));
        if (order.isEmpty()) {
            svg.text(10, rowY + 20, "no queue node in use", 12, Palette.MUTED);
        }
        double nextY = rowY + (order.isEmpty() ? 30 : H) + belowRow(order, mainEdges, W, GAP) + 44;
        for (Map.Entry<Long, List<Long>> e : secondary.entrySet()) {
            svg.text(10, nextY - 10, "secondary queue (held in " + nodeName(e.getKey()) + "'s locked)", 11, "#2e7d32");
            pos.putAll(row(e.getValue(), 10, nextY, W, GAP));
            Map<Long, Long> secEdges = new LinkedHashMap<>();
            for (Long n : e.getValue()) {
                if (edges.containsKey(n)) {
                    secEdges.put(n, edges.get(n));
                }
            }
            nextY += H + belowRow(e.getValue(), secEdges, W, GAP) + 44;
        }
        for (Object o : pos.keySet()) {
            long n = (Long) o;
            double[] xy = pos.get(o);
            TlaValue x0 = owner.get(n);
            String p = x0 == null ? null : str(pc.at(x0));
            boolean holder = x0 != null && holders.contains(x0);
            boolean sec = inSecondary.contains(n);
            String sleep = x0 == null ? null : asleep(st, x0);
            String fill = sleep != null ? Palette.ASLEEP : holder ? Palette.HOLDER : sec ? Palette.SECONDARY : x0 != null ? Palette.WAITING : Palette.IDLE;
            svg.rect(xy[0], xy[1], W, H, fill, holder ? Palette.HOLDER_EDGE : Palette.INK, holder ? 2.4 : 1.2, sleep != null,
                    x0 == null ? 0.7 : 1);
            TlaValue key = new TlaValue.Int(n);
            svg.text(xy[0] + 8, xy[1] + 17, nodeName(n) + (x0 != null && num(at1(x0)) > 0 ? " (" + TlcTrace.threadName(x0) + ")" : ""),
                    13, Palette.INK, true, "start");
            boolean took = x0 != null && x0.equals(s.actor());
            if (took) {
                // one label above the box: the step's thread, and why its vCPU does not run
                svg.text(xy[0] + 4, xy[1] - 6, "▼ " + TlcTrace.threadName(x0) + (sleep != null ? "'s step · " + sleep : " took this step"),
                        10, Palette.CHANGED, true, "start");
            }
            svg.text(xy[0] + 8, xy[1] + 35, "locked = " + lockedText(st, num(st.get("nlocked").at(key))), 12,
                    changed.color(changed.exactly(at("nlocked", key))));
            svg.text(xy[0] + 8, xy[1] + 52, "next = " + nodeName(num(st.get("nnext").at(key))), 12,
                    changed.color(changed.exactly(at("nnext", key))));
            svg.text(xy[0] + 8, xy[1] + 69, x0 == null ? "no owner (released)" : "pc: " + p, 12,
                    changed.color(x0 != null && changed.exactly(at("pc", x0))));
            double ly = xy[1] + 85;
            for (String[] extra : nodeExtras(st, n)) {
                svg.text(xy[0] + 8, ly, extra[0], 11, changed.color(changed.exactly(extra[1])));
                ly += 15;
            }
            String role = sleep != null ? "asleep" : holder ? "owner" : p == null ? "free" : sec ? "secondary" : "queued";
            svg.text(xy[0] + W - 6, xy[1] + 16, role, 10, holder ? "#e65100" : sleep != null ? Palette.INK : Palette.MUTED,
                    holder || sleep != null, "end");
            if (sleep != null && !took) {
                svg.text(xy[0] + W - 4, xy[1] - 6, sleep, 10, Palette.INK, true, "end");
            }
            double[] cell = tailCells.get(n);
            if (cell != null) {
                svg.curve(cell[0], cell[1], xy[0] + W * 0.55, xy[1], 14, cell[2] > 0 ? Palette.CHANGED : Palette.INK, false);
            }
        }
        for (Map.Entry<Long, Long> e : edges.entrySet()) {
            double[] a = pos.get(e.getKey());
            double[] b = pos.get(e.getValue());
            if (a != null && b != null) {
                String color = changed.exactly(at("nnext", new TlaValue.Int(e.getKey()))) ? Palette.CHANGED : Palette.INK;
                if (Math.abs(a[1] - b[1]) > 1) {
                    svg.curve(a[0] + W / 2, a[1] + (a[1] < b[1] ? H : 0), b[0] + W / 2 + 8, b[1] + (a[1] < b[1] ? 0 : H),
                            0, color, false);
                } else {
                    link(svg, a, b, W, H, GAP, color, false, false);
                }
            }
        }
        for (Map.Entry<Long, Long> e : pending.entrySet()) {
            double[] a = pos.get(e.getKey());
            double[] b = pos.get(e.getValue());
            if (a != null && b != null && !edges.containsKey(e.getKey())) {
                link(svg, a, b, W, H, GAP, Palette.MUTED, true, false);
            }
        }
        for (Map.Entry<Long, List<Long>> e : secondary.entrySet()) {
            double[] head = pos.get(e.getKey());
            double[] firstSec = pos.get(e.getValue().get(0));
            if (head != null && firstSec != null) {
                svg.curve(head[0] + 30, head[1] + H, firstSec[0] + 30, firstSec[1], 20, "#2e7d32", true);
            }
        }

        // every context
        double cy = nextY;
        double chipsBottom = cy + 44;
        svg.text(10, cy - 10, "contexts (CPU, interrupt level) and their pc", 11, Palette.MUTED);
        double cx = 10;
        for (TlaValue c : ctxs) {
            String p = str(pc.at(c));
            boolean holder = holders.contains(c);
            String sleep = asleep(st, c);
            boolean idle = p.equals("idle") || p.equals("ncs");
            String fill = sleep != null ? Palette.ASLEEP : holder ? Palette.HOLDER : p.equals("pend_spin") ? "#f3e5f5"
                    : idle ? Palette.IDLE : Palette.WAITING;
            boolean actor = c.equals(s.actor());
            svg.rect(cx, cy, 132, 44, fill, actor ? Palette.CHANGED : holder ? Palette.HOLDER_EDGE : Palette.INK, actor || holder ? 2.2 : 1,
                    sleep != null, idle && sleep == null ? 0.7 : 1);
            svg.text(cx + 6, cy + 16, TlcTrace.threadName(c) + (p.equals("pend_spin") ? " · pending" : holder ? " · owner" : ""),
                    12, Palette.INK, true, "start");
            svg.text(cx + 6, cy + 34, "pc: " + p, 11, changed.color(changed.exactly(at("pc", c))));
            double ey = cy + 58;
            if (sleep != null) {
                svg.text(cx + 6, ey, sleep, 11, Palette.INK, true, "start");
                ey += 14;
            }
            for (String[] extra : ctxExtras(st, c)) {
                svg.text(cx + 6, ey, extra[0], 11, changed.color(changed.exactly(extra[1])));
                ey += 14;
            }
            chipsBottom = Math.max(chipsBottom, ey - 14);
            cx += 132 + 14;
        }
        svg.fit(10, chipsBottom + 8);
    }

    @Override
    String legend() {
        return "arrow: next · dashed: link not yet written · green: the secondary queue · red outline: the"
                + " context that took this step · red text: changed by it";
    }

    /** The interrupt level of a context key <<cpu, level>>. */
    private static TlaValue at1(TlaValue ctx) {
        return ctx instanceof TlaValue.Tuple t && t.items().size() > 1 ? t.items().get(1) : new TlaValue.Int(0);
    }
}
