/**
 * jcstress litmus tests of the M-lock port ({@link org.handoff.models.mlock.MLock}) and its seeded
 * mutants ({@link org.handoff.models.mlock.MLockMutants}). Each test checks one catalogue property;
 * every forbidden outcome's description starts with that property's name, which is how
 * {@link org.handoff.litmus.JcstressRunner} attributes a failure. The manifest lists each test with
 * its expected verdict. How to run one by hand: see {@link org.handoff.litmus.mcs the MCS package}.
 *
 * <h2>The shared shapes on the M-lock's ports</h2>
 * The M-lock has no shape of its own: its entries run the shapes every family shares
 * ({@link org.handoff.litmus.shapes}) with the variant's port.
 * <ul>
 * <li>{@link org.handoff.litmus.shapes.MutualExclusion}: releases take both paths, the
 * compare-and-swap that keeps the own node when the other actor has not queued, and the CLH release
 * when it has. The JMM allows only {@code 8, 8, 0}: the tail is swapped atomically, so each thread
 * spins on a different predecessor; the release store of the flag is read by the successor's
 * acquire spin, and the volatile compare-and-swap of the tail by the next volatile swap, so each
 * section happens-before the next. x86 shows only {@code 8, 8, 0} too. Seeded bugs run on it:
 * <ul>
 * <li>{@code non-atomic-cas} ({@link org.handoff.models.mlock.MLockMutants.NonAtomicCas}): the
 * release's compare-and-swap done as a check and a store. When the other actor swaps itself in
 * between, it is overwritten in the tail and spins on a node that is never cleared for it.
 * Expected: a wait that gives up ({@code 1}, DeadlockFreedom), or, when the stranded actor's node is
 * later cleared for another acquisition, a lost increment (MutualExclusion). The window is a few
 * instructions wide, so it shows in a small share of samples. The JMM allows both; x86 shows them,
 * since the bug needs no reordering.
 * <li>{@code swap-after-cas} ({@link org.handoff.models.mlock.MLockMutants.SwapAfterCas}): after a
 * successful compare-and-swap the releaser also takes the predecessor's node, which is the lock's
 * tail: when it takes the lock again it sets the flag the other actor is about to wait on, and the
 * two wait for each other. Expected: a wait that gives up ({@code 1}, DeadlockFreedom).
 * Deterministic given the interleaving, under any memory model.
 * </ul>
 * <li>{@link org.handoff.litmus.shapes.DoorwayMutualExclusion}: the tail swaps (CLH's acquisition,
 * which the M-lock inherits) overlap in every round. The JMM allows only {@code 8, 8, 0}: the swap
 * is one atomic {@code getAndSet}. Seeded bug run on it: {@code non-atomic-swap}
 * ({@link org.handoff.models.mlock.MLockMutants.NonAtomicSwap}), the tail swap done as a read and a
 * write. Both actors can read the same predecessor and enter together. Expected: a lost increment
 * ({@code 7, 7, 0} and the like, MutualExclusion), or a later wait that gives up ({@code 1},
 * DeadlockFreedom). The JMM allows both; x86 shows them, since the bug needs no reordering.
 * <li>{@link org.handoff.litmus.shapes.HandoffVisibility}: the JMM allows only
 * {@code 0, 0, 1, 1, 0} and {@code 1, 1, 0, 0, 0}: when the second queued behind the first, the
 * release store of the first's flag and the second's acquire spin order the sections; when it came
 * after the first's compare-and-swap, the volatile tail write and the second's volatile swap do. A
 * plain store or a plain tail write would let the second find {@code 0} or a mix; x86 (TSO) does
 * not reorder two stores.
 * </ul>
 */
package org.handoff.litmus.mlock;
