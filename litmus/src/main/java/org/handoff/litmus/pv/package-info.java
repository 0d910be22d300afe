/**
 * jcstress litmus tests of the PV port ({@link org.handoff.models.pv.PvQSpinLock}, variants
 * {@code pv}, {@code pv-wait-early}, {@code pv-wait-early-merged}; {@code cna-pv} is
 * {@link org.handoff.models.pv.CnaPvLock}) and its seeded mutants
 * ({@link org.handoff.models.pv.PvMutants}). As for the other families, each test checks one
 * catalogue property, every forbidden (or property-breaking interesting) outcome's description
 * starts with that property's name, and the manifest lists each test with its expected verdict.
 * The correct variants share {@code PvMutualExclusion}, {@code PvKickStoreBuffering} and
 * {@code PvHashConsistent}, and {@code pv} runs {@code PvHandoffVisibility}; they run the port registered for the entry's variant
 * ({@link org.handoff.litmus.LockChoice}); a scaffolded PV variant is listed under them as it is.
 *
 * <p>Four shapes:
 * <ul>
 * <li>{@code *MutualExclusion} ({@link org.handoff.litmus.pv.PvHarness}): two actors take the lock
 *     four times each with short spin thresholds, so that the queue head hashes itself and halts
 *     and a re-queued actor halts in {@code pv_wait_node} and is kicked through the hash table;
 *     parks are bounded, and a park that timed out after the awaited event with no kick on its way
 *     is reported (NoLostWakeup), as is a second hash entry or one left behind (HashConsistent). This
 *     takes the place of a {@code Mode.Termination} test: jcstress ends a stale termination actor
 *     by interrupting it, and an interrupt makes {@code park} return, which the PV loops treat as
 *     a spurious wake-up.
 * <li>{@code *HandoffVisibility} (also {@link org.handoff.litmus.pv.PvHarness}): each actor enters
 *     once, reads {@code x, y} and writes them back; the second holder must find both writes of
 *     the first (PVWeak.tla's HandoffVisibility at the Java level).
 * <li>{@code *StoreBuffering} ({@link org.handoff.litmus.pv.KickHaltStage}): the two halves of
 *     the kick/halt handshake alone, the holder's hand-off and {@code pv_kick_node} against the
 *     successor's {@code smp_store_mb(state, halted)} and re-read of {@code node->locked}.
 * <li>{@code *HashConsistent} (also {@link org.handoff.litmus.pv.KickHaltStage}): the kick against
 *     a halted successor that wakes and becomes the queue head: exactly one of them hashes the lock.
 * </ul>
 *
 * <p>To run one test by hand, see {@code org.handoff.litmus.mcs} (package-info), with
 * {@code -t '^org\.handoff\.litmus\.pv\.PvMutualExclusion$'}, or through the CLI:
 * {@code ./handoff check pv --level jcstress --check PvMutualExclusion}.
 */
package org.handoff.litmus.pv;
