package org.handoff.lincheck;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.handoff.core.Check;
import org.handoff.core.Level;
import org.handoff.core.Manifest;
import org.handoff.core.ProjectRoot;
import org.junit.jupiter.api.Test;

/** How a batch JVM's output is cut into its checks' sections, and what counts a verdict keeps. */
class LincheckBatchTest {

    @Test
    void sectionsAreCutAtTheMarkersWhateverTheChunks() {
        List<String> seen = new ArrayList<>();
        LincheckRunner.BatchSink sink = new LincheckRunner.BatchSink((i, s) ->
                seen.add(i + "|" + s.exitCode() + "|" + s.seconds() + "|" + s.output()));
        String text = "noise before\n" + LincheckMain.CHECK_BEGIN + "0\n" + LincheckMain.RESULT_PREFIX + "none\n"
                + LincheckMain.CHECK_END + "0 1.500\n" + LincheckMain.CHECK_BEGIN + "1\nline a\n"
                + LincheckMain.RESULT_PREFIX + "livelock\n" + LincheckMain.CHECK_END + "1 0.250\n"
                + LincheckMain.CHECK_BEGIN + "2\nstarted, never ended\n";
        try (PrintStream out = new PrintStream(sink, true, StandardCharsets.UTF_8)) {
            byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
            for (int i = 0; i < bytes.length; i += 7) { // chunks that cut lines, as a pipe delivers them
                out.write(bytes, i, Math.min(7, bytes.length - i));
            }
        }
        assertEquals(List.of("0|0|1.5|" + LincheckMain.RESULT_PREFIX + "none\n",
                "1|1|0.25|line a\n" + LincheckMain.RESULT_PREFIX + "livelock\n"), seen);
    }

    @Test
    void aVerdictKeepsTheStepsThatRanAndTheRequiredOnes() throws Exception {
        Check pv = Manifest.load(ProjectRoot.find()).select(List.of("pv"), Level.LINCHECK, "quick").stream()
                .filter(c -> !c.hooks().isEmpty()).findFirst().orElseThrow();
        String required = pv.hooks().get(0);
        Map<String, Long> counts = new java.util.TreeMap<>(Map.of(required, 0L, "cna_pass_lock", 0L,
                "pv_wait_node:halt", 3L));
        assertEquals(Map.of(required, 0L, "pv_wait_node:halt", 3L), LincheckRunner.counted(pv, counts));
    }
}
