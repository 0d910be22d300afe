package org.handoff.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * {@code handoff check --report DIR}: the report of a failing mutant model (one picture per state
 * of its counterexample, the kernel functions named), the page as a real browser renders it
 * (headless Chromium), and bad report directories (one line, exit 2, nothing left behind).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Tag("integration")
class ReportTest {
    private static final Pattern STEP_SVG = Pattern.compile("<svg[^>]*class=\"step\"[^>]*>(.*?)</svg>", Pattern.DOTALL);

    record Run(int code, String out, String err) {
    }

    private Path tmp;
    private Path dir;
    private Run run;
    private String html;
    private String md;

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Run(code, out.toString(), err.toString());
    }

    @BeforeAll
    void writeTheReportOfAFailingMutant() throws IOException {
        tmp = Files.createTempDirectory("handoff-report-test");
        dir = tmp.resolve("report");
        run = run("check", "mcs", "--level", "tlc", "--check", "MCS_EarlyHandoff_N3", "--report", dir.toString(),
                "--fairness-acquisitions", "2000", "--seed", "7");
        if (Files.isRegularFile(dir.resolve("report.html"))) {
            html = Files.readString(dir.resolve("report.html"));
            md = Files.readString(dir.resolve("report.md"));
        }
    }

    @AfterAll
    void removeTheReports() throws IOException {
        if (tmp == null) {
            return;
        }
        try (Stream<Path> walk = Files.walk(tmp)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> {
                p.toFile().setWritable(true);
                p.toFile().delete();
            });
        }
    }

    /** The numbered lines of the report.md trace: the states of the counterexample. */
    private List<String> traceLines() {
        int start = md.indexOf("```text\n");
        int end = md.indexOf("```", start + 8);
        List<String> out = new ArrayList<>();
        for (String l : md.substring(start + 8, end).split("\n")) {
            if (l.matches("\\s*\\d+  .*")) {
                out.add(l);
            }
        }
        return out;
    }

    @Test
    void theReportDrawsEveryStateAndNamesTheKernelFunctions() {
        assertEquals(Main.OK, run.code(), run.out() + run.err());
        assertNotNull(html, "no report.html: " + run.err());
        assertTrue(run.err().contains("report: " + dir), run.err());
        try (Stream<Path> files = Files.list(tmp)) {
            assertEquals(List.of(dir), files.toList(), "the temporary directory is renamed into place, nothing else is left");
        } catch (IOException e) {
            fail(e);
        }

        // report.md: the verdict, the counterexample one line per step, the seed, the statistics
        List<String> states = traceLines();
        assertEquals(10, states.size(), md);
        assertTrue(states.contains(" 9  t1  EarlyHandoff [smp_store_release]  early[1]: FALSE -> TRUE, locked[2]: 0 -> 1"),
                String.join("\n", states));
        // Every property the mutant violates, as the manifest records them and as the run found them.
        assertTrue(md.contains("| `MCS_EarlyHandoff_N3` | early-handoff | yes | MutualExclusion | fail MutualExclusion"
                + " (violates MutualExclusion, QueueWellFormed) | fail MutualExclusion (violates MutualExclusion,"
                + " QueueWellFormed) | 157 |"), md);
        assertTrue(md.contains("| `MCS_EarlyHandoff_N3` | steps on the counterexample: "), md);
        assertTrue(md.contains("seed 7") && md.contains("| mcs |"), md);
        assertTrue(md.contains("| mcs | `MCS_EarlyHandoff_N3` | fail MutualExclusion | 157 | 326 | 10 | 1 |"), md);

        // report.html: one picture per state, each with shapes, headed by the step and its kernel function
        // (the states that matter come first, the others folded after them: put back in trace order)
        Matcher m = STEP_SVG.matcher(html);
        List<String> svgs = new ArrayList<>();
        while (m.find()) {
            svgs.add(m.group(1));
        }
        svgs.sort(Comparator.comparingInt(ReportTest::stateNumber));
        assertEquals(states.size(), svgs.size(), "one SVG per state of the counterexample");
        for (String svg : svgs) {
            assertTrue(svg.contains("<rect") && svg.contains("<text"), svg);
            assertFalse(svg.contains("store buffer"), "a memory panel in a sequentially consistent spec's picture: " + svg);
        }
        assertTrue(svgs.get(0).contains("1 · initial state"), svgs.get(0));
        assertTrue(svgs.get(3).contains("4 · t1 · XchgTail") && svgs.get(3).contains("kernel: mcs_spin_lock — prev = xchg(lock, node)"),
                svgs.get(3));
        assertTrue(svgs.get(8).contains("9 · t1 · EarlyHandoff") && svgs.get(8).contains("smp_store_release"), svgs.get(8));
        assertTrue(svgs.get(9).contains("2 holders: mutual exclusion is broken"), svgs.get(9));
        assertEquals(1, count(html, "class=\"chart\""), "the bypass histogram of mcs");
        assertTrue(html.contains("seed 7"), "the fairness seed is printed");
        // self-contained: no script, nothing fetched
        for (String banned : List.of("<script", " src=", "href=\"http", "url(http", "@import", "<link", "<iframe")) {
            assertFalse(html.contains(banned), banned);
        }
    }

    @Test
    void anEarlierReportIsReplacedWhole() throws IOException {
        Path again = tmp.resolve("again");
        Run first = run("check", "mcs", "--level", "tlc", "--check", "MCS_N2", "--report", again.toString(),
                "--fairness-acquisitions", "500");
        assertEquals(Main.OK, first.code(), first.err());
        Run second = run("check", "mcs", "--level", "tlc", "--check", "MCS_N2", "--report", again.toString(),
                "--fairness-acquisitions", "500", "--seed", "11");
        assertEquals(Main.OK, second.code(), second.err());
        String page = Files.readString(again.resolve("report.html"));
        assertTrue(page.contains("seed 11") && page.contains("No TLC model that ran produced a counterexample"), page);
        assertEquals(0, count(page, "class=\"step\""));
        try (Stream<Path> files = Files.list(tmp)) {
            assertTrue(files.noneMatch(p -> p.getFileName().toString().startsWith(".again")), "no temporary sibling left");
        }
    }

    @Test
    void aBadReportDirectoryGetsOneLineAndNothingIsLeftBehind() throws IOException {
        Path box = Files.createDirectories(tmp.resolve("bad"));
        Path file = Files.writeString(box.resolve("a-file"), "keep me");
        Run r = run("check", "mcs", "--level", "tlc", "--check", "MCS_N2", "--report", file.toString());
        assertOneLine(r, "a-file: exists and is not a directory");
        assertEquals("keep me", Files.readString(file));
        assertEquals(List.of(file), list(box));

        Path other = Files.createDirectories(box.resolve("not-a-report"));
        Files.writeString(other.resolve("notes.txt"), "mine");
        assertOneLine(run("check", "mcs", "--report", other.toString()), "holds other files than a report (notes.txt)");
        assertEquals(List.of(other.resolve("notes.txt")), list(other));

        assertOneLine(run("check", "mcs", "--report", box.resolve("no/such/parent/dir").toString()), "no such directory");
        assertOneLine(run("check", "mcs", "--seed", "3"), "--seed and --fairness-acquisitions apply only to --report");

        // a parent nobody may write to (root writes anywhere on disk: then /proc, where nobody creates files)
        Path locked = Files.createDirectories(box.resolve("read-only"));
        Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("r-xr-xr-x"));
        Path parent = writable(locked) ? Path.of("/proc") : locked;
        Assumptions.assumeFalse(writable(parent), "no unwritable directory to test with");
        Path target = parent.resolve("handoff-report-" + ProcessHandle.current().pid());
        Run ro = run("check", "mcs", "--level", "tlc", "--check", "MCS_N2", "--report", target.toString());
        assertOneLine(ro, parent + ": not writable");
        assertFalse(Files.exists(target));
        if (parent.equals(locked)) {
            assertEquals(List.of(), list(locked));
        }
        Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    /**
     * The page in a real browser: headless Chromium parses every picture as SVG with its shapes
     * (the DOM it dumps), and draws them (a screenshot that is not blank and has the holder's amber
     * and the changed entries' red in it). In CI (the CI variable set) a missing Chromium fails the
     * test; elsewhere the test is skipped with the reason.
     */
    @Test
    void theReportRendersInHeadlessChromium() throws Exception {
        String chromium = chromium();
        if (chromium == null) {
            String why = "headless Chromium is not installed (Debian: apt-get install chromium)";
            if (System.getenv("CI") != null) {
                fail(why + "; CI must install it (.ci/run does)");
            }
            System.out.println("ReportTest: skipped the browser check: " + why);
            Assumptions.abort(why);
        }
        assertNotNull(html, run.err());
        Path page = dir.resolve("report.html").toAbsolutePath();
        Path profile = Files.createTempDirectory(tmp, "chromium-profile");
        List<String> common = List.of(chromium, "--headless", "--disable-gpu", "--no-sandbox", "--no-first-run",
                "--disable-dev-shm-usage", "--hide-scrollbars", "--user-data-dir=" + profile);

        List<String> dumpCmd = new ArrayList<>(common);
        dumpCmd.addAll(List.of("--dump-dom", page.toUri().toString()));
        String dom = exec(dumpCmd, tmp.resolve("dom.html"));
        Matcher m = STEP_SVG.matcher(dom);
        int pictures = 0;
        while (m.find()) {
            pictures++;
            String inner = m.group(1);
            assertTrue(inner.contains("<rect") && inner.contains("<text") && inner.contains("<title>"), inner);
        }
        assertEquals(traceLines().size(), pictures, "the browser's DOM has one SVG picture per state");

        Path png = tmp.resolve("report.png");
        List<String> shotCmd = new ArrayList<>(common);
        shotCmd.addAll(List.of("--window-size=1400,2400", "--screenshot=" + png, page.toUri().toString()));
        exec(shotCmd, tmp.resolve("screenshot.log"));
        BufferedImage img = ImageIO.read(png.toFile());
        assertNotNull(img, "no screenshot");
        long ink = 0;
        long amber = 0;
        long red = 0;
        for (int y = 0; y < img.getHeight(); y += 2) {
            for (int x = 0; x < img.getWidth(); x += 2) {
                int rgb = img.getRGB(x, y);
                int r = (rgb >> 16) & 0xff;
                int g = (rgb >> 8) & 0xff;
                int b = rgb & 0xff;
                ink += r + g + b < 3 * 235 ? 1 : 0;
                amber += near(r, g, b, 0xff, 0xe0, 0x82) ? 1 : 0; // the holder's fill
                red += near(r, g, b, 0xc6, 0x28, 0x28) ? 1 : 0; // what the step changed
            }
        }
        long sampled = (long) ((img.getWidth() + 1) / 2) * ((img.getHeight() + 1) / 2);
        assertTrue(ink > sampled / 50, "the screenshot is blank: " + ink + " of " + sampled + " pixels drawn");
        assertTrue(amber > 200, "no holder drawn (amber pixels: " + amber + ")");
        assertTrue(red > 20, "no change drawn in red (" + red + ")");
    }

    /** The state number in a picture's title ("state 4: ..."). */
    static int stateNumber(String svg) {
        Matcher m = Pattern.compile("<title>state (\\d+):").matcher(svg);
        return m.find() ? Integer.parseInt(m.group(1)) : -1;
    }

    private static boolean near(int r, int g, int b, int R, int G, int B) {
        return Math.abs(r - R) < 12 && Math.abs(g - G) < 12 && Math.abs(b - B) < 12;
    }

    /** Runs a command, its stdout to {@code out}; returns stdout. Fails on a non-zero exit or after 2 minutes. */
    static String exec(List<String> cmd, Path out) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile())
                .redirectError(out.resolveSibling(out.getFileName() + ".err").toFile()).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            fail("chromium did not finish within 2 minutes: " + String.join(" ", cmd));
        }
        String stdout = Files.readString(out, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), "chromium failed: " + Files.readString(out.resolveSibling(out.getFileName() + ".err")));
        return stdout;
    }

    /** Chromium on the PATH (Debian's package installs /usr/bin/chromium), or null. */
    static String chromium() {
        for (String dirName : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(File.pathSeparator)) {
            for (String name : List.of("chromium", "chromium-browser")) {
                Path p = Path.of(dirName, name);
                if (Files.isExecutable(p)) {
                    return p.toString();
                }
            }
        }
        return null;
    }

    private static boolean writable(Path dir) {
        try {
            Path probe = Files.createTempDirectory(dir, "probe");
            Files.delete(probe);
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    private static List<Path> list(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList();
        }
    }

    private static int count(String s, String needle) {
        int n = 0;
        for (int i = s.indexOf(needle); i >= 0; i = s.indexOf(needle, i + 1)) {
            n++;
        }
        return n;
    }

    private static void assertOneLine(Run r, String needle) {
        assertEquals(Main.BAD_INPUT, r.code(), r.out() + r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertFalse(r.err().contains("Exception"), r.err());
        assertTrue(r.err().contains(needle), r.err());
    }
}
