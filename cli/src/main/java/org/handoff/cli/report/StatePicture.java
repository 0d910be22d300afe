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
 * Draws one state of a counterexample as an SVG picture: a header with the step (its number,
 * thread, action and the kernel function it models), then the family's picture of the lock. What
 * the step changed is drawn in red. Families without a picture of their own get
 * {@link GenericPicture}: the threads' program counters and the changed entries.
 */
abstract class StatePicture {
    static final double HEADER = 52;

    /** The picture for a family, or the generic one when the state lacks what it draws. */
    static StatePicture forFamily(String family, TlcTrace.Step first) {
        StatePicture p = switch (family) {
            case "mcs" -> new McsPicture();
            case "qspinlock" -> new QSpinlockPicture();
            case "cna" -> new CnaPicture();
            case "pv" -> new PvPicture();
            default -> null;
        };
        return p != null && p.accepts(first.state()) ? p : new GenericPicture();
    }

    /** Whether the state has the variables this picture reads. */
    abstract boolean accepts(Map<String, TlaValue> state);

    /**
     * Where a thread waits, in the family's words ("in the secondary queue", "halted (pv_wait)"),
     * for the counterexample's story ({@link Story}); null when the picture has nothing to add.
     */
    String where(Map<String, TlaValue> state, TlaValue thread) {
        return null;
    }

    /**
     * The kernel's name of a variable whose spec name could be mistaken for another's (qspinlock's
     * per-CPU node {@code count} beside a patch's counter), shown in the captions, by the changed
     * entry's path; null for none.
     */
    String gloss(String path) {
        return null;
    }

    /** How to read the pictures (arrows, colours), said once above them; null when they need none. */
    String legend() {
        return null;
    }

    /** A short name of the picture kind, for the report's legend. */
    abstract String kind();

    /** The picture of step {@code index} of the trace. */
    final String render(String id, TlcTrace trace, int index) {
        TlcTrace.Step s = trace.steps().get(index);
        Svg svg = Palette.canvas(id, "step");
        header(svg, s);
        Set<String> changed = new LinkedHashSet<>();
        for (TlcTrace.Change c : s.changes()) {
            changed.add(c.path());
        }
        Changed what = new Changed(changed);
        draw(svg, s, what, HEADER + 8);
        if (MemoryPanel.applies(s.state())) {
            MemoryPanel.draw(svg, s, what, svg.height());
        }
        String title = "state " + s.number() + ": " + (s.thread() == null ? "" : s.thread() + " ") + s.actionText();
        return svg.toSvg(title);
    }

    private static void header(Svg svg, TlcTrace.Step s) {
        String head;
        if (s.initial()) {
            head = s.number() + " · initial state";
        } else if (s.changes().isEmpty() && s.number() == 1) {
            head = s.number() + " · first state shown";
        } else {
            head = s.number() + " · " + (s.thread() == null ? "?" : s.thread()) + " · " + s.action();
        }
        svg.text(10, 20, head, 15, Palette.INK, true, "start");
        if (s.kernel() != null && !s.initial()) {
            String fn = s.kernel().function() == null ? "" : s.kernel().function();
            String code = s.kernel().code() == null ? "" : s.kernel().code();
            String line = fn.isEmpty() || code.startsWith(fn) ? code : code.isEmpty() ? fn : fn + " — " + code;
            svg.text(10, 40, "kernel: " + shorten(line.replace("`", ""), 90), 12, "#455a64");
        } else if (!s.initial()) {
            svg.text(10, 40, "(the spec names no kernel function for this action)", 12, Palette.MUTED);
        }
    }

