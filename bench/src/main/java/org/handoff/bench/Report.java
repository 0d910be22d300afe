package org.handoff.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.handoff.core.Machine;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.infra.Blackhole;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Runs the benchmarks with explicit parameters and writes the tables (markdown) and one SVG plot
 * per experiment into {@code docs/performance/}:
 *
 * <ul>
 * <li>{@code main}: every registered lock at every thread count (throughput, per-thread spread,
 *     hand-off latency);
 * <li>{@code a}: the uncontended (1 thread) cost of CNA against MCS and qspinlock;
 * <li>{@code b}: the combining lock and its batched variant against a plain spinlock and against
 *     the spinlock + lock-free list construct;
 * <li>{@code c}: the NUMA cost model, MCS against CNA as threads grow;
 * <li>{@code d}: overcommit, MCS and qspinlock against the paravirtual variants when registered.
 * </ul>
 *
 * <p>Usage: {@code java -cp bench/target/benchmarks.jar org.handoff.bench.Report [options]}; the
 * options are {@link ReportOptions} ({@code --help} prints them). Bad input gets one line on standard error
 * and exit code 2.
 */
public final class Report {

    /** The experiments, in report order. */
    static final List<String> EXPERIMENTS = List.of("main", "a", "b", "c", "d");
    /** Experiment d's locks; the paravirtual ones are measured once they are registered. */
    static final List<String> OVERCOMMIT_LOCKS = List.of("mcs", "qspinlock", "pv", "pv-wait-early",
            "pv-wait-early-merged");

    // ------------------------------------------------------------------ options

    // ------------------------------------------------------------------ one measurement

    /** What one benchmark run is: its lock and parameters. */
    record Key(String lock, String spin, int threads, int csTokens, int remoteTokens, int nodes, int batch,
            int round) {
        Key(String lock, String spin, int threads, int csTokens, int remoteTokens, int nodes, int batch) {
            this(lock, spin, threads, csTokens, remoteTokens, nodes, batch, 0);
        }
    }

    /** What one benchmark run measured. */
    record Row(Key key, String policy, double score, double error, long minPerThread, long maxPerThread, long p50,
            long p99, double reentryShare, double remoteShare, boolean exact, String failure) {
        /** A run that did not finish (the watchdog ended its JVM): every number is missing. */
        static Row failed(Key k, String why) {
            return new Row(k, LockRegistry.isJdk(k.lock) ? "JDK (parks)" : k.spin, Double.NaN, Double.NaN, 0, 0, -1,
                    -1, 0, 0, true, why);
        }

        String ops() {
            return failure != null ? "**" + failure + "**" : LineChart.human(score);
        }

        String spread() {
            if (failure != null) {
                return "–";
            }
            if (key.threads == 1) {
                return "–";
            }
            return String.format(Locale.ROOT, "%s / %s (%s)", LineChart.human(minPerThread), LineChart.human(maxPerThread),
                    minPerThread == 0 ? "∞" : String.format(Locale.ROOT, "%.2f", (double) maxPerThread / minPerThread));
        }

        String latency() {
            if (p50 < 0) {
                return "–";
            }
            return String.format(Locale.ROOT, "%s / %s", nanos(p50), nanos(p99));
        }
    }

    private final ReportOptions opts;
    private final Map<Key, Row> measured = new LinkedHashMap<>();
    private final Path side;

    Report(ReportOptions opts) throws IOException {
        this.opts = opts;
        this.side = Files.createTempFile("handoff-bench", ".tsv");
        side.toFile().deleteOnExit();
    }

