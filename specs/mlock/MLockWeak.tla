------------------------------ MODULE MLockWeak ------------------------------
(***************************************************************************)
(* The M-lock (as MLock.tla) on the memory layer (Memory.tla), built on   *)
(* CLHWeak.tla: __mp_lock is CLH's acquisition, so this module takes     *)
(* CLHWeak's actions for it and for the critical section (an instance of  *)
(* CLHWeak over the same variables) and writes only what the M-lock       *)
(* changes, the release:                                                  *)
(*                                                                         *)
(*   __mp_lock(mpl): clh_lock's three steps        CLHWeak's actions       *)
(*     me->node->locked = 1                     ClhInitNode   once         *)
(*     pred = xchg(&mpl->tail, me->node)        ClhSwapTail   full RMW     *)
(*     while (load_acquire(&pred->locked)) ;    ClhSpinPred   acquire      *)
(*   __mp_unlock(mpl):                                                     *)
(*     if (cmpxchg_release(&mpl->tail, me->node, pred))                    *)
(*       return;                                MpUnlockCas   release RMW  *)
(*     store_release(&me->node->locked, 0);     MpUnlockRelease release    *)
(*     me->node = pred;                           (same step: local)       *)
(*                                                                         *)
(* Why the compare-and-swap is a release: when it succeeds nobody is      *)
(* queued, so the next thread to come finds the predecessor's node, whose *)
(* flag was cleared long ago, and enters at once. Nothing it reads was    *)
(* written by this holder except the tail, so the tail is what must carry *)
(* the critical section's stores: the next thread's fully ordered swap    *)
(* reads it, and a release write orders the stores before it. The         *)
(* spec's thread-local bookkeeping (node, pred) is CLHWeak's.              *)
(***************************************************************************)
EXTENDS Naturals, Sequences, FiniteSets

CONSTANTS
    N,              \* threads, reacquiring forever
    MemoryModel,    \* "SC", "TSO" or "WMO" (Memory.tla)
    BufferDepth,    \* store-buffer entries per thread (Memory.tla)
    Weaken          \* a set of "access:order": accesses whose order is not the code's

ASSUME NAssumption == N \in Nat /\ N >= 1
\* Memory.tla states these too, but TLC checks only the assumptions of the root module.
ASSUME MemoryModelAssumption == MemoryModel \in {"SC", "TSO", "WMO"}
ASSUME BufferDepthAssumption == BufferDepth \in Nat /\ BufferDepth >= 1

CPUs == 1 .. N

\* The acquisition's accesses are CLHWeak's (under its names); the release's are the M-lock's.
Kernel == [clh_init_node |-> "once",    clh_swap_tail     |-> "full",
           clh_spin_pred |-> "acquire", mp_unlock_cas     |-> "release",
           mp_unlock_release |-> "release"]
ClhAccesses == {"clh_init_node", "clh_swap_tail", "clh_spin_pred"}

VARIABLES mem, buf, pc, node, pred, rx, ry, gen

vars == << mem, buf, pc, node, pred, rx, ry, gen >>

M == INSTANCE Memory

ASSUME WeakenAssumption == M!WeakenValid(Kernel, Weaken)

\* The weakenings of the acquisition, for CLHWeak.
ClhWeaken == { w \in Weaken : \E a \in ClhAccesses, o \in M!Orders : w = a \o ":" \o o }

C == INSTANCE CLHWeak WITH Weaken <- ClhWeaken
\* The acquisition's orders are CLHWeak's: its actions run with CLHWeak's
\* Kernel, and the access-mode table reads this one, so they must agree.
ASSUME AcquisitionOrdersAssumption == \A a \in ClhAccesses : Kernel[a] = C!Kernel[a]
CS == INSTANCE CriticalSection WITH lockVars <- << node, pred >>, AfterCs <- "release"

\* The order of access a in this model.
O(a) == M!OrderOf(Kernel, Weaken, a)

\* CLHWeak's program counters; its "release" is here the compare-and-swap.
PCs == C!PCs \cup { "unlock_release" }

TypeOK ==
    /\ pc \in [CPUs -> PCs]
    /\ node \in [CPUs -> C!Nodes]
    /\ pred \in [CPUs -> C!Nodes \cup {0}]
    /\ rx \in [CPUs -> {0, 1, C!NotRead}]
    /\ ry \in [CPUs -> {0, 1, C!NotRead}]
    /\ gen \in {0, 1}
    /\ DOMAIN mem = C!Locs
    /\ \A t \in CPUs : Len(buf[t]) <= BufferDepth

Init == C!Init

\* if (cmpxchg_release(&mpl->tail, me->node, pred)) return;
\* Nobody queued behind: the predecessor's node is the lock's again and the
\* thread keeps its own. Else a successor spins on our node (MpUnlockRelease).
MpUnlockCas(t) ==
    /\ pc[t] = "release"
    /\ M!RmwReady(t, C!LTail, O("mp_unlock_cas"))
    /\ IF M!RmwRead(C!LTail) = node[t]
       THEN /\ M!RmwWrite(t, C!LTail, pred[t], O("mp_unlock_cas"))
            /\ pred' = [pred EXCEPT ![t] = 0]
            /\ C!Go(t, "ncs")
       ELSE /\ M!RmwFail(t)
            /\ C!Go(t, "unlock_release")
            /\ UNCHANGED pred
    /\ UNCHANGED << node, rx, ry, gen >>

\* store_release(&me->node->locked, 0); me->node = pred  (CLH's release)
MpUnlockRelease(t) ==
    /\ pc[t] = "unlock_release"
    /\ M!Store(t, C!LLocked(node[t]), 0, O("mp_unlock_release"))
    /\ node' = [node EXCEPT ![t] = pred[t]]
    /\ pred' = [pred EXCEPT ![t] = 0]
    /\ C!Go(t, "ncs")
    /\ UNCHANGED << rx, ry, gen >>

\* CLHWeak's actions under this module's names, each behind the guard of its
\* program counter, which is what makes TLC 2.18 name and count it as an
\* action of this module: an action that is only an instance's operator is
\* reported at the INSTANCE line, all of them under one name in coverage.
\* The acquisition's are named after __mp_lock's steps. The critical
\* section is CriticalSection.tla's, as in CLHWeak (each name here must
\* differ from the one it wraps, or the counterexample reader takes the
\* wrapper for a call of itself).
MpLockStart(t)    == pc[t] = "ncs"        /\ C!ClhStart(t)
MpLockInitNode(t) == pc[t] = "init_node"  /\ C!ClhInitNode(t)
MpLockSwap(t)     == pc[t] = "swap_tail"  /\ C!ClhSwapTail(t)
MpLockSpin(t)     == pc[t] = "spin_pred"  /\ C!ClhSpinPred(t)
CsRead(t)         == pc[t] = "cs_read"    /\ CS!CsLoad(t)
CsWriteX(t)       == pc[t] = "cs_write_x" /\ CS!CsStoreX(t)
CsWriteY(t)       == pc[t] = "cs_write_y" /\ CS!CsStoreY(t)
ReadEarly(t)      == C!EarlyRead(t)       /\ CS!CsLoadEarly(t)
Drain(t)          == M!Drain(t) /\ UNCHANGED << pc, node, pred, rx, ry, gen >>

LockStep(t) ==
    \/ MpLockInitNode(t) \/ MpLockSwap(t) \/ MpLockSpin(t)
    \/ CsRead(t) \/ CsWriteX(t) \/ CsWriteY(t)
    \/ MpUnlockCas(t) \/ MpUnlockRelease(t)

Next == \E t \in CPUs : MpLockStart(t) \/ LockStep(t) \/ ReadEarly(t) \/ Drain(t)

\* As CLHWeak, with strong fairness of the release's RMW too: another
\* thread's buffered RMW write may hold the tail whenever it is tried.
Fairness == \A t \in CPUs :
    /\ WF_vars(LockStep(t)) /\ WF_vars(Drain(t))
    /\ SF_vars(MpLockSwap(t)) /\ SF_vars(MpUnlockCas(t))

Spec == Init /\ [][Next]_vars /\ Fairness

MutualExclusion    == C!MutualExclusion
DeadlockFreedom    == C!DeadlockFreedom
StarvationFreedom  == C!StarvationFreedom
HandoffVisibility  == C!HandoffVisibility

\* Witness (TSO): two stores of one thread in flight at once. Under TSO the
\* compare-and-swap, failed or not, drains the buffer, so CLHWeak's three
\* (x, y and the release) cannot happen here; two can: the contended
\* release's store and the next round's locked = 1.
NeverTwoInFlight == \A t \in CPUs : M!InFlight(t) < 2

\* Witness (WMO): the successful compare-and-swap's write of the tail still
\* buffered behind a store of the critical section, the reordering its
\* release order forbids to land first.
NeverTailBehindData ==
    \A t \in CPUs : ~\E i, j \in 1 .. Len(buf[t]) :
        /\ i < j
        /\ buf[t][i][1] \in {C!LX, C!LY}
        /\ buf[t][j][1] = C!LTail
=============================================================================
