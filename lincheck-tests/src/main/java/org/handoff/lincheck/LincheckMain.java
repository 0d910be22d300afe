package org.handoff.lincheck;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.handoff.core.HandoffException;
import org.handoff.core.Outcome;
import org.handoff.models.trace.Memory;
import org.jetbrains.lincheck.LincheckAssertionError;
import org.jetbrains.lincheck.datastructures.ManagedStrategyGuaranteeKt;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Options;
import org.jetbrains.kotlinx.lincheck.LinCheckerKt;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * Runs one Lincheck test class in its own JVM and reports the result on stdout:
 *
 * <pre>
 * java -Dhandoff.lincheck.lock=&lt;lock class&gt; -cp &lt;classpath&gt; org.handoff.lincheck.LincheckMain &lt;test class&gt;
 * </pre>
 *
 * A failure report is printed between {@value #REPORT_BEGIN} and {@value #REPORT_END}; the last
 * lines are {@value #HOOKS_PREFIX}{@code {step=count, ...}} (how often each of the port's own steps
 * ran, see {@code org.handoff.models.HookCounter}) and {@value #RESULT_PREFIX}{@code <kind>} (a
 * {@link FailureKind} id), followed on an error by
 * {@value #ERROR_PREFIX}{@code <one line>}. Exit status: 0 pass, 1 failure found, 2 error.
 *
 * <p>The test class provides its options with a public static {@code options()} method returning
 * {@link ModelCheckingOptions} (inherited from {@link LockCounterHarness}), or with a public static
 * {@code stressOptions()} returning any other Lincheck {@link Options} (stress mode, for lost
 * wake-ups that model checking cannot see); otherwise Lincheck's model-checking defaults apply. Lincheck's model checking is deterministic (its random generators start from
 * fixed seeds), so the same command on the same classes reproduces the same interleaving.
 */
@Command(name = "LincheckMain", description = "Model-checks (or stress-tests) one Lincheck test class, or a batch of them.")
public final class LincheckMain implements java.util.concurrent.Callable<Integer> {
    public static final String PREFIX = "handoff-lincheck: ";
    public static final String REPORT_BEGIN = PREFIX + "report begin";
    public static final String REPORT_END = PREFIX + "report end";
    public static final String RESULT_PREFIX = PREFIX + "result=";
    public static final String ERROR_PREFIX = PREFIX + "error=";
    /** Before the result line: how often each port step ran over all invocations ({@code HookCounter}). */
    public static final String HOOKS_PREFIX = PREFIX + "hooks=";

    @Parameters(arity = "0..1", paramLabel = "TEST_CLASS",
            description = "the test class (its lock class in -D" + LockCounterHarness.LOCK_PROPERTY + ")")
    private String test;

    @Option(names = BATCH, paramLabel = "FILE", description = "run the checks FILE lists in this JVM, one after another")
    private Path batchFile;

    private LincheckMain() {
    }

    /**
     * One test class, or a batch; anything else (no argument, both, an unknown option) is an error
     * result with one line, exit status 2, as for a test that cannot run.
     */
    public static void main(String[] args) {
        CommandLine cl = new CommandLine(new LincheckMain());
        cl.setParameterExceptionHandler((e, a) -> exitCode(report(new HandoffException(e.getMessage()))));
        int status = cl.execute(args);
        System.out.flush();
        System.exit(status);
    }

    @Override
    public Integer call() {
        if (batchFile != null && test == null) {
            batch(batchFile);
            return 0;
        }
        if (batchFile == null && test != null) {
            return exitCode(check(test));
        }
        return exitCode(report(new HandoffException("usage: LincheckMain <test class> (lock class in -D"
                + LockCounterHarness.LOCK_PROPERTY + ") | LincheckMain " + BATCH + " <file>")));
    }

    /** 0 for no failure, 1 for a failure found, 2 for an error: a single run's exit status. */
    public static int exitCode(FailureKind kind) {
        return kind == FailureKind.NONE ? 0 : kind.outcome() == Outcome.FAIL ? 1 : 2;
    }

    /** The first argument of a batch run; the second is the file that lists its checks. */
    public static final String BATCH = "--batch";
    /** In a batch, before a check's output: {@value}{@code <index>}, the check's line in the file from 0. */
    public static final String CHECK_BEGIN = PREFIX + "check ";
    /** In a batch, after a check's result: {@value}{@code <exit status> <seconds>}. */
    public static final String CHECK_END = PREFIX + "end ";
    /** The system properties a batch line may set, each cleared before every check. */
    static final List<String> BATCH_PROPERTIES = List.of(LockCounterHarness.LOCK_PROPERTY,
            LockCounterHarness.INVOCATIONS_PROPERTY, LockCounterHarness.SCENARIOS_PROPERTY);

    /**
     * Several model-checking runs in this one JVM, one after the other: each line of {@code file} is a
     * test class followed by {@code -Dname=value} settings (tab-separated), the system properties a
     * single run gets on its command line. Before each check the properties are reset to the
     * line's and the hook counts to zero, so each check's output is what its single run prints,
     * between {@link #CHECK_BEGIN} and {@link #CHECK_END}. The JVM start and Lincheck's set-up are
     * paid once (docs/vacuity.md, "Speed"). Stress-mode tests do not belong in a batch: a hung
     * invocation of one would take the others' time.
     */
    static void batch(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            System.out.println(ERROR_PREFIX + file + ": cannot read: " + e.getMessage());
            return;
        }
        for (int i = 0; i < lines.size(); i++) {
            String[] parts = lines.get(i).split("\t");
            BATCH_PROPERTIES.forEach(System::clearProperty);
            for (int j = 1; j < parts.length; j++) {
                String kv = parts[j].startsWith("-D") ? parts[j].substring(2) : parts[j];
                int eq = kv.indexOf('=');
                if (eq > 0) {
                    System.setProperty(kv.substring(0, eq), kv.substring(eq + 1));
                }
            }
            org.handoff.models.HookCounter.reset();
            System.out.println(CHECK_BEGIN + i);
            long start = System.nanoTime();
            FailureKind kind = check(parts[0]);
            System.out.printf(java.util.Locale.ROOT, "%s%d %.3f%n", CHECK_END, exitCode(kind),
                    (System.nanoTime() - start) / 1e9);
            System.out.flush();
        }
    }

    /** One model-checking or stress run of {@code testName}, its result lines printed. */
    static FailureKind check(String testName) {
        FailureKind kind;
        String report = null;
        try {
            Class<?> test = loadTest(testName);
            Options<?, ?> options = optionsOf(test);
            System.out.println(PREFIX + "lincheck " + LinCheckerKt.getLincheckVersion() + ", test " + test.getName()
                    + ", lock " + System.getProperty(LockCounterHarness.LOCK_PROPERTY, "(the test's default)"));
            try {
                options.check(test);
                kind = FailureKind.NONE;
            } catch (LincheckAssertionError e) {
                report = e.getMessage();
                kind = classify(e);
            }
        } catch (Throwable t) {
            return report(t);
        }
        if (report != null) {
            System.out.println(REPORT_BEGIN);
            System.out.println(report.strip());
            System.out.println(REPORT_END);
        }
        System.out.println(HOOKS_PREFIX + org.handoff.models.HookCounter.snapshot());
        System.out.println(RESULT_PREFIX + kind.id());
        return kind;
    }

    /** Prints the result lines of a run that ended in {@code t} (an error). */
    private static FailureKind report(Throwable t) {
        String error;
        if (t instanceof HandoffException e) {
            error = e.getMessage();
        } else {
            t.printStackTrace(System.out);
            HandoffException cause = handoffCause(t);
            error = cause != null ? cause.getMessage() : firstLine(t.toString());
        }
        System.out.println(HOOKS_PREFIX + org.handoff.models.HookCounter.snapshot());
        System.out.println(RESULT_PREFIX + FailureKind.ERROR.id());
        System.out.println(ERROR_PREFIX + firstLine(error));
        return FailureKind.ERROR;
    }

    /** The failure's type when Lincheck exposes it, else the report's header. */
    static FailureKind classify(LincheckAssertionError e) {
        FailureKind byType;
        try {
            byType = FailureKind.of(e.getFailure$lincheck());
        } catch (LinkageError accessorMissing) {
            byType = FailureKind.ERROR;
        }
        return byType != FailureKind.ERROR ? byType : FailureKind.ofReport(e.getMessage());
    }

    /**
     * Loads the test class and builds one instance, so that a bad lock class is reported by its
     * name before Lincheck starts.
     */
    static Class<?> loadTest(String name) {
        Class<?> test;
        try {
            test = Class.forName(name, true, LincheckMain.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            throw new HandoffException("Lincheck test class " + name + " not found on the classpath");
        }
        try {
            test.getConstructor().newInstance();
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof HandoffException h) {
                throw h;
            }
            throw new HandoffException("Lincheck test class " + name + " failed to construct: " + cause);
        } catch (ReflectiveOperationException e) {
            throw new HandoffException("Lincheck test class " + name + " needs a public no-argument constructor");
        }
        return test;
    }

    /**
     * The test's {@code stressOptions()} if it declares one (a subclass of {@link LockCounterHarness}
     * cannot hide {@code options()} with another return type), else its {@code options()}, else
     * Lincheck's model-checking defaults.
     */
    static Options<?, ?> optionsOf(Class<?> test) {
        for (String name : new String[] {"stressOptions", "options"}) {
            try {
                Method m = test.getMethod(name);
                if (Modifier.isStatic(m.getModifiers()) && Options.class.isAssignableFrom(m.getReturnType())) {
                    return withMemoryAtomic((Options<?, ?>) m.invoke(null));
                }
            } catch (NoSuchMethodException e) {
                // try the next name, then Lincheck's defaults
            } catch (ReflectiveOperationException e) {
                throw new HandoffException(test.getName() + "." + name + "() failed: " + e);
            }
        }
        return withMemoryAtomic(new ModelCheckingOptions());
    }

    /**
     * Model checking treats each call of a port's {@link Memory} as one atomic step, as it treats
     * the one {@code VarHandle} access the call makes: the call's test of whether a trace is being
     * recorded is not a shared access of the algorithm, and without this guarantee it would be a
     * switch point of its own, doubling the interleavings Lincheck explores for nothing and changing
     * which failure it finds first.
     */
    static Options<?, ?> withMemoryAtomic(Options<?, ?> options) {
        if (options instanceof ModelCheckingOptions mc) {
            mc.addGuarantee(ManagedStrategyGuaranteeKt.forClasses(Memory.class.getName()).allMethods().treatAsAtomic());
        }
        return options;
    }

    private static HandoffException handoffCause(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof HandoffException h) {
                return h;
            }
        }
        return null;
    }

    private static String firstLine(String s) {
        String t = s == null ? "" : s.strip();
        int nl = t.indexOf('\n');
        return (nl < 0 ? t : t.substring(0, nl)).strip();
    }
}
