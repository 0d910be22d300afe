/**
 * jcstress litmus tests of the CLH port ({@link org.handoff.models.clh.ClhLock}) and its seeded
 * mutants ({@link org.handoff.models.clh.ClhMutants}). Each test checks one catalogue property;
 * every forbidden outcome's description starts with that property's name, which is how
 * {@link org.handoff.litmus.JcstressRunner} attributes a failure. The manifest lists each test with
 * its expected verdict. How to run one by hand: see {@link org.handoff.litmus.mcs the MCS package}.
 *
 * <h2>The shared shapes on CLH's ports</h2>
 * CLH has no shape of its own: its entries run the shapes every family shares
 * ({@link org.handoff.litmus.shapes}) with the variant's port.
 * <ul>
 * <li>{@link org.handoff.litmus.shapes.MutualExclusion}: the four rounds migrate nodes between the
 * two threads and the lock at every release. The JMM allows only {@code 8, 8, 0}: the tail is
 * swapped atomically, so each thread spins on a different predecessor, and the release store of
 * the flag is read by the successor's acquire spin, so each section happens-before the next. x86
 * shows only {@code 8, 8, 0} too. Seeded bugs run on it:
 * <ul>
 * <li>{@code own-node-reuse} ({@link org.handoff.models.clh.ClhMutants.OwnNodeReuse}): the releasing
 * thread keeps its own node. When it takes the lock again before its successor has seen the flag
 * clear, it sets the flag again, queues behind the successor and the two wait for each other.
 * Expected: a wait that gives up ({@code 1}, DeadlockFreedom). The JMM allows it, and so does any
 * memory model: it needs only the release and the next acquisition to both happen before the
 * successor's next read of the flag, which x86 shows. The spec finds no loss of mutual exclusion
 * for this mistake (specs/clh/models/CLH_OwnNodeReuse_N3_mutex.cfg).
 * <li>{@code recycle-before-release} ({@link org.handoff.models.clh.ClhMutants.RecycleBeforeRelease}):
 * the release clears the predecessor's flag instead of its own, so a successor is never released.
 * Expected: a wait that gives up ({@code 1}, DeadlockFreedom) whenever the second actor queues
 * behind the first, which happens in most samples. Deterministic under any memory model.
 * </ul>
 * <li>{@link org.handoff.litmus.shapes.DoorwayMutualExclusion}: the JMM allows only
 * {@code 8, 8, 0}: the swap is one atomic {@code getAndSet}, so however close the two doorways
 * come, each thread gets a different predecessor and spins on it; x86 shows only that too.
 * Seeded bug run on it: {@code non-atomic-swap} ({@link org.handoff.models.clh.ClhMutants.NonAtomicSwap}),
 * the tail swap done as a read and a write. Both actors can read the same predecessor node and
 * enter together when it is clear. Left to the scheduler the two doorways seldom overlapped, and a
 * run could show the bug only through its stranded waiters (DeadlockFreedom), not as two threads
 * inside; the meeting is what makes it show as MutualExclusion. Expected: a lost increment
 * ({@code 7, 7, 0} and the like); a later acquisition may then spin on a node whose owner has
 * already taken it back, and a wait gives up ({@code 1}). The JMM allows all of them, the read and
 * the write being two accesses; x86 shows them, since the bug needs no reordering. When a run shows
 * both properties the runner reports MutualExclusion, the first in the catalogue.
 * <li>{@link org.handoff.litmus.shapes.HandoffVisibility}: the JMM allows only
 * {@code 0, 0, 1, 1, 0} and {@code 1, 1, 0, 0, 0}: the release store that clears the holder's flag
 * orders the section's writes before it, and the successor's acquire spin orders its reads after.
 * Seeded bug run on it: {@code plain-release} ({@link org.handoff.models.clh.ClhMutants.PlainRelease}),
 * the flag cleared with a plain store. The JMM allows the forbidden outcomes then (for example
 * {@code 0, 0, 0, 0, 0}, or a successor that finds {@code x} but not {@code y}): nothing orders the
 * section's writes before the clearing store. x86 (TSO) never reorders two stores, so on x86 the
 * test passes and does not catch the mutant; the manifest records that. An arm64 or POWER machine
 * is where it would be seen.
 * </ul>
 */
package org.handoff.litmus.clh;
