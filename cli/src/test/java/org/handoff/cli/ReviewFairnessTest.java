package org.handoff.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.handoff.cli.report.Fairness;
import org.handoff.core.Check;
import org.handoff.core.Level;
import org.handoff.core.Manifest;
import org.handoff.core.Outcome;
import org.handoff.core.ProjectRoot;
import org.junit.jupiter.api.Test;

/** The review's diff ends with the fairness harness's bypass for both sides, or why a side has none. */
class ReviewFairnessTest {
    @Test
    void theDiffShowsBothSidesBypassOrWhyNot() throws InterruptedException {
        Check unported = new Check("cna", "cna-unported", false, Level.TLC, "CNA_Unported_N3", "MutualExclusion",
                Outcome.PASS, null, "quick", Map.of());
        // The harness already reruns a run whose threads took turns (3 runs); on a loaded machine
        // all three sometimes do, so the whole measurement is taken again, at most five times.
        Fairness f = null;
        for (int attempt = 0; attempt < 5 && (f == null || !f.results().stream().allMatch(Fairness::contended)); attempt++) {
            f = Fairness.run(Set.of("cna"), List.of(unported), 5, 20_000, new PrintWriter(new StringWriter()),
                    Manifest.load(ProjectRoot.find()));
        }
        StringWriter out = new StringWriter();
        ReviewCommand.printFairness(new PrintWriter(out, true), f, "cna-threshold", "cna-unported");
        String text = out.toString();
        assertTrue(text.contains("seed 5: 4 threads on 2 virtual nodes, 20,000 acquisitions each"), text);
        assertTrue(text.matches("(?s).*\\n  cna-threshold  max bypass [0-9,]+  p99 [0-9,]+  mean [0-9.]+  .*"), text);
        assertTrue(text.contains("  cna-unported   not measured: the manifest registers no port class for it"), text);
    }
}
