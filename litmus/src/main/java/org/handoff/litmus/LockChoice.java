package org.handoff.litmus;

import java.lang.reflect.Constructor;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;
import org.handoff.models.HandoffLock;
import org.handoff.models.Ports;
import org.handoff.models.SpinPolicy;
import org.handoff.models.qspinlock.QSpinLock;
import org.handoff.models.qspinlock.SlowpathHooks;

/**
 * The lock class of a jcstress test that is shared by a family's variants and mutants: one test
 * class per shape, the lock chosen by the manifest entry's {@code lock}, which the runner passes to
 * the forked JVMs as the system property {@value #PREFIX}{@code <test class>}. Without it a test
 * runs its family's correct lock. The class is resolved once per test class and JVM. The entry's
 * {@code configure} settings ({@link Ports#configure}), passed as {@value #CONFIGURE}{@code <test
 * class>}, are applied to every new lock: a variant that is its family's lock with other parameters
 * (cna-threshold at a threshold of 1) runs the family's test classes as they are. A test whose
 * variants differ by more than a class or a setting reads the entry's variant name itself, passed
 * as {@value #VARIANT}{@code <test class>} ({@link #variant}).
 */
public final class LockChoice {
    /** The system property prefix; the test's binary class name follows it. */
    public static final String PREFIX = "handoff.litmus.lock.";

    /** The system property prefix of the settings; the test's binary class name follows it. */
    public static final String CONFIGURE = "handoff.litmus.configure.";

    /** The system property prefix of the entry's variant name; the test's binary class name follows it. */
    public static final String VARIANT = "handoff.litmus.variant.";

    private LockChoice() {
    }

    /**
     * The variant of the manifest entry the runner is running {@code test} for; null when the test
     * runs outside the runner and none was given.
     */
    public static String variant(Class<?> test) {
        String v = System.getProperty(VARIANT + test.getName());
        return v == null || v.isBlank() ? null : v;
    }

    /**
     * The mode of a litmus shape that the runner named for {@code test} by its entry's variant
     * ({@link #variant}), checked once per fork: {@code byName} gives the mode of a variant name
     * (null, or an {@link IllegalArgumentException} with the reason, for a name that is none), and
     * {@code jmmAllows} whether the JMM allows the shape's bad outcome in that mode, which must be
     * {@code allows}: jcstress grades an outcome by the test's annotations, so a shape whose modes
     * differ there is two tests, {@code test} and {@code other}. Anything else is an
     * {@link IllegalStateException} naming the variant, which stops the test before its first
     * sample.
     */
    public static <M> M mode(Class<?> test, java.util.function.Function<String, M> byName,
            java.util.function.Predicate<M> jmmAllows, boolean allows, Class<?> other) {
        String v = variant(test);
        if (v == null) {
            throw new IllegalStateException(test.getSimpleName() + " runs the variant named by -D" + VARIANT
                    + test.getName() + "=<variant>");
        }
        M mode;
        try {
            mode = byName.apply(v);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(e.getMessage());
        }
        if (mode == null) {
            throw new IllegalStateException("'" + v + "' is no variant " + test.getSimpleName() + " runs");
        }
        if (jmmAllows.test(mode) != allows) {
            throw new IllegalStateException(v + ": the JMM " + (allows ? "forbids" : "allows")
                    + " its bad outcome; it belongs to " + other.getSimpleName());
        }
        return mode;
    }

    /**
     * The port of the entry's variant, for a shape test that every family shares
     * ({@link org.handoff.litmus.shapes}): the class the runner names in {@value #PREFIX}{@code <test
     * class>}, made with a {@link SpinPolicy} and the entry's settings applied. Such a test has no
     * lock of its own to fall back on, so without the property it stops before its first sample with
     * an {@link IllegalStateException} naming the property.
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static Function<SpinPolicy, HandoffLock<Object>> port(Class<?> test) {
        Function f = withPolicy(test, HandoffLock.class, null);
        return f;
    }

    private static final ClassValue<Function<SpinPolicy, HandoffLock<Object>>> PORTS = new ClassValue<>() {
        @Override
        protected Function<SpinPolicy, HandoffLock<Object>> computeValue(Class<?> test) {
            return port(test);
        }
    };

    /**
     * {@link #port} of {@code test}, resolved once per test class and fork: for a shape whose body
     * serves its lanes too (a nested subclass under another name, which the runner gives its own
     * entry's port), so the lookup is by the running class, not a constant.
     */
    public static Function<SpinPolicy, HandoffLock<Object>> portOnce(Class<?> test) {
        return PORTS.get(test);
    }

    /**
     * The constructor {@code (SpinPolicy, SlowpathHooks)} of the qspinlock-family lock chosen for
     * {@code test} (a subclass of {@code base}, default {@code base} itself), as the factory the
     * staged shapes take.
     */
    public static <L extends QSpinLock> BiFunction<SpinPolicy, SlowpathHooks, L> withHooks(Class<?> test,
            Class<L> base) {
        Constructor<? extends L> k = constructor(test, base, base, SpinPolicy.class, SlowpathHooks.class);
        Consumer<Object> settings = settings(test, k);
        return (spin, hooks) -> make(k, settings, spin, hooks);
    }

    /**
     * The constructor {@code (SpinPolicy)} of the lock chosen for {@code test} (a subclass of
     * {@code base}, default {@code dflt}), as a factory: the tests of a family whose shapes build the
     * lock with a spin policy only (PV's).
     */
    public static <L> Function<SpinPolicy, L> withPolicy(Class<?> test, Class<L> base, Class<? extends L> dflt) {
        Constructor<? extends L> k = constructor(test, base, dflt, SpinPolicy.class);
        Consumer<Object> settings = settings(test, k);
        return spin -> make(k, settings, spin);
    }

    /**
     * The constructor of the lock chosen for {@code test} (a subclass of {@code base}, default
     * {@code dflt}) that takes {@code parameters}; an {@link IllegalStateException} naming the
     * class and the property when it is not there, or when no lock is chosen and there is no
     * default ({@code dflt} null: a shared shape, {@link #port}).
     */
    private static <T> Constructor<? extends T> constructor(Class<?> test, Class<T> base, Class<? extends T> dflt,
            Class<?>... parameters) {
        String property = PREFIX + test.getName();
        String name = System.getProperty(property);
        if ((name == null || name.isBlank()) && dflt == null) {
            throw new IllegalStateException(test.getSimpleName() + " runs the port named by -D" + property
                    + "=<port class>, which the runner sets from the entry's variant");
        }
        try {
            Class<? extends T> type = name == null || name.isBlank() ? dflt : Ports.load(name, base, test.getClassLoader());
            return Ports.constructor(type, false, parameters);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(property + ": " + e.getMessage());
        }
    }

    /**
     * The settings the runner passed for {@code test}, resolved once against the class
     * {@code constructor} makes (jcstress makes a lock per sample); none when it passed none.
     */
    private static Consumer<Object> settings(Class<?> test, Constructor<?> constructor) {
        String property = CONFIGURE + test.getName();
        try {
            return Ports.settings(constructor.getDeclaringClass(), System.getProperty(property, ""));
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(property + ": " + e.getMessage());
        }
    }

    /** A new lock from {@code constructor} (see {@link #constructor}) with {@code settings} applied. */
    private static <T> T make(Constructor<? extends T> constructor, Consumer<Object> settings, Object... args) {
        try {
            T lock = Ports.make(constructor, args);
            settings.accept(lock);
            return lock;
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }
}
