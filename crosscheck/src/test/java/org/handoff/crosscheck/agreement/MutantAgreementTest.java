package org.handoff.crosscheck.agreement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.handoff.crosscheck.agreement.MutantAgreement.Row;
import org.handoff.crosscheck.agreement.MutantAgreement.Status;
import org.handoff.core.Check;
import org.handoff.core.Level;
import org.handoff.core.Manifest;
import org.handoff.core.ProjectRoot;
import org.junit.jupiter.api.Test;

/**
 * The mutant agreement rules hold for the project's manifest, and each rule reports a seeded
 * disagreement in a synthetic one. Cheap: only the manifest is read.
 */
class MutantAgreementTest {

    /** A one-family manifest: the given checks (JSON objects without family) and mutants entries. */
    static Manifest synthetic(String checks, String mutants) {
        // Each variant with a Lincheck or trace entry gets a port of its own (the levels that run one).
        java.util.regex.Matcher v = java.util.regex.Pattern.compile(
                "\"variant\": \"([^\"]+)\", \"mutant\": (?:true|false), \"level\": \"(?:lincheck|crosscheck)\"").matcher(checks);
        java.util.Set<String> ports = new java.util.TreeSet<>();
        while (v.find()) {
            ports.add("\"" + v.group(1) + "\": \"org.example.P\"");
        }
        String json = "{\"families\": [{\"name\": \"f\", \"variants\": [\"f\"]}], \"ports\": {"
                + String.join(", ", ports) + "}, \"checks\": [" + checks + "], \"mutants\": [" + mutants + "]}";
        return Manifest.parse(json.replace("{\"variant\"", "{\"family\": \"f\", \"variant\""), "f.json");
    }

    static String fail(String variant, String level, String property) {
        return "{\"variant\": \"" + variant + "\", \"mutant\": true, \"level\": \"" + level + "\", \"check\": \""
                + variant + "-" + level + "\", \"expected\": \"fail\", \"property\": \"" + property + "\"}";
    }

    static String pass(String variant, String level, String reason) {
        return "{\"variant\": \"" + variant + "\", \"mutant\": true, \"level\": \"" + level + "\", \"check\": \""
                + variant + "-" + level + "\", \"expected\": \"pass\", \"reason\": \"" + reason + "\"}";
    }

    static String mutant(String name, String kind, String extra) {
        return "{\"name\": \"" + name + "\", \"kind\": \"" + kind + "\", \"source\": \"constructed\"" + extra + "}";
    }

    @Test
    void everyMutantOfTheManifestAgreesAcrossLevels() {
        Manifest m = Manifest.load(ProjectRoot.find());
        MutantAgreement a = MutantAgreement.of(m);
        assertEquals(List.of(), a.problems());
        // Every mutant variant of every family has a row.
        long variants = m.checks().stream().filter(Check::mutant).map(c -> c.family() + "/" + c.variant()).distinct().count();
        assertEquals(variants, a.rows().stream().mapToLong(r -> r.names().size()).sum());
        String table = a.markdown();
        assertTrue(table.contains("| mutant | kind | tlc | lincheck | jcstress | trace |"), table);
        System.out.println(table.lines().findFirst().orElse(""));
    }

    /** The pv spec and Java mutants of one bug share a row, so each level's catch counts for the bug. */
    @Test
    void theSameBugUnderTwoNamesIsOneRow() {
        MutantAgreement a = MutantAgreement.of(Manifest.load(ProjectRoot.find()));
        Row doubleHash = row(a, "pv", "double-hash");
        assertEquals(List.of("double-hash", "head-rehash", "non-atomic-kick"), doubleHash.names());
        assertEquals(List.of(Level.TLC, Level.JCSTRESS, Level.CROSSCHECK), doubleHash.caughtBy());
        assertEquals(List.of("kick-no-barrier", "no-fence-kick"), row(a, "pv", "no-fence-kick").names());
    }

    static Row row(MutantAgreement a, String family, String variant) {
        return a.rows().stream().filter(r -> r.family().equals(family) && r.names().contains(variant)).findFirst()
                .orElseThrow();
    }