    Row measure(Key k) throws IOException, RunnerException {
        Row cached = measured.get(k);
        if (cached != null) {
            return cached;
        }
        Files.writeString(side, "");
        System.setProperty(LockBench.OUT_PROPERTY, side.toString()); // forks 0: the benchmark runs here
        // Other JMH runs on the machine (other checkouts) would otherwise make this one refuse to start;
        // the report says the machine was shared.
        System.setProperty("jmh.ignoreLock", "true");
        Options o = new OptionsBuilder()
                .include("^" + Pattern.quote(LockBench.class.getName() + ".torture") + "$")
                .param("lock", k.lock)
                .param("spin", k.spin)
                .param("csTokens", Integer.toString(k.csTokens))
                .param("remoteTokens", Integer.toString(k.remoteTokens))
                .param("nodes", Integer.toString(k.nodes))
                .param("batch", Integer.toString(k.batch))
                .threads(k.threads)
                .forks(opts.forks)
                .warmupIterations(opts.warmup)
                .warmupTime(TimeValue.milliseconds(Math.round(opts.time * 1000)))
                .measurementIterations(opts.iterations)
                .measurementTime(TimeValue.milliseconds(Math.round(opts.time * 1000)))
                .mode(Mode.Throughput)
                .timeUnit(TimeUnit.SECONDS)
                .jvmArgsAppend("-D" + LockBench.OUT_PROPERTY + "=" + side)
                .verbosity(VerboseMode.SILENT)
                .shouldFailOnError(true)
                .build();
        long start = System.nanoTime();
        // The watchdog: a run that has not finished well after its iterations should have (a lock
        // that stopped handing over, or a machine so loaded that the waiters crawl) has its JVM
        // ended, and the row says so instead of the report hanging.
        long budget = Math.round(((opts.warmup + opts.iterations) * opts.time + 30) * Math.max(1, opts.forks) * 1000);
        boolean[] killed = new boolean[1];
        Thread watchdog = new Thread(() -> {
            try {
                Thread.sleep(budget);
            } catch (InterruptedException e) {
                return;
            }
            killed[0] = true;
            ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly);
        }, "report-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
        Row row;
        try {
            Collection<RunResult> results = new Runner(o).run();
            if (results.isEmpty()) {
                throw new IllegalStateException("JMH returned no result for " + k);
            }
            Result<?> primary = results.iterator().next().getPrimaryResult();
            row = summarise(k, primary.getScore(), primary.getScoreError(), Files.readAllLines(side));
        } catch (RunnerException | RuntimeException e) {
            if (!killed[0]) {
                throw e;
            }
            row = Row.failed(k, "no result in " + budget / 1000 + " s");
        } finally {
            watchdog.interrupt();
        }
        measured.put(k, row);
        System.out.printf(Locale.ROOT, "  %-16s %2d thr %-8s %12s ops/s  spread %-22s hand-off p50/p99 %-16s %4.1f s%n",
                k.lock, k.threads, k.spin, row.ops(), row.spread(), row.latency(),
                (System.nanoTime() - start) / 1e9);
        return row;
    }

    /** Folds the side file's measurement lines (one per iteration and fork) into a row. */
    static Row summarise(Key k, double score, double error, List<String> lines) {
        long[] perThread = new long[k.threads];
        boolean exact = true;
        long handoffs = 0;
        long reentries = 0;
        long remote = 0;
        long entries = 0;
        List<Long> p50s = new ArrayList<>();
        List<Long> p99s = new ArrayList<>();
        for (String line : lines) {
            if (line.isBlank()) {
                continue;
            }
            String[] f = line.split("\t");
            String[] counts = f[0].split(",");
            for (int i = 0; i < counts.length && i < perThread.length; i++) {
                perThread[i] += Long.parseLong(counts[i]);
            }
            exact &= f[1].equals(f[2]);
            entries += Long.parseLong(f[1]);
            handoffs += Long.parseLong(f[3]);
            reentries += Long.parseLong(f[4]);
            remote += Long.parseLong(f[5]);
            if (Integer.parseInt(f[6]) > 0) {
                p50s.add(Long.parseLong(f[7]));
                p99s.add(Long.parseLong(f[8]));
            }
        }
        long min = Arrays.stream(perThread).min().orElse(0);
        long max = Arrays.stream(perThread).max().orElse(0);
        double reentryShare = handoffs + reentries == 0 ? 0 : (double) reentries / (handoffs + reentries);
        double remoteShare = entries == 0 ? 0 : (double) remote / entries;
        String policy = LockRegistry.isJdk(k.lock) ? "JDK (parks)" : k.spin;
        return new Row(k, policy, score, error, min, max, median(p50s), median(p99s), reentryShare, remoteShare, exact,
                null);
    }

