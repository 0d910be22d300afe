package org.handoff.models.fairness;

import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntPredicate;
import java.util.function.IntSupplier;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.handoff.models.Doorway;
import org.handoff.models.HandoffLock;
import org.handoff.models.SpinPolicy;
import org.handoff.models.cna.CnaLock;
import org.handoff.models.cna.CnaProb;
import org.handoff.models.cna.CnaThreshold;
import org.handoff.models.cna.Topology;
import org.handoff.models.pv.PvQSpinLock;
import org.handoff.models.qspinlock.DoorwayObserver;
import org.handoff.models.qspinlock.QSpinLock;

/**
 * Measures how fair a lock port is: {@code N} threads on {@code K} virtual NUMA nodes (thread
 * {@code i} on CPU {@code i}, node {@code i % K}) take the lock a fixed number of times in all (each
 * thread then takes it once more to find that out, and that entry is measured too), and
 * the harness reports, per acquisition, how often the thread was bypassed, the share of hand-offs
 * that stayed on one node, and how the acquisitions spread over the threads.
 *
 * <h2>Bypass</h2>
 * As {@code BoundedBypass} in {@code specs/common/Properties.tla}: an acquisition's bypass count is the
 * number of entries into the critical section, between its thread's doorway and its own entry, by
 * threads that passed the doorway after it. The doorway is the thread's first step that orders it
 * among the waiters: the tail exchange of MCS, CLH, the M-lock and qspinlock's queue, the ticket
 * increment of the ticket lock, the setting of pending that the thread then owns, or, for an
 * uncontended fast path, the entry itself. Each doorway takes a ticket from a global counter, and
 * each entry is numbered in the critical section; the bypass of an entry is the number of earlier
 * entries with a later ticket.
 *
 * <p>Where the ticket is taken is a choice ({@link Config#exact}):
 * <ul>
 * <li>after the step (the default): the ticket is taken right after the doorway's atomic step, and
 *     an uncontended entry (fast path, trylock) is numbered in the critical section. The ticket is
 *     not part of the atomic step, so two doorways a few instructions apart can be numbered in the
 *     other order; that can add or hide one bypass per such pair, which is noise against the counts
 *     that matter for NUMA preference (tens to thousands), not against a bound of 0 or 1.
 * <li>exact ({@code --doorways exact} of {@code ./handoff fairness}): every step that can be a doorway (including the fast path's
 *     compare-and-exchange and the queue path's trylock) runs together with its ticket under one
 *     monitor of the run. The doorways of a lock are read-modify-writes of one word, which that word
 *     already orders among themselves; the monitor adds no order between them, it only keeps another
 *     doorway from slipping in between a step and its ticket. Ticket order is then doorway order, and
 *     the bypass counts are those of {@code BoundedBypass}, exactly. The monitor slows the doorways
 *     down, which changes the timing of the run, not the set of orders the lock allows.
 * </ul>
 *
 * <h2>The PV ports</h2>
 * {@code pv}, {@code pv-wait-early} and {@code pv-wait-early-merged} are {@link PvQSpinLock} and its
 * variants, each thread a vCPU (halts are {@code LockSupport.park}). They steal the lock: the
 * slowpath's trylock is {@code pv_hybrid_queued_unfair_trylock}, which takes a free lock past a
 * non-empty queue as long as the queue head has not set pending. A steal is an entry whose doorway
 * is the entry itself, so it counts as one bypass for each waiter already queued; their bypass is
 * not bounded by PV.tla's K = 0, which is for a queue without stealing. When exact, the unfair
 * trylock runs whole under the monitor (the observer wraps the call of the trylock), so a vCPU
 * trying to steal holds back other doorways until its loop ends, which the unlock or the queue
 * head's pending bit brings about; a timing change, as above.
 *
 * <h2>Spins</h2>
 * The machine may have fewer processors than threads, so every wait spins with
 * {@link SpinPolicy#YIELDING}; a hand-off to a preempted waiter then costs a time slice rather than
 * one per spinner, which changes the speed, not the order of entries.
 *
 * <p>Every run prints its seed (it drives the work between acquisitions and {@code cna-prob}'s
 * random numbers); the same seed gives the same random choices, while the interleaving still comes
 * from the scheduler, so the numbers replay in distribution, not exactly.
 */
