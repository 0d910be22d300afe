package org.handoff.cli.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.handoff.core.Check;
import org.handoff.core.Level;
import org.handoff.core.Manifest;
import org.handoff.core.Outcome;
import org.handoff.core.Svg;
import org.handoff.core.Verdict;
import org.handoff.models.fairness.FairnessHarness;
import org.handoff.specs.Tlc;
import org.handoff.specs.TlcTrace;

/**
 * The reviewer's report of one {@code handoff check} run, as markdown and as one self-contained
 * HTML page (inline CSS and SVG; no script, nothing fetched): the verdicts per family and level,
 * every TLC counterexample as text and as one picture per state, the bypass histograms of the
 * fairness harness, and the TLC statistics.
 */
public final class Report {

    private final String command;
    private final String generated;
    private final List<Verdict> verdicts;
    private final Map<Check, Tlc.Result> tlc;
    private final Fairness fairness;
    private final Path root;
    private Summary summary;

    /** A report of {@code verdicts}; the TLC pictures and statistics come from the runs they carry. */
    public Report(String command, String generated, List<Verdict> verdicts, Fairness fairness, Path root) {
        this.command = command;
        this.generated = generated;
        this.verdicts = List.copyOf(verdicts);
        this.tlc = tlcRuns(verdicts);
        this.fairness = fairness;
        this.root = root;
    }

    /** The TLC runs behind {@code verdicts} (their evidence), by check, in the verdicts' order. */
    public static Map<Check, Tlc.Result> tlcRuns(List<Verdict> verdicts) {
        Map<Check, Tlc.Result> out = new LinkedHashMap<>();
        for (Verdict v : verdicts) {
            if (v.evidence() instanceof Tlc.Result r) {
                out.put(v.check(), r);
            }
        }
        return out;
    }

    /**
     * A section shown first, before the verdicts (the review command's verdict diff): in the
     * markdown as the terminal prints it, in the HTML as tables, the long ones folded.
     */
    public Report withSummary(Summary summary) {
        this.summary = summary;
        return this;
    }

    /** Where the family's picture says a thread waits, for the stories of its counterexamples. */
    public static Story.Where where(String family, TlcTrace trace) {
        StatePicture p = StatePicture.forFamily(family, trace.steps().get(0));
        return p::where;
    }

    /** The story of a counterexample of {@code c}. */
    public static Story story(Check c, Tlc.Result r) {
        boolean deadlock = r.message() != null && r.message().startsWith("deadlock");
        return Story.tell(r.trace(), r.violated(), deadlock, where(c.family(), r.trace()));
    }

    /**
     * Whether a counterexample is drawn: not a witness's trace (a passing model's behaviour,
     * reached as it must be) nor a tight model's (a bound refuted on purpose, below the one proved);
     * those are told and listed as text, folded.
     */
    static boolean drawn(Check c) {
        return !c.isWitness() && (c.mutant() || c.expected() != Outcome.FAIL);
    }

    /**
     * What a reader of a lock's bypass histogram needs to know (harness lock -> caption). The PV
     * ports steal the lock, and PV.tla's stealing models check no bypass bound; BoundAgreement
     * marks them not measured for the same reason.
     */
    static final Map<String, String> FAIRNESS_NOTES = pvNotes("pv", "pv-wait-early", "pv-wait-early-merged");

