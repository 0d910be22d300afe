-------------------------------- MODULE CLH --------------------------------
(***************************************************************************)
(* The CLH queue lock (Craig, "Building FIFO and priority-queuing spin    *)
(* locks from atomic swap", 1993; Magnusson, Landin and Hagersten, "Queue *)
(* locks on cache coherent multiprocessors", 1994), one of the queue      *)
(* locks proposed to replace the ticket lock of OpenBSD's __mp_lock.      *)
(*                                                                         *)
(* The queue is implicit: each thread swaps its own node into the tail    *)
(* and spins on the flag of the node it got back, its predecessor's. On   *)
(* release it clears its own node's flag (its successor is spinning on    *)
(* it) and takes its predecessor's node, which nobody watches any more,   *)
(* for its next acquisition. There are N + 1 nodes: one per thread and    *)
(* the node the lock starts with in its tail.                              *)
(*                                                                         *)
(* One action per shared-memory access, named after the step it models:   *)
(*                                                                         *)
(*   clh_lock(lock, me):                                                   *)
(*     me->node->locked = 1                     ClhInitNode                *)
(*     pred = xchg(&lock->tail, me->node)       ClhSwapTail  (the doorway) *)
(*     while (load_acquire(&pred->locked)) ;    ClhSpinPred                *)
(*     me->pred = pred                            (local)                  *)
(*   clh_unlock(lock, me):                                                 *)
(*     store_release(&me->node->locked, 0);     ClhRelease                 *)
(*     me->node = me->pred                        (same step: local)       *)
(*                                                                         *)
(* The model is sequentially consistent; the acquire/release orderings    *)
(* are the Java port's business (java-models ClhLock) and jcstress's.     *)
(***************************************************************************)
EXTENDS Naturals, FiniteSets

CONSTANTS N,                \* number of threads
          Replaced          \* names of actions a mutant replaces ({} natively)
ActionNames == { "ClhInitNode", "ClhSwapTail", "ClhSpinPred", "ClhRelease" }
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

(***************************************************************************)
(* Program counter values, grouped by where the thread is.                *)
(***************************************************************************)
TryingPCs  == { "swap_tail", "spin_pred" }
WaitingPCs == { "spin_pred" }                       \* past the doorway
PCs        == { "ncs", "cs" } \cup TryingPCs

Holders    == { t \in Threads : pc[t] = "cs" }
TryingSet  == { t \in Threads : pc[t] \in TryingPCs }
Waiting    == { t \in Threads : pc[t] \in WaitingPCs }
\* Threads whose node is in the queue: past the doorway, not yet released.
Queued     == { t \in Threads : pc[t] \in WaitingPCs \cup {"cs"} }

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

Init ==
    /\ tail = N + 1
    /\ locked = [n \in Nodes |-> 0]
    /\ node = [t \in Threads |-> t]
    /\ pred = [t \in Threads |-> Nil]
    /\ pc = [t \in Threads |-> "ncs"]
    /\ ahead = [t \in Threads |-> {}]
    /\ bypass = [t \in Threads |-> 0]

\* t enters the critical section, given the ahead sets as they are at that moment.
EnterCS(t, aheadNow) ==
    /\ bypass' = P!BypassAtEntry(bypass, aheadNow, t)
    /\ ahead'  = P!AheadAtEntry(aheadNow, t)

(***************************************************************************)
(* clh_lock                                                                *)
(***************************************************************************)
\* A thread leaves its non-critical section: me->node->locked = 1.
\* This step is not fair: a thread may never ask for the lock.
ClhInitNode(t) ==
    /\ "ClhInitNode" \notin Replaced
    /\ pc[t] = "ncs"
    /\ locked' = [locked EXCEPT ![node[t]] = 1]
    /\ pc' = [pc EXCEPT ![t] = "swap_tail"]
    /\ UNCHANGED << tail, node, pred, ahead, bypass >>

\* pred = xchg(&lock->tail, me->node). The doorway.
ClhSwapTail(t) ==
    /\ "ClhSwapTail" \notin Replaced
    /\ pc[t] = "swap_tail"
    /\ tail' = node[t]
    /\ pred' = [pred EXCEPT ![t] = tail]
    /\ pc' = [pc EXCEPT ![t] = "spin_pred"]
    /\ ahead' = P!AheadAtDoorway(ahead, t, Waiting)
    /\ UNCHANGED << locked, node, bypass >>

\* while (load_acquire(&pred->locked)) cpu_relax();
\* The spin is an await: enabled once the predecessor cleared its flag.
ClhSpinPred(t) ==
    /\ "ClhSpinPred" \notin Replaced
    /\ pc[t] = "spin_pred"
    /\ locked[pred[t]] = 0
    /\ pc' = [pc EXCEPT ![t] = "cs"]
    /\ EnterCS(t, ahead)
    /\ UNCHANGED << tail, locked, node, pred >>

(***************************************************************************)
(* clh_unlock                                                              *)
(***************************************************************************)
\* store_release(&me->node->locked, 0); me->node = me->pred;
\* The successor (if any) is spinning on our node; we recycle the predecessor's.
ClhRelease(t) ==
    /\ "ClhRelease" \notin Replaced
    /\ pc[t] = "cs"
    /\ locked' = [locked EXCEPT ![node[t]] = 0]
    /\ node' = [node EXCEPT ![t] = pred[t]]
    /\ pred' = [pred EXCEPT ![t] = Nil]
    /\ pc' = [pc EXCEPT ![t] = "ncs"]
    /\ UNCHANGED << tail, ahead, bypass >>

(***************************************************************************)
(* The specification. LockStep(t) is every step of thread t except        *)
(* leaving the non-critical section. A mutant (mutants/) sets Replaced to *)
(* the names of the actions it replaces, which disables them here, and    *)
(* adds its own New(t): its MutantLockStep(t) is LockStep(t) \/ New(t).   *)
(***************************************************************************)
LockStep(t) == ClhSwapTail(t) \/ ClhSpinPred(t) \/ ClhRelease(t)

\* Every step of thread t (trace validation follows one thread's step per event).
ThreadNext(t) == ClhInitNode(t) \/ LockStep(t)

Next == \E t \in Threads : ThreadNext(t)

\* Weak fairness of each thread: a thread that can take a lock or unlock
\* step keeps taking them; nothing forces a thread out of its non-critical
\* section.
Fairness == \A t \in Threads : WF_vars(LockStep(t))

Spec == Init /\ [][Next]_vars /\ Fairness

(***************************************************************************)
(* The properties, under their catalogue names (see Properties).          *)
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
\* flag again for its next acquisition under the spinner.
Owner(t)  == node[t]
Uses      == { <<t, "own">> : t \in Threads \ Queued } \cup { <<t, "pred">> : t \in Waiting }
NodeOf(x) == IF x[2] = "own" THEN node[x[1]] ELSE pred[x[1]]

MutualExclusion   == P!MutualExclusion
QueueWellFormed   == P!QueueWellFormed(Queued, Last, Succ, Nil)
NodeExclusive     == /\ P!NodeExclusive(Threads, Owner, Nil)
                     /\ P!NodeExclusive(Uses, NodeOf, Nil)
BoundedBypass     == P!BoundedBypass(bypass, 0)      \* CLH is FIFO
DeadlockFreedom   == P!DeadlockFreedom
StarvationFreedom == P!StarvationFreedom
=============================================================================
