-------------------------------- MODULE MCS --------------------------------
(***************************************************************************)
(* The MCS queue lock as the Linux kernel writes it in                     *)
(* kernel/locking/mcs_spinlock.h (mcs_spin_lock / mcs_spin_unlock), after  *)
(* Mellor-Crummey and Scott, "Algorithms for scalable synchronization on  *)
(* shared-memory multiprocessors", TOCS 1991.                              *)
(*                                                                         *)
(* Each thread owns one queue node and reuses it for every acquisition.    *)
(* The lock is a single word holding the tail of the queue. Every step    *)
(* below is at most one shared-memory access, and each action is named   *)
(* after the line of kernel code it models, so a TLC counterexample reads *)
(* against mcs_spinlock.h:                                                  *)
(*                                                                         *)
(*   mcs_spin_lock(lock, node):                                            *)
(*     node->locked = 0                        InitLocked                  *)
(*     node->next = NULL                       InitNext                    *)
(*     prev = xchg(lock, node)                 XchgTail  (the doorway)     *)
(*     if (prev == NULL) return                  (same step: local test)   *)
(*     WRITE_ONCE(prev->next, node)            LinkPrev                    *)
(*     smp_cond_load_acquire(&node->locked,VAL) SpinLocked                 *)
(*   mcs_spin_unlock(lock, node):                                          *)
(*     next = READ_ONCE(node->next)            UnlockReadNext              *)
(*     if (!next) {                                                        *)
(*       if (cmpxchg_release(lock,node,NULL) == node) return  UnlockCmpxchg *)
(*       while (!(next = READ_ONCE(node->next))) cpu_relax() UnlockWaitNext *)
(*     }                                                                   *)
(*     smp_store_release(&next->locked, 1)     UnlockHandoff               *)
(*                                                                         *)
(* The model is sequentially consistent; the acquire/release orderings    *)
(* are the Java port's business (java-models McsLock) and jcstress's.     *)
(***************************************************************************)
EXTENDS Naturals, FiniteSets

CONSTANTS N,                \* number of threads, each with one node
          Replaced          \* names of actions a mutant replaces ({} natively)
ActionNames == { "InitLocked", "InitNext", "XchgTail", "LinkPrev", "SpinLocked",
                 "UnlockReadNext", "UnlockCmpxchg", "UnlockWaitNext", "UnlockHandoff" }
ASSUME NAssumption == N \in Nat /\ N >= 1
ASSUME ReplacedAssumption == Replaced \subseteq ActionNames

Threads == 1 .. N
Nil     == 0                \* NULL: no node

VARIABLES
    tail,       \* the lock word: the last node in the queue, or Nil
    next,       \* node->next of every thread's node
    locked,     \* node->locked of every thread's node (0 or 1)
    pc,         \* program counter of every thread
    prev,       \* local `prev' of mcs_spin_lock (the node xchg returned)
    succ,       \* local `next' of mcs_spin_unlock
    ahead,      \* auxiliary, for BoundedBypass (see Properties)
    bypass      \* auxiliary, for BoundedBypass

vars == << tail, next, locked, pc, prev, succ, ahead, bypass >>


(***************************************************************************)
(* Program counter values, grouped by where the thread is.                *)
(***************************************************************************)
TryingPCs  == { "init_next", "xchg_tail", "link_prev", "spin_locked" }
WaitingPCs == { "link_prev", "spin_locked" }            \* past the doorway
UnlockPCs  == { "unlock_cmpxchg", "unlock_wait_next", "unlock_handoff" }
PCs        == { "ncs", "cs" } \cup TryingPCs \cup UnlockPCs

Trying(t)  == pc[t] \in TryingPCs
InCS(t)    == pc[t] = "cs"
Holders    == { t \in Threads : InCS(t) }
TryingSet  == { t \in Threads : Trying(t) }
Waiting    == { t \in Threads : pc[t] \in WaitingPCs }
\* Threads whose node is in the queue: past the doorway, not yet gone.
Queued     == { t \in Threads : pc[t] \in WaitingPCs \cup {"cs"} \cup UnlockPCs }

\* The property catalogue, instantiated for this lock.
P == INSTANCE Properties WITH trying <- TryingSet, holders <- Holders

TypeOK ==
    /\ tail \in Threads \cup {Nil}
    /\ next \in [Threads -> Threads \cup {Nil}]
    /\ locked \in [Threads -> {0, 1}]
    /\ pc \in [Threads -> PCs]
    /\ prev \in [Threads -> Threads \cup {Nil}]
    /\ succ \in [Threads -> Threads \cup {Nil}]
    /\ ahead \in [Threads -> SUBSET Threads]
    /\ bypass \in [Threads -> Nat]

Init ==
    /\ tail = Nil
    /\ next = [t \in Threads |-> Nil]
    /\ locked = [t \in Threads |-> 0]
    /\ pc = [t \in Threads |-> "ncs"]
    /\ prev = [t \in Threads |-> Nil]
    /\ succ = [t \in Threads |-> Nil]
    /\ ahead = [t \in Threads |-> {}]
    /\ bypass = [t \in Threads |-> 0]

(***************************************************************************)
(* Bookkeeping for BoundedBypass. It reads the algorithm's state and      *)
(* writes only ahead and bypass.                                           *)
(***************************************************************************)
\* t enters the critical section, given the ahead sets as they are at that moment.
EnterCS(t, aheadNow) ==
    /\ bypass' = P!BypassAtEntry(bypass, aheadNow, t)
    /\ ahead'  = P!AheadAtEntry(aheadNow, t)

(***************************************************************************)
(* mcs_spin_lock                                                           *)
(***************************************************************************)
\* A thread leaves its non-critical section and starts mcs_spin_lock:
\* node->locked = 0. This step is not fair: a thread may never ask for the lock.
InitLocked(t) ==
    /\ "InitLocked" \notin Replaced
    /\ pc[t] = "ncs"
    /\ locked' = [locked EXCEPT ![t] = 0]
    /\ pc' = [pc EXCEPT ![t] = "init_next"]
    /\ UNCHANGED << tail, next, prev, succ, ahead, bypass >>

\* node->next = NULL
InitNext(t) ==
    /\ "InitNext" \notin Replaced
    /\ pc[t] = "init_next"
    /\ next' = [next EXCEPT ![t] = Nil]
    /\ pc' = [pc EXCEPT ![t] = "xchg_tail"]
    /\ UNCHANGED << tail, locked, prev, succ, ahead, bypass >>

\* prev = xchg(lock, node); if (likely(prev == NULL)) return;
\* The doorway: from here on the thread's place in the queue is fixed.
XchgTail(t) ==
    /\ "XchgTail" \notin Replaced
    /\ pc[t] = "xchg_tail"
    /\ tail' = t
    /\ prev' = [prev EXCEPT ![t] = tail]
    /\ LET aheadNow == P!AheadAtDoorway(ahead, t, Waiting) IN
         IF tail = Nil
         THEN /\ pc' = [pc EXCEPT ![t] = "cs"]
              /\ EnterCS(t, aheadNow)
         ELSE /\ pc' = [pc EXCEPT ![t] = "link_prev"]
              /\ ahead' = aheadNow
              /\ UNCHANGED bypass
    /\ UNCHANGED << next, locked, succ >>

\* WRITE_ONCE(prev->next, node)
LinkPrev(t) ==
    /\ "LinkPrev" \notin Replaced
    /\ pc[t] = "link_prev"
    /\ next' = [next EXCEPT ![prev[t]] = t]
    /\ prev' = [prev EXCEPT ![t] = Nil]
    /\ pc' = [pc EXCEPT ![t] = "spin_locked"]
    /\ UNCHANGED << tail, locked, succ, ahead, bypass >>

\* arch_mcs_spin_lock_contended: smp_cond_load_acquire(&node->locked, VAL).
\* The spin is an await: the step is enabled once the predecessor stored 1.
SpinLocked(t) ==
    /\ "SpinLocked" \notin Replaced
    /\ pc[t] = "spin_locked"
    /\ locked[t] = 1
    /\ pc' = [pc EXCEPT ![t] = "cs"]
    /\ EnterCS(t, ahead)
    /\ UNCHANGED << tail, next, locked, prev, succ >>

(***************************************************************************)
(* mcs_spin_unlock                                                         *)
(***************************************************************************)
\* The critical section ends; next = READ_ONCE(node->next)
UnlockReadNext(t) ==
    /\ "UnlockReadNext" \notin Replaced
    /\ pc[t] = "cs"
    /\ succ' = [succ EXCEPT ![t] = next[t]]
    /\ pc' = [pc EXCEPT ![t] = IF next[t] = Nil THEN "unlock_cmpxchg"
                                                ELSE "unlock_handoff"]
    /\ UNCHANGED << tail, next, locked, prev, ahead, bypass >>

\* if (likely(cmpxchg_release(lock, node, NULL) == node)) return;
UnlockCmpxchg(t) ==
    /\ "UnlockCmpxchg" \notin Replaced
    /\ pc[t] = "unlock_cmpxchg"
    /\ IF tail = t
       THEN /\ tail' = Nil
            /\ pc' = [pc EXCEPT ![t] = "ncs"]
       ELSE /\ pc' = [pc EXCEPT ![t] = "unlock_wait_next"]
            /\ UNCHANGED tail
    /\ UNCHANGED << next, locked, prev, succ, ahead, bypass >>

\* while (!(next = READ_ONCE(node->next))) cpu_relax();
\* A successor swapped the tail but has not linked itself yet: wait for it.
UnlockWaitNext(t) ==
    /\ "UnlockWaitNext" \notin Replaced
    /\ pc[t] = "unlock_wait_next"
    /\ next[t] # Nil
    /\ succ' = [succ EXCEPT ![t] = next[t]]
    /\ pc' = [pc EXCEPT ![t] = "unlock_handoff"]
    /\ UNCHANGED << tail, next, locked, prev, ahead, bypass >>

\* arch_mcs_spin_unlock_contended: smp_store_release(&next->locked, 1)
UnlockHandoff(t) ==
    /\ "UnlockHandoff" \notin Replaced
    /\ pc[t] = "unlock_handoff"
    /\ locked' = [locked EXCEPT ![succ[t]] = 1]
    /\ succ' = [succ EXCEPT ![t] = Nil]
    /\ pc' = [pc EXCEPT ![t] = "ncs"]
    /\ UNCHANGED << tail, next, prev, ahead, bypass >>

(***************************************************************************)
(* The specification. LockStep(t) is every step of thread t except        *)
(* leaving the non-critical section. A mutant (mutants/) sets Replaced to *)
(* the names of the actions it replaces, which disables them here, and    *)
(* adds its own New(t): its MutantLockStep(t) is LockStep(t) \/ New(t).   *)
(***************************************************************************)
LockStep(t) ==
    \/ InitNext(t) \/ XchgTail(t) \/ LinkPrev(t) \/ SpinLocked(t)
    \/ UnlockReadNext(t) \/ UnlockCmpxchg(t) \/ UnlockWaitNext(t)
    \/ UnlockHandoff(t)

\* Every step of thread t (trace validation follows one thread's step per event).
ThreadNext(t) == InitLocked(t) \/ LockStep(t)

Next == \E t \in Threads : ThreadNext(t)

\* Weak fairness of each thread: a thread that can take a lock or unlock
\* step keeps taking them; nothing forces a thread out of its non-critical
\* section.
Fairness == \A t \in Threads : WF_vars(LockStep(t))

Spec == Init /\ [][Next]_vars /\ Fairness

(***************************************************************************)
(* The properties, under their catalogue names (see Properties).          *)
(***************************************************************************)
\* A node's successor as the pointers say: its next field, or the node of
\* a thread that has swapped the tail behind it and is about to link.
Succ(n) ==
    IF next[n] # Nil THEN next[n]
    ELSE IF \E u \in Threads : pc[u] = "link_prev" /\ prev[u] = n
         THEN CHOOSE u \in Threads : pc[u] = "link_prev" /\ prev[u] = n
         ELSE Nil

MutualExclusion   == P!MutualExclusion
QueueWellFormed   == P!QueueWellFormed(Queued, tail, Succ, Nil)
BoundedBypass     == P!BoundedBypass(bypass, 0)      \* MCS is FIFO
DeadlockFreedom   == P!DeadlockFreedom
StarvationFreedom == P!StarvationFreedom
=============================================================================
