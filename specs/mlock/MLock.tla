------------------------------- MODULE MLock -------------------------------
(***************************************************************************)
(* The M-lock (Magnusson, Landin and Hagersten, "Queue locks on cache      *)
(* coherent multiprocessors", 1994), proposed for OpenBSD's __mp_lock      *)
(* (the kernel and scheduler lock) in place of its ticket lock, in a       *)
(* 2022 tech@ thread that names MCS, CLH and the M-lock as the queue       *)
(* locks that let waiters spin on a mostly private memory region.          *)
(*                                                                         *)
(* What is taken from where. The thread gives no code for the M-lock; it   *)
(* gives the reason for it (waiters spin on their own region instead of    *)
(* the shared ticket counters) and the source, the paper. From the paper   *)
(* as the thread cites it: the M-lock is their modification of the CLH     *)
(* (their "LH") lock in which a released node can be reused without the    *)
(* CLH swap with the predecessor's node. Acquisition is CLH's: set one's   *)
(* own node's flag, swap it into the tail, spin on the predecessor's       *)
(* flag. Release differs: when no successor has queued (the tail is still  *)
(* one's own node), a compare-and-swap puts the predecessor's node, whose  *)
(* flag is already clear, back as the tail, and the thread keeps its own   *)
(* node; only when a successor is spinning on one's node does the release  *)
(* clear its flag and take the predecessor's node, as CLH does. So nodes   *)
(* migrate between threads only under contention. Recursion of __mp_lock   *)
(* (mplc_depth; see Ticket.tla) is left out: it does not touch the queue.  *)
(*                                                                         *)
(* There are N + 1 nodes: one per thread and the node the lock starts      *)
(* with in its tail. The acquisition is CLH.tla's, taken from an instance  *)
(* of it over the same variables (so a counterexample names those steps    *)
(* by CLH's actions); the release is written here. One action per          *)
(* shared-memory access:                                                   *)
(*                                                                         *)
(*   __mp_lock(mpl):                                                       *)
(*     me->node->locked = 1                     MpLockInitNode             *)
(*     pred = xchg(&mpl->tail, me->node)        MpLockSwap   (the doorway) *)
(*     while (load_acquire(&pred->locked)) ;    MpLockSpin                 *)
(*   __mp_unlock(mpl):                                                     *)
(*     if (cas(&mpl->tail, me->node, pred))     MpUnlockCas                *)
(*       return;        (no successor: keep me->node; pred is the lock's) *)
(*     store_release(&me->node->locked, 0);     MpUnlockRelease            *)
(*     me->node = pred;                           (same step: local)       *)
(*                                                                         *)
(* The model is sequentially consistent; MLockWeak.tla has the orders.     *)
(***************************************************************************)
EXTENDS Naturals, FiniteSets

CONSTANTS N,                \* number of threads
          Replaced          \* names of actions a mutant replaces ({} natively)
ActionNames == { "MpLockInitNode", "MpLockSwap", "MpLockSpin", "MpUnlockCas", "MpUnlockRelease" }
ASSUME NAssumption == N \in Nat /\ N >= 1
ASSUME ReplacedAssumption == Replaced \subseteq ActionNames

Threads == 1 .. N
Nodes   == 1 .. (N + 1)     \* node t starts as thread t's; node N + 1 as the lock's
Nil     == 0                \* no node, no thread

VARIABLES
    tail,       \* the lock word: the last node swapped in
    locked,     \* the flag of every node (1: its owner holds or wants the lock)
    node,       \* the node every thread owns now (it changes on each release)
    pred,       \* the predecessor's node a thread spins on (Nil when none)
    pc,         \* program counter of every thread
    ahead,      \* auxiliary, for BoundedBypass (see Properties)
    bypass      \* auxiliary, for BoundedBypass

vars == << tail, locked, node, pred, pc, ahead, bypass >>

\* CLH over the same constant and variables: the acquisition and the start.
C == INSTANCE CLH WITH Replaced <- {}

(***************************************************************************)
(* Program counter values: CLH's, and the release after a failed cas.      *)
(***************************************************************************)
TryingPCs  == C!TryingPCs
WaitingPCs == C!WaitingPCs                          \* past the doorway
HoldingPCs == { "cs", "unlock_release" }            \* the lock is held until the release store
PCs        == C!PCs \cup HoldingPCs

Holders    == { t \in Threads : pc[t] \in HoldingPCs }
TryingSet  == C!TryingSet
Waiting    == C!Waiting
\* Threads whose node is in the queue: past the doorway, not yet released.
Queued     == { t \in Threads : pc[t] \in WaitingPCs \cup HoldingPCs }

\* The property catalogue, instantiated for this lock.
P == INSTANCE Properties WITH trying <- TryingSet, holders <- Holders

TypeOK ==
    /\ tail \in Nodes
    /\ locked \in [Nodes -> {0, 1}]
    /\ node \in [Threads -> Nodes]
    /\ pred \in [Threads -> Nodes \cup {Nil}]
    /\ pc \in [Threads -> PCs]
    /\ ahead \in [Threads -> SUBSET Threads]
    /\ bypass \in [Threads -> Nat]

Init == C!Init

(***************************************************************************)
(* __mp_lock: CLH's acquisition (CLH.tla, clh_lock).                       *)
(***************************************************************************)
\* me->node->locked = 1. Not fair: a thread may never ask for the lock.
MpLockInitNode(t) == "MpLockInitNode" \notin Replaced /\ C!ClhInitNode(t)
\* pred = xchg(&mpl->tail, me->node). The doorway.
MpLockSwap(t) == "MpLockSwap" \notin Replaced /\ C!ClhSwapTail(t)
\* while (load_acquire(&pred->locked)) cpu_relax();  an await.
MpLockSpin(t) == "MpLockSpin" \notin Replaced /\ C!ClhSpinPred(t)

(***************************************************************************)
(* __mp_unlock                                                             *)
(***************************************************************************)
\* if (cas(&mpl->tail, me->node, pred)) return;
\* No successor has queued: the predecessor's node (flag clear, watched by
\* nobody) becomes the lock's again and the thread keeps its own node. Else a
\* successor is spinning on our node: release it (MpUnlockRelease).
MpUnlockCas(t) ==
    /\ "MpUnlockCas" \notin Replaced
    /\ pc[t] = "cs"
    /\ IF tail = node[t]
       THEN /\ tail' = pred[t]
            /\ pred' = [pred EXCEPT ![t] = Nil]
            /\ pc' = [pc EXCEPT ![t] = "ncs"]
       ELSE /\ pc' = [pc EXCEPT ![t] = "unlock_release"]
            /\ UNCHANGED << tail, pred >>
    /\ UNCHANGED << locked, node, ahead, bypass >>

\* store_release(&me->node->locked, 0); me->node = pred;  (CLH's release)
MpUnlockRelease(t) ==
    /\ "MpUnlockRelease" \notin Replaced
    /\ pc[t] = "unlock_release"
    /\ locked' = [locked EXCEPT ![node[t]] = 0]
    /\ node' = [node EXCEPT ![t] = pred[t]]
    /\ pred' = [pred EXCEPT ![t] = Nil]
    /\ pc' = [pc EXCEPT ![t] = "ncs"]
    /\ UNCHANGED << tail, ahead, bypass >>

(***************************************************************************)
(* The specification. LockStep(t) is every step of thread t except         *)
(* leaving the non-critical section. A mutant (mutants/) sets Replaced to  *)
(* the names of the actions it replaces, which disables them here, and     *)
(* adds its own New(t): its MutantLockStep(t) is LockStep(t) \/ New(t).    *)
(***************************************************************************)
LockStep(t) == MpLockSwap(t) \/ MpLockSpin(t) \/ MpUnlockCas(t) \/ MpUnlockRelease(t)

\* Every step of thread t (trace validation follows one thread's step per event).
ThreadNext(t) == MpLockInitNode(t) \/ LockStep(t)

Next == \E t \in Threads : ThreadNext(t)

\* Weak fairness of each thread: a thread that can take a lock or unlock
\* step keeps taking them; nothing forces a thread out of its non-critical
\* section.
Fairness == \A t \in Threads : WF_vars(LockStep(t))

Spec == Init /\ [][Next]_vars /\ Fairness

(***************************************************************************)
(* The properties, under their catalogue names (see Properties).           *)
(***************************************************************************)
\* The implicit queue: a thread's successor is the queued thread spinning on
\* (or holding after) its node; the last is the thread whose node is the tail.
Succ(u) ==
    IF \E v \in Queued : pred[v] = node[u]
    THEN CHOOSE v \in Queued : pred[v] = node[u]
    ELSE Nil

Last ==
    IF \E u \in Queued : node[u] = tail
    THEN CHOOSE u \in Queued : node[u] = tail
    ELSE Nil

\* Who uses a node. A thread owns one node at a time (node[t]) and no two own
\* the same. A spinning thread reads its predecessor's node; that node is
\* owned by a thread still in the queue (which will only clear its flag), or
\* by nobody, but never by a thread outside the queue, which would set the
\* flag again for its next acquisition under the spinner. (After a successful
\* MpUnlockCas the tail names a node nobody owns: the lock's.)
Owner(t)  == node[t]
Uses      == { <<t, "own">> : t \in Threads \ Queued } \cup { <<t, "pred">> : t \in Waiting }
NodeOf(x) == IF x[2] = "own" THEN node[x[1]] ELSE pred[x[1]]

MutualExclusion   == P!MutualExclusion
QueueWellFormed   == P!QueueWellFormed(Queued, Last, Succ, Nil)
NodeExclusive     == /\ P!NodeExclusive(Threads, Owner, Nil)
                     /\ P!NodeExclusive(Uses, NodeOf, Nil)
BoundedBypass     == P!BoundedBypass(bypass, 0)      \* FIFO, as CLH: the swap is the doorway
DeadlockFreedom   == P!DeadlockFreedom
StarvationFreedom == P!StarvationFreedom
=============================================================================
