------------------------------- MODULE CLHWeak -------------------------------
(***************************************************************************)
(* The CLH queue lock (as CLH.tla) on the memory layer (Memory.tla), with *)
(* shared data in the critical section, as MCSWeak.tla does for MCS.       *)
(*                                                                         *)
(*   clh_lock(lock, me):                                                   *)
(*     me->node->locked = 1                     ClhInitNode   once         *)
(*     pred = xchg(&lock->tail, me->node)       ClhSwapTail   full RMW     *)
(*     while (load_acquire(&pred->locked)) ;    ClhSpinPred   acquire      *)
(*   clh_unlock(lock, me):                                                 *)
(*     store_release(&me->node->locked, 0);     ClhRelease    release      *)
(*     me->node = me->pred                        (same step: local)       *)
(*                                                                         *)
(* The critical section is CriticalSection.tla's (CsRead, CsWriteX,      *)
(* CsWriteY, plain accesses), HandoffVisibility asks that a holder read   *)
(* what the last one left, and Weaken changes the orders ("access:order"  *)
(* strings). Under WMO the critical section's loads may be satisfied      *)
(* while the thread still spins, when the spin is not an acquire          *)
(* (EarlyRead).                                                            *)
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

CPUs    == 1 .. N
Threads == CPUs         \* the name Properties.tla uses
Nodes   == 1 .. (N + 1) \* node t starts as thread t's; node N + 1 as the lock's

Kernel == [clh_init_node |-> "once",    clh_swap_tail |-> "full",
           clh_spin_pred |-> "acquire", clh_release   |-> "release"]

\* The locations, << name, node >> (Memory.tla).
LTail      == << "tail", 0 >>
LLocked(n) == << "locked", n >>

VARIABLES
    mem,        \* the memory (Memory.tla)
    buf,        \* every thread's store buffer (Memory.tla)
    pc,         \* program counter of every thread
    node,       \* the node every thread owns now
    pred,       \* the predecessor's node a thread spins on (0 when none)
    rx, ry,     \* the critical section's reads (NotRead before)
    gen         \* ghost: critical sections completed, modulo 2

vars == << mem, buf, pc, node, pred, rx, ry, gen >>

M == INSTANCE Memory

\* The critical section (CriticalSection.tla), over this spec's variables.
CS == INSTANCE CriticalSection WITH lockVars <- << node, pred >>, AfterCs <- "release"
NotRead == CS!NotRead
LX      == CS!LX
LY      == CS!LY

Locs       == {LTail, LX, LY} \cup {LLocked(n) : n \in Nodes}

ASSUME WeakenAssumption == M!WeakenValid(Kernel, Weaken)

\* The order of access a in this model.
O(a) == M!OrderOf(Kernel, Weaken, a)

TryingPCs == { "init_node", "swap_tail", "spin_pred" }
CsPCs     == { "cs_read", "cs_write_x", "cs_write_y" }
PCs       == { "ncs", "release" } \cup TryingPCs \cup CsPCs

Holders   == { t \in CPUs : pc[t] \in CsPCs }
TryingSet == { t \in CPUs : pc[t] \in TryingPCs }

P == INSTANCE Properties WITH trying <- TryingSet, holders <- Holders

TypeOK ==
    /\ pc \in [CPUs -> PCs]
    /\ node \in [CPUs -> Nodes]
    /\ pred \in [CPUs -> Nodes \cup {0}]
    /\ rx \in [CPUs -> {0, 1, NotRead}]
    /\ ry \in [CPUs -> {0, 1, NotRead}]
    /\ gen \in {0, 1}
    /\ DOMAIN mem = Locs
    /\ \A t \in CPUs : Len(buf[t]) <= BufferDepth

Init ==
    /\ mem = [l \in Locs |-> IF l = LTail THEN N + 1 ELSE 0]
    /\ buf = M!EmptyBuffers
    /\ pc = [t \in CPUs |-> "ncs"]
    /\ node = [t \in CPUs |-> t]
    /\ pred = [t \in CPUs |-> 0]
    /\ rx = [t \in CPUs |-> NotRead]
    /\ ry = [t \in CPUs |-> NotRead]
    /\ gen = 0

Go(t, p) == pc' = [pc EXCEPT ![t] = p]

\* A thread calls clh_lock. Not fair: a thread may never ask for the lock.
ClhStart(t) ==
    /\ pc[t] = "ncs"
    /\ Go(t, "init_node")
    /\ UNCHANGED << mem, buf, node, pred, rx, ry, gen >>

\* me->node->locked = 1
ClhInitNode(t) ==
    /\ pc[t] = "init_node"
    /\ M!Store(t, LLocked(node[t]), 1, O("clh_init_node"))
    /\ Go(t, "swap_tail")
    /\ UNCHANGED << node, pred, rx, ry, gen >>

\* pred = xchg(&lock->tail, me->node), the doorway
ClhSwapTail(t) ==
    /\ pc[t] = "swap_tail"
    /\ M!RmwReady(t, LTail, O("clh_swap_tail"))
    /\ M!RmwWrite(t, LTail, node[t], O("clh_swap_tail"))
    /\ pred' = [pred EXCEPT ![t] = M!RmwRead(LTail)]
    /\ Go(t, "spin_pred")
    /\ UNCHANGED << node, rx, ry, gen >>

\* while (load_acquire(&pred->locked)) cpu_relax(); an await on reading 0
ClhSpinPred(t) ==
    /\ pc[t] = "spin_pred"
    /\ M!Load(t, LLocked(pred[t])) = 0
    /\ Go(t, "cs_read")
    /\ UNCHANGED << mem, buf, node, pred, rx, ry, gen >>

\* Where the critical section's loads may be satisfied early (see the header).
EarlyRead(t) ==
    \/ pc[t] = "spin_pred" /\ M!LoadsEarly(O("clh_spin_pred"))
    \/ pc[t] \in {"init_node", "swap_tail"}
       /\ M!LoadsEarly(O("clh_swap_tail")) /\ M!LoadsEarly(O("clh_spin_pred"))

\* The critical section's actions (CriticalSection.tla), each behind its
\* program counter so that TLC names and counts it as this module's.
ReadEarly(t) == EarlyRead(t) /\ CS!CsLoadEarly(t)
CsRead(t)    == pc[t] = "cs_read"    /\ CS!CsLoad(t)
CsWriteX(t)  == pc[t] = "cs_write_x" /\ CS!CsStoreX(t)
CsWriteY(t)  == pc[t] = "cs_write_y" /\ CS!CsStoreY(t)

\* store_release(&me->node->locked, 0); me->node = me->pred
ClhRelease(t) ==
    /\ pc[t] = "release"
    /\ M!Store(t, LLocked(node[t]), 0, O("clh_release"))
    /\ node' = [node EXCEPT ![t] = pred[t]]
    /\ pred' = [pred EXCEPT ![t] = 0]
    /\ Go(t, "ncs")
    /\ UNCHANGED << rx, ry, gen >>

LockStep(t) ==
    \/ ClhInitNode(t) \/ ClhSwapTail(t) \/ ClhSpinPred(t)
    \/ CsRead(t) \/ CsWriteX(t) \/ CsWriteY(t) \/ ClhRelease(t)

Drain(t) == M!Drain(t) /\ UNCHANGED << pc, node, pred, rx, ry, gen >>

Next == \E t \in CPUs : ClhStart(t) \/ LockStep(t) \/ ReadEarly(t) \/ Drain(t)

\* As MCSWeak: weak fairness of each thread's steps and drains, strong fairness
\* of the RMW, whose location another thread's buffered RMW write may hold.
Fairness == \A t \in CPUs :
    /\ WF_vars(LockStep(t)) /\ WF_vars(Drain(t))
    /\ SF_vars(ClhSwapTail(t))

Spec == Init /\ [][Next]_vars /\ Fairness

MutualExclusion   == P!MutualExclusion
DeadlockFreedom   == P!DeadlockFreedom
StarvationFreedom == P!StarvationFreedom
Seen(t) == CS!Seen(t)
HandoffVisibility == P!HandoffVisibility(CS!Readers, Seen, gen)

\* Witness: three stores of one thread in flight at once (x, y and the release).
NeverThreeInFlight == \A t \in CPUs : M!InFlight(t) < 3
=============================================================================
