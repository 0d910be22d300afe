package org.handoff.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.handoff.core.Check;
import org.handoff.core.Level;
import org.handoff.core.Manifest;
import org.handoff.core.Outcome;
import org.handoff.core.ProjectRoot;
import org.junit.jupiter.api.Test;

/**
 * The report's fairness evidence covers every variant under report, each measured through the port
 * class the manifest registers for it (a family's own variants and proposed ones alike), and for any
 * other a stated reason, never a silent gap.
 */
class ReportFairnessTest {
    private static Check check(String variant, boolean mutant, String lock) {
        return new Check("cna", variant, mutant, Level.LINCHECK, "org.handoff.lincheck.cna.CnaCounterTest", "MutualExclusion",
                Outcome.PASS, null, "quick", lock == null ? Map.of() : Map.of("lock", lock));
    }

    @Test
    void eachVariantIsMeasuredByItsPortClassOrSaysWhyNot() {
        Map<String, String> notMeasured = new LinkedHashMap<>();
        Map<String, String> ports = Fairness.variantPorts(List.of(
                check("cna-threshold", false, "org.handoff.models.cna.CnaThreshold"),
                check("cna-proposed", false, "org.handoff.models.cna.CnaProb"),
                check("cna-unported", false, null),
                check("cna-mcs-based", false, "org.handoff.models.mcs.McsLock"), // another family's port: measured too
                check("cna-ticket-w2", false, "org.handoff.models.ticket.TicketLock$Width2"),
                check("pass-one", true, "org.handoff.models.cna.CnaMutants$PassOne")), notMeasured);
        assertEquals(Map.of("cna-threshold", "org.handoff.models.cna.CnaThreshold", "cna-proposed",
                "org.handoff.models.cna.CnaProb", "cna-mcs-based", "org.handoff.models.mcs.McsLock"), ports);
        assertEquals(Set.of("cna-unported", "cna-ticket-w2"), notMeasured.keySet());
        assertTrue(notMeasured.get("cna-unported").contains("registers no port class"), notMeasured.toString());
        assertTrue(notMeasured.get("cna-ticket-w2").contains("has no constructor (SpinPolicy, Doorway)"),
                notMeasured.toString());
    }

    /**
     * A review at TLC only runs no entry that names a port; the variant is measured through the
     * manifest's registry all the same, not reported as having no port.
     */
    @Test
    void aVariantWhoseChecksRunNoPortIsMeasuredThroughTheRegistry() {
        Check tlcOnly = new Check("cna", "cna-proposed", false, Level.TLC, "CNA_Proposed_N3", "MutualExclusion", Outcome.PASS,
                null, "quick", Map.of());
        Map<String, String> notMeasured = new LinkedHashMap<>();
        assertEquals(Map.of(), Fairness.variantPorts(List.of(tlcOnly), notMeasured));
        assertTrue(notMeasured.get("cna-proposed").contains("registers no port class"), notMeasured.toString());
        notMeasured.clear();
        Map<String, String> ports = Fairness.variantPorts(List.of(tlcOnly), notMeasured,
                (family, variant) -> family.equals("cna") && variant.equals("cna-proposed") ? "org.handoff.models.cna.CnaProb" : null);
        assertEquals(Map.of("cna-proposed", "org.handoff.models.cna.CnaProb"), ports);
        assertEquals(Map.of(), notMeasured);
    }

    @Test
    void theSummaryNamesTheVariantsWithoutAHistogram() throws InterruptedException {
        StringWriter progress = new StringWriter();
        Fairness f = Fairness.run(Set.of("cna"), List.of(check("cna-proposed", false,
                "org.handoff.models.cna.CnaProb"), check("cna-unported", false, null)), 1, 200, new PrintWriter(progress),
                Manifest.load(ProjectRoot.find()));
        // The family's own variants as it declares them, then its proposed variant's file, then the rest.
        assertEquals(List.of("cna-v1", "cna-threshold", "cna-prob", "cna-proposed"),
                f.results().stream().map(r -> r.config().lock()).toList());
        assertEquals(Set.of("cna-unported"), f.notMeasured().keySet());
        String md = new Report("test", "now", List.of(), f, java.nio.file.Path.of(".")).markdown();
        assertTrue(md.contains("No histogram for cna-unported (the manifest registers no port class for it"), md);
    }
}
