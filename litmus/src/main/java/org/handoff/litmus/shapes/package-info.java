/**
 * jcstress shapes that every family's ports share: the same actors and outcomes whatever the lock,
 * the lock being the port of the manifest entry's variant ({@link org.handoff.litmus.LockChoice#port}).
 * A family lists an entry on a shape with its variant; nothing here names a family.
 * <ul>
 * <li>{@link org.handoff.litmus.shapes.MutualExclusion}: two actors count four times each under
 *     the lock, left to the scheduler;
 * <li>{@link org.handoff.litmus.shapes.DoorwayMutualExclusion}: the same counting with the two
 *     actors meeting before each acquisition, so that their doorways overlap;
 * <li>{@link org.handoff.litmus.shapes.HandoffVisibility}: each actor enters once, reads and writes
 *     back two plain fields; the second holder must find both writes of the first.
 * </ul>
 * A shape that needs a family's own staging (a third CPU holding a queue head, a paravirt halt, a
 * combining request) stays in that family's package. What the JMM and x86 allow on a shape depends
 * on the port: each family's package-info says it for its ports and for each seeded bug the
 * manifest runs on a shape.
 *
 * <p>To run one shape by hand, see {@code org.handoff.litmus.mcs} (package-info): the test is
 * {@code -t '^org\.handoff\.litmus\.shapes\.MutualExclusion$'} and the port is a fork property,
 * {@code -jvmArgs "-Dhandoff.litmus.lock.org.handoff.litmus.shapes.MutualExclusion=org.handoff.models.clh.ClhLock"}.
 * Through the build, select entries by family and variant: {@code mvn -B verify -pl litmus
 * -Dhandoff.check=clh/own-node-reuse}.
 */
package org.handoff.litmus.shapes;
