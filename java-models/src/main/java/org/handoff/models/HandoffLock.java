package org.handoff.models;

/**
 * The small SPI every Java port implements: lock and unlock with a per-thread context (the queue
 * node of a queue lock), plus the family and variant names that tie the port to its spec, its
 * jcstress tests and its Lincheck tests.
 *
 * <p>A context belongs to one thread and is reused for every acquisition by that thread, as the
 * kernel reuses a CPU's queue node. {@code unlock} must be called with the context passed to the
 * matching {@code lock}.
 *
 * @param <C> the per-thread context type
 */
public interface HandoffLock<C> extends HandoffPort {
    /** A fresh per-thread context. */
    C newContext();

    void lock(C context);

    void unlock(C context);
}
