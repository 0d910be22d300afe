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
 * <p>{@code cna-v1} also runs the shared counting shape ({@link org.handoff.litmus.shapes.MutualExclusion})
 * with its two actors on different virtual NUMA nodes (CPU 0 on node 0, CPU 1 on node 1, the
 * default topology). With two threads the queue holds at most two nodes, so {@code find_successor}
 * only ever looks at the immediate successor, which is remote: the CNA hand-off falls through to the
 * main queue, and the entry checks that the CNA hooks keep qspinlock's fast, pending and queue paths
 * intact (including {@code cna_try_clear_tail} with no secondary queue and the queue head that found
 * the queue empty passing {@code locked = 1}). The JMM allows only {@code 8, 8, 0}: every way into
 * the lock ends in an acquire that reads the release of the previous holder's unlock or hand-off,
 * and every change of the word is one atomic update. x86 shows only that too.
 *
 * <p>To run one test by hand, see {@code org.handoff.litmus.mcs} (package-info), with
 * {@code -t '^org\.handoff\.litmus\.cna\.CnaSecondaryQueue$'}, or through the build:
 * {@code mvn -B verify -pl litmus -am -Dhandoff.check=CnaSecondaryQueue}.
 */
package org.handoff.litmus.cna;
