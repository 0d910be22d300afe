package org.handoff.litmus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.handoff.core.Check;
import org.handoff.core.Level;
import org.handoff.core.Manifest;
import org.handoff.core.Outcome;
import org.handoff.core.ProjectRoot;
import org.handoff.core.RunContext;
import org.handoff.core.Verdict;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The jcstress level's vacuity check, seeded: two cna-v1 tests run in one jcstress invocation, each
 * required to move a waiter into the secondary queue ({@code find_successor:move}). The staged
 * secondary-queue shape does; the plain mutual-exclusion shape (two actors, one NUMA node's worth of
 * choice) never does, and must come back vacuous, not passed. That the two are told apart also shows
 * that the forks' counts reach the test they ran.
 */
@Tag("integration")
class JcstressVacuityTest {
    @TempDir
    Path work;

    @Test
    void aPassThatNeverMovedAWaiterIsVacuous() {
        Path root = ProjectRoot.find();
        List<Check> cna = Manifest.load(root).select(List.of("cna"), Level.JCSTRESS, "quick");
        List<Check> two = cna.stream().filter(c -> c.variant().equals("cna-v1"))
                .filter(c -> c.check().endsWith(".shapes.MutualExclusion") || c.check().endsWith(".CnaSecondaryQueue"))
                .map(c -> c.withParam("hooks", List.of("cna_pass_lock", "find_successor:move"))).toList();
        assertEquals(2, two.size());
        List<Verdict> vs = new JcstressRunner().runAll(two, new RunContext(root, work, null).withProfile(ProjectRoot.profile()), v -> { });
        Verdict mutex = vs.get(two.get(0).check().endsWith(".shapes.MutualExclusion") ? 0 : 1);
        Verdict queue = vs.get(two.get(0).check().endsWith(".shapes.MutualExclusion") ? 1 : 0);
        assertEquals(Outcome.VACUOUS, mutex.actual(), mutex.detail());
        assertTrue(mutex.detail().startsWith("the port's step find_successor:move never ran in the jcstress forks of MutualExclusion"),
                mutex.detail());
        assertTrue(mutex.coverage().getOrDefault("cna_pass_lock", 0L) > 0, "its hand-offs ran: " + mutex.coverage());
        assertEquals(Outcome.PASS, queue.actual(), queue.detail());
        assertTrue(queue.coverage().get("find_successor:move") > 0, queue.coverage().toString());
    }
}
