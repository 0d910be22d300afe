package org.handoff.litmus;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.handoff.models.HandoffLock;
import org.handoff.models.SpinPolicy;
import org.handoff.models.VarHandles;
import org.openjdk.jcstress.infra.results.IIIII_Result;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * The client harness every two-actor lock litmus test shares, so that a test is a few lines: a
 * fresh lock per sample (jcstress makes a fresh state per sample), one context per actor reused
 * for each of its acquisitions, and a critical section over two plain fields {@code x} and
 * {@code y}. After both actors are done the check is {@code x == y == entries}: under mutual
 * exclusion, with every holder seeing the writes of the one before, no increment is lost.
 *
 * <h2>Stranded waiters</h2>
 * The ports spin forever, like the kernel, unless given a {@link SpinPolicy}. Here every wait of
 * the lock goes through {@link Waits}, which ends a wait that can never succeed, so that a mutant
 * that strands a waiter is an outcome of the sample ("a wait gave up") instead of a jcstress
 * time-out. A wait gives up in three cases:
 * <ol>
 * <li>the other actor has returned: no thread will ever write what the wait is waiting for;
 * <li>both actors are spinning and each has seen its own condition false after the other's wait
 *     began: spinning threads write nothing, so neither condition can change (a deadlock);
 * <li>a wall-clock bound ({@link #GIVE_UP_MILLIS}, generous: preemption of the holder on a loaded
 *     machine must not trip it) as a safety net for anything the two rules above do not prove.
 * </ol>
 * Rules 1 and 2 are exact for two actors, so a correct lock never gives up by them; they also make
 * a stranded sample cost microseconds instead of the bound.
 *
 * <p>The harness records where each give-up happened. A thread that gave up while entering runs
 * its critical section without the lock, so a lost increment in that sample may be a consequence
 * of the give-up; a thread that gave up while releasing had already left its critical section, so
 * the counts of that sample are still evidence about mutual exclusion.
 *
 * <p>The increment reads both fields, pauses for a few spin-wait hints and then writes them back.
 * The pause widens the window in which two threads that are both inside overwrite each other's
 * update; it changes nothing that a correct lock guarantees.
 *
 * <h2>Staged hand-off</h2>
 * Left to the scheduler, two actors that take the lock once each rarely meet: on a loaded machine
 * one usually finishes before the other starts, so a test of what happens at a hand-off between a
 * holder and a waiting successor sees almost no hand-offs. A staged harness stages one in every
 * sample, in one of two shapes:
 * <ul>
 * <li>{@link #staged}, a waiter already queued when the holder acquires: a third context holds the
 *     lock from the start; actor 1 waits (boundedly) until actor 0 is queued and spinning, then
 *     queues itself, and its first wait releases the third context, so actor 0 acquires with
 *     actor 1 already waiting behind it;
 * <li>{@link #arrivingWhileHeld}, an arrival at a held lock: actor 1 waits (boundedly) until
 *     actor 0 is inside its section before it calls lock (for qspinlock: the pending path).
 * </ul>
 * A third shape stages no hand-off but a race at the doorway: in {@link #meeting}, before each of
 * its acquisitions in {@link #increment} an actor waits (boundedly) until the other has come as
 * far, so that both call lock at nearly the same moment, round after round. A patch that splits
 * the doorway's atomic swap into a read and a write lets both read the same predecessor only when
 * the two doorways overlap by a few nanoseconds; left to the scheduler they seldom do, and the
 * same bug then shows more often as a stranded waiter than as two threads inside. The meeting
 * happens outside the lock, before lock is called, so it orders nothing inside it.
 * In {@link #readThenWrite} the first holder then waits, boundedly, between its reads and its
 * writes until the other actor has read too: under a correct lock that wait always runs out (the
 * other is still waiting), under a lock that lets both in the second reads before the first
 * writes. The staging adds volatile accesses only before the section's writes, so it orders
 * nothing that the hand-off itself must order.
 *
 * @param <C> the lock's per-thread context
 */
public final class LockHarness<C> {

    /**
     * The wall-clock safety net of one wait, in milliseconds ({@code -Dhandoff.litmus.giveUpMs} in
     * the jcstress forks overrides it).
     */
    public static final long GIVE_UP_MILLIS = Long.getLong("handoff.litmus.giveUpMs", 1000);

    /** Spin-wait hints inside the increment, between its reads and its writes. */
    static final int PAUSES = Integer.getInteger("handoff.litmus.pauses", 8);

    /** A staged harness: at most this many spin-wait hints for each of its two staging waits. */
    public static final int STAGE_SPINS = Integer.getInteger("handoff.litmus.stageSpins", 2000);

    /** Result column "gave up": no wait gave up. */
    public static final int CLEAN = 0;
    /** Result column "gave up": a thread gave up waiting to enter and ran its section without the lock. */
    public static final int GAVE_UP_ENTERING = 1;
    /** Result column "gave up": a wait gave up only while releasing, after that thread's section. */
    public static final int GAVE_UP_RELEASING = 2;

    private final HandoffLock<C> lock;
    private final Waits waits;
    private final C context0;
    private final C context1;
    /** Which hand-off every sample stages, if any (class comment). */
    private enum Stage { NONE, QUEUED, HELD, MEET }

    private final Stage stage;
    /** A staged harness only: the actors that have read {@code x, y} in their section. */
    private volatile boolean read0;
    private volatile boolean read1;
    /** {@link #meeting} only: how many doorways each actor has reached. */
    private volatile int doorway0;
    private volatile int doorway1;

    /** Accessed only inside the critical section, with plain reads and writes. */
    private int x;
    private int y;

    private LockHarness(Function<SpinPolicy, ? extends HandoffLock<C>> factory, Stage stage) {
        this.waits = new Waits();
        this.lock = factory.apply(waits);
        this.context0 = lock.newContext();
        this.context1 = lock.newContext();
        this.stage = stage;
        if (stage == Stage.QUEUED) {
            C third = lock.newContext();
            lock.lock(third); // free: no wait
            waits.releaseThird = () -> lock.unlock(third);
        }
    }

    /**
     * A harness for two actors around a fresh lock. {@code factory} is the lock's constructor that
     * takes a {@link SpinPolicy}, for example {@code McsLock::new}.
     */
    public static <C> LockHarness<C> of(Function<SpinPolicy, ? extends HandoffLock<C>> factory) {
        return new LockHarness<>(factory, Stage.NONE);
    }

    /**
     * A harness that stages a hand-off from actor 0 to a waiting actor 1 in every sample (see the
     * class comment). For locks whose waiters spin through the {@link SpinPolicy} and whose unlock
     * may be called by a thread other than the one that locked (the queue locks do not check).
     */
    public static <C> LockHarness<C> staged(Function<SpinPolicy, ? extends HandoffLock<C>> factory) {
        return new LockHarness<>(factory, Stage.QUEUED);
    }

    /** A harness in which actor 1 arrives while actor 0 holds the lock, in every sample (class comment). */
    public static <C> LockHarness<C> arrivingWhileHeld(Function<SpinPolicy, ? extends HandoffLock<C>> factory) {
        return new LockHarness<>(factory, Stage.HELD);
    }

    /**
     * A harness whose two actors meet before each acquisition of {@link #increment}, so that their
     * doorways race in every round (see the class comment).
     */
    public static <C> LockHarness<C> meeting(Function<SpinPolicy, ? extends HandoffLock<C>> factory) {
        return new LockHarness<>(factory, Stage.MEET);
    }

    /** Actor {@code actor} (0 or 1) increments {@code x} and {@code y} under the lock, {@code times} times. */
    public void increment(int actor, int times) {
        Waits.Side side = waits.side(actor);
        C c = actor == 0 ? context0 : context1;
        for (int i = 0; i < times; i++) {
            if (stage == Stage.MEET) {
                meet(actor, i + 1);
            }
            enter(side, c);
            int sx = x;
            int sy = y;
            for (int p = 0; p < PAUSES; p++) {
                Thread.onSpinWait(); // also keeps the reads above and the writes below apart
            }
            x = sx + 1;
            y = sy + 1;
            release(side, c);
        }
        side.finish();
    }

    /**
     * Actor {@code actor} enters once, records the {@code x} and {@code y} it found (actor 0 in
     * {@code r1, r2}, actor 1 in {@code r3, r4}) and leaves {@code x + 1, y + 1} for the next holder.
     */
    public void readThenWrite(int actor, IIIII_Result r) {
        Waits.Side side = waits.side(actor);
        C c = actor == 0 ? context0 : context1;
        if (stage == Stage.QUEUED && actor == 1) {
            // Queue behind actor 0: wait until it is spinning behind the third context.
            for (int i = 0; i < STAGE_SPINS && waits.side(0).episode == 0; i++) {
                Thread.onSpinWait();
            }
        } else if (stage == Stage.HELD && actor == 1) {
            // Arrive while actor 0 is inside.
            for (int i = 0; i < STAGE_SPINS && !read0; i++) {
                Thread.onSpinWait();
            }
        } else if (stage == Stage.MEET) {
            meet(actor, 1);
        }
        enter(side, c);
        int sx = x;
        int sy = y;
        if (stage != Stage.NONE) {
            if (actor == 0) {
                read0 = true;
            } else {
                read1 = true;
            }
            for (int i = 0; i < STAGE_SPINS && !(actor == 0 ? read1 : read0); i++) {
                Thread.onSpinWait();
            }
        }
        x = sx + 1;
        y = sy + 1;
        release(side, c);
        side.finish();
        if (actor == 0) {
            r.r1 = sx;
            r.r2 = sy;
        } else {
            r.r3 = sx;
            r.r4 = sy;
        }
    }

    /** After both actors: {@code x}, {@code y} and whether (and where) a wait gave up. */
    public void report(III_Result r) {
        r.r1 = x;
        r.r2 = y;
        r.r3 = gaveUp();
    }

    /** After both actors of {@link #readThenWrite}: whether (and where) a wait gave up, in {@code r5}. */
    public void report(IIIII_Result r) {
        r.r5 = gaveUp();
    }

    /** {@link #CLEAN}, {@link #GAVE_UP_ENTERING} or {@link #GAVE_UP_RELEASING}. */
    public int gaveUp() {
        return waits.gaveUpEntering ? GAVE_UP_ENTERING : waits.gaveUpReleasing ? GAVE_UP_RELEASING : CLEAN;
    }

    /** Publishes that {@code actor} reached doorway {@code round}, then waits (boundedly) for the other. */
    private void meet(int actor, int round) {
        if (actor == 0) {
            doorway0 = round;
        } else {
            doorway1 = round;
        }
        for (int i = 0; i < STAGE_SPINS && (actor == 0 ? doorway1 : doorway0) < round; i++) {
            Thread.onSpinWait();
        }
    }

    private void enter(Waits.Side side, C c) {
        side.begin(Waits.ENTERING);
        lock.lock(c);
        side.phase = Waits.OUTSIDE;
    }

    private void release(Waits.Side side, C c) {
        side.phase = Waits.RELEASING;
        lock.unlock(c);
        side.phase = Waits.OUTSIDE;
    }

    /**
     * The lock's spin policy. {@link SpinPolicy#bounded} keeps the wall-clock safety net; rules 1
     * and 2 of the class comment are decided here, from what each actor publishes about its waits.
     *
     * <p>Why rule 2 is exact: a wait's condition is written only by the other actor (there are two
     * threads). Actor A publishes the start of its wait (episode {@code a}) after all its writes;
     * actor B, after reading that, sees all of them. If B then reads its condition false while in
     * its wait {@code b}, the condition stays false while A stays in {@code a}, since a spinning
     * thread writes nothing. When A has, symmetrically, read its condition false after seeing
     * {@code b} begin, neither can leave: a deadlock. Both threads may see it; only one gives up,
     * the one that claims the pair of waits {@code (a, b)} first. The other keeps spinning: the
     * thread that gave up writes again, so that pair is no proof of anything any more, while a new
     * pair of waits is judged afresh.
     */
    static final class Waits implements SpinPolicy {
        static final int OUTSIDE = 0;
        static final int ENTERING = 1;
        static final int RELEASING = 2;

        private static final VarHandle CLAIMED =
                VarHandles.field(MethodHandles.lookup(), Waits.class, "claimed", long.class);

        /** What one actor's thread knows and publishes about its waits. */
        static final class Side {
            // Written and read by the actor's own thread only.
            Thread thread;
            int phase;
            int myEpisode;
            int seenEpisode;
            boolean seenDone;
            long lastConfirmed;
            // Published to the other actor.
            volatile int episode;
            volatile long confirmed;
            volatile boolean done;

            void begin(int newPhase) {
                thread = Thread.currentThread();
                phase = newPhase;
            }

            void finish() {
                done = true;
            }
        }

        private final SpinPolicy bounded = SpinPolicy.bounded(TimeUnit.MILLISECONDS.toNanos(GIVE_UP_MILLIS));
        private final Side side0 = new Side();
        private final Side side1 = new Side();
        /** {@link #staged}: releases the third context; run by actor 1's first wait, then null. */
        volatile Runnable releaseThird;
        /** The last deadlock given up on: the two waits, as pack(actor 0's episode, actor 1's episode). */
        private volatile long claimed;
        volatile boolean gaveUpEntering;
        volatile boolean gaveUpReleasing;

        Side side(int actor) {
            return actor == 0 ? side0 : side1;
        }

        @Override
        public boolean keepSpinning(long iteration) {
            Thread t = Thread.currentThread();
            Side me = t == side0.thread ? side0 : t == side1.thread ? side1 : null;
            if (me == null) {
                // Not an actor of this harness: the wall-clock bound only.
                return bounded.keepSpinning(iteration) || giveUp(RELEASING);
            }
            Side other = me == side0 ? side1 : side0;
            Runnable third = releaseThird;
            if (third != null && me == side1 && iteration == 0) {
                // Before this wait is published: actor 0 can only see it after the release, so the
                // third context's hold is never taken for a deadlock of the two actors (rule 2).
                releaseThird = null;
                third.run();
            }
            if (iteration == 0) {
                me.myEpisode++;
                me.episode = me.myEpisode;
                me.lastConfirmed = 0;
                observe(me, other);
                return bounded.keepSpinning(iteration);
            }
            // The wait's condition was read false just now, after the observations of the previous call.
            if (me.seenDone) {
                return giveUp(me.phase); // rule 1
            }
            if (me.seenEpisode != 0) {
                long mine = pack(me.myEpisode, me.seenEpisode);
                if (mine != me.lastConfirmed) {
                    me.lastConfirmed = mine;
                    me.confirmed = mine;
                }
                if (other.confirmed == pack(me.seenEpisode, me.myEpisode)) {
                    long pair = me == side0 ? mine : pack(me.seenEpisode, me.myEpisode);
                    long last = claimed;
                    if (last != pair && CLAIMED.compareAndSet(this, last, pair)) {
                        return giveUp(me.phase); // rule 2
                    }
                }
            }
            observe(me, other);
            return bounded.keepSpinning(iteration) || giveUp(me.phase); // rule 3
        }

        private static void observe(Side me, Side other) {
            me.seenDone = other.done;
            me.seenEpisode = other.episode;
        }

        private static long pack(int mine, int theirs) {
            return ((long) mine << 32) | (theirs & 0xffffffffL);
        }

        private boolean giveUp(int phase) {
            if (phase == ENTERING) {
                gaveUpEntering = true;
            } else {
                gaveUpReleasing = true;
            }
            return false;
        }

        @Override
        public boolean gaveUp() {
            return gaveUpEntering || gaveUpReleasing;
        }
    }
}
