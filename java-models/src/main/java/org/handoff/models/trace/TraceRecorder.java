package org.handoff.models.trace;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Records what a Java port does, in its spec's vocabulary, for trace validation
 * ({@code crosscheck/}): one event per spec action, with the acting thread and the values the step
 * observed or chose (the node {@code xchg} returned, whether a {@code cmpxchg} succeeded, to whom
 * the lock was handed).
 *
 * <h2>Order</h2>
 * A run's events are totally ordered by one sequence number. For the order to be one the spec can
 * follow, each event must be numbered at its step's linearization point, the instant the step
 * takes effect for every other thread. The recorder makes that instant explicit: a step that reads
 * or writes shared state runs inside {@link #atomic}, under one lock that also takes the number,
 * so its memory access and its number cannot be separated by another thread's step. Recording
 * therefore runs every recorded step as one sequentially consistent atomic action, which is what
 * the specs assume; weak-memory reorderings are jcstress's business, not this level's.
 *
 * <h2>Accesses</h2>
 * A step is atomic only up to its second shared access. A port that makes its accesses through a
 * {@link Memory} tells the recorder of each one, and the recorder lets other threads' steps in
 * before every access of a step after the first, then numbers the step after its last access. The
 * specs take one shared access per step, so a port that matches them records what it always did;
 * a step that does more (a mutant's {@code xchg} done as a load and a store) is recorded with the
 * values its first access saw, at the instant of its last, and when another thread's step landed
 * in between the spec cannot take it: trace validation then rejects the split, at the access
 * granularity of the spec. Such a step's event says how many accesses it made and how many other
 * steps landed inside it ({@code accesses=N between=K}).
 *
 * <p>A wait ({@code smp_cond_load_acquire} and friends) is not run under the lock: it would hold it
 * forever. It is recorded by {@link #after} once the wait has returned. That is sound only for a
 * wait whose condition, once true, stays true until the waiting thread itself acts (the successor's
 * {@code locked} flag, a linked {@code next} pointer): any instant between the read that ended the
 * wait and the thread's next step then sees the condition true, so numbering the event at any such
 * instant gives a valid linearization. Each port says at its waits why the condition is stable.
 * A wait on a value that can change back (a lock word) is recorded by {@link #awaitRead}, which
 * numbers the wait's read under the lock by reading the value once more.
 *
 * <p>A step that changes no shared state (a compare-and-exchange that failed, a check that
 * declined) is invisible to every other thread. Where the spec has no action for it, because the
 * spec decided the same thing earlier, {@link #atomicIf} leaves it out; the port must still record
 * it whenever it did write.
 *
 * <h2>Cost</h2>
 * A port records only when {@link Traceable#traceTo} gave it a recorder; otherwise each step pays
 * one test of a field that is null, and allocates nothing.
 *
 * <h2>Budget</h2>
 * A recorder may be given a budget of events. Once the run has recorded that many, every further
 * recording call throws {@link Overrun} before its step runs, so a thread that keeps taking steps
 * without finishing (a mutant whose holder walks a cycle) stops, and the trace stays an exact
 * prefix of what the port did.
 *
 * <h2>Interleavings</h2>
 * Before a recorded step the recorder may pause its thread for a short random time drawn from the
 * run's seed and the thread's id, so that stressed runs visit more orders than the scheduler alone
 * would give. The seed fixes the pauses, not the interleaving, which still comes from the
 * scheduler: a rejected run is replayed from its recorded trace, which the validator keeps.
 */
public final class TraceRecorder {
    /** The first line of every trace file. Bump the number when the line format changes. */
    public static final String FORMAT = "handoff-trace 1";

    /** One recorded step: sequence number, thread id (1..N), spec action, fields "k=v k=v". */
    public record Event(long seq, int thread, String action, String fields) {
        public String line() {
            return seq + " " + thread + " " + action + (fields.isEmpty() ? "" : " " + fields);
        }
    }

    /** Thrown by a recording call once the run has recorded its budget of events; the step has not run. */
    public static final class Overrun extends RuntimeException {
        Overrun(String message) {
            super(message, null, false, false);
        }
    }

    private final ReentrantLock order = new ReentrantLock();
    private final List<Event> events = new ArrayList<>();
    private final Map<Object, Integer> ids = new IdentityHashMap<>();
    private final ThreadLocal<int[]> self = new ThreadLocal<>();
    private final ThreadLocal<SplittableRandom> jitter = new ThreadLocal<>();
    /** The most yields a split step waits for threads queued on the order lock (see {@link #access}). */
    private static final int GAP_YIELDS = 10_000;

    /** The calling thread's open step; null outside a step. */
    private final ThreadLocal<Open> current = new ThreadLocal<>();

    /** A step being run: its shared accesses so far, and what to run under the lock before each. */
    private static final class Open {
        final Runnable beforeAccess;
        int accesses;
        /** The run's event count at the step's first access. */
        long firstSeq;

        Open(Runnable beforeAccess) {
            this.beforeAccess = beforeAccess;
        }
    }
    private final long seed;
    private final int pausePercent;
    private final int threads;
    private final long budget;
    private long seq;

    /**
     * A recorder with no budget, for a run whose thread count is not known to it ({@link #threads}
     * then throws).
     *
     * @param seed         drives the random pauses
     * @param pausePercent the chance, in percent, that a thread pauses before a recorded step
     */
    public TraceRecorder(long seed, int pausePercent) {
        this(seed, pausePercent, 0, Long.MAX_VALUE);
    }

    /**
     * @param seed         drives the random pauses
     * @param pausePercent the chance, in percent, that a thread pauses before a recorded step
     * @param threads      the run's thread count, the spec's N (0: unknown)
     * @param budget       the most events the run may record (see the class comment)
     */
    public TraceRecorder(long seed, int pausePercent, int threads, long budget) {
        if (pausePercent < 0 || pausePercent > 100) {
            throw new IllegalArgumentException("pausePercent must be 0..100, not " + pausePercent);
        }
        if (threads < 0) {
            throw new IllegalArgumentException("threads must not be negative, not " + threads);
        }
        if (budget < 1) {
            throw new IllegalArgumentException("budget must be at least 1, not " + budget);
        }
        this.seed = seed;
        this.pausePercent = pausePercent;
        this.threads = threads;
        this.budget = budget;
    }

    /**
     * The run's thread count, the spec's N: a port whose spec numbers objects after the threads (the
     * lock's own queue node is node N + 1 in CLH and MLock) names them with it.
     */
    public int threads() {
        if (threads == 0) {
            throw new IllegalStateException("this recorder was not told the run's thread count");
        }
        return threads;
    }

    /** Called under {@code order}: throws once the budget is spent. */
    private void spend(String action) {
        if (seq >= budget) {
            throw new Overrun("thread " + thread() + " would record " + action + " past the run's budget of "
                    + budget + " events");
        }
    }

    /**
     * Called by each worker thread before its first step: it is thread {@code id} of the spec, and
     * {@code context} (its queue node, or whatever the port's per-thread context is) names it in
     * the fields of other threads' events.
     */
    public void register(int id, Object context) {
        order.lock();
        try {
            ids.put(context, id);
        } finally {
            order.unlock();
        }
        self.set(new int[] {id});
        jitter.set(new SplittableRandom(seed * 1_000_003L + id));
    }

    /** Names an object other than a thread's context (a per-CPU node, a request) by a number. */
    public void name(Object o, int id) {
        order.lock();
        try {
            ids.put(o, id);
        } finally {
            order.unlock();
        }
    }

    /** The id of a registered context or named object; 0 for null (the specs' Nil). */
    public int id(Object o) {
        if (o == null) {
            return 0;
        }
        order.lock();
        try {
            Integer i = ids.get(o);
            if (i == null) {
                throw new IllegalStateException("unregistered object in a trace: " + o);
            }
            return i;
        } finally {
            order.unlock();
        }
    }

    /** Whether {@code o} is a registered context or a named object. */
    public boolean named(Object o) {
        order.lock();
        try {
            return ids.containsKey(o);
        } finally {
            order.unlock();
        }
    }

    /** The calling thread's id. */
    public int thread() {
        int[] me = self.get();
        if (me == null) {
            throw new IllegalStateException("thread " + Thread.currentThread().getName() + " is not registered");
        }
        return me[0];
    }

    private void pause() {
        SplittableRandom r = jitter.get();
        if (r != null && pausePercent > 0 && r.nextInt(100) < pausePercent) {
            if (r.nextBoolean()) {
                Thread.yield();
            } else {
                for (int i = r.nextInt(200); i > 0; i--) {
                    Thread.onSpinWait();
                }
            }
        }
    }

    /**
     * Runs one step and records it: {@code fields} turns the step's result into the event's fields.
     * The step runs under the order lock, so it is one atomic action, up to its second shared
     * access made through a {@link Memory}: before that access and every later one the lock is let
     * go, so other threads' steps may run between the step's accesses (see {@link #access}). The
     * event is numbered after the step's last access, with the lock held since that access: it is
     * the step's linearization point when the last access is the one that decides, as the last of
     * a split read-modify-write does.
     */
    public <T> T atomic(String action, Supplier<T> step, Function<T, String> fields) {
        return atomic(action, step, fields, null);
    }

    /**
     * {@link #atomic}, with {@code beforeAccess} run under the order lock just before each of the
     * step's shared accesses: a port that reports the state a step found (the lock word) reads it
     * there, so the state reported is the one the step's last access found, after whatever other
     * threads did between its accesses.
     */
    public <T> T atomic(String action, Supplier<T> step, Function<T, String> fields, Runnable beforeAccess) {
        pause();
        int me = thread();
        order.lock();
        try {
            spend(action);
            Open open = new Open(beforeAccess);
            T result = inStep(step, open);
            String f = withAccesses(fields.apply(result), open);
            events.add(new Event(++seq, me, action, f));
            return result;
        } finally {
            order.unlock();
        }
    }

    /** Runs {@code step} as the calling thread's open step, which counts its shared accesses. */
    private <T> T inStep(Supplier<T> step, Open open) {
        current.set(open);
        try {
            return step.get();
        } finally {
            current.remove();
        }
    }

    /**
     * The event's fields, and for a step that made more than one shared access, how many
     * ({@code accesses=N}) and, when other threads' steps were recorded between its first access
     * and its last, how many ({@code between=K}): a reader of a trace sees which steps let other
     * threads in, and a manifest entry can require ({@code reaches}) that a correct port's runs had
     * such steps and were still accepted. Called under the order lock, before the step's number is
     * taken.
     */
    private String withAccesses(String fields, Open open) {
        if (fields == null || open.accesses <= 1) {
            return fields;
        }
        long between = seq - open.firstSeq;
        return (fields.isEmpty() ? "" : fields + " ") + "accesses=" + open.accesses
                + (between > 0 ? " between=" + between : "");
    }

    /**
     * One shared access, made by a port through its {@link Memory}. Inside a recorded step the
     * step's first access runs under the order lock, as the rest of the step does. Before each
     * later access of the same step the lock is released and taken again, after the pause the
     * run's seed may give, so that another thread's step can be recorded between the two: that is
     * what a port whose step is not one access exposes, and what a port that makes one access per
     * step, like its spec, never notices. Outside a recorded step (a wait, the recorder's own
     * reads while it numbers an event) the access just runs.
     */
    public <T> T access(Supplier<T> op) {
        Open open = current.get();
        if (open == null || order.getHoldCount() != 1) {
            return op.get();
        }
        if (open.accesses++ == 0) {
            open.firstSeq = seq;
        } else {
            order.unlock();
            try {
                pause();
                // The order lock is not fair: without this, the thread that just let it go would
                // usually take it back before a waiting thread woke up. Every thread already waiting
                // to record a step goes first (up to a bound, in case threads keep arriving).
                for (int i = 0; i < GAP_YIELDS && order.hasQueuedThreads(); i++) {
                    Thread.yield();
                }
            } finally {
                order.lock();
            }
        }
        if (open.beforeAccess != null) {
            current.remove(); // the hook's own reads are not the step's accesses
            try {
                open.beforeAccess.run();
            } finally {
                current.set(open);
            }
        }
        return op.get();
    }

    /** Whether a thread waits to record a step: for tests that need another thread queued. */
    boolean threadsWaiting() {
        return order.hasQueuedThreads();
    }

    /** {@link #access} for a store. */
    public void accessWrite(Runnable op) {
        access(() -> {
            op.run();
            return null;
        });
    }

    /** {@link #atomic} for a step with no result. */
    public void atomic(String action, Runnable step, String fields) {
        atomic(action, () -> {
            step.run();
            return null;
        }, r -> fields);
    }

    /** {@link #atomic} for a step with no result whose fields are computed inside the action. */
    public void atomic(String action, Runnable step, Supplier<String> fields) {
        atomic(action, () -> {
            step.run();
            return null;
        }, r -> fields.get());
    }

    /**
     * {@link #atomic}, but the step is recorded only when {@code fields} returns non-null. For a step
     * that may turn out to be no step of the spec at all: one that read shared state and wrote
     * nothing (a claim declined before its compare-and-exchange), where the spec has no action that
     * leaves everything unchanged. The caller must return non-null whenever the step wrote shared
     * state, so that no write goes unrecorded.
     */
    public <T> T atomicIf(String action, Supplier<T> step, Function<T, String> fields) {
        return atomicIf(action, step, fields, null);
    }

    /** {@link #atomicIf} with a hook run before each shared access, as for {@link #atomic}. */
    public <T> T atomicIf(String action, Supplier<T> step, Function<T, String> fields, Runnable beforeAccess) {
        pause();
        int me = thread();
        order.lock();
        try {
            Open open = new Open(beforeAccess);
            T result = inStep(step, open);
            String f = withAccesses(fields.apply(result), open);
            if (f != null) {
                events.add(new Event(++seq, me, action, f));
            }
            return result;
        } finally {
            order.unlock();
        }
    }

    /**
     * Records a wait whose condition may become false again before the waiting thread acts (a lock
     * word another thread can still change): {@link #after} would number its read at a moment the
     * value may have changed. {@code wait} runs outside the order lock and returns the value its
     * last read found; then, under the lock, {@code current} reads the same location again. If the
     * value is unchanged, the wait's read is numbered now: a read only returns a value, the thread
     * did nothing between the two reads, so taking the read at this instant, when memory holds the
     * same value, is a valid linearization. If the value changed, the wait's result is dropped and
     * the wait runs again: its reads wrote nothing, so the recorded run is a run of the same wait
     * whose deciding read came later. (A value that changes after the read and before the thread
     * acts on it is still recorded, as a change after the read's event: the thread's next step is
     * a separate event.) {@code events} gives the fields of each event to record, in order: usually
     * one, more when the wait's reads are several spec steps that all found this same value.
     */
    public <T> T awaitRead(String action, Supplier<T> wait, Supplier<T> current, Function<T, List<String>> events) {
        int me = thread();
        while (true) {
            T seen = wait.get();
            order.lock();
            try {
                if (java.util.Objects.equals(seen, current.get())) {
                    for (String f : events.apply(seen)) {
                        this.events.add(new Event(++seq, me, action, f));
                    }
                    return seen;
                }
            } finally {
                order.unlock();
            }
        }
    }

    /**
     * Records a wait that has returned; only for waits on a stable condition (see the class
     * comment). {@code fields} is computed under the order lock, as the event is numbered.
     */
    public void after(String action, Supplier<String> fields) {
        int me = thread();
        order.lock();
        try {
            spend(action);
            events.add(new Event(++seq, me, action, fields.get()));
        } finally {
            order.unlock();
        }
    }

    /** {@link #after} with fields known before the event is numbered. */
    public void after(String action, String fields) {
        after(action, () -> fields);
    }

    /** The events so far, in sequence order. */
    public List<Event> events() {
        order.lock();
        try {
            return List.copyOf(events);
        } finally {
            order.unlock();
        }
    }
}