public final class FairnessHarness {

    /**
     * What one run measures.
     *
     * @param exact whether doorways are numbered exactly (see the class comment), or right after
     *              their step
     */
    public record Config(String lock, int threads, int nodes, int acquisitions, long seed, int probArg,
            int threshold, boolean exact, String port) {
        /**
         * @param lock the variant's name, which labels the results
         * @param port the class of the variant's port, as the manifest registers it (its
         *             {@code ports}, the one registry of ports; see {@link #portClass})
         */
        public Config {
            if (port == null) {
                throw new IllegalArgumentException(lock + ": no port class to measure");
            }
            portClass(port);
            if (threads < 1 || threads > 64) {
                throw new IllegalArgumentException("threads must be 1 to 64, not " + threads);
            }
            if (nodes < 1) {
                throw new IllegalArgumentException("nodes must be at least 1, not " + nodes);
            }
            if (acquisitions < 1) {
                throw new IllegalArgumentException("acquisitions must be at least 1, not " + acquisitions);
            }
        }
    }

    /** The measurements of one run. */
    public record Result(Config config, int[] bypass, int[] perThread, long sameNodeHandoffs, long handoffs,
            long reentries, long fastPathEntries, double seconds) {
        public int maxBypass() {
            return Arrays.stream(bypass).max().orElse(0);
        }

        public double meanBypass() {
            return Arrays.stream(bypass).average().orElse(0);
        }

        /** The 99th percentile (nearest rank) of the bypass counts. */
        public int p99Bypass() {
            int[] s = bypass.clone();
            Arrays.sort(s);
            return s.length == 0 ? 0 : s[Math.max(0, (int) Math.ceil(0.99 * s.length) - 1)];
        }

        /** Hand-offs between two threads of one node, over all hand-offs between two threads. */
        public double sameNodeShare() {
            return handoffs == 0 ? 0 : (double) sameNodeHandoffs / handoffs;
        }

        public String line() {
            int min = Arrays.stream(perThread).min().orElse(0);
            int max = Arrays.stream(perThread).max().orElse(0);
            return String.format(Locale.ROOT,
                    "%-14s bypass max %6d  p99 %6d  mean %8.2f | same-node hand-offs %5.1f%% of %7d | per thread min %6d max %6d | %5.1f s",
                    config.lock, maxBypass(), p99Bypass(), meanBypass(), 100 * sameNodeShare(), handoffs, min, max,
                    seconds);
        }
    }

    /**
     * The doorway tickets: one global counter, and each thread's ticket for its current acquisition
     * (and whether its doorway was also its entry).
     */
    public static final class Doorways implements DoorwayObserver, Doorway {
        private final AtomicLong next = new AtomicLong();
        private final ThreadLocal<long[]> mine = ThreadLocal.withInitial(() -> new long[] {-1, 0});
        private final boolean exact;

        /** Tickets taken right after each doorway's step. */
        public Doorways() {
            this(false);
        }

        /** With {@code exact}, each doorway step and its ticket run under this object's monitor. */
        public Doorways(boolean exact) {
            this.exact = exact;
        }

        public boolean exact() {
            return exact;
        }

        /** Called right after a doorway's atomic step, on the thread that passed it. */
        public void passed() {
            mine.get()[0] = next.getAndIncrement();
        }

        /**
         * Runs a step that may be a doorway, and numbers it when {@code doorway} says its result made
         * it one: under the monitor when exact, else right after it.
         */
        @Override
        public <T> T step(Supplier<T> atomicStep, Predicate<? super T> doorway) {
            if (!exact) {
                T r = atomicStep.get();
                if (doorway.test(r)) {
                    passed();
                }
                return r;
            }
            synchronized (this) {
                T r = atomicStep.get();
                if (doorway.test(r)) {
                    passed();
                }
                return r;
            }
        }

