package org.handoff.lincheck;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.FileOutputStream;
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
 * Every Lincheck check of the manifest in the selected profile, each run as the CLI runs it and
 * held to its expected verdict: the correct lock passes, each mutant fails with the property the
 * manifest names (or passes, for the reason it gives). The checks' output goes to
 * {@code target/lincheck-work/lincheck.log}, each check's in one piece; the console gets one line per check.
 */
@Tag("integration")
class LincheckManifestTest {

    @TestFactory
    Stream<DynamicTest> manifestChecks() throws IOException {
        Path root = ProjectRoot.find();
        String profile = ProjectRoot.profile();
        List<Check> checks = Manifest.load(root).select(List.of(), Level.LINCHECK, profile);
        assertFalse(checks.isEmpty(), "the manifest selects no lincheck check for profile " + profile);
        Path work = Files.createDirectories(Path.of("target", "lincheck-work").toAbsolutePath());
        LincheckRunner runner = new LincheckRunner();
        // Two model-checking forks side by side, then the stress-mode ones alone (LincheckRunner.runAll).
        Path logFile = work.resolve("lincheck.log");
        List<Verdict> verdicts;
        try (PrintStream log = new PrintStream(new FileOutputStream(logFile.toFile()), true, StandardCharsets.UTF_8)) {
            verdicts = runner.runAll(checks, new RunContext(root, work, log), v -> { });
        }
        List<Check> all = checks;
        return java.util.stream.IntStream.range(0, checks.size()).mapToObj(i -> DynamicTest.dynamicTest(
                all.get(i).id() + " [" + all.get(i).port() + "]", () -> {
                    Check check = all.get(i);
                    Verdict v = verdicts.get(i);
                    System.out.printf(Locale.ROOT, "[lincheck] %-75s %-8s %-16s %6.1f s  (log: %s)%n", check.id(),
                            v.actual().id(), v.violated() == null ? "" : v.violated(), v.seconds(), logFile);
                    assertNull(v.mismatch(), () -> v.mismatch() + "\n" + v.detail());
                }));
    }
}
