package org.handoff.specs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.handoff.core.HandoffException;
import org.handoff.core.Outcome;
import org.handoff.core.Specs;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A variant as definition overrides: a module that only defines its own operators, and a config
 * that puts them in place of the family's ({@code Intra <- ResetIntra}, {@code MaySearch <-
 * NeverSearch}). TLC runs the replacement (the verdict changes from the family's model with the
 * same constants), and an override that names nothing the spec defines, or an operator of another
 * arity, is one line before TLC runs.
 */
@Tag("integration")
class TlcOverrideTest {
    @TempDir
    Path work;

    private final Path specs = TlcFixture.SPECS;

    private static Path res(String name) {
        return TlcFixture.resource("override/" + name);
    }

    private Tlc.Result run(String cfg) {
        return TlcFixture.run(res("CNA_Override.tla"), res(cfg), 2, work.resolve(cfg), 600, new Tlc.Exhaustive());
    }

    @Test
    void theCounterResetReplacesCnasIntraAndLosesTheBound() throws Exception {
        // The same constants as the family's CNA_Threshold_N3_T1, which proves BoundedBypass at K = 1
        // (manifest; TlcManifestTest): only the override differs.
        Map<String, String> base = new LinkedHashMap<>(TlcConfig.read(specs.resolve(
                "cna/models/CNA_Threshold_N3_T1.cfg")).constantAssignments());
        Map<String, String> mine = new LinkedHashMap<>(TlcConfig.read(res("CNA_Override_Reset.cfg"))
                .constantAssignments());
        assertEquals("Intra <- ResetIntra", mine.remove("Intra"));
        assertEquals(base, mine);

        Tlc.Result r = run("CNA_Override_Reset.cfg");
        assertEquals(Outcome.FAIL, r.outcome(), r.message());
        assertEquals("BoundedBypass", r.violated(), r.message());
    }

    @Test
    void aSearchPolicyThatNeverSearchesReplacesCnasHandOff() throws Exception {
        Tlc.Result r = run("CNA_Override_NoSearch.cfg");
        assertEquals(Outcome.FAIL, r.outcome(), r.message());
        assertTrue(r.message().startsWith("deadlock"), r.message());
    }

    @Test
    void anOverrideOfNothingIsOneLineBeforeTlcRuns() {
        HandoffException e = assertThrows(HandoffException.class, () -> run("CNA_Override_Unknown.cfg"));
        assertTrue(e.getMessage().contains("Nonesuch <- ResetIntra: Nonesuch is neither a constant nor a definition of"
                + " CNA_Override.tla"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }

    @Test
    void aSingleRunRefusesAnOverrideOfAnotherArityToo() {
        // handoff tlc runs one model without the lint: the same one line, before TLC starts.
        HandoffException e = assertThrows(HandoffException.class, () -> run("CNA_Override_Arity.cfg"));
        assertTrue(e.getMessage().contains("Intra <- Zero: Intra takes 1 argument(s), Zero takes 0"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }

    @Test
    void anOverrideOfAnotherArityIsOneLineBeforeTlcRuns() throws Exception {
        Path spec = res("CNA_Override.tla");
        List<Path[]> models = List.of(new Path[] {spec, res("CNA_Override_Arity.cfg")}, new Path[] {spec,
                res("CNA_Override_Reset.cfg")});
        HandoffException e = assertThrows(HandoffException.class, () -> Tlc.lint(models, Specs.library(specs.getParent()), work, org.handoff.core.Jdk.current()));
        assertTrue(e.getMessage().contains("Intra <- Zero: Intra takes 1 argument(s), Zero takes 0"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        // the good override passes the same preflight
        Tlc.lint(List.<Path[]>of(new Path[] {spec, res("CNA_Override_Reset.cfg")}, new Path[] {spec,
                res("CNA_Override_NoSearch.cfg")}), Specs.library(specs.getParent()), work, org.handoff.core.Jdk.current());
    }
}
