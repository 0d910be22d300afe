package org.handoff.litmus.mcs;

import java.util.function.Function;
import org.handoff.litmus.LockChoice;
import org.handoff.litmus.LockHarness;
import org.handoff.litmus.ReadThenWriteOutcomes;
import org.handoff.models.SpinPolicy;
import org.handoff.models.mcs.McsLock;
import org.handoff.models.mcs.McsMutants;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIIII_Result;

/**
 * HandoffVisibility of the MCS port: each actor takes the lock once, reads the plain fields
 * {@code x, y} and writes them back incremented. Whoever enters second must find both writes of
 * the first. Result: {@code x, y} found by actor 1, {@code x, y} found by actor 2, and whether a
 * wait gave up. The hand-off is staged ({@link LockHarness#staged}): in every sample actor 1 is
 * already queued when actor 0 acquires, so every sample checks a real hand-off to a waiting
 * successor instead of the rare one the scheduler happens to produce.
 *
 * <p>The JMM allows only {@code 0, 0, 1, 1, 0} and {@code 1, 1, 0, 0, 0}: the release store of the
 * hand-off (or the release compare-and-set of the tail, when the lock goes free) orders the
 * section's writes before it, and the next holder's acquire orders its reads after. A plain
 * hand-off store would let the successor find {@code 0} or a mix; x86 (TSO) does not reorder two
 * stores, so only a compiler reordering could show that there (see
 * {@code plain-store-handoff} below).
 *
 * <h2>Seeded bugs run on it</h2>
 * The manifest runs this test on these variants too, each entry with the variant's port
 * ({@link org.handoff.litmus.LockChoice}); what each shows:
 * <ul>
 * <li>{@code early-handoff} ({@link McsMutants.EarlyHandoff}): a holder passes the lock on to an
 * already linked successor before its own critical section runs. This is the check that the
 * visibility test has teeth: the bug needs no reordering, so x86 shows it and the JMM allows it;
 * the successor can read the counter before the first holder wrote it ({@code 0, 0, 0, 0, 0}) or
 * find one field written and not the other.
 *
 * <p>The staging ({@link LockHarness#staged}) is what catches it: the bug needs a
 * successor already linked when the first holder acquires, and a successor that reads before the
 * first holder writes. Unstaged, two actors that take the lock once each met so rarely that the
 * test missed the mutant in whole runs on a loaded machine (docs/catch-rates.md).
 * <li>{@code plain-store-handoff} ({@link McsMutants.PlainStoreHandoff}): the hand-off is a plain
 * store instead of a release store.
 *
 * <p>The JMM allows the forbidden outcomes here (for example {@code 0, 0, 0, 0, 0}, or a successor
 * that finds {@code x} but not {@code y}): nothing orders the section's writes before the
 * hand-off store. x86 (TSO) never reorders two stores, and this level has not seen the compiler
 * do it either (none in about 200 million samples of an earlier, unstaged measurement), so on x86
 * this test passes and does not catch the mutant; the manifest records that. An arm64 or POWER
 * machine is where it would be seen; there the staging makes every sample a hand-off to a
 * waiting successor.
 * </ul>
 *
 * <p>Run alone: {@code -t '^org\.handoff\.litmus\.mcs\.McsHandoffVisibility$'} (see package-info).
 */
@JCStressTest
@State
public class McsHandoffVisibility extends ReadThenWriteOutcomes {
    /** The port of the entry's variant ({@link LockChoice}; McsLock by default), found once per fork. */
    private static final Function<SpinPolicy, McsLock> LOCK =
            LockChoice.withPolicy(McsHandoffVisibility.class, McsLock.class, McsLock.class);

    private final LockHarness<McsLock.Node> h = LockHarness.staged(LOCK);

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
