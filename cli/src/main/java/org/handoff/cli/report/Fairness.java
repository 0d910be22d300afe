package org.handoff.cli.report;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.handoff.core.Check;
import org.handoff.core.Manifest;
import org.handoff.models.fairness.FairnessHarness;

/**
 * The fairness harness's runs for a report or a review, made before either renders anything: each
 * variant under report measured on the port the manifest registers for it ({@link #run}), or
 * listed as not measured with the reason.
 *
 * @param note        why there is nothing to show, or null
 * @param notMeasured the variants under report that have no histogram, each with the reason
 */
public record Fairness(long seed, int threads, int nodes, int acquisitions, int probArg, int threshold,
        List<FairnessHarness.Result> results, String note, Map<String, String> notMeasured) {
    public Fairness(long seed, int threads, int nodes, int acquisitions, int probArg, int threshold,
            List<FairnessHarness.Result> results, String note) {
        this(seed, threads, nodes, acquisitions, probArg, threshold, results, note, Map.of());
    }

    /**
     * The variants of {@code checks} (mutants aside), each with the port class the manifest registers
     * for it ({@code ports}, {@link Check#port}); a variant
     * with none registered, or whose class the harness cannot measure, goes to {@code notMeasured} with the
     * reason instead, so that the report says why it has no histogram.
     */
    public static Map<String, String> variantPorts(Collection<Check> checks, Map<String, String> notMeasured) {
        return variantPorts(checks, notMeasured, (family, variant) -> null);
    }

    /**
     * {@link #variantPorts(Collection, Map)}, the port of a variant whose checks run none (a review
     * at TLC only) taken from the manifest's registry ({@code registry}: family, variant to class).
     */
    public static Map<String, String> variantPorts(Collection<Check> checks, Map<String, String> notMeasured,
            java.util.function.BinaryOperator<String> registry) {
        Map<String, String> ports = new LinkedHashMap<>();
        Map<String, String> classes = new LinkedHashMap<>();
        for (Check c : checks) {
            if (c.mutant()) {
                continue;
            }
            classes.putIfAbsent(c.variant(), null);
            String lock = c.port() != null ? c.port() : registry.apply(c.family(), c.variant());
            if (lock != null && classes.get(c.variant()) == null) {
                classes.put(c.variant(), lock);
            }
        }
        classes.forEach((variant, lock) -> {
            if (lock == null) {
                notMeasured.put(variant, "the manifest registers no port class for it (\"ports\" in its family file)");
                return;
            }
            try {
                FairnessHarness.portClass(lock);
                ports.put(variant, lock);
            } catch (IllegalArgumentException e) {
                notMeasured.put(variant, e.getMessage());
            }
        });
        return ports;
    }

    /**
     * Runs the harness briefly (4 threads on 2 virtual nodes) on every variant of these families and
     * of {@code checks} that it can measure by the port class the manifest registers for it
     * ({@link #variantPorts}); the others are listed as not measured, with the reason.
     */
    public static Fairness run(Set<String> families, Collection<Check> checks, long seed, int acquisitions,
            java.io.PrintWriter progress, Manifest manifest) throws InterruptedException {
        return run(families, checks, v -> true, seed, acquisitions, progress, manifest);
    }

    /** How many times a fairness run that saw no contention is tried in all. */
    public static final int UNCONTENDED_ATTEMPTS = 3;

    /**
     * Whether a fairness run measured a contended lock: at least one acquisition in a hundred was a
     * hand-off through the queue (a contended run of these ports hands off about one in four).
     */
    public static boolean contended(FairnessHarness.Result r) {
        return r.handoffs() * 100 >= acquisitions(r);
    }

    /** Why an uncontended run ({@link #contended}) is no measurement, for the review and the report. */
    public static String uncontended(FairnessHarness.Result r) {
        return String.format(Locale.ROOT, "%,d queue hand-offs in %,d acquisitions in %d runs (the threads took turns)",
                r.handoffs(), acquisitions(r), UNCONTENDED_ATTEMPTS);
    }

    private static long acquisitions(FairnessHarness.Result r) {
        return (long) r.config().acquisitions() * r.config().threads();
    }

    /**
     * {@link #run(Set, Collection, long, int, java.io.PrintWriter, Manifest)} on the variants
     * {@code wanted} accepts only: the families' variants in the manifest (those each family declares
     * first, then those of proposed variants' files), then any other of {@code checks}, each measured
     * on the port the manifest registers for it.
     */
    public static Fairness run(Set<String> families, Collection<Check> checks, java.util.function.Predicate<String> wanted,
            long seed, int acquisitions, java.io.PrintWriter progress, Manifest manifest) throws InterruptedException {
        int threads = 4;
        int nodes = 2;
        int probArg = 256;
        int threshold = 256;
        List<Check> candidates = new ArrayList<>();
        for (String f : families) {
            List<String> declared = manifest.family(f).variants();
            manifest.checks().stream().filter(c -> c.family().equals(f))
                    .sorted(java.util.Comparator.comparingInt(c -> declared.contains(c.variant())
                            ? declared.indexOf(c.variant()) : declared.size()))
                    .forEach(candidates::add);
        }
        candidates.addAll(checks);
        Map<String, String> notMeasured = new LinkedHashMap<>();
        List<FairnessHarness.Config> configs = new ArrayList<>();
        variantPorts(candidates.stream().filter(c -> wanted.test(c.variant())).toList(), notMeasured, manifest::port)
                .forEach((variant, port) -> configs.add(new FairnessHarness.Config(variant, threads, nodes, acquisitions,
                        seed, probArg, threshold, false, port)));
        List<FairnessHarness.Result> results = new ArrayList<>();
        for (FairnessHarness.Config c : configs) {
            progress.printf("[report] fairness harness: %s (%s), %,d acquisitions, seed %d ...%n", c.lock(), c.port(),
                    acquisitions, seed);
            progress.flush();
            FairnessHarness.Result r = FairnessHarness.run(c);
            // On a loaded machine a run's threads sometimes take turns, and nobody ever waits: such a
            // run measures nothing, so it is run again (the seed replays the random choices only).
            for (int attempt = 1; attempt < UNCONTENDED_ATTEMPTS && !contended(r); attempt++) {
                progress.printf("[report] fairness harness: %s saw %,d queue hand-offs in %,d acquisitions (its threads"
                        + " took turns); running it again%n", c.lock(), r.handoffs(), (long) c.acquisitions() * c.threads());
                progress.flush();
                r = FairnessHarness.run(c);
            }
            results.add(r);
        }
        notMeasured.forEach((variant, why) -> {
            progress.printf("[report] fairness harness: %s not measured: %s%n", variant, why);
            progress.flush();
        });
        String note = configs.isEmpty() ? "no variant of these families has a port the fairness harness can measure"
                + " (a registered port class with a doorway observer)" : null;
        return new Fairness(seed, threads, nodes, acquisitions, probArg, threshold, results, note, Map.copyOf(notMeasured));
    }
}
