package org.handoff.specs;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Stream;
import org.handoff.core.Check;
import org.handoff.core.Level;
import org.handoff.core.Manifest;
import org.handoff.core.ProjectRoot;
import org.handoff.core.RunContext;
import org.handoff.core.Verdict;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every TLC model in the manifest (the quick ones by default, all under -Pfull) gives the verdict
 * the manifest expects: correct models pass with the recorded state count and fire their variant's
 * actions, witnesses reach their behaviour, mutant models violate exactly the recorded properties.
 *
 * <p>The models are independent, so they run side by side, one TLC worker each on as many runs as
 * the machine has cores (two here), the largest first; each test waits for its own run. A witness
 * is decided in its twin's run ({@link TlcRunner#runShared}).
 */
@Tag("integration")
class TlcManifestTest {
    @TempDir
    static Path work;

    private static ExecutorService pool;

    @AfterAll
    static void stop() {
        if (pool != null) {
            pool.shutdownNow();
        }
    }

    @TestFactory
    Stream<DynamicTest> everyManifestModelHasItsExpectedVerdict() {
        Path root = ProjectRoot.find();
        List<Check> checks = Manifest.load(root).select(List.of(), Level.TLC, ProjectRoot.profile());
        assertFalse(checks.isEmpty(), "the manifest lists no TLC model");
        int parallel = Math.max(1, Runtime.getRuntime().availableProcessors());
        // Coverage only where the entry names actions that must fire: nothing else here reads it.
        TlcRunner runner = new TlcRunner(parallel > 1 ? 1 : 2, false);
        pool = Executors.newFixedThreadPool(parallel);
        List<Check> byCost = new ArrayList<>(checks);
        byCost.sort(Comparator.comparingLong(TlcRunner::cost).reversed());
        // A witness whose twin is selected too is decided in the twin's run (TlcRunner.runShared).
        Map<Check, List<Check>> shared = TlcRunner.witnessesByTwin(checks);
        java.util.Set<Check> folded = new java.util.HashSet<>();
        shared.values().forEach(folded::addAll);
        Map<Check, java.util.concurrent.CompletableFuture<Verdict>> runs = new LinkedHashMap<>();
        int n = 0;
        for (Check c : byCost) {
            if (folded.contains(c)) {
                continue;
            }
            // A directory per entry, not per model name: two variants' entries of one model (mcs's
            // and plain-store-handoff's MCS_N3) are as costly, so they run together, and a shared
            // -metadir makes TLC fail.
            Path dir = work.resolve((n++) + "-" + c.check());
            List<Check> witnesses = shared.getOrDefault(c, List.of());
            java.util.concurrent.CompletableFuture<Map<Check, Verdict>> run = java.util.concurrent.CompletableFuture
                    .supplyAsync(() -> runner.runShared(c, witnesses, new RunContext(root, dir, System.out)), pool);
            runs.put(c, run.thenApply(m -> m.get(c)));
            for (Check w : witnesses) {
                runs.put(w, run.thenApply(m -> m.get(w)));
            }
        }
        return byCost.stream().map(c -> DynamicTest.dynamicTest(c.id(), () -> {
            Verdict v = runs.get(c).get();
            System.out.printf("%s: %s%s, %s distinct states, %.1f s%s%n", c.id(), v.actual().id(),
                    v.violated() != null ? " (" + v.violated() + ")" : "", v.states(), v.seconds(),
                    v.violations().size() > 1 ? ", violates " + v.violations() : "");
            assertNull(v.mismatch(), () -> c.id() + ": " + v.mismatch() + "\n" + v.detail());
        }));
    }
}
