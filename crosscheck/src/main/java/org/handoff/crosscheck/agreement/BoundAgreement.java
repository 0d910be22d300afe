package org.handoff.crosscheck.agreement;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import org.handoff.core.Check;
import org.handoff.core.HandoffException;
import org.handoff.core.Level;
import org.handoff.core.Manifest;
import org.handoff.core.Outcome;
import org.handoff.core.Property;
import org.handoff.core.Specs;
import org.handoff.models.fairness.FairnessHarness;
import org.handoff.specs.SpecSource;
import org.handoff.specs.TlcConfig;

/**
 * The bound agreement table: for every variant whose TLC models prove a bypass bound
 * ({@code BoundedBypass} in a passing model), the bound K TLC proves, whether a model shows it
 * tight, and the largest bypass the Java port shows in {@link FairnessHarness} runs, which must not
 * exceed K (docs/agreement.md).
 *
 * <p>Both sides count the same thing: an acquisition's bypass is the number of entries into the
 * critical section, between its thread's doorway and its own entry, by threads whose doorway came
 * later ({@code BypassAtEntry} in specs/common/Properties.tla; {@link FairnessHarness}'s class comment).
 * The harness runs with exact doorway numbering ({@link FairnessHarness.Config#exact}): each doorway
 * step and its ticket under one monitor, so that the numbering adds no bypass of its own and the
 * comparison needs no tolerance. A Java run cannot prove a bound; it can only refute one, so
 * "agree" means that no run exceeded K.
 *
 * <p>The TLC side is read from the manifest and the model files only; whether each model really
 * passes or fails as expected is confirmed by the TLC tests.
 */
public final class BoundAgreement {

    private static final String PV_NOT_MEASURED = "not comparable: the Java port steals the lock"
            + " (pv_hybrid_queued_unfair_trylock in the slowpath), so a vCPU that never passed the doorway may"
            + " enter ahead of queued ones; the spec's bound 0 is for the queue without stealing, and its"
            + " stealing models (PV_Steal_N2, PV_Steal_N3) check no bound";

    /** What a reader of a row needs to know about how the two sides compare (family/variant -> note). */
    static final Map<String, String> NOTES = Map.of(
            "qspinlock/qspinlock", "the doorway is the step that makes a CPU visible in the lock word: the pending"
                    + " set it then owns, the tail swap, or a fast path or trylock that enters at once; from the"
                    + " slowpath's entry there is no bound (docs/families/qspinlock.md). The harness injects no interrupts, so its"
                    + " runs compare with the models without them (QSpinlock_N3_L0); the models with interrupts"
                    + " prove the same K for every lock",
            "cna/cna-threshold", "same units on both sides: the spec's Threshold and the port's threshold() both"
                    + " count intra-node hand-offs in a row (spec: intra, passed on with the lock as the holder's"
                    + " count + 1; Java: intraCount, the same), and both search for a local waiter only while the"
                    + " count is below the threshold; K counts entries by later-doorway threads (BypassAtEntry) and"
                    + " so does the harness. The models have 2 NUMA nodes with CPUs alternating between them, as"
                    + " the harness's virtual nodes (thread i on node i % 2). CNA_Threshold_N4_T1 is queue-only"
                    + " (PendingPath = FALSE); the port keeps the pending path, which only serves a lock with an"
                    + " empty queue and so overtakes nobody",
            "ticket/ticket", "the models' counters are 1 or 2 bits wide, as many values as CPUs; the port runs with"
                    + " the kernel's 32-bit counters; both are FIFO from the ticket increment, as long as there are"
                    + " at least as many ticket values as CPUs");

    /** Why a variant with a proved bound has no Java measurement (family/variant -> reason). */
    static final Map<String, String> NOT_MEASURED = Map.of(
            "pv/pv", PV_NOT_MEASURED,
            "pv/pv-wait-early", PV_NOT_MEASURED,
            "pv/pv-wait-early-merged", PV_NOT_MEASURED);

