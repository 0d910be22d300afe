package org.handoff.lincheck;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import org.handoff.core.HandoffException;
import org.handoff.models.HandoffLock;
import org.handoff.models.HandoffPort;
import org.jetbrains.kotlinx.lincheck.Actor;
import org.jetbrains.kotlinx.lincheck.execution.ExecutionScenario;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Options;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.ThreadIdGen;

/**
 * The reusable part of every Lincheck lock test: a two-field counter guarded by a
 * {@link HandoffLock}, in the style of libvsync's lock tests. One operation takes the lock, runs
 * the critical section and releases the lock, so the model checker always sees whole acquisitions.
 *
 * <p>The critical section reads both fields, writes both back incremented and returns the value it
 * read. Run sequentially, the operations return 0, 1, 2, ... in order; two threads inside the
 * critical section at once either return the same value (a lost update) or find the fields unequal
 * ({@link #TORN}). Neither has a sequential explanation, so Lincheck reports invalid execution
 * results. A waiter that never gets the lock is reported by Lincheck as a hung execution (deadlock,
 * or livelock of spin loops).
 *
 * <p>The lock class comes from the system property {@value #LOCK_PROPERTY} (set by
 * {@link LincheckRunner} from the manifest's {@code lock} parameter); without it a family's test
 * uses its correct lock. A family's test is a subclass whose no-argument constructor names the
 * family and its default lock, e.g. {@code super("mcs", McsLock.class)}.
 *
 * <p>Each Lincheck thread has its own lock context (queue node), created with the test instance
 * and reused by every operation of that thread, as a CPU reuses its node. The thread is the
 * operation's {@link ThreadIdGen} argument: 0 for the initial part, 1..n for the parallel threads,
 * n + 1 for the post part.
 */
public abstract class LockCounterHarness {
    /** The system property naming the lock class under test (a binary class name). */
    public static final String LOCK_PROPERTY = "handoff.lincheck.lock";
    /** The system property that overrides {@link #DEFAULT_INVOCATIONS}. */
    public static final String INVOCATIONS_PROPERTY = "handoff.lincheck.invocations";
    /**
     * The system property that overrides {@link #DEFAULT_SCENARIOS}: scenarios separated by
     * {@code ;}, each the number of operations of each parallel thread separated by {@code ,}.
     */
    public static final String SCENARIOS_PROPERTY = "handoff.lincheck.scenarios";

    /**
     * The scenarios explored, in order. The first, two threads of which one reacquires the lock, is
     * small enough that a broken hand-off shows within a few hundred interleavings; the second is
     * three threads that each reacquire the lock, reusing their nodes.
     */
    public static final String DEFAULT_SCENARIOS = "2,1;2,2,2";
    /**
     * Interleavings explored per scenario. The slowest mutant to show here (EarlyHandoff) needs
     * under a thousand in the first scenario and about 6,500 in the second alone.
     */
    public static final int DEFAULT_INVOCATIONS = 10_000;
    /** Returned by the critical section when it finds the two fields unequal. */
    public static final int TORN = -1;

    /** The most parallel threads a scenario may have (context slots add the initial and post parts). */
    public static final int MAX_THREADS = 6;
    private static final int SLOTS = MAX_THREADS + 2;

    private final HandoffLock<Object> lock;
    private final Object[] contexts = new Object[SLOTS];

    /** The counter: two plain fields that only the lock keeps equal. */
    private int first;
    private int second;

    protected LockCounterHarness(String family, Class<?> defaultLock) {
        String name = System.getProperty(LOCK_PROPERTY);
        this.lock = newLock(name == null || name.isBlank() ? defaultLock.getName() : name.strip(), family);
        for (int i = 0; i < SLOTS; i++) {
            contexts[i] = lock.newContext();
        }
    }

