package org.handoff.models.trace;

import java.lang.invoke.VarHandle;

/**
 * A port's shared memory, one access at a time: each method performs one {@link VarHandle} access
 * in the ordering its name gives (the kernel primitive each one stands for is said at the port's
 * call), and tells the port's {@link TraceRecorder}, when there is one, that a shared access
 * happened. That is what makes trace validation see a step's accesses and not only the step: a
 * recorded step runs as one atomic action until it makes its second access, and the recorder lets
 * other threads' steps in before every access after the first (see {@link TraceRecorder#access}).
 * A port whose every step is one access, as its spec's steps are, records exactly what it recorded
 * before; a port that splits an atomic read-modify-write into a load and a store is recorded with
 * another thread's step between the two whenever the run's scheduling put one there, and its
 * event then reports a value the spec's state no longer holds.
 *
 * <p>Without a recorder each method is the bare access after one test of a field that is null.
 *
 * <p>A port that records through a Memory must make every access to shared state through it; the
 * test {@code MemoryAccessTest} fails on a direct {@link VarHandle} access in such a port, its
 * mutants included. Accesses outside a recorded step (a wait, a recorder's field read) are not
 * steps and are made directly, unrecorded.
 */
public final class Memory {
    private TraceRecorder recorder;

    /** Starts telling {@code r} of each access; call before any thread uses the port. */
    public void recordTo(TraceRecorder r) {
        this.recorder = r;
    }

    // ---- references --------------------------------------------------------------------------

    /** {@code READ_ONCE} of a word that other threads write with ordered stores: a volatile load. */
    public Object getVolatile(VarHandle h, Object o) {
        TraceRecorder r = recorder;
        return r == null ? h.getVolatile(o) : r.access(() -> h.getVolatile(o));
    }

    /** {@code smp_load_acquire}: an acquire load. */
    public Object getAcquire(VarHandle h, Object o) {
        TraceRecorder r = recorder;
        return r == null ? h.getAcquire(o) : r.access(() -> h.getAcquire(o));
    }

    /** {@code READ_ONCE}: an opaque load. */
    public Object getOpaque(VarHandle h, Object o) {
        TraceRecorder r = recorder;
        return r == null ? h.getOpaque(o) : r.access(() -> h.getOpaque(o));
    }

    /** A volatile store. */
    public void setVolatile(VarHandle h, Object o, Object v) {
        TraceRecorder r = recorder;
        if (r == null) {
            h.setVolatile(o, v);
        } else {
            r.accessWrite(() -> h.setVolatile(o, v));
        }
    }

    /** {@code smp_store_release}: a release store. */
    public void setRelease(VarHandle h, Object o, Object v) {
        TraceRecorder r = recorder;
        if (r == null) {
            h.setRelease(o, v);
        } else {
            r.accessWrite(() -> h.setRelease(o, v));
        }
    }

    /** {@code WRITE_ONCE}: an opaque store. */
    public void setOpaque(VarHandle h, Object o, Object v) {
        TraceRecorder r = recorder;
        if (r == null) {
            h.setOpaque(o, v);
        } else {
            r.accessWrite(() -> h.setOpaque(o, v));
        }
    }

    /** {@code xchg}: a fully ordered exchange; returns the old value. */
    public Object getAndSet(VarHandle h, Object o, Object v) {
        TraceRecorder r = recorder;
        return r == null ? h.getAndSet(o, v) : r.access(() -> h.getAndSet(o, v));
    }

    /** {@code cmpxchg}: a fully ordered compare-and-exchange; returns the value found. */
    public Object compareAndExchange(VarHandle h, Object o, Object expected, Object v) {
        TraceRecorder r = recorder;
        return r == null ? h.compareAndExchange(o, expected, v) : r.access(() -> h.compareAndExchange(o, expected, v));
    }

    /** {@code cmpxchg_acquire}; returns the value found. */
    public Object compareAndExchangeAcquire(VarHandle h, Object o, Object expected, Object v) {
        TraceRecorder r = recorder;
        return r == null ? h.compareAndExchangeAcquire(o, expected, v)
                : r.access(() -> h.compareAndExchangeAcquire(o, expected, v));
    }

