package org.handoff.crosscheck.agreement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.handoff.crosscheck.agreement.AccessModes.Row;
import org.handoff.core.ProjectRoot;
import org.handoff.models.mcs.McsMutants;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The MCS, qspinlock, CNA, PV, ticket and CLH ports make every access of their weak-memory specs
 * with the spec's kernel order, or a stronger one for a recorded reason; and the comparison catches
 * a port weakened under the spec (the mutant plain-store-handoff, CNA's hand-off to the secondary
 * queue's head as an opaque store, PV's kick without its barrier or its halt without the re-check)
 * and a spec annotation changed without the port.
 */
class AccessModeAgreementTest {
    private final Path root = ProjectRoot.find();

    private static List<String> disagreements(List<Row> rows) {
        return rows.stream().filter(r -> !r.ok()).map(r -> r.access() + ": " + r.note()).toList();
    }

    /** Each family's rows, and how many accesses its spec's Kernel record has. */
    static Stream<Arguments> families() {
        return Stream.of(Arguments.of(AccessModes.MCS, 9), Arguments.of(AccessModes.QSPINLOCK, 19),
                Arguments.of(AccessModes.CNA, 30), Arguments.of(AccessModes.PV, 23), Arguments.of(AccessModes.TICKET, 4),
                Arguments.of(AccessModes.CLH, 4), Arguments.of(AccessModes.MLOCK, 5));
    }

    @ParameterizedTest
    @MethodSource("families")
    void eachPortMakesEachAccessOfItsSpecInItsOrder(AccessModes.FamilyModes family, int accesses) {
        List<Row> rows = AccessModes.rows(root, family);
        assertEquals(List.of(), disagreements(rows), AccessModes.markdown(family, rows));
        assertEquals(accesses, rows.size(), "one row per access of the spec's Kernel record");
    }

    @Test
    void everyFamilyWithAWeakMemorySpecIsChecked() {
        assertEquals(AccessModes.FAMILIES, families().map(a -> a.get()[0]).toList());
    }

    @Test
    void theTicketMutantWithoutMembarExitIsCaught() throws IOException {
        Map<String, String> spec = AccessModes.specOrders(Files.readString(root.resolve("specs/ticket/TicketWeak.tla")), "TicketWeak");
        List<String> bad = disagreements(AccessModes.rows(AccessModes.TICKET, spec,
                org.handoff.models.ticket.TicketMutants.PlainRelease.class));
        assertEquals(List.of("mp_unlock_store: the port makes it plain, the spec release"), bad);
    }

    @Test
    void aPortWeakenedUnderTheSpecIsCaught() throws IOException {
        Map<String, String> spec = AccessModes.specOrders(Files.readString(root.resolve("specs/mcs/MCSWeak.tla")), "MCSWeak");
        List<String> bad = disagreements(AccessModes.rows(AccessModes.MCS, spec, McsMutants.PlainStoreHandoff.class));
        assertEquals(1, bad.size(), bad.toString());
        assertTrue(bad.get(0).startsWith("unlock_handoff: the port makes it plain, the spec release"), bad.toString());
    }

    /** CNA's port with the hand-off to the secondary queue's head weakened to an opaque store (once-pass-secondary). */
    static final class OncePassSecondaryPort extends org.handoff.models.cna.CnaLock {
        @Override
        protected void passToSecondaryHead(String action, org.handoff.models.qspinlock.QNode head, int count) {
            mem.setOpaqueInt(NODE_LOCKED, head, 1);
        }
    }

    @Test
    void aCnaPortWithAWeakerSecondaryPassIsCaught() throws IOException {
        Map<String, String> spec = AccessModes.specOrders(Files.readString(root.resolve("specs/cna/CNAWeak.tla")), "CNAWeak");
        List<String> bad = disagreements(AccessModes.rows(AccessModes.CNA, spec, OncePassSecondaryPort.class));
        // One port method makes both of v1's hand-offs to a secondary queue's first node: after the
        // tail-moving cmpxchg and after the flush.
        assertEquals(List.of("pass_secondary: the port makes it once, the spec release",
                "pass_flush: the port makes it once, the spec release"), bad);
    }

    /**
     * PV's mutants replace one step of the hooks in an anonymous subclass of {@code Paravirt}: the
     * kick without {@code smp_mb__before_atomic()} (no-fence-kick) and the halt that does not read
     * {@code node->locked} again (no-recheck) each lose their access.
     */
    @Test
    void pvHooksWithoutTheKickBarrierOrTheRecheckAreCaught() throws Exception {
        Map<String, String> spec = AccessModes.specOrders(Files.readString(root.resolve("specs/pv/PVWeak.tla")), "PVWeak");
        assertEquals(List.of("kick_mb: kickCmpxchg makes no Memory access to fence"), disagreements(AccessModes.rows(
                AccessModes.PV, spec, hooksOf(new org.handoff.models.pv.PvMutants.NoFenceKick(org.handoff.models.SpinPolicy.FOREVER)))));
        assertEquals(List.of("recheck: recheckUnlocked makes no Memory access to NODE_LOCKED"), disagreements(
                AccessModes.rows(AccessModes.PV, spec, hooksOf(new org.handoff.models.pv.PvMutants.NoRecheck(org.handoff.models.SpinPolicy.FOREVER)))));
    }

