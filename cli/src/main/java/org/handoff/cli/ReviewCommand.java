package org.handoff.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
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
import org.handoff.crosscheck.agreement.BoundAgreement;
import org.handoff.cli.report.Fairness;
import org.handoff.cli.report.Report;
import org.handoff.cli.report.ReportDir;
import org.handoff.cli.report.Story;
import org.handoff.cli.report.Summary;
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

    @CommandLine.Mixin
    ProfileOption profile = new ProfileOption("quick");

    @Option(names = "--memory-model", paramLabel = "M", description = {"Only TLC models under this memory model: SC, TSO "
            + "or WMO (a spec without a MemoryModel constant counts as SC); repeatable; other levels are left out. The "
            + "diff keeps the memory models apart either way."})
    List<String> memoryModels = new ArrayList<>();

    @CommandLine.Mixin
    ForkOptions fork = new ForkOptions();

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
        List<Check> every = manifest.select(List.of(family), null, "full");
        every.stream().filter(c -> !c.mutant()).map(Check::variant).forEach(known::add);
        // A mutant may be reviewed as the variant (what a weakened barrier or a dropped check loses,
        // per memory model), never as the baseline.
        Set<String> mutants = new LinkedHashSet<>();
        every.stream().filter(Check::mutant).map(Check::variant).filter(v -> !known.contains(v)).forEach(mutants::add);
        boolean variantIsMutant = mutants.contains(variant);
        String base = baseline != null ? baseline : f.variants().isEmpty() ? null : f.variants().get(0);
        for (String v : new String[] {variant, base}) {
            if (v == null || !(known.contains(v) || (v.equals(variant) && variantIsMutant))) {
                throw new HandoffException("unknown variant '" + v + "' of " + family + " (known: " + String.join(", ", known)
                        + (v != null && mutants.contains(v) ? "; '" + v + "' is a mutant, which can be the variant, not the baseline"
                                : mutants.isEmpty() ? "" : "; or one of its mutants as the variant, listed by ./handoff mutants " + family)
                        + ")");
            }
        }
        if (base.equals(variant)) {
            throw new HandoffException("the variant '" + variant + "' is its own baseline; name another with --baseline");
        }
        List<Check> checks = manifest.select(List.of(family), null, profile.name).stream()
                .filter(c -> c.variant().equals(variant) ? c.mutant() == variantIsMutant : !c.mutant() && c.variant().equals(base))
                .filter(atLevels)
                .filter(Runners.underMemoryModels(root, memoryModels))
                .filter(c -> onlyChecks.isEmpty() || onlyChecks.contains(c.check()) || onlyChecks.contains(c.shortName())).toList();
        for (String name : onlyChecks) {
            if (checks.stream().noneMatch(c -> c.check().equals(name) || c.shortName().equals(name))) {
                throw new HandoffException("--check " + name + ": no check of " + base + " or " + variant + " has that name in the "
                        + profile + " profile" + (levels.isEmpty() ? "" : " at " + levels));
            }
        }
        if (checks.stream().noneMatch(c -> c.variant().equals(variant))) {
            throw new HandoffException("variant '" + variant + "' has no checks in the " + profile + " profile"
                    + (levels.isEmpty() ? "" : " at " + levels) + (memoryModels.isEmpty() ? "" : " under " + memoryModels));
        }
        Map<Level, LevelRunner> runners = Runners.all();
        PrintWriter err = spec.commandLine().getErr();
        RunContext context = fork.prepare(runners, checks, root, "review", profile.name);
        // The proposed variant's configs are new: their constants must meet the specs' ASSUMEs
        // before anything runs (the baseline's are the project's own, checked by its build).
        TlcRunner.preflightAssumptions(checks.stream().filter(c -> c.variant().equals(variant)).toList(),
                context);
        fork.sayJdk(context, checks, err);
        List<Verdict> bv = new ArrayList<>();
        List<Verdict> vv = new ArrayList<>();
        for (Verdict v : Runners.runAll(runners, checks, context, err)) {
            (v.check().variant().equals(variant) ? vv : bv).add(v);
        }
        PrintWriter out = spec.commandLine().getOut();
        long s = seed != null ? seed : new java.util.SplittableRandom().nextLong() & Long.MAX_VALUE;
        boolean javaLevels = levels.isEmpty() || checks.stream().anyMatch(c -> c.level() != Level.TLC);
        Fairness fairness = null;
        if (fairnessAcquisitions > 0 && (javaLevels || reportDir != null)) {
            // The diff shows the two sides; a report shows the family's other variants too.
            Set<String> sides = Set.of(base, variant);
            fairness = Fairness.run(Set.of(family), checks, v -> reportDir != null || sides.contains(v), s,
                    fairnessAcquisitions, err, manifest);
        }
        Summary summary = summary(root.resolve("specs"), base, bv, variant, vv, fairness);
        out.print(summary.text());
        out.flush();
        if (reportDir != null) {
            List<Verdict> all = new ArrayList<>(bv);
            all.addAll(vv);
            String command = Report.commandLine("review", spec.commandLine().getParseResult().expandedArgs());
            reportDir.write(new Report(command, Report.generatedNow(), all, fairness, root).withSummary(summary), s, err);
        }
        boolean asExpected = bv.stream().allMatch(Verdict::matchesExpectation) && vv.stream().allMatch(Verdict::matchesExpectation);
        return asExpected ? Main.OK : Main.MISMATCH;
    }

    /**
     * The fairness harness's bypass for the baseline and the variant, after the verdicts: the Java
     * evidence of a fairness change (a measurement of one run, not a verdict), or why a side has none.
     */
    static void printFairness(PrintWriter out, Fairness f, String base, String variant) {
        out.print("\n" + fairness(f, base, variant).text());
        out.flush();
    }

    static Summary.Table fairness(Fairness f, String base, String variant) {
        List<List<String>> rows = new ArrayList<>();
        for (String v : new String[] {base, variant}) {
            java.util.Optional<org.handoff.models.fairness.FairnessHarness.Result> r = f.results().stream()
                    .filter(x -> x.config().lock().equals(v)).findFirst();
            if (r.isPresent()) {
                org.handoff.models.fairness.FairnessHarness.Result x = r.get();
                if (!Fairness.contended(x)) {
                    rows.add(List.of(v, "not measured: " + Fairness.uncontended(x) + "; run the review again on a quieter machine"));
                    continue;
                }
                rows.add(List.of(v, String.format(java.util.Locale.ROOT, "max bypass %,d  p99 %,d  mean %.2f  "
                        + "same-node hand-offs %.1f%% of %,d", x.maxBypass(), x.p99Bypass(), x.meanBypass(),
                        100.0 * x.sameNodeHandoffs() / x.handoffs(), x.handoffs())));
            } else {
                rows.add(List.of(v, "not measured: " + f.notMeasured().getOrDefault(v,
                        f.note() != null ? f.note() : "the harness has no run of it")));
            }
        }
        return new Summary.Table(String.format(java.util.Locale.ROOT, "Fairness harness (java-models FairnessHarness, seed %d:"
                + " %d threads on %d virtual nodes, %,d acquisitions each; a measurement, not a verdict):", f.seed(), f.threads(),
                f.nodes(), f.acquisitions()), List.of(), rows, false);
    }

    static void print(PrintWriter out, Path specsDir, String base, List<Verdict> bv, String variant, List<Verdict> vv) {
        out.print(summary(specsDir, base, bv, variant, vv, null).text());
        out.flush();
    }

    /**
     * The review as the terminal prints it and the report draws it: the conclusion, one row per
     * property, what is gained and lost, the witnesses, teeth, bounds and effort, the checks not as
     * the manifest records, and the fairness harness's runs ({@code fairness} may be null).
     */
    static Summary summary(Path specsDir, String base, List<Verdict> bv, String variant, List<Verdict> vv,
            Fairness fairness) {
        Map<Check, Tlc.Result> tlc = Report.tlcRuns(java.util.stream.Stream.concat(bv.stream(), vv.stream()).toList());
        List<Summary.Block> blocks = new ArrayList<>();
        List<ReviewDiff.Row> rows = ReviewDiff.rows(bv, vv, specsDir);
        String first = firstLoss(rows);
        blocks.add(new Summary.Line(conclusion(rows, base, variant, bv, vv, tlc), true,
                first == null ? List.of() : List.of(first)));
        List<List<String>> props = new ArrayList<>();
        for (ReviewDiff.Row r : rows) {
            props.add(List.of(r.levelLabel(), r.property(), r.baseline(), r.variant(), r.change(),
                    String.join(", ", r.variantChecks()) + "; " + String.join(", ", r.baselineChecks())));
        }
        blocks.add(new Summary.Table(null, List.of("LEVEL", "PROPERTY", base, variant, "CHANGE", "CHECKS (variant; baseline)"),
                props, false));
        List<String> gained = rows.stream().filter(r -> r.change().startsWith("GAINED")).map(ReviewDiff.Row::summary).toList();
        List<String> lost = rows.stream().filter(r -> r.change().startsWith("LOST")).map(ReviewDiff.Row::summary).toList();
        blocks.add(new Summary.Table(null, List.of(), List.of(
                List.of("Gained:", gained.isEmpty() ? "nothing" : String.join(", ", gained)),
                List.of("Lost:", lost.isEmpty() ? "nothing" : String.join(", ", lost))), false));
        List<List<String>> witnesses = new ArrayList<>();
        for (List<Verdict> side : List.of(bv, vv)) {
            for (Verdict v : side) {
                Check c = v.check();
                if (c.isWitness()) {
                    boolean reached = v.actual() == org.handoff.core.Outcome.FAIL && c.witness().equals(v.violated());
                    witnesses.add(List.of(c.variant(), c.paramOr("twin", "?"), c.witness(),
                            reached ? "reached" : "NOT reached (" + v.actual().id() + ")"));
                }
            }
        }
        if (witnesses.isEmpty()) {
            witnesses.add(List.of("none: no model of either side shows that it reaches a behaviour of its own"));
        }
        blocks.add(new Summary.Table("Witnesses (each a behaviour a passing model must reach; 'reached' shows it did):",
                List.of(), witnesses, true));
        List<List<String>> teeth = new ArrayList<>();
        for (Verdict v : java.util.stream.Stream.concat(bv.stream(), vv.stream()).toList()) {
            if (ReviewDiff.teeth(v.check())) {
                teeth.add(List.of(v.check().variant(), v.check().shortName(),
                        v.matchesExpectation() ? "failed, as it must" : "NOT AS EXPECTED (" + v.actual().id() + ")"));
            }
        }
        if (!teeth.isEmpty()) {
            blocks.add(new Summary.Table("Teeth (ports checked against a spec they must not conform to; each must fail, and is"
                    + " no property of either side):", List.of(), teeth, true));
        }
        List<List<String>> bounds = new ArrayList<>();
        for (List<Verdict> side : List.of(bv, vv)) {
            for (Verdict v : side) {
                Check c = v.check();
                if (c.level() != Level.TLC || c.isWitness()) {
                    continue;
                }
                Integer k = BoundAgreement.boundOf(specsDir, c);
                if (k != null) {
                    bounds.add(List.of(c.variant(), c.shortName(), "K = " + k, v.actual().id()
                            + (v.violated() != null ? " (" + v.violated() + ")" : "") + (c.reason() != null ? ": " + c.reason() : "")));
                }
            }
        }
        if (!bounds.isEmpty()) {
            blocks.add(new Summary.Table("Bounds (TLC models that check BoundedBypass: the bound K each proves, or the bound a"
                    + " failing model refutes):", List.of(), bounds, true));
        }
        List<List<String>> effort = new ArrayList<>();
        for (Level l : Level.values()) {
            String b = effort(bv, l);
            String v = effort(vv, l);
            if (!b.isEmpty() || !v.isEmpty()) {
                effort.add(List.of(l.id(), base, b.isEmpty() ? "-" : b, variant, v.isEmpty() ? "-" : v));
            }
        }
        blocks.add(new Summary.Table("Effort per level (checks, distinct states of the TLC models, seconds):", List.of(),
                effort, true));
        for (Verdict v : java.util.stream.Stream.concat(bv.stream(), vv.stream()).toList()) {
            if (!v.matchesExpectation()) {
                blocks.add(new Summary.Detail("NOT AS THE MANIFEST RECORDS: " + v.check().id() + ": " + v.mismatch(),
                        v.detail() == null ? "" : v.detail(), tlc.containsKey(v.check()) ? v.check().check() : null));
            }
        }
        if (fairness != null) {
            blocks.add(fairness(fairness, base, variant));
        }
        return new Summary("Review of " + variant + " against " + base, blocks);
    }

    /** The check that first shows the first property lost, or null. */
    private static String firstLoss(List<ReviewDiff.Row> rows) {
        return rows.stream().filter(r -> r.change().startsWith("LOST")).findFirst().map(r -> checkName(shownBy(r))).orElse(null);
    }

    /** The variant's checks of a lost row that show the loss ("CNA_Reset_N3_T1 K=1 refuted"), else all of them. */
    private static String shownBy(ReviewDiff.Row lost) {
        return lost.variantChecks().stream().filter(n -> n.contains("VIOLATED") || n.contains("refuted") || n.contains("mixed"))
                .findFirst().orElse(String.join(", ", lost.variantChecks()));
    }

    /** The check's name at the start of {@link #shownBy}'s text. */
    private static String checkName(String shownBy) {
        return shownBy.split("[ ,]", 2)[0];
    }

    /**
     * The line a reviewer can paste: what the variant loses (with the first check that shows it) and
     * gains against the baseline, and whether every check gave the verdict the manifest records.
     */
    static String conclusion(List<ReviewDiff.Row> rows, String base, String variant, List<Verdict> bv, List<Verdict> vv,
            Map<Check, Tlc.Result> tlc) {
        List<ReviewDiff.Row> lost = rows.stream().filter(r -> r.change().startsWith("LOST")).toList();
        List<ReviewDiff.Row> gained = rows.stream().filter(r -> r.change().startsWith("GAINED")).toList();
        StringBuilder c = new StringBuilder("Conclusion: ").append(variant);
        if (lost.isEmpty()) {
            c.append(" loses no property that ").append(base).append(" shows in these checks");
        } else {
            String by = shownBy(lost.get(0));
            c.append(" loses ").append(String.join(", ", lost.stream().map(ReviewDiff.Row::summary).toList()))
                    .append("; first shown by ").append(by.replaceFirst(" (VIOLATED|refuted)$", ""));
            String name = checkName(by);
            tlc.entrySet().stream().filter(e -> e.getKey().check().equals(name) && e.getKey().variant().equals(variant)
                    && e.getValue().trace() != null).findFirst().ifPresent(e -> c.append(" (").append(told(e.getKey(), e.getValue()))
                    .append(')'));
        }
        if (!gained.isEmpty()) {
            c.append("; gains ").append(String.join(", ", gained.stream().map(ReviewDiff.Row::summary).toList()));
        }
        long odd = java.util.stream.Stream.concat(bv.stream(), vv.stream()).filter(v -> !v.matchesExpectation()).count();
        c.append(odd == 0 ? "." : "; " + odd + " check(s) NOT as the manifest records (below).");
        return c.toString();
    }

    /** A counterexample in a clause: its size, its length and the thread it keeps waiting. */
    static String told(Check c, Tlc.Result r) {
        Story story = Report.story(c, r);
        StringBuilder b = new StringBuilder().append(story.threads()).append(story.cpus() ? " CPUs" : " threads")
                .append(", a ").append(r.trace().steps().size()).append("-state counterexample");
        if (r.trace().backTo() != null) {
            b.append(" looping back to state ").append(r.trace().backTo());
        }
        if (story.clause() != null) {
            b.append(": ").append(story.clause());
        }
        return b.toString();
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
