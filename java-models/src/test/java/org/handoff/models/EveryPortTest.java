package org.handoff.models;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.Function;
import java.util.stream.Stream;
import org.handoff.models.clh.ClhLock;
import org.handoff.models.cna.CnaLock;
import org.handoff.models.mcs.McsLock;
import org.handoff.models.mlock.MLock;
import org.handoff.models.qspinlock.QSpinLock;
import org.handoff.models.ticket.Arm64TicketLock;
import org.handoff.models.ticket.TicketLock;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What every family's lock port does on real threads, whatever its algorithm (the litmus and
 * Lincheck modules do the real checking): two threads count every increment, and a wait behind a
 * holder that never releases gives up once its bound is spent and says so through its
 * {@link SpinPolicy}, which is how the harnesses of the other levels tell a stranded thread.
 * Each family's own test class tests what is its own. PV is not here: its waiter halts until it is
 * kicked, which no spin bound ends (PvQSpinLockTest has its own tests of a kick that never comes).
 */
class EveryPortTest {
    static Stream<Arguments> ports() {
        return Stream.of(port("clh", ClhLock::new), port("mlock", MLock::new), port("mcs", McsLock::new),
                port("ticket", TicketLock::new), port("ticket", Arm64TicketLock::new), port("qspinlock", QSpinLock::new),
                port("cna", CnaLock::new));
    }

    private static Arguments port(String family, Function<SpinPolicy, ? extends HandoffLock<?>> make) {
        return Arguments.of(family, make);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ports")
    void countsEveryIncrementUnderContention(String family, Function<SpinPolicy, HandoffLock<?>> make)
            throws InterruptedException {
        HandoffLock<?> lock = make.apply(SpinPolicy.FOREVER);
        assertEquals(family, lock.family());
        assertEquals(40_000, Contention.count(lock, 2, 20_000));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ports")
    void aBoundedWaitGivesUpAndSaysSo(String family, Function<SpinPolicy, HandoffLock<?>> make) {
        SpinPolicy bounded = SpinPolicy.bounded(1_000_000);
        waitBehindAHolder(make.apply(bounded), bounded);
    }

    private static <C> void waitBehindAHolder(HandoffLock<C> lock, SpinPolicy spin) {
        C holder = lock.newContext();
        C waiter = lock.newContext();
        lock.lock(holder);
        assertFalse(spin.gaveUp());
        lock.lock(waiter); // nobody releases: the bounded wait gives up after 1 ms
        assertTrue(spin.gaveUp());
    }
}
