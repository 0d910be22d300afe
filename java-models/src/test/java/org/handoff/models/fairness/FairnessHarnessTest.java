package org.handoff.models.fairness;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.handoff.models.HandoffLock;
import org.handoff.models.HookCounter;
import org.handoff.models.SpinPolicy;
import org.handoff.models.cna.CnaLock;
import org.handoff.models.cna.CnaThreshold;
import org.handoff.models.qspinlock.DoorwayObserver;
import org.handoff.models.qspinlock.QLockWord;
import org.handoff.models.qspinlock.QNode;
import org.handoff.models.qspinlock.QSpinLock;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("integration")
class FairnessHarnessTest {
    private static final long SEED = 7;

    /**
     * The port classes measured here, labelled with their variants' names (the harness itself knows
     * no names: its callers take each class from the manifest's ports).
     */
    private static final Map<String, String> PORTS = Map.of(
            "mcs", "org.handoff.models.mcs.McsLock",
            "qspinlock", "org.handoff.models.qspinlock.QSpinLock",
            "cna-v1", "org.handoff.models.cna.CnaLock",
            "cna-prob", "org.handoff.models.cna.CnaProb",
            "cna-threshold", "org.handoff.models.cna.CnaThreshold",
            "pv", "org.handoff.models.pv.PvQSpinLock",
            "pv-wait-early", "org.handoff.models.pv.PvQSpinLock$WaitEarly",
            "pv-wait-early-merged", "org.handoff.models.pv.PvQSpinLock$WaitEarlyMerged");

    private static FairnessHarness.Config config(String lock, int threads, int acquisitions) {
        return config(lock, threads, acquisitions, SEED, 2, 2, false);
    }

    private static FairnessHarness.Config config(String lock, int threads, int acquisitions, long seed, int probArg,
            int threshold, boolean exact) {
        return new FairnessHarness.Config(lock, threads, 2, acquisitions, seed, probArg, threshold, exact,
                PORTS.getOrDefault(lock, "org.example.Unknown"));
    }

    /** The bypass arithmetic on traces written by hand. */
    @Test
    void bypassCountsEarlierEntriesWithLaterDoorways() {
        FairnessHarness.Config c = config("mcs", 3, 5);
        // FIFO: entries in doorway order.
        FairnessHarness.Result fifo = FairnessHarness.measure(c, new long[] {0, 1, 2, 3, 4}, new int[] {0, 1, 2, 0, 1},
                new boolean[5], 5, 0);
        assertArrayEquals(new int[5], fifo.bypass());
        // Thread 0 passed its doorway first (ticket 0) and entered last, after four later doorways.
        FairnessHarness.Result late = FairnessHarness.measure(c, new long[] {1, 2, 3, 4, 0}, new int[] {1, 2, 1, 2, 0},
                new boolean[5], 5, 0);
        assertArrayEquals(new int[] {0, 0, 0, 0, 4}, late.bypass());
        assertEquals(4, late.maxBypass());
        assertEquals(4, late.handoffs());
        assertEquals(1, late.sameNodeHandoffs(), "on nodes i % 2 only the hand-off 2 -> 0 stays on one node");
    }

    /** MCS is FIFO: with two threads, bypass is at most the ticket noise of the class comment. */
    @Test
    void mcsShowsNoBypass() throws InterruptedException {
        FairnessHarness.Result r = FairnessHarness.run(config("mcs", 2, 20_000));
        assertTrue(r.maxBypass() <= 2, r.line());
        assertTrue(r.meanBypass() < 0.05, r.line());
        assertEquals(20_002, r.perThread()[0] + r.perThread()[1], "the total and one last entry per thread");
    }

    /**
     * A deliberately unfair lock: thread 1 may take a free lock only after seeing it free 500 times
     * in a row, thread 0 at once. Thread 0's gaps between acquisitions are far shorter, so thread 1
     * waits through many of thread 0's entries, each with a doorway after its own.
     */
    @Test
    void anUnfairLockShowsLargeBypass() throws InterruptedException {
        FairnessHarness.Doorways d = new FairnessHarness.Doorways();
        FairnessHarness.Result r = FairnessHarness.run(config("mcs", 2, 20_000), new Handicap(d), d);
        assertTrue(r.maxBypass() >= 100, r.line());
    }

