/**
 * jcstress litmus tests of the qspinlock port ({@link org.handoff.models.qspinlock.QSpinLock}) and
 * its seeded mutants ({@link org.handoff.models.qspinlock.QSpinLockMutants}). As for MCS, each test
 * checks one catalogue property, every forbidden outcome's description starts with that property's
 * name, and the manifest lists each test with its expected verdict. Two actors (two CPUs) reach the
 * fast path, the pending path and a two-node queue; {@link org.handoff.litmus.qspinlock.QSpinLockQueueVisibility}
 * holds the lock with a third CPU so that one actor always queues.
 *
 * <p>To run one test by hand, see {@code org.handoff.litmus.mcs} (package-info), with
 * {@code -t '^org\.handoff\.litmus\.qspinlock\.QSpinLockMutualExclusion$'}, or through the build:
 * {@code mvn -B verify -pl litmus -Dhandoff.check=QSpinLockMutualExclusion}.
 */
package org.handoff.litmus.qspinlock;