    static String shorten(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max - 1) + "…";
    }

    /** Draws the lock below {@code top}. */
    abstract void draw(Svg svg, TlcTrace.Step s, Changed changed, double top);

    /** The paths the step changed, asked by prefix. */
    record Changed(Set<String> paths) {
        boolean exactly(String path) {
            return paths.contains(path);
        }

        /** The path or any entry below it. */
        boolean under(String path) {
            for (String p : paths) {
                if (p.equals(path) || p.startsWith(path + "[") || p.startsWith(path + ".")) {
                    return true;
                }
            }
            return false;
        }

        String color(boolean changed) {
            return changed ? Palette.CHANGED : Palette.INK;
        }
    }

    /** {@code path} of a thread key, as the diff writes it: {@code pc[1, 0]}, {@code locked[2]}. */
    static String at(String variable, TlaValue key) {
        return variable + "[" + TlaValue.keyText(key) + "]";
    }

    static String str(TlaValue v) {
        if (v == null) {
            return "?";
        }
        return v instanceof TlaValue.Str s ? s.value() : v.text();
    }

    static long num(TlaValue v) {
        Long l = v == null ? null : v.asLong();
        return l == null ? 0 : l;
    }

    /**
     * The nodes in queue order: every chain of edges walked from its start (holders' and queued
     * nodes' chains first, in the order given), then what is left (cycles).
     */
    static <K> List<K> chainOrder(List<K> nodes, Map<K, K> edges, Set<K> first) {
        Set<K> incoming = new LinkedHashSet<>(edges.values());
        List<K> starts = new ArrayList<>();
        for (K n : nodes) {
            if (first.contains(n) && !incoming.contains(n)) {
                starts.add(n);
            }
        }
        for (K n : nodes) {
            if (!first.contains(n) && !incoming.contains(n) && edges.containsKey(n)) {
                starts.add(n);
            }
        }
        for (K n : nodes) {
            if (!incoming.contains(n) && !starts.contains(n)) {
                starts.add(n);
            }
        }
        List<K> order = new ArrayList<>();
        Set<K> seen = new LinkedHashSet<>();
        for (K s : starts) {
            walk(s, edges, order, seen);
        }
        for (K n : nodes) {
            walk(n, edges, order, seen);
        }
        return order;
    }

    private static <K> void walk(K s, Map<K, K> edges, List<K> order, Set<K> seen) {
        K n = s;
        while (n != null && seen.add(n)) {
            order.add(n);
            n = edges.get(n);
        }
    }

    /** Positions of boxes in one row. */
    static Map<Object, double[]> row(List<?> items, double x0, double y, double w, double gap) {
        Map<Object, double[]> out = new LinkedHashMap<>();
        double x = x0;
        for (Object o : items) {
            out.put(o, new double[] {x, y});
            x += w + gap;
        }
        return out;
    }

    /** How far the curved arrows under a row reach below it. */
    static <K> double belowRow(List<K> order, Map<K, K> edges, double w, double gap) {
        double most = 0;
        for (Map.Entry<K, K> e : edges.entrySet()) {
            int a = order.indexOf(e.getKey());
            int b = order.indexOf(e.getValue());
            if (a < 0 || b < 0) {
                continue;
            }
            if (b != a + 1) {
                most = Math.max(most, a == b ? 30 : 0.75 * (26 + 12 * Math.abs(b - a)) + 4);
            }
        }
        return most;
    }

    /**
     * An arrow between two boxes of one row: straight when the target is the right neighbour,
     * else a curve under the row (over it when {@code above}).
     */
    static void link(Svg svg, double[] from, double[] to, double w, double h, double gap, String color, boolean dashed,
            boolean above) {
        if (from == to || from[0] == to[0] && from[1] == to[1]) {
            svg.curve(from[0] + w * 0.3, from[1] + h, from[0] + w * 0.7, from[1] + h, 34, color, dashed);
            return;
        }
        if (Math.abs(to[1] - from[1]) < 1 && to[0] > from[0] && to[0] - from[0] < w + gap + 1) {
            svg.arrow(from[0] + w, from[1] + h / 2, to[0], to[1] + h / 2, color, dashed);
            return;
        }
        double dist = Math.abs(to[0] - from[0]) / (w + gap);
        double bulge = 26 + 12 * dist;
        if (above) {
            svg.curve(from[0] + w / 2, from[1], to[0] + w / 2 + 8, to[1], -bulge, color, dashed);
        } else {
            svg.curve(from[0] + w / 2, from[1] + h, to[0] + w / 2 + 8, to[1] + h, bulge, color, dashed);
        }
    }
}
