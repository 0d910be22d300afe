------------------------------- MODULE PVWeak -------------------------------
(***************************************************************************)
(* pvqspinlock (kernel/locking/qspinlock_paravirt.h) on the memory layer   *)
(* (Memory.tla), two CPUs, with data in the critical section              *)
(* (CriticalSection.tla). CPU 1, the kicker, is the queue head that has    *)
(* found the lock free: it takes it (set_locked), passes the MCS lock on   *)
(* to its successor, CPU 2, runs pv_kick_node, its critical section and   *)
(* the unlock. The waiter waits in pv_wait_node, where it may halt, then  *)
(* as queue head in pv_wait_head_or_lock, where it may hash the lock, set  *)
(* _Q_SLOW_VAL and halt again; it takes the lock, runs its critical       *)
(* section and unlocks.                                                    *)
(* Both of pvqspinlock's halts and their kicks are here, with the hash     *)
(* table between the head that halts and the unlock that must find it.     *)
(*                                                                         *)
(* Three races need barriers. The node's halt is store buffering, as the  *)
(* comment in pv_wait_node draws it:                                       *)
(*                                                                         *)
(*   waiter (pv_wait_node)            kicker (queue head)                  *)
(*   [S] pn->state = vcpu_halted      [S] next->locked = 1                 *)
(*       MB                               MB (smp_mb__before_atomic)       *)
(*   [L] pn->locked                   [RmW] pn->state = vcpu_hashed        *)
(*                                                                         *)
(* The head's halt is message passing through the lock word, as the       *)
(* comments at pv_wait_head_or_lock's xchg and in the unlock slowpath     *)
(* draw it: the head hashes, then sets _Q_SLOW_VAL with a fully ordered   *)
(* xchg; the unlock that reads _Q_SLOW_VAL (its cmpxchg fails, and a      *)
(* failed cmpxchg orders nothing) reads the entry after an smp_rmb(). And *)
(* the critical section's data passes from one holder to the next by the  *)
(* unlock's release and the head's acquire (trylock_clear_pending).        *)
(*                                                                         *)
(*   kicker: set_locked                          SetLocked    once        *)
(*           arch_mcs_spin_unlock_contended      Handoff      release     *)
(*           pv_kick_node: smp_mb__before_atomic  KickMb       mb          *)
(*                 cmpxchg_relaxed(state)         KickCmpxchg  relaxed     *)
(*                 WRITE_ONCE(locked, _Q_SLOW_VAL) SlowStore   once        *)
(*                 pv_hash(lock, pn)              KickHash     relaxed     *)
(*   either: __pv_queued_spin_unlock: cmpxchg_release  Unlock   release   *)
(*           slowpath: smp_rmb()                  (UnhashEarly) rmb        *)
(*                     pv_unhash(lock)            Unhash       once        *)
(*                     smp_store_release(locked, 0)  UnlockSlow release   *)
(*                     pv_kick(node->cpu)         Kick                     *)
(*   waiter: pv_wait_node: READ_ONCE(node->locked)  Spin        once      *)
(*           smp_store_mb(pn->state, vcpu_halted)   StoreHalted, WaitMb   *)
(*           READ_ONCE(node->locked)                Recheck     once      *)
(*           pv_wait(&pn->state, vcpu_halted)       Halt, Sleep           *)
(*           cmpxchg(&pn->state, halted, running)   Reset       full      *)
(*           pv_wait_head_or_lock: READ_ONCE(pn->state)  HeadState  once  *)
(*           WRITE_ONCE(pn->state, vcpu_running)    HeadRunning once      *)
(*           trylock_clear_pending                  Trylock     acquire   *)
(*           pv_hash(lock, pn)                      HeadHash    relaxed   *)
(*           xchg(&lock->locked, _Q_SLOW_VAL)       HeadXchg    full      *)
(*           WRITE_ONCE(lock->locked, _Q_LOCKED_VAL)  HeadSetLocked once  *)
(*           WRITE_ONCE(pn->state, vcpu_hashed)     HeadStoreHashed once  *)
(*           pv_wait(&lock->locked, _Q_SLOW_VAL)    HeadWait, HeadSleep   *)
(*                                                                         *)
(* What the model leaves out, and why nothing here depends on it:         *)
(* - the pending bit (set_pending, clear_pending): it keeps a third CPU   *)
(*   from stealing the lock, and there is none; trylock_clear_pending is  *)
(*   then a cmpxchg_acquire of the locked byte from 0.                     *)
(* - SPIN_THRESHOLD is 1: each spin loop makes one try before it halts or *)
(*   hashes; a longer spin only repeats states.                            *)
(* - the hash table is one bucket holding the node (0: empty), written by *)
(*   pv_hash's cmpxchg_relaxed on the key (the node's WRITE_ONCE that      *)
(*   follows it is folded in: both are before the head's xchg and after   *)
(*   the unlock's smp_rmb, so no order between the two is observable).     *)
(*   The entry's clearing (pv_unhash's WRITE_ONCE(he->lock, NULL), the     *)
(*   head's store of NULL through lp) is left out: nothing reads the     *)
(*   entry after it in a two-CPU run. PV.tla has the table in full.       *)
(* - spurious wake-ups: pv_wait may return early, and one could hide a    *)
(*   lost kick. pv_wait is a hypercall: the hypervisor re-reads the word  *)
(*   it waits on and halts only if it still holds the value; a kick that  *)
(*   comes first is remembered (KVM's pv_unhalt), so the halt then returns *)
(*   at once. pv_kick is a hypercall too: the kicker's buffer drains.      *)
(*                                                                         *)
(* Loads in program order, except two that may be satisfied early under  *)
(* WMO (Memory's LoadsEarly): the waiter's critical-section loads, before *)
(* the read of the lock word that takes the lock (its trylock's, or its   *)
(* xchg's) unless that is an acquire or fully ordered (ReadEarly), and    *)
(* the unlock's read of the entry, before its cmpxchg's read of the lock  *)
(* word unless smp_rmb() stands between (UnhashEarly). An early read made  *)
(* at those program points is as early as any: the values it can see     *)
(* change only by the other CPU's stores, and the CPU may wait at the     *)
(* point as long as it likes. Every other load is its CPU's first, or     *)
(* follows a full barrier, a hypercall or an RMW of its own location, or  *)
(* reads what no other CPU has written by then (the kicker's critical     *)
(* section; the head's READ_ONCE(pn->state) when pv_wait_node stored no   *)
(* vcpu_halted), so an early satisfaction could not change its value.     *)
(*                                                                         *)
(* Properties (Properties.tla): MutualExclusion, HandoffVisibility, the   *)
(* unlock's HashConsistent (it finds the node whenever it saw             *)
(* _Q_SLOW_VAL), and NoLostWakeup, the waiter eventually in its critical  *)
(* section; a lost wake-up strands it halted.                              *)
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
Kernel == [mcs_handoff  |-> "release", kick_mb       |-> "mb",
           kick_cmpxchg |-> "relaxed", slow_store    |-> "once",
           hash         |-> "relaxed", unlock        |-> "release",
           unlock_rmb   |-> "rmb",     unhash        |-> "once",
           unlock_slow  |-> "release", spin          |-> "once",
           store_halted |-> "once",    wait_mb       |-> "mb",
           recheck      |-> "once",    reset         |-> "full",
           head_state   |-> "once",    head_running  |-> "once",
           trylock      |-> "acquire", head_xchg     |-> "full",
           head_set_locked |-> "once", head_store_hashed |-> "once",
           set_locked   |-> "once"]

\* pn->state and lock->locked values.
Running == 0
Halted  == 1
Hashed  == 2
LockedVal == 1
SlowVal   == 3

\* The hash bucket holds a node (the waiter's) or 0; the unlock's read of it,
\* before it is made, is HashUnread.
HashUnread == 9

\* The locations, << name, index >> (Memory.tla).
LNodeLocked == << "node_locked", Waiter >>
LState      == << "state", Waiter >>
LLock       == << "lock_locked", 0 >>
LHash       == << "hash", 0 >>

VARIABLES
    mem,        \* the memory (Memory.tla)
    buf,        \* every CPU's store buffer (Memory.tla)
    pc,         \* program counter of each CPU
    kicked,     \* the hypervisor's pending wake-up for the waiter (pv_unhalt)
    lp,         \* the waiter's lp in pv_wait_head_or_lock: the lock is hashed for it
    unhashed,   \* per CPU, the node its unlock's pv_unhash read (HashUnread before)
    rx, ry,     \* the critical section's reads of x and y (NotRead before)
    gen         \* ghost: critical sections completed, modulo 2

vars == << mem, buf, pc, kicked, lp, unhashed, rx, ry, gen >>

M == INSTANCE Memory

\* The critical section (CriticalSection.tla); after it, the unlock.
CS == INSTANCE CriticalSection WITH lockVars <- << kicked, lp, unhashed >>, AfterCs <- "unlock"
NotRead == CS!NotRead
LX      == CS!LX
LY      == CS!LY

ASSUME WeakenAssumption == M!WeakenValid(Kernel, Weaken)

\* The order of access a in this model.
O(a) == M!OrderOf(Kernel, Weaken, a)

Locs == {LNodeLocked, LState, LLock, LHash, LX, LY}

CsPCs     == CS!CsPCs
UnlockPCs == {"unlock", "unhash", "unlock_slow", "kick", "done"}
KickerPCs == {"set_locked", "handoff", "kick_mb", "kick_cmpxchg", "slow_store", "kick_hash"} \cup CsPCs \cup UnlockPCs
NodePCs   == {"spin", "store_halted", "wait_mb", "recheck", "halt", "halted", "reset"}
HeadPCs   == {"head_state", "head_running", "trylock", "head_hash", "head_xchg", "head_set_locked",
              "head_store_hashed", "head_wait", "head_halted"}
WaiterPCs == NodePCs \cup HeadPCs \cup CsPCs \cup UnlockPCs

TypeOK ==
    /\ pc[Kicker] \in KickerPCs /\ pc[Waiter] \in WaiterPCs
    /\ kicked \in BOOLEAN /\ lp \in BOOLEAN
    /\ unhashed \in [CPUs -> {0, Waiter, HashUnread}]
    /\ rx \in [CPUs -> {0, 1, NotRead}] /\ ry \in [CPUs -> {0, 1, NotRead}]
    /\ gen \in {0, 1}
    /\ DOMAIN mem = Locs
    /\ \A t \in CPUs : Len(buf[t]) <= BufferDepth

\* The kicker, queue head, has found the lock free and its successor linked
\* behind it; it is about to take the lock.
Init ==
    /\ mem = [l \in Locs |-> 0]
    /\ buf = M!EmptyBuffers
    /\ pc = [t \in CPUs |-> IF t = Kicker THEN "set_locked" ELSE "spin"]
    /\ kicked = FALSE
    /\ lp = FALSE
    /\ unhashed = [t \in CPUs |-> HashUnread]
    /\ rx = [t \in CPUs |-> NotRead]
    /\ ry = [t \in CPUs |-> NotRead]
    /\ gen = 0

Go(t, p) == pc' = [pc EXCEPT ![t] = p]

\* A barrier step: smp_mb() waits for an empty buffer; "none" (a mutant) does nothing.
Barrier(t, o) == IF o = "mb" THEN M!MbReady(t) ELSE TRUE

(***************************************************************************)
(* The kicker: the queue head that has taken the lock                     *)
(***************************************************************************)
\* set_locked(lock): WRITE_ONCE(lock->locked, _Q_LOCKED_VAL)
SetLocked ==
    /\ pc[Kicker] = "set_locked"
    /\ M!Store(Kicker, LLock, LockedVal, O("set_locked"))
    /\ Go(Kicker, "handoff")
    /\ UNCHANGED << kicked, lp, unhashed, rx, ry, gen >>

\* arch_mcs_spin_unlock_contended(&next->locked): smp_store_release(l, 1)
Handoff ==
    /\ pc[Kicker] = "handoff"
    /\ M!Store(Kicker, LNodeLocked, 1, O("mcs_handoff"))
    /\ Go(Kicker, "kick_mb")
    /\ UNCHANGED << kicked, lp, unhashed, rx, ry, gen >>

\* pv_kick_node: smp_mb__before_atomic()
KickMb ==
    /\ pc[Kicker] = "kick_mb"
    /\ Barrier(Kicker, O("kick_mb"))
    /\ Go(Kicker, "kick_cmpxchg")
    /\ UNCHANGED << mem, buf, kicked, lp, unhashed, rx, ry, gen >>

\* pv_kick_node: if (cmpxchg_relaxed(&pn->state, vcpu_halted, vcpu_hashed)
\* != vcpu_halted) return;
KickCmpxchg ==
    /\ pc[Kicker] = "kick_cmpxchg"
    /\ M!RmwReady(Kicker, LState, O("kick_cmpxchg"))
    /\ IF M!RmwRead(LState) = Halted
       THEN /\ M!RmwWrite(Kicker, LState, Hashed, O("kick_cmpxchg"))
            /\ Go(Kicker, "slow_store")
       ELSE /\ M!RmwFail(Kicker)
            /\ Go(Kicker, "cs_read")
    /\ UNCHANGED << kicked, lp, unhashed, rx, ry, gen >>

\* pv_kick_node: WRITE_ONCE(lock->locked, _Q_SLOW_VAL)
SlowStore ==
    /\ pc[Kicker] = "slow_store"
    /\ M!Store(Kicker, LLock, SlowVal, O("slow_store"))
    /\ Go(Kicker, "kick_hash")
    /\ UNCHANGED << kicked, lp, unhashed, rx, ry, gen >>

\* pv_kick_node: (void)pv_hash(lock, pn), on the halted head's behalf
KickHash ==
    /\ pc[Kicker] = "kick_hash"
    /\ M!RmwReady(Kicker, LHash, O("hash"))
    /\ M!RmwWrite(Kicker, LHash, Waiter, O("hash"))
    /\ Go(Kicker, "cs_read")
    /\ UNCHANGED << kicked, lp, unhashed, rx, ry, gen >>

(***************************************************************************)
(* The unlock, by either CPU                                               *)
(***************************************************************************)
\* __pv_queued_spin_unlock: locked = cmpxchg_release(&lock->locked, _Q_LOCKED_VAL, 0);
\* an entry read early and not needed is dropped.
Unlock(t) ==
    /\ pc[t] = "unlock"
    /\ M!RmwReady(t, LLock, O("unlock"))
    /\ IF M!RmwRead(LLock) = LockedVal
       THEN /\ M!RmwWrite(t, LLock, 0, O("unlock"))
            /\ unhashed' = [unhashed EXCEPT ![t] = HashUnread]
            /\ Go(t, "done")
       ELSE /\ M!RmwFail(t)
            /\ Go(t, "unhash")
            /\ UNCHANGED unhashed
    /\ UNCHANGED << kicked, lp, rx, ry, gen >>

\* __pv_queued_spin_unlock_slowpath: pv_unhash's read of the bucket satisfied
\* before the cmpxchg's read of the lock word: under WMO, unless smp_rmb() is
\* between them.
UnhashEarly(t) ==
    /\ pc[t] = "unlock"
    /\ unhashed[t] = HashUnread
    /\ M!LoadsEarly(O("unlock")) /\ M!LoadsEarly(O("unlock_rmb"))
    /\ unhashed' = [unhashed EXCEPT ![t] = M!Load(t, LHash)]
    /\ UNCHANGED << mem, buf, pc, kicked, lp, rx, ry, gen >>

\* __pv_queued_spin_unlock_slowpath: smp_rmb(); node = pv_unhash(lock)
Unhash(t) ==
    /\ pc[t] = "unhash"
    /\ unhashed' = [unhashed EXCEPT ![t] = IF @ = HashUnread THEN M!Load(t, LHash) ELSE @]
    /\ Go(t, "unlock_slow")
    /\ UNCHANGED << mem, buf, kicked, lp, rx, ry, gen >>

\* __pv_queued_spin_unlock_slowpath: smp_store_release(&lock->locked, 0)
UnlockSlow(t) ==
    /\ pc[t] = "unlock_slow"
    /\ M!Store(t, LLock, 0, O("unlock_slow"))
    /\ Go(t, "kick")
    /\ UNCHANGED << kicked, lp, unhashed, rx, ry, gen >>

\* __pv_queued_spin_unlock_slowpath: pv_kick(node->cpu), a hypercall, after the
\* buffer has drained; an empty bucket (the kernel's BUG() in pv_unhash) kicks no one.
Kick(t) ==
    /\ pc[t] = "kick"
    /\ M!MbReady(t)
    /\ kicked' = (kicked \/ unhashed[t] = Waiter)
    /\ Go(t, "done")
    /\ UNCHANGED << mem, buf, lp, unhashed, rx, ry, gen >>

(***************************************************************************)
(* The waiter: pv_wait_node                                                *)
(***************************************************************************)
\* pv_wait_node: if (READ_ONCE(node->locked)) return; (the spin, one round of it)
Spin ==
    /\ pc[Waiter] = "spin"
    /\ Go(Waiter, IF M!Load(Waiter, LNodeLocked) = 1 THEN "head_state" ELSE "store_halted")
    /\ UNCHANGED << mem, buf, kicked, lp, unhashed, rx, ry, gen >>

\* pv_wait_node: smp_store_mb(pn->state, vcpu_halted), the store ...
StoreHalted ==
    /\ pc[Waiter] = "store_halted"
    /\ M!Store(Waiter, LState, Halted, O("store_halted"))
    /\ Go(Waiter, "wait_mb")
    /\ UNCHANGED << kicked, lp, unhashed, rx, ry, gen >>

\* pv_wait_node: ... and its smp_mb()
WaitMb ==
    /\ pc[Waiter] = "wait_mb"
    /\ Barrier(Waiter, O("wait_mb"))
    /\ Go(Waiter, "recheck")
    /\ UNCHANGED << mem, buf, kicked, lp, unhashed, rx, ry, gen >>

\* pv_wait_node: if (!READ_ONCE(node->locked)) pv_wait(&pn->state, vcpu_halted);
Recheck ==
    /\ pc[Waiter] = "recheck"
    /\ Go(Waiter, IF M!Load(Waiter, LNodeLocked) = 1 THEN "reset" ELSE "halt")
    /\ UNCHANGED << mem, buf, kicked, lp, unhashed, rx, ry, gen >>

\* pv_wait_node: pv_wait, a hypercall (the buffer drains); the hypervisor halts the vCPU
\* only while pn->state is still vcpu_halted.
Halt ==
    /\ pc[Waiter] = "halt"
    /\ M!MbReady(Waiter)
    /\ Go(Waiter, IF M!Load(Waiter, LState) = Halted THEN "halted" ELSE "reset")
    /\ UNCHANGED << mem, buf, kicked, lp, unhashed, rx, ry, gen >>

\* pv_wait_node: halted in pv_wait until kicked (a kick that came first is consumed at once).
Sleep ==
    /\ pc[Waiter] = "halted"
    /\ kicked
    /\ kicked' = FALSE
    /\ Go(Waiter, "reset")
    /\ UNCHANGED << mem, buf, lp, unhashed, rx, ry, gen >>

\* pv_wait_node: cmpxchg(&pn->state, vcpu_halted, vcpu_running); then the loop re-reads locked.
Reset ==
    /\ pc[Waiter] = "reset"
    /\ M!RmwReady(Waiter, LState, O("reset"))
    /\ IF M!RmwRead(LState) = Halted
       THEN M!RmwWrite(Waiter, LState, Running, O("reset"))
       ELSE M!RmwFail(Waiter)
    /\ Go(Waiter, "spin")
    /\ UNCHANGED << kicked, lp, unhashed, rx, ry, gen >>

(***************************************************************************)
(* The waiter as queue head: pv_wait_head_or_lock                          *)
(***************************************************************************)
\* pv_wait_head_or_lock: if (READ_ONCE(pn->state) == vcpu_hashed) lp = 1
\* (pv_kick_node hashed the lock for us)
HeadState ==
    /\ pc[Waiter] = "head_state"
    /\ lp' = (M!Load(Waiter, LState) = Hashed)
    /\ Go(Waiter, "head_running")
    /\ UNCHANGED << mem, buf, kicked, unhashed, rx, ry, gen >>

\* pv_wait_head_or_lock: WRITE_ONCE(pn->state, vcpu_running)
HeadRunning ==
    /\ pc[Waiter] = "head_running"
    /\ M!Store(Waiter, LState, Running, O("head_running"))
    /\ Go(Waiter, "trylock")
    /\ UNCHANGED << kicked, lp, unhashed, rx, ry, gen >>

\* trylock_clear_pending(lock): the locked byte from 0 to _Q_LOCKED_VAL,
\* acquire; a failure drops the critical section's early reads (the halt
\* path that follows has a full barrier before the next try).
Trylock ==
    /\ pc[Waiter] = "trylock"
    /\ M!RmwReady(Waiter, LLock, O("trylock"))
    /\ IF M!RmwRead(LLock) = 0
       THEN /\ M!RmwWrite(Waiter, LLock, LockedVal, O("trylock"))
            /\ Go(Waiter, "cs_read")
            /\ UNCHANGED << rx, ry >>
       ELSE /\ M!RmwFail(Waiter)
            /\ Go(Waiter, IF lp THEN "head_store_hashed" ELSE "head_hash")
            /\ CS!CsClearReads(Waiter)
    /\ UNCHANGED << kicked, lp, unhashed, gen >>

\* pv_wait_head_or_lock: if (!lp) { lp = pv_hash(lock, pn);
HeadHash ==
    /\ pc[Waiter] = "head_hash"
    /\ M!RmwReady(Waiter, LHash, O("hash"))
    /\ M!RmwWrite(Waiter, LHash, Waiter, O("hash"))
    /\ lp' = TRUE
    /\ Go(Waiter, "head_xchg")
    /\ UNCHANGED << kicked, unhashed, rx, ry, gen >>

\* pv_wait_head_or_lock: if (xchg(&lock->locked, _Q_SLOW_VAL) == 0) { ... goto gotlock; } }; a
\* failure drops early reads, as the trylock's does.
HeadXchg ==
    /\ pc[Waiter] = "head_xchg"
    /\ M!RmwReady(Waiter, LLock, O("head_xchg"))
    /\ M!RmwWrite(Waiter, LLock, SlowVal, O("head_xchg"))
    /\ IF M!RmwRead(LLock) = 0
       THEN /\ Go(Waiter, "head_set_locked")
            /\ UNCHANGED << rx, ry >>
       ELSE /\ Go(Waiter, "head_store_hashed")
            /\ CS!CsClearReads(Waiter)
    /\ UNCHANGED << kicked, lp, unhashed, gen >>

\* pv_wait_head_or_lock, the lock was free: WRITE_ONCE(lock->locked, _Q_LOCKED_VAL)
\* (the unhash after it is left out).
HeadSetLocked ==
    /\ pc[Waiter] = "head_set_locked"
    /\ M!Store(Waiter, LLock, LockedVal, O("head_set_locked"))
    /\ Go(Waiter, "cs_read")
    /\ UNCHANGED << kicked, lp, unhashed, rx, ry, gen >>

\* pv_wait_head_or_lock: WRITE_ONCE(pn->state, vcpu_hashed)
HeadStoreHashed ==
    /\ pc[Waiter] = "head_store_hashed"
    /\ M!Store(Waiter, LState, Hashed, O("head_store_hashed"))
    /\ Go(Waiter, "head_wait")
    /\ UNCHANGED << kicked, lp, unhashed, rx, ry, gen >>

\* pv_wait_head_or_lock: pv_wait(&lock->locked, _Q_SLOW_VAL), a hypercall; the vCPU halts only
\* while the locked byte is still _Q_SLOW_VAL, else the loop tries again.
HeadWait ==
    /\ pc[Waiter] = "head_wait"
    /\ M!MbReady(Waiter)
    /\ Go(Waiter, IF M!Load(Waiter, LLock) = SlowVal THEN "head_halted" ELSE "head_running")
    /\ UNCHANGED << mem, buf, kicked, lp, unhashed, rx, ry, gen >>

\* pv_wait_head_or_lock: halted in pv_wait until kicked; then round the loop again.
HeadSleep ==
    /\ pc[Waiter] = "head_halted"
    /\ kicked
    /\ kicked' = FALSE
    /\ Go(Waiter, "head_running")
    /\ UNCHANGED << mem, buf, lp, unhashed, rx, ry, gen >>

(***************************************************************************)
(* The critical section                                                    *)
(***************************************************************************)
\* Where the waiter's CsRead may be satisfied early: before the read of the
\* lock word that takes the lock, unless that read is an acquire (see the
\* header): its trylock's, or its xchg's after it has hashed.
EarlyRead(t) ==
    /\ t = Waiter
    /\ \/ pc[t] = "trylock" /\ M!LoadsEarly(O("trylock"))
       \/ pc[t] \in {"head_hash", "head_xchg"} /\ M!LoadsEarly(O("head_xchg"))

\* The critical section's actions (CriticalSection.tla), each behind its
\* program counter so that TLC names and counts it as this module's.
ReadEarly(t) == EarlyRead(t) /\ CS!CsLoadEarly(t)
CsRead(t)    == pc[t] = "cs_read"    /\ CS!CsLoad(t)
CsWriteX(t)  == pc[t] = "cs_write_x" /\ CS!CsStoreX(t)
CsWriteY(t)  == pc[t] = "cs_write_y" /\ CS!CsStoreY(t)

(***************************************************************************)
(* The specification                                                       *)
(***************************************************************************)
CommonStep(t) ==
    \/ CsRead(t) \/ CsWriteX(t) \/ CsWriteY(t)
    \/ Unlock(t) \/ Unhash(t) \/ UnlockSlow(t) \/ Kick(t)
KickerStep ==
    \/ SetLocked \/ Handoff \/ KickMb \/ KickCmpxchg \/ SlowStore \/ KickHash \/ CommonStep(Kicker)
WaiterStep ==
    \/ Spin \/ StoreHalted \/ WaitMb \/ Recheck \/ Halt \/ Sleep \/ Reset
    \/ HeadState \/ HeadRunning \/ Trylock \/ HeadHash \/ HeadXchg \/ HeadSetLocked
    \/ HeadStoreHashed \/ HeadWait \/ HeadSleep \/ CommonStep(Waiter)

Drain(t) == M!Drain(t) /\ UNCHANGED << pc, kicked, lp, unhashed, rx, ry, gen >>

\* Once both are done, nothing is left to do: that is not a deadlock.
Finished == \A t \in CPUs : pc[t] = "done" /\ buf[t] = << >>
Terminated == Finished /\ UNCHANGED vars

Next ==
    \/ KickerStep \/ WaiterStep
    \/ \E t \in CPUs : ReadEarly(t) \/ UnhashEarly(t) \/ Drain(t)
    \/ Terminated

\* Each CPU keeps taking its steps and its buffer keeps draining; an early
\* read is a choice the hardware may make, never one it must.
Fairness == WF_vars(KickerStep) /\ WF_vars(WaiterStep) /\ \A t \in CPUs : WF_vars(Drain(t))

Spec == Init /\ [][Next]_vars /\ Fairness

(***************************************************************************)
(* The properties (Properties.tla's catalogue)                            *)
(***************************************************************************)
Holders   == { t \in CPUs : pc[t] \in CsPCs }
TryingSet == IF pc[Waiter] \in NodePCs \cup HeadPCs THEN {Waiter} ELSE {}
P == INSTANCE Properties WITH Threads <- CPUs, trying <- TryingSet, holders <- Holders

MutualExclusion == P!MutualExclusion
\* A holder reads the data as the last holder left it: x and y both equal gen.
Seen(t) == CS!Seen(t)
HandoffVisibility == P!HandoffVisibility(CS!Readers, Seen, gen)
\* The bucket as the unlock's slowpath read it: the node is there whenever the
\* unlock saw _Q_SLOW_VAL (from pv_unhash's read on).
HashConsistent == \A t \in CPUs :
    P!HashConsistent(LAMBDA k : IF unhashed[t] = k THEN 1 ELSE 0, {Waiter}, pc[t] \in {"unlock_slow", "kick"})
\* The waiter, trying, eventually holds the lock.
NoLostWakeup == P!NoLostWakeup

(***************************************************************************)
(* Witnesses (docs/vacuity.md)                                             *)
(***************************************************************************)
\* The waiter halts its vCPU in pv_wait_node.
NeverHalts == pc[Waiter] # "halted"
\* pv_kick_node finds the waiter halted and marks the lock for a slow unlock.
NeverHashed == pc[Kicker] # "slow_store"
\* The waiter reads its node's lock before the hand-off lands (the spin misses it).
NeverMissed == pc[Waiter] # "store_halted"
\* The head hashes the lock itself, sets _Q_SLOW_VAL and halts in pv_wait.
NeverHeadHalts == pc[Waiter] # "head_halted"
\* The unlock finds _Q_SLOW_VAL and takes the slowpath.
NeverSlowUnlock == pc[Kicker] # "unhash"
=============================================================================