    /**
     * What the TLC models of one variant (and one CNA threshold) say about its bypass.
     *
     * @param bound     K of BoundedBypass in the passing models
     * @param threshold the models' CNA {@code Threshold}, or null
     * @param threads   the largest N among the passing models: the Java runs use as many threads
     * @param sockets   the models' NUMA nodes ({@code Sockets}), 1 when they have none
     * @param models    the passing models that check BoundedBypass with K
     * @param tight     models of the variant expected to violate BoundedBypass with K - 1
     * @param biting    mutant models expected to violate BoundedBypass (the check bites)
     */
    public record TlcBound(String family, String variant, int bound, Integer threshold, int threads, int sockets,
            List<Check> models, List<Check> tight, List<Check> biting) {
        public String id() {
            return family + "/" + variant + (threshold == null ? "" : " (T = " + threshold + ")");
        }

        /** Whether the bound is shown to be the least one, and how. */
        public String tightness() {
            String bites = biting.isEmpty() ? "" : "; a mutant violates it: " + names(biting);
            if (bound == 0) {
                return "yes: 0 is the least bound" + bites;
            }
            if (!tight.isEmpty()) {
                return "yes: K = " + (bound - 1) + " fails (" + names(tight) + ")" + bites;
            }
            return "not shown" + bites;
        }
    }

    /**
     * One harness run.
     *
     * @param entries  entries measured (the acquisitions and each thread's last one)
     * @param handoffs entries by another thread than the one before
     */
    public record Run(long seed, int threads, int nodes, int acquisitions, int maxBypass, int p99, long entries,
            long handoffs, double seconds) {
        /**
         * Whether the threads really competed: at least a tenth of the entries passed the lock to
         * another thread. On a loaded machine a run can end before the other threads are scheduled,
         * with one thread taking every entry; such a run cannot exceed any bound and proves little.
         */
        public boolean contended() {
            return handoffs * 10 >= entries;
        }
    }

    /**
     * One row: the TLC bound and the Java runs of the port, or the reason there are none.
     *
     * @param lock        the variant measured in the harness (its registered port), or null
     * @param notMeasured why there are no runs, or null
     */
    public record Row(TlcBound tlc, String lock, String notMeasured, List<Run> runs) {
        public long contendedRuns() {
            return runs.stream().filter(Run::contended).count();
        }

        /** A measured row none of whose runs was contended. */
        public boolean inconclusive() {
            return lock != null && contendedRuns() == 0;
        }

        public Integer observedMax() {
            return runs.stream().map(Run::maxBypass).max(Integer::compare).orElse(null);
        }

        public Integer p99() {
            return runs.stream().map(Run::p99).max(Integer::compare).orElse(null);
        }

        /** No run exceeded the bound, and a row without runs says why. */
        public boolean agrees() {
            if (lock == null) {
                return notMeasured != null;
            }
            return runs.stream().allMatch(r -> r.maxBypass() <= tlc.bound());
        }

        /** Why the row disagrees, naming the seeds; null when it agrees. */
        public String disagreement() {
            if (agrees()) {
                return null;
            }
            if (lock == null) {
                return tlc.id() + ": TLC proves a bypass bound of " + tlc.bound()
                        + ", but no Java port is measured and no reason says why";
            }
            List<String> over = new ArrayList<>();
            for (Run r : runs) {
                if (r.maxBypass() > tlc.bound()) {
                    over.add("seed " + r.seed() + ": " + r.maxBypass());
                }
            }
            String models = tlc.models().isEmpty() ? "" : " (" + names(tlc.models()) + ")";
            return tlc.id() + ": TLC proves a bypass of at most " + tlc.bound() + models + ", the Java port " + lock
                    + " overtook more (" + String.join(", ", over) + "; " + tlc.threads() + " threads)";
        }
    }

    /**
     * How much to run: until {@code runs} contended runs of {@code acquisitions} each (at most
     * {@link #ATTEMPTS} times as many runs in all), seeds {@code seed}, {@code seed + 1}, ...
     */
    public record Settings(int runs, int acquisitions, long seed) {
        /** Runs per contended run wanted, at most. */
        public static final int ATTEMPTS = 10;

        public Settings {
            if (runs < 1 || acquisitions < 1) {
                throw new IllegalArgumentException("at least one run of at least one acquisition");
            }
        }
    }

    private final List<Row> rows;
    private final Settings settings;

    private BoundAgreement(List<Row> rows, Settings settings) {
        this.rows = List.copyOf(rows);
        this.settings = settings;
    }

    public List<Row> rows() {
        return rows;
    }

    /** One line per row that disagrees; empty when every measured port stays within its bound. */
    public List<String> disagreements() {
        return rows.stream().map(Row::disagreement).filter(Objects::nonNull).toList();
    }

