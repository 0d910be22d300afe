package org.handoff.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.handoff.core.Manifest;
import org.handoff.core.ProjectRoot;
import org.handoff.models.qspinlock.DoorwayObserver;
import org.junit.jupiter.api.Test;

/**
 * {@code handoff fairness} measures each named variant on the port class its family's manifest file
 * registers, prints its seed, and refuses bad input in one line.
 */
class FairnessCommandTest {
    @Test
    void aVariantRunsOnItsRegisteredPortAndPrintsTheSeed() {
        CliTest.Run r = CliTest.run("fairness", "mcs", "cna-prob", "--acquisitions", "2000", "--seed", "11");
        assertEquals(Main.OK, r.code(), r.out() + r.err());
        assertTrue(r.out().startsWith("fairness: seed 11, 4 threads on 2 virtual nodes, 2000 acquisitions"), r.out());
        List<String> lines = r.out().lines().skip(1).toList();
        assertEquals(2, lines.size(), r.out());
        assertTrue(lines.get(0).startsWith("mcs ") && lines.get(1).startsWith("cna-prob "), r.out());
    }

    @Test
    void theNamesResolveThroughTheManifestsPorts() {
        Manifest m = Manifest.load(ProjectRoot.find());
        assertEquals(Map.of("cna-prob", m.port("cna", "cna-prob"), "pass-one", m.port("cna", "pass-one")),
                FairnessCommand.ports(m, List.of("cna-prob", "pass-one")));
        Map<String, String> all = FairnessCommand.ports(m, List.of());
        assertTrue(all.containsKey("mcs") && all.containsKey("pv-wait-early") && !all.containsKey("pass-one"), all.toString());
    }

    @Test
    void badInputIsOneLine() {
        for (String[] bad : new String[][] {
                {"unknown variant 'nope' (see 'handoff list')", "fairness", "nope"},
                {"mcs: threads must be 1 to 64, not 0", "fairness", "mcs", "--threads", "0"},
                {"--prob-arg must be a power of two, not 3", "fairness", "cna-prob", "--prob-arg", "3"},
                {"cna-pv: port class org.handoff.models.pv.CnaPvLock has no constructor (SpinPolicy, DoorwayObserver)",
                        "fairness", "cna-pv"}}) {
            CliTest.Run r = CliTest.run(java.util.Arrays.copyOfRange(bad, 1, bad.length));
            assertEquals(Main.BAD_INPUT, r.code(), r.out() + r.err());
            assertEquals("handoff: " + bad[0], r.err().strip(), r.err());
            assertFalse(r.err().contains("Exception"), r.err());
        }
    }
}