        /**
         * A step that, when it succeeds, is both the doorway and the entry (fast path, trylock): numbered
         * under the monitor when exact; else left to the entry, which numbers itself.
         */
        public <T> T entryStep(Supplier<T> atomicStep, Predicate<? super T> entered) {
            if (!exact) {
                return atomicStep.get();
            }
            synchronized (this) {
                T r = atomicStep.get();
                if (entered.test(r)) {
                    long[] t = mine.get();
                    t[0] = next.getAndIncrement();
                    t[1] = 1;
                }
                return r;
            }
        }

        /** queued_spin_lock's fast path and the slowpath's trylock ({@link DoorwayObserver}). */
        @Override
        public int entry(IntSupplier atomicStep, IntPredicate entered) {
            return entryStep(atomicStep::getAsInt, entered::test);
        }

        /** The pending fetch-or and xchg_tail ({@link DoorwayObserver}). */
        @Override
        public int doorway(IntSupplier atomicStep, IntPredicate ordered) {
            return step(atomicStep::getAsInt, ordered::test);
        }

        void reset() {
            long[] t = mine.get();
            t[0] = -1;
            t[1] = 0;
        }

        /** This thread's ticket, or a fresh one if it passed no doorway (fast path: entry is the doorway). */
        long ticket(boolean[] fast) {
            long[] t = mine.get();
            if (t[0] < 0) {
                fast[0] = true;
                return next.getAndIncrement();
            }
            fast[0] = t[1] != 0;
            return t[0];
        }

        long issued() {
            return next.get();
        }
    }

    private FairnessHarness() {
    }

    /**
     * The lock of {@code c}, built from its port class ({@code c.port})
     * and instrumented to report its doorways to {@code d}: every doorway step goes through
     * {@link Doorways#step}; the qspinlock family's fast path and the queue path's trylock go through
     * {@link Doorways#entryStep}, which numbers them only when exact (otherwise the entry does). A
     * qspinlock-family port (qspinlock, CNA, PV) takes {@code d} as its
     * {@link DoorwayObserver}, any other port as its {@link Doorway}, at construction.
     */
    @SuppressWarnings("unchecked")
    public static HandoffLock<Object> instrumented(Config c, Doorways d) {
        HandoffLock<?> lock = org.handoff.models.Ports.make(portConstructor(c.port), SpinPolicy.YIELDING, d);
        if (lock instanceof CnaLock cna) {
            cna.topology(Topology.alternating(c.nodes)).seed(c.seed);
        }
        if (lock instanceof CnaProb p) {
            p.probArg(c.probArg);
        }
        if (lock instanceof CnaThreshold t) {
            t.threshold(c.threshold);
        }
        return (HandoffLock<Object>) lock;
    }

    /**
     * The class named {@code name} as a port the harness can measure: a subclass of
     * {@link QSpinLock} (qspinlock, CNA, PV and their variants) with a constructor
     * {@code (SpinPolicy, DoorwayObserver)}, or another {@link HandoffLock} with a constructor
     * {@code (SpinPolicy, Doorway)} (MCS, ticket, CLH, M-lock), of any visibility, as the families' own
     * classes have. A proposed variant in another package declares one that calls its base class's.
     * Throws with one line naming what is missing.
     */
    public static Class<?> portClass(String name) {
        return portConstructor(name).getDeclaringClass();
    }

    /** The observer-taking constructor of the port class {@code name} ({@link #portClass}). */
    private static java.lang.reflect.Constructor<? extends HandoffLock> portConstructor(String name) {
        Class<? extends HandoffLock> c = org.handoff.models.Ports.load(name, HandoffLock.class,
                FairnessHarness.class.getClassLoader());
        return QSpinLock.class.isAssignableFrom(c)
                ? org.handoff.models.Ports.constructor(c, true, SpinPolicy.class, DoorwayObserver.class)
                : org.handoff.models.Ports.constructor(c, true, SpinPolicy.class, Doorway.class);
    }

