package org.handoff.litmus.combining;

import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.Outcome;

/**
 * The outcomes of the one-request-per-actor shape ({@link CombiningHarness#submit}): actor 1's
 * result, actor 2's result, {@code x}, {@code y}, and whether a wait gave up. {@code 0, 1, 2, 2, 0}
 * and {@code 1, 0, 2, 2, 0} are the only acceptable outcomes. jcstress grades a state by the first
 * outcome whose pattern matches it, so the order below decides which property a state that shows
 * two failures is charged to:
 * <ol>
 * <li>both submitters got the same result (both requests read the same {@code x}), or {@code x}
 *     and {@code y} differ: two requests ran at once, MutualExclusion, whether or not a wait also
 *     gave up (two holders: the one whose cmpxchg finds the other's node waits for a link that
 *     never comes);
 * <li>a wait gave up: DeadlockFreedom;
 * <li>{@code x} above 2: RunsExactlyOnce;
 * <li>the empty result slot: ResultVisible;
 * <li>anything else: MutualExclusion.
 * </ol>
 * jcstress reads {@code @Outcome} from superclasses, so each test of this shape extends this class
 * and declares its actors and arbiter itself. What the JMM and x86 allow is said by each test.
 */
@Outcome(id = {"0, 1, 2, 2, 0", "1, 0, 2, 2, 0"}, expect = Expect.ACCEPTABLE,
        desc = "Each request ran once, alone, and its submitter got its result.")
@Outcome(id = {"(\\d), \\1, -?\\d+, -?\\d+, [01]", "-?\\d+, -?\\d+, (\\d+), (?!\\1, )-?\\d+, [01]"},
        expect = Expect.FORBIDDEN,
        desc = "MutualExclusion: two requests ran at once (both read the same x, or x and y differ).")
@Outcome(id = "-?\\d+, -?\\d+, -?\\d+, -?\\d+, 1", expect = Expect.FORBIDDEN,
        desc = "DeadlockFreedom: a wait could never succeed (a request was never run, or a holder waited for a link that never came).")
@Outcome(id = "-?\\d+, -?\\d+, ([3-9]|\\d\\d+), -?\\d+, 0", expect = Expect.FORBIDDEN,
        desc = "RunsExactlyOnce: a request ran more than once.")
@Outcome(id = "(-2147483648, -?\\d+|-?\\d+, -2147483648), [0-2], [0-2], 0", expect = Expect.FORBIDDEN,
        desc = "ResultVisible: a submitter returned before its request ran (the empty result slot).")
@Outcome(expect = Expect.FORBIDDEN,
        desc = "MutualExclusion: two requests ran at once (a lost or torn update).")
abstract class RequestOutcomes {
}
