package org.handoff.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.handoff.cli.report.Fairness;
import org.handoff.cli.report.Report;
import org.handoff.core.Check;
import org.handoff.core.Manifest;
import org.handoff.core.Outcome;
import org.handoff.core.ProjectRoot;
import org.handoff.core.Verdict;
import org.handoff.models.fairness.FairnessHarness;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The report as a reviewer reads it: each counterexample told in sentences, the review's
 * conclusion first, nothing of Markdown left in the page, and the page laid out in headless
 * Chromium at 1280 and 1024 px with nothing wider than the window, cut off, outside its picture, on
 * top of another text or too small to read ({@code layout-check.js}, itself shown to catch a page
 * broken on purpose). Two pages: a check report of four failing models of three families (CNA,
 * PV, qspinlock: mutual exclusion, a lost waiter, a starved vCPU, a tight bound), and a review's
 * summary made from verdicts written for it, with a fairness histogram whose tail reaches 16K.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Tag("integration")
class ReportLayoutTest {
    private static final Path SPECS = ProjectRoot.find().resolve("specs");
    private static final List<Integer> WIDTHS = List.of(1280, 1024);

    private Path tmp;
    private Path checkPage;
    private Path reviewPage;
    private String checkErr;

    @BeforeAll
    void writeTheReports() throws Exception {
        tmp = Files.createTempDirectory("handoff-layout-test");
        Path dir = tmp.resolve("check");
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(new String[] {"check", "cna", "pv", "qspinlock", "--level", "tlc", "--check", "CNASteps_PassOne_N3",
                "--check", "CNA_Threshold_N3_T1_tight", "--check", "PVSteps_NoRecheck_N2_starvation", "--check",
                "QSpinlock_NoPendingWait_N2_L0", "--report", dir.toString(), "--fairness-acquisitions", "2000", "--seed", "3"},
                new PrintWriter(out, true), new PrintWriter(err, true));
        checkErr = "exit " + code + ": " + out + err;
        checkPage = dir.resolve("report.html");

        List<Verdict> base = List.of(
                new Verdict(entry("cna-threshold", "CNA_Threshold_N3_T1", "pass"), Outcome.PASS, null, 41_928L, 70.0, null),
                new Verdict(entry("cna-threshold", "CNA_Threshold_N3_T1_tight", "fail"), Outcome.FAIL, "BoundedBypass", 3_945L, 6.0,
                        null));
        List<Verdict> variant = List.of(
                new Verdict(entry("cna-reset", "CNA_Reset_N3_T1", "pass"), Outcome.FAIL, "BoundedBypass", 14_303L, 30.0,
                        "a detail of the check, printed as it is: " + "x".repeat(400)),
                // the long names and texts of the Java levels: a class name, a vacuous run's hook counts
                new Verdict(java("cna-reset", "lincheck", "org.handoff.lincheck.cna.CnaCounterTest"), Outcome.VACUOUS, null, null,
                        33.0, "the port's step cna_pass_lock:no-search never ran in the Lincheck run: the run never reached what"
                                + " the variant changes (hook counts: {cna_pass_lock=22704, cna_pass_lock:no-search=0,"
                                + " cna_try_clear_tail=39401, cna_try_clear_tail:secondary=2081, find_successor:move=2081})"),
                new Verdict(java("cna-reset", "jcstress", "org.handoff.litmus.cna.CnaSecondaryQueue"), Outcome.PASS, null,
                        null, 12.0, null));
        int[] bypass = new int[20_000];
        for (int i = 0; i < bypass.length; i++) {
            bypass[i] = i % 5 == 0 ? (int) Math.min(16_000, (long) i * i % 16_001) : 0;
        }
        FairnessHarness.Config config = new FairnessHarness.Config("cna-threshold", 4, 2, 5_000, 1, 256, 256, false,
                "org.handoff.models.cna.CnaThreshold");
        FairnessHarness.Result r = new FairnessHarness.Result(config, bypass, new int[] {5_000, 5_000, 5_000, 5_000}, 12_000,
                15_000, 0, 100, 1.5);
        Fairness fairness = new Fairness(1, 4, 2, 5_000, 256, 256, List.of(r), null,
                Map.of("cna-reset", "the manifest registers no port class for it"));
        List<Verdict> all = new ArrayList<>(base);
        all.addAll(variant);
        Report report = new Report("./handoff review cna --variant cna-reset --baseline cna-threshold", "now", all,
                fairness, ProjectRoot.find())
                .withSummary(ReviewCommand.summary(SPECS, "cna-threshold", base, "cna-reset", variant, fairness));
        reviewPage = tmp.resolve("review.html");
        Files.writeString(reviewPage, report.html());
    }

