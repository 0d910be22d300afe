package org.handoff.specs;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import org.handoff.core.Check;
import org.handoff.core.HandoffException;
import org.handoff.core.Level;
import org.handoff.core.LevelRunner;
import org.handoff.core.Outcome;
import org.handoff.core.RunContext;
import org.handoff.core.Verdict;

/**
 * Runs a manifest TLC model: {@code spec} and {@code config} are paths under specs/, liveness
 * models use one worker, safety-only models two.
 */
public final class TlcRunner implements LevelRunner {
    /** Generous: the largest full-profile model takes about a minute here. */
    static final long TIMEOUT_SECONDS = 3600;

    @Override
    public Level level() {
        return Level.TLC;
    }

    /**
     * The TLC run of a manifest model: its spec and config under {@code <root>/specs}, specs/ as the
     * module library, two workers (the runner drops to one when liveness is checked).
     */
    public static Tlc.Request request(Check check, Path root, Path workDir, PrintStream log) {
        Path specs = root.resolve("specs");
        return new Tlc.Request(specs.resolve(check.param("spec")), specs.resolve(check.param("config")), 2,
                List.of(specs), workDir, TIMEOUT_SECONDS, log);
    }

    /** A check's verdict and the TLC run behind it (null when TLC could not be started). */
    public record Run(Verdict verdict, Tlc.Result result) {
    }

    /** Every model's files, constants and definitions, and every spec's parse, in one SANY run. */
    @Override
    public void preflight(List<Check> checks, RunContext context) {
        Path specs = context.root().resolve("specs");
        List<Path[]> models = new java.util.ArrayList<>();
        for (Check c : checks) {
            models.add(new Path[] {specs.resolve(c.param("spec")), specs.resolve(c.param("config"))});
        }
        Tlc.lint(models, List.of(specs), context.workDir());
    }

    @Override
    public Verdict run(Check check, RunContext context) {
        return runDetailed(check, context).verdict();
    }

    /** As {@link #run}, keeping the TLC result (statistics, the parsed counterexample) for a report. */
    public Run runDetailed(Check check, RunContext context) {
        try {
            Tlc.Result r = Tlc.run(request(check, context.root(), context.workDir().resolve("tlc-" + check.check()),
                    context.log()));
            String detail = r.message() + (r.counterexample() != null ? "\n" + r.counterexample() : "");
            return new Run(new Verdict(check, r.outcome(), r.violated(), r.distinctStates(), r.seconds(), detail), r);
        } catch (HandoffException e) {
            return new Run(new Verdict(check, Outcome.ERROR, null, null, 0, e.getMessage()), null);
        }
    }
}
