package org.handoff.models;

import java.io.IOException;
import java.lang.annotation.Annotation;
import java.nio.ByteBuffer;
import java.nio.LongBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

/**
 * How often a port's variant-specific step ran in this JVM: one counter per step, named after the
 * kernel function or branch it models ({@code cna_pass_lock}, {@code find_successor:move},
 * {@code pv_wait_node:halt}). A port declares its counters once, as static final fields, and calls
 * {@link #hit} where the step runs. The Java levels read them after a run, so that a Lincheck or
 * jcstress run of a variant in which the variant's own step never ran is reported as vacuous, not
 * passed (the manifest's {@code variantHooks}).
 *
 * <p>The counts live in a direct {@link LongBuffer}, and a counter's fields are final: Lincheck's
 * model checker instruments neither final fields nor {@code java.nio}, so counting adds no switch
 * point and no shared access to the interleavings it explores (it shows the calls in its traces).
 * The increment is not atomic: concurrent hits may lose counts, never turn a count that was hit
 * back to zero, which is all a vacuity check asks.
 *
 * <p>A jcstress test runs in JVMs that jcstress forks; with {@code -Dhandoff.hooks.dir=DIR} each of
 * them writes its counts at exit to {@code DIR/hooks-PID.txt} (DIR relative to its working directory), headed by the jcstress test class
 * that was on the stack at the first hit ({@link #dump}).
 */
public final class HookCounter {
    /** Directory for the counts of a JVM that jcstress forks; unset: counts stay in memory. */
    public static final String DIR_PROPERTY = "handoff.hooks.dir";
    /** The first line of a dump names the test: {@value}CLASS. */
    public static final String TEST_LINE = "test=";

    private static final int SLOTS = 256;
    private static final LongBuffer COUNTS = ByteBuffer.allocateDirect(8 * SLOTS).asLongBuffer();
    private static final String[] NAMES = new String[SLOTS];
    private static int used;
    /** Final, so that reading it is no shared access for Lincheck; true only in a jcstress fork. */
    private static final boolean DUMP;
    private static volatile String test;

    static {
        String dir = System.getProperty(DIR_PROPERTY);
        DUMP = dir != null && !dir.isBlank();
        if (DUMP) {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> dump(Path.of(dir)), "handoff-hook-counts"));
        }
    }

    private final int slot;
    private final String name;

    private HookCounter(int slot, String name) {
        this.slot = slot;
        this.name = name;
    }

    /** The counter named {@code name}, shared by every port that declares the same name. */
    public static synchronized HookCounter of(String name) {
        for (int i = 0; i < used; i++) {
            if (NAMES[i].equals(name)) {
                return new HookCounter(i, name);
            }
        }
        if (used == SLOTS) {
            throw new IllegalStateException("more than " + SLOTS + " hook counters");
        }
        NAMES[used] = name;
        return new HookCounter(used++, name);
    }

    /** The step ran once more. */
    public void hit() {
        long n = COUNTS.get(slot);
        if (n == 0 && DUMP && test == null) {
            test = jcstressTest();
        }
        COUNTS.put(slot, n + 1);
    }

    public String name() {
        return name;
    }

    /** Every counter declared in this JVM and its count, by name. */
    public static synchronized Map<String, Long> snapshot() {
        Map<String, Long> m = new TreeMap<>();
        for (int i = 0; i < used; i++) {
            m.put(NAMES[i], COUNTS.get(i));
        }
        return m;
    }

    /** Every count back to zero (the counters stay declared): for several runs in one JVM. */
    public static synchronized void reset() {
        for (int i = 0; i < used; i++) {
            COUNTS.put(i, 0);
        }
    }

    /** Writes {@link #TEST_LINE} and one {@code name=count} line per counter to {@code dir/hooks-PID.txt}. */
    static void dump(Path dir) {
        StringBuilder b = new StringBuilder(TEST_LINE).append(test == null ? "" : test).append('\n');
        snapshot().forEach((k, v) -> b.append(k).append('=').append(v).append('\n'));
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve("hooks-" + ProcessHandle.current().pid() + ".txt"), b.toString(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            System.err.println("handoff: cannot write the hook counts to " + dir + ": " + e.getMessage());
        }
    }

    /**
     * The jcstress test of the outermost frame on this thread's stack whose class carries jcstress's
     * {@code @JCStressTest} or extends one that does (the nearest such class), or "".
     */
    private static String jcstressTest() {
        return StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE).walk(frames -> {
            String found = "";
            for (StackWalker.StackFrame f : (Iterable<StackWalker.StackFrame>) frames::iterator) {
                // The nearest: a lane of a test (a subclass under another name) is a test of its own.
                for (Class<?> c = f.getDeclaringClass(); c != null; c = c.getSuperclass()) {
                    if (isJcstressTest(c)) {
                        found = c.getCanonicalName() != null ? c.getCanonicalName() : c.getName();
                        break;
                    }
                }
            }
            return found;
        });
    }

    private static boolean isJcstressTest(Class<?> c) {
        for (Annotation a : c.getDeclaredAnnotations()) {
            if (a.annotationType().getName().equals("org.openjdk.jcstress.annotations.JCStressTest")) {
                return true;
            }
        }
        return false;
    }
}