    /** PV's hooks with the unlock slowpath's smp_rmb() left out (unlock-no-rmb, in Java). */
    static final class NoRmbParavirt extends org.handoff.models.pv.Paravirt {
        NoRmbParavirt() {
            super(org.handoff.models.pv.PvVariant.PV);
        }

        @Override
        protected org.handoff.models.pv.PvNode unlockSlowpath(org.handoff.models.qspinlock.QSpinLock lock, int locked) {
            return null;
        }
    }

    /**
     * The unlock slowpath's {@code smp_rmb()} is an access of its own: hooks without the port's
     * {@code acquireFence} there lose it, and an acquire fence is accepted for it only because it
     * orders at least the loads {@code smp_rmb()} orders (a spec that asked for {@code smp_mb()} there
     * would not agree).
     */
    @Test
    void pvHooksWithoutTheUnlockRmbAreCaught() throws Exception {
        String text = Files.readString(root.resolve("specs/pv/PVWeak.tla"));
        Map<String, String> spec = AccessModes.specOrders(text, "PVWeak");
        assertEquals(List.of("unlock_rmb: unlockSlowpath makes no Memory access to fence"),
                disagreements(AccessModes.rows(AccessModes.PV, spec, NoRmbParavirt.class)));
        Map<String, String> mb = AccessModes.specOrders(text.replace("unlock_rmb   |-> \"rmb\"", "unlock_rmb   |-> \"mb\""), "PVWeak");
        List<String> bad = disagreements(AccessModes.rows(AccessModes.PV, mb, org.handoff.models.pv.Paravirt.class));
        assertEquals(1, bad.size(), bad.toString());
        assertTrue(bad.get(0).startsWith("unlock_rmb: recorded as acquire over the spec's order"), bad.toString());
    }

    /** The class of the hooks a PV lock was built with. */
    private static Class<?> hooksOf(org.handoff.models.pv.PvQSpinLock lock) throws Exception {
        Class<?> hooks = lock.paravirt().getClass();
        assertTrue(org.handoff.models.pv.Paravirt.class.isAssignableFrom(hooks), hooks.getName());
        assertFalse(hooks == org.handoff.models.pv.Paravirt.class, "a mutant replaces a step of the hooks");
        return hooks;
    }

    /** The M-lock's port with the contended release's flag cleared by an opaque store (mlock-plain-release). */
    static final class OnceReleaseMLock extends org.handoff.models.mlock.MLock {
        @Override
        protected void mpUnlockRelease(Me me) {
            mem.setOpaqueInt(LOCKED, me.node(), 0);
        }
    }

    /** The M-lock's port as it was before MLockWeak.tla: a volatile compare-and-swap in the release. */
    static final class VolatileCasMLock extends org.handoff.models.mlock.MLock {
        @Override
        protected boolean mpUnlockCas(Me me) {
            return mem.compareAndExchange(TAIL, this, me.node(), pred(me)) == me.node();
        }
    }

    @Test
    void mLockPortsWeakerOrStrongerThanTheSpecAreCaught() throws IOException {
        Map<String, String> spec = AccessModes.specOrders(Files.readString(root.resolve("specs/mlock/MLockWeak.tla")), "MLockWeak");
        assertEquals(List.of("mp_unlock_release: the port makes it once, the spec release"),
                disagreements(AccessModes.rows(AccessModes.MLOCK, spec, OnceReleaseMLock.class)));
        // Stronger without a written reason is a disagreement too: the table says which order is needed.
        assertEquals(List.of("mp_unlock_cas: the port makes it full, the spec release"),
                disagreements(AccessModes.rows(AccessModes.MLOCK, spec, VolatileCasMLock.class)));
    }

    @Test
    void aSpecAnnotationChangedWithoutThePortIsCaught() throws IOException {
        String text = Files.readString(root.resolve("specs/mcs/MCSWeak.tla"));
        // the handoff annotated as a plain store, and the link as a release (the port is unchanged)
        String edited = text.replace("unlock_handoff |-> \"release\"", "unlock_handoff |-> \"once\"")
                .replace("link_prev      |-> \"once\"", "link_prev      |-> \"release\"");
        assertFalse(edited.equals(text), "the edit must apply to the spec's Kernel record");
        List<String> bad = disagreements(AccessModes.rows(AccessModes.MCS, AccessModes.specOrders(edited, "edited"),
                AccessModes.MCS.port()));
        assertEquals(2, bad.size(), bad.toString());
        assertTrue(bad.get(0).startsWith("link_prev: recorded as release over the spec's order"), bad.toString());
        assertTrue(bad.get(1).startsWith("unlock_handoff: the port makes it release, the spec once"), bad.toString());
    }

    @Test
    void aSpecWithoutAKernelRecordIsOneLine() {
        var e = org.junit.jupiter.api.Assertions.assertThrows(org.handoff.core.HandoffException.class,
                () -> AccessModes.specOrders("---- MODULE X ----\n====", "specs/X.tla"));
        assertTrue(e.getMessage().startsWith("specs/X.tla: no record 'Kernel"), e.getMessage());
    }
}