    /** The seeded disagreement: a sequential-consistency bug caught by TLC alone, no reason given. */
    @Test
    void anScBugCaughtByTlcAloneWithoutReasonIsReported() {
        MutantAgreement a = MutantAgreement.of(synthetic(fail("m", "tlc", "MutualExclusion"), mutant("m", "sc", "")));
        List<String> bad = a.problems();
        assertEquals(List.of(
                "f/m: caught only by tlc, and lincheck has no entry and no written reason",
                "f/m: caught only by tlc, and jcstress has no entry and no written reason",
                "f/m: caught only by tlc, and crosscheck has no entry and no written reason",
                "f/m: a sequential-consistency bug that lincheck does not catch (no entry), with no written reason"),
                bad);
        // Reasons for the missing levels settle it.
        MutantAgreement reasoned = MutantAgreement.of(synthetic(fail("m", "tlc", "MutualExclusion"), mutant("m", "sc",
                ", \"levels\": {\"lincheck\": \"needs an interrupt\", \"jcstress\": \"needs an interrupt\","
                        + " \"crosscheck\": \"needs an interrupt\"}")));
        assertEquals(List.of(), reasoned.problems());
        assertTrue(reasoned.markdown().contains("— [1]"), reasoned.markdown());
    }

    @Test
    void aPassingEntrysReasonCountsAndAMissingDescriptionIsReported() {
        String checks = String.join(",", fail("m", "tlc", "MutualExclusion"), pass("m", "lincheck", "sequentially consistent"),
                pass("m", "jcstress", "x86 is TSO"), fail("n", "jcstress", "MutualExclusion"));
        MutantAgreement a = MutantAgreement.of(synthetic(checks, mutant("m", "weak-memory", "")));
        assertEquals(List.of("f/n: no entry in the family's \"mutants\" array (kind and source)",
                "f/n: caught only by jcstress, and tlc has no entry and no written reason",
                "f/n: caught only by jcstress, and lincheck has no entry and no written reason",
                "f/n: caught only by jcstress, and crosscheck has no entry and no written reason"), a.problems());
        Row m = row(a, "f", "m");
        assertEquals(Status.PASSES, m.cell(Level.LINCHECK).status());
        assertEquals(List.of("sequentially consistent"), m.cell(Level.LINCHECK).reasons());
        // A weak-memory mutant needs no written reason for trace validation: its kind is the reason.
        assertEquals(1, m.cell(Level.CROSSCHECK).reasons().size());
        assertTrue(m.cell(Level.CROSSCHECK).reasons().get(0).startsWith("a weak-memory bug"));
    }

    @Test
    void anScBugMissedByLincheckNeedsAReasonEvenWhenTwoLevelsCatchIt() {
        String checks = String.join(",", fail("m", "tlc", "MutualExclusion"), fail("m", "jcstress", "MutualExclusion"));
        assertEquals(List.of("f/m: a sequential-consistency bug that lincheck does not catch (no entry), with no written reason"),
                MutantAgreement.of(synthetic(checks, mutant("m", "sc", ""))).problems());
        // A liveness bug is not expected of Lincheck's bounded exploration.
        assertEquals(List.of(), MutantAgreement.of(synthetic(checks, mutant("m", "liveness", ""))).problems());
    }

    @Test
    void pairedMutantsShareTheirCatchesAndMustAgreeOnKind() {
        String checks = String.join(",", fail("spec", "tlc", "HashConsistent"), fail("java", "jcstress", "HashConsistent"),
                fail("java", "lincheck", "MutualExclusion"));
        MutantAgreement a = MutantAgreement.of(synthetic(checks,
                mutant("spec", "sc", ", \"pairs\": [\"java\"]") + "," + mutant("java", "sc", "")));
        assertEquals(List.of(), a.problems());
        Row r = a.rows().get(0);
        assertEquals(List.of("spec", "java"), r.names());
        assertEquals(List.of(Level.TLC, Level.LINCHECK, Level.JCSTRESS), r.caughtBy());
        MutantAgreement mixed = MutantAgreement.of(synthetic(checks,
                mutant("spec", "sc", ", \"pairs\": [\"java\"], \"levels\": {\"jcstress\": \"no Java form\"}") + ","
                        + mutant("java", "weak-memory", "")));
        assertEquals(List.of("f/spec: levels.jcstress explains a miss, but jcstress catches the bug (drop the reason)",
                "f/spec=java: the paired mutants are of different kinds [sc, weak-memory]"), mixed.problems());
    }

    /** The trace column is filled from crosscheck entries, and a catch there counts. */
    @Test
    void traceValidationEntriesFillTheTraceColumn() {
        String checks = String.join(",", fail("m", "tlc", "MutualExclusion"), fail("m", "crosscheck", "MutualExclusion"),
                pass("m", "lincheck", "sequentially consistent"));
        MutantAgreement a = MutantAgreement.of(synthetic(checks, mutant("m", "weak-memory", "")));
        assertEquals(List.of(), a.problems());
        assertEquals(Status.CAUGHT, a.rows().get(0).cell(Level.CROSSCHECK).status());
        assertTrue(a.markdown().contains("| `m` | weak-memory | MutualExclusion | passes [1] | — | MutualExclusion |"),
                a.markdown());
    }
}
