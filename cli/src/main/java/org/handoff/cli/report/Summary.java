package org.handoff.cli.report;

import java.util.ArrayList;
import java.util.List;

/**
 * A command's summary as blocks (the review's verdict diff), which the terminal prints as aligned
 * text and the report draws as HTML tables, some folded; one content, two renderings.
 *
 * @param title  the heading
 * @param blocks the content, in order
 */
public record Summary(String title, List<Block> blocks) {

    /** One block of a summary. */
    public sealed interface Block permits Line, Table, Detail {
    }

    /**
     * One paragraph.
     *
     * @param lead    the summary's conclusion: shown first and prominent
     * @param anchors check names whose counterexample the report links to from this line
     */
    public record Line(String text, boolean lead, List<String> anchors) implements Block {
        public Line(String text) {
            this(text, false, List.of());
        }
    }

    /**
     * A table: a caption (may be null), a header (may be empty), and rows. On the terminal a table
     * with a caption is indented under it; in the report a folded table is closed until opened.
     */
    public record Table(String caption, List<String> header, List<List<String>> rows, boolean fold) implements Block {
        /** The table as the terminal prints it (its caption, then its rows aligned). */
        public String text() {
            StringBuilder b = new StringBuilder();
            table(b, this);
            return b.toString();
        }
    }

    /** A caption and a text shown as it is (folded in the report), such as a check's detail. */
    public record Detail(String caption, String text, String anchor) implements Block {
    }

    /** The summary as the terminal prints it: the title, then the blocks separated by blank lines. */
    public String text() {
        StringBuilder b = new StringBuilder(title).append('\n');
        boolean first = true;
        for (Block block : blocks) {
            if (!first || !(block instanceof Line l && l.lead())) {
                b.append('\n');
            }
            first = false;
            if (block instanceof Line l) {
                b.append(l.text()).append('\n');
            } else if (block instanceof Table t) {
                table(b, t);
            } else if (block instanceof Detail d) {
                b.append(d.caption()).append('\n').append(d.text().strip()).append('\n');
            }
        }
        return b.toString();
    }

    private static void table(StringBuilder b, Table t) {
        String indent = "";
        String sep = " ";
        if (t.caption() != null) {
            b.append(t.caption()).append('\n');
            indent = "  ";
            sep = "  ";
        }
        List<List<String>> all = new ArrayList<>();
        if (!t.header().isEmpty()) {
            all.add(t.header());
        }
        all.addAll(t.rows());
        int cols = all.stream().mapToInt(List::size).max().orElse(0);
        int[] w = new int[cols];
        for (List<String> r : all) {
            for (int i = 0; i < r.size() - 1; i++) {
                w[i] = Math.max(w[i], r.get(i).length());
            }
        }
        for (List<String> r : all) {
            StringBuilder line = new StringBuilder(indent);
            for (int i = 0; i < r.size(); i++) {
                line.append(r.get(i));
                if (i < r.size() - 1) {
                    line.append(" ".repeat(w[i] - r.get(i).length())).append(sep);
                }
            }
            b.append(line.toString().stripTrailing()).append('\n');
        }
    }
}
