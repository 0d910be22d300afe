package org.handoff.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * How {@code variant new} renames a copied hook's body: calls of the other copies take the
 * variant's prefix, the name a guard tests against {@code Replaced} does not (it is the hook's
 * name in the spec's {@code ActionNames}, which a model's {@code Replaced} speaks of).
 */
class VariantRenameTest {
    private static final Pattern NAMES = Pattern.compile("(?<![A-Za-z0-9_!])(WaitNodeSleep|KickNode)(?![A-Za-z0-9_])");

    @Test
    void aGuardKeepsTheNameTheCopyStandsFor() {
        assertEquals("MineWaitNodeSleep(x) == Runs(x) /\\ \"WaitNodeSleep\" \\notin Replaced /\\ MineKickNode(x)",
                VariantCommand.renameOutsideStrings(
                        "WaitNodeSleep(x) == Runs(x) /\\ \"WaitNodeSleep\" \\notin Replaced /\\ KickNode(x)", NAMES, "Mine"));
    }

    @Test
    void qspinlocksActiveFormKeepsItToo() {
        assertEquals("MineKickNode(x) == Active(x, \"KickNode\") /\\ x' = x",
                VariantCommand.renameOutsideStrings("KickNode(x) == Active(x, \"KickNode\") /\\ x' = x", NAMES, "Mine"));
    }
}
