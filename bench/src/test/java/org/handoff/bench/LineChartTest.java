package org.handoff.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The benchmark charts, drawn with the project's SVG writer. */
class LineChartTest {
    @Test
    void aMissingPointBreaksTheLineAndTheFileStandsAlone() {
        String svg = LineChart.lines("ops/s <&>", "threads", "ops/s", List.of("1", "2", "4"),
                List.of(new LineChart.Series("mcs", new double[] {10, Double.NaN, 40}),
                        new LineChart.Series("qspinlock", new double[] {20, 30, 50})), true);
        // The first series is two strokes of one path (the point at 2 threads is missing), the second one.
        List<String> paths = svg.lines().flatMap(l -> java.util.Arrays.stream(l.split("<path "))).skip(1).toList();
        assertEquals(2, paths.size(), svg);
        assertTrue(paths.get(0).startsWith("d=\"M80 ") && paths.get(0).contains(" M560 "), paths.get(0));
        assertTrue(!paths.get(1).contains(" M") && paths.get(1).contains(" L"), paths.get(1));
        assertEquals(5, svg.split("<circle ").length - 1, "one point per value present");
        // A file of its own: the style sheet and the white ground are inside; the title is escaped.
        assertTrue(svg.contains("<style>svg{font-family:sans-serif;font-size:12px}svg .f9{") && svg.contains("fill=\"white\""), svg);
        assertTrue(svg.contains("<title>ops/s &lt;&amp;&gt;</title>") && svg.contains(">ops/s &lt;&amp;&gt;</text>"), svg);
        assertTrue(svg.contains("transform=\"rotate(-90 18 200)\">ops/s (log scale)</text>"), svg);
        assertTrue(svg.startsWith("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"760\" height=\"420\""), svg);
    }

    @Test
    void numbersReadShort() {
        assertEquals("1.5M", LineChart.human(1_500_000));
        assertEquals("20k", LineChart.human(20_000));
        assertEquals("3.2", LineChart.human(3.2));
    }
}
