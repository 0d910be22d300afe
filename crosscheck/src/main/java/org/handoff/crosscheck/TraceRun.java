package org.handoff.crosscheck;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicReference;
import org.handoff.core.HandoffException;
import org.handoff.models.HandoffPort;
import org.handoff.models.Ports;
import org.handoff.models.SpinPolicy;
import org.handoff.models.trace.TraceRecorder;
import org.handoff.models.trace.Traceable;

/**
 * One stressed run of a Java port with a {@link TraceRecorder}: {@code threads} threads (spec
 * threads 1..N, in start order) each do {@code ops} operations of the port's {@link Workload} (take
 * and release a lock, or submit a request to a combining lock), and the recorder keeps every step.
 * With {@code nest} above 1, each acquisition takes the lock {@code nest} times before releasing it
 * as often (recursion, for a port that allows it: the ticket lock's {@code __mp_lock}); a port
 * without recursion waits for itself and the run stalls. The threads' contexts are made in spec
 * order before any thread starts, so that a port whose contexts are numbered (qspinlock's CPUs, and
 * CNA's NUMA node of each CPU, which follows from its number) numbers them as the spec numbers its
 * threads: context i - 1 for thread i.
 *
 * <p>A wait that lasts longer than {@code stallMillis} ends the run: the waiting thread stops
 * (its spin policy throws {@link Stall}), so the trace stays an exact prefix of what the port did.
 * A correct port never stalls at these sizes; a mutant that strands a waiter does, and its trace is
 * still validated, because the step that stranded the waiter is usually one the spec cannot take.
 * A run also ends when it has recorded {@value #STEPS_PER_OP} events per operation, several times
 * what a correct port takes (an MCS acquisition or a combining request takes at most about a
 * dozen): a mutant may loop without waiting (a holder walking a cycle of nodes), and the
 * recorder's budget stops it the same way.
 */
public final class TraceRun {
    /** The recorder's budget, in events per operation of the run (see the class comment). */
    static final int STEPS_PER_OP = 64;

    /** How a run ended. */
    public enum Status {
        /** Every thread finished its operations. */
        OK,
        /** A wait outlasted the stall limit, or the run spent its budget of events; the trace is the prefix up to it. */
        STALLED,
        /** The port threw; the trace is the prefix up to it. */
        CRASHED
    }

    /**
     * A recorded run: {@code workload} names what the threads did ({@link Workload#name}); {@code note}
     * says why it stalled or crashed, else null.
     */
    public record Recorded(int run, long seed, String workload, Status status, String note,
            List<TraceRecorder.Event> events) {
    }

    /** Thrown by the run's spin policy when a wait outlasts the stall limit. */
    static final class Stall extends RuntimeException {
        Stall(String message) {
            super(message, null, false, false);
        }
    }

    private TraceRun() {
    }

    /** The spin policy of recorded runs: yield now and then (more threads than processors), stall after a limit. */
    static SpinPolicy stallAfter(long millis) {
        ThreadLocal<long[]> deadline = ThreadLocal.withInitial(() -> new long[1]);
        return iteration -> {
            if (iteration == 0) {
                deadline.get()[0] = System.nanoTime() + millis * 1_000_000L;
            } else if ((iteration & 63) == 63) {
                if (System.nanoTime() - deadline.get()[0] > 0) {
                    throw new Stall(Thread.currentThread().getName() + " waited more than " + millis + " ms");
                }
                Thread.yield();
            } else {
                Thread.onSpinWait();
            }
            return true;
        };
    }

    /** Applies the settings {@code name=value,...} to a new lock ({@link Ports#configure}). */
    static void configure(Object lock, String settings) {
        try {
            Ports.configure(lock, settings);
        } catch (IllegalArgumentException e) {
            throw new HandoffException(e.getMessage());
        }
    }

