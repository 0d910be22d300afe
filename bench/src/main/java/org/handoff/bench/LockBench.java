package org.handoff.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Collectors;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.Control;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

/**
 * The locktorture-style benchmark: every JMH thread takes the lock {@code lock} over and over and
 * runs the {@link Workload}'s critical section; the score is acquisitions per second over all
 * threads. Each measurement iteration also appends one line to the file named by the system
 * property {@value #OUT_PROPERTY} (when set): the per-thread acquisition counts, the hand-off
 * latency samples' percentiles, the hand-off and re-entry counts and whether the shared counter
 * matched the per-thread counts. {@link Report} reads it.
 */
public class LockBench {

    /** The side file of per-iteration measurements JMH has no place for. */
    public static final String OUT_PROPERTY = "handoff.bench.out";

    @State(Scope.Benchmark)
    public static class Shared {
        /** A name from {@link LockRegistry}. */
        @Param("mcs")
        public String lock;
        /** The ports' SpinPolicy: forever (the kernel's) or yielding (for more threads than processors). */
        @Param("forever")
        public String spin;
        /** Blackhole.consumeCPU tokens in each critical section. */
        @Param("20")
        public int csTokens;
        /** The NUMA cost model's extra tokens for an entry on another virtual node (0: off). */
        @Param("0")
        public int remoteTokens;
        /** Virtual NUMA nodes (the CNA topology and the cost model). */
        @Param("2")
        public int nodes;
        /** combining-batch's batch limit. */
        @Param("8")
        public int batch;

        BenchLock impl;
        Workload work;
        int threads;

        @Setup(Level.Trial)
        public void setup(BenchmarkParams params) {
            work = new Workload(csTokens, remoteTokens, nodes);
            impl = LockRegistry.create(lock, new LockRegistry.Settings(spin, nodes, batch, 0x5eedL));
            threads = params.getThreads();
        }

        @Setup(Level.Iteration)
        public void startIteration() {
            work.reset();
        }

        @TearDown(Level.Iteration)
        public void endIteration(IterationParams iteration) throws IOException {
            if (iteration.getType() != IterationType.MEASUREMENT) {
                return;
            }
            String out = System.getProperty(OUT_PROPERTY);
            if (out == null || out.isEmpty()) {
                return;
            }
            Files.writeString(Path.of(out), line(work.snapshot(threads)) + "\n", StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        }
    }

    /** A measurement line: tab-separated, read by {@link Report.Side}. */
    static String line(Workload.Snapshot s) {
        long[] lat = s.latencyNanos().clone();
        Arrays.sort(lat);
        return String.join("\t",
                Arrays.stream(s.perThread()).mapToObj(Long::toString).collect(Collectors.joining(",")),
                Long.toString(s.counter()),
                Long.toString(s.sumPerThread()),
                Long.toString(s.handoffs()),
                Long.toString(s.reentries()),
                Long.toString(s.remoteEntries()),
                Integer.toString(lat.length),
                Long.toString(percentile(lat, 0.50)),
                Long.toString(percentile(lat, 0.99)));
    }

    /** Nearest-rank percentile of sorted samples; -1 when there are none. */
    static long percentile(long[] sorted, double p) {
        if (sorted.length == 0) {
            return -1;
        }
        return sorted[Math.max(0, (int) Math.ceil(p * sorted.length) - 1)];
    }

    @State(Scope.Thread)
    public static class Worker {
        BenchLock.Handle handle;

        @Setup(Level.Trial)
        public void setup(Shared shared) {
            handle = shared.impl.newHandle(shared.work);
        }
    }

    @Benchmark
    public void torture(Shared s, Worker w, Control control) {
        Workload work = s.work;
        if (control.startMeasurement) {
            work.startMeasuring();
        }
        if (control.stopMeasurement) {
            work.stopMeasuring();
            // The warm-down: JMH keeps every thread running until all have seen the end of the
            // iteration. A thread that the lock starves (cna-v1 keeps the other node's waiters in
            // its secondary queue while a local waiter exists) would never see it, and the
            // iteration would never end; pausing here lets the local waiters drain.
            LockSupport.parkNanos(100_000);
        }
        w.handle.execute();
    }
}
