package org.handoff.models.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
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
}
