package org.handoff.lincheck;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.handoff.core.Check;
import org.handoff.core.HandoffException;
import org.handoff.core.HookCoverage;
import org.handoff.core.JavaFork;
import org.handoff.core.Level;
import org.handoff.core.LevelRunner;
import org.handoff.core.Outcome;
import org.handoff.core.RunContext;
import org.handoff.core.Verdict;
import org.handoff.models.HandoffPort;

/**
 * Runs a manifest Lincheck check: the test class {@code check} with the lock class of the
 * {@code lock} parameter, model-checked by {@link LincheckMain} in a forked JVM (each check gets a
 * fresh JVM, so Lincheck's instrumentation and a hung lock cannot leak into the caller).
 *
 * <p>Optional parameters: {@code invocations} (interleavings per scenario), {@code scenarios} (see
 * {@link LockCounterHarness#SCENARIOS_PROPERTY}) and {@code timeout} (seconds for the whole fork,
 * default {@value #DEFAULT_TIMEOUT_SECONDS}).
 *
 * <p>The verdict: PASS when Lincheck finds nothing; FAIL naming MutualExclusion for invalid
 * (non-linearizable) results and DeadlockFreedom for a hung execution (deadlock, livelock of
 * non-terminating spin loops, invocation time-out); ERROR for anything else (see
 * {@link FailureKind}), including a bad lock or test class, named in one line.
 */
public final class LincheckRunner implements LevelRunner {
    /** Generous: a check takes 3 to 15 seconds on a loaded 2-core machine. */
    public static final long DEFAULT_TIMEOUT_SECONDS = 600;
    /** How many lines of Lincheck's report go into the verdict's detail. */
    public static final int DETAIL_LINES = 40;

    @Override
    public Level level() {
        return Level.LINCHECK;
    }

    /** Each entry's lock class and test class exist (the checks {@link #run} makes first). */
    @Override
    public void preflight(List<Check> checks, RunContext context) {
        for (Check c : checks) {
            validate(c, c.param("lock").strip());
        }
        // validate made each lock, so every counter its classes declare is registered by now.
        java.util.Set<String> counted = org.handoff.models.HookCounter.snapshot().keySet();
        for (Check c : checks) {
            for (String h : c.hooks()) {
                if (!counted.contains(h)) {
                    throw new HandoffException("manifest entry " + c.id() + ": hook '" + h + "' is counted by no port"
                            + " (counted: " + String.join(", ", counted) + ")");
                }
            }
        }
    }

    /** Model-checking forks that run side by side (measured on 2 CPUs, see {@link #runAll}). */
    static final int SIDE_BY_SIDE = 2;

    /**
     * Runs the checks two at a time, then the stress-mode ones alone ({@link #runSideBySide}). A
     * model-checking fork's result does not depend on the machine's load (Lincheck's exploration
     * is seeded and counts interleavings, not time); with the serial collector two such forks on
     * 2 CPUs took 17.8 s together where one after the other took 21.6 s. A stress-mode run samples
     * what the scheduler does, and how far it gets (its hook counts) depends on the load, so those
     * run one at a time after the rest.
     */
    @Override
    public List<Verdict> runAll(List<Check> checks, RunContext context, java.util.function.Consumer<Verdict> done) {
        return runSideBySide(checks, context, done, SIDE_BY_SIDE, LincheckRunner::isStress);
    }

    /** A test that declares {@code stressOptions()} runs in Lincheck's stress mode. */
    static boolean isStress(Check check) {
        try {
            Class.forName(check.check(), false, LincheckRunner.class.getClassLoader()).getMethod("stressOptions");
            return true;
        } catch (ReflectiveOperationException | LinkageError e) {
            return false;
        }
    }

