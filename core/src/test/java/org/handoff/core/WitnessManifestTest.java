package org.handoff.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Witness entries, recorded violation sets and variant actions: how the manifest reads and checks them. */
class WitnessManifestTest {
    private static final String FAMILY = "\"families\": [{\"name\": \"mcs\", \"spec\": \"MCS\", \"variants\": [\"mcs\", \"v\"]}]";
    private static final String TWIN = "{\"family\": \"mcs\", \"variant\": \"v\", \"level\": \"tlc\", \"check\": \"M_N3\","
            + " \"spec\": \"MCS.tla\", \"config\": \"models/M_N3.cfg\", \"expected\": \"pass\", \"states\": 10}";

    private static Manifest parse(String checks, String extra) {
        return Manifest.parse("{" + FAMILY + ", \"checks\": [" + checks + "]" + extra + "}", "test.json");
    }

    private static String witness(String config, String extra) {
        return "{\"family\": \"mcs\", \"variant\": \"v\", \"level\": \"tlc\", \"check\": \"M_N3_wX\", \"spec\": \"MCS.tla\","
                + " \"config\": \"" + config + "\", \"witness\": \"NeverX\", \"expected\": \"fail\"" + extra + "}";
    }

    @Test
    void aWitnessNamesItsPassingTwin() {
        Manifest m = parse(TWIN + "," + witness("models/M_N3.cfg", ""), "");
        Check w = m.checks().get(1);
        assertTrue(w.isWitness());
        assertEquals("NeverX", w.expectedViolation());
        assertEquals("M_N3", w.param("twin"));
    }

