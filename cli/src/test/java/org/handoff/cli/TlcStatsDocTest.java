package org.handoff.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.handoff.core.Check;
import org.handoff.core.Level;
import org.handoff.core.Manifest;
import org.handoff.core.ProjectRoot;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/tlc-stats.md} and the manifest give one number for each passing model: the table's
 * distinct states are the manifest's expected states (which {@code mvn verify} holds TLC to), and
 * every quick-profile model the manifest counts has its row. A spec change that moved a count in
 * one and not the other fails here, naming the model; {@code ./handoff stats} regenerates the doc.
 */
class TlcStatsDocTest {

    @Test
    void theStatisticsTableHasTheManifestsStateCounts() {
        Path root = ProjectRoot.find();
        Map<String, String> distinct = StatsCommand.column(root.resolve("docs/tlc-stats.md"), "distinct states");
        List<String> wrong = new ArrayList<>();
        int compared = 0;
        for (Check c : Manifest.load(root).select(List.of(), Level.TLC, "quick")) {
            Long states = c.expectedStates();
            if (states == null) {
                continue;
            }
            String model = Path.of(c.param("config")).getFileName().toString().replaceFirst("\\.cfg$", "");
            String cell = distinct.get(model);
            if (cell == null) {
                wrong.add(model + ": no row");
            } else if (!cell.replace(",", "").equals(states.toString())) {
                wrong.add(model + ": " + cell + " in the doc, " + states + " in the manifest");
            }
            compared++;
        }
        assertEquals(List.of(), wrong, "docs/tlc-stats.md disagrees with the manifest (./handoff stats --profile quick"
                + " --weak-memory --output docs/tlc-stats.md regenerates it)");
        assertTrue(compared > 50, "only " + compared + " models with recorded states");
    }
}
