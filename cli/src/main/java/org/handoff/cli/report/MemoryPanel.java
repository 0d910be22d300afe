package org.handoff.cli.report;

import java.util.List;
import java.util.Map;
import org.handoff.core.Svg;
import org.handoff.specs.TlaValue;
import org.handoff.specs.TlcTrace;

/**
 * The memory layer's state under a weak-memory counterexample's picture (specs/common/Memory.tla: the
 * shared memory {@code mem} and each CPU's store buffer {@code buf}): every location with its value
 * in memory, then each CPU's buffered stores, oldest first, with the kernel order each was written
 * with. This is where a weak-memory bug lives: a store a CPU has made that no other CPU can see yet,
 * or two stores of one CPU reaching memory in the other order. What the step changed is red.
 */
final class MemoryPanel {
    private static final double CELL_W = 150;
    private static final double CELL_H = 22;
    private static final int PER_ROW = 4;

    private MemoryPanel() {
    }

    /** Whether the state has the memory layer's two variables. */
    static boolean applies(Map<String, TlaValue> state) {
        TlaValue mem = state.get("mem");
        TlaValue buf = state.get("buf");
        return mem != null && buf != null && mem.isFunctionLike() && buf.isFunctionLike();
    }

    /** Draws the panel from {@code top}. */
    static void draw(Svg svg, TlcTrace.Step s, StatePicture.Changed changed, double top) {
        Map<String, TlaValue> st = s.state();
        double y = top + 14;
        svg.text(10, y, "memory (what a CPU reads when its own buffer holds nothing for the location)", 11, Palette.MUTED);
        y += 8;
        int i = 0;
        for (Map.Entry<TlaValue, TlaValue> e : st.get("mem").entries().entrySet()) {
            double x = 10 + (i % PER_ROW) * (CELL_W + 6);
            double cy = y + (i / PER_ROW) * (CELL_H + 4);
            boolean moved = changed.exactly(StatePicture.at("mem", e.getKey()));
            svg.rect(x, cy, CELL_W, CELL_H, "#fafafa", moved ? Palette.CHANGED : "#b0bec5", moved ? 2 : 0.8, false, 1);
            svg.text(x + 6, cy + 15, StatePicture.shorten(location(e.getKey()) + " = " + e.getValue().text(), 22), 11,
                    changed.color(moved));
            i++;
        }
        y += ((i + PER_ROW - 1) / PER_ROW) * (CELL_H + 4) + 6;
        for (Map.Entry<TlaValue, TlaValue> e : st.get("buf").entries().entrySet()) {
            boolean moved = changed.under(StatePicture.at("buf", e.getKey()));
            List<TlaValue> entries = List.copyOf(e.getValue().entries().values());
            String who = TlcTrace.threadName(e.getKey()) + "'s store buffer";
            svg.text(10, y + 14, who + (entries.isEmpty() ? ": empty" : ", oldest first:"), 11, changed.color(moved),
                    moved, "start");
            double x = 200;
            for (TlaValue entry : entries) {
                List<TlaValue> parts = List.copyOf(entry.entries().values());
                String kind = parts.size() == 3 ? StatePicture.str(parts.get(2)) : null;
                String text = kind == null ? entry.text() : kind.equals("wmb") ? "smp_wmb()"
                        : location(parts.get(0)) + " := " + parts.get(1).text() + " (" + kind + ")";
                double w = Math.min(260, 12 + text.length() * 6.2);
                svg.rect(x, y, w, CELL_H, "#fff8e1", moved ? Palette.CHANGED : Palette.HOLDER_EDGE, moved ? 1.6 : 0.9, false, 1);
                svg.text(x + 6, y + 15, StatePicture.shorten(text, 38), 11, Palette.INK);
                x += w + 6;
            }
            y += CELL_H + 6;
        }
    }

    /** A location as the kernel would name it: {@code <<"state", 2>>} as {@code state[2]}. */
    static String location(TlaValue loc) {
        if (loc instanceof TlaValue.Tuple t && t.items().size() == 2) {
            return StatePicture.str(t.items().get(0)) + "[" + StatePicture.str(t.items().get(1)) + "]";
        }
        return StatePicture.str(loc);
    }
}
