------------------------------- MODULE PVWeak -------------------------------
(***************************************************************************)
(* pvqspinlock's halt and kick (kernel/locking/qspinlock_paravirt.h) on    *)
(* the memory layer (Memory.tla): the hand-off slice in which a waiter     *)
(* may halt its vCPU. CPU 1 is the queue head that has just taken the lock *)
(* and passes the MCS lock on to its successor, CPU 2, which waits in      *)
(* pv_wait_node and may halt; CPU 1 then releases the lock and kicks CPU 2 *)
(* if pv_kick_node found it halted. The race the two barriers close is    *)
(* store buffering, as the comment in pv_wait_node draws it:               *)
(*                                                                         *)
(*   waiter (pv_wait_node)            kicker (queue head)                  *)
(*   [S] pn->state = vcpu_halted      [S] next->locked = 1                 *)
(*       MB                               MB (smp_mb__before_atomic)       *)
(*   [L] pn->locked                   [RmW] pn->state = vcpu_hashed        *)
(*                                                                         *)
(* If both loads miss the other's store, the waiter halts and nobody will  *)
(* kick it: a lost wake-up.                                                *)
(*                                                                         *)
(*   kicker: arch_mcs_spin_unlock_contended   Handoff    release store   *)
(*           pv_kick_node: smp_mb__before_atomic  KickMb   mb             *)
(*                         cmpxchg_relaxed(state)  KickCmpxchg  relaxed   *)
(*                         WRITE_ONCE(locked, _Q_SLOW_VAL)  SlowStore once *)
(*           __pv_queued_spin_unlock: cmpxchg_release  Unlock  release    *)
(*           slowpath: smp_store_release(locked, 0)  UnlockSlow  release  *)
(*                     pv_kick(cpu)                  Kick                  *)
(*   waiter: pv_wait_node: READ_ONCE(node->locked)  Spin        once      *)
(*           smp_store_mb(pn->state, vcpu_halted)   StoreHalted, WaitMb   *)
(*           READ_ONCE(node->locked)                Recheck     once      *)
(*           pv_wait(&pn->state, vcpu_halted)       Halt, Sleep           *)
(*           cmpxchg(&pn->state, vcpu_halted, vcpu_running)  Reset  full  *)
(*                                                                         *)
(* The slice leaves out what is not in the race: the hash table (the      *)
(* unlock knows the node it kicks), the waiter's later wait as queue head, *)
(* and spurious wake-ups (pv_wait may return early; a model that must     *)
(* show a lost wake-up cannot let one rescue it). pv_wait is a hypercall: *)
(* the hypervisor re-reads pn->state and halts only if it is still        *)
(* vcpu_halted; a kick that comes first is remembered (KVM's pv_unhalt),  *)
(* so the halt then returns at once. pv_kick is a hypercall too, so it    *)
(* waits for the kicker's store buffer to drain.                          *)
(*                                                                         *)
(* Property: NoLostWakeup, the waiter eventually owns its node's lock,    *)
(* and the deadlock check: a lost wake-up strands the waiter halted.      *)
(***************************************************************************)
EXTENDS Naturals, Sequences

CONSTANTS
    MemoryModel,    \* "SC", "TSO" or "WMO" (Memory.tla)
    BufferDepth,    \* store-buffer entries per CPU (Memory.tla)
    Weaken          \* a set of "access:order": accesses whose order is not the kernel's

\* Memory.tla states these too, but TLC checks only the assumptions of the root module.
ASSUME MemoryModelAssumption == MemoryModel \in {"SC", "TSO", "WMO"}
ASSUME BufferDepthAssumption == BufferDepth \in Nat /\ BufferDepth >= 1

Kicker == 1
Waiter == 2
CPUs == {Kicker, Waiter}

\* The orders in kernel/locking/qspinlock_paravirt.h and qspinlock.c.
Kernel == [mcs_handoff  |-> "release", kick_mb      |-> "mb",
           kick_cmpxchg |-> "relaxed", slow_store   |-> "once",
           unlock       |-> "release", unlock_slow  |-> "release",
           spin         |-> "once",    store_halted |-> "once",
           wait_mb      |-> "mb",      recheck      |-> "once",
           reset        |-> "full"]

\* pn->state and lock->locked values.
Running == 0
Halted  == 1
Hashed  == 2
LockedVal == 1
SlowVal   == 3

\* The locations, << name, index >> (Memory.tla).
LNodeLocked == << "node_locked", Waiter >>
LState      == << "state", Waiter >>
LLock       == << "lock_locked", 0 >>

VARIABLES
    mem,        \* the memory (Memory.tla)
    buf,        \* every CPU's store buffer (Memory.tla)
    pc,         \* program counter of each CPU
    kicked      \* the hypervisor's pending wake-up for the waiter (pv_unhalt)

vars == << mem, buf, pc, kicked >>

M == INSTANCE Memory

ASSUME WeakenAssumption == M!WeakenValid(Kernel, Weaken)

\* The order of access a in this model.
O(a) == M!OrderOf(Kernel, Weaken, a)

Locs == {LNodeLocked, LState, LLock}

KickerPCs == {"handoff", "kick_mb", "kick_cmpxchg", "slow_store", "unlock", "unlock_slow", "kick", "done"}
WaiterPCs == {"spin", "store_halted", "wait_mb", "recheck", "halt", "halted", "reset", "done"}

TypeOK ==
    /\ pc[Kicker] \in KickerPCs /\ pc[Waiter] \in WaiterPCs
    /\ kicked \in BOOLEAN
    /\ DOMAIN mem = Locs
    /\ \A t \in CPUs : Len(buf[t]) <= BufferDepth

\* The kicker owns the lock and its successor is linked behind it.
Init ==
    /\ mem = [l \in Locs |-> IF l = LLock THEN LockedVal ELSE 0]
    /\ buf = M!EmptyBuffers
    /\ pc = [t \in CPUs |-> IF t = Kicker THEN "handoff" ELSE "spin"]
    /\ kicked = FALSE

Go(t, p) == pc' = [pc EXCEPT ![t] = p]

\* A barrier step: smp_mb() waits for an empty buffer; "none" (a mutant) does nothing.
Barrier(t, o) == IF o = "mb" THEN M!MbReady(t) ELSE TRUE

(***************************************************************************)
(* The kicker: the queue head that owns the lock                          *)
(***************************************************************************)
\* arch_mcs_spin_unlock_contended(&next->locked): smp_store_release(l, 1)
Handoff ==
    /\ pc[Kicker] = "handoff"
    /\ M!Store(Kicker, LNodeLocked, 1, O("mcs_handoff"))
    /\ Go(Kicker, "kick_mb")
    /\ UNCHANGED kicked

\* pv_kick_node: smp_mb__before_atomic()
KickMb ==
    /\ pc[Kicker] = "kick_mb"
    /\ Barrier(Kicker, O("kick_mb"))
    /\ Go(Kicker, "kick_cmpxchg")
    /\ UNCHANGED << mem, buf, kicked >>

\* if (cmpxchg_relaxed(&pn->state, vcpu_halted, vcpu_hashed) != vcpu_halted) return;
KickCmpxchg ==
    /\ pc[Kicker] = "kick_cmpxchg"
    /\ M!RmwReady(Kicker, LState, O("kick_cmpxchg"))
    /\ IF M!RmwRead(LState) = Halted
       THEN /\ M!RmwWrite(Kicker, LState, Hashed, O("kick_cmpxchg"))
            /\ Go(Kicker, "slow_store")
       ELSE /\ M!RmwFail(Kicker)
            /\ Go(Kicker, "unlock")
    /\ UNCHANGED kicked

\* WRITE_ONCE(lock->locked, _Q_SLOW_VAL); pv_hash(lock, pn)
SlowStore ==
    /\ pc[Kicker] = "slow_store"
    /\ M!Store(Kicker, LLock, SlowVal, O("slow_store"))
    /\ Go(Kicker, "unlock")
    /\ UNCHANGED kicked

\* __pv_queued_spin_unlock: locked = cmpxchg_release(&lock->locked, _Q_LOCKED_VAL, 0)
Unlock ==
    /\ pc[Kicker] = "unlock"
    /\ M!RmwReady(Kicker, LLock, O("unlock"))
    /\ IF M!RmwRead(LLock) = LockedVal
       THEN /\ M!RmwWrite(Kicker, LLock, 0, O("unlock"))
            /\ Go(Kicker, "done")
       ELSE /\ M!RmwFail(Kicker)
            /\ Go(Kicker, "unlock_slow")
    /\ UNCHANGED kicked

\* __pv_queued_spin_unlock_slowpath: pv_unhash; smp_store_release(&lock->locked, 0)
UnlockSlow ==
    /\ pc[Kicker] = "unlock_slow"
    /\ M!Store(Kicker, LLock, 0, O("unlock_slow"))
    /\ Go(Kicker, "kick")
    /\ UNCHANGED kicked

\* pv_kick(node->cpu): a hypercall, after the kicker's buffer has drained.
Kick ==
    /\ pc[Kicker] = "kick"
    /\ M!MbReady(Kicker)
    /\ kicked' = TRUE
    /\ Go(Kicker, "done")
    /\ UNCHANGED << mem, buf >>

(***************************************************************************)
(* The waiter: pv_wait_node                                                *)
(***************************************************************************)
\* if (READ_ONCE(node->locked)) return; (the spin, one round of it)
Spin ==
    /\ pc[Waiter] = "spin"
    /\ Go(Waiter, IF M!Load(Waiter, LNodeLocked) = 1 THEN "done" ELSE "store_halted")
    /\ UNCHANGED << mem, buf, kicked >>

\* smp_store_mb(pn->state, vcpu_halted): the store ...
StoreHalted ==
    /\ pc[Waiter] = "store_halted"
    /\ M!Store(Waiter, LState, Halted, O("store_halted"))
    /\ Go(Waiter, "wait_mb")
    /\ UNCHANGED kicked

\* ... and its smp_mb()
WaitMb ==
    /\ pc[Waiter] = "wait_mb"
    /\ Barrier(Waiter, O("wait_mb"))
    /\ Go(Waiter, "recheck")
    /\ UNCHANGED << mem, buf, kicked >>

\* if (!READ_ONCE(node->locked)) pv_wait(&pn->state, vcpu_halted);
Recheck ==
    /\ pc[Waiter] = "recheck"
    /\ Go(Waiter, IF M!Load(Waiter, LNodeLocked) = 1 THEN "reset" ELSE "halt")
    /\ UNCHANGED << mem, buf, kicked >>

\* pv_wait: a hypercall (the buffer drains); the hypervisor halts the vCPU
\* only while pn->state is still vcpu_halted.
Halt ==
    /\ pc[Waiter] = "halt"
    /\ M!MbReady(Waiter)
    /\ Go(Waiter, IF M!Load(Waiter, LState) = Halted THEN "halted" ELSE "reset")
    /\ UNCHANGED << mem, buf, kicked >>

\* Halted until kicked (a kick that came first is consumed at once).
Sleep ==
    /\ pc[Waiter] = "halted"
    /\ kicked
    /\ kicked' = FALSE
    /\ Go(Waiter, "reset")
    /\ UNCHANGED << mem, buf >>

\* cmpxchg(&pn->state, vcpu_halted, vcpu_running); then the loop re-reads locked.
Reset ==
    /\ pc[Waiter] = "reset"
    /\ M!RmwReady(Waiter, LState, O("reset"))
    /\ IF M!RmwRead(LState) = Halted
       THEN M!RmwWrite(Waiter, LState, Running, O("reset"))
       ELSE M!RmwFail(Waiter)
    /\ Go(Waiter, "spin")
    /\ UNCHANGED kicked

(***************************************************************************)
(* The specification                                                       *)
(***************************************************************************)
KickerStep == Handoff \/ KickMb \/ KickCmpxchg \/ SlowStore \/ Unlock \/ UnlockSlow \/ Kick
WaiterStep == Spin \/ StoreHalted \/ WaitMb \/ Recheck \/ Halt \/ Sleep \/ Reset

Drain(t) == M!Drain(t) /\ UNCHANGED << pc, kicked >>

\* Once both are done, nothing is left to do: that is not a deadlock.
Finished == pc[Kicker] = "done" /\ pc[Waiter] = "done" /\ \A t \in CPUs : buf[t] = << >>
Terminated == Finished /\ UNCHANGED vars

Next ==
    \/ Handoff \/ KickMb \/ KickCmpxchg \/ SlowStore \/ Unlock \/ UnlockSlow \/ Kick
    \/ Spin \/ StoreHalted \/ WaitMb \/ Recheck \/ Halt \/ Sleep \/ Reset
    \/ \E t \in CPUs : Drain(t)
    \/ Terminated

Fairness == WF_vars(KickerStep) /\ WF_vars(WaiterStep) /\ \A t \in CPUs : WF_vars(Drain(t))

Spec == Init /\ [][Next]_vars /\ Fairness

(***************************************************************************)
(* The properties                                                          *)
(***************************************************************************)
\* The waiter, handed the lock, is due to run until it owns its node's lock;
\* Properties.tla's NoLostWakeup over that one CPU.
Waiting == IF pc[Waiter] = "done" THEN {} ELSE {Waiter}
Owning  == IF pc[Waiter] = "done" THEN {Waiter} ELSE {}
P == INSTANCE Properties WITH Threads <- {Waiter}, trying <- Waiting, holders <- Owning
NoLostWakeup == P!NoLostWakeup

(***************************************************************************)
(* Witnesses (docs/vacuity.md)                                             *)
(***************************************************************************)
\* The waiter halts its vCPU.
NeverHalts == pc[Waiter] # "halted"
\* pv_kick_node finds the waiter halted and marks the lock for a slow unlock.
NeverHashed == pc[Kicker] # "slow_store"
\* The waiter reads its node's lock before the hand-off lands (the spin misses it).
NeverMissed == pc[Waiter] # "store_halted"
=============================================================================
