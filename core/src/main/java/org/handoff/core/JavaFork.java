package org.handoff.core;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a Java main class in a forked JVM (TLC and jcstress call System.exit and fork themselves),
 * collecting its output and optionally echoing it to a log.
 */
public final class JavaFork {
    /** The result of a forked run. {@code timedOut} runs were killed; exitCode is then -1. */
    public record Result(int exitCode, String output, boolean timedOut, double seconds) {
    }

    private JavaFork() {
    }

    /**
     * Runs {@code java <jvmArgs> -cp <classpath> <mainClass> <args>} with {@code jdk}'s java (a run's
     * {@link RunContext#jdk}) in {@code dir}; stdout and stderr are merged. Kills the process tree
     * after {@code timeoutSeconds}.
     */
    public static Result run(Jdk jdk, List<String> jvmArgs, String classpath, String mainClass, List<String> args,
            Path dir, long timeoutSeconds, PrintStream echo) {
        List<String> cmd = new ArrayList<>();
        cmd.add(jdk.java().toString());
        cmd.addAll(jvmArgs);
        cmd.add("-cp");
        cmd.add(classpath);
        cmd.add(mainClass);
        cmd.addAll(args);
        long start = System.nanoTime();
        Process p;
        try {
            p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new HandoffException("cannot start " + mainClass + ": " + e.getMessage(), e);
        }
        StringBuilder out = new StringBuilder();
        Thread pump = new Thread(() -> pump(p.getInputStream(), out, echo), "fork-output");
        pump.setDaemon(true);
        pump.start();
        boolean done;
        try {
            done = p.waitFor(timeoutSeconds, TimeUnit.SECONDS);
            if (!done) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                p.waitFor(10, TimeUnit.SECONDS);
            }
            pump.join(5_000);
        } catch (InterruptedException e) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new HandoffException("interrupted while running " + mainClass, e);
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        synchronized (out) {
            return new Result(done ? p.exitValue() : -1, out.toString(), !done, seconds);
        }
    }

    private static void pump(InputStream in, StringBuilder out, PrintStream echo) {
        byte[] buf = new byte[8192];
        try (in) {
            int n;
            while ((n = in.read(buf)) > 0) {
                String s = new String(buf, 0, n, StandardCharsets.UTF_8);
                synchronized (out) {
                    out.append(s);
                }
                if (echo != null) {
                    echo.print(s);
                }
            }
        } catch (IOException e) {
            // the process ended; what was read is kept
        }
    }
}
