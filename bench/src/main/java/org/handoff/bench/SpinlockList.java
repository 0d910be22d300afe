package org.handoff.bench;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.function.IntUnaryOperator;
import org.handoff.models.SpinPolicy;
import org.handoff.models.VarHandles;

/**
 * The callback construct built from a lock-free list and a plain spinlock, the alternative Peter
 * Zijlstra named in the alispinlock thread (seed 003): a thread pushes its request on the list
 * ({@code llist_add}), then either finds it done or takes the spinlock, detaches the whole list
 * ({@code llist_del_all}) and runs every request on it, oldest first, marking each done.
 *
 * <p>Why a request cannot be lost: a request is pushed before its thread tries the lock; whoever
 * detaches it runs it while holding the lock and marks it done before the release, so a thread
 * that then takes the lock finds its own request either done or on the list it detaches.
 */
public final class SpinlockList {

    /** One thread's request slot, reused for each of its requests. */
    public static final class Request {
        IntUnaryOperator fn;
        int arg;
        Request next;
        int done;
    }

    private static final VarHandle HEAD =
            VarHandles.field(MethodHandles.lookup(), SpinlockList.class, "head", Request.class);
    private static final VarHandle DONE = VarHandles.field(MethodHandles.lookup(), Request.class, "done", int.class);

    @SuppressWarnings("unused") // accessed through HEAD
    private Request head;
    private final TasSpinLock lock;
    private final SpinPolicy spin;

    public SpinlockList(SpinPolicy spin) {
        this.spin = spin;
        this.lock = new TasSpinLock(spin);
    }

    /** Runs {@code fn(arg)} exactly once, here or on another thread, and returns once it has run. */
    public void submit(Request r, IntUnaryOperator fn, int arg) {
        r.fn = fn;
        r.arg = arg;
        DONE.setOpaque(r, 0);
        Request h;
        do { // llist_add; the volatile compare-and-set publishes the fields above
            h = (Request) HEAD.getVolatile(this);
            r.next = h;
        } while (!HEAD.compareAndSet(this, h, r));
        for (long i = 0;; i++) {
            if ((int) DONE.getAcquire(r) == 1) {
                return;
            }
            if (lock.tryLock()) {
                runAll((Request) HEAD.getAndSet(this, null)); // llist_del_all
                lock.unlock(null);
                if ((int) DONE.getAcquire(r) == 1) {
                    return;
                }
                throw new IllegalStateException("a request was lost"); // see the class comment
            }
            spin.keepSpinning(i);
        }
    }

    /** Runs the detached list oldest first (the list is newest first). */
    private static void runAll(Request newest) {
        Request oldest = null;
        while (newest != null) { // reverse
            Request next = newest.next;
            newest.next = oldest;
            oldest = newest;
            newest = next;
        }
        while (oldest != null) {
            Request next = oldest.next; // read before completion: the owner may reuse its slot at once
            oldest.fn.applyAsInt(oldest.arg);
            DONE.setRelease(oldest, 1);
            oldest = next;
        }
    }
}
