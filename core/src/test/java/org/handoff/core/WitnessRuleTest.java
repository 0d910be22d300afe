package org.handoff.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every passing TLC model of a variant has a witness on that model (the sibling of the mutant
 * agreement rules): it holds for the project's manifest, and a seeded gap is reported.
 */
class WitnessRuleTest {
    @Test
    void everyPassingVariantModelOfTheManifestHasAWitness() {
        assertEquals(List.of(), Witnesses.problems(Manifest.load(ProjectRoot.find())));
    }

    @Test
    void aVariantModelWithoutAWitnessIsReported() {
        String fam = "\"families\": [{\"name\": \"f\", \"variants\": [\"base\", \"v\"]}]";
        String base = "{\"family\": \"f\", \"variant\": \"base\", \"level\": \"tlc\", \"check\": \"B_N3\", \"spec\": \"F.tla\","
                + " \"config\": \"models/B_N3.cfg\", \"expected\": \"pass\"}";
        String model = "{\"family\": \"f\", \"variant\": \"v\", \"level\": \"tlc\", \"check\": \"V_N3\", \"spec\": \"F.tla\","
                + " \"config\": \"models/V_N3.cfg\", \"expected\": \"pass\"}";
        String witness = "{\"family\": \"f\", \"variant\": \"v\", \"level\": \"tlc\", \"check\": \"V_N3_wX\", \"spec\": \"F.tla\","
                + " \"config\": \"models/V_N3.cfg\", \"witness\": \"NeverX\", \"expected\": \"fail\"}";
        Manifest without = Manifest.parse("{" + fam + ", \"checks\": [" + base + "," + model + "]}", "f.json");
        List<String> problems = Witnesses.problems(without);
        assertEquals(1, problems.size());
        assertTrue(problems.get(0).startsWith("tlc:f/v:V_N3: a passing model of variant v has no witness"), problems.get(0));
        Manifest with = Manifest.parse("{" + fam + ", \"checks\": [" + base + "," + model + "," + witness + "]}", "f.json");
        assertEquals(List.of(), Witnesses.problems(with));
        Manifest excused = Manifest.parse("{" + fam + ", \"checks\": [" + base + ","
                + model.replace("\"expected\"", "\"noWitness\": \"a litmus shape\", \"expected\"") + "]}", "f.json");
        assertEquals(List.of(), Witnesses.problems(excused));
    }

    /** Every quick TLC entry expected to fail records the whole set of properties it violates. */
    @Test
    void everyQuickExpectedFailureRecordsItsViolationSet() {
        List<String> missing = Manifest.load(ProjectRoot.find()).select(List.of(), Level.TLC, "quick").stream()
                .filter(c -> c.expected() == Outcome.FAIL && !c.isWitness() && c.violates().isEmpty())
                .map(Check::id).toList();
        assertEquals(List.of(), missing);
    }
}
