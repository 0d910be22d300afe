package org.handoff.litmus.combining;

import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.handoff.litmus.LockHarness;
import org.handoff.models.SpinPolicy;
import org.handoff.models.combining.CombiningLock;
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
        lock = factory.apply(waits);
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

    /** After both actors: {@code x}, {@code y}, and 1 if a wait gave up. */
    void report(IIIII_Result r) {
        r.r3 = x;
        r.r4 = y;
        r.r5 = waits.gaveUp() ? 1 : 0;
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