    private static Check entry(String variant, String check, String expected) {
        String json = "{ \"families\": [ { \"name\": \"cna\", \"spec\": \"CNA\", \"description\": \"CNA\", "
                + "\"variants\": [ \"cna-threshold\", \"cna-reset\" ] } ], \"checks\": [ { \"family\": \"cna\", \"variant\": \""
                + variant + "\", \"mutant\": false, \"level\": \"tlc\", \"check\": \"" + check + "\", \"spec\": \"CNA.tla\", "
                + "\"config\": \"models/" + check.replace("Reset", "Threshold") + ".cfg\", \"expected\": \"" + expected
                + "\", \"property\": \"BoundedBypass\", \"profile\": \"quick\", "
                + "\"reason\": \"a reason that names `CNA.tla` in Markdown's code span\" } ] }";
        return Manifest.parse(json, "test").checks().get(0);
    }

    private static Check java(String variant, String level, String check) {
        String json = "{ \"families\": [ { \"name\": \"cna\", \"spec\": \"CNA\", \"description\": \"CNA\", "
                + "\"variants\": [ \"cna-threshold\", \"cna-reset\" ] } ], "
                + "\"ports\": { \"" + variant + "\": \"org.handoff.models.cna.CnaLock\" }, \"checks\": [ { \"family\": \"cna\", "
                + "\"variant\": \"" + variant + "\", \"mutant\": false, \"level\": \"" + level + "\", \"check\": \"" + check
                + "\", \"expected\": \"pass\", \"property\": \"MutualExclusion\", \"profile\": \"quick\" } ] }";
        return Manifest.parse(json, "test").checks().get(0);
    }

