package org.handoff.core;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The project's one SVG writer: a canvas that grows to hold what is drawn on it (boxes, lines,
 * points, paths, text, arrows), for the report's pictures and the benchmark charts alike. Numbers
 * are written as short as they read (no ".0") and default attributes left out, to keep a long page
 * small. Text takes its size, colour, weight and anchor from short classes of a style sheet
 * ({@link #textCss}): a page holding many pictures states it once, and a picture written to a file
 * of its own carries it ({@link #standalone}). A text colour the canvas was not given a class for
 * is written as an attribute.
 */
public final class Svg {
    /** The dash pattern of a dashed box, arrow or curve. */
    private static final String DASHED = "5 3";

    private final StringBuilder body = new StringBuilder();
    private final String id;
    private final String cssClass;
    private final Map<String, String> colourClasses;
    private final double corner;
    private int width;
    private int height;

    /**
     * A canvas; {@code id} and {@code cssClass} are the element's (null for none), {@code colourClasses}
     * the text colours that have a class in the style sheet, {@code corner} the radius its boxes'
     * corners are rounded by.
     */
    public Svg(String id, String cssClass, Map<String, String> colourClasses, double corner) {
        this.id = id;
        this.cssClass = cssClass;
        this.colourClasses = Map.copyOf(colourClasses);
        this.corner = corner;
    }

    /**
     * The text styles of {@link #text}, for a page's style sheet: sizes {@code f9}..{@code f16}, the
     * given colours, bold, anchors (a class is shorter than the attributes it stands for, in every one
     * of a report's thousands of labels).
     */
    public static String textCss(Map<String, String> colourClasses) {
        StringBuilder css = new StringBuilder();
        for (int size = 9; size <= 16; size++) {
            css.append("svg .f").append(size).append("{font-size:").append(size).append("px}");
        }
        // In the order of the classes: Map.of iterates in an order that changes from one JVM to the next.
        colourClasses.entrySet().stream().sorted(Map.Entry.comparingByValue())
                .forEach(e -> css.append("svg .").append(e.getValue()).append("{fill:").append(e.getKey()).append('}'));
        return css.append("svg .b{font-weight:bold}svg .e{text-anchor:end}svg .m{text-anchor:middle}").toString();
    }

    /** Grows the canvas to hold a point. */
    public void fit(double x, double y) {
        width = Math.max(width, (int) Math.ceil(x));
        height = Math.max(height, (int) Math.ceil(y));
    }

    /** The canvas's height so far: the bottom of what is drawn, plus its margin. */
    public double height() {
        return height;
    }

    /** A number as short as it reads: 12, 12.5. */
    public static String n(double v) {
        long r = Math.round(v * 10);
        return r % 10 == 0 ? Long.toString(r / 10) : String.format(Locale.ROOT, "%.1f", r / 10.0);
    }

    private static String dash(boolean dashed) {
        return dashed ? " stroke-dasharray=\"" + DASHED + "\"" : "";
    }

    /** A box; {@code fill} or {@code stroke} "none" for none. */
    public void rect(double x, double y, double w, double h, String fill, String stroke, double strokeWidth,
            boolean dashed, double opacity) {
        body.append("<rect x=\"").append(n(x)).append("\" y=\"").append(n(y)).append("\" width=\"").append(n(w))
                .append("\" height=\"").append(n(h)).append('"');
        if (corner > 0) {
            body.append(" rx=\"").append(n(corner)).append('"');
        }
        body.append(" fill=\"").append(fill).append("\" stroke=\"").append(stroke).append("\" stroke-width=\"")
                .append(n(strokeWidth)).append('"').append(dash(dashed))
                .append(opacity < 1 ? String.format(Locale.ROOT, " opacity=\"%.2f\"", opacity) : "").append("/>");
        fit(x + w + 10, y + h + 10);
    }

    /** A box with a solid outline of 1.2. */
    public void rect(double x, double y, double w, double h, String fill, String stroke) {
        rect(x, y, w, h, fill, stroke, 1.2, false, 1);
    }

    /** Text at the start anchor, not bold. */
    public void text(double x, double y, String s, double size, String colour) {
        text(x, y, s, size, colour, false, "start");
    }

    /** Text; anchor is start, middle or end; colour null for the default. */
    public void text(double x, double y, String s, double size, String colour, boolean bold, String anchor) {
        text(x, y, s, size, colour, bold, anchor, 0);
    }

    /** Text turned by {@code degrees} about its anchor point (-90: reading upwards). */
    public void text(double x, double y, String s, double size, String colour, boolean bold, String anchor, double degrees) {
        // The common styles are classes of the style sheet (textCss), the rest attributes.
        StringBuilder cls = new StringBuilder();
        StringBuilder attrs = new StringBuilder();
        if (size == Math.rint(size) && size >= 9 && size <= 16) {
            cls.append('f').append((int) size);
        } else {
            attrs.append(" font-size=\"").append(n(size)).append('"');
        }
        String c = colour == null ? null : colourClasses.get(colour);
        if (c != null) {
            cls.append(' ').append(c);
        } else if (colour != null) {
            attrs.append(" fill=\"").append(colour).append('"');
        }
        if (bold) {
            cls.append(" b");
        }
        if (!anchor.equals("start")) {
            cls.append(anchor.equals("end") ? " e" : " m");
        }
        if (degrees != 0) {
            attrs.append(" transform=\"rotate(").append(n(degrees)).append(' ').append(n(x)).append(' ').append(n(y))
                    .append(")\"");
        }
        body.append("<text x=\"").append(n(x)).append("\" y=\"").append(n(y)).append('"');
        if (cls.length() > 0) {
            body.append(" class=\"").append(cls.toString().strip()).append('"');
        }
        body.append(attrs).append('>').append(escape(s)).append("</text>");
        double w = s.length() * size * 0.6;
        if (degrees == 0) {
            double right = anchor.equals("start") ? x + w : anchor.equals("middle") ? x + w / 2 : x;
            fit(right + 10, y + 6);
        } else {
            fit(x + size, y + (anchor.equals("start") ? w : anchor.equals("middle") ? w / 2 : 0) + 6);
        }
    }

    /** A straight line; {@code dashes} an SVG dash pattern, or empty for a solid line. */
    public void line(double x1, double y1, double x2, double y2, String colour, double strokeWidth, String dashes) {
        body.append("<line x1=\"").append(n(x1)).append("\" y1=\"").append(n(y1)).append("\" x2=\"").append(n(x2))
                .append("\" y2=\"").append(n(y2)).append("\" stroke=\"").append(colour).append('"');
        if (strokeWidth != 1) {
            body.append(" stroke-width=\"").append(n(strokeWidth)).append('"');
        }
        body.append(dashes.isEmpty() ? "" : " stroke-dasharray=\"" + dashes + "\"").append("/>");
        fit(Math.max(x1, x2) + 10, Math.max(y1, y2) + 10);
    }

    /** A filled point. */
    public void circle(double cx, double cy, double r, String fill) {
        body.append("<circle cx=\"").append(n(cx)).append("\" cy=\"").append(n(cy)).append("\" r=\"").append(n(r))
                .append("\" fill=\"").append(fill).append("\"/>");
        fit(cx + r + 10, cy + r + 10);
    }

    /**
     * A line through points, broken where a point is missing (null): each run of points is one
     * stroke of one path.
     */
    public void polyline(List<double[]> points, String colour, double strokeWidth, String dashes) {
        StringBuilder d = new StringBuilder();
        boolean pen = false;
        for (double[] p : points) {
            if (p == null) {
                pen = false;
                continue;
            }
            d.append(d.length() == 0 ? "" : " ").append(pen ? "L" : "M").append(n(p[0])).append(' ').append(n(p[1]));
            pen = true;
            fit(p[0] + 10, p[1] + 10);
        }
        if (d.length() == 0) {
            return;
        }
        body.append("<path d=\"").append(d).append("\" fill=\"none\" stroke=\"").append(colour).append("\" stroke-width=\"")
                .append(n(strokeWidth)).append('"').append(dashes.isEmpty() ? "" : " stroke-dasharray=\"" + dashes + "\"")
                .append("/>");
    }

    /** A straight arrow; its head is the page's marker for {@code colour} ({@link #markers}). */
    public void arrow(double x1, double y1, double x2, double y2, String colour, boolean dashed) {
        body.append("<line x1=\"").append(n(x1)).append("\" y1=\"").append(n(y1)).append("\" x2=\"").append(n(x2))
                .append("\" y2=\"").append(n(y2)).append("\" stroke=\"").append(colour).append("\" stroke-width=\"1.6\"")
                .append(dash(dashed)).append(" marker-end=\"url(#").append(marker(colour)).append(")\"/>");
    }

    /** An arrow along a curve that bulges by {@code bulge} (negative: upwards). */
    public void curve(double x1, double y1, double x2, double y2, double bulge, String colour, boolean dashed) {
        double cy1 = y1 + bulge;
        double cy2 = y2 + bulge;
        body.append("<path d=\"M ").append(n(x1)).append(' ').append(n(y1)).append(" C ").append(n(x1)).append(' ')
                .append(n(cy1)).append(", ").append(n(x2)).append(' ').append(n(cy2)).append(", ").append(n(x2)).append(' ')
                .append(n(y2)).append("\" fill=\"none\" stroke=\"").append(colour).append("\" stroke-width=\"1.6\"")
                .append(dash(dashed)).append(" marker-end=\"url(#").append(marker(colour)).append(")\"/>");
        fit(Math.max(x1, x2) + 10, Math.max(y1, y2) + Math.max(0, bulge) * 0.8 + 10);
    }

    private static String marker(String colour) {
        return "arrow-" + colour.replace("#", "");
    }

    /**
     * The arrow heads, one per colour, that the arrows of a page's pictures refer to, in an SVG of no
     * size: put once in the page before the pictures.
     */
    public static String markers(List<String> colours) {
        StringBuilder defs = new StringBuilder(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"markers\" width=\"0\" height=\"0\" aria-hidden=\"true\"><defs>");
        for (String c : colours) {
            defs.append("<marker id=\"").append(marker(c)).append("\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\"")
                    .append(" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto-start-reverse\"><path d=\"M 0 0 L 10 5 L 0 10 z\"")
                    .append(" fill=\"").append(c).append("\"/></marker>");
        }
        return defs.append("</defs></svg>").toString();
    }

    /** The finished element for a page that holds the style sheet; {@code title} is its accessible name. */
    public String toSvg(String title) {
        return element(title, "");
    }

    /** The finished picture as a file of its own: a white ground, the font and the style sheet inside. */
    public String standalone(String title) {
        return element(title, "<style>svg{font-family:sans-serif;font-size:12px}" + textCss(colourClasses)
                + "</style><rect width=\"100%\" height=\"100%\" fill=\"white\"/>") + "\n";
    }

    /** The svg element: its attributes, then {@code head}, the title and what was drawn. */
    private String element(String title, String head) {
        StringBuilder s = new StringBuilder("<svg xmlns=\"http://www.w3.org/2000/svg\"");
        if (cssClass != null) {
            s.append(" class=\"").append(cssClass).append('"');
        }
        if (id != null) {
            s.append(" id=\"").append(id).append('"');
        }
        return s.append(String.format(Locale.ROOT, " width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\">",
                width, height, width, height)).append(head).append("<title>").append(escape(title)).append("</title>")
                .append(body).append("</svg>").toString();
    }

    /** Text made safe for SVG and HTML content and attribute values. */
    public static String escape(String s) {
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
