package org.handoff.cli;

import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import org.handoff.core.Check;
import org.handoff.core.Family;
import org.handoff.core.HandoffException;
import org.handoff.core.Level;
import org.handoff.core.LevelRunner;
import org.handoff.core.Manifest;
import org.handoff.core.ProjectRoot;
import org.handoff.core.RunContext;
import org.handoff.core.Verdict;
import org.handoff.cli.agreement.BoundAgreement;
import org.handoff.cli.report.Report;
import org.handoff.cli.report.ReportDir;
import org.handoff.specs.Tlc;
import org.handoff.specs.TlcRunner;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code handoff review}: a proposed variant against its baseline, at every level, as a verdict
 * diff a reviewer can paste: the properties the variant gains or loses, the bounds it is checked
 * at, state counts and time (docs/review.md).
 */
@Command(name = "review", mixinStandardHelpOptions = true,
        description = {"Run every check of a variant and of its baseline (the family's first variant unless given) " +
            "at every level and print what changed: properties gained or lost, bounds, state counts, time. " +
            "Exit 0 when every verdict is the one the manifest records, 1 otherwise."})
final class ReviewCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FAMILY", description = "The family (see 'handoff list').")
    String family;

    @Option(names = "--variant", required = true, paramLabel = "NAME", description = "The proposed variant.")
    String variant;

    @Option(names = "--baseline", paramLabel = "NAME", description = "What it is compared with (default: the family's first variant).")
    String baseline;

    @Option(names = "--level", paramLabel = "L", description = "Only these levels (tlc, jcstress, lincheck, crosscheck); repeatable.")
    List<String> levels = new ArrayList<>();

    @Option(names = "--check", paramLabel = "NAME", description = {"Only the checks of either side whose model or test name is NAME " +
            "(e.g. PV_N2 and PV_WaitEarly_N2, to re-run the pair that changed); repeatable."})
    List<String> onlyChecks = new ArrayList<>();

    @Option(names = "--profile", paramLabel = "P", defaultValue = "quick", description = "quick (default) or full.")
    String profile;

    @CommandLine.Mixin
    ForkOptions fork = new ForkOptions();

    @Option(names = {"-v", "--verbose"}, description = "Echo the tools' output to stderr.")
    boolean verbose;

    @Option(names = "--report", paramLabel = "DIR", description = {"Also write DIR/report.md and DIR/report.html: the diff, " +
            "the verdicts, every TLC counterexample as pictures, bypass histograms (docs/report.md)."})
    Path report;

    @Option(names = "--seed", paramLabel = "S", description = "The fairness harness's seed (default: drawn and printed).")
    Long seed;

    @Option(names = "--fairness-acquisitions", paramLabel = "M", defaultValue = "20000", description = {"Acquisitions per variant " +
            "of the fairness harness, whose bypass for the baseline and the variant ends the diff (0: not run; it runs " +
            "when a Java level is selected or a report is written)."})
    int fairnessAcquisitions;

    @Override
    public Integer call() throws InterruptedException {
        if (!profile.equals("quick") && !profile.equals("full")) {
            throw new HandoffException("unknown profile '" + profile + "' (quick or full)");
        }
        if (fairnessAcquisitions < 0) {
            throw new HandoffException("--fairness-acquisitions must not be negative, not " + fairnessAcquisitions);
        }
        if (fairnessAcquisitions == 0 && seed != null) {
            throw new HandoffException("--seed is the fairness harness's, which --fairness-acquisitions 0 turns off");
        }
        // Before anything runs: a report that cannot be written is known now, not after the checks.
        ReportDir reportDir = report == null ? null : ReportDir.check(report);
        Path root = ProjectRoot.find();
        Manifest manifest = Manifest.load(root);
        Family f = manifest.family(family);
        java.util.function.Predicate<Check> atLevels = Runners.atLevels(levels); // an unknown level fails here
        Set<String> known = new LinkedHashSet<>(f.variants());
        manifest.select(List.of(family), null, "full").stream().filter(c -> !c.mutant()).map(Check::variant)
                .forEach(known::add);
        String base = baseline != null ? baseline : f.variants().isEmpty() ? null : f.variants().get(0);
        for (String v : new String[] {variant, base}) {
            if (v == null || !known.contains(v)) {
                throw new HandoffException("unknown variant '" + v + "' of " + family + " (known: " + String.join(", ", known) + ")");
            }
        }
        if (base.equals(variant)) {
            throw new HandoffException("the variant '" + variant + "' is its own baseline; name another with --baseline");
        }
        List<Check> checks = manifest.select(List.of(family), null, profile).stream()
                .filter(c -> !c.mutant() && (c.variant().equals(variant) || c.variant().equals(base)))
                .filter(atLevels)
                .filter(c -> onlyChecks.isEmpty() || onlyChecks.contains(c.check()) || onlyChecks.contains(c.shortName())).toList();
        for (String name : onlyChecks) {
            if (checks.stream().noneMatch(c -> c.check().equals(name) || c.shortName().equals(name))) {
                throw new HandoffException("--check " + name + ": no check of " + base + " or " + variant + " has that name in the "
                        + profile + " profile" + (levels.isEmpty() ? "" : " at " + levels));
            }
        }
        if (checks.stream().noneMatch(c -> c.variant().equals(variant))) {
            throw new HandoffException("variant '" + variant + "' has no checks in the " + profile + " profile"
                    + (levels.isEmpty() ? "" : " at " + levels));
        }
        Map<Level, LevelRunner> runners = Runners.all();
        PrintWriter err = spec.commandLine().getErr();
        PrintStream toolLog = verbose ? System.err : new PrintStream(OutputStream.nullOutputStream());
        fork.apply();
        Path runDir = Runners.newRunDir(root, "review");
        Runners.preflight(runners, checks, new RunContext(root, runDir, toolLog));
        // The proposed variant's configs are new: their constants must meet the specs' ASSUMEs
        // before anything runs (the baseline's are the project's own, checked by its build).
        TlcRunner.preflightAssumptions(checks.stream().filter(c -> c.variant().equals(variant)).toList(),
                new RunContext(root, runDir, toolLog));
        fork.sayJdk(checks, err);
        List<Verdict> bv = new ArrayList<>();
        List<Verdict> vv = new ArrayList<>();
        Map<Check, Tlc.Result> tlcResults = new LinkedHashMap<>();
        for (Verdict v : Runners.runAll(runners, checks, new RunContext(root, runDir, toolLog), tlcResults, err)) {
            (v.check().variant().equals(variant) ? vv : bv).add(v);
        }
        PrintWriter out = spec.commandLine().getOut();
        long s = seed != null ? seed : new java.util.SplittableRandom().nextLong() & Long.MAX_VALUE;
        boolean javaLevels = levels.isEmpty() || checks.stream().anyMatch(c -> c.level() != Level.TLC);
        Report.Fairness fairness = null;
        if (fairnessAcquisitions > 0 && (javaLevels || reportDir != null)) {
            // The diff shows the two sides; a report shows the family's other variants too.
            Set<String> sides = Set.of(base, variant);
            fairness = Report.runFairness(Set.of(family), checks, v -> reportDir != null || sides.contains(v), s,
                    fairnessAcquisitions, err);
        }
        StringWriter diff = new StringWriter();
        PrintWriter dw = new PrintWriter(diff);
        print(dw, root.resolve("specs"), base, bv, variant, vv);
        if (fairness != null) {
            printFairness(dw, fairness, base, variant);
        }
        dw.flush();
        out.print(diff);
        out.flush();
        if (reportDir != null) {
            List<Verdict> all = new ArrayList<>(bv);
            all.addAll(vv);
            String command = "./handoff review " + String.join(" ", spec.commandLine().getParseResult().expandedArgs());
            String generated = java.time.LocalDateTime.now().withNano(0).toString().replace('T', ' ') + " on " + Machine.describe();
            Report rep = new Report(command, generated, all, tlcResults, fairness, root)
                    .withSummary("Review of " + variant + " against " + base, diff.toString());
            Map<String, String> files = new LinkedHashMap<>();
            files.put("report.md", rep.markdown());
            files.put("report.html", rep.html());
            reportDir.write(files);
            err.printf("report: %s (report.md, report.html; fairness seed %d)%n", reportDir.path(), s);
            err.flush();
        }
        boolean asExpected = bv.stream().allMatch(Verdict::matchesExpectation) && vv.stream().allMatch(Verdict::matchesExpectation);
        return asExpected ? Main.OK : Main.MISMATCH;
    }

    /**
     * The fairness harness's bypass for the baseline and the variant, after the verdicts: the Java
     * evidence of a fairness change (a measurement of one run, not a verdict), or why a side has none.
     */
    static void printFairness(PrintWriter out, Report.Fairness f, String base, String variant) {
        out.printf("%nFairness harness (java-models FairnessHarness, seed %d: %d threads on %d virtual nodes, %,d acquisitions"
                + " each; a measurement, not a verdict):%n", f.seed(), f.threads(), f.nodes(), f.acquisitions());
        int w = Math.max(base.length(), variant.length());
        for (String v : new String[] {base, variant}) {
            java.util.Optional<org.handoff.models.fairness.FairnessHarness.Result> r = f.results().stream()
                    .filter(x -> x.config().lock().equals(v)).findFirst();
            if (r.isPresent()) {
                org.handoff.models.fairness.FairnessHarness.Result x = r.get();
                if (!Report.contended(x)) {
                    out.printf("  %-" + w + "s  not measured: %s; run the review again on a quieter machine%n", v,
                            Report.uncontended(x));
                    continue;
                }
                out.printf(java.util.Locale.ROOT, "  %-" + w + "s  max bypass %,d  p99 %,d  mean %.2f  %s%n", v,
                        x.maxBypass(), x.p99Bypass(), x.meanBypass(), String.format(java.util.Locale.ROOT,
                                "same-node hand-offs %.1f%% of %,d", 100.0 * x.sameNodeHandoffs() / x.handoffs(),
                                x.handoffs()));
            } else {
                out.printf("  %-" + w + "s  not measured: %s%n", v, f.notMeasured().getOrDefault(v,
                        f.note() != null ? f.note() : "the harness has no run of it"));
            }
        }
    }

    static void print(PrintWriter out, Path specsDir, String base, List<Verdict> bv, String variant, List<Verdict> vv) {
        out.printf("Review of %s against %s%n", variant, base);
        List<ReviewDiff.Row> rows = ReviewDiff.rows(bv, vv, specsDir);
        out.printf("%s%n%n", conclusion(rows, base, variant, bv, vv));
        // The two verdict columns are headed by the variants' names, as wide as the longer name.
        int w = Math.max(10, Math.max(base.length(), variant.length()));
        String fmt = "%-11s %-22s %-" + w + "s %-" + w + "s %-28s %s%n";
        out.printf(fmt, "LEVEL", "PROPERTY", base, variant, "CHANGE", "CHECKS (variant; baseline)");
        for (ReviewDiff.Row r : rows) {
            out.printf(fmt, r.level().id(), r.property(), r.baseline(), r.variant(), r.change(),
                    String.join(", ", r.variantChecks()) + "; " + String.join(", ", r.baselineChecks()));
        }
        List<String> gained = rows.stream().filter(r -> r.change().startsWith("GAINED")).map(ReviewDiff.Row::summary).toList();
        List<String> lost = rows.stream().filter(r -> r.change().startsWith("LOST")).map(ReviewDiff.Row::summary).toList();
        out.printf("%nGained: %s%nLost:   %s%n", gained.isEmpty() ? "nothing" : String.join(", ", gained),
                lost.isEmpty() ? "nothing" : String.join(", ", lost));
        out.printf("%nWitnesses (each a behaviour a passing model must reach; 'reached' shows it did):%n");
        int witnesses = 0;
        for (List<Verdict> side : List.of(bv, vv)) {
            for (Verdict v : side) {
                Check c = v.check();
                if (c.isWitness()) {
                    witnesses++;
                    boolean reached = v.actual() == org.handoff.core.Outcome.FAIL && c.witness().equals(v.violated());
                    out.printf("  %-22s %-34s %-28s %s%n", c.variant(), c.paramOr("twin", "?"), c.witness(),
                            reached ? "reached" : "NOT reached (" + v.actual().id() + ")");
                }
            }
        }
        if (witnesses == 0) {
            out.printf("  none: no model of either side shows that it reaches a behaviour of its own%n");
        }
        List<Verdict> teeth = new ArrayList<>(bv);
        teeth.addAll(vv);
        teeth.removeIf(v -> !ReviewDiff.teeth(v.check()));
        if (!teeth.isEmpty()) {
            out.printf("%nTeeth (ports checked against a spec they must not conform to; each must fail, and is no property of either side):%n");
            for (Verdict v : teeth) {
                out.printf("  %-22s %-34s %s%n", v.check().variant(), v.check().shortName(),
                        v.matchesExpectation() ? "failed, as it must" : "NOT AS EXPECTED (" + v.actual().id() + ")");
            }
        }
        out.printf("%nBounds (TLC models that check BoundedBypass: the bound K each proves, or the bound a failing model refutes):%n");
        for (List<Verdict> side : List.of(bv, vv)) {
            for (Verdict v : side) {
                Check c = v.check();
                if (c.level() != Level.TLC || c.isWitness()) {
                    continue;
                }
                Integer k = BoundAgreement.boundOf(specsDir, c);
                if (k != null) {
                    out.printf("  %-22s %-34s K = %-3d %s%s%n", c.variant(), c.shortName(), k, v.actual().id()
                            + (v.violated() != null ? " (" + v.violated() + ")" : ""),
                            c.reason() != null ? ": " + c.reason() : "");
                }
            }
        }
        out.printf("%nEffort per level (checks, distinct states of the TLC models, seconds):%n");
        for (Level l : Level.values()) {
            String b = effort(bv, l);
            String v = effort(vv, l);
            if (!b.isEmpty() || !v.isEmpty()) {
                out.printf("  %-11s %-" + w + "s %-40s %-" + w + "s %s%n", l.id(), base, b.isEmpty() ? "-" : b, variant,
                        v.isEmpty() ? "-" : v);
            }
        }
        List<Verdict> odd = new ArrayList<>(bv);
        odd.addAll(vv);
        odd.removeIf(Verdict::matchesExpectation);
        for (Verdict v : odd) {
            out.printf("%nNOT AS THE MANIFEST RECORDS: %s: %s%n%s%n", v.check().id(), v.mismatch(), v.detail() == null ? "" : v.detail());
        }
    }

    /**
     * The line a reviewer can paste: what the variant loses (with the first check that shows it) and
     * gains against the baseline, and whether every check gave the verdict the manifest records.
     */
    static String conclusion(List<ReviewDiff.Row> rows, String base, String variant, List<Verdict> bv, List<Verdict> vv) {
        List<ReviewDiff.Row> lost = rows.stream().filter(r -> r.change().startsWith("LOST")).toList();
        List<ReviewDiff.Row> gained = rows.stream().filter(r -> r.change().startsWith("GAINED")).toList();
        StringBuilder c = new StringBuilder("Conclusion: ").append(variant);
        if (lost.isEmpty()) {
            c.append(" loses no property that ").append(base).append(" shows in these checks");
        } else {
            ReviewDiff.Row first = lost.get(0);
            String by = first.variantChecks().stream().filter(n -> n.contains("VIOLATED") || n.contains("refuted")
                    || n.contains("mixed")).findFirst().orElse(String.join(", ", first.variantChecks()));
            c.append(" loses ").append(String.join(", ", lost.stream().map(ReviewDiff.Row::summary).toList()))
                    .append("; first shown by ").append(by.replaceFirst(" (VIOLATED|refuted)$", ""));
        }
        if (!gained.isEmpty()) {
            c.append("; gains ").append(String.join(", ", gained.stream().map(ReviewDiff.Row::summary).toList()));
        }
        long odd = java.util.stream.Stream.concat(bv.stream(), vv.stream()).filter(v -> !v.matchesExpectation()).count();
        c.append(odd == 0 ? "." : "; " + odd + " check(s) NOT as the manifest records (below).");
        return c.toString();
    }

    private static String effort(List<Verdict> vs, Level l) {
        List<Verdict> at = vs.stream().filter(v -> v.check().level() == l).toList();
        if (at.isEmpty()) {
            return "";
        }
        long states = at.stream().filter(v -> v.states() != null && l == Level.TLC).mapToLong(Verdict::states).sum();
        double secs = at.stream().mapToDouble(Verdict::seconds).sum();
        return String.format("%d checks, %s%.1f s", at.size(), l == Level.TLC ? String.format("%,d states, ", states) : "", secs);
    }
}
