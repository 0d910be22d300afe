package org.handoff.cli.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.handoff.core.Svg;
import org.handoff.specs.TlaValue;
import org.handoff.specs.TlcTrace;

/**
 * Any spec with a per-thread {@code pc} (ticket, CLH, M-lock, combining, the litmus specs): one
 * chip per thread with its pc (the thread that took the step outlined, a changed pc red), and a
 * table of what the step changed, old and new value; the initial state lists its variables.
 */
final class GenericPicture extends StatePicture {
    private static final int MAX_ROWS = 14;

    @Override
    boolean accepts(Map<String, TlaValue> state) {
        return true;
    }

    @Override
    String kind() {
        return "threads' pc and the changed variables";
    }

    @Override
    void draw(Svg svg, TlcTrace.Step s, Changed changed, double top) {
        Map<String, TlaValue> st = s.state();
        TlaValue pc = st.get("pc");
        double y = top;
        if (pc != null && !pc.entries().isEmpty()) {
            svg.text(10, y + 10, "threads and their pc", 11, Palette.MUTED);
            double x = 10;
            for (Map.Entry<TlaValue, TlaValue> e : pc.entries().entrySet()) {
                boolean actor = e.getKey().equals(s.actor());
                boolean moved = changed.exactly(at("pc", e.getKey()));
                String p = str(e.getValue());
                String fill = p.equals("cs") ? Palette.HOLDER : p.equals("ncs") || p.equals("idle") ? Palette.IDLE : Palette.WAITING;
                svg.rect(x, y + 16, 132, 42, fill, actor ? Palette.CHANGED : Palette.INK, actor ? 2.4 : 1.1, false, 1);
                svg.text(x + 6, y + 32, TlcTrace.threadName(e.getKey()) + (actor ? " · this step" : ""), 12, Palette.INK, true,
                        "start");
                svg.text(x + 6, y + 50, "pc: " + p, 11, changed.color(moved));
                x += 146;
            }
            y += 76;
        }
        List<String[]> rows = new ArrayList<>();
        if (s.changes().isEmpty()) {
            for (Map.Entry<String, TlaValue> e : st.entrySet()) {
                rows.add(new String[] {e.getKey(), "", e.getValue().text()});
            }
            svg.text(10, y + 10, s.number() == 1 ? "variables" : "no variable changed", 11, Palette.MUTED);
        } else {
            for (TlcTrace.Change c : s.changes()) {
                rows.add(new String[] {c.path(), c.before().text(), c.after().text()});
            }
            svg.text(10, y + 10, "changed by this step: before → after", 11, Palette.MUTED);
        }
        y += 18;
        int shown = 0;
        for (String[] r : rows) {
            if (shown == MAX_ROWS) {
                svg.text(16, y + 16, "… and " + (rows.size() - shown) + " more", 11, Palette.MUTED);
                break;
            }
            svg.rect(10, y, 640, 22, shown % 2 == 0 ? "#fafafa" : "#ffffff", "#e0e0e0", 0.8, false, 1);
            svg.text(16, y + 15, shorten(r[0], 28), 12, Palette.INK, true, "start");
            if (r[1].isEmpty()) {
                svg.text(220, y + 15, shorten(r[2], 70), 12, Palette.INK);
            } else {
                svg.text(220, y + 15, shorten(r[1], 30), 12, Palette.MUTED);
                svg.text(430, y + 15, "→ " + shorten(r[2], 30), 12, Palette.CHANGED);
            }
            y += 24;
            shown++;
        }
    }
}
