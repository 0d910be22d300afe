package org.handoff.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A hand-written SVG line chart: categories along x (thread counts), one line per series, a linear
 * or logarithmic y axis, a legend on the right. Missing points (NaN) break the line.
 */
final class Svg {
    record Series(String name, double[] values) {
    }

    private static final String[] COLORS = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b",
        "#e377c2", "#7f7f7f", "#bcbd22", "#17becf", "#393b79", "#637939", "#843c39", "#7b4173"};
    private static final String[] DASHES = {"", "6,3", "2,2"};

    private Svg() {
    }

    static String lines(String title, String xLabel, String yLabel, List<String> categories, List<Series> series,
            boolean log) {
        int w = 760;
        int h = 420;
        int left = 80;
        int right = 200;
        int top = 40;
        int bottom = 60;
        int pw = w - left - right;
        int ph = h - top - bottom;
        double lo = Double.POSITIVE_INFINITY;
        double hi = 0;
        for (Series s : series) {
            for (double v : s.values) {
                if (!Double.isNaN(v) && v > 0) {
                    lo = Math.min(lo, v);
                    hi = Math.max(hi, v);
                }
            }
        }
        if (hi == 0) {
            lo = 1;
            hi = 10;
        }
        double yMin;
        double yMax;
        if (log) {
            yMin = Math.pow(10, Math.floor(Math.log10(lo)));
            yMax = Math.pow(10, Math.ceil(Math.log10(hi)));
            if (yMax <= yMin) {
                yMax = yMin * 10;
            }
        } else {
            yMin = 0;
            yMax = niceCeil(hi * 1.05);
        }
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
                        + "font-family=\"sans-serif\" font-size=\"12\">%n", w, h, w, h));
        b.append(String.format(Locale.ROOT, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>%n", w, h));
        b.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"22\" font-size=\"15\" font-weight=\"bold\">%s</text>%n",
                left, esc(title)));
        // y grid and labels
        List<Double> ticks = new ArrayList<>();
        if (log) {
            for (double t = yMin; t <= yMax * 1.0001; t *= 10) {
                ticks.add(t);
            }
        } else {
            double step = yMax / 5;
            for (int i = 0; i <= 5; i++) {
                ticks.add(i * step);
            }
        }
        for (double t : ticks) {
            double y = top + ph - frac(t, yMin, yMax, log) * ph;
            b.append(String.format(Locale.ROOT,
                    "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>%n", left, y, left + pw, y));
            b.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n",
                    left - 6, y + 4, human(t)));
        }
        b.append(String.format(Locale.ROOT,
                "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#333\"/>%n", left, top, pw, ph));
        int n = categories.size();
        double dx = n > 1 ? (double) pw / (n - 1) : 0;
        double x0 = n > 1 ? left : left + pw / 2.0;
        for (int i = 0; i < n; i++) {
            double x = x0 + i * dx;
            b.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>%n", x,
                    top + ph + 18, esc(categories.get(i))));
        }
        b.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>%n",
                left + pw / 2.0, h - 18, esc(xLabel)));
        b.append(String.format(Locale.ROOT,
                "<text x=\"18\" y=\"%.1f\" text-anchor=\"middle\" transform=\"rotate(-90 18 %.1f)\">%s</text>%n",
                top + ph / 2.0, top + ph / 2.0, esc(yLabel + (log ? " (log scale)" : ""))));
        for (int s = 0; s < series.size(); s++) {
            Series se = series.get(s);
            String color = COLORS[s % COLORS.length];
            String dash = DASHES[(s / COLORS.length) % DASHES.length];
            if (s >= COLORS.length && dash.isEmpty()) {
                dash = "4,2";
            }
            String dashAttr = dash.isEmpty() ? "" : " stroke-dasharray=\"" + dash + "\"";
            StringBuilder path = new StringBuilder();
            boolean pen = false;
            for (int i = 0; i < n && i < se.values.length; i++) {
                double v = se.values[i];
                if (Double.isNaN(v) || (log && v <= 0)) {
                    pen = false;
                    continue;
                }
                double x = x0 + i * dx;
                double y = top + ph - frac(v, yMin, yMax, log) * ph;
                path.append(pen ? " L" : " M").append(String.format(Locale.ROOT, "%.1f %.1f", x, y));
                pen = true;
                b.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"/>%n", x, y,
                        color));
            }
            if (path.length() > 0) {
                b.append(String.format(Locale.ROOT,
                        "<path d=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\"%s/>%n", path.toString().strip(),
                        color, dashAttr));
            }
            int ly = top + 10 + s * 18;
            b.append(String.format(Locale.ROOT,
                    "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\"%s/>%n",
                    left + pw + 12, ly, left + pw + 36, ly, color, dashAttr));
            b.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\">%s</text>%n", left + pw + 42, ly + 4,
                    esc(se.name)));
        }
        b.append("</svg>\n");
        return b.toString();
    }

    private static double frac(double v, double lo, double hi, boolean log) {
        if (log) {
            return (Math.log10(v) - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo));
        }
        return (v - lo) / (hi - lo);
    }

    private static double niceCeil(double v) {
        double p = Math.pow(10, Math.floor(Math.log10(v)));
        for (double m : new double[] {1, 2, 2.5, 5, 10}) {
            if (m * p >= v) {
                return m * p;
            }
        }
        return 10 * p;
    }

    /** 1.5M, 20k, 3.2. */
    static String human(double v) {
        if (v >= 1e9) {
            return trim(v / 1e9) + "G";
        }
        if (v >= 1e6) {
            return trim(v / 1e6) + "M";
        }
        if (v >= 1e3) {
            return trim(v / 1e3) + "k";
        }
        return trim(v);
    }

    private static String trim(double v) {
        String s = String.format(Locale.ROOT, "%.2f", v);
        s = s.replaceAll("0+$", "");
        return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }

    private static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
