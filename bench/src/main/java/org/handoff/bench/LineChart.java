package org.handoff.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.handoff.core.Svg;

/**
 * A line chart of benchmark results, drawn with the project's SVG writer ({@link Svg}): categories
 * along x (thread counts), one line per series, a linear or logarithmic y axis, a legend on the
 * right. Missing points (NaN) break the line. Each chart is a file of its own.
 */
final class LineChart {
    record Series(String name, double[] values) {
    }

    private static final String[] COLOURS = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b",
        "#e377c2", "#7f7f7f", "#bcbd22", "#17becf", "#393b79", "#637939", "#843c39", "#7b4173"};
    private static final String[] DASHES = {"", "6,3", "2,2"};
    private static final String AXIS = "#333";
    private static final String GRID = "#ddd";

    private LineChart() {
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
        Svg svg = new Svg(null, null, Map.of(), 0);
        svg.fit(w, h);
        svg.text(left, 22, title, 15, null, true, "start");
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
            svg.line(left, y, left + pw, y, GRID, 1, "");
            svg.text(left - 6, y + 4, human(t), 12, null, false, "end");
        }
        svg.rect(left, top, pw, ph, "none", AXIS, 1, false, 1);
        int n = categories.size();
        double dx = n > 1 ? (double) pw / (n - 1) : 0;
        double x0 = n > 1 ? left : left + pw / 2.0;
        for (int i = 0; i < n; i++) {
            svg.text(x0 + i * dx, top + ph + 18, categories.get(i), 12, null, false, "middle");
        }
        svg.text(left + pw / 2.0, h - 18, xLabel, 12, null, false, "middle");
        svg.text(18, top + ph / 2.0, yLabel + (log ? " (log scale)" : ""), 12, null, false, "middle", -90);
        for (int s = 0; s < series.size(); s++) {
            Series se = series.get(s);
            String colour = COLOURS[s % COLOURS.length];
            String dash = DASHES[(s / COLOURS.length) % DASHES.length];
            if (s >= COLOURS.length && dash.isEmpty()) {
                dash = "4,2";
            }
            List<double[]> points = new ArrayList<>();
            for (int i = 0; i < n && i < se.values.length; i++) {
                double v = se.values[i];
                if (Double.isNaN(v) || (log && v <= 0)) {
                    points.add(null);
                    continue;
                }
                double x = x0 + i * dx;
                double y = top + ph - frac(v, yMin, yMax, log) * ph;
                points.add(new double[] {x, y});
                svg.circle(x, y, 3, colour);
            }
            svg.polyline(points, colour, 2, dash);
            int ly = top + 10 + s * 18;
            svg.line(left + pw + 12, ly, left + pw + 36, ly, colour, 2, dash);
            svg.text(left + pw + 42, ly + 4, se.name, 12, null, false, "start");
        }
        return svg.standalone(title);
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
}
