package org.handoff.crosscheck;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.handoff.core.Check;
import org.handoff.core.Level;
import org.handoff.core.Manifest;
import org.handoff.core.ProjectRoot;
import org.handoff.core.RunContext;
import org.handoff.core.Verdict;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every crosscheck entry of the manifest (quick by default, all under -Pfull) gives the verdict
 * the manifest expects: the port's traces are accepted by its spec, a Java mutant's traces are
 * rejected, and a spec mutant rejects the correct port's traces.
 *
 * <p>Two entries run side by side: most of an entry's time is its TLC forks, one worker each.
 * Each entry has its own work directory and log, printed whole when it is done.
 */
class CrosscheckManifestTest {
    @TempDir
    static Path work;

    private static ExecutorService pool;

    @AfterAll
    static void stop() {
        if (pool != null) {
            pool.shutdownNow();
        }
    }

    private record Done(Verdict verdict, String log) {
    }

    @TestFactory
    Stream<DynamicTest> everyCrosscheckHasItsExpectedVerdict() {
        Path root = ProjectRoot.find();
        List<Check> checks = Manifest.load(root).select(List.of(), Level.CROSSCHECK, ProjectRoot.profile());
        assertFalse(checks.isEmpty(), "the manifest lists no crosscheck");
        CrosscheckRunner runner = new CrosscheckRunner();
        pool = Executors.newFixedThreadPool(Math.max(1, Math.min(2, Runtime.getRuntime().availableProcessors())));
        Map<Check, Future<Done>> runs = new LinkedHashMap<>();
        int i = 0;
        for (Check c : checks) {
            Path dir = work.resolve("entry-" + i++);
            runs.put(c, pool.submit(() -> {
                ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                try (PrintStream log = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
                    Verdict v = runner.run(c, new RunContext(root, dir, log));
                    return new Done(v, bytes.toString(StandardCharsets.UTF_8));
                }
            }));
        }
        return checks.stream().map(c -> DynamicTest.dynamicTest(c.id(), () -> {
            Done d = runs.get(c).get();
            Verdict v = d.verdict();
            System.out.print(d.log());
            System.out.printf("%s: %s%s in %.1f s%n%s%n", c.id(), v.actual().id(),
                    v.violated() != null ? " (" + v.violated() + ")" : "", v.seconds(), v.detail());
            assertNull(v.mismatch(), () -> c.id() + ": " + v.mismatch() + "\n" + v.detail());
        }));
    }
}