    /** Lock, critical section, unlock: one acquisition by Lincheck thread {@code thread}. */
    @Operation
    public int increment(@Param(gen = ThreadIdGen.class) int thread) {
        Object context = contexts[thread];
        lock.lock(context);
        try {
            return criticalSection();
        } finally {
            lock.unlock(context);
        }
    }

    /**
     * The critical section, for operations of a subclass that acquire the lock another way (a
     * family's trylock, for example): reads both fields, writes both back incremented, returns the
     * value read or {@link #TORN}. Call it only with the lock held.
     */
    protected final int criticalSection() {
        int a = first;
        int b = second;
        first = a + 1;
        second = b + 1;
        return a == b ? a : TORN;
    }

    /**
     * Trylock until it succeeds, critical section, unlock: one acquisition by Lincheck thread
     * {@code thread} through a family's trylock, for a subclass's operation. The trylock is retried
     * because one that gives up would return a result no sequential run has.
     */
    @SuppressWarnings("unchecked")
    protected final int trylockIncrement(int thread, java.util.function.Predicate<Object> tryLock) {
        Object context = contexts[thread];
        while (!tryLock.test(context)) {
            Thread.onSpinWait();
        }
        try {
            return criticalSection();
        } finally {
            ((HandoffLock<Object>) lock).unlock(context);
        }
    }

    /** The lock under test, for a subclass's own operations. */
    protected final HandoffLock<?> lock() {
        return lock;
    }

    /** The lock context of Lincheck thread {@code thread} (the operation's {@link ThreadIdGen} argument). */
    protected final Object context(int thread) {
        return contexts[thread];
    }

    /**
     * The model-checking options of every lock test: the scenarios of {@value #SCENARIOS_PROPERTY}
     * (default {@value #DEFAULT_SCENARIOS}), each explored for {@value #INVOCATIONS_PROPERTY}
     * (default {@value #DEFAULT_INVOCATIONS}) interleavings. No random scenarios: the test has one
     * operation and no random arguments, so they would only repeat a fixed shape.
     */
    public static ModelCheckingOptions options() {
        return options(DEFAULT_SCENARIOS);
    }

    /**
     * {@link #options()} with another default for the scenarios, for a lock that admits fewer
     * threads (a two-CPU lock: {@code "2,1;2,2"}).
     */
    public static ModelCheckingOptions options(String defaultScenarios) {
        return exploring(copies(operation(LockCounterHarness.class, "increment"),
                scenarios(System.getProperty(SCENARIOS_PROPERTY, defaultScenarios))));
    }

    /**
     * Options that explore exactly {@code scenarios}, each a list of threads' operations
     * ({@link #scenarioOf}), for {@link #invocations()} interleavings each and no random scenario.
     */
    @SafeVarargs
    public static ModelCheckingOptions exploring(List<List<Method>>... scenarios) {
        return exploring(List.of(scenarios));
    }

    /** {@link #exploring(List[])} of a list of scenarios. */
    public static ModelCheckingOptions exploring(List<List<List<Method>>> scenarios) {
        return withScenarios(new ModelCheckingOptions().iterations(0).invocationsPerIteration(invocations()), scenarios);
    }

    /** {@code options} with each of {@code scenarios} ({@link #scenarioOf}) added as a custom scenario. */
    public static <O extends Options<O, ?>> O withScenarios(O options, List<List<List<Method>>> scenarios) {
        for (List<List<Method>> threads : scenarios) {
            options.addCustomScenario(scenarioOf(threads));
        }
        return options;
    }

    /** One scenario per shape, thread t + 1 calling {@code op} {@code shape[t]} times. */
    public static List<List<List<Method>>> copies(Method op, List<int[]> shapes) {
        List<List<List<Method>>> out = new ArrayList<>();
        for (int[] shape : shapes) {
            List<List<Method>> threads = new ArrayList<>();
            for (int n : shape) {
                threads.add(java.util.Collections.nCopies(n, op));
            }
            out.add(threads);
        }
        return out;
    }

