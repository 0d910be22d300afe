package org.handoff.litmus.combining;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;
import org.handoff.litmus.LockHarness;
import org.handoff.models.HookCounter;
import org.handoff.models.SpinPolicy;
import org.handoff.models.combining.CombiningLock;
import org.handoff.models.trace.Steps;
import org.handoff.models.trace.TraceRecorder;
import org.openjdk.jcstress.infra.results.IIIII_Result;

/**
 * The client of every two-actor combining litmus test: a fresh lock per sample, one node per actor,
 * and one request per actor whose function increments two plain fields {@code x, y} (reads both,
 * pauses, writes both) and returns the {@code x} it read. Whichever thread runs it, the request's
 * result is what its submitter gets back from {@code alispinlock}.
 *
 * <p>Result columns: actor 1's result, actor 2's result, {@code x}, {@code y} after both, and
 * whether a wait gave up (1). Under the algorithm's guarantees the only outcomes are
 * {@code 0, 1, 2, 2, 0} and {@code 1, 0, 2, 2, 0}: each request ran once (x = y = 2), alone (no
 * lost update), and each submitter saw its own request's result.
 *
 * <p>The node-reuse tests ({@link #submitTwice}) submit two requests per actor on the same node,
 * with a {@link ReuseStage}: results then pack both of an actor's results, x = y = 4.
 *
 * <p>Waits: the port spins forever unless given a {@link SpinPolicy}; here a wait gives up when the
 * other actor has returned (nobody is left to complete it: with two actors, the other one is the
 * only possible holder) or, as a safety net, after {@link LockHarness#GIVE_UP_MILLIS}. The rule is
 * exact: the other actor's {@code done} is written after all its writes, and the waiting thread
 * reads its condition once more after seeing it before giving up.
 */
final class CombiningHarness {
    private final CombiningLock lock;
    private final Waits waits = new Waits();
    private final CombiningLock.Node node0;
    private final CombiningLock.Node node1;

    /** Accessed only by the requests' function, with plain reads and writes. */
    private int x;
    private int y;

    CombiningHarness(Function<SpinPolicy, ? extends CombiningLock> factory) {
        this(factory, Steps.DIRECT);
    }

    /** The port run through {@code steps} ({@link ReuseStage} for the node-reuse tests). */
    CombiningHarness(Function<SpinPolicy, ? extends CombiningLock> factory, Steps steps) {
        lock = factory.apply(waits);
        lock.runStepsThrough(steps);
        node0 = lock.newContext();
        node1 = lock.newContext();
    }

    private int request(int unused) {
        int sx = x;
        int sy = y;
        for (int p = 0; p < 8; p++) {
            Thread.onSpinWait(); // widens the window in which two running requests overlap
        }
        x = sx + 1;
        y = sy + 1;
        return sx;
    }

    /** Actor {@code actor} (0 or 1) submits its request and records the result it got back. */
    void submit(int actor, IIIII_Result r) {
        waits.begin(actor);
        int got = lock.alispinlock(actor == 0 ? node0 : node1, this::request, actor);
        waits.finish(actor);
        if (actor == 0) {
            r.r1 = got;
        } else {
            r.r2 = got;
        }
    }

    /**
     * Actor {@code actor} submits two requests with its one node (the node is reused, as in the
     * kernel's per-CPU use) and records both results as one number, the first times ten plus the
     * second ({@code -1} when either is not a request's result: the empty slot). Under the
     * algorithm's guarantees the four results are 0 to 3, each actor's two increasing.
     */
    void submitTwice(int actor, IIIII_Result r) {
        waits.begin(actor);
        CombiningLock.Node node = actor == 0 ? node0 : node1;
        int first = lock.alispinlock(node, this::request, actor);
        int second = lock.alispinlock(node, this::request, actor);
        waits.finish(actor);
        int both = first >= 0 && first <= 9 && second >= 0 && second <= 9 ? first * 10 + second : -1;
        if (actor == 0) {
            r.r1 = both;
        } else {
            r.r2 = both;
        }
    }

    /** After both actors: {@code x}, {@code y}, and 1 if a wait gave up. */
    void report(IIIII_Result r) {
        r.r3 = x;
        r.r4 = y;
        r.r5 = waits.gaveUp() ? 1 : 0;
    }

