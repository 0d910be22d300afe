/**
 * jcstress litmus tests of the qspinlock port ({@link org.handoff.models.qspinlock.QSpinLock}) and
 * its seeded mutants ({@link org.handoff.models.qspinlock.QSpinLockMutants}). As for MCS, each test
 * checks one catalogue property, every forbidden outcome's description starts with that property's
 * name, and the manifest lists each test with its expected verdict. Two actors (two CPUs) reach the
 * fast path, the pending path and a two-node queue; {@link org.handoff.litmus.qspinlock.QSpinLockQueueVisibility}
 * holds the lock with a third CPU so that one actor always queues.
 *
 * <h2>The shared counting shape on qspinlock's ports</h2>
 * {@link org.handoff.litmus.shapes.MutualExclusion} runs the variant's port with the native hooks.
 * Two CPUs reach every path of the slowpath but the MCS hand-off between two queued nodes: the fast
 * path, the pending path (a waiter that finds the lock held), and the queue path (a thread that
 * releases and comes straight back while the other is pending queues, and the pending owner may
 * then come back and queue behind it). Each context is one CPU, reused. The JMM allows only
 * {@code 8, 8, 0}: every way into the lock ends in an acquire that reads the release of the previous
 * holder's unlock, and every change of the word is one atomic update. x86 shows only that too.
 * Seeded bugs run on it:
 * <ul>
 * <li>{@code clear-tail-not-last} ({@link org.handoff.models.qspinlock.QSpinLockMutants.ClearTailNotLast}):
 * the queue head claims the lock by resetting the word to locked without checking that it is the
 * last in the queue. With two CPUs the queue holds two nodes when one thread queued (the other was
 * pending) and the other, after its turn, came back and queued behind it; the head then erases the
 * second from the word, and that waiter is never handed the MCS lock. Expected: {@code 8, 8, 1} and
 * the like (DeadlockFreedom), the stranded waiter ended by the harness once its releaser has
 * returned. No reordering is involved.
 * <li>{@code no-pending-wait} ({@link org.handoff.models.qspinlock.QSpinLockMutants.NoPendingWait}):
 * the pending owner takes the lock without waiting for the holder to release it. Expected: lost
 * increments (MutualExclusion) whenever a waiter finds the lock held, which the reacquiring shape
 * makes frequent. No reordering is involved: the JMM and x86 both allow it.
 * <li>{@code pending-unbounded} ({@link org.handoff.models.qspinlock.QSpinLockMutants.PendingUnbounded}):
 * the wait for an in-progress pending->locked hand-over has no bound. The transition it waits for
 * always happens, so mutual exclusion and hand-off are as in the correct lock. Expected:
 * {@code 8, 8, 0} only, a pass. The mutant's harm is starvation under a schedule that keeps
 * re-creating the 0,1,0 state; jcstress's schedules are not adversarial, and the harness's
 * stranded-wait rules see only waits that can never end.
 * </ul>
 *
 * <h2>The shared termination shape on qspinlock's ports</h2>
 * {@link org.handoff.litmus.shapes.Termination} runs the variant's port on the pending path: an
 * actor that arrives before the release finds the word at 0,0,1, sets pending and waits for the
 * locked byte to clear; the release clears it, and the JMM guarantees the spinning read eventually
 * sees it (same variable). An actor that arrives after takes the fast path. Seeded bug run on it:
 * {@code pending-wait-word} ({@link org.handoff.models.qspinlock.QSpinLockMutants.PendingWaitWord}),
 * the pending owner waiting for the whole word to be 0, which its own pending bit prevents. Whenever
 * the actor finds the lock held it sets pending and spins forever ({@code STALE}); only an actor
 * that arrives after the release terminates. No reordering is involved.
 *
 * <p>To run one test by hand, see {@code org.handoff.litmus.mcs} (package-info), with
 * {@code -t '^org\.handoff\.litmus\.qspinlock\.QSpinLockStagedQueue$'}, or through the build:
 * {@code mvn -B verify -pl litmus -Dhandoff.check=QSpinLockStagedQueue}.
 */
package org.handoff.litmus.qspinlock;
