package org.handoff.specs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import org.handoff.core.HandoffException;
import org.handoff.core.Outcome;
import org.handoff.core.ProjectRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input gets one line naming the file and the problem, never a stack trace or a false pass. */
class TlcErrorsTest {
    @TempDir
    Path work;

    private final Path specs = ProjectRoot.find().resolve("specs");

    private static Path bad(String name) throws URISyntaxException {
        return Path.of(TlcErrorsTest.class.getResource("/bad/" + name).toURI());
    }

    private Tlc.Result run(Path spec, Path cfg, int workers) {
        return Tlc.run(new Tlc.Request(spec, cfg, workers, List.of(specs), work, 300, null));
    }

    private static void assertOneLine(String message) {
        assertFalse(message.contains("\n"), message);
        assertFalse(message.contains("Exception"), message);
    }

    @Test
    void parseErrorNamesModuleLineAndColumn() throws Exception {
        Tlc.Result r = run(bad("Broken.tla"), bad("Broken.cfg"), 1);
        assertEquals(Outcome.ERROR, r.outcome());
        assertTrue(r.message().contains("Broken"), r.message());
        assertTrue(r.message().matches(".*:5:\\d+: .*"), r.message());
        assertOneLine(r.message());
    }

    @Test
    void undeclaredConstantIsRejectedBeforeTlcRuns() throws Exception {
        HandoffException e = assertThrows(HandoffException.class,
                () -> run(specs.resolve("MCS.tla"), bad("MCS_UnknownConstant.cfg"), 1));
        assertTrue(e.getMessage().contains("Threads_") && e.getMessage().contains("MCS_UnknownConstant.cfg"), e.getMessage());
        assertOneLine(e.getMessage());
    }

    @Test
    void unknownInvariantIsAnError() throws Exception {
        Tlc.Result r = run(specs.resolve("MCS.tla"), bad("MCS_UnknownInvariant.cfg"), 1);
        assertEquals(Outcome.ERROR, r.outcome());
        assertTrue(r.message().contains("MutualExclusionTypo"), r.message());
        assertOneLine(r.message());
    }

    @Test
    void impossibleThreadCountFailsTheAssumption() throws Exception {
        Tlc.Result r = run(specs.resolve("MCS.tla"), bad("MCS_ZeroThreads.cfg"), 1);
        assertEquals(Outcome.ERROR, r.outcome());
        assertTrue(r.message().startsWith("MCS.tla:") && r.message().contains("assumption is false"), r.message());
        assertOneLine(r.message());
    }

    @Test
    void symmetryWithLivenessIsRefused() throws Exception {
        HandoffException e = assertThrows(HandoffException.class,
                () -> run(specs.resolve("MCS.tla"), bad("MCS_SymmetryLiveness.cfg"), 1));
        assertTrue(e.getMessage().contains("SYMMETRY"), e.getMessage());
    }

    @Test
    void missingFilesAndBadWorkerCountsAreRejected() {
        Path cfg = specs.resolve("models/MCS_N2.cfg");
        assertThrows(HandoffException.class, () -> run(specs.resolve("NoSuchSpec.tla"), cfg, 1));
        assertThrows(HandoffException.class, () -> run(specs.resolve("MCS.tla"), specs.resolve("models/none.cfg"), 1));
        HandoffException e = assertThrows(HandoffException.class, () -> run(specs.resolve("MCS.tla"), cfg, 0));
        assertTrue(e.getMessage().contains("workers"), e.getMessage());
    }
}