    @Override
    public Verdict run(Check check, RunContext context) {
        long start = System.nanoTime();
        PrintStream log = context.log();
        List<String> jvmArgs;
        Path dir;
        long timeout;
        try {
            String lock = check.param("lock").strip();
            validate(check, lock);
            timeout = positive(check, "timeout", DEFAULT_TIMEOUT_SECONDS);
            dir = context.workDir().resolve("lincheck").resolve(safeName(check.family() + "-" + check.variant() + "-"
                    + check.check().substring(check.check().lastIndexOf('.') + 1)));
            Path tmp = dir.resolve("tmp");
            Files.createDirectories(tmp);
            jvmArgs = new ArrayList<>();
            // The serial collector: Lincheck's spinning threads already keep both CPUs busy, and on
            // 2 CPUs a ClhCounterTest fork took about a sixth less time with it than with G1.
            jvmArgs.add("-XX:+UseSerialGC");
            jvmArgs.add("-D" + LockCounterHarness.LOCK_PROPERTY + "=" + lock);
            if (check.params().containsKey("invocations")) {
                jvmArgs.add("-D" + LockCounterHarness.INVOCATIONS_PROPERTY + "=" + positive(check, "invocations", 0));
            }
            if (check.params().containsKey("scenarios")) {
                String scenarios = check.param("scenarios");
                LockCounterHarness.scenarios(scenarios);
                jvmArgs.add("-D" + LockCounterHarness.SCENARIOS_PROPERTY + "=" + scenarios);
            }
            jvmArgs.add("-Djava.io.tmpdir=" + tmp);
        } catch (HandoffException e) {
            return new Verdict(check, Outcome.ERROR, null, null, elapsed(start), e.getMessage());
        } catch (IOException e) {
            return new Verdict(check, Outcome.ERROR, null, null, elapsed(start),
                    "cannot create the Lincheck work directory: " + e.getMessage());
        }
        String classpath = System.getProperty("java.class.path");
        List<String> args = List.of(check.check());
        if (log != null) {
            log.println("[lincheck] " + check.id() + " lock " + check.param("lock"));
            log.println("[lincheck] replay: " + replayCommand(dir, jvmArgs, classpath, args));
            log.println("[lincheck] the exploration is deterministic (Lincheck seeds its generators with fixed"
                    + " values), so the replay command shows the same interleaving");
        }
        JavaFork.Result r;
        try {
            r = JavaFork.run(jvmArgs, classpath, LincheckMain.class.getName(), args, dir, timeout, log);
        } catch (HandoffException e) {
            return new Verdict(check, Outcome.ERROR, null, null, elapsed(start), e.getMessage());
        }
        Verdict v = interpret(check, r, timeout);
        if (log != null) {
            log.printf(Locale.ROOT, "[lincheck] %s: %s%s in %.1f s%n", check.id(), v.actual().id(),
                    v.violated() != null ? " (" + v.violated() + ")" : "", v.seconds());
        }
        return v;
    }