    /** A traceable port of class {@code portClass} ({@link Ports}), built with the given spin policy. */
    static HandoffPort newPort(String portClass, SpinPolicy spin) {
        try {
            Class<? extends HandoffPort> c = Ports.load(portClass, HandoffPort.class, TraceRun.class.getClassLoader());
            if (!Traceable.class.isAssignableFrom(c)) {
                throw new IllegalArgumentException("port class " + portClass + " is not a traceable port");
            }
            return Ports.make(Ports.constructor(c, false, SpinPolicy.class), spin);
        } catch (IllegalArgumentException e) {
            throw new HandoffException(e.getMessage());
        }
    }

    /**
     * Records one run.
     *
     * @param pausePercent the recorder's chance of a random pause before a step
     */
    public static Recorded record(String lockClass, int threads, int ops, long seed, int run, long stallMillis,
            int pausePercent) {
        return record(lockClass, "", threads, ops, 1, seed, run, stallMillis, pausePercent);
    }

    /**
     * Records one run of a port with settings ({@link #configure}; {@code ${seed}} in them is the
     * run's seed; empty for none), in which every acquisition is {@code nest} nested calls of
     * {@code lock}.
     *
     * @param pausePercent the recorder's chance of a random pause before a step
     */
    public static Recorded record(String lockClass, String settings, int threads, int ops, int nest, long seed, int run,
            long stallMillis, int pausePercent) {
        if (threads < 1 || ops < 1 || nest < 1) {
            throw new HandoffException("threads, ops and nest must be at least 1 (got " + threads + ", " + ops + ", "
                    + nest + ")");
        }
        HandoffPort port = newPort(lockClass, stallAfter(stallMillis));
        configure(port, settings == null ? "" : settings.replace("${seed}", Long.toString(seed)));
        Workload work = Workload.of(port, nest);
        TraceRecorder rec = new TraceRecorder(seed, pausePercent, threads, (long) STEPS_PER_OP * threads * ops * nest);
        try {
            ((Traceable) port).traceTo(rec);
        } catch (UnsupportedOperationException e) {
            throw new HandoffException("lock class " + lockClass + " does not record its steps: " + e.getMessage());
        }
        CyclicBarrier registered = new CyclicBarrier(threads);
        AtomicReference<String> stalled = new AtomicReference<>();
        AtomicReference<String> crashed = new AtomicReference<>();
        List<Thread> workers = new ArrayList<>();
        List<Object> contexts = new ArrayList<>();
        for (int i = 1; i <= threads; i++) {
            contexts.add(work.newContext());
        }
        for (int i = 1; i <= threads; i++) {
            int id = i;
            Object ctx = contexts.get(i - 1);
            Thread t = new Thread(() -> {
                try {
                    rec.register(id, ctx);
                    registered.await();
                    for (int k = 0; k < ops && stalled.get() == null && crashed.get() == null; k++) {
                        work.op(ctx);
                    }
                } catch (Stall s) {
                    stalled.compareAndSet(null, s.getMessage());
                } catch (TraceRecorder.Overrun o) {
                    stalled.compareAndSet(null, o.getMessage() + " (a livelock: steps without progress)");
                } catch (InterruptedException | java.util.concurrent.BrokenBarrierException e) {
                    crashed.compareAndSet(null, "interrupted");
                } catch (RuntimeException | Error e) {
                    crashed.compareAndSet(null, e.toString());
                }
            }, "trace-" + run + "-t" + id);
            t.setDaemon(true);
            workers.add(t);
        }
        workers.forEach(Thread::start);
        long limit = System.currentTimeMillis() + stallMillis * (ops + 4L);
        for (Thread t : workers) {
            try {
                t.join(Math.max(1, limit - System.currentTimeMillis()));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new HandoffException("interrupted while recording run " + run);
            }
            if (t.isAlive()) {
                stalled.compareAndSet(null, t.getName() + " did not finish in " + (stallMillis * (ops + 4L)) + " ms");
            }
        }
        Status status = crashed.get() != null ? Status.CRASHED : stalled.get() != null ? Status.STALLED : Status.OK;
        String note = crashed.get() != null ? crashed.get() : stalled.get();
        return new Recorded(run, seed, work.name(), status, note, rec.events());
    }
}
