---------------------------- MODULE McsLinkOrder ----------------------------
(***************************************************************************)
(* DPDK's MCS lock on weak memory: the order of the waiter's two stores.   *)
(* Fixed by DPDK commit 021b698eb56e ("mcslock: fix hang in weak memory    *)
(* model", Diogo Behrens; Fixes: 2173f33 "mcslock: add MCS queued lock     *)
(* implementation"; listed in the DPDK 19.11.6 release notes).             *)
(*                                                                         *)
(* DPDK's MCS lock (rte_mcslock.h) inverts the kernel's flag: a waiter     *)
(* sets its own me->locked to 1 before it queues, and the holder hands the *)
(* lock over by writing 0 into it. Before the fix, the waiter's store of 1 *)
(* and the store that links its node behind its predecessor (prev->next =  *)
(* me) were both relaxed. The tail exchange between them is acquire-       *)
(* release, but a release only keeps earlier accesses before the           *)
(* exchange's own write; it lets a later store (the link) become visible   *)
(* first. On Armv8 the predecessor can therefore find the link while       *)
(* locked = 1 is still on its way, write 0 (the hand-off), and have that 0 *)
(* overwritten by the waiter's late 1: the waiter spins forever. The fix   *)
(* made the link a release store, so the node is linked only once locked = *)
(* 1 is visible.                                                           *)
(*                                                                         *)
(* Family: litmus, not mcs. The mcs family is the kernel's                 *)
(* mcs_spinlock.h as a sequentially consistent spec of N threads, where    *)
(* this bug cannot exist (its sequentially consistent cousin there, with   *)
(* the flag written after the link in program order, is the mutant         *)
(* late-init, MCS_LateInit). This is a two-thread litmus over store        *)
(* buffers in the manner of SpinIsLocked: one hand-off, each store         *)
(* passing through a buffer, checked for one ordering.                     *)
(*                                                                         *)
(* The memory: every thread has a store buffer, oldest entry first. A      *)
(* plain store appends an entry; an entry may reach memory (Drain) before  *)
(* older entries to other locations, as Armv8 and POWER allow, but never   *)
(* before an older entry to its own location (coherence); a release store  *)
(* reaches memory only after every older entry of its thread. A load       *)
(* reads the newest entry for its location in its own buffer, else         *)
(* memory. The acquire-release fence waits until its thread's buffer is    *)
(* empty. The two read-modify-writes on the lock word (the exchange and    *)
(* the compare-and-exchange) are one step each, on memory.                 *)
(*                                                                         *)
(* One simplification, in the direction of more behaviours: the exchange   *)
(* takes effect at its step, as if its write were visible as soon as its   *)
(* read, so the model lets locked = 1 stay buffered past it. On Armv8 the  *)
(* exchange's write becomes visible only after locked = 1 (its release     *)
(* half), but the link depends only on the value the exchange read and may *)
(* become visible before both; making the exchange wait for the buffer     *)
(* here would forbid that Armv8 order. The orders of locked = 1 and the    *)
(* link are the same as on Armv8: free unless the link is a release        *)
(* (LinkOrder). The shortest counterexample TLC prints has the holder find *)
(* the link on its first read, which Armv8 allows.                         *)
(*                                                                         *)
(* Thread 1 holds the lock at the start (the lock word names its node);    *)
(* thread 2 arrives. Both nodes' flags start at 1, as an acquisition that  *)
(* found the queue empty leaves them, so that the hand-off and its loss    *)
(* show in a counterexample as 1 -> 0 -> 1. Each thread runs the rest of   *)
(* one lock and unlock:                                                    *)
(*                                                                         *)
(*   rte_mcslock_lock(msl, me):                                            *)
(*     me->locked = 1 (relaxed)              StoreLocked                   *)
(*     prev = exchange(msl, me) (acq_rel)    XchgTail  (prev == NULL: own) *)
(*     prev->next = me (LinkOrder)           LinkPrev                      *)
(*     thread_fence(acq_rel)                 Fence                         *)
(*     while (load_acquire(me->locked)) pause SpinLocked                   *)
(*   rte_mcslock_unlock(msl, me):                                          *)
(*     next = me->next (relaxed)             UnlockReadNext                *)
(*     cmpxchg(msl, me, NULL) (release)      UnlockCmpxchg                 *)
(*     while (me->next == NULL) pause        UnlockWaitNext                *)
(*     me->next->locked = 0 (release)        UnlockHandoff                 *)
(*                                                                         *)
(* me->next = NULL before the exchange is left out: nothing queues behind  *)
(* thread 2, and node 2's next starts NULL. The holder's critical section  *)
(* writes nothing here: only the hand-off's own flag is at stake.          *)
(*                                                                         *)
(* LinkOrder "relaxed" (the code before the fix): DeadlockFreedom is       *)
(* violated; TLC's deadlock check finds thread 2 spinning on a 1 that      *)
(* nobody will clear, thread 1 gone and both buffers empty (model          *)
(* McsLinkOrder_Relaxed). LinkOrder "release" (the fix): every property    *)
(* holds (McsLinkOrder_Release).                                           *)
(***************************************************************************)
EXTENDS Naturals, Sequences, FiniteSets

CONSTANT LinkOrder          \* the order of the prev->next store: "relaxed" or "release"
ASSUME LinkOrderAssumption == LinkOrder \in {"relaxed", "release"}

Threads == {1, 2}
Holder  == 1                \* holds the lock at the start
Arriver == 2                \* queues behind it
Nil     == 0                \* NULL: no node

Locs == {"locked", "next"}  \* the two fields of a node, each a location per node

VARIABLES
    tail,       \* the lock word *msl in memory: the last node in the queue, or Nil
    mem,        \* mem[<< "locked", n >>]: node n's locked in memory (1 waiting, 0 handed
                \* the lock); mem[<< "next", n >>]: node n's next in memory
    buf,        \* buf[t]: thread t's store buffer, oldest first, of << loc, node, value, order >>
    pc,         \* program counter of every thread
    prev,       \* local prev of rte_mcslock_lock
    succ        \* local next of rte_mcslock_unlock

vars == << tail, mem, buf, pc, prev, succ >>

TryingPCs == { "store_locked", "xchg_tail", "link_prev", "fence", "spin_locked" }
UnlockPCs == { "unlock_cmpxchg", "unlock_wait_next", "unlock_handoff" }
PCs       == { "cs", "done" } \cup TryingPCs \cup UnlockPCs

Holders   == { t \in Threads : pc[t] = "cs" }
TryingSet == { t \in Threads : pc[t] \in TryingPCs }

\* The property catalogue, instantiated for the two threads.
P == INSTANCE Properties WITH trying <- TryingSet, holders <- Holders

\* A buffered store: location, node, value (a flag 0 or 1, or a node or Nil), order.
Entry == Locs \X Threads \X ({0, 1} \cup Threads) \X {"relaxed", "release"}

TypeOK ==
    /\ tail \in Threads \cup {Nil}
    /\ mem \in [Locs \X Threads -> {0, 1} \cup Threads]
    /\ \A n \in Threads : mem[<< "locked", n >>] \in {0, 1} /\ mem[<< "next", n >>] \in Threads \cup {Nil}
    /\ buf \in [Threads -> Seq(Entry)]
    /\ pc \in [Threads -> PCs]
    /\ prev \in [Threads -> Threads \cup {Nil}]
    /\ succ \in [Threads -> Threads \cup {Nil}]

Init ==
    /\ tail = Holder
    \* every flag 1, as a lock that found the queue empty leaves its node; every next NULL
    /\ mem = [x \in Locs \X Threads |-> IF x[1] = "locked" THEN 1 ELSE Nil]
    /\ buf = [t \in Threads |-> << >>]
    /\ pc = [t \in Threads |-> IF t = Holder THEN "cs" ELSE "store_locked"]
    /\ prev = [t \in Threads |-> Nil]
    /\ succ = [t \in Threads |-> Nil]

(***************************************************************************)
(* The memory system                                                       *)
(***************************************************************************)
\* A load by thread t: the newest entry for (loc, n) in t's own buffer, else memory.
RECURSIVE Forward(_, _, _, _)
Forward(s, loc, n, dflt) ==
    IF s = << >> THEN dflt
    ELSE IF s[Len(s)][1] = loc /\ s[Len(s)][2] = n THEN s[Len(s)][3]
    ELSE Forward(SubSeq(s, 1, Len(s) - 1), loc, n, dflt)

Load(t, loc, n) == Forward(buf[t], loc, n, mem[<< loc, n >>])

\* A store by thread t enters its buffer.
Store(t, loc, n, v, order) == buf' = [buf EXCEPT ![t] = Append(@, << loc, n, v, order >>)]

\* Entry i of thread t's buffer may reach memory now: no older entry is for
\* the same location, and a release entry is the oldest of all.
Drainable(t, i) ==
    /\ \A j \in 1 .. (i - 1) : << buf[t][j][1], buf[t][j][2] >> # << buf[t][i][1], buf[t][i][2] >>
    /\ buf[t][i][4] = "release" => i = 1

Remove(s, i) == SubSeq(s, 1, i - 1) \o SubSeq(s, i + 1, Len(s))

\* A store of thread t reaches memory, possibly ahead of older ones to other locations.
Drain(t) ==
    \E i \in 1 .. Len(buf[t]) :
        /\ Drainable(t, i)
        /\ mem' = [mem EXCEPT ![<< buf[t][i][1], buf[t][i][2] >>] = buf[t][i][3]]
        /\ buf' = [buf EXCEPT ![t] = Remove(@, i)]
        /\ UNCHANGED << tail, pc, prev, succ >>

(***************************************************************************)
(* rte_mcslock_lock                                                        *)
(***************************************************************************)
\* rte_mcslock_lock: me->locked = 1, a relaxed store.
StoreLocked(t) ==
    /\ pc[t] = "store_locked"
    /\ Store(t, "locked", t, 1, "relaxed")
    /\ pc' = [pc EXCEPT ![t] = "xchg_tail"]
    /\ UNCHANGED << tail, mem, prev, succ >>

\* rte_mcslock_lock: prev = exchange(msl, me), acquire-release; with prev NULL
\* the lock was free and is taken. One step on memory (see the header).
XchgTail(t) ==
    /\ pc[t] = "xchg_tail"
    /\ tail' = t
    /\ prev' = [prev EXCEPT ![t] = tail]
    /\ pc' = [pc EXCEPT ![t] = IF tail = Nil THEN "cs" ELSE "link_prev"]
    /\ UNCHANGED << mem, buf, succ >>

\* rte_mcslock_lock: prev->next = me, relaxed before the fix, release after it.
LinkPrev(t) ==
    /\ pc[t] = "link_prev"
    /\ Store(t, "next", prev[t], t, LinkOrder)
    /\ prev' = [prev EXCEPT ![t] = Nil]
    /\ pc' = [pc EXCEPT ![t] = "fence"]
    /\ UNCHANGED << tail, mem, succ >>

\* rte_mcslock_lock: the acquire-release thread fence before the spin waits
\* until the buffer is empty. It comes after both stores, so it orders
\* neither before the other.
Fence(t) ==
    /\ pc[t] = "fence"
    /\ buf[t] = << >>
    /\ pc' = [pc EXCEPT ![t] = "spin_locked"]
    /\ UNCHANGED << tail, mem, buf, prev, succ >>

\* rte_mcslock_lock: while (load_acquire(me->locked)) pause; an await, enabled
\* once the thread reads 0.
SpinLocked(t) ==
    /\ pc[t] = "spin_locked"
    /\ Load(t, "locked", t) = 0
    /\ pc' = [pc EXCEPT ![t] = "cs"]
    /\ UNCHANGED << tail, mem, buf, prev, succ >>

(***************************************************************************)
(* rte_mcslock_unlock                                                      *)
(***************************************************************************)
\* rte_mcslock_unlock: the critical section ends; next = me->next, relaxed.
UnlockReadNext(t) ==
    /\ pc[t] = "cs"
    /\ succ' = [succ EXCEPT ![t] = Load(t, "next", t)]
    /\ pc' = [pc EXCEPT ![t] = IF Load(t, "next", t) = Nil THEN "unlock_cmpxchg"
                                                           ELSE "unlock_handoff"]
    /\ UNCHANGED << tail, mem, buf, prev >>

\* rte_mcslock_unlock: cmpxchg(msl, me, NULL), release; success frees the lock.
UnlockCmpxchg(t) ==
    /\ pc[t] = "unlock_cmpxchg"
    /\ IF tail = t
       THEN /\ tail' = Nil
            /\ pc' = [pc EXCEPT ![t] = "done"]
       ELSE /\ pc' = [pc EXCEPT ![t] = "unlock_wait_next"]
            /\ UNCHANGED tail
    /\ UNCHANGED << mem, buf, prev, succ >>

\* rte_mcslock_unlock: a successor exchanged the tail: wait for its link.
UnlockWaitNext(t) ==
    /\ pc[t] = "unlock_wait_next"
    /\ Load(t, "next", t) # Nil
    /\ succ' = [succ EXCEPT ![t] = Load(t, "next", t)]
    /\ pc' = [pc EXCEPT ![t] = "unlock_handoff"]
    /\ UNCHANGED << tail, mem, buf, prev >>

\* rte_mcslock_unlock: me->next->locked = 0, a release store: the hand-off.
UnlockHandoff(t) ==
    /\ pc[t] = "unlock_handoff"
    /\ Store(t, "locked", succ[t], 0, "release")
    /\ succ' = [succ EXCEPT ![t] = Nil]
    /\ pc' = [pc EXCEPT ![t] = "done"]
    /\ UNCHANGED << tail, mem, prev >>

(***************************************************************************)
(* The specification                                                       *)
(***************************************************************************)
LockStep(t) ==
    \/ StoreLocked(t) \/ XchgTail(t) \/ LinkPrev(t) \/ Fence(t) \/ SpinLocked(t)
    \/ UnlockReadNext(t) \/ UnlockCmpxchg(t) \/ UnlockWaitNext(t) \/ UnlockHandoff(t)

\* Both threads finished and every store landed: the litmus is over. A
\* stuttering step, so that the end is not reported as a deadlock.
Finished ==
    /\ \A t \in Threads : pc[t] = "done" /\ buf[t] = << >>
    /\ UNCHANGED vars

Next == (\E t \in Threads : LockStep(t) \/ Drain(t)) \/ Finished

\* Each thread keeps taking its steps, and every store buffer keeps draining.
Fairness == \A t \in Threads : WF_vars(LockStep(t)) /\ WF_vars(Drain(t))

Spec == Init /\ [][Next]_vars /\ Fairness

(***************************************************************************)
(* The properties, under their catalogue names. A lost hand-off leaves     *)
(* thread 2 trying with nobody holding the lock, for ever.                 *)
(***************************************************************************)
MutualExclusion == P!MutualExclusion
DeadlockFreedom == P!DeadlockFreedom

\* Witness (docs/vacuity.md): the store buffers do reorder. The arriver has
\* two stores in flight at once (me->locked = 1 and the link), so with the
\* release link the order it checks is one the memory could have broken.
NeverTwoBuffered == \A t \in Threads : Len(buf[t]) < 2
=============================================================================
