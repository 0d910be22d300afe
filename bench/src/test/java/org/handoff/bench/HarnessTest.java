package org.handoff.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The harness's sanity checks, without JMH (no benchmark runs in the build): every registered lock
 * runs a few hundred critical sections on two threads through the same handles and workload the
 * benchmark uses, and the shared counter must come out exact; bad input gets one line.
 */
class HarnessTest {

    static final int PER_THREAD = 400;

    /** Runs {@code PER_THREAD} entries on each of {@code threads} threads; returns the snapshot. */
    static Workload.Snapshot torture(BenchLock lock, Workload work, int threads) throws Exception {
        return torture(lock, work, threads, PER_THREAD);
    }

    static Workload.Snapshot torture(BenchLock lock, Workload work, int threads, int perThread) throws Exception {
        // Every thread spins (none parks) until all have arrived, so they start together even on a
        // loaded machine, where waking a parked thread can take longer than a whole run.
        AtomicInteger arrived = new AtomicInteger();
        Throwable[] failure = new Throwable[1];
        Thread[] ts = new Thread[threads];
        for (int i = 0; i < threads; i++) {
            BenchLock.Handle h = lock.newHandle(work);
            ts[i] = new Thread(() -> {
                try {
                    arrived.incrementAndGet();
                    while (arrived.get() < threads) {
                        Thread.onSpinWait();
                    }
                    for (int k = 0; k < perThread; k++) {
                        h.execute();
                    }
                } catch (Throwable e) {
                    failure[0] = e;
                }
            });
            ts[i].setDaemon(true);
            ts[i].start();
        }
        for (Thread t : ts) {
            t.join(60_000);
            assertFalse(t.isAlive(), lock.name() + ": a thread did not finish in 60 s");
        }
        if (failure[0] != null) {
            throw new AssertionError(lock.name() + ": a thread failed: " + failure[0], failure[0]);
        }
        return work.snapshot(threads);
    }

    @TestFactory
    Stream<DynamicTest> everyLockKeepsTheCounterExact() {
        return LockRegistry.names().stream().flatMap(name -> LockRegistry.POLICIES.stream().map(spin ->
                DynamicTest.dynamicTest(name + " (" + spin + ")", () -> {
                    // A non-zero remote cost and a tiny critical section exercise every branch of the workload.
                    Workload work = new Workload(5, 5, 2);
                    BenchLock lock = LockRegistry.create(name, new LockRegistry.Settings(spin, 2, 2, 1));
                    Workload.Snapshot s = torture(lock, work, 2);
                    assertEquals(2L * PER_THREAD, s.counter(), name + ": lost or extra critical sections");
                    assertEquals(PER_THREAD, s.perThread()[0], name + ": thread 0's entries");
                    assertEquals(PER_THREAD, s.perThread()[1], name + ": thread 1's entries");
                    assertEquals(2L * PER_THREAD - 1, s.handoffs() + s.reentries(), name + ": hand-off bookkeeping");
                })));
    }

    @Test
    void aBrokenLockIsCaught() throws Exception {
        // No lock at all: two threads race on the counter, and the harness must see lost increments.
        // A run of a fixed number of entries can end before the other thread is even scheduled (a
        // million entries take a few milliseconds), so each run lasts 100 ms of wall time, and runs
        // repeat until one loses an increment: at most 30, a second of overlap on two CPUs and
        // dozens of preemptions in the middle of an increment even on one.
        StringBuilder seen = new StringBuilder();
        for (int attempt = 0; attempt < 30; attempt++) {
            Workload work = new Workload(0, 0, 1);
            BenchLock none = new BenchLock("none", "none") {
                @Override
                protected Handle make(int index, Workload w) {
                    return new Handle(index, () -> w.enter(index));
                }
            };
            Workload.Snapshot s = race(none, work, 100);
            if (s.counter() != s.sumPerThread()) {
                return;
            }
            seen.append(' ').append(s.counter());
        }
        fail("the counter stayed exact without a lock in 30 runs of 100 ms (entries:" + seen + ")");
    }

