package org.handoff.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A weak-memory counterexample's pictures show the memory layer: PV's kick without its barrier
 * (PVWeak_KickNoBarrier_WMO), where every state's picture has memory and both CPUs' store buffers,
 * and the kicker's cmpxchg runs with the hand-off store still in its buffer. A sequentially
 * consistent spec's pictures have no such panel (ReportTest's MCS mutant).
 */
class ReportMemoryTest {
    private static final Pattern STEP_SVG = Pattern.compile("<svg[^>]*class=\"step\".*?</svg>", Pattern.DOTALL);

    @Test
    void theStoreBuffersAreDrawn(@TempDir Path tmp) throws Exception {
        Path dir = tmp.resolve("report");
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(new String[] {"check", "pv", "--level", "tlc", "--check", "PVWeak_KickNoBarrier_WMO", "--report",
                dir.toString(), "--fairness-acquisitions", "1000", "--seed", "3"}, new PrintWriter(out, true), new PrintWriter(err, true));
        assertEquals(Main.OK, code, out + "\n" + err);
        String html = Files.readString(dir.resolve("report.html"));
        Matcher m = STEP_SVG.matcher(html);
        List<String> svgs = new ArrayList<>();
        while (m.find()) {
            svgs.add(m.group());
        }
        assertFalse(svgs.isEmpty(), "no step pictures");
        for (String svg : svgs) {
            assertTrue(svg.contains("t1&#39;s store buffer") || svg.contains("t1's store buffer"), svg);
            assertTrue(svg.contains("t2&#39;s store buffer") || svg.contains("t2's store buffer"), svg);
            assertTrue(svg.contains("memory (what a CPU reads"), svg);
        }
        // TLC draws its fingerprints at random, so which lost wake-up it reports varies from run to
        // run; every one has the kicker's relaxed cmpxchg read pn->state while the hand-off store is
        // still in its buffer (had it landed, the waiter's re-check after its barrier would see it).
        assertTrue(svgs.stream().anyMatch(s -> s.contains("· KickCmpxchg") && s.contains("node_locked[2] := 1 (release)")),
                "no picture shows the hand-off still buffered when the kicker's cmpxchg runs");
    }
}
