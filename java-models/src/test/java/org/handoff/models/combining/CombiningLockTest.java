package org.handoff.models.combining;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.handoff.models.SpinPolicy;
import org.handoff.models.trace.TraceRecorder;
import org.junit.jupiter.api.Test;

/** Smoke tests of the port on real threads; the litmus and Lincheck modules do the real checking. */
class CombiningLockTest {
    private long counter;

    /** Every thread submits {@code rounds} increments; each returns the value it found. */
    private long[] hammer(CombiningLock lock, int threads, int rounds) throws InterruptedException {
        long[] sums = new long[threads];
        List<Thread> ts = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int me = t;
            ts.add(new Thread(() -> {
                CombiningLock.Node node = lock.newContext();
                for (int i = 0; i < rounds; i++) {
                    sums[me] += lock.alispinlock(node, d -> (int) (counter += d) - d, 1);
                }
            }));
        }
        ts.forEach(Thread::start);
        for (Thread t : ts) {
            t.join();
        }
        return sums;
    }

    @Test
    void everyRequestRunsOnceAndReturnsItsResult() throws InterruptedException {
        CombiningLock lock = new CombiningLock();
        int threads = 3;
        int rounds = 20_000;
        long[] sums = hammer(lock, threads, rounds);
        long n = (long) threads * rounds;
        assertEquals(n, counter);
        // The results are 0 .. n-1, each once: their sum is n(n-1)/2.
        assertEquals(n * (n - 1) / 2, java.util.Arrays.stream(sums).sum());
        assertEquals("combining", lock.variant());
        assertTrue(lock.largestTenure() >= 1);
    }

    @Test
    void theBatchLimitBoundsEveryTenure() throws InterruptedException {
        CombiningLock lock = new CombiningLock.Batched(SpinPolicy.FOREVER);
        hammer(lock, 3, 20_000);
        assertEquals(60_000, counter);
        assertTrue(lock.largestTenure() <= 2, "tenure of " + lock.largestTenure() + " requests");
        assertEquals("combining-batch", lock.variant());
    }

    @Test
    void aLoneSubmitterRunsItsOwnRequest() {
        CombiningLock lock = new CombiningLock();
        CombiningLock.Node node = lock.newContext();
        assertEquals(42, lock.alispinlock(node, x -> x * 2, 21));
        assertEquals(1, lock.largestTenure());
    }

    @Test
    void runTwiceRunsALoneRequestOnceWhenNothingArrives() {
        // The mutant needs a moving tail; alone it behaves: the test is about the other levels.
        CombiningLock lock = new CombiningMutants.RunTwice(SpinPolicy.FOREVER);
        assertEquals(3, lock.alispinlock(lock.newContext(), x -> x + 1, 2));
    }

    @Test
    void aTracedLoneSubmitterRecordsTheSpecsStepsAndGetsTheSameResult() {
        CombiningLock lock = new CombiningLock();
        TraceRecorder rec = new TraceRecorder(1, 0);
        lock.traceTo(rec);
        CombiningLock.Node node = lock.newContext();
        rec.register(1, node);
        assertEquals(42, lock.alispinlock(node, x -> x * 2, 21));
        assertEquals(List.of("1 1 AliInit", "2 1 AliXchg old=0", "3 1 AliReadTail old=1", "4 1 AliFn node=1",
                "5 1 AliCmpxchg ok=true tail=1", "6 1 AliLastComplete node=1", "7 1 AliReturn ran=true result=42"),
                rec.events().stream().map(TraceRecorder.Event::line).toList());
        assertEquals(1, lock.largestTenure());
    }
}
