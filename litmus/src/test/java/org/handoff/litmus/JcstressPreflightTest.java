package org.handoff.litmus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.handoff.core.Check;
import org.handoff.core.HandoffException;
import org.handoff.core.Level;
import org.handoff.core.Manifest;
import org.handoff.core.ProjectRoot;
import org.handoff.core.RunContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The preflight finds every jcstress test the manifest names, a nested one as jcstress names it
 * ({@code Outer.Inner} for {@code Outer$Inner}), and refuses a name that is no class.
 */
class JcstressPreflightTest {
    @TempDir
    Path work;

    private final Path root = ProjectRoot.find();

    @Test
    void everyManifestTestIsFound() {
        List<Check> all = Manifest.load(root).select(List.of(), Level.JCSTRESS, "full");
        assertFalse(all.isEmpty(), "no jcstress entry");
        new JcstressRunner().preflight(all, new RunContext(root, work, null));
    }

    @Test
    void aMissingTestIsOneLineNamingTheEntry() {
        ClassLoader loader = JcstressPreflightTest.class.getClassLoader();
        assertTrue(JcstressRunner.loadable("org.handoff.litmus.litmus.McsLinkOrder.Pair", loader));
        assertFalse(JcstressRunner.loadable("org.handoff.litmus.litmus.McsLinkOrder.Missing", loader));
        Check real = Manifest.load(root).select(List.of("litmus"), Level.JCSTRESS, "full").get(0);
        Check missing = new Check(real.family(), real.variant(), real.mutant(), real.level(),
                "org.handoff.litmus.litmus.NoSuchTest", real.property(), real.expected(), real.reason(), real.profile(),
                real.params());
        HandoffException e = assertThrows(HandoffException.class,
                () -> new JcstressRunner().preflight(List.of(missing), new RunContext(root, work, null)));
        assertTrue(e.getMessage().contains("NoSuchTest") && e.getMessage().contains("not found") && !e.getMessage().contains("\n"),
                e.getMessage());
    }

    /**
     * A test's lanes, which let one jcstress run take more than one of its entries, are its nested
     * subclasses named {@code Lane2}, {@code Lane3}, ...; their forks' properties are keyed by the
     * binary name. A test without lanes runs under its own name only.
     */
    @Test
    void aTestsLanesAreItsNestedSubclassesNamedLaneN() {
        ClassLoader loader = JcstressPreflightTest.class.getClassLoader();
        String shape = "org.handoff.litmus.shapes.MutualExclusion";
        assertEquals(List.of(new JcstressRunner.Lane(shape, shape),
                new JcstressRunner.Lane(shape + ".Lane2", shape + "$Lane2")), JcstressRunner.lanes(shape, loader));
        assertEquals(List.of(new JcstressRunner.Lane("org.handoff.litmus.shapes.HandoffVisibility",
                "org.handoff.litmus.shapes.HandoffVisibility")), JcstressRunner.lanes("org.handoff.litmus.shapes.HandoffVisibility", loader));
    }

    /** The port registered for a shared test's variant must exist and answer to the entry's variant name. */
    @Test
    void aSharedTestsLockIsCheckedBeforeAnythingRuns() {
        Check mutant = Manifest.load(root).select(List.of("cna"), Level.JCSTRESS, "quick").stream()
                .filter(c -> c.port() != null && c.variant().equals("run-end-stuck")).findFirst().orElseThrow();
        RunContext context = new RunContext(root, work, null);
        new JcstressRunner().preflight(List.of(mutant), context);
        HandoffException missing = assertThrows(HandoffException.class, () -> new JcstressRunner().preflight(
                List.of(mutant.withParam("lock", "org.handoff.models.cna.CnaMutants$NoSuchMutant")), context));
        assertTrue(missing.getMessage().contains("NoSuchMutant") && missing.getMessage().contains("not found")
                && !missing.getMessage().contains("\n"), missing.getMessage());
        HandoffException wrong = assertThrows(HandoffException.class, () -> new JcstressRunner().preflight(
                List.of(mutant.withParam("lock", "org.handoff.models.cna.CnaMutants$AppendKeepsTail")), context));
        assertTrue(wrong.getMessage().contains("append-keeps-tail") && wrong.getMessage().contains("run-end-stuck"),
                wrong.getMessage());
    }

