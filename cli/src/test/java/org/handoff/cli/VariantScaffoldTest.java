package org.handoff.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.handoff.core.Check;
import org.handoff.core.HandoffException;
import org.handoff.core.Level;
import org.handoff.core.Manifest;
import org.handoff.core.RunContext;
import org.handoff.core.Verdict;
import org.handoff.models.HandoffPort;
import org.handoff.models.cna.CnaLock;
import org.handoff.models.cna.CnaThreshold;
import org.handoff.specs.TlcRunner;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * {@code handoff variant new}: in a copy of the project, a CNA variant scaffolded from
 * cna-threshold is registered at every level, its models pass the preflight (SANY, and each
 * config's behaviour runs the copied definitions), its Java port compiles and answers to its
 * name, and one of its models gives the base's verdict on the same number of states. The whole
 * review of the scaffold against its base is measured by hand (docs/review.md).
 */
@Tag("integration")
// It points handoff.root at a copy of the project: nothing else may run beside it.
@Isolated
@Execution(ExecutionMode.SAME_THREAD)
class VariantScaffoldTest {
    @TempDir
    Path root;
    @TempDir
    Path work;
    private ProjectCopy copy;

    @BeforeEach
    void copyTheProject() throws IOException {
        copy = new ProjectCopy(root);
    }

    @AfterEach
    void restoreTheRoot() {
        copy.close();
    }

    private static List<Check> of(Manifest m, String variant, Level level) {
        return m.checks().stream().filter(c -> c.family().equals("cna") && c.variant().equals(variant)
                && c.level() == level).toList();
    }

    @Test
    void aScaffoldIsItsBaseUnderAnotherName() throws Exception {
        CliTest.Run r = CliTest.run("variant", "new", "cna", "cna-mine", "--from", "cna-threshold", "--package",
                "org.example.cna");
        assertEquals(Main.OK, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("next: ./handoff review cna --variant cna-mine --baseline cna-threshold"), r.out());
        assertTrue(r.out().contains("CNASteps_Threshold_N3_T1: a model of CNASteps.tla, not of CNA.tla"),
                "a model that would check the base under the variant's name is listed, not copied: " + r.out());

        Manifest m = Manifest.load(root);
        assertEquals("org.example.cna.CnaMine", m.port("cna", "cna-mine"));
        List<Check> baseTlc = of(m, "cna-threshold", Level.TLC).stream()
                .filter(c -> c.param("spec").equals("CNA.tla")).toList();
        List<Check> mineTlc = of(m, "cna-mine", Level.TLC);
        assertEquals(baseTlc.size(), mineTlc.size());
        assertTrue(mineTlc.stream().allMatch(c -> c.param("spec").equals("CNA_Mine.tla")
                && c.param("config").startsWith("models/CNA_Mine_")), mineTlc.toString());
        assertEquals(of(m, "cna-threshold", Level.LINCHECK).size(), of(m, "cna-mine", Level.LINCHECK).size());
        assertEquals(of(m, "cna-threshold", Level.CROSSCHECK).size(), of(m, "cna-mine", Level.CROSSCHECK).size());
        assertEquals(List.of("org.handoff.litmus.cna.CnaSecondaryQueue", "org.handoff.litmus.cna.CnaThresholdAppendQueue"),
                of(m, "cna-mine", Level.JCSTRESS).stream().map(Check::check).toList());
        Check pass = mineTlc.stream().filter(c -> c.check().equals("CNA_Mine_N3_T1")).findFirst().orElseThrow();
        assertTrue(pass.covers().containsAll(List.of("MinePassLockFindSuccessor", "MinePassLockNoSearch")),
                "each passing model must fire the copied hand-offs: " + pass.covers());

        // The preflight of every copied model: it parses, names what it defines, and runs the copies.
        new TlcRunner().preflight(mineTlc, new RunContext(root, work, null));
        // Seeded: one config left on the family's specification is refused by that preflight.
        Path cfg = root.resolve("specs/cna/models/CNA_Mine_N3_T1.cfg");
        String good = Files.readString(cfg);
        Files.writeString(cfg, good.replace("SPECIFICATION MineCnaSpec", "SPECIFICATION CnaSpec"));
        HandoffException e = assertThrows(HandoffException.class,
                () -> new TlcRunner().preflight(mineTlc, new RunContext(root, work.resolve("seeded"), null)));
        assertTrue(e.getMessage().contains("uses no definition of CNA_Mine.tla"), e.getMessage());
        Files.writeString(cfg, good);

        // One model of each side: the same verdict on the same number of states.
        for (String model : List.of("_N3_T1_tight")) {
            Check base = baseTlc.stream().filter(c -> c.check().equals("CNA_Threshold" + model)).findFirst().orElseThrow();
            Check mine = mineTlc.stream().filter(c -> c.check().equals("CNA_Mine" + model)).findFirst().orElseThrow();
            Verdict vb = new TlcRunner().run(base, new RunContext(root, work.resolve("b" + model), null));
            Verdict vm = new TlcRunner().run(mine, new RunContext(root, work.resolve("m" + model), null));
            assertEquals(vb.actual(), vm.actual(), vm.detail());
            assertEquals(vb.violated(), vm.violated());
            // The tight model runs one worker, so the states it explores before the violation are
            // the same in the same state space (a witness's count is not: two workers race to it).
            assertNotNull(vb.states());
            assertEquals(vb.states(), vm.states(), "the copy explores the base's state space");
        }

        // The Java port compiles against the ports and is the base under the variant's name.
        Path source = root.resolve("java-models/src/main/java/org/example/cna/CnaMine.java");
        Path classes = Files.createDirectories(work.resolve("classes"));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        int rc = javac.run(null, null, null, "-d", classes.toString(), "-cp", System.getProperty("java.class.path"),
                source.toString());
        assertEquals(0, rc, "the scaffolded port does not compile");
        try (URLClassLoader loader = new URLClassLoader(new java.net.URL[] {classes.toUri().toURL()},
                VariantScaffoldTest.class.getClassLoader())) {
            Object port = loader.loadClass("org.example.cna.CnaMine")
                    .getConstructor(org.handoff.models.SpinPolicy.class).newInstance(org.handoff.models.SpinPolicy.FOREVER);
            assertTrue(port instanceof CnaThreshold);
            assertEquals("cna-mine", ((HandoffPort) port).variant());
        }

        // Run again: the files exist, nothing is overwritten.
        String before = Files.readString(source);
        CliTest.Run again = CliTest.run("variant", "new", "cna", "cna-other", "--from", "cna-threshold", "--package",
                "org.example.cna");
        assertEquals(Main.OK, again.code(), again.err());
        CliTest.Run twice = CliTest.run("variant", "new", "cna", "cna-mine", "--from", "cna-threshold");
        assertEquals(Main.BAD_INPUT, twice.code());
        assertTrue(twice.err().contains("already has a variant or mutant named cna-mine"), twice.err());
        assertEquals(before, Files.readString(source));
    }

    /**
     * The family's own variant as the base (its models are named after the spec alone): a qspinlock
     * variant copies every QSpinlock.tla model and every jcstress test (they choose their lock by
     * variant), and its copies pass the preflight.
     */
    @Test
    void aVariantOfTheFamilysOwnVariant() {
        CliTest.Run r = CliTest.run("variant", "new", "qspinlock", "qspinlock-mine", "--from", "qspinlock");
        assertEquals(Main.OK, r.code(), r.out() + r.err());
        assertFalse(r.out().contains("builds its own lock"), r.out());
        Manifest m = Manifest.load(root);
        List<Check> mine = m.checks().stream().filter(c -> c.variant().equals("qspinlock-mine")).toList();
        List<Check> base = m.checks().stream().filter(c -> c.variant().equals("qspinlock") && !c.mutant()).toList();
        for (Level level : List.of(Level.JCSTRESS, Level.LINCHECK, Level.CROSSCHECK)) {
            assertEquals(base.stream().filter(c -> c.level() == level).count(),
                    mine.stream().filter(c -> c.level() == level).count(), level.id());
        }
        List<Check> tlc = mine.stream().filter(c -> c.level() == Level.TLC).toList();
        assertTrue(tlc.stream().anyMatch(c -> c.check().equals("QSpinlock_Mine_N3_L0")
                && c.param("config").equals("models/QSpinlock_Mine_N3_L0.cfg")), tlc.toString());
        new TlcRunner().preflight(tlc, new RunContext(root, work, null));
    }

    @Test
    void badInputIsOneLine() {
        for (String[] bad : new String[][] {
                {"cna", "cna-mine", "cna-nope", "has no variant cna-nope"},
                {"mcs", "mcs-mine", "mcs", "family mcs has no scaffold yet"},
                {"qspinlock", "qspinlock-bug", "no-pending-wait", "has no variant no-pending-wait"},
                {"cna", "Cna_Mine", "cna-threshold", "must be lower-case words"},
                {"nope", "x", "y", "unknown family 'nope'"}}) {
            CliTest.Run r = CliTest.run("variant", "new", bad[0], bad[1], "--from", bad[2]);
            assertEquals(Main.BAD_INPUT, r.code(), r.out() + r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
            assertTrue(r.err().contains(bad[3]), r.err());
            assertFalse(r.err().contains("Exception"), r.err());
        }
        assertFalse(Files.exists(root.resolve("specs/cna/cna-mine.json")));
    }

    /**
     * Seeded: a family scaffold whose copied policy has no copied caller. Its copy would be edited
     * to no effect (the family's hand-off calls the family's policy), so the scaffold is refused.
     */
    @Test
    void aHookWhoseCallerIsNotCopiedIsRefused() throws IOException {
        refused("cna", "\"PassLockFindSuccessor\",\\s*\"PassLockNoSearch\"", "\"PassLockNoSearch\"", "cna-threshold",
                "copies MaySearch, but no copied definition that cna-threshold's models run uses it", "CNA_Mine");
    }

    /** Seeds {@code pattern} -> {@code replacement} into the family's manifest file; the scaffold must refuse. */
    private void refused(String family, String pattern, String replacement, String base, String error, String module)
            throws IOException {
        Path file = root.resolve("specs/" + family + "/" + family + ".json");
        String text = Files.readString(file);
        String seeded = text.replaceFirst(pattern, replacement);
        assertFalse(seeded.equals(text), file + "'s scaffold no longer matches " + pattern + " as this test expects");
        Files.writeString(file, seeded);
        CliTest.Run r = CliTest.run("variant", "new", family, family + "-mine", "--from", base);
        assertEquals(Main.BAD_INPUT, r.code(), r.out() + r.err());
        assertTrue(r.err().contains(error), r.err());
        assertFalse(Files.exists(root.resolve("specs/" + family + "/" + module + ".tla")));
    }

    /**
     * A family whose scaffold puts its copies in place by definition overrides and whose Java hooks
     * are a hook set (PV): the configs keep PV's specification with a line 'Hook <- MineHook' per
     * hook, the copied models pass the preflight, a witness gives the base's verdict, the jcstress
     * tests that choose their lock by variant are listed, and the port is a PvQSpinLock built with
     * its own Paravirt subclass, made as the base's is.
     */
    @Test
    void aPvVariantByOverridesAndAHookSet() throws Exception {
        CliTest.Run r = CliTest.run("variant", "new", "pv", "pv-mine", "--from", "pv-wait-early-merged", "--package",
                "org.example.pv");
        assertEquals(Main.OK, r.code(), r.out() + r.err());
        Manifest m = Manifest.load(root);
        assertEquals("org.example.pv.PvMine", m.port("pv", "pv-mine"));
        List<Check> mine = m.checks().stream().filter(c -> c.variant().equals("pv-mine")).toList();
        List<Check> base = m.checks().stream().filter(c -> c.variant().equals("pv-wait-early-merged")).toList();
        assertEquals(base.stream().filter(c -> c.level() == Level.JCSTRESS).map(Check::check).toList(),
                mine.stream().filter(c -> c.level() == Level.JCSTRESS).map(Check::check).toList());
        List<Check> tlc = mine.stream().filter(c -> c.level() == Level.TLC).toList();
        assertEquals(base.stream().filter(c -> c.level() == Level.TLC && c.param("spec").equals("PV.tla")).count(),
                tlc.size());
        String cfg = Files.readString(root.resolve("specs/pv/models/PV_Mine_N2.cfg"));
        assertTrue(cfg.contains("SPECIFICATION PvSpec") && cfg.contains("    KickNode <- MineKickNode\n")
                && cfg.contains("    WaitNodeSpin <- MineWaitNodeSpin\n"), cfg);
        assertTrue(Files.readString(root.resolve("specs/pv/PV_Mine.tla")).contains(
                "MineWaitNodeSleep(x) == Runs(x) /\\ \"WaitNodeSleep\" \\notin Replaced /\\ WaitNodeSleepWith(x, TRUE)"));
        new TlcRunner().preflight(tlc, new RunContext(root, work, null));

        Check b = base.stream().filter(c -> c.check().equals("PV_WaitEarlyMerged_N2_wWaitsEarlyPrevHalted")).findFirst()
                .orElseThrow();
        Check w = tlc.stream().filter(c -> c.check().equals("PV_Mine_N2_wWaitsEarlyPrevHalted")).findFirst().orElseThrow();
        Verdict vb = new TlcRunner().run(b, new RunContext(root, work.resolve("b"), null));
        Verdict vw = new TlcRunner().run(w, new RunContext(root, work.resolve("w"), null));
        assertEquals(vb.actual(), vw.actual(), vw.detail());
        assertEquals(vb.violated(), vw.violated());

        Path source = root.resolve("java-models/src/main/java/org/example/pv/PvMine.java");
        Path classes = Files.createDirectories(work.resolve("classes"));
        int rc = ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", classes.toString(), "-cp",
                System.getProperty("java.class.path"), source.toString());
        assertEquals(0, rc, "the scaffolded port does not compile");
        try (URLClassLoader loader = new URLClassLoader(new java.net.URL[] {classes.toUri().toURL()},
                VariantScaffoldTest.class.getClassLoader())) {
            Object port = loader.loadClass("org.example.pv.PvMine")
                    .getConstructor(org.handoff.models.SpinPolicy.class).newInstance(org.handoff.models.SpinPolicy.FOREVER);
            assertTrue(port instanceof org.handoff.models.pv.PvQSpinLock);
            var pv = ((org.handoff.models.pv.PvQSpinLock) port).paravirt();
            assertEquals("org.example.pv.PvMine$Hooks", pv.getClass().getName());
            assertEquals(org.handoff.models.pv.PvVariant.WAIT_EARLY_MERGED, pv.variant());
            assertEquals("pv-mine", ((HandoffPort) port).variant());
        }
    }

    /** Seeded: an override-mode hook that PV's specification never uses would be edited to no effect. */
    @Test
    void anOverriddenHookTheSpecNeverUsesIsRefused() throws IOException {
        refused("pv", "\"WaitEarlyAllowed\",", "\"WaitEarlyAllowed\", \"NeverWaitsEarly\",", "pv",
                "copies NeverWaitsEarly, which no specification that pv's models check uses", "PV_Mine");
    }
}
