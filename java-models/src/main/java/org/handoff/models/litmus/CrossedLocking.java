package org.handoff.models.litmus;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicInteger;
import org.handoff.models.HandoffLock;
import org.handoff.models.SpinPolicy;
import org.handoff.models.VarHandles;
import org.handoff.models.Variant;

/**
 * Crossed locking: two lock words, {@code A} (CPU 0's) and {@code B} (CPU 1's). A CPU takes its
 * own lock and then asks whether the other CPU's lock is held ({@code spin_is_locked}); when it
 * is free, the CPU enters a region the two CPUs must not share. This is the shape that the
 * kernel's sysv ipc ({@code sem_lock}: the per-semaphore lock against the global one) and
 * netfilter used, and it is correct only if the store that takes one's own lock is visible to the
 * other CPU before one's own read of the other lock is satisfied. On a machine with store buffers
 * (x86 included) a store may wait in the buffer while a later load to another address completes:
 * both CPUs then read the other lock as free. Before 2021 the powerpc {@code arch_spin_is_locked}
 * and {@code queued_spin_is_locked} began with {@code smp_mb()} for this; arm64 had dropped it in
 * 2018 (commit c6f5d02b6a0f) and powerpc followed (commit 66f60522138c): callers that need the
 * ordering must now provide it.
 *
 * <p>The two steps have configurable Java access modes, so one class covers the whole matrix the
 * litmus tests run:
 * <ul>
 * <li>{@link Take}: how the lock-taking store is made. In the kernel it is the store half of an
 *     acquire read-modify-write, which orders nothing before later loads; on POWER and arm64 it
 *     can become visible after a later load. x86 cannot delay a locked instruction, so to
 *     reproduce the delayed store on x86 the take is a store ({@code PLAIN}, {@code OPAQUE},
 *     {@code RELEASE}); {@code CAS} is a volatile {@code compareAndSet}, a locked instruction on x86.
 *     Each CPU's own lock is uncontended in this pattern (only its CPU takes it; the other only
 *     reads it), so a store takes it as well as an atomic would.
 * <li>{@link Read}: how {@code isLocked} reads the other word: {@code PLAIN}, {@code OPAQUE}
 *     ({@code READ_ONCE}, what {@code spin_is_locked} is since the patch), {@code ACQUIRE},
 *     {@code VOLATILE}, or {@code FENCED}: a {@link VarHandle#fullFence()} and then a read
 *     ({@code smp_mb(); READ_ONCE()}, the helper before the patch). The read after the fence is an
 *     acquire, not opaque: the region entered when the other lock is free must see what the other
 *     CPU wrote before its release, and Java has no control-dependency ordering to give that.
 * </ul>
 *
 * <p>As a {@link HandoffLock} the class is a two-CPU mutual exclusion lock built on the pattern:
 * contexts alternate between CPU 0 and CPU 1 (so at most two threads may use it at once, one per
 * CPU). CPU 0 takes A and waits, holding A, until B is free; CPU 1 takes B and, when A is held,
 * releases B, waits until A is free and tries again. Under sequential consistency this excludes
 * (the classic store-buffering argument: each CPU stores its own word before it reads the other's)
 * and is deadlock-free (CPU 1 always yields); CPU 1 can starve.
 */
@Variant("fenced-is-locked")
public class CrossedLocking implements HandoffLock<CrossedLocking.Cpu> {

    /** The access mode of the store that takes a CPU's own lock. */
    public enum Take { PLAIN, OPAQUE, RELEASE, CAS }

    /** The access mode of {@code isLocked}'s read of the other lock word. */
    public enum Read { PLAIN, OPAQUE, ACQUIRE, VOLATILE, FENCED }

    /** A CPU: 0 owns lock A, 1 owns lock B. */
    public static final class Cpu {
        final int number;

        Cpu(int number) {
            this.number = number;
        }

        public int number() {
            return number;
        }
    }

    static final VarHandle A = VarHandles.field(MethodHandles.lookup(), CrossedLocking.class, "a", int.class);
    static final VarHandle B = VarHandles.field(MethodHandles.lookup(), CrossedLocking.class, "b", int.class);

    /** Lock A (CPU 0's) and lock B (CPU 1's): 1 held, 0 free. */
    @SuppressWarnings("unused") // accessed through A
    private int a;
    @SuppressWarnings("unused") // accessed through B
    private int b;

    private final Take take;
    private final Read read;
    protected final SpinPolicy spin;
    private final AtomicInteger contexts = new AtomicInteger();

    /** The correct configuration: an opaque take and {@code smp_mb(); READ_ONCE()} (the helper before the patch). */
    public CrossedLocking() {
        this(SpinPolicy.FOREVER);
    }

    public CrossedLocking(SpinPolicy spin) {
        this(Take.OPAQUE, Read.FENCED, spin);
    }

