package org.handoff.specs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.handoff.core.HandoffException;
import org.handoff.core.Outcome;
import org.handoff.core.Specs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input gets one line naming the file and the problem, never a stack trace or a false pass. */
class TlcErrorsTest {
    @TempDir
    Path work;

    private final Path specs = TlcFixture.SPECS;

    private static Path bad(String name) {
        return TlcFixture.resource("bad/" + name);
    }

    private Tlc.Result run(Path spec, Path cfg, int workers) {
        return TlcFixture.run(spec, cfg, workers, work, 300, new Tlc.Exhaustive());
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
                () -> run(specs.resolve("mcs/MCS.tla"), bad("MCS_UnknownConstant.cfg"), 1));
        assertTrue(e.getMessage().contains("Threads_") && e.getMessage().contains("MCS_UnknownConstant.cfg"), e.getMessage());
        assertOneLine(e.getMessage());
    }

    @Test
    void aConfigTlcsParserRejectsIsOneLineBeforeTlcRuns() throws Exception {
        HandoffException e = assertThrows(HandoffException.class,
                () -> run(specs.resolve("mcs/MCS.tla"), bad("MCS_Malformed.cfg"), 1));
        assertTrue(e.getMessage().contains("MCS_Malformed.cfg: TLC found an error in the configuration file at line 3: It was expecting = or <-"),
                e.getMessage());
        assertOneLine(e.getMessage());
    }

    @Test
    void unknownInvariantIsAnError() throws Exception {
        Tlc.Result r = run(specs.resolve("mcs/MCS.tla"), bad("MCS_UnknownInvariant.cfg"), 1);
        assertEquals(Outcome.ERROR, r.outcome());
        assertTrue(r.message().contains("MutualExclusionTypo"), r.message());
        assertOneLine(r.message());
    }

    @Test
    void unknownInvariantNamesTheConfigAndSaysWhatIsWrong() throws Exception {
        Tlc.Result r = run(specs.resolve("mcs/MCS.tla"), bad("MCS_UnknownInvariant.cfg"), 1);
        assertTrue(r.message().startsWith("MCS_UnknownInvariant.cfg (MCS.tla): ")
                && r.message().contains("is not defined in the specification"), r.message());
    }

    @Test
    void anAccessWithoutAnOrderingOrWithOneTheLayerDoesNotKnowIsOneLine() throws Exception {
        // The toy spec on the memory layer passes as configured, so each bad config fails for its own reason.
        assertEquals(Outcome.PASS, run(bad("WeakOrders.tla"), bad("WeakOrders_Good.cfg"), 1).outcome());
        Tlc.Result unknown = run(bad("WeakOrders.tla"), bad("WeakOrders_UnknownOrder.cfg"), 1);
        assertEquals(Outcome.ERROR, unknown.outcome());
        assertTrue(unknown.message().contains("WeakOrders.tla:") && unknown.message().contains("assumption is false"),
                unknown.message());
        assertOneLine(unknown.message());
        Tlc.Result none = run(bad("WeakOrders.tla"), bad("WeakOrders_NoOrder.cfg"), 1);
        assertEquals(Outcome.ERROR, none.outcome());
        assertTrue(none.message().contains("the access link has no ordering"), none.message());
        assertOneLine(none.message());
    }

    @Test
    void runsOfOneRequestGetADirectoryEach() throws Exception {
        // TLC stops when its -metadir already holds a directory named after the current second, so
        // the three runs above failed at random when two of them fell within one second.
        Path first = Tlc.runDirectory(work, "run");
        Path second = Tlc.runDirectory(work, "run");
        assertEquals(work.resolve("run"), first);
        assertEquals(work.resolve("run-2"), second);
        Tlc.Request req = new Tlc.Request(bad("WeakOrders.tla"), bad("WeakOrders_Good.cfg"), 1,
                Specs.library(specs.getParent()), work.resolve("again"), 300, null);
        Tlc.Result a = Tlc.run(req);
        Tlc.Result b = Tlc.run(req);
        assertEquals(Outcome.PASS, a.outcome(), a.message());
        assertEquals(Outcome.PASS, b.outcome(), b.message());
        assertFalse(a.log().equals(b.log()), "both runs wrote " + a.log());
    }

    @Test
    void runningOutOfMemoryIsOneLineNotAVerdict() throws Exception {
        Tlc.Result r = Tlc.run(new Tlc.Request(bad("Huge.tla"), bad("Huge.cfg"), 1, List.of(), work, 300, null,
                new Tlc.Exhaustive(), "32m"));
        assertEquals(Outcome.ERROR, r.outcome());
        assertTrue(r.message().startsWith("Huge.cfg (Huge.tla): TLC ran out of memory while computing the initial states")
                && r.message().contains("--heap"), r.message());
        assertOneLine(r.message());
    }

    @Test
    void aKilledTlcIsReadAsTheOutOfMemoryKiller() {
        String m = TlcOutput.errorMessage(TlcOutputTest.msg(2185, 0, "Starting... (2026-11-30 07:00:00)")
                + TlcOutputTest.msg(2200, 0, "Progress(12) at 2026-11-30 07:00:00: 1,000 states generated"
                + " (1,000 s/min), 812 distinct states found (800 ds/min), 40 states left on queue."), 137);
        assertTrue(m.startsWith("TLC was killed by signal 9 after 812 distinct states") && m.contains("out-of-memory killer"), m);
        String uncaught = TlcOutput.errorMessage("Exception in thread \"main\" java.lang.OutOfMemoryError: Java heap space\n"
                + "\tat tlc2.value.impl.FcnRcdValue.<init>(FcnRcdValue.java:52)\n", 1);
        assertTrue(uncaught.startsWith("TLC ran out of memory") && !uncaught.contains("\n"), uncaught);
    }

    @Test
    void aHeapThatIsNotASizeIsRefused() {
        HandoffException e = assertThrows(HandoffException.class, () -> new Tlc.Request(specs.resolve("mcs/MCS.tla"),
                specs.resolve("mcs/models/MCS_N2.cfg"), 1, List.of(), work, 10, null, new Tlc.Exhaustive(), "lots"));
        assertTrue(e.getMessage().contains("--heap") && e.getMessage().contains("lots"), e.getMessage());
    }

    @Test
    void impossibleThreadCountFailsTheAssumption() throws Exception {
        Tlc.Result r = run(specs.resolve("mcs/MCS.tla"), bad("MCS_ZeroThreads.cfg"), 1);
        assertEquals(Outcome.ERROR, r.outcome());
        assertTrue(r.message().startsWith("MCS.tla:") && r.message().contains("assumption is false"), r.message());
        assertOneLine(r.message());
    }

    @Test
    void symmetryWithLivenessIsRefused() throws Exception {
        HandoffException e = assertThrows(HandoffException.class,
                () -> run(specs.resolve("mcs/MCS.tla"), bad("MCS_SymmetryLiveness.cfg"), 1));
        assertTrue(e.getMessage().contains("SYMMETRY"), e.getMessage());
    }

    @Test
    void missingFilesAndBadWorkerCountsAreRejected() {
        Path cfg = specs.resolve("mcs/models/MCS_N2.cfg");
        assertThrows(HandoffException.class, () -> run(specs.resolve("NoSuchSpec.tla"), cfg, 1));
        assertThrows(HandoffException.class, () -> run(specs.resolve("mcs/MCS.tla"), specs.resolve("mcs/models/none.cfg"), 1));
        HandoffException e = assertThrows(HandoffException.class, () -> run(specs.resolve("mcs/MCS.tla"), cfg, 0));
        assertTrue(e.getMessage().contains("workers"), e.getMessage());
    }
}
