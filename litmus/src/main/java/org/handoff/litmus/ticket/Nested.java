package org.handoff.litmus.ticket;

import org.handoff.models.HandoffLock;
import org.handoff.models.ticket.TicketLock;

/**
 * A ticket lock taken recursively: each {@code lock} is two nested {@code __mp_lock} calls and each
 * {@code unlock} two {@code __mp_unlock} calls on the same CPU, so the harness's critical section
 * runs at depth 2 and the lock must be passed on by the outer release only.
 */
final class Nested implements HandoffLock<TicketLock.Cpu> {
    private final TicketLock lock;

    Nested(TicketLock lock) {
        this.lock = lock;
    }

    @Override
    public String family() {
        return lock.family();
    }

    @Override
    public String variant() {
        return lock.variant();
    }

    @Override
    public TicketLock.Cpu newContext() {
        return lock.newContext();
    }

    @Override
    public void lock(TicketLock.Cpu cpu) {
        lock.lock(cpu);
        lock.lock(cpu);
    }

    @Override
    public void unlock(TicketLock.Cpu cpu) {
        lock.unlock(cpu);
        lock.unlock(cpu);
    }
}