    /**
     * The qspinlock family's ports (native, CNA, PV) number their doorways through the observer they
     * are built with: with exact doorways, a fast-path entry and the doorway of a second CPU that
     * found the lock held (the pending fetch-or, or PV's xchg_tail) take one ticket each.
     */
    /**
     * A proposed CNA policy as a reviewer writes it, in another package than CNA's: the threshold
     * policy whose search ignores the count (so the lock can stay on one node without bound). It
     * declares the (SpinPolicy, DoorwayObserver) constructor through which the harness observes it.
     */
    static final class SearchAlways extends CnaThreshold {
        SearchAlways(SpinPolicy spin, DoorwayObserver doorways) {
            super(spin, doorways);
        }

        @Override
        protected boolean searchLocal(QNode node) {
            return true;
        }

        @Override
        public String variant() {
            return "cna-search-always";
        }
    }

    /**
     * A variant the harness does not know by name is measured through its class, built with the
     * run's topology and threshold, and its results carry the variant's name; its unbounded local
     * hand-offs show as a bypass far beyond the threshold policy's on runs of the same shape. The
     * comparison needs contention, which a loaded machine may not give a run (its threads then take
     * the lock one after another on the fast path, or pass it on through the pending bit only): a
     * proposed run counts only when it moved remote waiters into the secondary queue at least
     * {@value #MOVES} times (CNA's {@code find_successor:move} counter; only a moved waiter can be
     * overtaken), a threshold run only when it handed the lock over at least {@value #CONTENDED}
     * times. Each side tries seed after seed until a run qualifies, for at most {@value #TRY_SECONDS}
     * seconds or {@value #MAX_SEEDS} seeds (an uncontended run takes milliseconds, and one build saw
     * ten of them in a row), each seed printed with the run it gave, so any run replays by its seed.
     */
    @Test
    void aPortClassIsMeasuredAsItsVariant() throws InterruptedException {
        FairnessHarness.Config first = proposed(SEED);
        HandoffLock<Object> lock = FairnessHarness.instrumented(first, new FairnessHarness.Doorways(true));
        Object port = lock;
        assertTrue(port instanceof SearchAlways, port.getClass().getName());
        assertEquals(1, ((SearchAlways) port).threshold(), "the run's threshold is applied");
        List<String> tried = new java.util.ArrayList<>();
        FairnessHarness.Result p = null;
        long deadline = System.nanoTime() + TRY_SECONDS * 1_000_000_000L;
        for (long seed = SEED; seed < SEED + MAX_SEEDS && p == null && System.nanoTime() < deadline; seed++) {
            long movesBefore = moves();
            FairnessHarness.Result r = FairnessHarness.run(proposed(seed));
            long moved = moves() - movesBefore;
            assertEquals("cna-search-always", r.config().lock());
            tried.add("seed " + seed + ": " + r.line() + " (" + moved + " moves)");
            p = moved >= MOVES ? r : null;
        }
        assertNotNull(p, () -> "no proposed run saw contention: " + String.join("\n  ", tried));
        FairnessHarness.Result t = null;
        deadline = System.nanoTime() + TRY_SECONDS * 1_000_000_000L;
        for (long seed = SEED; seed < SEED + MAX_SEEDS && t == null && System.nanoTime() < deadline; seed++) {
            FairnessHarness.Result r = FairnessHarness.run(config("cna-threshold", 4,
                    THRESHOLD_ACQUISITIONS, seed, 2, 1, true));
            tried.add("seed " + seed + ": " + r.line());
            t = r.handoffs() >= CONTENDED ? r : null;
        }
        assertNotNull(t, () -> "no threshold run saw contention: " + String.join("\n  ", tried));
        System.out.println("runs tried:\n  " + String.join("\n  ", tried));
        assertTrue(p.maxBypass() > 4 * Math.max(4, t.maxBypass()), p.line() + " / " + t.line());
    }

    /** How long each side of the comparison looks for a run with contention, and over how many seeds. */
    static final int TRY_SECONDS = 60;
    static final int MAX_SEEDS = 500;