    /**
     * An entry whose test runs another lock than its variant's registered port is refused: the
     * seeded case is a CNA mutant listed under MCS's HandoffToTailMutualExclusion, which builds its
     * own MCS mutant and ignores the lock chosen by variant, so it would pass without running the
     * CNA mutant.
     */
    @Test
    void aTestThatIgnoresTheVariantsPortIsRefused() {
        Check shared = Manifest.load(root).select(List.of("cna"), Level.JCSTRESS, "full").stream()
                .filter(c -> c.variant().equals("split-clear-tail")).findFirst().orElseThrow();
        RunContext context = new RunContext(root, work, null);
        new JcstressRunner().preflight(List.of(shared), context);
        Check ignoring = new Check(shared.family(), shared.variant(), shared.mutant(), shared.level(),
                HANDOFF_TO_TAIL, shared.property(), shared.expected(), shared.reason(), shared.profile(), shared.params());
        HandoffException e = assertThrows(HandoffException.class,
                () -> new JcstressRunner().preflight(List.of(ignoring), context));
        assertTrue(e.getMessage().contains("HandoffToTailMutualExclusion") && e.getMessage().contains("CnaMutants$SplitClearTail")
                && !e.getMessage().contains("\n"), e.getMessage());
        // A test that names its lock's class runs it: MCS's own test under its own mutant.
        Check own = Manifest.load(root).select(List.of("mcs"), Level.JCSTRESS, "full").stream()
                .filter(c -> c.variant().equals("handoff-to-tail") && c.check().equals(HANDOFF_TO_TAIL)).findFirst()
                .orElseThrow();
        new JcstressRunner().preflight(List.of(own), context);
    }

    private static final String HANDOFF_TO_TAIL = "org.handoff.litmus.mcs.HandoffToTailMutualExclusion";

    /**
     * An entry's lock settings ({@code configure}) are checked before anything runs: a setting the
     * port has no method for, or one given to a test that does not choose its lock by variant (the
     * settings would never reach a lock, and the entry would pass on defaults), is one line naming
     * the entry.
     */
    @Test
    void lockSettingsAreCheckedBeforeAnythingRuns() {
        Check threshold = Manifest.load(root).select(List.of("cna"), Level.JCSTRESS, "quick").stream()
                .filter(c -> c.variant().equals("cna-threshold") && c.check().endsWith(".CnaSecondaryQueue"))
                .findFirst().orElseThrow();
        assertEquals("threshold=1", threshold.paramOr("configure", ""));
        RunContext context = new RunContext(root, work, null);
        new JcstressRunner().preflight(List.of(threshold), context);
        HandoffException unknown = assertThrows(HandoffException.class, () -> new JcstressRunner()
                .preflight(List.of(threshold.withParam("configure", "thresh=1")), context));
        assertTrue(unknown.getMessage().contains("has no public method thresh(int)")
                && unknown.getMessage().contains(threshold.id()) && !unknown.getMessage().contains("\n"), unknown.getMessage());
        HandoffException bad = assertThrows(HandoffException.class, () -> new JcstressRunner()
                .preflight(List.of(threshold.withParam("configure", "threshold=0")), context));
        assertTrue(bad.getMessage().contains("at least 1"), bad.getMessage());
        Check own = Manifest.load(root).select(List.of("mcs"), Level.JCSTRESS, "full").stream()
                .filter(c -> c.variant().equals("handoff-to-tail") && c.check().equals(HANDOFF_TO_TAIL)).findFirst()
                .orElseThrow();
        HandoffException ignored = assertThrows(HandoffException.class, () -> new JcstressRunner()
                .preflight(List.of(own.withParam("configure", "threshold=1")), context));
        assertTrue(ignored.getMessage().contains("would not reach the lock"), ignored.getMessage());
    }
}
