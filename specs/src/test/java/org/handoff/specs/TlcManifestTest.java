package org.handoff.specs;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.handoff.core.Check;
import org.handoff.core.Level;
import org.handoff.core.Manifest;
import org.handoff.core.ProjectRoot;
import org.handoff.core.RunContext;
import org.handoff.core.Verdict;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every TLC model in the manifest (the quick ones by default, all under -Pfull) gives the verdict
 * the manifest expects: correct models pass with the recorded state count, mutant models violate the
 * named property.
 */
class TlcManifestTest {
    @TempDir
    Path work;

    @TestFactory
    Stream<DynamicTest> everyManifestModelHasItsExpectedVerdict() {
        Path root = ProjectRoot.find();
        List<Check> checks = Manifest.load(root).select(List.of(), Level.TLC, ProjectRoot.profile());
        assertFalse(checks.isEmpty(), "the manifest lists no TLC model");
        TlcRunner runner = new TlcRunner();
        return checks.stream().map(c -> DynamicTest.dynamicTest(c.id(), () -> {
            Verdict v = runner.run(c, new RunContext(root, work, System.out));
            System.out.printf("%s: %s%s, %s distinct states, %.1f s%n", c.id(), v.actual().id(),
                    v.violated() != null ? " (" + v.violated() + ")" : "", v.states(), v.seconds());
            assertNull(v.mismatch(), () -> c.id() + ": " + v.mismatch() + "\n" + v.detail());
        }));
    }
}
