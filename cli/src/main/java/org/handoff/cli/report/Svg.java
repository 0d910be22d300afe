package org.handoff.cli.report;

import java.util.Locale;

/**
 * A small writer of inline SVG: boxes, text, arrows. Every picture gets its own id prefix, so
 * that the arrow markers of many pictures in one HTML page do not clash.
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

    void rect(double x, double y, double w, double h, String fill, String stroke, double strokeWidth, boolean dashed,
            double opacity) {
        body.append(String.format(Locale.ROOT,
                "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"6\" fill=\"%s\" stroke=\"%s\" stroke-width=\"%.1f\"%s%s/>",
                x, y, w, h, fill, stroke, strokeWidth, dashed ? " stroke-dasharray=\"5 3\"" : "",
                opacity < 1 ? String.format(Locale.ROOT, " opacity=\"%.2f\"", opacity) : ""));
        fit(x + w + 10, y + h + 10);
    }

    void rect(double x, double y, double w, double h, String fill, String stroke) {
        rect(x, y, w, h, fill, stroke, 1.2, false, 1);
    }

    /** Text; anchor is start, middle or end. */
    void text(double x, double y, String s, double size, String color, boolean bold, String anchor) {
        body.append(String.format(Locale.ROOT,
                "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" fill=\"%s\"%s text-anchor=\"%s\">%s</text>", x, y, size,
                color, bold ? " font-weight=\"bold\"" : "", anchor, escape(s)));
        double w = s.length() * size * 0.6;
        double right = anchor.equals("start") ? x + w : anchor.equals("middle") ? x + w / 2 : x;
        fit(right + 10, y + 6);
    }

    void text(double x, double y, String s, double size, String color) {
        text(x, y, s, size, color, false, "start");
    }

    /** A straight arrow. */
    void arrow(double x1, double y1, double x2, double y2, String color, boolean dashed) {
        body.append(String.format(Locale.ROOT,
                "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"1.6\"%s marker-end=\"url(#%s)\"/>",
                x1, y1, x2, y2, color, dashed ? " stroke-dasharray=\"5 3\"" : "", marker(color)));
    }

    /** An arrow along a curve that bulges by {@code bulge} (negative: upwards). */
    void curve(double x1, double y1, double x2, double y2, double bulge, String color, boolean dashed) {
        double cx1 = x1;
        double cy1 = y1 + bulge;
        double cx2 = x2;
        double cy2 = y2 + bulge;
        body.append(String.format(Locale.ROOT,
                "<path d=\"M %.1f %.1f C %.1f %.1f, %.1f %.1f, %.1f %.1f\" fill=\"none\" stroke=\"%s\" stroke-width=\"1.6\"%s marker-end=\"url(#%s)\"/>",
                x1, y1, cx1, cy1, cx2, cy2, x2, y2, color, dashed ? " stroke-dasharray=\"5 3\"" : "", marker(color)));
        fit(Math.max(x1, x2) + 10, Math.max(y1, y2) + Math.max(0, bulge) * 0.8 + 10);
    }

    private String marker(String color) {
        return id + "-m" + color.replace("#", "");
    }

    /** The finished element; {@code title} is its accessible name. */
    String toSvg(String title) {
        StringBuilder defs = new StringBuilder("<defs>");
        for (String c : new String[] {INK, MUTED, CHANGED, HOLDER_EDGE, "#2e7d32", "#6a1b9a"}) {
            defs.append(String.format(Locale.ROOT,
                    "<marker id=\"%s\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto-start-reverse\"><path d=\"M 0 0 L 10 5 L 0 10 z\" fill=\"%s\"/></marker>",
                    marker(c), c));
        }
        defs.append("</defs>");
        return String.format(Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"%s\" id=\"%s\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\" font-family=\"DejaVu Sans, Verdana, sans-serif\"><title>%s</title>%s%s</svg>",
                cssClass, id, width, height, width, height, escape(title), defs, body);
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
