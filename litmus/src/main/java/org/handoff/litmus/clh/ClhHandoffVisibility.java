package org.handoff.litmus.clh;

import java.util.function.Function;
import org.handoff.litmus.LockChoice;
import org.handoff.litmus.LockHarness;
import org.handoff.litmus.ReadThenWriteOutcomes;
import org.handoff.models.SpinPolicy;
import org.handoff.models.clh.ClhLock;
import org.handoff.models.clh.ClhMutants;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIIII_Result;

/**
 * HandoffVisibility of the CLH port: each actor takes the lock once, reads the plain fields
 * {@code x, y} and writes them back incremented; whoever enters second must find both writes of
 * the first. Result: {@code x, y} found by actor 1, {@code x, y} found by actor 2, and whether a
 * wait gave up.
 *
 * <p>The JMM allows only {@code 0, 0, 1, 1, 0} and {@code 1, 1, 0, 0, 0}: the release store that
 * clears the holder's flag orders the section's writes before it, and the successor's
 * acquire spin orders its reads after. A plain store there would let the successor find {@code 0}
 * or a mix; x86 (TSO) does not reorder two stores (see {@code plain-release} below).
 *
 * <h2>Seeded bugs run on it</h2>
 * The manifest runs this test on these variants too, each entry with the variant's port
 * ({@link org.handoff.litmus.LockChoice}); what each shows:
 * <ul>
 * <li>{@code plain-release} ({@link ClhMutants.PlainRelease}): the flag is cleared with a
 * plain store.
 *
 * <p>The JMM allows the forbidden outcomes here (for example {@code 0, 0, 0, 0, 0}, or a successor
 * that finds {@code x} but not {@code y}): nothing orders the section's writes before the
 * clearing store. x86 (TSO) never reorders two stores, so on x86 this test passes and does not
 * catch the mutant; the manifest records that. An arm64 or POWER machine is where it would be seen.
 * </ul>
 *
 * <p>Run alone: {@code -t '^org\.handoff\.litmus\.clh\.ClhHandoffVisibility$'} (see the MCS package-info).
 */
@JCStressTest
@State
public class ClhHandoffVisibility extends ReadThenWriteOutcomes {
    /** The port of the entry's variant ({@link LockChoice}; ClhLock by default), found once per fork. */
    private static final Function<SpinPolicy, ClhLock> LOCK =
            LockChoice.withPolicy(ClhHandoffVisibility.class, ClhLock.class, ClhLock.class);

    private final LockHarness<ClhLock.Me> h = LockHarness.of(LOCK);

    @Actor
    public void actor1(IIIII_Result r) {
        h.readThenWrite(0, r);
    }

    @Actor
    public void actor2(IIIII_Result r) {
        h.readThenWrite(1, r);
    }

    @Arbiter
    public void arbiter(IIIII_Result r) {
        h.report(r);
    }
}