    private static long median(List<Long> xs) {
        if (xs.isEmpty()) {
            return -1;
        }
        List<Long> s = xs.stream().sorted().toList();
        return s.get(s.size() / 2);
    }

    private Key key(String lock, int threads, int csTokens, int remoteTokens) {
        return new Key(lock, opts.policyFor(threads), threads, csTokens, remoteTokens, opts.nodes, opts.batch);
    }

    // ------------------------------------------------------------------ the experiments

    void run() throws IOException, RunnerException {
        Files.createDirectories(opts.out);
        System.out.println("handoff bench report");
        System.out.println("  machine: " + Machine.describe());
        System.out.println("  " + opts.jmhSettings());
        System.out.printf(Locale.ROOT, "  Blackhole.consumeCPU: about %.2f ns per token here%n", nanosPerToken());
        for (String e : opts.experiments) {
            System.out.println("experiment " + e);
            switch (e) {
                case "main" -> main();
                case "a" -> uncontended();
                case "b" -> combining();
                case "c" -> numa();
                case "d" -> overcommit();
                default -> throw new IllegalStateException(e);
            }
        }
    }

    private void main() throws IOException, RunnerException {
        List<String> locks = opts.locks != null ? opts.locks : LockRegistry.names();
        List<Row> rows = new ArrayList<>();
        for (String lock : locks) {
            for (int t : opts.threads) {
                rows.add(measure(key(lock, t, opts.csTokens, 0)));
            }
        }
        StringBuilder md = header("main", "Every lock, every thread count",
                String.format(Locale.ROOT, "Critical section: %d consumeCPU tokens and a shared counter; no work "
                        + "between acquisitions; CNA's virtual topology: %d nodes (no remote cost here).",
                        opts.csTokens, opts.nodes));
        md.append(pivot(locks, opts.threads, rows, Row::ops)).append('\n');
        md.append("Every row (per-thread spread: the fewest and most acquisitions of one thread over the ")
                .append("measurement, and their ratio, as locktorture prints; hand-off: the median of the ")
                .append("iterations' p50 and p99 of the time from a release to the next entry by another thread):\n\n");
        md.append(detail(rows));
        md.append("\n![throughput](main.svg)\n");
        write("main", md, plot("Throughput, every lock", locks, opts.threads, rows, true));
    }

