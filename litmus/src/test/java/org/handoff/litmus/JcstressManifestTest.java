package org.handoff.litmus;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.handoff.core.Check;
import org.handoff.core.Level;
import org.handoff.core.Manifest;
import org.handoff.core.ProjectRoot;
import org.handoff.core.RunContext;
import org.handoff.core.Verdict;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;

/**
 * Runs every jcstress check of the manifest in the selected profile and checks each verdict against
 * the manifest's expectation: the correct lock must pass, each mutant must fail with its named
 * property (or pass, where the manifest says why it cannot be seen here).
 *
 * <p>{@code -Dhandoff.check=TEXT} keeps only the checks whose id contains TEXT. jcstress's output
 * goes to {@code target/jcstress/jcstress.log}. All checks run in one jcstress invocation where their
 * settings agree ({@link JcstressRunner#runAll}).
 */
@Tag("integration")
class JcstressManifestTest {

    @TestFactory
    Stream<DynamicTest> manifestChecks() throws IOException {
        Path root = ProjectRoot.find();
        String profile = ProjectRoot.profile();
        List<Check> checks = Manifest.load(root).select(List.of(), Level.JCSTRESS, profile);
        assertFalse(checks.isEmpty(), "the manifest selects no jcstress check in profile " + profile);
        String only = System.getProperty("handoff.check", "");
        if (!only.isBlank()) {
            checks = checks.stream().filter(c -> c.id().contains(only)).toList();
            assertFalse(checks.isEmpty(), "no jcstress check id contains '" + only + "'");
        }
        Path work = Path.of("target").toAbsolutePath();
        Path logFile = Files.createDirectories(work.resolve("jcstress")).resolve("jcstress.log");
        Files.deleteIfExists(logFile);
        JcstressRunner runner = new JcstressRunner();
        // One jcstress invocation for all of them (its start-up probes cost more than a test), so the
        // log is the run's as a whole; each test's lines carry its class name.
        List<Verdict> verdicts;
        try (PrintStream log = new PrintStream(Files.newOutputStream(logFile), true, StandardCharsets.UTF_8)) {
            verdicts = runner.runAll(checks, new RunContext(root, work, log).withProfile(profile), v -> { });
        }
        List<Check> all = checks;
        return java.util.stream.IntStream.range(0, checks.size()).mapToObj(i -> DynamicTest.dynamicTest(all.get(i).id(), () -> {
            Check check = all.get(i);
            Verdict v = verdicts.get(i);
            String mismatch = v.mismatch();
            System.out.printf(Locale.ROOT, "[jcstress] %-70s %-7s (expected %s) %6.1f s  %s%n", check.id(),
                    v.actual().id(), check.expected().id(), v.seconds(), v.detail());
            assertNull(mismatch, () -> mismatch + ": " + v.detail() + " (jcstress output in " + logFile + ")");
        }));
    }
}
