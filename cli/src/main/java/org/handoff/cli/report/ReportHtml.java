package org.handoff.cli.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.handoff.core.Check;
import org.handoff.core.Level;
import org.handoff.core.Svg;
import org.handoff.core.Verdict;
import org.handoff.models.fairness.FairnessHarness;
import org.handoff.specs.Tlc;
import org.handoff.specs.TlcTrace;

/**
 * The HTML page of a {@link Report}: one self-contained file (inline CSS and SVG; no script,
 * nothing fetched) with the report's sections, each drawn from the report's record.
 */
final class ReportHtml {
    private static final String CSS = String.join("\n",
            "body{font-family:'DejaVu Sans',Verdana,sans-serif;color:#263238;margin:24px;max-width:1500px;line-height:1.4}",
            "h1{font-size:24px;margin-bottom:4px}h2{border-bottom:2px solid #cfd8dc;padding-bottom:4px;margin-top:36px}",
            "h3{margin-top:28px}h4{margin:16px 0 6px 0;color:#455a64}",
            "table{border-collapse:collapse;margin:6px 0 14px 0;font-size:13px}",
            "th,td{border:1px solid #cfd8dc;padding:3px 8px;text-align:left;vertical-align:top;overflow-wrap:break-word}",
            "th{background:#eceff1}td.num{text-align:right;font-variant-numeric:tabular-nums}td.long{overflow-wrap:anywhere}",
            "tr.bad td{background:#ffebee}span.ok{color:#2e7d32;font-weight:bold}span.bad{color:#c62828;font-weight:bold}",
            "td.lost{color:#c62828;font-weight:bold}td.gained{color:#2e7d32;font-weight:bold}",
            "pre{background:#f5f7f8;border:1px solid #e0e0e0;padding:8px;font-size:12px;white-space:pre-wrap;overflow-wrap:anywhere}",
            "p.conclusion{font-size:17px;background:#fff8e1;border-left:5px solid #ff8f00;padding:8px 12px}",
            "p.story{font-size:15px;background:#f1f8e9;border-left:5px solid #7cb342;padding:6px 12px;max-width:1100px}",
            "details{margin:6px 0 12px 0}summary{cursor:pointer;color:#37474f;font-weight:bold}summary.bad{color:#c62828}",
            ".steps{display:flex;flex-wrap:wrap;gap:14px;align-items:flex-start;margin:8px 0}",
            "figure{margin:0;border:1px solid #cfd8dc;border-radius:6px;padding:8px;background:#fff;max-width:100%;box-sizing:border-box}",
            "figure svg{max-width:100%;height:auto;display:block}svg.markers{position:absolute}",
            "svg text{font-family:'DejaVu Sans',Verdana,sans-serif;fill:#263238}", Palette.textCss(),
            "figcaption{font-size:12px;color:#455a64;margin-top:4px;font-family:'DejaVu Sans Mono',monospace;overflow-wrap:anywhere}",
            "figcaption b{color:#c62828;font-weight:normal}",
            "p.meta{color:#546e7a;font-size:13px;margin:2px 0}.charts{display:flex;flex-wrap:wrap;gap:16px}",
            "code{background:#eceff1;padding:0 3px;border-radius:3px}");

    private final Report rp;

    ReportHtml(Report rp) {
        this.rp = rp;
    }

    /**
     * Text for the HTML page: escaped, with markdown's {@code `code`} spans as code, and a place to
     * break long identifiers (after {@code _} and {@code .}, between the words of a CamelCase name)
     * so that a table of check names fits a narrow window.
     */
    static String inline(String s) {
        return Svg.escape(s).replaceAll("`([^`]+)`", "<code>$1</code>").replace("_", "_<wbr>")
                .replaceAll("\\.(?=[A-Za-z])", ".<wbr>").replaceAll("(?<=[a-z])(?=[A-Z])", "<wbr>");
    }

