package org.handoff.lincheck.combining;

import java.lang.reflect.Method;
import org.handoff.lincheck.LockCounterHarness;
import org.handoff.models.combining.CombiningLock;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.ThreadIdGen;

/**
 * Lincheck model checking of the combining lock and its mutants: a counter incremented only
 * through submitted requests. Each operation submits one request, whose function reads both
 * counter fields, writes both back incremented and returns the value read ({@link
 * LockCounterHarness#TORN} when it finds them unequal); the operation returns what
 * {@code alispinlock} returned, the request's result as its submitter sees it.
 *
 * <p>Run sequentially the operations return 0, 1, 2, ... So a request run twice (a value skipped),
 * a request completed before it ran (its submitter returns the empty result slot,
 * {@link CombiningLock#NO_RESULT}), two holders running requests at once (a value returned twice,
 * or {@code TORN}) have no sequential explanation: Lincheck reports invalid results. A request that
 * never runs leaves its submitter spinning: Lincheck reports a hung execution.
 *
 * <p>The port class comes from {@value LockCounterHarness#LOCK_PROPERTY}, {@link CombiningLock}
 * by default; each Lincheck thread has its own node, reused by all its operations. The scenarios
 * and interleavings are the lock tests' ({@link LockCounterHarness#options()}): 2+1 operations, then
 * three threads with two each (a thread re-queues its node while a holder still walks).
 */
public class CombiningCounterTest {
    private static final int SLOTS = LockCounterHarness.MAX_THREADS + 2;

    private final CombiningLock lock;
    private final CombiningLock.Node[] nodes = new CombiningLock.Node[SLOTS];

    /** The counter: two plain fields that only the requests' mutual exclusion keeps equal. */
    private int first;
    private int second;

    public CombiningCounterTest() {
        String name = System.getProperty(LockCounterHarness.LOCK_PROPERTY);
        lock = LockCounterHarness.newPort(name == null || name.isBlank() ? CombiningLock.class.getName()
                : name.strip(), "combining", CombiningLock.class);
        for (int i = 0; i < SLOTS; i++) {
            nodes[i] = lock.newContext();
        }
    }

    /** The request's function: runs on the holder's thread, whichever that is. */
    private int increment(int unused) {
        int a = first;
        int b = second;
        first = a + 1;
        second = b + 1;
        return a == b ? a : LockCounterHarness.TORN;
    }

    /** One request by Lincheck thread {@code thread}; returns its result as the submitter sees it. */
    @Operation
    public int submit(@Param(gen = ThreadIdGen.class) int thread) {
        return lock.alispinlock(nodes[thread], this::increment, thread);
    }

    /** The lock tests' scenarios and interleavings, on {@link #submit}. */
    public static ModelCheckingOptions options() {
        Method submit = LockCounterHarness.operation(CombiningCounterTest.class, "submit");
        String spec = System.getProperty(LockCounterHarness.SCENARIOS_PROPERTY, LockCounterHarness.DEFAULT_SCENARIOS);
        return LockCounterHarness.exploring(LockCounterHarness.copies(submit, LockCounterHarness.scenarios(spec)));
    }
}
