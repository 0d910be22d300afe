package org.handoff.lincheck;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import org.handoff.core.HandoffException;
import org.handoff.core.Outcome;
import org.jetbrains.lincheck.LincheckAssertionError;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Options;
import org.jetbrains.kotlinx.lincheck.LinCheckerKt;

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
public final class LincheckMain {
    public static final String PREFIX = "handoff-lincheck: ";
    public static final String REPORT_BEGIN = PREFIX + "report begin";
    public static final String REPORT_END = PREFIX + "report end";
    public static final String RESULT_PREFIX = PREFIX + "result=";
    public static final String ERROR_PREFIX = PREFIX + "error=";
    /** Before the result line: how often each port step ran over all invocations ({@code HookCounter}). */
    public static final String HOOKS_PREFIX = PREFIX + "hooks=";

    private LincheckMain() {
    }

    public static void main(String[] args) {
        FailureKind kind;
        String error = null;
        String report = null;
        try {
            if (args.length != 1) {
                throw new HandoffException("usage: LincheckMain <test class> (lock class in -D"
                        + LockCounterHarness.LOCK_PROPERTY + ")");
            }
            Class<?> test = loadTest(args[0]);
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
        } catch (HandoffException e) {
            kind = FailureKind.ERROR;
            error = e.getMessage();
        } catch (Throwable t) {
            t.printStackTrace(System.out);
            kind = FailureKind.ERROR;
            HandoffException cause = handoffCause(t);
            error = cause != null ? cause.getMessage() : firstLine(t.toString());
        }
        if (report != null) {
            System.out.println(REPORT_BEGIN);
            System.out.println(report.strip());
            System.out.println(REPORT_END);
        }
        System.out.println(HOOKS_PREFIX + org.handoff.models.HookCounter.snapshot());
        System.out.println(RESULT_PREFIX + kind.id());
        if (error != null) {
            System.out.println(ERROR_PREFIX + firstLine(error));
        }
        System.out.flush();
        System.exit(kind == FailureKind.NONE ? 0 : kind.outcome() == Outcome.FAIL ? 1 : 2);
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
                    return (Options<?, ?>) m.invoke(null);
                }
            } catch (NoSuchMethodException e) {
                // try the next name, then Lincheck's defaults
            } catch (ReflectiveOperationException e) {
                throw new HandoffException(test.getName() + "." + name + "() failed: " + e);
            }
        }
        return new ModelCheckingOptions();
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
