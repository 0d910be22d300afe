package org.handoff.models.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.handoff.models.VarHandles;
import org.junit.jupiter.api.Test;

class TraceRecorderTest {
    @Test
    void pastItsBudgetARecorderRunsAndRecordsNoMoreSteps() {
        TraceRecorder rec = new TraceRecorder(1, 0, 0, 2);
        rec.register(1, new Object());
        AtomicInteger ran = new AtomicInteger();
        rec.atomic("A", ran::incrementAndGet, "");
        rec.after("B", "k=1");
        assertThrows(TraceRecorder.Overrun.class, () -> rec.atomic("C", ran::incrementAndGet, ""));
        assertThrows(TraceRecorder.Overrun.class, () -> rec.after("D", ""));
        assertEquals(1, ran.get(), "the step past the budget must not run");
        assertEquals(List.of("1 1 A", "2 1 B k=1"), rec.events().stream().map(TraceRecorder.Event::line).toList());
    }

    /** A shared word for the access tests. */
    static final class Word {
        volatile int value;
        static final VarHandle VALUE = VarHandles.field(MethodHandles.lookup(), Word.class, "value", int.class);

    }

    /**
     * Thread 1 runs a step of {@code accesses} accesses to a shared word; while it is inside, after
     * its first access, thread 2 asks to record a step. Returns the run's events.
     */
    private static List<String> stepWithAnotherThreadWaiting(int accesses) throws Exception {
        TraceRecorder rec = new TraceRecorder(1, 0, 2, 100);
        Memory mem = new Memory();
        mem.recordTo(rec);
        Word w = new Word();
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch registered = new CountDownLatch(1);
        Thread other = new Thread(() -> {
            rec.register(2, new Object());
            registered.countDown();
            try {
                inside.await();
            } catch (InterruptedException e) {
                return;
            }
            rec.after("Other", "");
        });
        other.start();
        registered.await();
        rec.register(1, new Object());
        rec.atomic("Split", () -> {
            int v = mem.getVolatileInt(Word.VALUE, w);
            inside.countDown();
            while (!rec.threadsWaiting()) {
                Thread.onSpinWait();
            }
            for (int i = 1; i < accesses; i++) {
                mem.setVolatileInt(Word.VALUE, w, v + i);
            }
        }, "");
        other.join();
        return rec.events().stream().map(TraceRecorder.Event::line).toList();
    }

    @Test
    void aStepOfOneAccessIsOneAtomicAction() throws Exception {
        assertEquals(List.of("1 1 Split", "2 2 Other"), stepWithAnotherThreadWaiting(1));
    }

    @Test
    void aStepOfTwoAccessesLetsAWaitingThreadInBetweenAndSaysSo() throws Exception {
        assertEquals(List.of("1 2 Other", "2 1 Split accesses=2 between=1"), stepWithAnotherThreadWaiting(2));
    }

    @Test
    void accessesOutsideAStepAreNotCounted() {
        TraceRecorder rec = new TraceRecorder(1, 0, 1, 100);
        Memory mem = new Memory();
        mem.recordTo(rec);
        Word w = new Word();
        rec.register(1, new Object());
        mem.setVolatileInt(Word.VALUE, w, 1);
        mem.setVolatileInt(Word.VALUE, w, 2);
        rec.atomic("One", () -> mem.setVolatileInt(Word.VALUE, w, 3), "");
        // The step made one access of the three: its event carries no accesses=N.
        assertEquals(List.of("1 1 One"), rec.events().stream().map(TraceRecorder.Event::line).toList());
        assertEquals(3, w.value);
    }
}