    /** The page. */
    String render() {
        StringBuilder h = new StringBuilder();
        h.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">");
        h.append("<title>handoff check report</title><style>").append(CSS).append("</style></head><body>\n");
        h.append("<h1>handoff check report</h1>\n");
        h.append("<p class=\"meta\">Command: <code>").append(Svg.escape(rp.command)).append("</code></p>\n");
        h.append("<p class=\"meta\">Generated: ").append(Svg.escape(rp.generated)).append("</p>\n");
        h.append("<p class=\"meta\">Verdicts: ").append(rp.verdicts.size()).append(" checks, ")
                .append(rp.verdicts.size() - rp.bad()).append(" as expected, ")
                .append(rp.bad() == 0 ? "<span class=\"ok\">0 not</span>" : "<span class=\"bad\">" + rp.bad() + " not</span>")
                .append(".</p>\n");
        h.append("<p class=\"meta\">Contents: ").append(rp.summary == null ? "" : "<a href=\"#summary\">summary</a> · ")
                .append("<a href=\"#verdicts\">verdicts</a> · <a href=\"#counterexamples\">counterexamples</a> · ")
                .append("<a href=\"#bypass\">bypass histograms</a> · <a href=\"#coverage\">action coverage</a> · <a href=\"#tlc-statistics\">TLC statistics</a></p>\n");
        h.append(Palette.markers()).append('\n');
        if (rp.summary != null) {
            summaryHtml(h);
        }
        verdictsHtml(h);
        counterexamplesHtml(h);
        bypassHtml(h);
        coverageHtml(h);
        statisticsHtml(h);
        h.append("</body></html>\n");
        return h.toString();
    }

    private void summaryHtml(StringBuilder h) {
        Set<String> drawnCex = new LinkedHashSet<>();
        rp.counterexamples().forEach(e -> drawnCex.add(e.getKey().check()));
        h.append("<h2 id=\"summary\">").append(Svg.escape(rp.summary.title())).append("</h2>\n");
        for (Summary.Block b : rp.summary.blocks()) {
            if (b instanceof Summary.Line l) {
                h.append(l.lead() ? "<p class=\"conclusion\">" : "<p>").append(inline(l.text()));
                for (String a : l.anchors()) {
                    if (drawnCex.contains(a)) {
                        h.append(" <a href=\"#cex-").append(anchor(a)).append("\">The counterexample of ").append(Svg.escape(a))
                                .append(".</a>");
                    }
                }
                h.append("</p>\n");
            } else if (b instanceof Summary.Table t) {
                StringBuilder tb = new StringBuilder("<table class=\"summary\">");
                if (!t.header().isEmpty()) {
                    tb.append("<tr>");
                    t.header().forEach(x -> tb.append("<th>").append(Svg.escape(x)).append("</th>"));
                    tb.append("</tr>");
                }
                for (List<String> row : t.rows()) {
                    tb.append("<tr>");
                    for (String cell : row) {
                        String cls = cell.startsWith("LOST") || cell.startsWith("NOT ") ? " class=\"lost\""
                                : cell.startsWith("GAINED") ? " class=\"gained\"" : "";
                        tb.append("<td").append(cls).append('>').append(inline(cell)).append("</td>");
                    }
                    tb.append("</tr>\n");
                }
                tb.append("</table>\n");
                if (t.fold()) {
                    h.append("<details><summary>").append(inline(t.caption())).append(" (").append(t.rows().size())
                            .append(t.rows().size() == 1 ? " row" : " rows").append(")</summary>\n").append(tb).append("</details>\n");
                } else {
                    if (t.caption() != null) {
                        h.append("<p>").append(inline(t.caption())).append("</p>\n");
                    }
                    h.append(tb);
                }
            } else if (b instanceof Summary.Detail d) {
                h.append("<details><summary class=\"bad\">").append(inline(d.caption())).append("</summary>\n");
                if (d.anchor() != null && drawnCex.contains(d.anchor())) {
                    h.append("<p><a href=\"#cex-").append(anchor(d.anchor())).append("\">Its counterexample, told and drawn.</a></p>\n");
                }
                if (!d.text().isBlank()) {
                    h.append("<pre>").append(Svg.escape(d.text().strip())).append("</pre>\n");
                }
                h.append("</details>\n");
            }
        }
    }

    private void verdictsHtml(StringBuilder h) {
        h.append("<h2 id=\"verdicts\">Verdicts</h2>\n");
        for (String f : rp.families()) {
            h.append("<h3>").append(Svg.escape(f)).append("</h3>\n");
            for (Level l : Level.values()) {
                List<Verdict> vs = rp.verdicts.stream().filter(v -> v.check().family().equals(f) && v.check().level() == l).toList();
                if (vs.isEmpty()) {
                    continue;
                }
                h.append("<h4>").append(l.id()).append("</h4>\n<table><tr><th>check</th><th>variant</th><th>mutant / witness</th>")
                        .append("<th>property</th><th>expected</th><th>actual</th><th>states</th><th>seconds</th>")
                        .append("<th>as expected</th><th>reason (passes by design)</th></tr>\n");
                for (Verdict v : vs) {
                    Check c = v.check();
                    boolean ok = v.matchesExpectation();
                    String name = inline(c.shortName());
                    if (rp.tlc.containsKey(c) && rp.tlc.get(c).trace() != null) {
                        name = "<a href=\"#cex-" + anchor(c.check()) + "\">" + name + "</a>";
                    }
                    h.append(ok ? "<tr>" : "<tr class=\"bad\">").append("<td>").append(name).append("</td><td>")
                            .append(Svg.escape(c.variant())).append("</td><td>").append(Report.kind(c))
                            .append("</td><td>").append(inline(c.property() == null ? "–" : c.property())).append("</td><td>")
                            .append(inline(Report.expected(c))).append("</td><td>").append(inline(Report.actual(v)))
                            .append("</td><td class=\"num\">").append(Report.states(v.states())).append("</td><td class=\"num\">")
                            .append(Report.seconds(v.seconds())).append("</td><td class=\"long\">")
                            .append(ok ? "<span class=\"ok\">yes</span>" : "<span class=\"bad\">no</span>: " + inline(v.mismatch()))
                            .append("</td><td class=\"long\">").append(inline(c.reason() == null ? "" : c.reason())).append("</td></tr>\n");
                }
                h.append("</table>\n");
            }
        }
    }

    private void counterexamplesHtml(StringBuilder h) {
        h.append("<h2 id=\"counterexamples\">Counterexamples</h2>\n");
        List<Map.Entry<Check, Tlc.Result>> cex = rp.counterexamples();
        if (cex.isEmpty()) {
            h.append("<p>No TLC model that ran produced a counterexample.</p>\n");
            return;
        }
        h.append("<p>Each counterexample is told in a few sentences, then drawn: the states that matter open, the others ")
                .append("folded below them, and the whole trace as text. Each picture is one state, headed by the step that ")
                .append("led to it: its number, the thread (<code>t2</code>: thread 2; <code>cpu1/irq1</code>: CPU 1's interrupt ")
                .append("context), the spec action, and the kernel function and code it models. What the step changed is red; ")
                .append("the lock's owner is amber (red when two own it); the caption lists the changed entries. A witness's ")
                .append("trace (a passing model reaching what it must) and a tight model's (a bound below the proved one, ")
                .append("refuted on purpose) are told and listed, not drawn. See docs/report.md for how to read each family's ")
                .append("picture.</p>\n");
        int k = 0;
        Map<String, TlcTrace> drawnBefore = new LinkedHashMap<>();
        for (Map.Entry<Check, Tlc.Result> e : cex) {
            Check c = e.getKey();
            Tlc.Result r = e.getValue();
            TlcTrace t = r.trace();
            StatePicture picture = StatePicture.forFamily(c.family(), t.steps().get(0));
            Story story = Report.story(c, r);
            h.append("<h3 id=\"cex-").append(anchor(c.check())).append("\">").append(Svg.escape(c.check()))
                    .append(c.isWitness() ? " (a witness, reached)" : !Report.drawn(c) ? " (a tight model, failing on purpose)" : "")
                    .append("</h3>\n");
            h.append("<p class=\"meta\">").append(inline(rp.cexSummary(c, r)));
            if (Report.drawn(c)) {
                h.append(" Picture: ").append(Svg.escape(picture.kind())).append('.');
            }
            h.append("</p>\n<p class=\"story\">").append(inline(story.text())).append("</p>\n");
            if (Report.drawn(c)) {
                if (picture.legend() != null) {
                    h.append("<p class=\"meta\">In the pictures: ").append(Svg.escape(picture.legend())).append(".</p>\n");
                }
                List<Integer> open = new ArrayList<>(story.keyStates());
                h.append("<div class=\"steps\">\n");
                for (int i : open) {
                    figure(h, picture, t, i, "cex" + k + "s" + i);
                }
                h.append("</div>\n");
                // A trace that begins as one drawn above (models that differ in a constant) is not drawn twice.
                String sameAs = null;
                int shared = 0;
                for (Map.Entry<String, TlcTrace> d : drawnBefore.entrySet()) {
                    int p = sharedPrefix(d.getValue(), t);
                    if (p > shared) {
                        shared = p;
                        sameAs = d.getKey();
                    }
                }
                if (shared < 3) {
                    shared = 0;
                }
                int rest = 0;
                for (int i = shared; i < t.steps().size(); i++) {
                    rest += open.contains(i) ? 0 : 1;
                }
                if (rest > 0 || shared > 0) {
                    h.append("<details><summary>The other ").append(rest).append(rest == 1 ? " state" : " states")
                            .append(", drawn</summary>\n");
                    if (shared > 0) {
                        h.append("<p>States ").append(t.steps().get(0).number()).append(" to ").append(t.steps().get(shared - 1).number())
                                .append(" are those of <a href=\"#cex-").append(anchor(sameAs)).append("\">").append(Svg.escape(sameAs))
                                .append("</a>'s counterexample, drawn there.</p>\n");
                    }
                    h.append("<div class=\"steps\">\n");
                    for (int i = shared; i < t.steps().size(); i++) {
                        if (!open.contains(i)) {
                            figure(h, picture, t, i, "cex" + k + "s" + i);
                        }
                    }
                    h.append("</div>\n</details>\n");
                }
                drawnBefore.put(c.check(), t);
                if (t.loop() != null) {
                    h.append("<p>Then back to state ").append(t.backTo()).append(" by ")
                            .append(Svg.escape((t.loop().thread() == null ? "" : t.loop().thread() + " ") + t.loop().actionText()))
                            .append(": the behaviour repeats forever from there.</p>\n");
                } else if (t.stuttering()) {
                    h.append("<p>Then stuttering: no step is ever taken again.</p>\n");
                }
            }
            h.append("<details><summary>The trace as text (").append(t.steps().size()).append(" states)</summary>\n<pre>")
                    .append(Svg.escape(t.render())).append("</pre>\n</details>\n");
            k++;
        }
    }

    /** How many states two traces share from the first: the same action to the same state. */
    static int sharedPrefix(TlcTrace a, TlcTrace b) {
        int i = 0;
        while (i < a.steps().size() && i < b.steps().size()) {
            TlcTrace.Step x = a.steps().get(i);
            TlcTrace.Step y = b.steps().get(i);
            if (!x.state().equals(y.state()) || !java.util.Objects.equals(x.action(), y.action())
                    || !java.util.Objects.equals(x.thread(), y.thread())) {
                break;
            }
            i++;
        }
        return i;
    }

    private static void figure(StringBuilder h, StatePicture picture, TlcTrace t, int i, String id) {
        TlcTrace.Step s = t.steps().get(i);
        h.append("<figure>").append(picture.render(id, t, i)).append("<figcaption>");
        if (i == 0) {
            h.append(s.initial() ? "initial state" : "the first state TLC printed");
        } else if (s.changes().isEmpty()) {
            h.append("no variable changed");
        } else {
            List<String> parts = new ArrayList<>();
            for (TlcTrace.Change ch : s.changes()) {
                String gloss = picture.gloss(ch.path());
                parts.add(Svg.escape(ch.path()) + (gloss == null ? "" : " (" + Svg.escape(gloss) + ")") + ": "
                        + Svg.escape(ch.before().text()) + " → <b>" + Svg.escape(ch.after().text()) + "</b>");
            }
            h.append(String.join(", ", parts));
        }
        h.append("</figcaption></figure>\n");
    }

    private void bypassHtml(StringBuilder h) {
        h.append("<h2 id=\"bypass\">Bypass per acquisition (fairness harness)</h2>\n<p>")
                .append(inline(rp.fairnessSummary())).append("</p>\n");
        if (rp.fairness == null || rp.fairness.results().isEmpty()) {
            return;
        }
        h.append("<table><tr><th>variant</th><th>bypass max</th><th>p99</th><th>mean</th><th>same-node hand-offs</th>")
                .append("<th>per-thread min / max</th><th>seconds</th></tr>\n");
        for (FairnessHarness.Result r : rp.fairness.results()) {
            h.append(String.format(Locale.ROOT,
                    "<tr><td>%s</td><td class=\"num\">%,d</td><td class=\"num\">%,d</td><td class=\"num\">%.2f</td><td class=\"num\">%.1f %%</td><td class=\"num\">%,d / %,d</td><td class=\"num\">%.1f</td></tr>%n",
                    Svg.escape(r.config().lock()), r.maxBypass(), r.p99Bypass(), r.meanBypass(), 100 * r.sameNodeShare(),
                    Report.min(r.perThread()), Report.max(r.perThread()), r.seconds()));
        }
        h.append("</table>\n<div class=\"charts\">\n");
        int i = 0;
        for (FairnessHarness.Result r : rp.fairness.results()) {
            h.append("<figure>").append(BypassChart.svg("bypass" + i++, r.config().lock(), r.bypass()));
            String note = Report.fairnessNote(r.config().lock());
            if (note != null) {
                h.append("<figcaption>").append(inline(note)).append("</figcaption>");
            }
            h.append("</figure>\n");
        }
        h.append("</div>\n");
    }

    private void coverageHtml(StringBuilder h) {
        h.append("<h2 id=\"coverage\">Action coverage (TLC)</h2>\n");
        if (rp.withCoverage().isEmpty()) {
            h.append("<p>No TLC model reported coverage.</p>\n");
            return;
        }
        h.append("<p>How many states each action of the checked specification generated (for a model expected to fail, ")
                .append("how often each action is taken on its counterexample); a passing model whose variant's ")
                .append("own action never fired is vacuous, not a pass.</p>\n<table><tr><th>model</th><th>coverage</th></tr>\n");
        for (Verdict v : rp.withCoverage()) {
            h.append("<tr><td>").append(inline(v.check().check())).append("</td><td>")
                    .append(inline(Report.coverageLine(v))).append("</td></tr>\n");
        }
        h.append("</table>\n");
    }

    private void statisticsHtml(StringBuilder h) {
        h.append("<h2 id=\"tlc-statistics\">TLC statistics</h2>\n");
        if (rp.tlc.isEmpty()) {
            h.append("<p>No TLC model ran.</p>\n");
            return;
        }
        h.append("<p>Distinct states of a failing model count only what TLC explored before it stopped; its time includes ")
                .append("re-checking each temporal property alone to name the one that fails.</p>\n");
        h.append("<table><tr><th>family</th><th>model</th><th>verdict</th><th>distinct states</th><th>generated states</th>")
                .append("<th>depth</th><th>workers</th><th>seconds</th></tr>\n");
        for (Map.Entry<Check, Tlc.Result> e : rp.tlc.entrySet()) {
            Tlc.Result r = e.getValue();
            h.append("<tr><td>").append(Svg.escape(e.getKey().family())).append("</td><td>")
                    .append(inline(e.getKey().check())).append("</td><td>")
                    .append(inline(r.outcome().id() + (r.violated() != null ? " " + r.violated() : "")))
                    .append("</td><td class=\"num\">").append(Report.states(r.distinctStates())).append("</td><td class=\"num\">")
                    .append(Report.states(r.generatedStates())).append("</td><td class=\"num\">").append(Report.states(r.depth()))
                    .append("</td><td class=\"num\">").append(r.workers()).append("</td><td class=\"num\">")
                    .append(Report.seconds(r.seconds())).append("</td></tr>\n");
        }
        h.append("</table>\n");
    }

    private static String anchor(String s) {
        return s.replaceAll("[^A-Za-z0-9_-]", "-");
    }
}
