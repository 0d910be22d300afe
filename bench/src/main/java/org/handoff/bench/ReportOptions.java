package org.handoff.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The options, parsed by picocli; each value is then checked with a one-line message naming the
 * option and the accepted range (each option's setter checks its value).
 */
@Command(name = "report", sortOptions = false, usageHelpWidth = 110,
        customSynopsis = "java -cp bench/target/benchmarks.jar org.handoff.bench.Report [options]",
        description = "Runs the benchmarks and writes the tables and plots of docs/performance.")
final class ReportOptions {
    List<String> experiments = Report.EXPERIMENTS;
    List<String> locks = null;
    List<Integer> threads = List.of(1, 2, 4, 8, 16);
    int forks = 1;
    int warmup = 1;
    int iterations = 3;
    double time = 1;
    int csTokens = 20;
    int aCsTokens = 0;
    int aRounds = 3;
    int remoteTokens = 400;
    int nodes = 2;
    int batch = 8;
    String[] args = new String[0];

    // Each option is checked as picocli reads it: a value out of range is a one-line
    // IllegalArgumentException naming the option (parse() unwraps it from picocli's exception).
    @Option(names = {"--experiment", "--experiments"}, paramLabel = "LIST", description = "main,a,b,c,d (default all)")
    void experiments(String v) {
        experiments = list(v, Report.EXPERIMENTS, "experiment");
    }

    @Option(names = "--locks", paramLabel = "LIST", description = "locks of the main table (default every registered lock)")
    void locks(String v) {
        locks = lockList(v);
    }

    @Option(names = "--threads", paramLabel = "LIST", description = "thread counts of the main table (default 1,2,4,8,16)")
    void threads(String v) {
        threads = ints("--threads", v, 1, Workload.MAX_THREADS);
    }

    @Option(names = "--forks", paramLabel = "N", description = "JMH forks (default 1)")
    void forks(String v) {
        forks = bounded("--forks", v, 0, 100);
    }

    @Option(names = "--warmup", paramLabel = "N", description = "warm-up iterations (default 1)")
    void warmup(String v) {
        warmup = bounded("--warmup", v, 0, 1000);
    }

    @Option(names = "--iterations", paramLabel = "N", description = "measurement iterations (default 3)")
    void iterations(String v) {
        iterations = bounded("--iterations", v, 1, 1000);
    }

    @Option(names = "--time", paramLabel = "SECONDS", description = "length of each iteration (default 1)")
    void time(String v) {
        time = seconds("--time", v);
    }

    @Option(names = "--cs-tokens", paramLabel = "N", description = "Blackhole.consumeCPU tokens per critical section (default 20)")
    void csTokens(String v) {
        csTokens = bounded("--cs-tokens", v, 0, 10_000_000);
    }

    @Option(names = "--a-cs-tokens", paramLabel = "N", description = "the same for experiment a (default 0: the lock's own cost)")
    void aCsTokens(String v) {
        aCsTokens = bounded("--a-cs-tokens", v, 0, 10_000_000);
    }

    @Option(names = "--a-rounds", paramLabel = "N",
            description = "experiment a: rounds over the locks, in rotating order; the median is reported (default 3)")
    void aRounds(String v) {
        aRounds = bounded("--a-rounds", v, 1, 100);
    }

    @Option(names = "--remote-tokens", paramLabel = "N",
            description = "experiment c: extra tokens for an entry from another virtual node (default 400)")
    void remoteTokens(String v) {
        remoteTokens = bounded("--remote-tokens", v, 0, 10_000_000);
    }

    @Option(names = "--nodes", paramLabel = "N", description = "virtual NUMA nodes (default 2)")
    void nodes(String v) {
        nodes = bounded("--nodes", v, 1, Workload.MAX_THREADS);
    }

    @Option(names = "--batch", paramLabel = "N", description = "combining-batch's batch limit (default 8)")
    void batch(String v) {
        batch = bounded("--batch", v, 1, 1_000_000);
    }

    String spin = "auto";

    @Option(names = "--spin", paramLabel = "P",
            description = "auto (forever up to the processor count, yielding above), forever or yielding (default auto)")
    void spin(String v) {
        if (!v.equals("auto") && !LockRegistry.POLICIES.contains(v)) {
            throw new IllegalArgumentException("unknown spin policy '" + v + "' (auto, "
                    + String.join(", ", LockRegistry.POLICIES) + ")");
        }
        spin = v;
    }
    @Option(names = "--out", paramLabel = "DIR", description = "where the tables and plots go (default docs/performance)")
    Path out = Path.of("docs/performance");
    @Option(names = "--list", description = "print the registered locks and exit")
    boolean list;
    @Option(names = {"-h", "--help"}, usageHelp = true, description = "print this help and exit")
    boolean help;


    /** The options of {@code args}; {@link Help} for --help; bad input a one-line IllegalArgumentException. */
    static ReportOptions parse(String[] args) {
        ReportOptions o = new ReportOptions();
        CommandLine cl = new CommandLine(o);
        try {
            cl.parseArgs(args);
        } catch (CommandLine.ParameterException e) {
            if (e.getCause() instanceof IllegalArgumentException bad) {
                throw bad; // an option's own check
            }
            throw new IllegalArgumentException(e.getMessage().lines().findFirst().orElse("bad option") + " (see --help)");
        }
        if (o.help) {
            throw new Help(cl.getUsageMessage());
        }
        o.args = args.clone();
        return o;
    }

    /** The policy of a row with {@code threads} threads. */
    String policyFor(int threads) {
        if (!spin.equals("auto")) {
            return spin;
        }
        return threads <= Runtime.getRuntime().availableProcessors() ? "forever" : "yielding";
    }

    String jmhSettings() {
        return String.format(Locale.ROOT,
                "JMH 1.37, mode throughput (ops/s, all threads together), %d fork%s, %d warm-up and %d measurement "
                        + "iteration%s of %s s each (synchronised; in the warm-down each thread pauses 100 µs "
                        + "before each acquisition so that a thread the lock starves gets out); error = JMH's 99.9%% confidence half-width (none with fewer than 2 iterations)",
                forks, forks == 1 ? "" : "s", warmup, iterations, iterations == 1 ? "" : "s", Report.fmt(time));
    }

    /** --help: the usage text picocli writes from the options. */
    static final class Help extends RuntimeException {
        final String usage;

        Help(String usage) {
            super(null, null, false, false);
            this.usage = usage;
        }
    }

    private static List<String> list(String v, List<String> allowed, String what) {
        List<String> out = new ArrayList<>();
        for (String s : v.split(",")) {
            String t = s.strip();
            if (t.equals("all")) {
                return allowed;
            }
            if (!allowed.contains(t)) {
                throw new IllegalArgumentException("unknown " + what + " '" + t + "' (one of " + String.join(", ", allowed) + ")");
            }
            out.add(t);
        }
        return out;
    }

    private static List<String> lockList(String v) {
        List<String> out = new ArrayList<>();
        for (String s : v.split(",")) {
            String t = s.strip();
            if (!LockRegistry.has(t)) {
                throw new IllegalArgumentException(LockRegistry.unknown(t));
            }
            out.add(t);
        }
        return out;
    }

    private static List<Integer> ints(String option, String v, int lo, int hi) {
        List<Integer> out = new ArrayList<>();
        for (String s : v.split(",")) {
            out.add(bounded(option, s, lo, hi));
        }
        return out;
    }

    private static int bounded(String option, String v, int lo, int hi) {
        int n;
        try {
            n = Integer.parseInt(v.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " wants a number, not '" + v + "'");
        }
        if (n < lo || n > hi) {
            throw new IllegalArgumentException(option + " must be " + lo + " to " + hi + ", not " + n);
        }
        return n;
    }

    private static double seconds(String option, String v) {
        double d;
        try {
            d = Double.parseDouble(v.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " wants a number of seconds, not '" + v + "'");
        }
        if (!(d >= 0.01 && d <= 3600)) {
            throw new IllegalArgumentException(option + " must be 0.01 to 3600 seconds, not " + v);
        }
        return d;
    }
}
