package org.handoff.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.handoff.core.Check;
import org.handoff.core.HandoffException;
import org.handoff.core.Level;
import org.handoff.core.Manifest;
import org.handoff.core.ProjectRoot;
import org.handoff.core.Specs;
import org.handoff.specs.Tlc;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code handoff tlc}: TLC from the command line, on a suite spec or any .tla file. */
@Command(name = "tlc", mixinStandardHelpOptions = true,
        description = {"Model-check a spec with TLC and print the verdict, the statistics and a readable counterexample. " +
            "Exit 0 when no property is violated, 1 when one is, 2 on bad input or a TLC error."})
final class TlcCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(paramLabel = "SPEC", description = "A spec name from specs/ (MCS, MCS_NonAtomicTail) or a path to any .tla file.")
    String specArg;

    @Option(names = "--model", paramLabel = "M", description = "A model from the manifest (see 'handoff list'), e.g. MCS_N3.")
    String model;

    @Option(names = "--config", paramLabel = "F", description = "A TLC .cfg file.")
    Path config;

    @Option(names = "--workers", paramLabel = "N", defaultValue = "2",
            description = "TLC workers for safety-only models (default ${DEFAULT-VALUE}; liveness always uses 1).")
    int workers;

    @Option(names = "--timeout", paramLabel = "S", defaultValue = "3600", description = "Give up after S seconds (default ${DEFAULT-VALUE}).")
    long timeout;

    @Option(names = "--heap", paramLabel = "SIZE", description = {"TLC's heap, as java -Xmx takes it (512m, 8g); " +
        "default: $HANDOFF_TLC_HEAP, else the JVM's (a quarter of the memory)."})
    String heap;

    @Option(names = {"-v", "--verbose"}, description = "Echo the TLC command lines.")
    boolean verbose;

    @Option(names = "--simulate", description = {"Random simulation instead of exhaustive checking, for sizes beyond " +
            "exhaustive reach: a pass is only 'no violation found'; the seed is printed for replay."})
    boolean simulate;

    @Option(names = "--depth", paramLabel = "D", defaultValue = "100", description = "--simulate: steps per behaviour (default ${DEFAULT-VALUE}).")
    int depth;

    @Option(names = "--traces", paramLabel = "T", defaultValue = "10000", description = "--simulate: behaviours to draw (default ${DEFAULT-VALUE}).")
    long traces;

    @Option(names = "--seed", paramLabel = "S", description = "--simulate: the random seed (default: drawn and printed).")
    Long seed;

    @Option(names = "--distributed", description = {"Safety check on TLC's distributed mode (TLCServer + TLCWorkers); " +
            "refused for configs with a temporal PROPERTY, which TLC ignores there. See docs/distributed-tlc.md."})
    boolean distributed;

    @Option(names = "--distributed-workers", paramLabel = "W", defaultValue = "2",
            description = "--distributed: TLC workers started on this host (default ${DEFAULT-VALUE}; 0 = only workers on other hosts).")
    int distributedWorkers;

    @Option(names = "--port", paramLabel = "P", defaultValue = "0",
            description = "--distributed: the server's RMI port (default: a free port; give one when workers run on other hosts).")
    int port;

    @Override
    public Integer call() {
        if (model != null && config != null) {
            throw new HandoffException("give either --model or --config, not both");
        }
        if (timeout < 1) {
            throw new HandoffException("--timeout must be at least 1 second (got " + timeout + ")");
        }
        if (simulate && distributed) {
            throw new HandoffException("give either --simulate or --distributed, not both");
        }
        Tlc.Mode mode = new Tlc.Exhaustive();
        if (simulate) {
            long s = seed != null ? seed : new java.util.SplittableRandom().nextLong() & Long.MAX_VALUE;
            mode = new Tlc.Simulate(depth, s, traces);
        } else if (distributed) {
            mode = new Tlc.Distributed(distributedWorkers, port, distributedWorkers == 0 ? timeout : 300);
        } else if (seed != null) {
            throw new HandoffException("--seed applies only to --simulate");
        }
        Path root = ProjectRoot.find();
        Path specFile = resolveSpec(root, specArg);
        Path cfg = config != null ? config : model != null ? modelConfig(root, specFile, model) : defaultConfig(specFile);
        PrintWriter out = spec.commandLine().getOut();
        List<Path> libs = new ArrayList<>(Specs.library(root));
        Tlc.Result r = Tlc.run(new Tlc.Request(specFile, cfg, workers, libs, Runners.newRunDir(root, "tlc"), timeout,
                verbose ? System.err : null, mode, Tlc.heapOr(heap)));
        out.printf("spec:     %s%nconfig:   %s%n", root.relativize(specFile.toAbsolutePath()).toString().startsWith("..")
                ? specFile : root.relativize(specFile.toAbsolutePath()), cfg);
        if (mode instanceof Tlc.Simulate sim) {
            out.printf("mode:     random simulation, seed %d, %d behaviours of at most %d steps (replay: --simulate --seed %d --depth %d --traces %d)%n",
                    sim.seed(), sim.traces(), sim.depth(), sim.seed(), sim.depth(), sim.traces());
        } else if (mode instanceof Tlc.Distributed) {
            out.printf("mode:     distributed (TLCServer with %d local TLCWorker%s)%n", distributedWorkers, distributedWorkers == 1 ? "" : "s");
        }
        out.printf("verdict:  %s%s%n", r.outcome().id(), r.violated() != null ? " (" + r.violated() + " violated)" : "");
        out.printf("message:  %s%n", r.message());
        if (mode instanceof Tlc.Simulate) {
            out.printf("states:   %s checked%n", fmt(r.generatedStates()));
        } else {
            out.printf("states:   %s distinct, %s generated, depth %s%n", fmt(r.distinctStates()), fmt(r.generatedStates()), fmt(r.depth()));
        }
        out.printf("time:     %.1f s with %d worker%s%n", r.seconds(), r.workers(), r.workers() == 1 ? "" : "s");
        if (r.log() != null) {
            out.printf("TLC log:  %s%n", r.log());
        }
        if (r.counterexample() != null) {
            out.println();
            out.println("Counterexample (one line per step: the thread, the action [the kernel function it models], and only");
            out.println("the entries it changed; the initial state in full):");
            out.print(r.counterexample());
        }
        return switch (r.outcome()) {
            case PASS -> Main.OK;
            case FAIL -> Main.MISMATCH;
            default -> {
                String name = specFile.getFileName().toString();
                spec.commandLine().getErr().println("handoff: " + (r.message().startsWith(name) || r.message().matches("^\\S+\\.(?:tla|cfg)\\b.*") ? "" : name + ": ") + r.message());
                yield Main.BAD_INPUT;
            }
        };
    }

    private static String fmt(Long n) {
        return n == null ? "-" : String.format("%,d", n);
    }

    /** A module name in a spec folder (a family's, its mutants', specs/common/), or a path to a .tla file. */
    static Path resolveSpec(Path root, String arg) {
        Path asPath = Path.of(arg);
        if (arg.endsWith(".tla") || arg.contains("/")) {
            if (Files.isRegularFile(asPath)) {
                return asPath.toAbsolutePath();
            }
            throw new HandoffException(arg + ": no such spec file");
        }
        for (Path dir : Specs.library(root)) {
            Path p = dir.resolve(arg + ".tla");
            if (Files.isRegularFile(p)) {
                return p;
            }
        }
        throw new HandoffException("unknown spec '" + arg + "': no " + arg + ".tla in specs/<family>/, its mutants/ or specs/common/ (or give a path)");
    }

    private static Path modelConfig(Path root, Path specFile, String model) {
        Manifest m = Manifest.load(root);
        for (Check c : m.checks()) {
            if (c.level() == Level.TLC && c.check().equals(model)) {
                Path expectedSpec = Specs.file(root, c, "spec").toAbsolutePath().normalize();
                if (!expectedSpec.equals(specFile.toAbsolutePath().normalize())) {
                    throw new HandoffException("model " + model + " belongs to " + c.param("spec") + ", not " + specFile.getFileName());
                }
                return Specs.file(root, c, "config");
            }
        }
        List<String> known = m.checks().stream().filter(c -> c.level() == Level.TLC).map(Check::check).toList();
        throw new HandoffException("unknown model '" + model + "' (known: " + String.join(", ", known) + ")");
    }

    private static Path defaultConfig(Path specFile) {
        String base = specFile.getFileName().toString().replaceFirst("\\.tla$", "");
        for (String name : List.of(base + ".cfg", "MC" + base + ".cfg")) {
            Path p = specFile.resolveSibling(name);
            if (Files.isRegularFile(p)) {
                return p;
            }
        }
        throw new HandoffException(specFile.getFileName() + ": no " + base + ".cfg beside it; give --model or --config");
    }
}
