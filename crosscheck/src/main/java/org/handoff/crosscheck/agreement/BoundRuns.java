package org.handoff.crosscheck.agreement;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import org.handoff.crosscheck.agreement.BoundAgreement.Row;
import org.handoff.crosscheck.agreement.BoundAgreement.Run;
import org.handoff.crosscheck.agreement.BoundAgreement.Settings;
import org.handoff.crosscheck.agreement.BoundAgreement.TlcBound;
import org.handoff.core.HandoffException;
import org.handoff.core.Manifest;
import org.handoff.models.cna.CnaLock;
import org.handoff.models.fairness.FairnessHarness;

/**
 * The Java side of the bound agreement table: each TLC bound's variant run in the
 * {@link FairnessHarness} on the port the manifest registers for it, with exact doorway numbering
 * ({@link FairnessHarness.Config#exact}). {@link BoundAgreement} only lays out what these runs
 * found beside what TLC proved.
 */
public final class BoundRuns {
    private BoundRuns() {
    }

    /**
     * Runs {@code port}, the port class of the bound's variant, in the harness, exact doorways, with
     * the bound's threads, nodes and threshold, until {@code s.runs()} runs were contended or
     * {@link Settings#ATTEMPTS} times as many were made.
     */
    public static Row measure(TlcBound b, String port, Settings s, Consumer<String> log) {
        List<Run> runs = new ArrayList<>();
        int contended = 0;
        for (int i = 0; contended < s.runs() && i < s.runs() * Settings.ATTEMPTS; i++) {
            long seed = s.seed() + i;
            FairnessHarness.Config c = new FairnessHarness.Config(b.variant(), b.threads(), b.sockets(), s.acquisitions(),
                    seed, CnaLock.INTRA_SOCKET_HANDOFF_PROB_ARG,
                    b.threshold() == null ? CnaLock.DEFAULT_THRESHOLD : b.threshold(), true, port);
            FairnessHarness.Result r;
            try {
                r = FairnessHarness.run(c);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new HandoffException("interrupted while measuring " + b.id(), e);
            }
            long entries = r.bypass().length;
            Run run = new Run(seed, c.threads(), c.nodes(), c.acquisitions(), r.maxBypass(), r.p99Bypass(), entries,
                    r.handoffs(), r.seconds());
            log.accept(String.format(Locale.ROOT, "bound agreement: %s on %s, seed %d: %d threads, %d acquisitions,"
                    + " bypass max %d p99 %d (TLC bound %d), %d hand-offs in %d entries%s, %.2f s", b.id(), b.variant(), seed,
                    run.threads(), run.acquisitions(), run.maxBypass(), run.p99(), b.bound(), run.handoffs(),
                    run.entries(), run.contended() ? "" : " (not contended)", run.seconds()));
            runs.add(run);
            contended += run.contended() ? 1 : 0;
        }
        return new Row(b, b.variant(), null, runs);
    }

    /** The table for the manifest: every TLC bound, each measured on its port or given its reason. */
    public static BoundAgreement table(Manifest manifest, Path root, Settings s, Consumer<String> log) {
        List<Row> rows = new ArrayList<>();
        for (TlcBound b : BoundAgreement.tlcBounds(manifest, root)) {
            String key = b.family() + "/" + b.variant();
            String port = manifest.port(b.family(), b.variant());
            String why = BoundAgreement.NOT_MEASURED.containsKey(key) ? BoundAgreement.NOT_MEASURED.get(key)
                    : port == null ? "the manifest registers no port for it" : null;
            rows.add(why == null ? measure(b, port, s, log) : new Row(b, null, why, List.of()));
        }
        return BoundAgreement.of(rows, s);
    }
}
