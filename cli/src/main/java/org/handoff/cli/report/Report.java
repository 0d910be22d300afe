package org.handoff.cli.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.handoff.core.Check;
import org.handoff.core.Level;
import org.handoff.core.Machine;
import org.handoff.core.Outcome;
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

    final String command;
    final String generated;
    final List<Verdict> verdicts;
    final Map<Check, Tlc.Result> tlc;
    final Fairness fairness;
    private final Path root;
    Summary summary;

    /** A report of {@code verdicts}; the TLC pictures and statistics come from the runs they carry. */
    public Report(String command, String generated, List<Verdict> verdicts, Fairness fairness, Path root) {
        this.command = command;
        this.generated = generated;
        this.verdicts = List.copyOf(verdicts);
        this.tlc = tlcRuns(verdicts);
        this.fairness = fairness;
        this.root = root;
    }

    /**
     * The command a report names, as a shell takes it again: {@code ./handoff}, the subcommand and
     * its arguments, each quoted when it holds anything but letters, digits and {@code _./:=,+-}.
     */
    public static String commandLine(String subcommand, List<String> args) {
        StringBuilder b = new StringBuilder("./handoff ").append(subcommand);
        for (String a : args) {
            b.append(' ').append(a.matches("[A-Za-z0-9_./:=,+-]+") ? a : "'" + a.replace("'", "'\\''") + "'");
        }
        return b.toString();
    }

    /** When and where a report is made: the local time to the second, and the machine. */
    public static String generatedNow() {
        return java.time.LocalDateTime.now().withNano(0).toString().replace('T', ' ') + " on " + Machine.describe();
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

    List<String> families() {
        Set<String> out = new LinkedHashSet<>();
        for (Verdict v : verdicts) {
            out.add(v.check().family());
        }
        return new ArrayList<>(out);
    }

    /** The TLC runs that produced a counterexample, in check order. */
    List<Map.Entry<Check, Tlc.Result>> counterexamples() {
        List<Map.Entry<Check, Tlc.Result>> out = new ArrayList<>();
        for (Map.Entry<Check, Tlc.Result> e : tlc.entrySet()) {
            if (e.getValue().trace() != null && !e.getValue().trace().steps().isEmpty()) {
                out.add(e);
            }
        }
        return out;
    }

    static String expected(Check c) {
        if (c.isWitness()) {
            return "reached (fails " + c.witness() + " on " + c.paramOr("twin", "?") + ")";
        }
        return c.expected().id() + (c.expected() == Outcome.FAIL && c.property() != null ? " " + c.property() : "")
                + (c.violates().size() > 1 ? " (violates " + String.join(", ", c.violates()) + ")" : "");
    }

    static String actual(Verdict v) {
        return v.actual().id() + (v.violated() != null ? " " + v.violated() : "")
                + (v.violations().size() > 1 ? " (violates " + String.join(", ", v.violations()) + ")" : "");
    }

    /** The kind of an entry: a correct model, a seeded bug, or a witness of a behaviour. */
    static String kind(Check c) {
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

    List<Verdict> withCoverage() {
        return verdicts.stream().filter(v -> !v.coverage().isEmpty()).toList();
    }

    static String states(Long n) {
        return n == null ? "–" : String.format(Locale.ROOT, "%,d", n);
    }

    static String seconds(double s) {
        return String.format(Locale.ROOT, "%.1f", s);
    }

    private String rel(Path p) {
        if (p == null) {
            return "–";
        }
        Path abs = p.toAbsolutePath().normalize();
        return root != null && abs.startsWith(root) ? root.relativize(abs).toString() : abs.toString();
    }

    long bad() {
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

    String cexSummary(Check c, Tlc.Result r) {
        boolean asExpected = c.expected() == Outcome.FAIL && (c.property() == null || c.property().equals(r.violated()));
        return String.format(Locale.ROOT, "%s / %s%s: %s; %s. Spec `%s`, config `%s`, %d states in the trace%s. TLC log: `%s`.",
                c.family(), c.variant(), c.mutant() ? " (mutant)" : "", r.message(),
                asExpected ? "as the manifest expects" : "NOT as the manifest expects (" + expected(c) + ")",
                "specs/" + c.family() + "/" + c.paramOr("spec", "?"), "specs/" + c.family() + "/" + c.paramOr("config", "?"), r.trace().steps().size(),
                r.trace().backTo() != null ? ", then back to state " + r.trace().backTo() + " forever"
                        : r.trace().stuttering() ? ", then stuttering" : "",
                rel(r.log()));
    }

    String fairnessSummary() {
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

    static int min(int[] a) {
        int m = Integer.MAX_VALUE;
        for (int x : a) {
            m = Math.min(m, x);
        }
        return a.length == 0 ? 0 : m;
    }

    static int max(int[] a) {
        int m = 0;
        for (int x : a) {
            m = Math.max(m, x);
        }
        return m;
    }

    /** The report as one self-contained HTML page ({@link ReportHtml}). */
    public String html() {
        return new ReportHtml(this).render();
    }
}
