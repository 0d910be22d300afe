package org.handoff.bench;

import java.util.Arrays;
import java.util.function.IntUnaryOperator;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The critical section every lock under test protects, and what it measures. Every field below the
 * constructor's is written only inside the critical section, so a correct lock keeps them exact;
 * a broken one loses counter increments (what the harness's sanity test checks).
 *
 * <p>One entry ({@link #enter}):
 * <ol>
 * <li>Hand-off latency: if the previous holder stamped its release and this entry is by another
 *     thread, the time since that stamp is one sample. A holder stamps every
 *     {@value #SAMPLE_EVERY}th entry, as the last thing before it releases, so the sample is the time
 *     from (the start of) a release to the next entry, by another thread, into the critical section.
 *     For the combining locks, where a holder runs other threads' requests, it is the time from the
 *     end of one request to the start of the next, whoever runs it.
 * <li>The NUMA cost model: thread {@code i} sits on virtual node {@code i % nodes} (the same
 *     numbering the CNA ports' {@code Topology.alternating(nodes)} gives their CPUs). An entry on
 *     another node than the previous entry's pays {@code remoteTokens} extra
 *     {@link Blackhole#consumeCPU} tokens: the cache lines of the lock and of the protected data
 *     are remote. Off when {@code remoteTokens} is 0.
 * <li>The critical section proper: {@code csTokens} tokens of {@link Blackhole#consumeCPU}, then a
 *     shared counter and the thread's own count are incremented.
 * </ol>
 * Latency samples and the per-thread counts of the spread are taken only inside the measurement
 * window (JMH's measurement, not its ramp-down, when the threads that stopped early leave the
 * rest to run with less contention).
 *
 * <p>It is also the request of the combining locks ({@link IntUnaryOperator}: the argument is the
 * submitting thread's index).
 */
public final class Workload implements IntUnaryOperator {

    /** Thread indices run from 0 to this (exclusive). */
    public static final int MAX_THREADS = 64;
    /** A holder stamps its release every this many entries (a power of two). */
    public static final int SAMPLE_EVERY = 64;
    private static final int SAMPLES = 1 << 15;

    private final int csTokens;
    private final int remoteTokens;
    private final int nodes;

    /**
     * The measurement window: entries count towards the per-thread spread and the latency samples
     * only between {@code started} and {@code stopped} (the benchmark sets them when JMH's
     * measurement starts and stops; outside JMH they stay open). The counter counts every entry.
     */
    volatile boolean started = true;
    volatile boolean stopped;

    private long counter;
    private final long[] all = new long[MAX_THREADS];
    private final long[] perThread = new long[MAX_THREADS];
    private int lastOwner = -1;
    private int lastNode = -1;
    private long handoffs;
    private long reentries;
    private long remoteEntries;
    private int stampOwner = -1;
    private long stampNanos;
    /** The latest {@link #SAMPLES} latency samples (a ring). */
    private final long[] latency = new long[SAMPLES];
    private long latencyCount;

    public Workload(int csTokens, int remoteTokens, int nodes) {
        if (csTokens < 0) {
            throw new IllegalArgumentException("critical-section tokens must be 0 or more, not " + csTokens);
        }
        if (remoteTokens < 0) {
            throw new IllegalArgumentException("remote tokens must be 0 or more, not " + remoteTokens);
        }
        if (nodes < 1) {
            throw new IllegalArgumentException("virtual NUMA nodes must be at least 1, not " + nodes);
        }
        this.csTokens = csTokens;
        this.remoteTokens = remoteTokens;
        this.nodes = nodes;
    }

    /** The critical section, run by (or on behalf of) thread {@code thread} while the lock is held. */
    public void enter(int thread) {
        boolean measuring = started && !stopped;
        if (stampOwner >= 0) {
            if (stampOwner != thread && measuring) {
                latency[(int) (latencyCount++ & (SAMPLES - 1))] = System.nanoTime() - stampNanos;
            }
            stampOwner = -1;
        }
        if (lastOwner == thread) {
            reentries++;
        } else if (lastOwner >= 0) {
            handoffs++;
        }
        lastOwner = thread;
        if (remoteTokens > 0) {
            int node = thread % nodes;
            if (node != lastNode) {
                if (lastNode >= 0) {
                    remoteEntries++;
                    Blackhole.consumeCPU(remoteTokens);
                }
                lastNode = node;
            }
        }
        if (csTokens > 0) {
            Blackhole.consumeCPU(csTokens);
        }
        long c = ++counter;
        all[thread]++;
        if (measuring) {
            perThread[thread]++;
        }
        if ((c & (SAMPLE_EVERY - 1)) == 0 && measuring) {
            stampOwner = thread;
            stampNanos = System.nanoTime();
        }
    }

    /** Opens the measurement window (idempotent). */
    public void startMeasuring() {
        if (!started) {
            started = true;
        }
    }

    /** Closes the measurement window (idempotent). */
    public void stopMeasuring() {
        if (!stopped) {
            stopped = true;
        }
    }

    /** The combining locks' request: {@link #enter} for the submitting thread. */
    @Override
    public int applyAsInt(int thread) {
        enter(thread);
        return thread;
    }

    /** What one interval (a JMH iteration, a test run) measured. */
    public record Snapshot(long counter, long[] all, long[] perThread, long handoffs, long reentries,
            long remoteEntries, long[] latencyNanos) {
        /** Every entry, counted per thread: equal to the counter under a correct lock. */
        public long sumPerThread() {
            return Arrays.stream(all).sum();
        }
    }

    /** What was measured since the last reset; call only while no thread is inside. */
    public Snapshot snapshot(int threads) {
        int n = (int) Math.min(latencyCount, SAMPLES);
        return new Snapshot(counter, Arrays.copyOf(all, threads), Arrays.copyOf(perThread, threads), handoffs, reentries, remoteEntries,
                Arrays.copyOf(latency, n));
    }

    /**
     * Starts a new interval whose measurement window opens at {@link #startMeasuring}; call only
     * while no thread is inside.
     */
    public void reset() {
        started = false;
        stopped = false;
        counter = 0;
        Arrays.fill(all, 0);
        Arrays.fill(perThread, 0);
        lastOwner = -1;
        lastNode = -1;
        handoffs = 0;
        reentries = 0;
        remoteEntries = 0;
        stampOwner = -1;
        latencyCount = 0;
    }
}
