package org.handoff.lincheck.ticket;

import java.lang.reflect.Method;
import java.util.List;
import org.handoff.lincheck.LockCounterHarness;
import org.handoff.models.ticket.Arm64TicketLock;
import org.handoff.models.ticket.TicketLock;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.ThreadIdGen;

/**
 * Lincheck model checking of the one-word ticket lock with arch_spin_trylock
 * ({@link Arm64TicketLock}, or the lock named by {@value LockCounterHarness#LOCK_PROPERTY}): the
 * shared counter harness, plus {@link #trylockIncrement}, which calls the trylock until it succeeds
 * (a trylock that gives up would return a result no sequential run has), then runs the critical
 * section and unlocks.
 *
 * <p>Scenarios (fixed, two threads, so that one-bit counters have a value per CPU): a trylock
 * against two plain acquisitions, the shape of the A-B-A of Linux 202fb4ef81e3 (the other thread
 * locks, unlocks and locks again between the trylock's load and its CAS: a full wrap of next with
 * one-bit counters); then a trylock and a plain acquisition on each thread, so that trylocks meet
 * each other as well as waiters.
 */
public class TicketTrylockCounterTest extends LockCounterHarness {
    public TicketTrylockCounterTest() {
        super("ticket", Arm64TicketLock.class);
    }

    /** Trylock until it succeeds, critical section, unlock. */
    @Operation
    public int trylockIncrement(@Param(gen = ThreadIdGen.class) int thread) {
        Arm64TicketLock lock = (Arm64TicketLock) lock();
        return trylockIncrement(thread, cpu -> lock.tryLock((TicketLock.Cpu) cpu));
    }

    /** The scenarios of the class comment, each explored for {@link LockCounterHarness#invocations()} interleavings. */
    public static ModelCheckingOptions options() {
        Method inc = operation(LockCounterHarness.class, "increment");
        Method tryInc = operation(TicketTrylockCounterTest.class, "trylockIncrement");
        return exploring(List.of(List.of(tryInc), List.of(inc, inc)), List.of(List.of(tryInc, inc), List.of(inc, tryInc)));
    }
}
