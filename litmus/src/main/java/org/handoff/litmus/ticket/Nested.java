package org.handoff.litmus.ticket;

import org.handoff.litmus.ForwardingLock;
import org.handoff.models.ticket.TicketLock;

/**
 * A ticket lock taken recursively: each {@code lock} is two nested {@code __mp_lock} calls and each
 * {@code unlock} two {@code __mp_unlock} calls on the same CPU, so the harness's critical section
 * runs at depth 2 and the lock must be passed on by the outer release only.
 */
final class Nested extends ForwardingLock<TicketLock.Cpu> {
    Nested(TicketLock lock) {
        super(lock);
    }

    @Override
    public void lock(TicketLock.Cpu cpu) {
        port.lock(cpu);
        port.lock(cpu);
    }

    @Override
    public void unlock(TicketLock.Cpu cpu) {
        port.unlock(cpu);
        port.unlock(cpu);
    }
}
