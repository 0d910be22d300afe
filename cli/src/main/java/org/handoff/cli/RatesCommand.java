package org.handoff.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.handoff.core.Check;
import org.handoff.core.HandoffException;
import org.handoff.core.Jdk;
import org.handoff.core.Level;
import org.handoff.core.LevelRunner;
import org.handoff.core.Machine;
import org.handoff.core.Manifest;
import org.handoff.core.Outcome;
import org.handoff.core.ProjectRoot;
import org.handoff.core.RunContext;
import org.handoff.core.Verdict;
import org.handoff.specs.TlcRunner;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code handoff rates}: the catch rate of every Java-level entry that is expected to fail (a
 * mutant, or a port checked against a spec it must not conform to). jcstress, Lincheck stress and
 * trace validation are probabilistic: one green {@code mvn verify} says a mutant was caught once.
 * This command runs the selected entries {@code --runs} times on the JVM it runs on (every level,
 * crosscheck's in-process ports included, so the JDK is chosen with {@code JAVA_HOME}), optionally
 * beside a TLC model that loads the machine, and writes one column per JDK of a generated table:
 * a second JDK's run adds its column and keeps the others.
 */
@Command(name = "rates", mixinStandardHelpOptions = true,
        description = {"Run the Java levels' entries that are expected to fail (mutants) N times on this JVM and " +
            "write their catch rates, one column per JDK. Exit 1 when an entry was missed in any run."})
final class RatesCommand implements Callable<Integer> {
    /** The header of the per-JDK columns: the feature release ("JDK 25"). */
    private static final String JDK_COLUMN = "JDK ";
    private static final List<String> KEY_COLUMNS = List.of("level", "family", "variant", "entry", "caught on");

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(paramLabel = "FAMILY", arity = "0..*", description = "Families (default: all).")
    List<String> families = new ArrayList<>();

    @Option(names = "--level", paramLabel = "L", description = "Only these levels (jcstress, lincheck, crosscheck); repeatable.")
    List<String> levels = new ArrayList<>();

    @Option(names = "--check", paramLabel = "NAME", description = "Only entries whose test or variant name is NAME; repeatable.")
    List<String> only = new ArrayList<>();

    @CommandLine.Mixin
    ProfileOption profile = new ProfileOption("quick");

    @Option(names = "--runs", paramLabel = "N", defaultValue = "10", description = "Runs of every entry (default ${DEFAULT-VALUE}).")
    int runs;

    @Option(names = "--load", paramLabel = "MODEL", description = {"A TLC model of the manifest (e.g. QSpinlock_N3) run again and " +
        "again beside the entries, so they are measured on a loaded machine."})
    String load;

    @Option(names = "--note", paramLabel = "TEXT", description = {"What else loaded the machine during the runs (another " +
        "JDK's rates run, a build), recorded with the column."})
    String note;

    @Option(names = "--unmeasured", description = {"Only entries that have no rate yet in this JDK's column of the " +
        "--output table (to cover new entries without measuring the others again)."})
    boolean unmeasured;

    @Option(names = "--output", paramLabel = "FILE", description = {"Write the table to FILE (e.g. docs/catch-rates.md), keeping " +
        "the other JDKs' columns and entries already in it; default: stdout."})
    Path output;

    @Override
    public Integer call() throws Exception {
        if (runs < 1) {
            throw new HandoffException("--runs must be at least 1 (got " + runs + ")");
        }
        for (String l : levels) {
            if (Level.of(l) == Level.TLC) {
                throw new HandoffException("--level tlc: TLC is exhaustive, a model has no catch rate (see 'handoff stats')");
            }
        }
        Path root = ProjectRoot.find();
        Manifest manifest = Manifest.load(root);
        List<Check> checks = manifest.select(families, null, profile.name).stream()
                .filter(c -> c.level() != Level.TLC && c.expected() == Outcome.FAIL)
                .filter(Runners.atLevels(levels)).filter(Runners.named(only)).toList();
        if (unmeasured) {
            if (output == null) {
                throw new HandoffException("--unmeasured needs --output: the table whose column says what is measured");
            }
            Map<String, Map<String, String>> rows = Files.exists(output) ? Table.read(output).rows : Map.of();
            String column = JDK_COLUMN + Jdk.feature(Jdk.current().version());
            checks = checks.stream().filter(c -> {
                String cell = rows.getOrDefault(key(c), Map.of()).get(column);
                return cell == null || !cell.contains("/");
            }).toList();
        }
        if (checks.isEmpty()) {
            throw new HandoffException("no Java-level entries that are expected to fail are selected"
                    + (unmeasured ? " (every selected entry has a rate in this JDK's column)" : ""));
        }
        Check loadModel = null;
        if (load != null) {
            loadModel = manifest.checks().stream().filter(c -> c.level() == Level.TLC && c.check().equals(load)).findFirst()
                    .orElseThrow(() -> new HandoffException("--load " + load + ": no TLC model of that name in the manifest"));
        }
        if (output != null && Files.exists(output)) {
            Table.read(output); // a file this command cannot extend is bad input now, not after the runs
        }
        Map<Level, LevelRunner> runners = Runners.all();
        PrintWriter err = spec.commandLine().getErr();
        PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
        Path runDir = Runners.newRunDir(root, "rates");
        // Every run of this command shares these settings; each run gets its own directory (inDir).
        RunContext context = new RunContext(root, runDir, quiet).withProfile(profile.name);
        Runners.preflight(runners, checks, context);
        if (loadModel != null) {
            new TlcRunner(1).preflight(List.of(loadModel), context);
        }
        Jdk jdk = Jdk.current();
        err.printf("rates: %d entries x %d runs on %s%s%n", checks.size(), runs, jdk.describe(),
                loadModel == null ? "" : ", beside TLC on " + load);
        err.flush();

        AtomicBoolean done = new AtomicBoolean();
        AtomicInteger loadRuns = new AtomicInteger();
        Thread loader = null;
        if (loadModel != null) {
            Check model = loadModel;
            loader = new Thread(() -> {
                while (!done.get()) {
                    Path dir = runDir.resolve("load-" + loadRuns.incrementAndGet());
                    new TlcRunner(1).run(model, context.inDir(dir));
                }
            }, "rates-load");
            loader.setDaemon(true);
            loader.start();
        }
        int[] caught = new int[checks.size()];
        List<String> misses = new ArrayList<>();
        long started = System.nanoTime();
        try {
            for (int r = 1; r <= runs; r++) {
                err.printf("run %d of %d ...%n", r, runs);
                err.flush();
                List<Verdict> vs = Runners.runAll(runners, checks, context.inDir(runDir.resolve("run-" + r)), err);
                int k = 0;
                for (int i = 0; i < checks.size(); i++) {
                    Verdict v = vs.get(i);
                    if (v.matchesExpectation()) {
                        caught[i]++;
                        k++;
                    } else {
                        Check c = checks.get(i);
                        misses.add(String.format("run %d, %s %s %s: %s", r, c.level().id(), c.family(), c.shortName(),
                                oneLine(v.mismatch() + (v.detail() == null || v.detail().isBlank() ? "" : "; " + v.detail()))));
                    }
                }
                err.printf("run %d of %d: %d of %d entries caught their bug%n", r, runs, k, checks.size());
                err.flush();
            }
        } finally {
            done.set(true);
            if (loader != null) {
                // The only forks left are the load's TLC: stop it rather than wait for the model to end.
                ProcessHandle.current().descendants().forEach(ProcessHandle::destroy);
                loader.join(10_000);
            }
        }
        double minutes = (System.nanoTime() - started) / 60e9;

        String column = JDK_COLUMN + Jdk.feature(jdk.version());
        Map<String, String> cells = new LinkedHashMap<>();
        for (int i = 0; i < checks.size(); i++) {
            cells.put(key(checks.get(i)), caught[i] + "/" + runs);
        }
        StringBuilder about = new StringBuilder();
        about.append("`JAVA_HOME=<JDK ").append(Jdk.feature(jdk.version())).append("> ./handoff rates")
                .append(families.isEmpty() ? "" : " " + String.join(" ", families))
                .append(levels.stream().map(l -> " --level " + l).collect(java.util.stream.Collectors.joining()))
                .append(only.stream().map(n -> " --check " + n).collect(java.util.stream.Collectors.joining()))
                .append(unmeasured ? " --unmeasured" : "")
                .append(" --profile ").append(profile).append(" --runs ").append(runs)
                .append(load == null ? "" : " --load " + load).append(note == null ? "" : " --note '" + note + "'")
                .append(output == null ? "" : " --output " + output)
                .append("` on ").append(LocalDate.now()).append(": JDK ").append(jdk.version()).append(", ")
                .append(Machine.describe()).append(String.format(", %.0f min", minutes))
                .append(load == null ? "" : ", beside " + loadRuns.get() + " TLC runs of " + load)
                .append(note == null ? (load == null ? ", no load started by rates" : "") : "; " + note).append(".\n");
        if (misses.isEmpty()) {
            about.append("Every entry caught its bug in every run.\n");
        } else {
            about.append("Misses:\n");
            misses.forEach(m -> about.append("- ").append(m).append('\n'));
        }
        // Read again now: a run on another JDK may have written its column meanwhile.
        Table earlier = output != null && Files.exists(output) ? Table.read(output) : new Table();
        Table table = earlier.with(column, cells, about.toString(), manifest, checks);
        String text = table.render();
        if (output == null) {
            spec.commandLine().getOut().print(text);
        } else {
            Runners.writeAtomically(output, text);
            spec.commandLine().getOut().println("wrote " + output + " (" + checks.size() + " entries, column " + column + ")");
        }
        spec.commandLine().getOut().flush();
        return misses.isEmpty() ? Main.OK : Main.MISMATCH;
    }

    private static String oneLine(String s) {
        String t = s.replaceAll("\\s+", " ").strip();
        return t.length() > 300 ? t.substring(0, 297) + "..." : t;
    }

    /** The row key: the first columns as the table shows them. */
    static String key(Check c) {
        return String.join(" | ", row(c));
    }

    static List<String> row(Check c) {
        return List.of(c.level().id(), c.family(), c.variant(), "`" + c.shortName() + "`",
                c.expectedViolation() == null ? "–" : c.expectedViolation());
    }

    /**
     * The generated table: rows keyed by their first columns, one column per JDK, and per JDK the
     * paragraph that says how its column was measured. Read back from a file this command wrote.
     */
    static final class Table {
        final List<String> columns = new ArrayList<>();
        final Map<String, Map<String, String>> rows = new LinkedHashMap<>();
        final Map<String, String> about = new LinkedHashMap<>();

        static Table read(Path file) {
            List<String> lines;
            try {
                lines = Files.readAllLines(file);
            } catch (IOException e) {
                throw new HandoffException(file + ": cannot read the earlier table: " + e.getMessage(), e);
            }
            Table t = new Table();
            boolean header = false;
            String section = null;
            StringBuilder para = null;
            for (String line : lines) {
                if (line.startsWith("## " + JDK_COLUMN)) {
                    if (section != null) {
                        t.about.put(section, para.toString());
                    }
                    section = line.substring(3).strip();
                    para = new StringBuilder();
                    continue;
                }
                if (section != null) {
                    if (line.startsWith("## ")) {
                        t.about.put(section, para.toString());
                        section = null;
                    } else if (!line.isBlank() || para.length() > 0) {
                        para.append(line).append('\n');
                    }
                    continue;
                }
                if (!line.startsWith("|")) {
                    continue;
                }
                List<String> cells = java.util.Arrays.stream(line.substring(1, line.lastIndexOf('|')).split("\\|", -1))
                        .map(String::strip).toList();
                if (!header) {
                    if (cells.size() < KEY_COLUMNS.size() || !cells.subList(0, KEY_COLUMNS.size()).equals(KEY_COLUMNS)) {
                        throw new HandoffException(file + ": not a table written by handoff rates (its header is " + cells + ")");
                    }
                    t.columns.addAll(cells.subList(KEY_COLUMNS.size(), cells.size()));
                    header = true;
                    continue;
                }
                if (cells.get(0).startsWith("---")) {
                    continue;
                }
                if (cells.size() != KEY_COLUMNS.size() + t.columns.size()) {
                    throw new HandoffException(file + ": a row has " + cells.size() + " cells, the header "
                            + (KEY_COLUMNS.size() + t.columns.size()) + ": " + line);
                }
                Map<String, String> values = new LinkedHashMap<>();
                for (int i = 0; i < t.columns.size(); i++) {
                    values.put(t.columns.get(i), cells.get(KEY_COLUMNS.size() + i));
                }
                t.rows.put(String.join(" | ", cells.subList(0, KEY_COLUMNS.size())), values);
            }
            if (section != null) {
                t.about.put(section, para.toString());
            }
            if (!header) {
                throw new HandoffException(file + ": not a table written by handoff rates (no table)");
            }
            return t;
        }

        /**
         * This table with {@code column} replaced for the measured rows. Rows are in manifest order;
         * an earlier row whose entry left the manifest, or no longer expects a failure, is dropped.
         */
        Table with(String column, Map<String, String> cells, String aboutColumn, Manifest manifest, List<Check> measured) {
            Table t = new Table();
            t.columns.addAll(columns);
            if (!t.columns.contains(column)) {
                t.columns.add(column);
                t.columns.sort(java.util.Comparator.comparingInt(c -> Integer.parseInt(c.substring(JDK_COLUMN.length()))));
            }
            for (Check c : manifest.checks()) {
                String k = key(c);
                if (c.level() == Level.TLC || c.expected() != Outcome.FAIL || !(rows.containsKey(k) || cells.containsKey(k))) {
                    continue;
                }
                if (t.rows.containsKey(k)) {
                    throw new HandoffException("two entries show as the same row: " + k);
                }
                Map<String, String> values = new LinkedHashMap<>();
                for (String col : t.columns) {
                    String earlier = rows.getOrDefault(k, Map.of()).getOrDefault(col, "–");
                    values.put(col, col.equals(column) && cells.containsKey(k) ? cells.get(k) : earlier);
                }
                t.rows.put(k, values);
            }
            t.about.putAll(about);
            String previous = about.get(column);
            // A column measured in parts (jcstress now, Lincheck later) keeps the paragraphs of every part.
            boolean replacesAll = previous == null || rows.keySet().stream()
                    .filter(k -> !rows.get(k).getOrDefault(column, "–").equals("–")).allMatch(cells::containsKey);
            t.about.put(column, replacesAll ? aboutColumn : previous.strip() + "\n\n" + aboutColumn);
            return t;
        }

        String render() {
            StringBuilder s = new StringBuilder();
            s.append("# Catch rates of the Java levels\n\n");
            s.append("Generated by `./handoff rates`; do not edit. Each row is a Java-level entry of the manifest that is\n");
            s.append("expected to fail (a seeded bug, or a port checked against a spec it must not satisfy); each\n");
            s.append("JDK column says in how many runs of that entry the level caught the bug on the property the\n");
            s.append("manifest names (\"caught on\"). How each column was measured is under its heading below;\n");
            s.append("where two paragraphs of a column measured the same entry, the cell is the later one's.\n\n");
            s.append("| ").append(String.join(" | ", KEY_COLUMNS));
            columns.forEach(c -> s.append(" | ").append(c));
            s.append(" |\n|");
            for (int i = 0; i < KEY_COLUMNS.size() + columns.size(); i++) {
                s.append(i < KEY_COLUMNS.size() ? "---|" : "---:|");
            }
            s.append('\n');
            rows.forEach((k, values) -> {
                s.append("| ").append(k);
                columns.forEach(c -> s.append(" | ").append(values.getOrDefault(c, "–")));
                s.append(" |\n");
            });
            for (String c : columns) {
                if (about.containsKey(c)) {
                    s.append("\n## ").append(c).append("\n\n").append(about.get(c).strip()).append('\n');
                }
            }
            return s.toString();
        }
    }
}