    @Test
    void aWitnessWithoutATwinIsOneLine() {
        HandoffException e = assertThrows(HandoffException.class, () -> parse(TWIN + "," + witness("models/Other.cfg", ""), ""));
        assertTrue(e.getMessage().contains("witness tlc:mcs/v:M_N3_wX has no passing twin"), e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
    }

    @Test
    void aWitnessIsAnExpectedFailureOnItsOwnInvariant() {
        assertThrows(HandoffException.class, () -> parse(TWIN + ","
                + witness("models/M_N3.cfg", ", \"property\": \"MutualExclusion\""), ""));
        assertThrows(HandoffException.class, () -> parse(TWIN + ","
                + witness("models/M_N3.cfg", "").replace("\"NeverX\"", "\"X\""), ""));
    }

    @Test
    void aViolationSetNamesCatalogueProperties() {
        String ok = "{\"family\": \"mcs\", \"variant\": \"bug\", \"mutant\": true, \"level\": \"tlc\", \"check\": \"B\","
                + " \"expected\": \"fail\", \"property\": \"MutualExclusion\", \"violates\": [\"MutualExclusion\", \"BoundedBypass\"]}";
        assertEquals(List.of("MutualExclusion", "BoundedBypass"), parse(ok, "").checks().get(0).violates());
        HandoffException unknown = assertThrows(HandoffException.class,
                () -> parse(ok.replace("\"BoundedBypass\"]", "\"Nope\"]"), ""));
        assertTrue(unknown.getMessage().contains("violates: unknown property 'Nope'"), unknown.getMessage());
        assertThrows(HandoffException.class, () -> parse(ok.replace("[\"MutualExclusion\", ", "["), ""));
    }

    @Test
    void variantActionsReachThePassingModelsOfTheVariant() {
        Manifest m = parse(TWIN, ", \"variantActions\": [{\"family\": \"mcs\", \"variant\": \"v\", \"actions\": [\"A\", \"B\"]}]");
        assertEquals(List.of("A", "B"), m.checks().get(0).covers());
        HandoffException e = assertThrows(HandoffException.class, () -> parse(TWIN,
                ", \"variantActions\": [{\"family\": \"mcs\", \"variant\": \"nope\", \"actions\": [\"A\"]}]"));
        assertTrue(e.getMessage().contains("variantActions names mcs/nope"), e.getMessage());
    }

    /** A model that takes a variant action apart (PVSteps) must fire each part instead. */
    @Test
    void splitsReplaceAVariantActionByItsSteps() {
        String actions = ", \"variantActions\": [{\"family\": \"mcs\", \"variant\": \"v\", \"actions\": [\"A\", \"B\"]}]";
        String split = TWIN.replace("\"states\": 10", "\"states\": 10, \"splits\": [\"A: A1 A2\"]");
        assertEquals(List.of("A1", "A2", "B"), parse(split, actions).checks().get(0).covers());
        HandoffException e = assertThrows(HandoffException.class,
                () -> parse(TWIN.replace("\"states\": 10", "\"states\": 10, \"splits\": [\"A A1\"]"), actions));
        assertTrue(e.getMessage().contains("splits entry 'A A1' is not 'Action: Step Step ...'"), e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
    }

    /** A slice of a variant leaves the actions it does not contain out, and says why. */
    @Test
    void aSliceNamesTheActionsOutsideItWithAReason() {
        String actions = ", \"variantActions\": [{\"family\": \"mcs\", \"variant\": \"v\", \"actions\": [\"A\", \"B\"]}]";
        String slice = TWIN.replace("\"states\": 10", "\"states\": 10, \"outside\": [\"B\"], \"reason\": \"a slice\"");
        assertEquals(List.of("A"), parse(slice, actions).checks().get(0).covers());
        HandoffException unknown = assertThrows(HandoffException.class,
                () -> parse(slice.replace("[\"B\"]", "[\"C\"]"), actions));
        assertTrue(unknown.getMessage().contains("'outside' names C, which is not an action of mcs/v"), unknown.getMessage());
        HandoffException noReason = assertThrows(HandoffException.class,
                () -> parse(slice.replace(", \"reason\": \"a slice\"", ""), actions));
        assertTrue(noReason.getMessage().contains("'outside' needs a 'reason'"), noReason.getMessage());
        assertEquals(1, noReason.getMessage().lines().count());
    }

    @Test
    void aVacuousRunIsNoPassAndASetDifferenceIsAMismatch() {
        Manifest m = parse(TWIN + "," + witness("models/M_N3.cfg", ""), "");
        Check twin = m.checks().get(0);
        Check w = m.checks().get(1);
        Verdict vacuous = new Verdict(twin, Outcome.VACUOUS, null, 10L, 1, "action A never fired", List.of(), Map.of("A", 0L));
        assertTrue(vacuous.mismatch().startsWith("vacuous: action A never fired"));
        assertNull(new Verdict(w, Outcome.FAIL, "NeverX", 5L, 1, "").mismatch());
        assertTrue(new Verdict(w, Outcome.PASS, null, 10L, 1, "").mismatch().contains("expected fail (NeverX)"));

        String bug = "{\"family\": \"mcs\", \"variant\": \"bug\", \"mutant\": true, \"level\": \"tlc\", \"check\": \"B\","
                + " \"expected\": \"fail\", \"property\": \"BoundedBypass\", \"violates\": [\"BoundedBypass\"]}";
        Check b = parse(bug, "").checks().get(0);
        assertNull(new Verdict(b, Outcome.FAIL, "BoundedBypass", 5L, 1, "", List.of("BoundedBypass", "TypeOK"), null).mismatch());
        String hidden = new Verdict(b, Outcome.FAIL, "BoundedBypass", 5L, 1, "",
                List.of("BoundedBypass", "MutualExclusion"), null).mismatch();
        assertTrue(hidden.contains("violates [BoundedBypass, MutualExclusion], manifest records [BoundedBypass]"), hidden);
    }

    @Test
    void aStateFormReportsItsProperty() {
        String lost = "{\"family\": \"mcs\", \"variant\": \"bug\", \"mutant\": true, \"level\": \"tlc\", \"check\": \"L\","
                + " \"expected\": \"fail\", \"property\": \"NoLostWakeup\"}";
        Check c = parse(lost, "").checks().get(0);
        assertNull(new Verdict(c, Outcome.FAIL, "WakeupComing", 5L, 1, "").mismatch());
        assertEquals(Property.NoLostWakeup, Property.reportedAs("WakeupComing"));
        assertEquals(Property.HashConsistent, Property.reportedAs("StepsHashConsistent"));
        assertNull(Property.reportedAs("TypeOK"));
    }
}