    public CrossedLocking(Take take, Read read) {
        this(take, read, SpinPolicy.FOREVER);
    }

    public CrossedLocking(Take take, Read read, SpinPolicy spin) {
        this.take = take;
        this.read = read;
        this.spin = spin;
    }

    /**
     * The lock of one cell of the mode matrix by its variant name, {@code <take>-take-<read>-read}
     * in lower case ({@code cas-take-plain-read}), as the manifest lists the cells; an
     * {@link IllegalArgumentException} naming the name when it is not one.
     */
    public static CrossedLocking cell(String variant) {
        for (Take t : Take.values()) {
            for (Read r : Read.values()) {
                if (cellName(t, r).equals(variant)) {
                    return new CrossedLocking(t, r);
                }
            }
        }
        throw new IllegalArgumentException("'" + variant + "' is no cell of the crossed-locking matrix:"
                + " <take>-take-<read>-read with take one of " + java.util.Arrays.toString(Take.values())
                + " and read one of " + java.util.Arrays.toString(Read.values()) + ", in lower case");
    }

    /** The variant name of the cell {@code take}, {@code read}: {@code cas-take-plain-read}. */
    public static String cellName(Take take, Read read) {
        return take.name().toLowerCase(java.util.Locale.ROOT) + "-take-" + read.name().toLowerCase(java.util.Locale.ROOT)
                + "-read";
    }

    /** The access mode of the store that takes a CPU's own lock. */
    public Take takeMode() {
        return take;
    }

    /** The access mode of {@code isLocked}'s read. */
    public Read readMode() {
        return read;
    }

    @Override
    public String family() {
        return "litmus";
    }

    /** CPU 0, CPU 1, CPU 0, ...: two threads that use the lock at once must hold different CPUs. */
    @Override
    public Cpu newContext() {
        return new Cpu(contexts.getAndIncrement() & 1);
    }

    private static VarHandle word(int lock) {
        return lock == 0 ? A : B;
    }

    /** spin_lock(own): the lock-taking store of CPU {@code cpu}, in the configured mode. */
    public void take(int cpu) {
        VarHandle w = word(cpu);
        switch (take) {
            case PLAIN -> w.set(this, 1);
            case OPAQUE -> w.setOpaque(this, 1);
            case RELEASE -> w.setRelease(this, 1);
            case CAS -> {
                if (!w.compareAndSet(this, 0, 1)) {
                    throw new IllegalStateException("lock " + cpu + " taken twice: each CPU takes only its own");
                }
            }
        }
    }

    /** spin_unlock(own): a release store, as {@code smp_store_release}. */
    public void release(int cpu) {
        word(cpu).setRelease(this, 0);
    }

    /** spin_is_locked: whether lock {@code lock} (0: A, 1: B) is held, read in the configured mode. */
    public boolean isLocked(int lock) {
        VarHandle w = word(lock);
        int v = switch (read) {
            case PLAIN -> (int) w.get(this);
            case OPAQUE -> (int) w.getOpaque(this);
            case ACQUIRE -> (int) w.getAcquire(this);
            case VOLATILE -> (int) w.getVolatile(this);
            case FENCED -> {
                VarHandle.fullFence(); // smp_mb()
                yield (int) w.getAcquire(this);
            }
        };
        return v != 0;
    }

    /**
     * The crossed step of CPU {@code cpu}: take one's own lock, then read whether the other CPU's is
     * held. Returns true when the other lock was seen held. Mutants replace this step.
     */
    public boolean takeThenCheck(int cpu) {
        take(cpu);
        return isLocked(1 - cpu);
    }

    /**
     * A bare spin until lock {@code lock} is free, with an empty loop body, as a kernel loop over
     * {@code READ_ONCE} without {@code cpu_relax()}: whether it ends depends on the read mode alone
     * (a plain read may be hoisted out of the loop by the JIT). No {@link SpinPolicy}: a call in the
     * loop would stop the hoisting, as {@code cpu_relax()}'s compiler barrier does in C.
     */
    public void awaitFree(int lock) {
        while (isLocked(lock)) {
            // empty: see above
        }
    }

    @Override
    public void lock(Cpu c) {
        int me = c.number;
        int other = 1 - me;
        boolean busy = takeThenCheck(me);
        if (me == 0) {
            // CPU 0 keeps A and waits for B.
            for (long i = 0; busy; i++) {
                if (!spin.keepSpinning(i)) {
                    return;
                }
                busy = isLocked(other);
            }
            return;
        }
        // CPU 1 yields: release B, wait until A is free, take B again.
        while (busy) {
            release(me);
            for (long i = 0; isLocked(other); i++) {
                if (!spin.keepSpinning(i)) {
                    take(me);
                    return;
                }
            }
            busy = takeThenCheck(me);
        }
    }

    @Override
    public void unlock(Cpu c) {
        release(c.number);
    }
}
