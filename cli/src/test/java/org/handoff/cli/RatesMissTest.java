package org.handoff.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * {@code rates} when an entry misses: the run still writes its column, the cell counts the runs that
 * caught the bug (none here), every miss is listed with its run and the verdict's reason, and the
 * exit code is 1. The miss is made certain, not waited for: in a copy of the project, the Lincheck
 * entry of MCS's {@code early-handoff} expects the wrong property (DeadlockFreedom), while the
 * mutant's double owner is a MutualExclusion failure in every run.
 */
@Tag("integration")
// It points handoff.root at a copy of the project: nothing else may run beside it.
@Isolated
@Execution(ExecutionMode.SAME_THREAD)
class RatesMissTest {
    @TempDir
    Path root;
    private ProjectCopy copy;

    @BeforeEach
    void copyTheProjectWithAWrongExpectation() throws Exception {
        copy = new ProjectCopy(root);
        Path mcs = root.resolve("specs/mcs/mcs.json");
        String entry = "\"variant\": \"early-handoff\",\n      \"mutant\": true,\n      \"level\": \"lincheck\",\n"
                + "      \"check\": \"org.handoff.lincheck.mcs.McsCounterTest\",\n      \"expected\": \"fail\",\n"
                + "      \"property\": \"MutualExclusion\"";
        String text = Files.readString(mcs);
        assertTrue(text.contains(entry), "specs/mcs/mcs.json no longer has the early-handoff Lincheck entry this test edits");
        Files.writeString(mcs, text.replace(entry, entry.replace("MutualExclusion", "DeadlockFreedom")));
    }

    @AfterEach
    void restoreTheRoot() {
        copy.close();
    }

    @Test
    void aMissIsCountedListedAndExitsOne() throws Exception {
        Path table = root.resolve("rates.md");
        CliTest.Run r = CliTest.run("rates", "mcs", "--level", "lincheck", "--check", "early-handoff", "--runs", "1",
                "--output", table.toString());
        assertEquals(Main.MISMATCH, r.code(), r.out() + r.err());
        String t = Files.readString(table);
        assertTrue(t.contains("| lincheck | mcs | early-handoff | `McsCounterTest` | DeadlockFreedom | 0/1 |"), t);
        assertTrue(t.contains("Misses:\n- run 1, lincheck mcs McsCounterTest: "), t);
        assertTrue(t.contains("MutualExclusion"), "the miss should say what the run found instead: " + t);
        assertTrue(r.err().contains("run 1 of 1: 0 of 1 entries caught their bug"), r.err());
    }
}
