package org.handoff.litmus;

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
 * The preflight finds every jcstress test the manifest names, nested ones included (jcstress names
 * {@code McsLinkOrder$Relaxed} {@code McsLinkOrder.Relaxed}), and refuses a name that is no class.
 */
class JcstressPreflightTest {
    @TempDir
    Path work;

    private final Path root = ProjectRoot.find();

    @Test
    void everyManifestTestIsFound() {
        List<Check> all = Manifest.load(root).select(List.of(), Level.JCSTRESS, "full");
        assertTrue(all.stream().anyMatch(c -> c.check().endsWith("McsLinkOrder.Relaxed")), "a nested test is among them");
        new JcstressRunner().preflight(all, new RunContext(root, work, null));
    }

    @Test
    void aMissingTestIsOneLineNamingTheEntry() {
        ClassLoader loader = JcstressPreflightTest.class.getClassLoader();
        assertTrue(JcstressRunner.loadable("org.handoff.litmus.litmus.McsLinkOrder.Relaxed", loader));
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
     * seeded case is a CNA mutant listed under CnaProbSecondaryQueue, which builds cna-prob's
     * CnaProb and ignores the lock chosen by variant, so it would pass without running the mutant.
     */
    @Test
    void aTestThatIgnoresTheVariantsPortIsRefused() {
        Check shared = Manifest.load(root).select(List.of("cna"), Level.JCSTRESS, "full").stream()
                .filter(c -> c.variant().equals("split-clear-tail")).findFirst().orElseThrow();
        RunContext context = new RunContext(root, work, null);
        new JcstressRunner().preflight(List.of(shared), context);
        Check ignoring = new Check(shared.family(), shared.variant(), shared.mutant(), shared.level(),
                "org.handoff.litmus.cna.CnaProbSecondaryQueue", shared.property(), shared.expected(), shared.reason(),
                shared.profile(), shared.params());
        HandoffException e = assertThrows(HandoffException.class,
                () -> new JcstressRunner().preflight(List.of(ignoring), context));
        assertTrue(e.getMessage().contains("CnaProbSecondaryQueue") && e.getMessage().contains("CnaMutants$SplitClearTail")
                && !e.getMessage().contains("\n"), e.getMessage());
        // A test that names its lock's class runs it: the family's own test under its own variant.
        Check own = Manifest.load(root).select(List.of("cna"), Level.JCSTRESS, "quick").stream()
                .filter(c -> c.variant().equals("cna-prob") && c.check().endsWith("CnaProbSecondaryQueue")).findFirst()
                .orElseThrow();
        new JcstressRunner().preflight(List.of(own), context);
    }
}