    /** Queue hand-offs the threshold run needs before its bypass says anything about the policy. */
    static final int CONTENDED = 5_000;
    /** Moves into the secondary queue the proposed run needs before its bypass says anything. */
    static final int MOVES = 10;
    /** The proposed run's acquisitions: its moves into the secondary queue are few per run. */
    static final int ACQUISITIONS = 50_000;
    /**
     * The threshold run's acquisitions: enough for {@value #CONTENDED} queue hand-offs. It hands the
     * lock over in nearly every entry, on 4 threads and 2 CPUs often to a thread that is not
     * running, so each entry costs about half a millisecond.
     */
    static final int THRESHOLD_ACQUISITIONS = 12_000;

    private static long moves() {
        return HookCounter.snapshot().getOrDefault("find_successor:move", 0L);
    }

    private static FairnessHarness.Config proposed(long seed) {
        return new FairnessHarness.Config("cna-search-always", 4, 2, ACQUISITIONS, seed, 2, 1, true, SearchAlways.class.getName());
    }

    /** A class the harness cannot measure is refused with one line naming what is missing. */
    @Test
    void anUnmeasurablePortClassIsRefusedWithOneLine() {
        for (String[] bad : new String[][] {
                {"org.example.NoSuchLock", "not found"},
                {"java.lang.String", "is not a org.handoff.models.HandoffLock"},
                {"org.handoff.models.ticket.TicketLock$Width2", "has no constructor (SpinPolicy, Doorway)"},
                {"org.handoff.models.cna.CnaMutants$PassOne", "has no constructor (SpinPolicy, DoorwayObserver)"}}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> new FairnessHarness.Config("proposed", 2, 2, 10, SEED, 2, 2, false, bad[0]));
            assertTrue(e.getMessage().contains(bad[1]) && e.getMessage().lines().count() == 1, e.getMessage());
        }
    }

    @Test
    void theQspinlockFamilyNumbersItsDoorwaysThroughTheObserver() throws InterruptedException {
        for (String name : List.of("qspinlock", "cna-v1", "cna-prob", "cna-threshold", "pv", "pv-wait-early",
                "pv-wait-early-merged")) {
            FairnessHarness.Doorways d = new FairnessHarness.Doorways(true);
            HandoffLock<Object> lock = FairnessHarness.instrumented(
                    config(name, 2, 10, SEED, 2, 2, true), d);
            QSpinLock q = (QSpinLock) (Object) lock;
            Object a = lock.newContext();
            Object b = lock.newContext();
            lock.lock(a);
            Thread t = new Thread(() -> {
                lock.lock(b);
                lock.unlock(b);
            });
            t.start();
            for (long i = 0; (q.word() & ~QLockWord.LOCKED_MASK) == 0; i++) {
                assertTrue(i < 100_000_000L, name + ": the second CPU never became visible in the lock word");
                Thread.onSpinWait();
            }
            lock.unlock(a);
            t.join(10_000);
            assertFalse(t.isAlive(), name);
            assertEquals(2, d.issued(), name + ": the fast path and the second CPU's doorway");
        }
    }

    @Test
    void badConfigurationIsRejectedInOneLine() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new FairnessHarness.Config("tas", 2, 2, 10, SEED, 2, 2, false, null));
        assertEquals("tas: no port class to measure", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> config("mcs", 0, 10));
        assertEquals("threads must be 1 to 64, not 0", e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> new FairnessHarness.Config("mcs", 2, 0, 10, SEED, 2, 2, false, PORTS.get("mcs")));
        assertEquals("nodes must be at least 1, not 0", e.getMessage());
    }

    /** Test-and-set with a handicap for every context but the first. */
    static final class Handicap implements HandoffLock<Object> {
        private final AtomicBoolean held = new AtomicBoolean();
        private final FairnessHarness.Doorways doorways;
        private int contexts;

        Handicap(FairnessHarness.Doorways doorways) {
            this.doorways = doorways;
        }

        @Override
        public String family() {
            return "test";
        }

        @Override
        public String variant() {
            return "handicap";
        }

        @Override
        public Object newContext() {
            return contexts++;
        }

        @Override
        public void lock(Object context) {
            int patience = (Integer) context == 0 ? 1 : 500;
            boolean waiting = false;
            int freeSeen = 0;
            while (true) {
                freeSeen = held.get() ? 0 : freeSeen + 1;
                if (freeSeen >= patience && held.compareAndSet(false, true)) {
                    return;
                }
                if (!waiting) {
                    waiting = true;
                    doorways.passed();
                }
                Thread.onSpinWait();
            }
        }

        @Override
        public void unlock(Object context) {
            held.set(false);
        }
    }
}