    @AfterAll
    void removeTheReports() throws IOException {
        try (Stream<Path> walk = Files.walk(tmp)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    @Test
    void eachCounterexampleIsToldAndTheConclusionComesFirst() throws IOException {
        assertTrue(Files.isRegularFile(checkPage), checkErr);
        String html = Files.readString(checkPage);
        List<String> stories = new ArrayList<>();
        Matcher m = Pattern.compile("<p class=\"story\">(.*?)</p>", Pattern.DOTALL).matcher(html.replace("<wbr>", ""));
        while (m.find()) {
            stories.add(m.group(1));
        }
        assertEquals(4, stories.size(), String.join("\n", stories));
        assertTrue(stories.stream().anyMatch(s -> s.contains("breaks MutualExclusion: cpu1 and cpu2 are both in the critical"
                + " section (cpu1 since state 3, cpu2 since state 7)")), String.join("\n", stories));
        // Which vCPU a lost wake-up leaves halted is TLC's choice of lasso (its fingerprint polynomial
        // is drawn per run, and StarvationFreedom is one branch over every thread): any one will do.
        Pattern halted = Pattern.compile("no step is ever taken again: cpu\\d waits halted \\(pv_wait\\) for ever");
        assertTrue(stories.stream().anyMatch(s -> halted.matcher(s).find()), String.join("\n", stories));
        assertTrue(stories.stream().anyMatch(s -> s.contains("breaks BoundedBypass: cpu2 has been overtaken once since it passed"
                + " the doorway (bypass[2, 0] = 1)")), String.join("\n", stories));
        // the tight model fails on purpose: told and listed, not drawn
        String tight = html.substring(html.indexOf("<h3 id=\"cex-CNA_Threshold_N3_T1_tight\""));
        tight = tight.substring(0, tight.indexOf("<h3", 4));
        assertFalse(tight.contains("<svg"), "a tight model's trace is drawn");
        // the variant's own counter is drawn in every CNA node, zero or not
        assertTrue(html.contains(">intra_count = 0<"), "CNA's intra_count is not drawn when it is 0");

        String review = Files.readString(reviewPage);
        String plain = review.replace("<wbr>", "");
        int conclusion = plain.indexOf("<p class=\"conclusion\">Conclusion: cna-reset loses BoundedBypass");
        assertTrue(conclusion > 0 && conclusion < plain.indexOf("id=\"verdicts\""), "the conclusion comes before the verdicts");
        assertTrue(review.contains("<details><summary>Witnesses"), "the long lists are folded");
        assertTrue(review.replace("<wbr>", "").contains("<code>CNA.tla</code>"), "a code span of the manifest becomes code");
        for (String page : List.of(html, review)) {
            String outsidePre = page.replaceAll("(?s)<pre>.*?</pre>", "");
            assertFalse(outsidePre.contains("`"), "Markdown's backticks in the page");
            assertTrue(page.length() < 500_000, "the page is " + page.length() + " bytes");
        }
    }

    @Test
    void bothPagesLayOutAtTwoWidths() throws Exception {
        String chromium = chromiumOrSkip();
        assertTrue(Files.isRegularFile(checkPage), checkErr);
        List<String> problems = new ArrayList<>();
        for (Path page : List.of(checkPage, reviewPage)) {
            for (int width : WIDTHS) {
                String result = layout(chromium, page, width);
                if (!result.equals("OK")) {
                    problems.add(page.getFileName() + " at " + width + " px:\n" + result);
                }
                Path png = tmp.resolve(page.getFileName() + "-" + width + ".png");
                List<String> shot = new ArrayList<>(common(chromium));
                shot.addAll(List.of("--window-size=" + width + ",1600", "--screenshot=" + png, page.toUri().toString()));
                ReportTest.exec(shot, tmp.resolve("shot.log"));
                BufferedImage img = ImageIO.read(png.toFile());
                assertNotNull(img, "no screenshot at " + width);
                assertEquals(width, img.getWidth());
                long ink = 0;
                for (int y = 0; y < img.getHeight(); y += 3) {
                    for (int x = 0; x < img.getWidth(); x += 3) {
                        int rgb = img.getRGB(x, y);
                        ink += ((rgb >> 16) & 0xff) + ((rgb >> 8) & 0xff) + (rgb & 0xff) < 3 * 235 ? 1 : 0;
                    }
                }
                assertTrue(ink > (long) img.getWidth() * img.getHeight() / 9 / 50, page + " at " + width + ": a blank screenshot");
            }
        }
        assertTrue(problems.isEmpty(), String.join("\n\n", problems));
    }

    /** The layout check is a checker like any other: a page broken on purpose must fail it, each way. */
    @Test
    void theLayoutCheckCatchesAPageBrokenOnPurpose() throws Exception {
        String chromium = chromiumOrSkip();
        String broken = Files.readString(reviewPage).replace("</body>", "<table><tr><td>" + "y".repeat(2000) + "</td></tr></table>"
                + "<pre style=\"white-space:pre;overflow-x:hidden\">" + "z".repeat(500) + "</pre>"
                + "<figure><svg xmlns=\"http://www.w3.org/2000/svg\" class=\"step\" id=\"seeded\" width=\"200\" height=\"60\">"
                + "<text x=\"10\" y=\"20\" font-size=\"12\">first label</text><text x=\"14\" y=\"22\" font-size=\"12\">second label</text>"
                + "<text x=\"150\" y=\"40\" font-size=\"12\">runs past the edge</text>"
                + "<text x=\"10\" y=\"55\" font-size=\"5\">tiny</text></svg></figure></body>");
        Path page = tmp.resolve("broken.html");
        Files.writeString(page, broken);
        String result = layout(chromium, page, 1024);
        for (String expected : List.of("the page is wider than the window", "sticks out of the window", "content cut off",
                "texts overlap in seeded: \"first label\" and \"second label\"", "text outside its picture seeded: \"runs past the edge\"",
                "text too small", "in seeded: \"tiny\"")) {
            assertTrue(result.contains(expected), "not caught: " + expected + "\n" + result);
        }
    }

    private String layout(String chromium, Path page, int width) throws Exception {
        String script;
        try (InputStream in = ReportLayoutTest.class.getResourceAsStream("layout-check.js")) {
            script = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Path checked = tmp.resolve("checked-" + page.getFileName());
        Files.writeString(checked, Files.readString(page).replace("</body>", "<script>\n" + script + "\n</script></body>"));
        List<String> cmd = new ArrayList<>(common(chromium));
        cmd.addAll(List.of("--window-size=" + width + ",900", "--dump-dom", checked.toUri().toString()));
        String dom = ReportTest.exec(cmd, tmp.resolve("dom.html"));
        int at = dom.lastIndexOf("<pre id=\"layout-check\">");
        if (at < 0) {
            fail("the layout check wrote no result for " + page + " at " + width + " px");
        }
        String text = dom.substring(at + "<pre id=\"layout-check\">".length(), dom.indexOf("</pre>", at));
        return text.replace("&quot;", "\"").replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&").strip();
    }

    private List<String> common(String chromium) throws IOException {
        Path profile = Files.createTempDirectory(tmp, "chromium-profile");
        return List.of(chromium, "--headless", "--disable-gpu", "--no-sandbox", "--no-first-run", "--disable-dev-shm-usage",
                "--hide-scrollbars", "--user-data-dir=" + profile);
    }

    private static String chromiumOrSkip() {
        String chromium = ReportTest.chromium();
        if (chromium == null) {
            String why = "headless Chromium is not installed (Debian: apt-get install chromium)";
            if (System.getenv("CI") != null) {
                fail(why + "; CI must install it (.ci/run does)");
            }
            Assumptions.abort(why);
        }
        return chromium;
    }
}
