package org.handoff.cli.report;

import java.util.Locale;

/**
 * A small writer of inline SVG: boxes, text, arrows. The arrow heads are markers defined once per
 * page ({@link #markers()}), which every picture of the page refers to; numbers are written as
 * short as they read (no ".0"), default attributes left out, to keep a long report small.
 */
final class Svg {
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

    private static final java.util.Map<String, String> COLOR_CLASS = java.util.Map.of(INK, "k", MUTED, "u", CHANGED, "r",
            "#455a64", "s", "#2e7d32", "g", "#e65100", "o");

    /**
     * The text styles the pictures share, for the page's style sheet: sizes {@code f9}..{@code f16},
     * colours, bold, anchors (a class is shorter than the attributes it stands for, in every one of a
     * report's thousands of labels).
     */
    static String textCss() {
        StringBuilder css = new StringBuilder();
        for (int size = 9; size <= 16; size++) {
            css.append("svg .f").append(size).append("{font-size:").append(size).append("px}");
        }
        COLOR_CLASS.forEach((color, cls) -> css.append("svg .").append(cls).append("{fill:").append(color).append('}'));
        return css.append("svg .b{font-weight:bold}svg .e{text-anchor:end}svg .m{text-anchor:middle}").toString();
    }

    private final StringBuilder body = new StringBuilder();
    private final String id;
    private final String cssClass;
    private int width;
    private int height;

    Svg(String id, String cssClass) {
        this.id = id;
        this.cssClass = cssClass;
    }

    /** Grows the canvas to hold a point. */
    void fit(double x, double y) {
        width = Math.max(width, (int) Math.ceil(x));
        height = Math.max(height, (int) Math.ceil(y));
    }

    /** The canvas's height so far: the bottom of what is drawn, plus its margin. */
    double height() {
        return height;
    }

    /** A number as short as it reads: 12, 12.5. */
    static String n(double v) {
        long r = Math.round(v * 10);
        return r % 10 == 0 ? Long.toString(r / 10) : String.format(Locale.ROOT, "%.1f", r / 10.0);
    }

    void rect(double x, double y, double w, double h, String fill, String stroke, double strokeWidth, boolean dashed,
            double opacity) {
        body.append("<rect x=\"").append(n(x)).append("\" y=\"").append(n(y)).append("\" width=\"").append(n(w))
                .append("\" height=\"").append(n(h)).append("\" rx=\"6\" fill=\"").append(fill).append("\" stroke=\"")
                .append(stroke).append("\" stroke-width=\"").append(n(strokeWidth)).append('"')
                .append(dashed ? " stroke-dasharray=\"5 3\"" : "")
                .append(opacity < 1 ? String.format(Locale.ROOT, " opacity=\"%.2f\"", opacity) : "").append("/>");
        fit(x + w + 10, y + h + 10);
    }

    void rect(double x, double y, double w, double h, String fill, String stroke) {
        rect(x, y, w, h, fill, stroke, 1.2, false, 1);
    }

    /** Text; anchor is start, middle or end. */
    void text(double x, double y, String s, double size, String color, boolean bold, String anchor) {
        // The common styles are classes of the page's style sheet (TEXT_CSS), the rest attributes.
        StringBuilder cls = new StringBuilder();
        StringBuilder attrs = new StringBuilder();
        if (size == Math.rint(size) && size >= 9 && size <= 16) {
            cls.append('f').append((int) size);
        } else {
            attrs.append(" font-size=\"").append(n(size)).append('"');
        }
        String c = COLOR_CLASS.get(color);
        if (c != null) {
            cls.append(' ').append(c);
        } else {
            attrs.append(" fill=\"").append(color).append('"');
        }
        if (bold) {
            cls.append(" b");
        }
        if (!anchor.equals("start")) {
            cls.append(anchor.equals("end") ? " e" : " m");
        }
        body.append("<text x=\"").append(n(x)).append("\" y=\"").append(n(y)).append('"');
        if (cls.length() > 0) {
            body.append(" class=\"").append(cls.toString().strip()).append('"');
        }
        body.append(attrs).append('>').append(escape(s)).append("</text>");
        double w = s.length() * size * 0.6;
        double right = anchor.equals("start") ? x + w : anchor.equals("middle") ? x + w / 2 : x;
        fit(right + 10, y + 6);
    }

    void text(double x, double y, String s, double size, String color) {
        text(x, y, s, size, color, false, "start");
    }

    /** A straight arrow. */
    void arrow(double x1, double y1, double x2, double y2, String color, boolean dashed) {
        body.append("<line x1=\"").append(n(x1)).append("\" y1=\"").append(n(y1)).append("\" x2=\"").append(n(x2))
                .append("\" y2=\"").append(n(y2)).append("\" stroke=\"").append(color).append("\" stroke-width=\"1.6\"")
                .append(dashed ? " stroke-dasharray=\"5 3\"" : "").append(" marker-end=\"url(#").append(marker(color))
                .append(")\"/>");
    }

    /** An arrow along a curve that bulges by {@code bulge} (negative: upwards). */
    void curve(double x1, double y1, double x2, double y2, double bulge, String color, boolean dashed) {
        double cx1 = x1;
        double cy1 = y1 + bulge;
        double cx2 = x2;
        double cy2 = y2 + bulge;
        body.append("<path d=\"M ").append(n(x1)).append(' ').append(n(y1)).append(" C ").append(n(cx1)).append(' ')
                .append(n(cy1)).append(", ").append(n(cx2)).append(' ').append(n(cy2)).append(", ").append(n(x2)).append(' ')
                .append(n(y2)).append("\" fill=\"none\" stroke=\"").append(color).append("\" stroke-width=\"1.6\"")
                .append(dashed ? " stroke-dasharray=\"5 3\"" : "").append(" marker-end=\"url(#").append(marker(color))
                .append(")\"/>");
        fit(Math.max(x1, x2) + 10, Math.max(y1, y2) + Math.max(0, bulge) * 0.8 + 10);
    }

    private static final String[] MARKED = {INK, MUTED, CHANGED, HOLDER_EDGE, "#2e7d32", "#6a1b9a"};

    private static String marker(String color) {
        return "arrow-" + color.replace("#", "");
    }

    /**
     * The arrow heads every picture of a page refers to, in an SVG of no size: put once in the
     * page before the pictures.
     */
    static String markers() {
        StringBuilder defs = new StringBuilder(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"markers\" width=\"0\" height=\"0\" aria-hidden=\"true\"><defs>");
        for (String c : MARKED) {
            defs.append("<marker id=\"").append(marker(c)).append("\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\"")
                    .append(" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto-start-reverse\"><path d=\"M 0 0 L 10 5 L 0 10 z\"")
                    .append(" fill=\"").append(c).append("\"/></marker>");
        }
        return defs.append("</defs></svg>").toString();
    }

    /** The finished element; {@code title} is its accessible name. */
    String toSvg(String title) {
        return String.format(Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"%s\" id=\"%s\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\"><title>%s</title>%s</svg>",
                cssClass, id, width, height, width, height, escape(title), body);
    }

    static String escape(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder b = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            switch (c) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }
}