    /** Interleavings per scenario: {@value #INVOCATIONS_PROPERTY}, or {@value #DEFAULT_INVOCATIONS}. */
    public static int invocations() {
        String v = System.getProperty(INVOCATIONS_PROPERTY);
        if (v == null || v.isBlank()) {
            return DEFAULT_INVOCATIONS;
        }
        try {
            int n = Integer.parseInt(v.strip());
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new HandoffException(INVOCATIONS_PROPERTY + "=" + v + " is not a positive number");
    }

    /** Parses {@code "2,1;2,2,2"} into thread shapes; a one-line error for anything else. */
    public static List<int[]> scenarios(String spec) {
        List<int[]> out = new ArrayList<>();
        for (String s : spec.split(";")) {
            String[] parts = s.strip().split(",");
            int[] shape = new int[parts.length];
            try {
                for (int i = 0; i < parts.length; i++) {
                    shape[i] = Integer.parseInt(parts[i].strip());
                    if (shape[i] < 1) {
                        throw new NumberFormatException();
                    }
                }
            } catch (NumberFormatException e) {
                shape = null;
            }
            if (shape == null || shape.length > MAX_THREADS) {
                throw new HandoffException("bad Lincheck scenario '" + s.strip() + "' in " + SCENARIOS_PROPERTY
                        + "=" + spec + " (want operations per thread, e.g. 2,2,2; at most " + MAX_THREADS
                        + " threads)");
            }
            out.add(shape);
        }
        return out;
    }

    /** {@code type}'s operation {@code name}, whose one int parameter is the thread, for {@link #scenarioOf}. */
    public static Method operation(Class<?> type, String name) {
        try {
            return type.getMethod(name, int.class);
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * A scenario with no initial or post part in which parallel thread t + 1 calls the operations
     * {@code threads.get(t)} in order, each with its thread number as its only argument. For a
     * subclass whose operations are not all {@link #increment}.
     */
    public static ExecutionScenario scenarioOf(List<List<Method>> threads) {
        if (threads.size() > MAX_THREADS) {
            throw new HandoffException("a Lincheck scenario has at most " + MAX_THREADS + " threads");
        }
        List<List<Actor>> parallel = new ArrayList<>();
        for (int t = 0; t < threads.size(); t++) {
            List<Actor> thread = new ArrayList<>();
            for (Method op : threads.get(t)) {
                thread.add(new Actor(op, List.of(t + 1))); // ThreadIdGen numbering
            }
            parallel.add(thread);
        }
        return new ExecutionScenario(List.of(), parallel, List.of(), null);
    }

    /**
     * Loads and instantiates a lock class; a one-line {@link HandoffException} naming the class when
     * it does not exist, is not a {@link HandoffLock}, has no public {@code (SpinPolicy)} constructor
     * (it spins for ever, {@link org.handoff.models.Ports#make(String, Class, ClassLoader)}) or
     * belongs to another family than {@code family} (not checked when null).
     */
    @SuppressWarnings("unchecked")
    public static HandoffLock<Object> newLock(String className, String family) {
        return newPort(className, family, HandoffLock.class);
    }

    /**
     * Loads and instantiates a port class of the given kind ({@link HandoffLock}, or any
     * {@link HandoffPort} for a port that is not a lock/unlock lock); one-line errors as
     * {@link #newLock}.
     */
    @SuppressWarnings("unchecked")
    public static <T extends HandoffPort> T newPort(String className, String family, Class<? super T> kind) {
        T lock;
        try {
            lock = (T) org.handoff.models.Ports.make(className, kind, LockCounterHarness.class.getClassLoader());
        } catch (IllegalArgumentException e) {
            throw new HandoffException(e.getMessage());
        }
        if (family != null && !family.equals(lock.family())) {
            throw new HandoffException("lock class " + className + " is of family '" + lock.family()
                    + "', not '" + family + "'");
        }
        return lock;
    }
}