    /**
     * The stage of the node-reuse tests, run around the port's steps ({@link CombiningLock#runStepsThrough}):
     * the doorway's passes are counted, and at the two points where a holder is done with another
     * thread's node, the holder waits, bounded by a tenth of {@link LockHarness#STAGE_SPINS}, until
     * one more thread has passed the doorway: after it completed that node ({@code ali->locked = 0},
     * in the walk or the last one), and before the cmpxchg that would remove that node as the tail.
     * So a submitter whose request is complete re-queues its node while the holder is still inside
     * {@code alispinlock}: the state in which a holder that touches the node again meets the new
     * request. Under the algorithm the holder is done with a node once it completed it, and the
     * last node is completed only after the cmpxchg, so the waits only delay it (the one before the
     * cmpxchg always runs out there). The bound is short because the submitter has only to return
     * and re-enter; a long one costs samples in every run. The stage observes the calls of the step
     * methods, so it stages any variant's port, a mutant's replaced step included.
     */
    static final class ReuseStage implements Steps {
        /**
         * A submitter passed the doorway again while the holder waited just past completing another
         * node: the state the stage exists for (the manifest's {@code hooks} of the reuse tests).
         */
        static final HookCounter REQUEUED = HookCounter.of("ali_spin_lock:requeue-after-complete");

        private final AtomicInteger doorways = new AtomicInteger();
        /** The node each thread submits with (its own: no submitter waits on its completion). */
        private final ThreadLocal<CombiningLock.Node> own = new ThreadLocal<>();

        @Override
        public <T> T step(String action, Object node, Supplier<T> step, BiFunction<TraceRecorder, T, String> fields) {
            if (action.equals("AliCmpxchg")) {
                awaitRequeue(node); // before the cmpxchg that would remove another's node
            }
            T result = step.get();
            switch (action) {
                case "AliInit" -> own.set((CombiningLock.Node) node); // the submitter's thread names its node
                case "AliXchg" -> doorways.incrementAndGet();
                case "AliComplete", "AliLastComplete" -> {
                    if (awaitRequeue(node)) {
                        REQUEUED.hit();
                    }
                }
                default -> {
                }
            }
            return result;
        }

        @Override
        public void after(String action, Object node, Function<TraceRecorder, String> fields) {
        }

        /**
         * Unless {@code ali} is the calling thread's own node: waits, bounded, for the next doorway
         * pass; whether one came.
         */
        private boolean awaitRequeue(Object ali) {
            if (ali == own.get()) {
                return false;
            }
            int seen = doorways.get();
            for (int i = 0; i < LockHarness.STAGE_SPINS / 10 && doorways.get() == seen; i++) {
                Thread.onSpinWait();
            }
            return doorways.get() != seen;
        }
    }

    /** Gives up a wait once the other actor has returned, or after the wall-clock bound. */
    static final class Waits implements SpinPolicy {
        volatile Thread thread0;
        volatile Thread thread1;
        /** Written by each actor after all its writes (its return from alispinlock). */
        volatile boolean done0;
        volatile boolean done1;
        private volatile boolean gaveUp;
        private final SpinPolicy bounded =
                SpinPolicy.bounded(TimeUnit.MILLISECONDS.toNanos(LockHarness.GIVE_UP_MILLIS));
        /** Per thread: the other actor was seen done before the condition was last read false. */
        private final ThreadLocal<boolean[]> seenDone = ThreadLocal.withInitial(() -> new boolean[1]);

        void begin(int actor) {
            if (actor == 0) {
                thread0 = Thread.currentThread();
            } else {
                thread1 = Thread.currentThread();
            }
        }

        void finish(int actor) {
            if (actor == 0) {
                done0 = true;
            } else {
                done1 = true;
            }
        }

        @Override
        public boolean keepSpinning(long iteration) {
            boolean[] seen = seenDone.get();
            if (iteration == 0) {
                seen[0] = false;
            } else if (seen[0]) {
                gaveUp = true; // the condition was read false after the other actor had returned
                return false;
            }
            Thread me = Thread.currentThread();
            seen[0] = me == thread0 ? done1 : me == thread1 && done0;
            if (!bounded.keepSpinning(iteration)) {
                gaveUp = true;
                return false;
            }
            return true;
        }

        @Override
        public boolean gaveUp() {
            return gaveUp;
        }
    }
}
