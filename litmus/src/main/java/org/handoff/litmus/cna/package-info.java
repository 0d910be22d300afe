/**
 * jcstress litmus tests of the CNA port ({@link org.handoff.models.cna.CnaLock}, variants
 * {@code cna-v1}, {@code cna-prob}, {@code cna-threshold}) and its seeded mutants
 * ({@link org.handoff.models.cna.CnaMutants}). As for MCS and qspinlock, each test checks one
 * catalogue property, every forbidden outcome's description starts with that property's name, and
 * the manifest lists each test with its expected verdict. The two actors are on different virtual
 * NUMA nodes. Two threads alone never form a secondary queue (it needs a holder, a skipped waiter
 * and a local one behind it), so the secondary-queue tests stage a queue head with a third CPU
 * ({@link org.handoff.litmus.cna.StagedSecondaryQueue}), and the main-queue tests stage a head and a
 * remote waiter behind it, so that the secondary queue returns ahead of a waiting actor or holds
 * two waiters ({@link org.handoff.litmus.cna.StagedMainQueue}).
 *
 * <p>To run one test by hand, see {@code org.handoff.litmus.mcs} (package-info), with
 * {@code -t '^org\.handoff\.litmus\.cna\.CnaMutualExclusion$'}, or through the build:
 * {@code mvn -B verify -pl litmus -am -Dhandoff.check=CnaMutualExclusion}.
 */
package org.handoff.litmus.cna;