    /**
     * The verdict for a fork's output: its last {@link LincheckMain#RESULT_PREFIX} line, with the
     * report or error line it printed as detail.
     */
    static Verdict interpret(Check check, JavaFork.Result r, long timeoutSeconds) {
        if (r.timedOut()) {
            return new Verdict(check, Outcome.ERROR, null, null, r.seconds(), "Lincheck run of " + check.check()
                    + " exceeded the " + timeoutSeconds + " s timeout and was killed\n" + tail(r.output(), 20));
        }
        List<String> lines = r.output().lines().toList();
        String result = null;
        String error = null;
        String hooks = "";
        int begin = -1;
        int end = -1;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.startsWith(LincheckMain.RESULT_PREFIX)) {
                result = line.substring(LincheckMain.RESULT_PREFIX.length()).strip();
            } else if (line.startsWith(LincheckMain.HOOKS_PREFIX)) {
                hooks = line.substring(LincheckMain.HOOKS_PREFIX.length());
            } else if (line.startsWith(LincheckMain.ERROR_PREFIX)) {
                error = line.substring(LincheckMain.ERROR_PREFIX.length()).strip();
            } else if (line.equals(LincheckMain.REPORT_BEGIN)) {
                begin = i + 1;
            } else if (line.equals(LincheckMain.REPORT_END) && begin >= 0) {
                end = i;
            }
        }
        List<String> report = begin >= 0 && end >= begin ? lines.subList(begin, end) : List.of();
        FailureKind kind = result == null ? null : FailureKind.ofId(result);
        if (kind == null) {
            return new Verdict(check, Outcome.ERROR, null, null, r.seconds(), "Lincheck run of " + check.check()
                    + " ended (exit code " + r.exitCode() + ") without a result\n" + tail(r.output(), 20));
        }
        int expectedExit = kind == FailureKind.NONE ? 0 : kind.outcome() == Outcome.FAIL ? 1 : 2;
        if (r.exitCode() != expectedExit) {
            return new Verdict(check, Outcome.ERROR, null, null, r.seconds(), "Lincheck run of " + check.check()
                    + " reported " + kind.id() + " but exited with code " + r.exitCode() + "\n" + tail(r.output(), 20));
        }
        String detail = switch (kind) {
            case NONE -> "Lincheck found no failure";
            case ERROR -> error != null ? error : "Lincheck failed\n" + tail(r.output(), 20);
            default -> "Lincheck: " + describe(kind) + "\n" + head(report, DETAIL_LINES);
        };
        String violated = kind.outcome() == Outcome.FAIL ? kind.property().name() : null;
        return HookCoverage.apply(new Verdict(check, kind.outcome(), violated, null, r.seconds(), detail),
                HookCoverage.parse(hooks), "the Lincheck run");
    }

    /** One line on what a failure kind means for the lock. */
    static String describe(FailureKind kind) {
        return switch (kind) {
            case INCORRECT_RESULTS -> "invalid execution results: the counter lost or tore an update, so two"
                    + " threads were in the critical section at once";
            case DEADLOCK -> "deadlock: every unfinished thread is blocked";
            case LIVELOCK -> "livelock: every unfinished thread spins in a loop that never ends (a waiter is never"
                    + " handed the lock)";
            case TIMEOUT -> "an invocation hung until Lincheck's time limit";
            case OBSTRUCTION_FREEDOM -> "obstruction-freedom violation (not a property these tests check)";
            case UNEXPECTED_EXCEPTION -> "an operation threw an exception";
            case VALIDATION -> "a validation function failed";
            case NONE -> "no failure";
            case ERROR -> "Lincheck failed";
        };
    }

    /** The command that repeats a run by hand, shell-quoted. */
    static String replayCommand(Path dir, List<String> jvmArgs, String classpath, List<String> args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(JavaFork.javaExecutable());
        cmd.addAll(jvmArgs);
        cmd.add("-cp");
        cmd.add(classpath);
        cmd.add(LincheckMain.class.getName());
        cmd.addAll(args);
        StringBuilder sb = new StringBuilder("(cd ").append(quote(dir.toString())).append(" &&");
        for (String c : cmd) {
            sb.append(' ').append(quote(c));
        }
        return sb.append(')').toString();
    }

    static String quote(String s) {
        if (!s.isEmpty() && s.chars().allMatch(c -> Character.isLetterOrDigit(c) || "-_./=:,+@%".indexOf(c) >= 0)) {
            return s;
        }
        return "'" + s.replace("'", "'\\''") + "'";
    }

    /**
     * Checks the lock and test classes before forking, so a typo in the manifest is a one-line error
     * naming the class (the fork checks again, for a run by hand).
     */
    private static void validate(Check check, String lock) {
        try {
            LockCounterHarness.newPort(lock, check.family(), HandoffPort.class);
        } catch (HandoffException e) {
            throw new HandoffException("manifest entry " + check.id() + ": " + e.getMessage());
        }
        try {
            Class.forName(check.check(), false, LincheckRunner.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            throw new HandoffException("manifest entry " + check.id() + ": Lincheck test class " + check.check()
                    + " not found on the classpath");
        }
    }

    private static long positive(Check check, String key, long fallback) {
        String v = check.paramOr(key, null);
        if (v == null) {
            return fallback;
        }
        try {
            long n = (long) Double.parseDouble(v);
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new HandoffException("manifest entry " + check.id() + ": '" + key + "' must be a positive number (got "
                + v + ")");
    }

    private static String safeName(String s) {
        return s.replaceAll("[^A-Za-z0-9._-]", "_");
    }

    private static double elapsed(long start) {
        return (System.nanoTime() - start) / 1e9;
    }

    private static String head(List<String> lines, int n) {
        List<String> out = new ArrayList<>(lines.subList(0, Math.min(n, lines.size())));
        if (lines.size() > n) {
            out.add("... (" + (lines.size() - n) + " more lines in the log)");
        }
        return String.join("\n", out);
    }

    private static String tail(String output, int n) {
        List<String> lines = output.lines().toList();
        return String.join("\n", lines.subList(Math.max(0, lines.size() - n), lines.size()));
    }
}
