package org.handoff.models;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * The one way every level makes a Java port from the class the manifest registers for a variant
 * (its {@code ports} object): Lincheck, jcstress, trace validation and the fairness harness all
 * load and build ports here, so a registered class fails the same way, in one line naming it, at
 * every level. Errors are {@link IllegalArgumentException}s whose message is that line.
 *
 * <p>Every port is built from one public constructor, {@code (SpinPolicy)}: the level chooses how
 * its waits spin (the fairness harness yields, jcstress gives up after a bound), and a level with no
 * choice to make spins for ever ({@link #make(String, Class, ClassLoader)}). A family's own lock
 * also has a no-argument constructor, for its unit tests; variants and mutants have only the one.
 */
public final class Ports {
    private Ports() {
    }

    /**
     * The class {@code name} through {@code loader}, which must be a {@code kind}; not initialised.
     */
    public static <T> Class<? extends T> load(String name, Class<T> kind, ClassLoader loader) {
        Class<?> c;
        try {
            c = Class.forName(name.strip(), false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            throw new IllegalArgumentException("port class " + name + " not found on the class path");
        }
        if (!kind.isAssignableFrom(c)) {
            throw new IllegalArgumentException("port class " + name + " is not a " + kind.getName());
        }
        return c.asSubclass(kind);
    }

    /**
     * The constructor of {@code type} that takes {@code parameters}; with {@code declared}, of any
     * visibility (made accessible), else public.
     */
    public static <T> Constructor<? extends T> constructor(Class<? extends T> type, boolean declared,
            Class<?>... parameters) {
        try {
            Constructor<? extends T> k = declared ? type.getDeclaredConstructor(parameters) : type.getConstructor(parameters);
            if (declared) {
                k.setAccessible(true);
            }
            return k;
        } catch (NoSuchMethodException e) {
            throw new IllegalArgumentException("port class " + type.getName() + " has no " + (declared ? "" : "public ")
                    + "constructor (" + Arrays.stream(parameters).map(Class::getSimpleName)
                            .collect(Collectors.joining(", ")) + ")");
        } catch (RuntimeException e) { // InaccessibleObjectException, SecurityException
            throw new IllegalArgumentException("port class " + type.getName() + " cannot be opened: " + e.getMessage());
        }
    }

    /** A new port from {@code constructor}; a one-line error naming the class when it throws. */
    public static <T> T make(Constructor<? extends T> constructor, Object... args) {
        try {
            return constructor.newInstance(args);
        } catch (InvocationTargetException e) {
            throw new IllegalArgumentException("port class " + constructor.getDeclaringClass().getName()
                    + " failed to construct: " + e.getCause());
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalArgumentException("port class " + constructor.getDeclaringClass().getName()
                    + " cannot be constructed: " + e);
        }
    }

    /**
     * A new port of class {@code name} (a {@code kind}) from its public {@code (SpinPolicy)}
     * constructor, spinning for ever ({@link SpinPolicy#FOREVER}); {@code loader} may be one apart
     * from this class's (the jcstress forks' class path), whose {@code SpinPolicy} it then passes.
     */
    public static <T> T make(String name, Class<T> kind, ClassLoader loader) {
        Class<? extends T> type = load(name, kind, loader);
        Class<?> policy;
        Object forever;
        try {
            policy = Class.forName(SpinPolicy.class.getName(), true, loader);
            forever = policy.getField("FOREVER").get(null);
        } catch (ReflectiveOperationException | LinkageError e) {
            throw new IllegalArgumentException("port class " + name + ": no " + SpinPolicy.class.getName()
                    + " beside it on the class path");
        }
        return make(constructor(type, false, policy), forever);
    }

    /** A new port of class {@code name} (a {@code kind}) from its public constructor taking {@code args}' types. */
    public static <T> T make(String name, Class<T> kind, ClassLoader loader, Class<?>[] parameters, Object... args) {
        return make(constructor(load(name, kind, loader), false, parameters), args);
    }

    /**
     * Applies a manifest entry's settings ({@code configure}: {@code name=value,...}) to a new
     * port: each calls the port's public one-argument method {@code name} taking an int or a long,
     * as {@code CnaThreshold#threshold(int)} or {@code CnaLock#seed(long)}. This is how a variant
     * that is one class with other parameters (a threshold of 1, so that two CPUs reach it) is
     * chosen by name at every level. Null or blank: nothing. Returns {@code port}.
     */
    public static <T> T configure(T port, String settings) {
        settings(port.getClass(), settings).accept(port);
        return port;
    }

    /**
     * The settings {@code name=value,...} resolved once against the port class {@code type}: what
     * {@link #configure} applies, for a caller that makes many ports of one class (a jcstress test,
     * one lock per sample) and should not parse and look them up again for each. A setting that is
     * not {@code name=value}, not an integer, or names no method of {@code type} is an
     * {@link IllegalArgumentException} here; one whose method throws, when applied.
     */
    public static Consumer<Object> settings(Class<?> type, String settings) {
        if (settings == null || settings.isBlank()) {
            return port -> { };
        }
        List<Consumer<Object>> calls = new ArrayList<>();
        for (Map.Entry<String, String> kv : parseSettings(settings).entrySet()) {
            String setting = kv.getKey() + "=" + kv.getValue();
            long value;
            try {
                value = Long.parseLong(kv.getValue());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("lock setting '" + setting + "': the value must be an integer");
            }
            Method m = setter(type, kv.getKey());
            if (m == null) {
                throw new IllegalArgumentException(type.getName() + " has no public method " + kv.getKey()
                        + "(int) or " + kv.getKey() + "(long) for the setting '" + setting + "'");
            }
            Object arg;
            try {
                arg = m.getParameterTypes()[0] == int.class ? (Object) Math.toIntExact(value) : (Object) value;
            } catch (ArithmeticException e) {
                throw new IllegalArgumentException("lock setting '" + setting + "' cannot be applied: " + e);
            }
            calls.add(port -> {
                try {
                    m.invoke(port, arg);
                } catch (InvocationTargetException e) {
                    throw new IllegalArgumentException("lock setting '" + setting + "' failed: " + e.getCause());
                } catch (ReflectiveOperationException e) {
                    throw new IllegalArgumentException("lock setting '" + setting + "' cannot be applied: " + e);
                }
            });
        }
        return port -> calls.forEach(c -> c.accept(port));
    }

    /**
     * The settings {@code name=value,...} as name to value (trimmed), in their order: what
     * {@link #settings} applies, and what a trace's header records of its lock. Null or blank:
     * none. A setting that is not {@code name=value} is an {@link IllegalArgumentException}.
     */
    public static Map<String, String> parseSettings(String settings) {
        Map<String, String> out = new LinkedHashMap<>();
        if (settings == null || settings.isBlank()) {
            return out;
        }
        for (String s : settings.split(",")) {
            String setting = s.trim();
            String[] kv = setting.split("=", 2);
            if (kv.length != 2 || kv[0].isBlank()) {
                throw new IllegalArgumentException("lock setting '" + setting + "' is not name=value");
            }
            out.put(kv[0].trim(), kv[1].trim());
        }
        return out;
    }

    /** The public method {@code name(int)} or {@code name(long)} of {@code type}, or null. */
    private static Method setter(Class<?> type, String name) {
        for (Method m : type.getMethods()) {
            if (m.getName().equals(name) && m.getParameterCount() == 1
                    && (m.getParameterTypes()[0] == int.class || m.getParameterTypes()[0] == long.class)) {
                return m;
            }
        }
        return null;
    }
}