    /** Two threads run entries for {@code millis} of wall time; returns the snapshot. */
    static Workload.Snapshot race(BenchLock lock, Workload work, long millis) throws Exception {
        AtomicInteger arrived = new AtomicInteger();
        Thread[] ts = new Thread[2];
        for (int i = 0; i < 2; i++) {
            BenchLock.Handle h = lock.newHandle(work);
            ts[i] = new Thread(() -> {
                arrived.incrementAndGet();
                while (arrived.get() < 2) {
                    Thread.onSpinWait();
                }
                long end = System.nanoTime() + millis * 1_000_000;
                do {
                    for (int k = 0; k < 1024; k++) {
                        h.execute();
                    }
                } while (System.nanoTime() < end);
            });
            ts[i].setDaemon(true);
            ts[i].start();
        }
        for (Thread t : ts) {
            t.join(60_000);
            assertFalse(t.isAlive(), "a racing thread did not finish in 60 s");
        }
        return work.snapshot(2);
    }

    @Test
    void unknownLockIsOneLine() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> LockRegistry.create("no-such-lock", new LockRegistry.Settings("forever", 2, 8, 1)));
        assertTrue(e.getMessage().startsWith("unknown lock 'no-such-lock' (one of ") && e.getMessage().contains(" mcs, "),
                e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
    }

    @Test
    void badReportInputIsOneLineWithoutStackTrace() {
        for (List<String> args : List.of(List.of("--locks", "no-such-lock"), List.of("--threads", "0"),
                List.of("--threads", "two"), List.of("--spin", "sometimes"), List.of("--experiment", "z"),
                List.of("--iterations"), List.of("--iterations", "0"), List.of("--bogus", "1"))) {
            ByteArrayOutputStream buf = new ByteArrayOutputStream();
            int code = Report.cli(args.toArray(String[]::new), new PrintStream(buf, true, StandardCharsets.UTF_8));
            String err = buf.toString(StandardCharsets.UTF_8);
            assertEquals(2, code, args + ": exit code");
            assertEquals(1, err.lines().count(), args + " printed: " + err);
            assertTrue(err.startsWith("report: "), err);
            assertFalse(err.contains("Exception") || err.contains("\tat "), err);
            if (args.size() == 2 && args.get(1).equals("0")) {
                assertTrue(err.contains(args.get(0) + " must be "), "names the option and its range: " + err);
            }
        }
    }

    @Test
    void listNamesEveryLock() throws Exception {
        PrintStream old = System.out;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        System.setOut(new PrintStream(buf, true, StandardCharsets.UTF_8));
        try {
            assertEquals(0, Report.run(new String[] {"--list"}));
        } finally {
            System.setOut(old);
        }
        assertEquals(LockRegistry.names(), buf.toString(StandardCharsets.UTF_8).lines().toList());
        assertTrue(LockRegistry.names().containsAll(List.of("mcs", "qspinlock", "cna-v1", "cna-prob", "cna-threshold",
                "ticket", "clh", "mlock", "combining", "combining-batch", "reentrantlock", "synchronized")));
    }

    /**
     * The ports come from the manifest's registry: every variant with a port (cna-prob and
     * pv-wait-early from their own manifest files, ticket-trylock), no mutant, and no variant the
     * manifest expects to lose a wake-up (cna-pv, which could hang a benchmark).
     */
    @Test
    void thePortsAreTheManifestsVariants() {
        var m = org.handoff.core.Manifest.load(org.handoff.core.ProjectRoot.find());
        assertTrue(LockRegistry.names().containsAll(List.of("cna-prob", "pv", "pv-wait-early", "pv-wait-early-merged",
                "ticket-w2", "ticket-trylock")), LockRegistry.names().toString());
        assertFalse(LockRegistry.names().contains("cna-pv"), "cna-pv loses a wake-up");
        for (var c : m.checks()) {
            if (c.mutant()) {
                assertFalse(LockRegistry.names().contains(c.variant()) && m.checks().stream().noneMatch(
                        x -> x.variant().equals(c.variant()) && !x.mutant()), c.variant() + " is a mutant");
            }
        }
    }

}
