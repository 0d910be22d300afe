package org.handoff.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Set;
import org.handoff.core.Check;
import org.handoff.core.Manifest;
import org.handoff.core.ProjectRoot;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line, in process: its exit codes, its one-line errors, and the JSON contract. */
@Tag("integration")
class CliTest {
    record Run(int code, String out, String err) {
    }

    static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Run(code, out.toString(), err.toString());
    }

    private static void assertOneLineError(Run r, String... needles) {
        assertEquals(Main.BAD_INPUT, r.code(), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertFalse(r.err().contains("Exception") || r.err().contains("\tat "), r.err());
        for (String n : needles) {
            assertTrue(r.err().contains(n), r.err());
        }
    }

    @Test
    void helpEverywhere() {
        for (String cmd : new String[] {"list", "tlc", "check", "stats", "rates", "crosscheck", "review", "mutants", "variant",
                "variant new"}) {
            Run r = run((cmd + " --help").split(" "));
            assertEquals(0, r.code());
            assertTrue(r.out().contains("Usage: handoff " + cmd), r.out());
        }
        assertEquals(0, run("--help").code());
    }

    /**
     * picocli starts a new line at every element of a description array, so an element that ends
     * mid-sentence breaks the help text there; every element must be a whole sentence.
     */
    @Test
    void helpDescriptionsAreWholeSentences() {
        java.util.List<String> broken = new java.util.ArrayList<>();
        picocli.CommandLine root = new picocli.CommandLine(new Main());
        java.util.List<picocli.CommandLine> all = new java.util.ArrayList<>();
        java.util.ArrayDeque<picocli.CommandLine> todo = new java.util.ArrayDeque<>(root.getSubcommands().values());
        while (!todo.isEmpty()) {
            picocli.CommandLine c = todo.pop();
            all.add(c);
            todo.addAll(c.getSubcommands().values());
        }
        for (picocli.CommandLine sub : all) {
            picocli.CommandLine.Model.CommandSpec spec = sub.getCommandSpec();
            java.util.List<String> texts = new java.util.ArrayList<>(java.util.List.of(spec.usageMessage().description()));
            spec.options().forEach(o -> texts.addAll(java.util.List.of(o.description())));
            spec.positionalParameters().forEach(p -> texts.addAll(java.util.List.of(p.description())));
            for (String t : texts) {
                String s = t.replace("%n", "").strip();
                if (!s.isEmpty() && !s.endsWith(".")) {
                    broken.add(spec.name() + ": '" + s + "'");
                }
            }
        }
        assertTrue(broken.isEmpty(), "help text that breaks mid-sentence: " + broken);
    }

    @Test
    void listShowsTheFamilyItsMutantsAndModels() {
        Run r = run("list");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("mcs") && r.out().contains("MCS_N3") && r.out().contains("non-atomic-tail")
                && r.out().contains("McsMutualExclusion"), r.out());
        // A passing model's state count is the manifest's, printed where the docs send a reader for it.
        Check n3 = Manifest.load(ProjectRoot.find()).checks().stream().filter(c -> c.check().equals("MCS_N3")).findFirst().orElseThrow();
        assertTrue(r.out().matches(String.format(Locale.ROOT, "(?s).*MCS_N3 +mcs +expect pass, %,d states\\n.*", n3.expectedStates())),
                r.out());
    }

    @Test
    void badInputGetsOneLine() {
        assertOneLineError(run("check", "nosuchlock"), "unknown family 'nosuchlock'");
        assertOneLineError(run("list", "nosuchlock"), "unknown family");
        assertOneLineError(run("tlc", "NoSuchSpec"), "unknown spec 'NoSuchSpec'");
        assertOneLineError(run("tlc", "/no/such/file.tla", "--config", "x.cfg"), "no such spec file");
        assertOneLineError(run("tlc", "MCS", "--model", "MCS_N99"), "unknown model 'MCS_N99'");
        assertOneLineError(run("tlc", "MCS", "--model", "MCS_N2", "--workers", "0"), "--workers must be at least 1");
        assertOneLineError(run("check", "mcs", "--level", "nosuchlevel"), "unknown level");
        // --profile is one option of every command that selects entries, refused while parsing.
        for (String command : new String[] {"check", "rates", "crosscheck"}) {
            assertOneLineError(run(command, "mcs", "--profile", "slow"), "unknown profile 'slow' (quick or full)");
        }
        assertOneLineError(run("review", "mcs", "--variant", "late-init", "--profile", "slow"), "unknown profile 'slow'");
        assertOneLineError(run("tlc", "MCS", "--workers", "two"), "--workers");
        assertOneLineError(run("frobnicate"), "frobnicate");
    }

    @Test
    void tlcErrorsNameTheFileAndPosition(@TempDir Path dir) throws Exception {
        Path bad = dir.resolve("Bad.tla");
        Files.writeString(bad, "---- MODULE Bad ----\nVARIABLE x\nInit == x = = 0\n====\n");
        Files.writeString(dir.resolve("Bad.cfg"), "INIT Init\nNEXT Init\n");
        assertOneLineError(run("tlc", bad.toString()), "Bad.tla:3:", "parse error");

        Path cfg = dir.resolve("unknown-constant.cfg");
        Files.writeString(cfg, "CONSTANT N = 2\nCONSTANT Replaced = {}\nCONSTANT Procs = 3\nSPECIFICATION Spec\n");
        assertOneLineError(run("tlc", "MCS", "--config", cfg.toString()), "unknown-constant.cfg", "Procs");

        Path zero = dir.resolve("zero.cfg");
        Files.writeString(zero, "CONSTANT N = 0\nCONSTANT Replaced = {}\nSPECIFICATION Spec\nINVARIANT MutualExclusion\n");
        assertOneLineError(run("tlc", "MCS", "--config", zero.toString()), "MCS.tla:", "assumption is false");

        Path unknownInv = dir.resolve("unknown-invariant.cfg");
        Files.writeString(unknownInv, "CONSTANT N = 2\nCONSTANT Replaced = {}\nSPECIFICATION Spec\nINVARIANT NoSuchInvariant\n");
        assertOneLineError(run("tlc", "MCS", "--config", unknownInv.toString()), "NoSuchInvariant");
    }

    @Test
    void tlcExitCodesFollowTheVerdict() {
        Run pass = run("tlc", "MCS", "--model", "MCS_N2");
        assertEquals(Main.OK, pass.code(), pass.out() + pass.err());
        assertTrue(pass.out().contains("verdict:  pass") && pass.out().contains("123 distinct"), pass.out());

        Run fail = run("tlc", "MCS_NonAtomicTail", "--model", "MCS_NonAtomicTail_N3");
        assertEquals(Main.MISMATCH, fail.code(), fail.out() + fail.err());
        assertTrue(fail.out().contains("MutualExclusion violated"), fail.out());
        assertTrue(fail.out().contains("LoadTail") && fail.out().contains("StoreTail"), fail.out());
    }

    @Test
    void checkJsonHasTheContractFields() throws Exception {
        Run r = run("check", "mcs", "--level", "tlc", "--check", "MCS_N2", "--check", "non-atomic-tail", "--json");
        assertEquals(Main.OK, r.code(), r.out() + r.err());
        JsonNode arr = new ObjectMapper().readTree(r.out());
        assertTrue(arr.isArray() && arr.size() == 2, r.out());
        Set<String> required = Set.of("family", "variant", "mutant", "level", "check", "property", "expected", "actual",
                "states", "seconds", "reason");
        for (JsonNode v : arr) {
            for (String f : required) {
                assertTrue(v.has(f), "missing " + f + " in " + v);
            }
            assertEquals("mcs", v.get("family").asText());
            assertEquals("tlc", v.get("level").asText());
        }
        assertEquals("pass", arr.get(0).get("actual").asText());
        assertEquals(123, arr.get(0).get("states").asInt());
        assertTrue(arr.get(1).get("mutant").asBoolean());
        assertEquals("fail", arr.get(1).get("actual").asText());
        assertEquals("MutualExclusion", arr.get(1).get("property").asText());
        // A pass's coverage is TLC's, of the search; a mutant's is its counterexample's steps.
        assertEquals("search", arr.get(0).get("coverage_from").asText());
        assertEquals("counterexample", arr.get(1).get("coverage_from").asText());
        assertTrue(arr.get(1).get("coverage").size() > 0 && !arr.get(1).get("coverage").has("Init"), r.out());
        // --level is repeatable, as in review: the second one counts (MCS_N2 is a TLC model).
        Run two = run("check", "mcs", "--level", "jcstress", "--level", "tlc", "--check", "MCS_N2", "--json");
        assertEquals(Main.OK, two.code(), two.out() + two.err());
        JsonNode one = new ObjectMapper().readTree(two.out());
        assertTrue(one.size() == 1 && one.get(0).get("level").asText().equals("tlc"), two.out());
        assertOneLineError(run("check", "mcs", "--level", "tlc", "--level", "nope"), "nope");
    }

    /** --memory-model selects TLC models by their MemoryModel constant; a spec without one is SC. */
    @Test
    void memoryModelSelectsTheWeakMemoryModels() throws Exception {
        Run r = run("check", "mcs", "--memory-model", "WMO", "--check", "MCSWeak_N2_WMO", "--check", "MCSWeak_N2_TSO",
                "--check", "relaxed-spin", "--json");
        assertEquals(Main.OK, r.code(), r.out() + r.err());
        JsonNode arr = new ObjectMapper().readTree(r.out());
        Set<String> names = new java.util.TreeSet<>();
        for (JsonNode v : arr) {
            assertEquals("WMO", v.get("memory_model").asText(), v.toString());
            names.add(v.get("check").asText());
        }
        // The TSO model and the TSO entry of relaxed-spin (full profile anyway) are left out.
        assertTrue(names.contains("MCSWeak_N2_WMO") && names.contains("MCSWeak_RelaxedSpin_N2_WMO"), names.toString());
        assertTrue(names.stream().noneMatch(n -> n.contains("TSO")), names.toString());
        Run sc = run("check", "mcs", "--memory-model", "SC", "--check", "MCS_N2", "--json");
        assertEquals("SC", new ObjectMapper().readTree(sc.out()).get(0).get("memory_model").asText(), sc.out() + sc.err());
        assertOneLineError(run("check", "mcs", "--memory-model", "ARM"), "unknown memory model 'ARM' (SC, TSO, WMO)");
    }

    @Test
    void jdkIsCheckedAndNamed(@TempDir Path dir) throws Exception {
        String[] mcs = {"check", "mcs", "--level", "tlc", "--check", "MCS_N2", "--jdk"};
        assertOneLineError(run(concat(mcs, dir.resolve("none").toString())), "no such directory");
        assertOneLineError(run(concat(mcs, dir.toString())), "not a JDK (no executable bin/java)");
        Path bin = Files.createDirectories(dir.resolve("old/bin"));
        Path java = Files.copy(Path.of(System.getProperty("java.home"), "bin", "java"), bin.resolve("java"));
        assertTrue(java.toFile().setExecutable(true));
        assertOneLineError(run(concat(mcs, dir.resolve("old").toString())), "no readable release file");
        Files.writeString(dir.resolve("old/release"), "JAVA_VERSION=\"11.0.2\"\n");
        assertOneLineError(run(concat(mcs, dir.resolve("old").toString())), "JDK 11.0.2 is older than 17");
        assertOneLineError(run("review", "pv", "--variant", "pv-wait-early", "--jdk", dir.toString()), "not a JDK");
        // The running JDK named explicitly: the forks say which JVM they run.
        Run ok = run(concat(mcs, System.getProperty("java.home")));
        assertEquals(0, ok.code(), ok.err());
        assertTrue(ok.err().contains("forked JVMs (TLC, Lincheck, jcstress): JDK "), ok.err());
        assertTrue(ok.err().contains(Path.of(System.getProperty("java.home"), "bin", "java").toString()), ok.err());
    }

    /**
     * --jdk reaches every level's forks through the run's context: a JDK whose bin/java logs its
     * arguments, then runs the real one, starts the TLC, Lincheck and jcstress forks of one check.
     */
    @Test
    void forksStartOnTheChosenJdk(@TempDir Path dir) throws Exception {
        Path home = Path.of(System.getProperty("java.home"));
        Path log = dir.resolve("forks.log");
        Path bin = Files.createDirectories(dir.resolve("logged/bin"));
        Path java = Files.writeString(bin.resolve("java"), "#!/bin/sh\necho \"$@\" >> '" + log + "'\nexec '"
                + home.resolve("bin/java") + "' \"$@\"\n");
        assertTrue(java.toFile().setExecutable(true));
        Files.copy(home.resolve("release"), dir.resolve("logged/release"));
        Run r = run("check", "mcs", "--level", "tlc", "--level", "lincheck", "--level", "jcstress", "--check",
                "non-atomic-tail", "--jdk", dir.resolve("logged").toString());
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.err().contains(java.toString()), r.err());
        String forks = Files.readString(log);
        for (String main : new String[] {"tlc2.TLC", "org.handoff.lincheck.LincheckMain", "org.openjdk.jcstress.Main"}) {
            assertTrue(forks.contains(" " + main + " "), main + " did not start on the chosen JDK:\n" + forks);
        }
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @Test
    void theRootIsTheProject() {
        assertTrue(Files.isRegularFile(ProjectRoot.find().resolve("manifest.json")));
    }

    @Test
    void statsWritesOneRowPerModelWithTheStateCounts(@TempDir Path dir) throws Exception {
        Path table = dir.resolve("stats.md");
        Run r = run("stats", "mlock", "--profile", "quick", "--check", "MLock_N2", "--check", "MLock_NonAtomicSwap_N2_mutex",
                "--output", table.toString());
        assertEquals(0, r.code(), r.out() + r.err());
        String t = Files.readString(table);
        // MLock_N2 passes with 157 distinct states (the manifest records the same count).
        assertTrue(t.contains("| mlock | `MLock_N2` | pass | pass | 157 |"), t);
        assertTrue(t.contains("| mlock | `MLock_NonAtomicSwap_N2_mutex` | fail MutualExclusion | fail MutualExclusion |"), t);
        assertTrue(t.contains("CPUs ("), t);
        assertEquals(2, t.lines().filter(l -> l.startsWith("| mlock |")).count(), t);
        assertTrue(t.contains("Total wall time: "), t);
        // --before: each row gets the earlier run's time, and the totals of the models in both.
        Path old = dir.resolve("old.md");
        Files.writeString(old, "| family | model | expected | verdict | distinct states | generated states | depth | workers | wall s |\n"
                + "|---|---|---|---|---:|---:|---:|---:|---:|\n| mlock | `MLock_N2` | pass | pass | 157 | 1 | 1 | 1 | 99.5 |\n");
        Path compared = dir.resolve("compared.md");
        Run c = run("stats", "mlock", "--profile", "quick", "--check", "MLock_N2", "--before", old.toString(),
                "--output", compared.toString());
        assertEquals(0, c.code(), c.out() + c.err());
        String ct = Files.readString(compared);
        assertTrue(ct.matches("(?s).*\\| mlock \\| `MLock_N2` \\| pass \\| pass \\| 157 \\|.*\\| 99\\.5 \\|\n.*"), ct);
        assertTrue(ct.contains("the 1 models in both tables: ") && ct.contains("before 100 s"), ct);
        Files.writeString(old, "no table here\n");
        assertOneLineError(run("stats", "mlock", "--check", "MLock_N2", "--before", old.toString()), "not a table written by handoff stats");
        assertOneLineError(run("stats", "mlock", "--profile", "slow"), "unknown profile");
    }

    @Test
    void ratesCountsCatchesInOneColumnPerJdk(@TempDir Path dir) throws Exception {
        Path table = dir.resolve("rates.md");
        String jdk = "JDK " + org.handoff.core.Jdk.feature(System.getProperty("java.version"));
        String other = jdk.equals("JDK 25") ? "JDK 21" : "JDK 25";
        // A column another JDK measured, and a row of it that this run does not measure: both stay.
        Files.writeString(table, "| level | family | variant | entry | caught on | " + other + " |\n|---|---|---|---|---|---:|\n"
                + "| lincheck | mcs | late-init | `McsCounterTest` | DeadlockFreedom | 7/10 |\n"
                + "| lincheck | mcs | early-handoff | `McsCounterTest` | MutualExclusion | 9/10 |\n\n## " + other + "\n\nmeasured elsewhere\n");
        // One run: the table's merge is under test here, not the rate (RatesMissTest has a miss).
        Run r = run("rates", "mcs", "--level", "lincheck", "--check", "early-handoff", "--runs", "1", "--output", table.toString());
        assertEquals(0, r.code(), r.out() + r.err());
        String t = Files.readString(table);
        String left = other.compareTo(jdk) < 0 ? "9/10 | 1/1" : "1/1 | 9/10";
        assertTrue(t.contains("| lincheck | mcs | early-handoff | `McsCounterTest` | MutualExclusion | " + left + " |"), t);
        assertTrue(t.contains("| lincheck | mcs | late-init | `McsCounterTest` | DeadlockFreedom | "
                + (other.compareTo(jdk) < 0 ? "7/10 | – |" : "– | 7/10 |")), t);
        assertTrue(t.contains("## " + other + "\n\nmeasured elsewhere") && t.contains("## " + jdk + "\n\n`JAVA_HOME=<")
                && t.contains("Every entry caught its bug in every run."), t);
        // --unmeasured leaves out what this JDK's column already has: here, the one entry selected.
        assertOneLineError(run("rates", "mcs", "--level", "lincheck", "--check", "early-handoff", "--unmeasured",
                "--output", table.toString()), "every selected entry has a rate in this JDK's column");
        assertOneLineError(run("rates", "mcs", "--unmeasured"), "--unmeasured needs --output");
        Files.writeString(table, "no table here\n");
        assertOneLineError(run("rates", "mcs", "--output", table.toString()), "not a table written by handoff rates");
        assertOneLineError(run("rates", "mcs", "--runs", "0"), "--runs must be at least 1");
        assertOneLineError(run("rates", "mcs", "--level", "tlc"), "TLC is exhaustive");
        assertOneLineError(run("rates", "mcs", "--load", "MCS_N99"), "--load MCS_N99: no TLC model");
    }

    @Test
    void tlcModeOptionsAreChecked() {
        assertOneLineError(run("tlc", "MCS", "--model", "MCS_N3", "--simulate", "--distributed"), "not both");
        assertOneLineError(run("tlc", "MCS", "--model", "MCS_N3", "--seed", "3"), "--seed applies only to --simulate");
        assertOneLineError(run("tlc", "MCS", "--model", "MCS_N3", "--distributed"), "ignores temporal properties");
    }

    @Test
    void crosscheckBadInputGetsOneLine(@TempDir Path dir) throws Exception {
        assertOneLineError(run("crosscheck"), "name a family or give --all");
        assertOneLineError(run("crosscheck", "--tables", "--bound-runs", "0"), "--bound-runs");
        assertOneLineError(run("crosscheck", "nosuchlock"), "unknown family 'nosuchlock'");
        assertOneLineError(run("crosscheck", "mcs", "--runs", "0"), "--runs");
        assertOneLineError(run("crosscheck", "mcs", "--profile", "slow"), "unknown profile");
        assertOneLineError(run("crosscheck", "--trace", dir.resolve("none.trace").toString()), "no such trace file");
        Path junk = dir.resolve("junk.trace");
        Files.writeString(junk, "not a trace\n");
        assertOneLineError(run("crosscheck", "--trace", junk.toString()), "junk.trace:1:", "not a trace file");
        Path gap = dir.resolve("gap.trace");
        Files.writeString(gap, "handoff-trace 1\n# family=mcs threads=2\n2 1 InitLocked\n1 1 InitNext\n");
        assertOneLineError(run("crosscheck", "--trace", gap.toString()), "gap.trace:4:", "does not follow");
    }

    /**
     * A spec mutant rejects some of the correct port's traces, the command says which event it could
     * not take, and the printed trace file replays: rejected by the mutant, accepted by the spec.
     */
    @Test
    void crosscheckReportsARejectedTraceThatReplays() {
        Run r = run("crosscheck", "mcs", "--check", "MCS_HandoffToTail_trace", "--runs", "12");
        assertEquals(Main.OK, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("MCS_HandoffToTail_trace") && r.out().contains("1 crosscheck entries: 1 as expected"),
                r.out());
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("REJECTED (\\S+\\.trace): the spec follows the first (\\d+)")
                .matcher(r.err());
        assertTrue(m.find(), r.err());
        String file = ProjectRoot.find().resolve(m.group(1)).toString();
        Run mutant = run("crosscheck", "--trace", file, "--check", "MCS_HandoffToTail_trace");
        assertEquals(Main.MISMATCH, mutant.code(), mutant.out() + mutant.err());
        assertTrue(mutant.out().contains("REJECTED by mutants/MCS_HandoffToTail.tla: the spec follows the first "
                + m.group(2) + " events"), mutant.out());
        Run spec = run("crosscheck", "--trace", file);
        assertEquals(Main.OK, spec.code(), spec.out() + spec.err());
        assertTrue(spec.out().contains("accepted by MCS.tla"), spec.out());
    }

    @Test
    void reviewBadInputGetsOneLine(@TempDir Path dir) throws Exception {
        assertOneLineError(run("review", "nosuchlock", "--variant", "x"), "unknown family 'nosuchlock'");
        assertOneLineError(run("review", "cna", "--variant", "cna-nope"), "unknown variant 'cna-nope' of cna");
        assertOneLineError(run("review", "cna", "--variant", "cna-v1"), "its own baseline");
        assertOneLineError(run("review", "cna", "--variant", "cna-prob", "--level", "nosuchlevel"), "unknown level");
        Path file = dir.resolve("a-file");
        Files.writeString(file, "x");
        assertOneLineError(run("review", "pv", "--variant", "pv-wait-early", "--report", file.toString()), "a-file");
        assertOneLineError(run("review", "pv", "--variant", "pv-wait-early", "--seed", "3", "--fairness-acquisitions", "0"),
                "--fairness-acquisitions 0 turns off");
        assertOneLineError(run("review", "pv", "--variant", "pv-wait-early", "--fairness-acquisitions", "-1"), "must not be negative");
        assertOneLineError(run("review", "pv", "--variant", "pv-wait-early", "--check", "PV_N9"), "--check PV_N9: no check of pv or pv-wait-early");
        assertOneLineError(run("review", "pv", "--variant", "pv", "--baseline", "kick-no-barrier"),
                "'kick-no-barrier' is a mutant, which can be the variant, not the baseline");
        assertOneLineError(run("review", "pv", "--variant", "kick-no-barrier", "--memory-model", "POWER"), "unknown memory model 'POWER'");
    }

    /**
     * A mutant reviewed as the variant, per memory model: PV's kick without smp_mb__before_atomic()
     * loses NoLostWakeup under WMO and keeps it under TSO (the full profile has its TSO model). The
     * two-CPU models of each side only: the three-CPU ones add nothing to what the table shows.
     */
    @Test
    void reviewKeepsTheMemoryModelsApart() {
        String[] review = {"review", "pv", "--variant", "kick-no-barrier", "--level", "tlc", "--memory-model", "TSO",
                "--memory-model", "WMO", "--profile", "full", "--fairness-acquisitions", "0"};
        Run r = run(concat(review, "--check", "PVWeak_TSO", "--check", "PVWeak_WMO", "--check", "PVWeak_KickNoBarrier_TSO",
                "--check", "PVWeak_KickNoBarrier_WMO"));
        assertEquals(Main.OK, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("Conclusion: kick-no-barrier loses NoLostWakeup (tlc under WMO)"), r.out());
        assertTrue(r.out().matches("(?s).*\\ntlc WMO\\s+NoLostWakeup\\s+holds\\s+VIOLATED\\s+LOST\\s.*"), r.out());
        assertTrue(r.out().matches("(?s).*\\ntlc TSO\\s+NoLostWakeup\\s+holds\\s+holds\\s+same\\s.*"), r.out());
        // An SC model is outside --memory-model TSO/WMO even when named.
        assertOneLineError(run(concat(review, "--check", "PVWeak_SC")), "--check PVWeak_SC: no check of pv or kick-no-barrier");
    }

    /**
     * The second worked example of docs/review.md, TLC level, on one model of each side (--check):
     * the diff, the bound models, and a report with it.
     */
    @Test
    void reviewPrintsTheDiffAndWritesItIntoTheReport(@TempDir Path dir) throws Exception {
        Path report = dir.resolve("review");
        Run r = run("review", "pv", "--variant", "pv-wait-early", "--level", "tlc", "--check", "PV_N2", "--check", "PV_WaitEarly_N2",
                "--report", report.toString(), "--seed", "5");
        assertEquals(Main.OK, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("Review of pv-wait-early against pv"), r.out());
        assertTrue(r.out().matches("(?s).*tlc\\s+NoLostWakeup\\s+holds\\s+holds\\s+same.*"), r.out());
        assertTrue(r.out().contains("PV_WaitEarly_N2") && r.out().contains("K = 0"), r.out());
        String html = Files.readString(report.resolve("report.html")).replace("<wbr>", ""); // names may break anywhere
        assertTrue(html.contains("Review of pv-wait-early against pv") && html.contains("NoLostWakeup"), "report.html lacks the diff");
        for (String lock : new String[] {"pv", "pv-wait-early"}) {
            assertTrue(html.contains("<title>" + lock + " bypass histogram</title>"), "report.html has no bypass histogram of " + lock);
            assertTrue(html.contains("<figcaption>" + lock + " steals the lock"), "report.html lacks the caption of " + lock);
        }
        assertTrue(Files.readString(report.resolve("report.md")).contains("## Review of pv-wait-early against pv"));
    }

    @Test
    void mutantsPrintsTheScoreByLevel() {
        Run r = run("mutants", "mcs");
        assertEquals(Main.OK, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("wrong-node-handoff") && r.out().contains("Mutation score by level"), r.out());
        // every mcs mutant, the weak-memory ones included, is caught by TLC; each level counts the same bugs
        assertTrue(r.out().matches("(?s).*tlc\\s+(\\d+) / \\1 .*trace\\s+\\d+ / \\1 .*"), r.out());
        assertOneLineError(run("mutants", "nosuchlock"), "unknown family");
        // A weakening of kind 'unneeded' is listed as not a bug and left out of the score.
        Run q = run("mutants", "qspinlock");
        assertEquals(Main.OK, q.code(), q.out() + q.err());
        long listed = q.out().lines().filter(l -> l.startsWith("qspinlock ")).count();
        long unneeded = q.out().lines().filter(l -> l.startsWith("qspinlock ") && l.contains(" unneeded ")
                && l.contains("not a bug: passes")).count();
        assertTrue(unneeded >= 1, q.out());
        assertTrue(q.out().contains("(" + (listed - unneeded) + " bugs;"), q.out());
        assertTrue(q.out().matches("(?s).*any\\s+\\d+ / " + (listed - unneeded) + " .*"), q.out());
    }
}
