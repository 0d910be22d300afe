package org.handoff.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
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
 * The comparison is also run with one cell changed and one row removed, and must name each.
 */
class TlcStatsDocTest {

    @Test
    void theStatisticsTableHasTheManifestsStateCounts() {
        Path root = ProjectRoot.find();
        Map<String, String> distinct = StatsCommand.column(root.resolve("docs/tlc-stats.md"), "distinct states");
        List<Check> counted = Manifest.load(root).select(List.of(), Level.TLC, "quick").stream()
                .filter(c -> c.expectedStates() != null).toList();
        assertTrue(counted.size() > 50, "only " + counted.size() + " models with recorded states");
        assertEquals(List.of(), disagreements(distinct, counted), "docs/tlc-stats.md disagrees with the manifest"
                + " (./handoff stats --profile quick --weak-memory --output docs/tlc-stats.md regenerates it)");

        // Seeded: one cell changed, one row gone; each is named.
        Check first = counted.get(0);
        String model = model(first);
        Map<String, String> changed = new HashMap<>(distinct);
        changed.put(model, "1" + distinct.get(model));
        assertEquals(List.of(model + ": 1" + distinct.get(model) + " in the doc, " + first.expectedStates()
                + " in the manifest"), disagreements(changed, counted));
        Map<String, String> gone = new HashMap<>(distinct);
        gone.remove(model);
        assertEquals(List.of(model + ": no row"), disagreements(gone, counted));
    }

    /** Each model of {@code checks} whose row in {@code distinct} is missing or gives other states. */
    static List<String> disagreements(Map<String, String> distinct, List<Check> checks) {
        List<String> wrong = new ArrayList<>();
        for (Check c : checks) {
            String cell = distinct.get(model(c));
            if (cell == null) {
                wrong.add(model(c) + ": no row");
            } else if (!cell.replace(",", "").equals(c.expectedStates().toString())) {
                wrong.add(model(c) + ": " + cell + " in the doc, " + c.expectedStates() + " in the manifest");
            }
        }
        return wrong;
    }

    /** The model's name as the table gives it: its config's file name. */
    private static String model(Check c) {
        return Path.of(c.param("config")).getFileName().toString().replaceFirst("\\.cfg$", "");
    }
}
