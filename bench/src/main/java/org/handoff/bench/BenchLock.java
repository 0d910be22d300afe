package org.handoff.bench;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import org.handoff.models.HandoffLock;
import org.handoff.models.combining.CombiningLock;

/**
 * A lock under test, as the harness drives it: each thread gets a {@link Handle} (its per-thread
 * context and its index, numbered from 0 in the order the handles are made) and runs the workload's
 * critical section through it. Ordinary locks lock, run the section and unlock; the combining locks
 * submit the section as a request.
 */
public abstract class BenchLock {

    /** One thread's way into the critical section. */
    public static final class Handle {
        private final int index;
        private final Runnable body;

        /** A handle for thread {@code index} whose {@link #execute} runs {@code body}. */
        public Handle(int index, Runnable body) {
            this.index = index;
            this.body = body;
        }

        /** The thread's index: its slot in the per-thread counts and, modulo the node count, its virtual node. */
        public int index() {
            return index;
        }

        /** Runs the workload's critical section once under the lock. */
        public void execute() {
            body.run();
        }
    }

    private final String name;
    private final String policy;
    private final AtomicInteger handles = new AtomicInteger();

    protected BenchLock(String name, String policy) {
        this.name = name;
        this.policy = policy;
    }

    /** The registry name. */
    public final String name() {
        return name;
    }

    /** How waiters wait: the port's SpinPolicy ("forever", "yielding"), or how the JDK lock waits. */
    public final String policy() {
        return policy;
    }

    /**
     * A handle for one more thread. Handles are numbered in the order they are made, and the
     * port's context is made in the same synchronized step, so handle {@code i} is the port's CPU
     * {@code i} (what the CNA topology numbers).
     */
    public final synchronized Handle newHandle(Workload work) {
        int index = handles.get();
        if (index >= Workload.MAX_THREADS) {
            throw new IllegalArgumentException("at most " + Workload.MAX_THREADS + " threads");
        }
        Handle h = make(index, work);
        handles.incrementAndGet();
        return h;
    }

    protected abstract Handle make(int index, Workload work);

    // ------------------------------------------------------------------ the kinds of lock

    /** A port behind the {@link HandoffLock} SPI. */
    static <C> BenchLock port(String name, String policy, HandoffLock<C> lock) {
        return new BenchLock(name, policy) {
            @Override
            protected Handle make(int index, Workload work) {
                C context = lock.newContext();
                return new Handle(index, () -> {
                    lock.lock(context);
                    work.enter(index);
                    lock.unlock(context);
                });
            }
        };
    }

    /** The combining lock: the critical section is the thread's request. */
    static BenchLock combining(String name, String policy, CombiningLock lock) {
        return new BenchLock(name, policy) {
            @Override
            protected Handle make(int index, Workload work) {
                CombiningLock.Node node = lock.newContext();
                return new Handle(index, () -> lock.alispinlock(node, work, index));
            }
        };
    }

    /** The callback construct Peter Zijlstra proposed instead: a lock-free list and a spinlock. */
    static BenchLock llist(String name, String policy, SpinlockList lock) {
        return new BenchLock(name, policy) {
            @Override
            protected Handle make(int index, Workload work) {
                SpinlockList.Request request = new SpinlockList.Request();
                return new Handle(index, () -> lock.submit(request, work, index));
            }
        };
    }

    /** {@code java.util.concurrent.locks.ReentrantLock} (non-fair, the default). */
    static BenchLock reentrant(String name) {
        ReentrantLock lock = new ReentrantLock();
        return new BenchLock(name, "JDK: spins briefly, then parks") {
            @Override
            protected Handle make(int index, Workload work) {
                return new Handle(index, () -> {
                    lock.lock();
                    try {
                        work.enter(index);
                    } finally {
                        lock.unlock();
                    }
                });
            }
        };
    }

    /** A {@code synchronized} block on one monitor. */
    static BenchLock monitor(String name) {
        Object monitor = new Object();
        return new BenchLock(name, "JDK: monitor, spins then parks") {
            @Override
            protected Handle make(int index, Workload work) {
                return new Handle(index, () -> {
                    synchronized (monitor) {
                        work.enter(index);
                    }
                });
            }
        };
    }
}
