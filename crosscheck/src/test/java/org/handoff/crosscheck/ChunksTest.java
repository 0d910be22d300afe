package org.handoff.crosscheck;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The chunks a cross-check records and validates its runs in: small first, so that a mutant caught
 * early stops early, and growing, so that one caught a little later does not validate a whole batch
 * first (PV's non-atomic-kick, caught at run 12 of 600 in one CI run, validated 260 runs then).
 */
class ChunksTest {
    private static String chunks(int runs) {
        return CrosscheckRunner.chunks(runs).stream().map(c -> c[0] + "-" + c[1]).toList().toString();
    }

    @Test
    void theChunksGrowTenfoldUpToABatch() {
        assertEquals("[0-5]", chunks(5));
        assertEquals("[0-10, 10-100]", chunks(100));
        assertEquals("[0-10, 10-110, 110-360, 360-600]", chunks(600));
        assertEquals("[0-10, 10-110, 110-360, 360-610, 610-860, 860-1000]", chunks(1000));
        assertEquals(List.of(), CrosscheckRunner.chunks(0));
    }
}