    /** {@code cmpxchg_release}; returns the value found. */
    public Object compareAndExchangeRelease(VarHandle h, Object o, Object expected, Object v) {
        TraceRecorder r = recorder;
        return r == null ? h.compareAndExchangeRelease(o, expected, v)
                : r.access(() -> h.compareAndExchangeRelease(o, expected, v));
    }

    /**
     * Initialises a field of an object that no other thread can reach yet (a queue node before the
     * exchange that publishes it): an opaque store that is not one of the step's shared accesses,
     * since no other thread can observe it before the publication, which is. A store to an object
     * another thread may already hold must not use this.
     */
    public void initOpaque(VarHandle h, Object o, Object v) {
        h.setOpaque(o, v);
    }

    /** {@link #initOpaque} for an int field. */
    public void initOpaqueInt(VarHandle h, Object o, int v) {
        h.setOpaque(o, v);
    }

    // ---- ints --------------------------------------------------------------------------------

    /** A volatile load of an int. */
    public int getVolatileInt(VarHandle h, Object o) {
        TraceRecorder r = recorder;
        return r == null ? (int) h.getVolatile(o) : r.access(() -> (int) h.getVolatile(o));
    }

    /** An acquire load of an int. */
    public int getAcquireInt(VarHandle h, Object o) {
        TraceRecorder r = recorder;
        return r == null ? (int) h.getAcquire(o) : r.access(() -> (int) h.getAcquire(o));
    }

    /** An opaque load of an int. */
    public int getOpaqueInt(VarHandle h, Object o) {
        TraceRecorder r = recorder;
        return r == null ? (int) h.getOpaque(o) : r.access(() -> (int) h.getOpaque(o));
    }

    /** A volatile store of an int. */
    public void setVolatileInt(VarHandle h, Object o, int v) {
        TraceRecorder r = recorder;
        if (r == null) {
            h.setVolatile(o, v);
        } else {
            r.accessWrite(() -> h.setVolatile(o, v));
        }
    }

    /** A release store of an int. */
    public void setReleaseInt(VarHandle h, Object o, int v) {
        TraceRecorder r = recorder;
        if (r == null) {
            h.setRelease(o, v);
        } else {
            r.accessWrite(() -> h.setRelease(o, v));
        }
    }

    /** An opaque store of an int. */
    public void setOpaqueInt(VarHandle h, Object o, int v) {
        TraceRecorder r = recorder;
        if (r == null) {
            h.setOpaque(o, v);
        } else {
            r.accessWrite(() -> h.setOpaque(o, v));
        }
    }

    /** A plain store of an int. */
    public void setInt(VarHandle h, Object o, int v) {
        TraceRecorder r = recorder;
        if (r == null) {
            h.set(o, v);
        } else {
            r.accessWrite(() -> h.set(o, v));
        }
    }

    /** {@code atomic_fetch_add}, fully ordered; returns the old value. */
    public int getAndAddInt(VarHandle h, Object o, int delta) {
        TraceRecorder r = recorder;
        return r == null ? (int) h.getAndAdd(o, delta) : r.access(() -> (int) h.getAndAdd(o, delta));
    }

    /** A fully ordered compare-and-exchange of an int; returns the value found. */
    public int compareAndExchangeInt(VarHandle h, Object o, int expected, int v) {
        TraceRecorder r = recorder;
        return r == null ? (int) h.compareAndExchange(o, expected, v)
                : r.access(() -> (int) h.compareAndExchange(o, expected, v));
    }

    /** {@code cmpxchg_acquire} of an int; returns the value found. */
    public int compareAndExchangeAcquireInt(VarHandle h, Object o, int expected, int v) {
        TraceRecorder r = recorder;
        return r == null ? (int) h.compareAndExchangeAcquire(o, expected, v)
                : r.access(() -> (int) h.compareAndExchangeAcquire(o, expected, v));
    }

    /** {@code cmpxchg_release} of an int; returns the value found. */
    public int compareAndExchangeReleaseInt(VarHandle h, Object o, int expected, int v) {
        TraceRecorder r = recorder;
        return r == null ? (int) h.compareAndExchangeRelease(o, expected, v)
                : r.access(() -> (int) h.compareAndExchangeRelease(o, expected, v));
    }
}