    private static Map<String, String> pvNotes(String... locks) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String lock : locks) {
            out.put(lock, lock + " steals the lock: a vCPU entering the slowpath takes a free lock past a non-empty"
                    + " queue (pv_hybrid_queued_unfair_trylock, until the queue head sets the pending bit), so a vCPU that"
                    + " never queued can enter ahead of queued ones. PV.tla's bound K = 0 is proved by the models"
                    + " without stealing; its stealing models (PV_Steal_N2, PV_Steal_N3) check no bypass bound, so"
                    + " this bypass is held to none.");
        }
        return Map.copyOf(out);
    }

    /** The caption of a lock's bypass histogram, or null. */
    static String fairnessNote(String lock) {
        return FAIRNESS_NOTES.get(lock);
    }

    private List<String> families() {
        Set<String> out = new LinkedHashSet<>();
        for (Verdict v : verdicts) {
            out.add(v.check().family());
        }
        return new ArrayList<>(out);
    }

    /** The TLC runs that produced a counterexample, in check order. */
    private List<Map.Entry<Check, Tlc.Result>> counterexamples() {
        List<Map.Entry<Check, Tlc.Result>> out = new ArrayList<>();
        for (Map.Entry<Check, Tlc.Result> e : tlc.entrySet()) {
            if (e.getValue().trace() != null && !e.getValue().trace().steps().isEmpty()) {
                out.add(e);
            }
        }
        return out;
    }

    private static String expected(Check c) {
        if (c.isWitness()) {
            return "reached (fails " + c.witness() + " on " + c.paramOr("twin", "?") + ")";
        }
        return c.expected().id() + (c.expected() == Outcome.FAIL && c.property() != null ? " " + c.property() : "")
                + (c.violates().size() > 1 ? " (violates " + String.join(", ", c.violates()) + ")" : "");
    }

    private static String actual(Verdict v) {
        return v.actual().id() + (v.violated() != null ? " " + v.violated() : "")
                + (v.violations().size() > 1 ? " (violates " + String.join(", ", v.violations()) + ")" : "");
    }

    /** The kind of an entry: a correct model, a seeded bug, or a witness of a behaviour. */
    private static String kind(Check c) {
        return c.isWitness() ? "witness" : c.mutant() ? "yes" : "no";
    }

    /**
     * One line of a TLC verdict's coverage: every action with the states it generated, never-fired
     * ones first; for an expected failure, the actions of its counterexample.
     */
    static String coverageLine(Verdict v) {
        List<String> never = new ArrayList<>();
        List<String> fired = new ArrayList<>();
        v.coverage().forEach((a, n) -> (n == 0 ? never : fired).add(a + " " + String.format(Locale.ROOT, "%,d", n)));
        if ("counterexample".equals(v.coverageFrom())) {
            return "steps on the counterexample: " + String.join(", ", fired);
        }
        if (v.actual() == Outcome.FAIL) {
            // TLC stopped at the first violation: the counts are of the states explored until then.
            return "until the first violation: " + (never.isEmpty() ? "" : "not fired: " + String.join(", ", never) + "; ")
                    + "fired: " + String.join(", ", fired);
        }
        return (never.isEmpty() ? "" : "never fired: " + String.join(", ", never) + "; ") + "fired: " + String.join(", ", fired);
    }

    private List<Verdict> withCoverage() {
        return verdicts.stream().filter(v -> !v.coverage().isEmpty()).toList();
    }

    private static String states(Long n) {
        return n == null ? "–" : String.format(Locale.ROOT, "%,d", n);
    }

    private static String seconds(double s) {
        return String.format(Locale.ROOT, "%.1f", s);
    }

    private String rel(Path p) {
        if (p == null) {
            return "–";
        }
        Path abs = p.toAbsolutePath().normalize();
        return root != null && abs.startsWith(root) ? root.relativize(abs).toString() : abs.toString();
    }

    private long bad() {
        return verdicts.stream().filter(v -> !v.matchesExpectation()).count();
    }

    // ------------------------------------------------------------------ markdown

    public String markdown() {
        StringBuilder m = new StringBuilder();
        m.append("# handoff check report\n\n");
        m.append("Command: `").append(command).append("`  \n");
        m.append("Generated: ").append(generated).append("  \n");
        m.append(String.format(Locale.ROOT, "Verdicts: %d checks, %d as expected, %d not.%n%n", verdicts.size(),
                verdicts.size() - bad(), bad()));
        m.append("The pictures of the counterexamples and the bypass histograms are in `report.html`.\n\n");
        if (summary != null) {
            m.append("## ").append(summary.title()).append("\n\n```\n").append(summary.text().strip()).append("\n```\n\n");
        }
        m.append("## Verdicts\n\n");
        for (String f : families()) {
            m.append("### ").append(f).append("\n\n");
            for (Level l : Level.values()) {
                List<Verdict> vs = verdicts.stream().filter(v -> v.check().family().equals(f) && v.check().level() == l).toList();
                if (vs.isEmpty()) {
                    continue;
                }
                m.append("#### ").append(l.id()).append("\n\n");
                m.append("| check | variant | mutant / witness | property | expected | actual | states | seconds | as expected | reason (passes by design) |\n");
                m.append("|---|---|---|---|---|---|---:|---:|---|---|\n");
                for (Verdict v : vs) {
                    Check c = v.check();
                    m.append("| `").append(c.shortName()).append("` | ").append(c.variant()).append(" | ")
                            .append(kind(c)).append(" | ").append(c.property() == null ? "–" : c.property())
                            .append(" | ").append(expected(c)).append(" | ").append(actual(v)).append(" | ")
                            .append(states(v.states())).append(" | ").append(seconds(v.seconds())).append(" | ")
                            .append(v.matchesExpectation() ? "yes" : "**no**: " + md(v.mismatch())).append(" | ")
                            .append(c.reason() == null ? "" : md(c.reason())).append(" |\n");
                }
                m.append('\n');
            }
        }
        m.append("## Counterexamples\n\n");
        List<Map.Entry<Check, Tlc.Result>> cex = counterexamples();
        if (cex.isEmpty()) {
            m.append("No TLC model that ran produced a counterexample.\n\n");
        }
        for (Map.Entry<Check, Tlc.Result> e : cex) {
            Check c = e.getKey();
            Tlc.Result r = e.getValue();
            m.append("### ").append(c.check()).append("\n\n");
            m.append(cexSummary(c, r)).append("\n\n");
            m.append(story(c, r).text()).append("\n\n");
            m.append("Each step: its number, the thread, the action [the kernel function it models], and the entries it changed.\n\n");
            m.append("```text\n").append(r.trace().render()).append("```\n\n");
        }
        m.append("## Bypass per acquisition (fairness harness)\n\n");
        m.append(fairnessSummary()).append("\n\n");
        if (fairness != null && !fairness.results().isEmpty()) {
            m.append("| variant | bypass max | p99 | mean | same-node hand-offs | per-thread min / max | seconds | histogram (bypass: acquisitions) |\n");
            m.append("|---|---:|---:|---:|---:|---|---:|---|\n");
            for (FairnessHarness.Result r : fairness.results()) {
                List<String> bins = new ArrayList<>();
                for (BypassChart.Bin b : BypassChart.bins(r.bypass())) {
                    if (b.count() > 0) {
                        bins.add(b.label() + ": " + String.format(Locale.ROOT, "%,d", b.count()));
                    }
                }
                m.append(String.format(Locale.ROOT, "| %s | %,d | %,d | %.2f | %.1f %% | %,d / %,d | %.1f | %s |%n",
                        r.config().lock(), r.maxBypass(), r.p99Bypass(), r.meanBypass(), 100 * r.sameNodeShare(),
                        min(r.perThread()), max(r.perThread()), r.seconds(), String.join(", ", bins)));
            }
            m.append('\n');
            for (FairnessHarness.Result r : fairness.results()) {
                if (!Fairness.contended(r)) {
                    m.append("- ").append(r.config().lock()).append(": not a measurement: ").append(Fairness.uncontended(r)).append(".\n");
                }
            }
            for (FairnessHarness.Result r : fairness.results()) {
                String note = fairnessNote(r.config().lock());
                if (note != null) {
                    m.append("- ").append(note).append('\n');
                }
            }
            if (fairness.results().stream().anyMatch(r -> fairnessNote(r.config().lock()) != null)) {
                m.append('\n');
            }
        }
        m.append("## Action coverage (TLC)\n\n");
        if (withCoverage().isEmpty()) {
            m.append("No TLC model reported coverage.\n\n");
        } else {
            m.append("How many states each action of the checked specification generated (for a model expected to fail,"
                    + " how often each action is taken on its counterexample); a passing model whose variant's"
                    + " own action never fired is vacuous.\n\n| model | coverage |\n|---|---|\n");
            for (Verdict v : withCoverage()) {
                m.append("| `").append(v.check().check()).append("` | ").append(md(coverageLine(v))).append(" |\n");
            }
            m.append('\n');
        }
        m.append("## TLC statistics\n\n");
        if (tlc.isEmpty()) {
            m.append("No TLC model ran.\n");
        } else {
            m.append("| family | model | verdict | distinct states | generated states | depth | workers | seconds |\n");
            m.append("|---|---|---|---:|---:|---:|---:|---:|\n");
            for (Map.Entry<Check, Tlc.Result> e : tlc.entrySet()) {
                Tlc.Result r = e.getValue();
                m.append("| ").append(e.getKey().family()).append(" | `").append(e.getKey().check()).append("` | ")
                        .append(r.outcome().id()).append(r.violated() != null ? " " + r.violated() : "").append(" | ")
                        .append(states(r.distinctStates())).append(" | ").append(states(r.generatedStates())).append(" | ")
                        .append(states(r.depth())).append(" | ").append(r.workers()).append(" | ")
                        .append(seconds(r.seconds())).append(" |\n");
            }
        }
        return m.toString();
    }

    private static String md(String s) {
        return s == null ? "" : s.replace("|", "\\|").replace("\n", " ");
    }

    private String cexSummary(Check c, Tlc.Result r) {
        boolean asExpected = c.expected() == Outcome.FAIL && (c.property() == null || c.property().equals(r.violated()));
        return String.format(Locale.ROOT, "%s / %s%s: %s; %s. Spec `%s`, config `%s`, %d states in the trace%s. TLC log: `%s`.",
                c.family(), c.variant(), c.mutant() ? " (mutant)" : "", r.message(),
                asExpected ? "as the manifest expects" : "NOT as the manifest expects (" + expected(c) + ")",
                "specs/" + c.family() + "/" + c.paramOr("spec", "?"), "specs/" + c.family() + "/" + c.paramOr("config", "?"), r.trace().steps().size(),
                r.trace().backTo() != null ? ", then back to state " + r.trace().backTo() + " forever"
                        : r.trace().stuttering() ? ", then stuttering" : "",
                rel(r.log()));
    }

    private String fairnessSummary() {
        if (fairness == null) {
            return "The fairness harness did not run.";
        }
        if (fairness.note() != null) {
            return "Not run: " + fairness.note() + "." + notMeasured();
        }
        boolean cna = fairness.results().stream().anyMatch(r -> r.config().lock().startsWith("cna-"));
        return String.format(Locale.ROOT,
                "`FairnessHarness` (java-models), seed %d: %d threads on %d virtual nodes, %,d acquisitions per variant%s. "
                        + "Bypass of an acquisition: entries into the critical section, between its thread's doorway and its own entry, "
                        + "by threads that passed the doorway later (BoundedBypass in specs/common/Properties.tla). The seed replays the random "
                        + "choices, not the interleaving.",
                fairness.seed(), fairness.threads(), fairness.nodes(), fairness.acquisitions(),
                cna ? String.format(Locale.ROOT, ", cna-prob's probArg %d, cna-threshold's threshold %d (the kernel's 0x10000"
                        + " would not come into play in a run this short; a proposed variant's class that extends either"
                        + " policy gets the same)", fairness.probArg(), fairness.threshold()) : "") + notMeasured();
    }

    /** The sentence that names the variants under report with no histogram, and why; empty when none. */
    private String notMeasured() {
        if (fairness.notMeasured().isEmpty()) {
            return "";
        }
        StringBuilder b = new StringBuilder(" No histogram for");
        fairness.notMeasured().forEach((variant, why) -> b.append(' ').append(variant).append(" (").append(why).append(");"));
        b.setLength(b.length() - 1);
        return b.append('.').toString();
    }

    private static int min(int[] a) {
        int m = Integer.MAX_VALUE;
        for (int x : a) {
            m = Math.min(m, x);
        }
        return a.length == 0 ? 0 : m;
    }

    private static int max(int[] a) {
        int m = 0;
        for (int x : a) {
            m = Math.max(m, x);
        }
        return m;
    }

    // ------------------------------------------------------------------ HTML

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

    /**
     * Text for the HTML page: escaped, with markdown's {@code `code`} spans as code, and a place to
     * break long identifiers (after {@code _} and {@code .}, between the words of a CamelCase name)
     * so that a table of check names fits a narrow window.
     */
    static String inline(String s) {
        return Svg.escape(s).replaceAll("`([^`]+)`", "<code>$1</code>").replace("_", "_<wbr>")
                .replaceAll("\\.(?=[A-Za-z])", ".<wbr>").replaceAll("(?<=[a-z])(?=[A-Z])", "<wbr>");
    }

    public String html() {
        StringBuilder h = new StringBuilder();
        h.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">");
        h.append("<title>handoff check report</title><style>").append(CSS).append("</style></head><body>\n");
        h.append("<h1>handoff check report</h1>\n");
        h.append("<p class=\"meta\">Command: <code>").append(Svg.escape(command)).append("</code></p>\n");
        h.append("<p class=\"meta\">Generated: ").append(Svg.escape(generated)).append("</p>\n");
        h.append("<p class=\"meta\">Verdicts: ").append(verdicts.size()).append(" checks, ")
                .append(verdicts.size() - bad()).append(" as expected, ")
                .append(bad() == 0 ? "<span class=\"ok\">0 not</span>" : "<span class=\"bad\">" + bad() + " not</span>")
                .append(".</p>\n");
        h.append("<p class=\"meta\">Contents: ").append(summary == null ? "" : "<a href=\"#summary\">summary</a> · ")
                .append("<a href=\"#verdicts\">verdicts</a> · <a href=\"#counterexamples\">counterexamples</a> · ")
                .append("<a href=\"#bypass\">bypass histograms</a> · <a href=\"#coverage\">action coverage</a> · <a href=\"#tlc-statistics\">TLC statistics</a></p>\n");
        h.append(Palette.markers()).append('\n');
        if (summary != null) {
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
        counterexamples().forEach(e -> drawnCex.add(e.getKey().check()));
        h.append("<h2 id=\"summary\">").append(Svg.escape(summary.title())).append("</h2>\n");
        for (Summary.Block b : summary.blocks()) {
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
        for (String f : families()) {
            h.append("<h3>").append(Svg.escape(f)).append("</h3>\n");
            for (Level l : Level.values()) {
                List<Verdict> vs = verdicts.stream().filter(v -> v.check().family().equals(f) && v.check().level() == l).toList();
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
                    if (tlc.containsKey(c) && tlc.get(c).trace() != null) {
                        name = "<a href=\"#cex-" + anchor(c.check()) + "\">" + name + "</a>";
                    }
                    h.append(ok ? "<tr>" : "<tr class=\"bad\">").append("<td>").append(name).append("</td><td>")
                            .append(Svg.escape(c.variant())).append("</td><td>").append(kind(c))
                            .append("</td><td>").append(inline(c.property() == null ? "–" : c.property())).append("</td><td>")
                            .append(inline(expected(c))).append("</td><td>").append(inline(actual(v)))
                            .append("</td><td class=\"num\">").append(states(v.states())).append("</td><td class=\"num\">")
                            .append(seconds(v.seconds())).append("</td><td class=\"long\">")
                            .append(ok ? "<span class=\"ok\">yes</span>" : "<span class=\"bad\">no</span>: " + inline(v.mismatch()))
                            .append("</td><td class=\"long\">").append(inline(c.reason() == null ? "" : c.reason())).append("</td></tr>\n");
                }
                h.append("</table>\n");
            }
        }
    }

    private void counterexamplesHtml(StringBuilder h) {
        h.append("<h2 id=\"counterexamples\">Counterexamples</h2>\n");
        List<Map.Entry<Check, Tlc.Result>> cex = counterexamples();
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
            Story story = story(c, r);
            h.append("<h3 id=\"cex-").append(anchor(c.check())).append("\">").append(Svg.escape(c.check()))
                    .append(c.isWitness() ? " (a witness, reached)" : !drawn(c) ? " (a tight model, failing on purpose)" : "")
                    .append("</h3>\n");
            h.append("<p class=\"meta\">").append(inline(cexSummary(c, r)));
            if (drawn(c)) {
                h.append(" Picture: ").append(Svg.escape(picture.kind())).append('.');
            }
            h.append("</p>\n<p class=\"story\">").append(inline(story.text())).append("</p>\n");
            if (drawn(c)) {
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
                .append(inline(fairnessSummary())).append("</p>\n");
        if (fairness == null || fairness.results().isEmpty()) {
            return;
        }
        h.append("<table><tr><th>variant</th><th>bypass max</th><th>p99</th><th>mean</th><th>same-node hand-offs</th>")
                .append("<th>per-thread min / max</th><th>seconds</th></tr>\n");
        for (FairnessHarness.Result r : fairness.results()) {
            h.append(String.format(Locale.ROOT,
                    "<tr><td>%s</td><td class=\"num\">%,d</td><td class=\"num\">%,d</td><td class=\"num\">%.2f</td><td class=\"num\">%.1f %%</td><td class=\"num\">%,d / %,d</td><td class=\"num\">%.1f</td></tr>%n",
                    Svg.escape(r.config().lock()), r.maxBypass(), r.p99Bypass(), r.meanBypass(), 100 * r.sameNodeShare(),
                    min(r.perThread()), max(r.perThread()), r.seconds()));
        }
        h.append("</table>\n<div class=\"charts\">\n");
        int i = 0;
        for (FairnessHarness.Result r : fairness.results()) {
            h.append("<figure>").append(BypassChart.svg("bypass" + i++, r.config().lock(), r.bypass()));
            String note = fairnessNote(r.config().lock());
            if (note != null) {
                h.append("<figcaption>").append(inline(note)).append("</figcaption>");
            }
            h.append("</figure>\n");
        }
        h.append("</div>\n");
    }

    private void coverageHtml(StringBuilder h) {
        h.append("<h2 id=\"coverage\">Action coverage (TLC)</h2>\n");
        if (withCoverage().isEmpty()) {
            h.append("<p>No TLC model reported coverage.</p>\n");
            return;
        }
        h.append("<p>How many states each action of the checked specification generated (for a model expected to fail, ")
                .append("how often each action is taken on its counterexample); a passing model whose variant's ")
                .append("own action never fired is vacuous, not a pass.</p>\n<table><tr><th>model</th><th>coverage</th></tr>\n");
        for (Verdict v : withCoverage()) {
            h.append("<tr><td>").append(inline(v.check().check())).append("</td><td>")
                    .append(inline(coverageLine(v))).append("</td></tr>\n");
        }
        h.append("</table>\n");
    }

    private void statisticsHtml(StringBuilder h) {
        h.append("<h2 id=\"tlc-statistics\">TLC statistics</h2>\n");
        if (tlc.isEmpty()) {
            h.append("<p>No TLC model ran.</p>\n");
            return;
        }
        h.append("<p>Distinct states of a failing model count only what TLC explored before it stopped; its time includes ")
                .append("re-checking each temporal property alone to name the one that fails.</p>\n");
        h.append("<table><tr><th>family</th><th>model</th><th>verdict</th><th>distinct states</th><th>generated states</th>")
                .append("<th>depth</th><th>workers</th><th>seconds</th></tr>\n");
        for (Map.Entry<Check, Tlc.Result> e : tlc.entrySet()) {
            Tlc.Result r = e.getValue();
            h.append("<tr><td>").append(Svg.escape(e.getKey().family())).append("</td><td>")
                    .append(inline(e.getKey().check())).append("</td><td>")
                    .append(inline(r.outcome().id() + (r.violated() != null ? " " + r.violated() : "")))
                    .append("</td><td class=\"num\">").append(states(r.distinctStates())).append("</td><td class=\"num\">")
                    .append(states(r.generatedStates())).append("</td><td class=\"num\">").append(states(r.depth()))
                    .append("</td><td class=\"num\">").append(r.workers()).append("</td><td class=\"num\">")
                    .append(seconds(r.seconds())).append("</td></tr>\n");
        }
        h.append("</table>\n");
    }

    private static String anchor(String s) {
        return s.replaceAll("[^A-Za-z0-9_-]", "-");
    }
}
