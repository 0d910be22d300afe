package org.handoff.cli;

import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.handoff.core.Check;
import org.handoff.core.HandoffException;
import org.handoff.core.Level;
import org.handoff.core.Manifest;
import org.handoff.core.ProjectRoot;
import org.handoff.core.Verdict;
import org.handoff.crosscheck.agreement.AccessModes;
import org.handoff.crosscheck.agreement.BoundAgreement;
import org.handoff.crosscheck.agreement.BoundRuns;
import org.handoff.crosscheck.agreement.MutantAgreement;
import org.handoff.crosscheck.CrosscheckRunner;
import org.handoff.crosscheck.TraceFile;
import org.handoff.crosscheck.TraceValidator;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code handoff crosscheck}: records stressed runs of the Java ports and validates every trace
 * against the specs with TLC (the manifest's crosscheck entries), then prints the agreement tables.
 */
@Command(name = "crosscheck", mixinStandardHelpOptions = true,
        description = {"Record stressed runs of each family's Java port (and its mutants) and let TLC decide whether " +
            "the spec allows every trace; spec mutants must reject the correct port's traces. Exit 0 only when " +
            "every verdict is as the manifest expects."})
final class CrosscheckCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(paramLabel = "FAMILY", arity = "0..*", description = "Families to cross-check (see 'handoff list').")
    List<String> families = new ArrayList<>();

    @Option(names = "--all", description = {"Every family with crosscheck entries, then the agreement tables " +
            "(mutant x level, each spec access's kernel order against the port's access mode, and each TLC " +
            "bypass bound against the Java fairness harness)."})
    boolean all;

    @Option(names = "--tables", description = "Print only the agreement tables (no trace runs).")
    boolean tablesOnly;

    @Option(names = "--bound-runs", paramLabel = "R", defaultValue = "3",
            description = "Contended fairness-harness runs per bound row in the tables (default 3).")
    int boundRuns;

    @Option(names = "--bound-acquisitions", paramLabel = "M", defaultValue = "100000",
            description = "Acquisitions per fairness-harness run (default 100000).")
    int boundAcquisitions;

    @Option(names = "--runs", paramLabel = "R", description = "Runs per entry (default: the manifest's).")
    Integer runs;

    @Option(names = "--threads", paramLabel = "N", description = "Threads per run (default: the manifest's).")
    Integer threads;

    @Option(names = "--ops", paramLabel = "K", description = "Acquisitions per thread and run (default: the manifest's).")
    Integer ops;

    @Option(names = "--seed", paramLabel = "S", description = "Base seed; run i uses S + i (default: the manifest's).")
    Long seed;

    @CommandLine.Mixin
    ProfileOption profile = new ProfileOption("quick");

    @Option(names = "--trace", paramLabel = "FILE", description = {"Validate one recorded trace file again (a run the " +
            "output named) against its family's spec, or the spec of --check."})
    Path trace;

    @Option(names = "--check", paramLabel = "NAME", description = {"Only entries whose check or variant name is NAME; " +
            "with --trace: the entry whose spec to use (default: the family's spec)."})
    String checkName;

    @Option(names = {"-v", "--verbose"}, description = "Echo TLC's output to stderr.")
    boolean verbose;

    @Override
    public Integer call() {
        for (Integer n : new Integer[] {runs, threads, ops}) {
            if (n != null && n < 1) {
                throw new HandoffException("--runs, --threads and --ops must be at least 1 (got " + n + ")");
            }
        }
        Path root = ProjectRoot.find();
        Manifest manifest = Manifest.load(root);
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        PrintStream toolLog = verbose ? System.err : new PrintStream(OutputStream.nullOutputStream());
        if (trace != null) {
            return replay(root, manifest, out, toolLog);
        }
        if (boundRuns < 1 || boundAcquisitions < 1) {
            throw new HandoffException("--bound-runs and --bound-acquisitions must be at least 1");
        }
        if (tablesOnly) {
            return tables(root, manifest, out, err) ? Main.OK : Main.MISMATCH;
        }
        if (families.isEmpty() && !all) {
            throw new HandoffException("name a family or give --all (or --tables)");
        }
        List<Check> checks = manifest.select(all ? List.of() : families, Level.CROSSCHECK, profile.name).stream()
                .filter(c -> checkName == null || c.check().equals(checkName) || c.variant().equals(checkName))
                .map(this::withOverrides).toList();
        if (checks.isEmpty()) {
            throw new HandoffException("no crosscheck entries for " + (all ? "any family" : String.join(", ", families))
                    + " in the " + profile + " profile");
        }
        for (String f : all ? manifest.families().stream().map(org.handoff.core.Family::name).toList() : families) {
            if (checks.stream().noneMatch(c -> c.family().equals(f))) {
                err.printf("note: %s has no crosscheck entries in the %s profile (docs/crosscheck.md says why)%n", f, profile);
            }
        }
        Path runDir = Runners.newRunDir(root, "crosscheck");
        err.printf("traces and TLC modules go to %s%n", root.relativize(runDir));
        List<Verdict> verdicts = new ArrayList<>();
        List<String[]> rows = new ArrayList<>();
        int i = 0;
        for (Check c : checks) {
            err.printf("[%d/%d] %s ...%n", ++i, checks.size(), c.id());
            err.flush();
            long t0 = System.nanoTime();
            Verdict v;
            CrosscheckRunner.Summary s = null;
            try {
                s = CrosscheckRunner.crosscheck(c, root, runDir.resolve(c.check() + "-" + c.variant()), toolLog);
                v = CrosscheckRunner.judge(c, s, (System.nanoTime() - t0) / 1e9);
            } catch (HandoffException e) {
                v = new Verdict(c, org.handoff.core.Outcome.ERROR, null, null, (System.nanoTime() - t0) / 1e9, e.getMessage());
            }
            verdicts.add(v);
            err.printf("        %s in %.1f s%s%n", s == null ? v.detail() : s.line(), v.seconds(),
                    v.matchesExpectation() ? "" : "  NOT AS EXPECTED: " + v.mismatch());
            if (s != null && !s.rejections().isEmpty()) {
                err.printf("        %s%n", s.rejections().get(0));
            }
            rows.add(new String[] {c.family(), c.variant(), c.mutant() ? "yes" : "no", c.shortName(),
                    c.param("spec"), c.expected().id(), v.actual().id(),
                    s == null ? "-" : Integer.toString(s.runs()), s == null ? "-" : Integer.toString(s.rejected()),
                    s == null ? "-" : String.format("%,d", s.events()),
                    s == null ? "-" : String.format("%,.0f", s.eventsPerSecond()), String.format("%.1f", v.seconds()),
                    v.matchesExpectation() ? "ok" : "MISMATCH"});
        }
        String fmt = "%-10s %-22s %-6s %-26s %-34s %-8s %-8s %6s %8s %10s %9s %8s  %s%n";
        out.printf(fmt, "FAMILY", "VARIANT", "MUTANT", "CHECK", "SPEC", "EXPECTED", "ACTUAL", "RUNS", "REJECTED",
                "EVENTS", "EVENTS/S", "SECONDS", "OK");
        for (String[] r : rows) {
            out.printf(fmt, (Object[]) r);
        }
        for (Verdict v : verdicts) {
            if (v.check().mutant() && v.check().reason() != null) {
                out.printf("note: %s passes trace validation by design: %s%n", v.check().variant(), v.check().reason());
            }
        }
        long bad = verdicts.stream().filter(v -> !v.matchesExpectation()).count();
        for (Verdict v : verdicts) {
            if (!v.matchesExpectation()) {
                out.printf("%nMISMATCH %s: %s%n%s%n", v.check().id(), v.mismatch(), v.detail() == null ? "" : v.detail());
            }
        }
        out.printf("%n%d crosscheck entries: %d as expected, %d not%n", verdicts.size(), verdicts.size() - bad, bad);
        out.flush();
        boolean tablesAgree = !all || tables(root, manifest, out, err);
        return bad == 0 && tablesAgree ? Main.OK : Main.MISMATCH;
    }

    /**
     * Prints the agreement tables (mutants by level, access modes per family, bypass bounds); false
     * when a rule does not hold, an access mode disagrees or a bound is exceeded.
     */
    private boolean tables(Path root, Manifest manifest, PrintWriter out, PrintWriter err) {
        MutantAgreement mutants = MutantAgreement.of(manifest);
        out.printf("%n## Mutant agreement%n%n%s", mutants.markdown());
        out.printf("%n## Access-mode agreement%n%n");
        boolean modesAgree = true;
        for (AccessModes.FamilyModes f : AccessModes.FAMILIES) {
            List<AccessModes.Row> rows = AccessModes.rows(root, f);
            out.printf("#### %s%n%n%s%n", f.family(), AccessModes.markdown(f, rows));
            modesAgree &= rows.stream().allMatch(AccessModes.Row::ok);
        }
        out.flush();
        err.printf("measuring the bound table (%d contended runs x %d acquisitions per row) ...%n", boundRuns, boundAcquisitions);
        err.flush();
        BoundAgreement bounds = BoundRuns.table(manifest, root,
                new BoundAgreement.Settings(boundRuns, boundAcquisitions, seed == null ? 1 : seed), line -> {
                    err.println("  " + line);
                    err.flush();
                });
        out.printf("%n## Bound agreement%n%n%s", bounds.markdown());
        out.flush();
        return mutants.problems().isEmpty() && modesAgree && bounds.disagreements().isEmpty() && bounds.inconclusive().isEmpty();
    }

    /** The entry with the command line's settings in place of the manifest's. */
    Check withOverrides(Check c) {
        Map<String, Object> p = new LinkedHashMap<>(c.params());
        if (runs != null) {
            p.put("runs", runs);
        }
        if (threads != null) {
            p.put("threads", threads);
        }
        if (ops != null) {
            p.put("ops", ops);
        }
        if (seed != null) {
            p.put("seed", seed);
        }
        return new Check(c.family(), c.variant(), c.mutant(), c.level(), c.check(), c.property(), c.expected(),
                c.reason(), c.profile(), p);
    }

    private int replay(Path root, Manifest manifest, PrintWriter out, PrintStream toolLog) {
        if (!Files.isRegularFile(trace)) {
            throw new HandoffException(trace + ": no such trace file");
        }
        TraceFile.Trace t = TraceFile.read(trace);
        String family = t.header().get("family");
        if (family == null) {
            throw new HandoffException(trace + ": the header names no family (family=NAME)");
        }
        String variant = t.header().get("variant");
        List<Check> entries = manifest.select(List.of(family), Level.CROSSCHECK, "full");
        Check c = entries.stream()
                .filter(e -> checkName != null ? e.check().equals(checkName)
                        : e.param("spec").equals(manifest.family(family).spec() + ".tla"))
                .findFirst().orElseThrow(() -> new HandoffException("no crosscheck entry of " + family
                        + (checkName != null ? " named " + checkName : " validates against the family's spec")));
        Path work = Runners.newRunDir(root, "replay");
        TraceValidator.Judgement j = CrosscheckRunner.replay(c, root, trace, work, toolLog);
        if (j.accepted()) {
            out.printf("%s (%s/%s, %d events): accepted by %s%n", trace, family, variant, t.events().size(), c.param("spec"));
            return Main.OK;
        }
        out.printf("%s (%s/%s, %d events): REJECTED by %s: the spec follows the first %d events; it cannot take event '%s'%n",
                trace, family, variant, t.events().size(), c.param("spec"), j.prefix(), j.unmatched().line());
        return Main.MISMATCH;
    }
}
