package org.handoff.crosscheck;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
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
import org.junit.jupiter.api.io.TempDir;

/**
 * Every crosscheck entry of the manifest (quick by default, all under -Pfull) gives the verdict
 * the manifest expects: the port's traces are accepted by its spec, a Java mutant's traces are
 * rejected, and a spec mutant rejects the correct port's traces. The entries run as the CLI runs
 * them ({@link CrosscheckRunner#runAll}: two side by side, each entry's log in one piece).
 */
@Tag("integration")
class CrosscheckManifestTest {
    @TempDir
    Path work;

    @TestFactory
    Stream<DynamicTest> everyCrosscheckHasItsExpectedVerdict() {
        Path root = ProjectRoot.find();
        List<Check> checks = Manifest.load(root).select(List.of(), Level.CROSSCHECK, ProjectRoot.profile());
        assertFalse(checks.isEmpty(), "the manifest lists no crosscheck");
        List<Verdict> verdicts = new CrosscheckRunner().runAll(checks, new RunContext(root, work, System.out), v -> { });
        return IntStream.range(0, checks.size()).mapToObj(i -> DynamicTest.dynamicTest(checks.get(i).id(), () -> {
            Check c = checks.get(i);
            Verdict v = verdicts.get(i);
            System.out.printf("%s: %s%s in %.1f s%n%s%n", c.id(), v.actual().id(),
                    v.violated() != null ? " (" + v.violated() + ")" : "", v.seconds(), v.detail());
            assertNull(v.mismatch(), () -> c.id() + ": " + v.mismatch() + "\n" + v.detail());
        }));
    }
}
