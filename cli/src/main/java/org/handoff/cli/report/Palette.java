package org.handoff.cli.report;

import java.util.List;
import java.util.Map;
import org.handoff.core.Svg;

/**
 * The report's colours and its canvases: every picture of a report page is an {@link Svg} with
 * these text colour classes and boxes rounded by 6, and the page states the style sheet
 * ({@link #textCss()}) and the arrow heads ({@link #markers()}) once for all of them.
 */
final class Palette {
    static final String INK = "#263238";
    static final String MUTED = "#90a4ae";
    static final String CHANGED = "#c62828";
    static final String HOLDER = "#ffe082";
    static final String HOLDER_EDGE = "#ff8f00";
    static final String CONFLICT = "#ef9a9a";
    static final String WAITING = "#e3f2fd";
    static final String IDLE = "#f5f5f5";
    static final String SECONDARY = "#e8f5e9";
    static final String ASLEEP = "#cfd8dc";

    /** The text colours with a class of their own (short, since a report has thousands of labels). */
    private static final Map<String, String> COLOUR_CLASSES = Map.of(INK, "k", MUTED, "u", CHANGED, "r",
            "#455a64", "s", "#2e7d32", "g", "#e65100", "o");
    /** The colours arrows are drawn in. */
    private static final List<String> ARROWS = List.of(INK, MUTED, CHANGED, HOLDER_EDGE, "#2e7d32", "#6a1b9a");

    private Palette() {
    }

    /** A picture of the report, with the element's id and class. */
    static Svg canvas(String id, String cssClass) {
        return new Svg(id, cssClass, COLOUR_CLASSES, 6);
    }

    /** The text styles of the report's pictures, for the page's style sheet. */
    static String textCss() {
        return Svg.textCss(COLOUR_CLASSES);
    }

    /** The arrow heads of the report's pictures, once per page before them. */
    static String markers() {
        return Svg.markers(ARROWS);
    }
}