    /** One line per measured row without a contended run. */
    public List<String> inconclusive() {
        return rows.stream().filter(Row::inconclusive).map(r -> r.tlc().id() + " on " + r.lock() + ": none of "
                + r.runs().size() + " runs was contended (seeds " + r.runs().get(0).seed() + " to "
                + r.runs().get(r.runs().size() - 1).seed() + ")").toList();
    }

    // ------------------------------------------------------------------ the TLC side

    /** An integer constant the config assigns ({@code N = 3}), or null. */
    static Integer constant(TlcConfig cfg, String name) {
        String v = cfg.constantValue(name);
        return v != null && v.matches("\\d+") ? Integer.valueOf(v) : null;
    }

    /**
     * K of a model that checks BoundedBypass, or null when it does not: the config's
     * {@code BypassBound}, else the literal of the spec's {@code BoundedBypass == P!BoundedBypass(bypass, K)}.
     */
    public static Integer boundOf(Path specs, Check c) {
        return boundOf(specs, c, TlcConfig.read(Specs.fileIn(specs, c, "config")));
    }

    /** {@link #boundOf(Path, Check)} of a model whose config {@code cfg} is already read. */
    private static Integer boundOf(Path specs, Check c, TlcConfig cfg) {
        if (!cfg.invariants().contains(Property.BoundedBypass.name())) {
            return null;
        }
        Integer k = constant(cfg, "BypassBound");
        if (k != null) {
            return k;
        }
        // The spec's own bound: BoundedBypass == P!BoundedBypass(bypass, K), read from SANY's tree.
        SpecSource.Application a = SpecSource.load(Specs.fileIn(specs, c, "spec"), Specs.library(specs.getParent()))
                .application(Property.BoundedBypass.name());
        if (a != null && a.operator().endsWith("!" + Property.BoundedBypass.name()) && a.numerals().size() == 2
                && a.numerals().get(1) != null) {
            return a.numerals().get(1);
        }
        throw new HandoffException(c.param("config") + ": checks BoundedBypass, but neither the config's BypassBound"
                + " nor " + c.param("spec") + " gives its bound");
    }

    /** Every bound the manifest's passing TLC models prove, one per family, variant and CNA threshold. */
    public static List<TlcBound> tlcBounds(Manifest manifest, Path root) {
        Path specs = root.resolve("specs");
        // Each model's config, read once: the grouping, the sizes and the tight models all ask it.
        Map<Path, TlcConfig> configs = new HashMap<>();
        Function<Check, TlcConfig> cfgOf = c -> configs.computeIfAbsent(Specs.fileIn(specs, c, "config"), TlcConfig::read);
        Map<String, List<Check>> groups = new LinkedHashMap<>();
        Map<String, int[]> keyOf = new LinkedHashMap<>(); // bound, threshold (-1 none)
        for (Check c : manifest.checks()) {
            if (c.level() != Level.TLC || c.mutant() || c.expected() != Outcome.PASS) {
                continue;
            }
            Integer k = boundOf(specs, c, cfgOf.apply(c));
            if (k == null) {
                continue;
            }
            Integer t = constant(cfgOf.apply(c), "Threshold");
            String key = c.family() + "/" + c.variant() + "/" + k + "/" + t;
            groups.computeIfAbsent(key, x -> new ArrayList<>()).add(c);
            keyOf.put(key, new int[] {k, t == null ? -1 : t});
        }
        List<TlcBound> out = new ArrayList<>();
        for (Map.Entry<String, List<Check>> g : groups.entrySet()) {
            List<Check> models = g.getValue();
            Check first = models.get(0);
            int k = keyOf.get(g.getKey())[0];
            Integer t = keyOf.get(g.getKey())[1] < 0 ? null : keyOf.get(g.getKey())[1];
            int threads = 0;
            int sockets = 1;
            for (Check c : models) {
                TlcConfig cfg = cfgOf.apply(c);
                Integer n = constant(cfg, "N");
                if (n == null) {
                    throw new HandoffException(c.param("config") + ": no N, the number of threads");
                }
                threads = Math.max(threads, n);
                Integer s = constant(cfg, "Sockets");
                sockets = s == null ? sockets : Math.max(sockets, s);
            }
            List<Check> tight = new ArrayList<>();
            List<Check> biting = new ArrayList<>();
            for (Check c : manifest.checks()) {
                if (c.level() != Level.TLC || !c.family().equals(first.family()) || c.expected() != Outcome.FAIL
                        || !Property.BoundedBypass.name().equals(c.property())) {
                    continue;
                }
                if (c.mutant()) {
                    biting.add(c);
                } else if (c.variant().equals(first.variant()) && Objects.equals(boundOf(specs, c, cfgOf.apply(c)), k - 1)
                        && Objects.equals(constant(cfgOf.apply(c), "Threshold"), t)) {
                    tight.add(c);
                }
            }
            out.add(new TlcBound(first.family(), first.variant(), k, t, threads, sockets, models, tight, biting));
        }
        return out;
    }

