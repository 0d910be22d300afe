/**
 * jcstress litmus tests of the MCS port ({@link org.handoff.models.mcs.McsLock}) and its seeded
 * mutants ({@link org.handoff.models.mcs.McsMutants}). Each test checks one catalogue property;
 * every forbidden outcome's description starts with that property's name, which is how
 * {@link org.handoff.litmus.JcstressRunner} attributes a failure. The manifest lists each test with
 * its expected verdict.
 *
 * <p>To run one test by hand, from the project root (the module must be built, since jcstress
 * reads the test list that its annotation processor writes into {@code target/classes}; and run it
 * from a scratch directory, since jcstress leaves a result file in the current one):
 *
 * <pre>
 * mvn -B -q install -pl core,java-models -DskipTests
 * mvn -B -q compile dependency:build-classpath -pl litmus -Dmdep.outputFile=/tmp/litmus.cp
 * CP=$PWD/litmus/target/classes:$(cat /tmp/litmus.cp)
 * cd /tmp &amp;&amp; java -cp "$CP" org.openjdk.jcstress.Main -t '^org\.handoff\.litmus\.mcs\.McsMutualExclusion$' \
 *      -v -m sanity -time 1000 -sc false -jvmArgs -XX:+UseParallelGC -r /tmp/jcstress-results
 * </pre>
 *
 * <p>A test runs the family's correct port unless told otherwise; the seeded bugs run on the same
 * test classes, the lock chosen per test class by a system property of the forks
 * ({@link org.handoff.litmus.LockChoice}), which the runner sets from the entry's variant. By hand,
 * for the {@code late-init} mutant on the test above, the {@code -jvmArgs} value becomes
 * {@code "-XX:+UseParallelGC -Dhandoff.litmus.lock.org.handoff.litmus.mcs.McsMutualExclusion=org.handoff.models.mcs.McsMutants$LateInit"}.
 *
 * <p>Exit status 1 means a forbidden outcome was observed or a fork timed out. The same run through
 * the build, with the verdict checked against the manifest (the exact command line is in
 * {@code litmus/target/jcstress/jcstress.log}):
 * {@code mvn -B verify -pl litmus -Dhandoff.check=McsMutualExclusion}, or {@code -Dhandoff.check=late-init}
 * for one variant's entries.
 *
 * <h2>The shared termination shape on MCS's ports</h2>
 * {@link org.handoff.litmus.shapes.Termination} runs the variant's port: the actor queues behind
 * the holder or arrives after the release. Every interleaving ends: if the actor has not queued
 * yet, the release frees the lock; if it has swapped the tail but not linked, the release waits for
 * the link and hands off; if it is linked, the release hands off. The JMM guarantees the actor
 * eventually sees the hand-off (the release store and the acquire spin are to the same variable),
 * and x86 delivers it within microseconds. Seeded bug run on it: {@code wrong-node-handoff}
 * ({@link org.handoff.models.mcs.McsMutants.WrongNodeHandoff}), the release storing 1 into the
 * releasing node's own {@code locked} instead of the successor's. Whenever the waiter has queued
 * before the release, it is never handed the lock and spins forever ({@code STALE}); only a waiter
 * that arrives after the release (and finds the queue empty) terminates. No reordering is
 * involved: x86 shows it and every memory model allows it.
 */
package org.handoff.litmus.mcs;