    public static Result run(Config c) throws InterruptedException {
        Doorways d = new Doorways(c.exact);
        return run(c, instrumented(c, d), d);
    }

    /**
     * Runs {@code c} on {@code lock}, whose doorways report to {@code d} (for a lock the harness does
     * not know, such as a test's). Thread {@code i} uses the {@code i}-th context of the lock.
     */
    public static Result run(Config c, HandoffLock<Object> lock, Doorways d) throws InterruptedException {
        int total = c.acquisitions;
        // Each thread's last entry, the one that finds the total reached, is measured too: a thread
        // that waited through the end of the run was still bypassed.
        long[] tickets = new long[total + c.threads];
        int[] owner = new int[total + c.threads];
        boolean[] fastPath = new boolean[total + c.threads];
        int[] taken = new int[1]; // entries so far; written only inside the critical section
        Object[] contexts = new Object[c.threads];
        for (int i = 0; i < c.threads; i++) {
            contexts[i] = lock.newContext();
        }
        Thread[] workers = new Thread[c.threads];
        CountDownLatch ready = new CountDownLatch(c.threads);
        Throwable[] failure = new Throwable[1];
        for (int i = 0; i < c.threads; i++) {
            int id = i;
            SplittableRandom rnd = new SplittableRandom(c.seed + i);
            workers[i] = new Thread(() -> {
                boolean[] fast = new boolean[1];
                ready.countDown();
                try {
                    ready.await(); // all threads start together
                } catch (InterruptedException e) {
                    return;
                }
                while (true) {
                    d.reset();
                    lock.lock(contexts[id]);
                    int k = taken[0];
                    boolean done = k >= total;
                    tickets[k] = d.ticket(fast);
                    fastPath[k] = fast[0];
                    owner[k] = id;
                    taken[0] = k + 1;
                    lock.unlock(contexts[id]);
                    if (done) {
                        return;
                    }
                    for (int w = rnd.nextInt(32); w > 0; w--) {
                        Thread.onSpinWait(); // work outside the critical section
                    }
                }
            }, "fairness-" + i);
            workers[i].setUncaughtExceptionHandler((t, e) -> failure[0] = e);
        }
        long start = System.nanoTime();
        for (Thread w : workers) {
            w.start();
        }
        for (Thread w : workers) {
            w.join();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        if (failure[0] != null) {
            throw new IllegalStateException("a worker failed: " + failure[0], failure[0]);
        }
        int n = taken[0];
        return measure(c, Arrays.copyOf(tickets, n), Arrays.copyOf(owner, n), Arrays.copyOf(fastPath, n), d.issued(),
                seconds);
    }

    static Result measure(Config c, long[] tickets, int[] owner, boolean[] fastPath, long issued, double seconds) {
        int total = tickets.length;
        int[] bypass = new int[total];
        Fenwick seen = new Fenwick((int) issued + 1);
        int[] perThread = new int[c.threads];
        long same = 0;
        long handoffs = 0;
        long reentries = 0;
        long fast = 0;
        for (int k = 0; k < total; k++) {
            int t = (int) tickets[k];
            bypass[k] = k - seen.countAtMost(t); // earlier entries with a later doorway
            seen.add(t);
            perThread[owner[k]]++;
            if (fastPath[k]) {
                fast++;
            }
            if (k > 0) {
                if (owner[k] == owner[k - 1]) {
                    reentries++;
                } else {
                    handoffs++;
                    if (owner[k] % c.nodes == owner[k - 1] % c.nodes) {
                        same++;
                    }
                }
            }
        }
        return new Result(c, bypass, perThread, same, handoffs, reentries, fast, seconds);
    }

    /** Counts of tickets seen, with prefix sums. */
    static final class Fenwick {
        private final int[] tree;

        Fenwick(int size) {
            tree = new int[size + 1];
        }

        void add(int i) {
            for (i++; i < tree.length; i += i & -i) {
                tree[i]++;
            }
        }

        int countAtMost(int i) {
            int s = 0;
            for (i++; i > 0; i -= i & -i) {
                s += tree[i];
            }
            return s;
        }
    }
}