    /** The table of {@code rows} (measured by {@link BoundRuns}, or a test's). */
    public static BoundAgreement of(List<Row> rows, Settings s) {
        return new BoundAgreement(rows, s);
    }

    // ------------------------------------------------------------------ the table

    static String names(List<Check> checks) {
        return String.join(", ", checks.stream().map(c -> "`" + c.check() + "`"
                + ("full".equals(c.profile()) ? " (full)" : "")).toList());
    }

    private static String units(TlcBound b) {
        if (b.threshold() == null) {
            return "K = " + b.bound();
        }
        return "K = " + b.bound() + " (T = " + b.threshold() + ")";
    }

    private static String noteRef(List<String> notes, String note) {
        if (!notes.contains(note)) {
            notes.add(note);
        }
        return "[" + (notes.indexOf(note) + 1) + "]";
    }

    /** The table as markdown, with each run's seed and the notes on units and measurement. */
    public String markdown() {
        StringBuilder out = new StringBuilder();
        List<String> bad = disagreements();
        out.append(String.format(Locale.ROOT, "Bound agreement: %d bounds; Java runs of %,d acquisitions (exact"
                + " doorways), per row until %d run%s contended, first seed %d. ", rows.size(),
                settings.acquisitions(), settings.runs(), settings.runs() == 1 ? " was" : "s were", settings.seed()));
        out.append(bad.isEmpty() ? "Every measured port stays within its TLC bound.\n" : bad.size() + " disagreements:\n");
        for (String d : bad) {
            out.append("- ").append(d).append('\n');
        }
        for (String d : inconclusive()) {
            out.append("- inconclusive: ").append(d).append('\n');
        }
        out.append("\n| family | variant | TLC bound | tight? | TLC models | Java: lock, threads (nodes), contended / all"
                + " runs | observed max | p99 | agree? |\n|---|---|---|---|---|---|---|---|---|\n");
        List<String> notes = new ArrayList<>();
        for (Row r : rows) {
            TlcBound b = r.tlc();
            String key = b.family() + "/" + b.variant();
            String variant = b.variant();
            if (NOTES.containsKey(key)) {
                variant += " " + noteRef(notes, NOTES.get(key));
            }
            out.append("| ").append(b.family()).append(" | ").append(variant).append(" | ").append(units(b))
                    .append(" | ").append(b.tightness()).append(" | ").append(names(b.models()))
                    .append(" (N ≤ ").append(b.threads()).append(") | ");
            if (r.lock() == null) {
                out.append(r.notMeasured() == null ? "none" : "not measured " + noteRef(notes, r.notMeasured()))
                        .append(" | — | — | ").append(r.agrees() ? "n/a" : "**no**").append(" |\n");
                continue;
            }
            out.append('`').append(r.lock()).append("`, ").append(b.threads()).append(" (").append(b.sockets())
                    .append("), ").append(r.contendedRuns()).append(" / ").append(r.runs().size())
                    .append(" | ").append(r.observedMax()).append(" | ").append(r.p99()).append(" | ")
                    .append(!r.agrees() ? "**no**" : b.bound() > 0 && r.observedMax() == b.bound() ? "yes (K reached)" : "yes")
                    .append(" |\n");
        }
        MutantAgreement.appendNotes(out, notes);
        out.append("\nRuns (seed: bypass max / p99, hand-offs / entries, seconds; * not contended):\n\n");
        for (Row r : rows) {
            if (r.runs().isEmpty()) {
                continue;
            }
            List<String> runs = new ArrayList<>();
            for (Run run : r.runs()) {
                runs.add(String.format(Locale.ROOT, "%d%s: %d / %d, %d / %d, %.2f s", run.seed(),
                        run.contended() ? "" : "*", run.maxBypass(), run.p99(), run.handoffs(), run.entries(),
                        run.seconds()));
            }
            out.append("- ").append(r.tlc().id()).append(" on `").append(r.lock()).append("`: ")
                    .append(String.join("; ", runs)).append('\n');
        }
        return out.toString();
    }
}
