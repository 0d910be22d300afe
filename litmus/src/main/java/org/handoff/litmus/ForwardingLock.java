package org.handoff.litmus;

import org.handoff.models.HandoffLock;

/**
 * A port as a harness stages it: the port's names and contexts, and its {@code lock} and
 * {@code unlock} unless a subclass wraps them (held longer before each release, taken twice for
 * recursion). A test's verdict still speaks of the port, since {@link #family()} and
 * {@link #variant()} are the port's own.
 *
 * @param <C> the port's per-thread context
 */
public abstract class ForwardingLock<C> implements HandoffLock<C> {
    protected final HandoffLock<C> port;

    protected ForwardingLock(HandoffLock<C> port) {
        this.port = port;
    }

    @Override
    public String family() {
        return port.family();
    }

    @Override
    public String variant() {
        return port.variant();
    }

    @Override
    public C newContext() {
        return port.newContext();
    }

    @Override
    public void lock(C context) {
        port.lock(context);
    }

    @Override
    public void unlock(C context) {
        port.unlock(context);
    }
}
