package org.handoff.cli.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.handoff.core.Svg;

/**
 * A histogram of bypass counts per acquisition as an SVG bar chart: bins 0, 1, 2, then up to each
 * power of two ({@code ≤4} is 3–4, {@code ≤8} is 5–8, ..., {@code ≤2K} is 1,025–2,048), bar heights on
 * a log scale (one acquisition to all of them), each bar labelled with its count. A bar's slot is as
 * wide as the longer of its two labels, so that no label runs into its neighbour.
 */
final class BypassChart {
    /** One bin: its label, the bypass range, and how many acquisitions fell in it. */
    record Bin(String label, int from, int to, long count) {
    }

    private BypassChart() {
    }

    static List<Bin> bins(int[] bypass) {
        int max = 0;
        for (int b : bypass) {
            max = Math.max(max, b);
        }
        List<Bin> out = new ArrayList<>();
        out.add(bin(bypass, 0, 0));
        out.add(bin(bypass, 1, 1));
        out.add(bin(bypass, 2, 2));
        for (int lo = 3, hi = 4; lo <= Math.max(max, 2) || out.size() < 6; lo = hi + 1, hi = hi * 2) {
            out.add(bin(bypass, lo, hi));
            if (out.size() > 24) {
                break;
            }
        }
        return out;
    }

    private static Bin bin(int[] bypass, int from, int to) {
        long n = 0;
        for (int b : bypass) {
            if (b >= from && b <= to) {
                n++;
            }
        }
        return new Bin(from == to ? Integer.toString(from) : "≤" + (to >= 1024 ? to / 1024 + "K" : Integer.toString(to)), from, to, n);
    }

    static String svg(String id, String variant, int[] bypass) {
        List<Bin> bins = bins(bypass);
        Svg svg = Palette.canvas(id, "chart");
        double left = 60;
        double top = 34;
        double plotH = 180;
        double gap = 10;
        double barW = 44;
        for (Bin b : bins) {
            int chars = Math.max(b.label().length(), String.format(Locale.ROOT, "%,d", b.count()).length());
            barW = Math.max(barW, chars * 11 * 0.62 + 4);
        }
        svg.text(10, 20, variant + ": bypass per acquisition (" + String.format(Locale.ROOT, "%,d", bypass.length)
                + " acquisitions)", 14, Palette.INK, true, "start");
        double total = Math.max(1, bypass.length);
        double logMax = Math.log10(total) + 0.01;
        // axis and grid: 1, 10, 100, ...
        for (int p = 0; Math.pow(10, p) <= total * 1.0001; p++) {
            double y = top + plotH - plotH * (p / logMax);
            svg.rect(left, y, bins.size() * (barW + gap), 0.6, "#cfd8dc", "#cfd8dc", 0.3, false, 1);
            svg.text(left - 6, y + 4, String.format(Locale.ROOT, "%,d", (long) Math.pow(10, p)), 10, Palette.MUTED, false, "end");
        }
        double x = left + gap / 2;
        for (Bin b : bins) {
            double h = b.count() == 0 ? 0 : Math.max(3, plotH * ((Math.log10(b.count()) + (b.count() == 1 ? 0.15 : 0)) / logMax));
            String fill = b.from() == 0 ? "#66bb6a" : b.from() <= 2 ? "#ffca28" : "#ef5350";
            if (b.count() > 0) {
                svg.rect(x, top + plotH - h, barW, h, fill, "#37474f", 0.8, false, 1);
                svg.text(x + barW / 2, top + plotH - h - 4, String.format(Locale.ROOT, "%,d", b.count()), 10, Palette.INK, false,
                        "middle");
            }
            svg.text(x + barW / 2, top + plotH + 16, b.label(), 11, Palette.INK, false, "middle");
            x += barW + gap;
        }
        svg.rect(left, top + plotH, bins.size() * (barW + gap), 1.2, Palette.INK, Palette.INK, 0.5, false, 1);
        svg.text(left, top + plotH + 36, "bypass (entries by later arrivals while waiting; ≤n: up to n, above the bin before;"
                + " K = 1,024)", 11, Palette.MUTED);
        svg.text(left, top + plotH + 52, "bar height: acquisitions, log scale", 11, Palette.MUTED);
        return svg.toSvg(variant + " bypass histogram");
    }
}
