package org.handoff.lincheck.ticket;

import java.lang.reflect.Method;
import java.util.List;
import org.handoff.lincheck.LockCounterHarness;
import org.handoff.models.HandoffLock;
import org.handoff.models.ticket.TicketLock;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.ThreadIdGen;

/**
 * Lincheck model checking of the ticket lock and its mutants: the shared counter harness with a
 * {@link TicketLock} (or the lock named by {@value LockCounterHarness#LOCK_PROPERTY}), plus a
 * recursive way in, {@link #nestedIncrement}: {@code __mp_lock} twice, the critical section at
 * depth 2, {@code __mp_unlock} twice, all in one operation.
 *
 * <p>Scenarios (fixed, not random): two threads, one acquiring plainly and then recursively, one
 * plainly; then three threads that each acquire twice, one of them recursively the second time,
 * so that three CPUs hold tickets at once (a holder and two waiters: the case a counter with only
 * two values gets wrong) and the counters wrap when they are narrow.
 */
public class TicketCounterTest extends LockCounterHarness {
    public TicketCounterTest() {
        super("ticket", TicketLock.class);
    }

    /** Lock, lock again (recursion), critical section, unlock twice. */
    @Operation
    public int nestedIncrement(@Param(gen = ThreadIdGen.class) int thread) {
        @SuppressWarnings("unchecked")
        HandoffLock<Object> lock = (HandoffLock<Object>) lock();
        Object cpu = context(thread);
        lock.lock(cpu);
        try {
            lock.lock(cpu);
            try {
                return criticalSection();
            } finally {
                lock.unlock(cpu);
            }
        } finally {
            lock.unlock(cpu);
        }
    }

    /** The scenarios of the class comment, each explored for {@link LockCounterHarness#invocations()} interleavings. */
    public static ModelCheckingOptions options() {
        Method inc = operation(LockCounterHarness.class, "increment");
        Method nested = operation(TicketCounterTest.class, "nestedIncrement");
        return exploring(List.of(List.of(inc, nested), List.of(inc)),
                List.of(List.of(inc, inc), List.of(inc, nested), List.of(inc, inc)));
    }
}