    private void uncontended() throws IOException, RunnerException {
        List<String> locks = List.of("mcs", "qspinlock", "cna-v1", "cna-prob", "cna-threshold");
        // The machine's load drifts: each round measures every lock once, the order rotating by one
        // lock per round, and each lock's median round is reported.
        Map<String, List<Row>> byLock = new LinkedHashMap<>();
        for (int round = 1; round <= opts.aRounds; round++) {
            for (int i = 0; i < locks.size(); i++) {
                String lock = locks.get((i + round - 1) % locks.size());
                Key k = new Key(lock, opts.policyFor(1), 1, opts.aCsTokens, 0, opts.nodes, opts.batch, round);
                byLock.computeIfAbsent(lock, x -> new ArrayList<>()).add(measure(k));
            }
        }
        List<Row> rows = new ArrayList<>();
        for (String lock : locks) {
            List<Row> rs = byLock.get(lock).stream().filter(r -> r.failure == null)
                    .sorted(java.util.Comparator.comparingDouble(Row::score)).toList();
            rows.add(rs.isEmpty() ? byLock.get(lock).get(0) : rs.get(rs.size() / 2));
        }
        double mcs = rows.get(0).score;
        double qspin = rows.get(1).score;
        StringBuilder md = header("a", "(a) Uncontended cost: CNA against MCS and qspinlock",
                String.format(Locale.ROOT, "One thread, critical section of %d consumeCPU tokens and a shared counter "
                        + "(ns per acquisition = 10^9 / ops/s; it includes the harness's counter and bookkeeping, "
                        + "the same for every lock). %d rounds, each measuring every lock once in rotating order; the "
                        + "table shows each lock's median round, and every round below it. The goal from the issue: "
                        + "CNA at most 1.05 x MCS.", opts.aCsTokens, opts.aRounds));
        md.append("| lock | spin | ops/s (median round) | ± | ns per acquisition | cost / MCS cost | cost / qspinlock cost |\n"
                + "|---|---|---|---|---|---|---|\n");
        for (Row r : rows) {
            md.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %.1f | %.3f | %.3f |%n", r.key.lock, r.policy,
                    r.ops(), err(r), 1e9 / r.score, mcs / r.score, qspin / r.score));
        }
        md.append("\nEvery round (ops/s):\n\n| lock |");
        for (int round = 1; round <= opts.aRounds; round++) {
            md.append(" round ").append(round).append(" |");
        }
        md.append("\n|---|").append("---|".repeat(opts.aRounds)).append('\n');
        for (String lock : locks) {
            md.append("| ").append(lock).append(" |");
            for (Row r : byLock.get(lock)) {
                md.append(' ').append(r.ops()).append(" |");
            }
            md.append('\n');
        }
        List<LineChart.Series> series = new ArrayList<>();
        for (String lock : locks) {
            series.add(new LineChart.Series(lock, byLock.get(lock).stream().mapToDouble(r -> 1e9 / r.score).toArray()));
        }
        List<String> rounds = new ArrayList<>();
        for (int round = 1; round <= opts.aRounds; round++) {
            rounds.add("round " + round);
        }
        md.append("\n![uncontended](a.svg)\n");
        write("a", md, LineChart.lines("(a) Uncontended: ns per acquisition (1 thread)", "round", "ns per acquisition",
                rounds, series, false));
    }

    private void combining() throws IOException, RunnerException {
        List<String> locks = List.of("combining", "combining-batch", "spinlock", "spinlock-llist");
        List<Integer> threads = List.of(1, 2, 4, 8);
        List<Row> rows = new ArrayList<>();
        for (String lock : locks) {
            for (int t : threads) {
                rows.add(measure(key(lock, t, opts.csTokens, 0)));
            }
        }
        StringBuilder md = header("b", "(b) Combining lock against a plain spinlock",
                String.format(Locale.ROOT, "The request is the critical section (%d consumeCPU tokens and a shared "
                        + "counter). `combining`: the alispinlock port as posted; `combining-batch`: with batch limit "
                        + "%d; `spinlock`: each thread takes a test-and-test-and-set spinlock and runs its own request; "
                        + "`spinlock-llist`: the callback construct from a lock-free list and that spinlock (push the "
                        + "request, then whoever takes the spinlock detaches the list and runs every request on it).",
                        opts.csTokens, opts.batch));
        md.append("Throughput (ops/s):\n\n").append(pivot(locks, threads, rows, Row::ops)).append('\n');
        md.append("Hand-off latency p50 / p99 (for the combining locks: end of one request to the start of the next "
                + "by another thread):\n\n").append(pivot(locks, threads, rows, Row::latency)).append('\n');
        md.append("Per-thread spread, fewest / most acquisitions (max/min):\n\n")
                .append(pivot(locks, threads, rows, Row::spread)).append('\n');
        md.append("Every row:\n\n").append(detail(rows));
        md.append("\n![combining](b.svg)\n");
        write("b", md, plot("(b) Combining against spinlock (+ list)", locks, threads, rows, false));
    }

    private void numa() throws IOException, RunnerException {
        List<String> locks = List.of("mcs", "qspinlock", "cna-v1", "cna-threshold");
        List<Row> rows = new ArrayList<>();
        for (String lock : locks) {
            for (int t : opts.threads) {
                rows.add(measure(key(lock, t, opts.csTokens, opts.remoteTokens)));
            }
        }
        double ns = nanosPerToken();
        StringBuilder md = header("c", "(c) The NUMA cost model: MCS against CNA",
                String.format(Locale.ROOT, "Thread i sits on virtual node i %% %d (CNA's topology numbers its CPUs "
                        + "the same way). An entry into the critical section on another node than the previous "
                        + "entry pays %d extra consumeCPU tokens (about %.0f ns here: the remote cache misses on "
                        + "the lock and the data); the critical section itself is %d tokens and a shared counter.",
                        opts.nodes, opts.remoteTokens, opts.remoteTokens * ns, opts.csTokens));
        md.append("Throughput (ops/s):\n\n").append(pivot(locks, opts.threads, rows, Row::ops))
                .append('\n');
        md.append("Throughput relative to MCS:\n\n").append(pivot(locks, opts.threads, rows, r -> {
            Row m = measured.get(new Key("mcs", r.key.spin, r.key.threads, r.key.csTokens, r.key.remoteTokens,
                    r.key.nodes, r.key.batch));
            return m == null || r.failure != null || m.failure != null ? "–" : String.format(Locale.ROOT, "%.2f", r.score / m.score);
        })).append('\n');
        md.append("Share of entries that paid the remote cost:\n\n").append(pivot(locks, opts.threads, rows,
                r -> r.failure != null ? "–" : String.format(Locale.ROOT, "%.1f%%", 100 * r.remoteShare))).append('\n');
        md.append("Every row:\n\n").append(detail(rows));
        md.append("\n![numa](c.svg)\n");
        write("c", md, plot("(c) NUMA cost model: " + opts.remoteTokens + " tokens per remote entry", locks,
                opts.threads, rows, true));
    }

    private void overcommit() throws IOException, RunnerException {
        List<Integer> threads = new ArrayList<>();
        int cpus = Runtime.getRuntime().availableProcessors();
        for (int t : List.of(4, 8, 16)) {
            if (t > cpus) {
                threads.add(t);
            }
        }
        if (threads.isEmpty()) {
            threads.add(2 * cpus);
        }
        List<String> present = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        for (String l : OVERCOMMIT_LOCKS) {
            (LockRegistry.has(l) ? present : missing).add(l);
        }
        List<Row> rows = new ArrayList<>();
        List<String> series = new ArrayList<>();
        for (String lock : present) {
            for (String spin : LockRegistry.POLICIES) {
                series.add(lock + " " + spin);
                for (int t : threads) {
                    rows.add(measure(new Key(lock, spin, t, opts.csTokens, 0, opts.nodes, opts.batch)));
                }
            }
        }
        StringBuilder md = header("d", "(d) Overcommit: MCS, qspinlock and the paravirtual variants",
                String.format(Locale.ROOT, "More threads than the %d processors; critical section of %d consumeCPU "
                        + "tokens. Each lock with the kernel's spin-forever policy (what a preempted waiter costs) "
                        + "and with the yielding policy.", cpus, opts.csTokens));
        if (!missing.isEmpty()) {
            md.append("**Not measured: ").append(String.join(", ", missing))
                    .append(" — no port registered for them in the manifest's `ports` (or the manifest expects "
                            + "them to lose a waiter, a wake-up or safety). Registering a port there is all this "
                            + "experiment needs to include it.**\n\n");
        }
        md.append("Throughput (ops/s):\n\n");
        md.append(pivotBy(series, threads, rows, r -> r.key.lock + " " + r.key.spin, Row::ops));
        md.append("\nEvery row:\n\n").append(detail(rows));
        md.append("\n![overcommit](d.svg)\n");
        List<LineChart.Series> ss = new ArrayList<>();
        for (String s : series) {
            double[] v = new double[threads.size()];
            for (int i = 0; i < threads.size(); i++) {
                int t = threads.get(i);
                v[i] = rows.stream().filter(r -> (r.key.lock + " " + r.key.spin).equals(s) && r.key.threads == t)
                        .mapToDouble(Row::score).findFirst().orElse(Double.NaN);
            }
            ss.add(new LineChart.Series(s, v));
        }
        write("d", md, LineChart.lines("(d) Overcommit: " + cpus + " processors", "threads", "ops/s",
                threads.stream().map(String::valueOf).toList(), ss, true));
    }

    // ------------------------------------------------------------------ output

    private StringBuilder header(String id, String title, String what) {
        StringBuilder md = new StringBuilder();
        md.append("# ").append(title).append("\n\n");
        md.append("Generated by `org.handoff.bench.Report` on ").append(LocalDate.now(ZoneOffset.UTC))
                .append(" (UTC). Regenerate this table alone with:\n\n```sh\n").append(command(id)).append("\n```\n\n");
        md.append("Machine: ").append(Machine.describe()).append(".  \n");
        md.append(opts.jmhSettings()).append(".  \n");
        md.append("Load average when the run started: ").append(loadAverage())
                .append(" (anything well above 0 means other work shared the processors: compare within a table, not across runs).\n\n");
        md.append(what).append("\n\n");
        return md;
    }

    /** The 1-minute load average from /proc/loadavg, or "unknown" off Linux. */
    static String loadAverage() {
        try {
            return java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg")).trim().split("\\s+")[0];
        } catch (java.io.IOException | RuntimeException e) {
            return "unknown";
        }
    }

    /** The command that regenerates experiment {@code id} with this run's settings. */
    String command(String id) {
        List<String> parts = new ArrayList<>(List.of("mvn -B -q -pl bench -am install -DskipTests &&",
                "java -cp bench/target/benchmarks.jar org.handoff.bench.Report"));
        String[] a = opts.args;
        for (int i = 0; i < a.length; i++) {
            if (a[i].equals("--experiment") || a[i].equals("--experiments")) {
                i++;
                continue;
            }
            parts.add(a[i]);
        }
        parts.add("--experiment");
        parts.add(id);
        return String.join(" ", parts);
    }

    private void write(String id, StringBuilder md, String svg) throws IOException {
        Files.writeString(opts.out.resolve(id + ".md"), md.toString(), StandardCharsets.UTF_8);
        Files.writeString(opts.out.resolve(id + ".svg"), svg, StandardCharsets.UTF_8);
        System.out.println("  wrote " + opts.out.resolve(id + ".md") + " and " + id + ".svg");
    }

    private static String pivot(List<String> locks, List<Integer> threads, List<Row> rows,
            java.util.function.Function<Row, String> cell) {
        return pivotBy(locks, threads, rows, r -> r.key.lock, cell);
    }

    private static String pivotBy(List<String> names, List<Integer> threads, List<Row> rows,
            java.util.function.Function<Row, String> nameOf, java.util.function.Function<Row, String> cell) {
        StringBuilder b = new StringBuilder("| lock | ");
        b.append(threads.stream().map(t -> t + (t == 1 ? " thread" : " threads")).collect(Collectors.joining(" | ")));
        b.append(" |\n|---|").append("---|".repeat(threads.size())).append('\n');
        for (String n : names) {
            b.append("| ").append(n).append(" |");
            for (int t : threads) {
                String c = rows.stream().filter(r -> nameOf.apply(r).equals(n) && r.key.threads == t).findFirst()
                        .map(cell)
                        .orElse("–");
                b.append(' ').append(c).append(" |");
            }
            b.append('\n');
        }
        return b.toString();
    }

    private static String detail(List<Row> rows) {
        StringBuilder b = new StringBuilder(
                "| lock | threads | waiting | ops/s | ± | per-thread min / max (ratio) | hand-off p50 / p99 | same-thread re-entries | counter exact |\n"
                        + "|---|---|---|---|---|---|---|---|---|\n");
        for (Row r : rows) {
            b.append(String.format(Locale.ROOT, "| %s | %d | %s | %s | %s | %s | %s | %s | %s |%n", r.key.lock,
                    r.key.threads, r.policy, r.ops(), err(r), r.spread(), r.latency(),
                    r.failure != null ? "–" : String.format(Locale.ROOT, "%.0f%%", 100 * r.reentryShare),
                    r.failure != null ? "–" : r.exact ? "yes" : "**no**"));
        }
        return b.toString();
    }

    private static String plot(String title, List<String> locks, List<Integer> threads, List<Row> rows, boolean log) {
        List<LineChart.Series> series = new ArrayList<>();
        for (String l : locks) {
            double[] v = new double[threads.size()];
            for (int i = 0; i < threads.size(); i++) {
                int t = threads.get(i);
                v[i] = rows.stream().filter(r -> r.key.lock.equals(l) && r.key.threads == t).mapToDouble(Row::score)
                        .findFirst().orElse(Double.NaN);
            }
            series.add(new LineChart.Series(l, v));
        }
        return LineChart.lines(title, "threads", "ops/s", threads.stream().map(String::valueOf).toList(), series, log);
    }

    private static String err(Row r) {
        return Double.isNaN(r.error) ? "–" : LineChart.human(r.error);
    }

    static String nanos(long ns) {
        if (ns >= 1_000_000) {
            return String.format(Locale.ROOT, "%.1f ms", ns / 1e6);
        }
        if (ns >= 10_000) {
            return String.format(Locale.ROOT, "%.0f µs", ns / 1e3);
        }
        if (ns >= 1_000) {
            return String.format(Locale.ROOT, "%.1f µs", ns / 1e3);
        }
        return ns + " ns";
    }

    static String fmt(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }

    private static double tokenNanos = -1;

    /** Blackhole.consumeCPU's cost per token on this machine, measured once (a rough figure). */
    static synchronized double nanosPerToken() {
        if (tokenNanos < 0) {
            for (int i = 0; i < 2000; i++) {
                Blackhole.consumeCPU(1000); // warm up
            }
            long best = Long.MAX_VALUE;
            for (int round = 0; round < 5; round++) {
                long t0 = System.nanoTime();
                for (int i = 0; i < 200; i++) {
                    Blackhole.consumeCPU(1000);
                }
                best = Math.min(best, System.nanoTime() - t0);
            }
            tokenNanos = best / 200_000.0;
        }
        return tokenNanos;
    }

    // ------------------------------------------------------------------ entry point

    public static void main(String[] args) {
        System.exit(cli(args, System.err));
    }

    /** Runs the report; bad input: one line on {@code err} and 2; a failed run: one line and 1. */
    static int cli(String[] args, java.io.PrintStream err) {
        try {
            return run(args);
        } catch (IllegalArgumentException e) {
            err.println("report: " + e.getMessage());
            return 2;
        } catch (RunnerException | IOException | RuntimeException e) {
            err.println("report: the benchmark run failed: " + oneLine(e));
            return 1;
        }
    }

    /** Runs the report; 0 on success. Bad input throws a one-line IllegalArgumentException. */
    static int run(String[] args) throws IOException, RunnerException {
        ReportOptions o;
        try {
            o = ReportOptions.parse(args);
        } catch (ReportOptions.Help h) {
            System.out.print(h.usage);
            return 0;
        }
        if (o.list) {
            LockRegistry.names().forEach(System.out::println);
            return 0;
        }
        new Report(o).run();
        return 0;
    }

    private static String oneLine(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String m = root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
        return m.lines().findFirst().orElse(m);
    }
}
