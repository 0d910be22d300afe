------------------------------- MODULE CNAPV -------------------------------
(***************************************************************************)
(* CNA v1 (seed 000: "Add NUMA-awareness to qspinlock", patches 1/3 and  *)
(* 2/3) under CONFIG_PARAVIRT_SPINLOCKS: the variant "cna-pv" of the pv   *)
(* family. The v1 patch changes the one slowpath that is compiled both    *)
(* natively and, with the pv_* hooks live, for paravirt; nothing in it    *)
(* keeps the two apart. So the slowpath here has CNA's hooks (CNA.tla:    *)
(* the empty-queue node->locked = 1, the tail cmpxchg that hands the lock *)
(* to the secondary queue's first node, cna_pass_lock with                *)
(* find_successor) and PV's (PV.tla with Variant "pv": pv_wait_node,      *)
(* pv_wait_head_or_lock, pv_kick_node, __pv_queued_spin_unlock, the       *)
(* hypervisor), composed as the kernel composes them:                     *)
(*   - after cna_pass_lock the slowpath still calls pv_kick_node(lock,     *)
(*     next) on the original `next', which may not be the node that got   *)
(*     the lock (find_successor may pick a later one and move next to the *)
(*     secondary queue, or the secondary queue's first node may get it);  *)
(*   - the tail cmpxchg that hands the lock to the secondary queue's      *)
(*     first node jumps to `release' and kicks nobody;                     *)
(*   - pv_wait_node's check is READ_ONCE(node->locked) != 0, so a waiter  *)
(*     handed the secondary queue's pointer instead of 1 does leave it.    *)
(* Variant "v1" of CNA (always search), 3 CPUs on 2 NUMA nodes, no        *)
(* pending path (PV never takes it). CNA v1 starves by design             *)
(* (CNA_V1_N3_starvation), so the liveness checked here is NoLostWakeup   *)
(* and DeadlockFreedom.                                                    *)
(*                                                                         *)
(* What TLC finds:                                                         *)
(*   - HashConsistent fails (model CNAPV_N3): the holder hands the lock    *)
(*     past `next' (on the other NUMA node) to a local waiter and moves   *)
(*     next to the secondary queue. The local waiter, queue head now,     *)
(*     spins and hashes the lock for itself; next, still waiting, halts;  *)
(*     the holder's pv_kick_node finds next vcpu_halted and hashes the    *)
(*     same lock for next: two entries for one lock (either order).       *)
(*   - A lost wakeup (WakeupComing, PV.tla's state form of NoLostWakeup,  *)
(*     on CNAPV_N3's configuration): the local waiter has already halted  *)
(*     in pv_wait_node when cna_pass_lock hands it the lock;              *)
(*     pv_kick_node(lock, next) looks at next, which is running, and does *)
(*     nothing; no hash entry names the waiter, so nothing but a spurious *)
(*     wakeup will run it again, with the lock in hand. The liveness run  *)
(*     of NoLostWakeup on this model did not finish in the time there was *)
(*     (over 135,000 states at 1 worker).                                  *)
(* So v1's hooks are not paravirt-safe as posted.                         *)
(***************************************************************************)
EXTENDS CNA

CONSTANTS SpinThreshold, ShortSpin, CheckPeriod, Preemption   \* as in PV.tla
VARIABLES pvn, hsh, hv, pl                                    \* PV's, as in PV.tla

PVH == INSTANCE PV WITH Variant <- "pv", Stealing <- FALSE, WaitEarlyInputs <- "read"   \* v1 posts no stealing

CnaPvReplaced == CnaReplaced \cup PVH!PvReplaced
\* No interrupt nesting here: the composition takes neither PV's nor CNA's interrupt step.
ASSUME PendingPath = FALSE /\ Variant = "v1" /\ Replaced = CnaPvReplaced /\ NestDepth = 0

\* A step of context x: CNA's steps (the native ones it keeps included), with
\* pv_kick_node scheduled after its hand-off, or one of PV's hooks.
CnaPvStep(x) ==
    /\ PVH!Runs(x)
    /\ \/ CnaStep(x) /\ PVH!PvNative(x)
       \/ PVH!PvHooks(x)

\* CnaPvNext is (\E x \in Ctx : PVH!PvStart(x) \/ CnaPvStep(x)) \/ PVH!Hypervisor
\* written out, so that TLC splits it into its actions (see PvNext in
\* PV.tla): CNA's steps and the native ones kept, each with Runs(x) and
\* PV's part, under the name with the suffix Pv, and PV's hooks by name.
QueuePv(x)          == PVH!Runs(x) /\ Queue(x) /\ PVH!PvNative(x)
LinkPrevPv(x)       == PVH!Runs(x) /\ LinkPrev(x) /\ PVH!PvNative(x)
SetLockedPv(x)      == PVH!Runs(x) /\ SetLocked(x) /\ PVH!PvNative(x)
FastPathQueueOnlyPv(x) == PVH!Runs(x) /\ FastPathQueueOnly(x) /\ PVH!PvNative(x)
XchgTailCnaPv(x)    == PVH!Runs(x) /\ XchgTailCna(x) /\ PVH!PvNative(x)
TryClearTailPv(x)   == PVH!Runs(x) /\ TryClearTail(x) /\ PVH!PvNative(x)
PassLockFindSuccessorPv(x) == PVH!Runs(x) /\ PassLockFindSuccessor(x) /\ PVH!PvNative(x)
PassLockNoSearchPv(x)      == PVH!Runs(x) /\ PassLockNoSearch(x) /\ PVH!PvNative(x)
\* The rest of Step: replaced by CNA or PV (disabled) or the pending path,
\* which nothing enters (PendingPath = FALSE).
NativeRestPv(x) ==
    /\ PVH!Runs(x)
    /\ \/ FastPath(x) \/ PendingWait(x) \/ FetchSetPending(x) \/ ClearPending(x)
       \/ PendingSpin(x) \/ XchgTail(x) \/ SpinLocked(x) \/ HeadWait(x)
       \/ HeadCmpxchg(x) \/ McsHandoff(x) \/ Unlock(x)
    /\ PVH!PvNative(x)
CnaPvNext ==
    \/ \E x \in Ctx :
          \/ PVH!PvStart(x)
          \/ QueuePv(x) \/ LinkPrevPv(x) \/ SetLockedPv(x) \/ FastPathQueueOnlyPv(x)
          \/ XchgTailCnaPv(x) \/ TryClearTailPv(x) \/ PassLockFindSuccessorPv(x)
          \/ PassLockNoSearchPv(x) \/ NativeRestPv(x)
          \/ PVH!WaitNodeSpin(x) \/ PVH!WaitNodeHalt(x) \/ PVH!WaitNodeSleep(x)
          \/ PVH!WaitNodeWake(x) \/ PVH!WaitHeadTop(x) \/ PVH!WaitHeadSpin(x)
          \/ PVH!WaitHeadHash(x) \/ PVH!WaitHeadSlow(x) \/ PVH!WaitHeadSleep(x)
          \/ PVH!KickNode(x) \/ PVH!UnlockPv(x)
    \/ PVH!Hypervisor
CnaPvSpec == PVH!PvInit /\ [][CnaPvNext]_(PVH!allvars)
             /\ \A x \in Ctx : SF_(PVH!allvars)(CnaPvStep(x))
             /\ \A c \in Cpus : WF_(PVH!allvars)(PVH!Resched(c))

(***************************************************************************)
(* Properties: PV's and CNA's under their catalogue names.                *)
(***************************************************************************)
PvTypeOK        == PVH!PvTypeOK
HashConsistent  == PVH!HashConsistent
NoLostWakeup    == PVH!NoLostWakeup
WakeupComing    == PVH!WakeupComing
=============================================================================
