package org.handoff.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.handoff.cli.report.Fairness;
import org.handoff.core.Check;
import org.handoff.core.HandoffException;
import org.handoff.core.Manifest;
import org.handoff.core.ProjectRoot;
import org.handoff.models.cna.CnaLock;
import org.handoff.models.fairness.FairnessHarness;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code handoff fairness}: the fairness harness on the Java ports of named variants, each built
 * from the port class the manifest registers for it (the one registry of ports).
 */
@Command(name = "fairness", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Measure the bypass of Java ports in the fairness harness (java-models FairnessHarness):"
                + " N threads on K virtual NUMA nodes take the lock M times in all; each acquisition's bypass is the"
                + " number of entries, between its doorway and its own entry, by threads whose doorway came later"
                + " (BoundedBypass of specs/common/Properties.tla). A measurement, not a verdict; the run prints its seed.",
                "Each VARIANT (a variant or Java mutant, see 'handoff list') runs on the port class its family's"
                        + " manifest file registers for it; with none named, every variant whose port the harness can"
                        + " measure."})
final class FairnessCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    enum Doorways { after, exact }

    @Parameters(paramLabel = "VARIANT", arity = "0..*", description = "The variants to measure (default: all).")
    List<String> variants = List.of();

    @Option(names = "--threads", paramLabel = "N", defaultValue = "4", description = "Threads (default: ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = "--nodes", paramLabel = "K", defaultValue = "2",
            description = "Virtual NUMA nodes, thread i on node i % K (default: ${DEFAULT-VALUE}).")
    int nodes;

    @Option(names = "--acquisitions", paramLabel = "M", defaultValue = "100000",
            description = "Acquisitions in all (default: ${DEFAULT-VALUE}).")
    int acquisitions;

    @Option(names = "--seed", paramLabel = "S", description = "The seed of the work between acquisitions and of"
            + " cna-prob's random numbers (default: a new one, printed).")
    Long seed;

    @Option(names = "--prob-arg", paramLabel = "P", description = "cna-prob's probability argument, a power of two"
            + " (default: the port's, " + CnaLock.INTRA_SOCKET_HANDOFF_PROB_ARG + ").")
    int probArg = CnaLock.INTRA_SOCKET_HANDOFF_PROB_ARG;

    @Option(names = "--threshold", paramLabel = "T", description = "cna-threshold's threshold (default: the port's, "
            + CnaLock.DEFAULT_THRESHOLD + ").")
    int threshold = CnaLock.DEFAULT_THRESHOLD;

    @Option(names = "--doorways", paramLabel = "WHEN", defaultValue = "after",
            description = "Number a doorway right 'after' its step (default), or 'exact': with the step, under one"
                    + " monitor of the run (as BoundedBypass counts; slower).")
    Doorways doorways;

    @Override
    public Integer call() throws InterruptedException {
        if (probArg < 1 || Integer.bitCount(probArg) != 1) {
            throw new HandoffException("--prob-arg must be a power of two, not " + probArg);
        }
        if (threshold < 1) {
            throw new HandoffException("--threshold must be at least 1, not " + threshold);
        }
        long s = seed != null ? seed : new java.util.SplittableRandom().nextLong() & Long.MAX_VALUE;
        Manifest m = Manifest.load(ProjectRoot.find());
        List<FairnessHarness.Config> configs = new ArrayList<>();
        for (Map.Entry<String, String> p : ports(m, variants).entrySet()) {
            try {
                configs.add(new FairnessHarness.Config(p.getKey(), threads, nodes, acquisitions, s, probArg, threshold,
                        doorways == Doorways.exact, p.getValue()));
            } catch (IllegalArgumentException e) {
                throw new HandoffException(p.getKey() + ": " + e.getMessage());
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        out.printf(Locale.ROOT, "fairness: seed %d, %d threads on %d virtual nodes, %d acquisitions, cna-prob arg %d,"
                + " cna-threshold %d, doorways numbered %s%n", s, threads, nodes, acquisitions, probArg, threshold,
                doorways == Doorways.exact ? "exactly" : "after the step");
        out.flush();
        for (FairnessHarness.Config c : configs) {
            out.println(FairnessHarness.run(c).line());
            out.flush();
        }
        return Main.OK;
    }

    /**
     * The port class of each name, in the order given; with none named, every variant (mutants aside)
     * whose registered port the harness can build, in manifest order, chosen as the report chooses
     * them ({@link Fairness#variantPorts}).
     */
    static Map<String, String> ports(Manifest m, List<String> names) {
        if (names.isEmpty()) {
            return Fairness.variantPorts(m.checks(), new LinkedHashMap<>(), m::port);
        }
        Map<String, String> families = new LinkedHashMap<>(); // variant or mutant -> family
        for (Check c : m.checks()) {
            families.putIfAbsent(c.variant(), c.family());
        }
        Map<String, String> out = new LinkedHashMap<>();
        for (String n : names) {
            String family = families.get(n);
            if (family == null) {
                throw new HandoffException("unknown variant '" + n + "' (see 'handoff list')");
            }
            String port = m.port(family, n);
            if (port == null) {
                throw new HandoffException(family + "/" + n + " registers no Java port (\"ports\" in its family's manifest file)");
            }
            out.put(n, port);
        }
        return out;
    }
}
