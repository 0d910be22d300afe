package org.handoff.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.handoff.core.Check;
import org.handoff.core.Level;
import org.handoff.core.Manifest;
import org.handoff.core.ProjectRoot;
import org.junit.jupiter.api.Test;

/** The table of memory-layer models side by side that {@code handoff stats} writes after its main one. */
class StatsWeakTableTest {

    @Test
    void oneRowPerModelWithItsMemoryModelsInColumns() {
        List<StatsCommand.WeakRow> rows = List.of(
                new StatsCommand.WeakRow("MCSWeak_N2_SC", "SC", 426L, 1.2, 1, "quick"),
                new StatsCommand.WeakRow("MCSWeak_N2_WMO", "WMO", 5_496L, 3.4, 1, "quick"),
                new StatsCommand.WeakRow("QSpinlockWeak_N2_WMO_safety", "WMO", 122_464L, 9.9, 2, "quick"),
                new StatsCommand.WeakRow("MCSWeak_N2_TSO", "TSO", 1_880L, 2.0, 1, "quick"),
                new StatsCommand.WeakRow("QSpinlockWeak_N2_WMO", "WMO", 122_464L, 300.0, 1, "full"));
        String t = StatsCommand.weakTable(rows, true);
        assertTrue(t.contains("| `MCSWeak_N2` | 426 | 1.2 (1) | 1,880 | 2.0 (1) | 5,496 | 3.4 (1) |\n"), t);
        // The memory model is taken out of the name wherever it stands; what follows it stays.
        assertTrue(t.contains("| `QSpinlockWeak_N2_safety` | – | – | – | – | 122,464 | 9.9 (2) |\n"), t);
        assertTrue(t.contains("| `QSpinlockWeak_N2` | – | – | – | – | 122,464 | 300.0 (1) full |\n"), t);
        assertEquals(3, t.lines().filter(l -> l.startsWith("| `")).count(), t);
        assertFalse(t.contains("left out"), t);
        assertTrue(StatsCommand.weakTable(rows, false).contains("left out"));
    }

    @Test
    void theTableHoldsCorrectModelsOnTheMemoryLayerOnly() {
        Path root = ProjectRoot.find();
        List<Check> tlc = Manifest.load(root).select(List.of("mcs"), Level.TLC, "full");
        Check weak = named(tlc, "MCSWeak_N2_TSO");
        assertEquals("TSO", StatsCommand.layerModel(root, weak));
        // A family spec has no MemoryModel constant; mutants and witnesses are not correct models.
        assertNull(StatsCommand.layerModel(root, named(tlc, "MCS_N2")));
        assertNull(StatsCommand.layerModel(root, tlc.stream().filter(c -> c.mutant() && c.check().contains("Weak")).findFirst().orElseThrow()));
        assertNull(StatsCommand.layerModel(root, tlc.stream()
                .filter(c -> c.isWitness() && c.check().contains("Weak")).findFirst().orElseThrow()));
    }

    private static Check named(List<Check> checks, String name) {
        return checks.stream().filter(c -> c.check().equals(name)).findFirst().orElseThrow(() -> new AssertionError(name));
    }
}
