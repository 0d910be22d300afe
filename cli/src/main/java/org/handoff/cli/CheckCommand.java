package org.handoff.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import org.handoff.cli.report.Fairness;
import org.handoff.cli.report.Report;
import org.handoff.cli.report.ReportDir;
import org.handoff.core.Check;
import org.handoff.core.HandoffException;
import org.handoff.core.Level;
import org.handoff.core.LevelRunner;
import org.handoff.core.Manifest;
import org.handoff.core.ProjectRoot;
import org.handoff.core.RunContext;
import org.handoff.core.Verdict;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code handoff check}: every level of the given families against the manifest's expectations. */
@Command(name = "check", mixinStandardHelpOptions = true,
        description = {"Run every check of the given families (all when none is named) at every level and compare " +
            "each verdict with the manifest. Exit 0 only when every verdict is as expected."})
final class CheckCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(paramLabel = "FAMILY", arity = "0..*", description = "Families to check (see 'handoff list').")
    List<String> families = new ArrayList<>();

    @Option(names = "--level", paramLabel = "L", description = "Only these levels (tlc, jcstress, lincheck, crosscheck); repeatable.")
    List<String> levels = new ArrayList<>();

    @Option(names = "--check", paramLabel = "NAME", description = {"Only checks whose model, test or variant name is NAME " +
            "(e.g. MCS_N3, non-atomic-tail, McsMutualExclusion); repeatable."})
    List<String> only = new ArrayList<>();

    @Option(names = "--memory-model", paramLabel = "M", description = {"Only TLC models under this memory model: SC, TSO "
            + "or WMO (specs/common/Memory.tla; a spec without a MemoryModel constant is SC); repeatable. Other levels are "
            + "left out."})
    List<String> memoryModels = new ArrayList<>();

    @CommandLine.Mixin
    ProfileOption profile = new ProfileOption("quick");

    @Option(names = "--json", description = "Print one JSON array of verdicts on stdout instead of the table.")
    boolean json;

    @CommandLine.Mixin
    ForkOptions fork = new ForkOptions();

    @Option(names = "--report", paramLabel = "DIR", description = {"Also write DIR/report.md and a self-contained DIR/report.html: " +
            "verdicts, every TLC counterexample as pictures, bypass histograms, TLC statistics (docs/report.md). " +
            "DIR must be new, empty or an earlier report; it is replaced only when the report is complete."})
    Path report;

    @Option(names = "--seed", paramLabel = "S", description = "--report: the fairness harness's seed (default: drawn and printed).")
    Long seed;

    @Option(names = "--fairness-acquisitions", paramLabel = "M", defaultValue = "20000",
            description = "--report: acquisitions per fairness-harness run (default ${DEFAULT-VALUE}).")
    int fairnessAcquisitions;

    @Override
    public Integer call() throws Exception {
        if (report == null && (seed != null || spec.commandLine().getParseResult().hasMatchedOption("--fairness-acquisitions"))) {
            throw new HandoffException("--seed and --fairness-acquisitions apply only to --report");
        }
        if (fairnessAcquisitions < 1) {
            throw new HandoffException("--fairness-acquisitions must be at least 1 (got " + fairnessAcquisitions + ")");
        }
        // Before anything runs: a report that cannot be written is known now, not after the checks.
        ReportDir reportDir = report == null ? null : ReportDir.check(report);
        Path root = ProjectRoot.find();
        Manifest manifest = Manifest.load(root);
        List<Check> checks = manifest.select(families, null, profile.name).stream()
                .filter(Runners.atLevels(levels)).filter(Runners.named(only))
                .filter(Runners.underMemoryModels(root, memoryModels)).toList();
        if (checks.isEmpty()) {
            throw new HandoffException("no checks selected");
        }
        Map<Level, LevelRunner> runners = Runners.all();
        PrintWriter err = spec.commandLine().getErr();
        RunContext context = fork.prepare(runners, checks, root, "check", profile.name);
        fork.sayJdk(context, checks, err);
        List<Verdict> verdicts = Runners.runAll(runners, checks, context, err);
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(
                    verdicts.stream().map(v -> toJson(root, v)).toList()));
        } else {
            printTable(out, verdicts);
        }
        out.flush();
        if (reportDir != null) {
            writeReport(reportDir, root, verdicts, err);
        }
        return verdicts.stream().allMatch(Verdict::matchesExpectation) ? Main.OK : Main.MISMATCH;
    }

    private void writeReport(ReportDir dir, Path root, List<Verdict> verdicts, PrintWriter err)
            throws InterruptedException {
        long s = seed != null ? seed : new java.util.SplittableRandom().nextLong() & Long.MAX_VALUE;
        Set<String> families = new LinkedHashSet<>();
        verdicts.forEach(v -> families.add(v.check().family()));
        Manifest manifest = Manifest.load(root);
        Fairness fairness = Fairness.run(families, verdicts.stream().map(Verdict::check).toList(), v -> true, s,
                fairnessAcquisitions, err, manifest);
        String command = Report.commandLine("check", spec.commandLine().getParseResult().expandedArgs());
        dir.write(new Report(command, Report.generatedNow(), verdicts, fairness, root), s, err);
    }

    /** The JSON object of one verdict; the field names are a contract that scripts rely on. */
    static Map<String, Object> toJson(Path root, Verdict v) {
        Check c = v.check();
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("family", c.family());
        o.put("variant", c.variant());
        o.put("mutant", c.mutant());
        o.put("level", c.level().id());
        o.put("check", c.check());
        o.put("memory_model", Runners.memoryModel(root, c));
        o.put("port", c.port());
        o.put("property", c.property());
        o.put("expected", c.expected().id());
        o.put("actual", v.actual().id());
        o.put("violated", v.violated());
        o.put("states", v.states());
        o.put("seconds", Math.round(v.seconds() * 10) / 10.0);
        o.put("reason", c.reason());
        o.put("witness", c.isWitness());
        if (c.isWitness()) {
            o.put("witness_invariant", c.witness());
            o.put("twin", c.paramOr("twin", null));
            o.put("behaviour", c.paramOr("behaviour", null));
        }
        o.put("violations", v.violations());
        if (!c.violates().isEmpty()) {
            o.put("expected_violations", c.violates());
        }
        if (!v.coverage().isEmpty()) {
            o.put("coverage", v.coverage());
            o.put("coverage_from", v.coverageFrom());
        }
        if (!c.covers().isEmpty()) {
            o.put("covers", c.covers());
        }
        o.put("as_expected", v.matchesExpectation());
        o.put("mismatch", v.mismatch());
        return o;
    }

    static void printTable(PrintWriter out, List<Verdict> verdicts) {
        String fmt = "%-10s %-20s %-6s %-9s %-34s %-18s %-24s %-24s %10s %8s  %s%n";
        out.printf(fmt, "FAMILY", "VARIANT", "MUTANT", "LEVEL", "CHECK", "PROPERTY", "EXPECTED", "ACTUAL", "STATES", "SECONDS", "OK");
        int bad = 0;
        List<Verdict> witnesses = verdicts.stream().filter(v -> v.check().isWitness()).toList();
        for (Verdict v : verdicts) {
            Check c = v.check();
            if (c.isWitness()) {
                bad += v.matchesExpectation() ? 0 : 1;
                continue;
            }
            String expected = c.expected().id() + (c.expected().id().equals("fail") ? " " + c.property() : "");
            String actual = v.actual().id() + (v.violated() != null ? " " + v.violated() : "")
                    + (v.violations().size() > 1 ? " +" + (v.violations().size() - 1) : "");
            boolean ok = v.matchesExpectation();
            bad += ok ? 0 : 1;
            out.printf(fmt, c.family(), c.variant(), c.mutant() ? "yes" : "no", c.level().id(), c.shortName(),
                    c.property() == null ? "-" : c.property(), expected, actual,
                    v.states() == null ? "-" : String.format("%,d", v.states()), String.format("%.1f", v.seconds()),
                    ok ? "ok" : "MISMATCH");
        }
        if (!witnesses.isEmpty()) {
            out.printf("%nWitnesses: each passing model (its twin) checked against an invariant that forbids a behaviour it claims"
                    + " to reach; a witness that fails shows the behaviour reached.%n");
            String wfmt = "%-10s %-22s %-40s %-30s %-10s %8s  %s%n";
            out.printf(wfmt, "FAMILY", "VARIANT", "TWIN", "NEVER", "REACHED", "SECONDS", "OK");
            for (Verdict v : witnesses) {
                Check c = v.check();
                boolean reached = v.actual() == org.handoff.core.Outcome.FAIL && c.witness().equals(v.violated());
                out.printf(wfmt, c.family(), c.variant(), c.paramOr("twin", "?"), c.witness(),
                        reached ? "reached" : v.actual() == org.handoff.core.Outcome.PASS ? "NEVER" : v.actual().id(),
                        String.format("%.1f", v.seconds()), v.matchesExpectation() ? "ok" : "MISMATCH");
            }
        }
        for (Verdict v : verdicts) {
            if (v.violations().size() > 1) {
                out.printf("note: %s %s violates %s%n", v.check().variant(), v.check().shortName(), String.join(", ", v.violations()));
            }
        }
        for (Verdict v : verdicts) {
            if (v.check().mutant() && v.check().reason() != null) {
                out.printf("note: %s passes at %s by design: %s%n", v.check().variant(), v.check().level().id(), v.check().reason());
            }
        }
        for (Verdict v : verdicts) {
            if (!v.matchesExpectation()) {
                out.printf("%nMISMATCH %s: %s%n%s%n", v.check().id(), v.mismatch(), v.detail() == null ? "" : v.detail());
            }
        }
        out.printf("%n%d checks: %d as expected, %d not%n", verdicts.size(), verdicts.size() - bad, bad);
    }
}
