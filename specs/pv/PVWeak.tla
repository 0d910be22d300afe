------------------------------- MODULE PVWeak -------------------------------
(***************************************************************************)
(* pvqspinlock (kernel/locking/qspinlock_paravirt.h) on the memory layer   *)
(* (Memory.tla), N CPUs queued one behind another (N = 2 or 3), with data *)
(* in the critical section (CriticalSection.tla). CPU 1 is the queue head *)
(* that has found the lock free: it takes it (set_locked), passes the MCS *)
(* lock on to CPU 2 and runs pv_kick_node on CPU 2's node, its critical   *)
(* section and the unlock. Each CPU t > 1 waits in pv_wait_node, where it *)
(* may halt, then as queue head in pv_wait_head_or_lock, where it may hash *)
(* the lock, set _Q_SLOW_VAL and halt again; it takes the lock and, when  *)
(* a CPU is queued behind it (t < N), does what CPU 1 did for that one    *)
(* (set_locked, the hand-off, pv_kick_node); then its critical section    *)
(* and the unlock. At N = 3 the middle CPU is both kicked and kicker, and *)
(* the one hash entry is cleared (by pv_unhash, or by the head that took  *)
(* the lock with its xchg) and claimed again for the next node.           *)
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
(*   kicker (t < N, for node t + 1):                                       *)
(*           set_locked                          SetLocked    once        *)
(*           arch_mcs_spin_unlock_contended      Handoff      release     *)
(*           pv_kick_node: smp_mb__before_atomic  KickMb       mb          *)
(*                 cmpxchg_relaxed(state)         KickCmpxchg  relaxed     *)
(*                 WRITE_ONCE(locked, _Q_SLOW_VAL) SlowStore   once        *)
(*                 pv_hash(lock, pn)              KickHash     relaxed     *)
(*   each: __pv_queued_spin_unlock: cmpxchg_release  Unlock   release     *)
(*           slowpath: smp_rmb()                  (UnhashEarly) rmb        *)
(*                     pv_unhash: READ_ONCE(he->node)  Unhash  once        *)
(*                       WRITE_ONCE(he->lock, NULL)  UnhashClear once     *)
(*                     smp_store_release(locked, 0)  UnlockSlow release   *)
(*                     pv_kick(node->cpu)         Kick                     *)
(*   waiter (t > 1):                                                       *)
(*           pv_wait_node: READ_ONCE(node->locked)  Spin        once      *)
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
(*           WRITE_ONCE(lp[0], NULL), i.e. *lp      HeadUnhash  once      *)
(*           WRITE_ONCE(pn->state, vcpu_hashed)     HeadStoreHashed once  *)
(*           pv_wait(&lock->locked, _Q_SLOW_VAL)    HeadWait, HeadSleep   *)
(*                                                                         *)
(* What the model leaves out, and why nothing here depends on it:         *)
(* - the pending bit and lock stealing: a CPU entering the queue path    *)
(*   (pv_hybrid_queued_unfair_trylock) may take the lock while the queue  *)
(*   waits, unless the head has set the pending bit. Every CPU here is    *)
(*   queued, so trylock_clear_pending is a cmpxchg_acquire of the locked  *)
(*   byte from 0. The pending bit would need mixed-size accesses, which   *)
(*   the layer does not have: set_pending and trylock_clear_pending act   *)
(*   on the locked and pending bytes together (a halfword, or the word    *)
(*   when NR_CPUS >= 16K), set_locked, the xchg and the unlock on the     *)
(*   locked byte alone. PV.tla has stealing and the pending bit (at SC).  *)
(* - the tail: the last CPU's cmpxchg that clears the tail (no one queued *)
(*   behind it) leaves the locked byte as it is, so it is not modelled.   *)
(* - SPIN_THRESHOLD is 1: each spin loop makes one try before it halts or *)
(*   hashes; a longer spin only repeats states.                            *)
(* - the hash table is one bucket holding a node (0: empty), claimed by   *)
(*   pv_hash's cmpxchg_relaxed on the key (the node's WRITE_ONCE that      *)
(*   follows it is folded in: both are before the xchg or the store of    *)
(*   _Q_SLOW_VAL that publishes the entry and after the unlock's smp_rmb,  *)
(*   so no order between the two is observable) and freed by a store of  *)
(*   0. The kernel probes further buckets when one is taken; here a       *)
(*   pv_hash that finds the bucket taken is a second entry for the lock, *)
(*   which HashConsistent forbids (clash records it).                      *)
(* - spurious wake-ups: pv_wait may return early, and one could hide a    *)
(*   lost kick. pv_wait is a hypercall: the hypervisor re-reads the word  *)
(*   it waits on and halts only if it still holds the value; a kick that  *)
(*   comes first is remembered (KVM's pv_unhalt), so the halt then returns *)
(*   at once. pv_kick is a hypercall too: the kicker's buffer drains.      *)
(*                                                                         *)
(* Loads in program order, except two that may be satisfied early under  *)
(* WMO (Memory's LoadsEarly): a waiter's critical-section loads, before   *)
(* the read of the lock word that takes the lock (its trylock's, or its   *)
(* xchg's) unless that is an acquire or fully ordered, or (t < N) the     *)
(* smp_mb__before_atomic() of its pv_kick_node stands between             *)
(* (ReadEarly), and the unlock's read of the entry, before its cmpxchg's  *)
(* read of the lock word unless smp_rmb() stands between (UnhashEarly).   *)
(* An early read made at those program points is as early as any: the    *)
(* values it can see change only by other CPUs' stores, and the CPU may   *)
(* wait at the point as long as it likes. Every other load is its CPU's   *)
(* first, or follows a full barrier, a hypercall or an RMW of its own     *)
(* location, or reads what no other CPU has written by then (CPU 1's      *)
(* critical section; the head's READ_ONCE(pn->state) when pv_wait_node    *)
(* stored no vcpu_halted), so an early satisfaction could not change its *)
(* value.                                                                  *)
(*                                                                         *)
(* Properties (Properties.tla): MutualExclusion, HandoffVisibility,       *)
(* HashConsistent (the lock has at most one entry, and the unlock finds   *)
(* the node whenever it saw _Q_SLOW_VAL), and NoLostWakeup, every waiter  *)
(* eventually in its critical section; a lost wake-up strands it halted.  *)
(***************************************************************************)
EXTENDS Naturals, Sequences

CONSTANTS
    N,              \* CPUs, queued 1 .. N; 1 is the queue head and takes the lock first
    MemoryModel,    \* "SC", "TSO" or "WMO" (Memory.tla)
    BufferDepth,    \* store-buffer entries per CPU (Memory.tla)
    Weaken          \* a set of "access:order": accesses whose order is not the kernel's

ASSUME NAssumption == N \in Nat /\ N >= 2
\* Memory.tla states these too, but TLC checks only the assumptions of the root module.
ASSUME MemoryModelAssumption == MemoryModel \in {"SC", "TSO", "WMO"}
ASSUME BufferDepthAssumption == BufferDepth \in Nat /\ BufferDepth >= 1

CPUs    == 1 .. N
Waiters == 2 .. N       \* the CPUs queued behind another: each waits in pv_wait_node first
Kickers == 1 .. (N - 1)  \* the CPUs with another queued behind them: each runs pv_kick_node

\* The orders in kernel/locking/qspinlock_paravirt.h and qspinlock.c.
Kernel == [mcs_handoff  |-> "release", kick_mb       |-> "mb",
           kick_cmpxchg |-> "relaxed", slow_store    |-> "once",
           hash         |-> "relaxed", unlock        |-> "release",
           unlock_rmb   |-> "rmb",     unhash        |-> "once",
           unhash_clear |-> "once",    unlock_slow   |-> "release",
           spin         |-> "once",
           store_halted |-> "once",    wait_mb       |-> "mb",
           recheck      |-> "once",    reset         |-> "full",
           head_state   |-> "once",    head_running  |-> "once",
           trylock      |-> "acquire", head_xchg     |-> "full",
           head_set_locked |-> "once", head_unhash   |-> "once",
           head_store_hashed |-> "once",
           set_locked   |-> "once"]

\* pn->state and lock->locked values.
Running == 0
Halted  == 1
Hashed  == 2
LockedVal == 1
SlowVal   == 3

\* The hash bucket holds a waiter's node or 0; the unlock's read of it,
\* before it is made, is HashUnread.
HashUnread == 9

\* The locations, << name, index >> (Memory.tla).
LNodeLocked(t) == << "node_locked", t >>
LState(t)      == << "state", t >>
LLock          == << "lock_locked", 0 >>
LHash          == << "hash", 0 >>

VARIABLES
    mem,        \* the memory (Memory.tla)
    buf,        \* every CPU's store buffer (Memory.tla)
    pc,         \* program counter of each CPU
    kicked,     \* per waiter, the hypervisor's pending wake-up (pv_unhalt)
    lp,         \* per waiter, its lp in pv_wait_head_or_lock: the lock is hashed for it
    unhashed,   \* per CPU, the node its unlock's pv_unhash read (HashUnread before)
    clash,      \* a waiter whose entry pv_hash found the bucket taken for (0: none)
    rx, ry,     \* the critical section's reads of x and y (NotRead before)
    gen         \* ghost: critical sections completed, modulo 2

vars == << mem, buf, pc, kicked, lp, unhashed, clash, rx, ry, gen >>

M == INSTANCE Memory

\* The critical section (CriticalSection.tla); after it, the unlock.
CS == INSTANCE CriticalSection WITH lockVars <- << kicked, lp, unhashed, clash >>, AfterCs <- "unlock"
NotRead == CS!NotRead
LX      == CS!LX
LY      == CS!LY

ASSUME WeakenAssumption == M!WeakenValid(Kernel, Weaken)

\* The order of access a in this model.
O(a) == M!OrderOf(Kernel, Weaken, a)

Locs == {LLock, LHash, LX, LY} \cup {LNodeLocked(t) : t \in Waiters} \cup {LState(t) : t \in Waiters}

CsPCs     == CS!CsPCs
UnlockPCs == {"unlock", "unhash", "unhash_clear", "unlock_slow", "kick", "done"}
KickerPCs == {"set_locked", "handoff", "kick_mb", "kick_cmpxchg", "slow_store", "kick_hash"}
NodePCs   == {"spin", "store_halted", "wait_mb", "recheck", "halt", "halted", "reset"}
HeadPCs   == {"head_state", "head_running", "trylock", "head_hash", "head_xchg", "head_set_locked",
              "head_unhash", "head_store_hashed", "head_wait", "head_halted"}

TypeOK ==
    /\ pc \in [CPUs -> KickerPCs \cup NodePCs \cup HeadPCs \cup CsPCs \cup UnlockPCs]
    /\ pc[1] \notin NodePCs \cup HeadPCs /\ pc[N] \notin KickerPCs
    /\ kicked \in [Waiters -> BOOLEAN] /\ lp \in [Waiters -> BOOLEAN]
    /\ unhashed \in [CPUs -> {0, HashUnread} \cup Waiters]
    /\ clash \in {0} \cup Waiters
    /\ rx \in [CPUs -> {0, 1, NotRead}] /\ ry \in [CPUs -> {0, 1, NotRead}]
    /\ gen \in {0, 1}
    /\ DOMAIN mem = Locs
    /\ \A t \in CPUs : Len(buf[t]) <= BufferDepth

\* CPU 1, queue head, has found the lock free and its successor linked
\* behind it; it is about to take the lock. Each later CPU is linked behind
\* the one before it and spins on its node.
Init ==
    /\ mem = [l \in Locs |-> 0]
    /\ buf = M!EmptyBuffers
    /\ pc = [t \in CPUs |-> IF t = 1 THEN "set_locked" ELSE "spin"]
    /\ kicked = [t \in Waiters |-> FALSE]
    /\ lp = [t \in Waiters |-> FALSE]
    /\ unhashed = [t \in CPUs |-> HashUnread]
    /\ clash = 0
    /\ rx = [t \in CPUs |-> NotRead]
    /\ ry = [t \in CPUs |-> NotRead]
    /\ gen = 0

Go(t, p) == pc' = [pc EXCEPT ![t] = p]

\* A barrier step: smp_mb() waits for an empty buffer; "none" (a mutant) does nothing.
Barrier(t, o) == IF o = "mb" THEN M!MbReady(t) ELSE TRUE

\* Where CPU t goes once it has the lock: the hand-off to the CPU queued
\* behind it, if any, else its critical section.
Acquired(t) == IF t \in Kickers THEN "set_locked" ELSE "cs_read"

\* pv_hash(lock, n) by CPU t, once RmwReady: cmpxchg_relaxed(&he->lock, NULL, lock) on the
\* bucket. A taken bucket is a second entry for the lock (the kernel would probe on).
Hash(t, n) ==
    IF M!RmwRead(LHash) = 0
    THEN M!RmwWrite(t, LHash, n, O("hash")) /\ UNCHANGED clash
    ELSE M!RmwFail(t) /\ clash' = n

(***************************************************************************)
(* A kicker: a queue head that has taken the lock (t \in Kickers)        *)
(***************************************************************************)
\* set_locked(lock): WRITE_ONCE(lock->locked, _Q_LOCKED_VAL)
SetLocked(t) ==
    /\ pc[t] = "set_locked"
    /\ M!Store(t, LLock, LockedVal, O("set_locked"))
    /\ Go(t, "handoff")
    /\ UNCHANGED << kicked, lp, unhashed, clash, rx, ry, gen >>

\* arch_mcs_spin_unlock_contended(&next->locked): smp_store_release(l, 1)
Handoff(t) ==
    /\ pc[t] = "handoff"
    /\ M!Store(t, LNodeLocked(t + 1), 1, O("mcs_handoff"))
    /\ Go(t, "kick_mb")
    /\ UNCHANGED << kicked, lp, unhashed, clash, rx, ry, gen >>

\* pv_kick_node: smp_mb__before_atomic()
KickMb(t) ==
    /\ pc[t] = "kick_mb"
    /\ Barrier(t, O("kick_mb"))
    /\ Go(t, "kick_cmpxchg")
    /\ UNCHANGED << mem, buf, kicked, lp, unhashed, clash, rx, ry, gen >>

\* pv_kick_node: if (cmpxchg_relaxed(&pn->state, vcpu_halted, vcpu_hashed)
\* != vcpu_halted) return;
KickCmpxchg(t) ==
    /\ pc[t] = "kick_cmpxchg"
    /\ M!RmwReady(t, LState(t + 1), O("kick_cmpxchg"))
    /\ IF M!RmwRead(LState(t + 1)) = Halted
       THEN /\ M!RmwWrite(t, LState(t + 1), Hashed, O("kick_cmpxchg"))
            /\ Go(t, "slow_store")
       ELSE /\ M!RmwFail(t)
            /\ Go(t, "cs_read")
    /\ UNCHANGED << kicked, lp, unhashed, clash, rx, ry, gen >>

\* pv_kick_node: WRITE_ONCE(lock->locked, _Q_SLOW_VAL)
SlowStore(t) ==
    /\ pc[t] = "slow_store"
    /\ M!Store(t, LLock, SlowVal, O("slow_store"))
    /\ Go(t, "kick_hash")
    /\ UNCHANGED << kicked, lp, unhashed, clash, rx, ry, gen >>

\* pv_kick_node: (void)pv_hash(lock, pn), on the halted head's behalf
KickHash(t) ==
    /\ pc[t] = "kick_hash"
    /\ M!RmwReady(t, LHash, O("hash"))
    /\ Hash(t, t + 1)
    /\ Go(t, "cs_read")
    /\ UNCHANGED << kicked, lp, unhashed, rx, ry, gen >>

(***************************************************************************)
(* The unlock, by each CPU                                                 *)
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
    /\ UNCHANGED << kicked, lp, clash, rx, ry, gen >>

\* __pv_queued_spin_unlock_slowpath: pv_unhash's read of the bucket satisfied
\* before the cmpxchg's read of the lock word: under WMO, unless smp_rmb() is
\* between them.
UnhashEarly(t) ==
    /\ pc[t] = "unlock"
    /\ unhashed[t] = HashUnread
    /\ M!LoadsEarly(O("unlock")) /\ M!LoadsEarly(O("unlock_rmb"))
    /\ unhashed' = [unhashed EXCEPT ![t] = M!Load(t, LHash)]
    /\ UNCHANGED << mem, buf, pc, kicked, lp, clash, rx, ry, gen >>

\* __pv_queued_spin_unlock_slowpath: smp_rmb(); node = pv_unhash(lock): the
\* bucket's node, if its key is the lock ...
Unhash(t) ==
    /\ pc[t] = "unhash"
    /\ unhashed' = [unhashed EXCEPT ![t] = IF @ = HashUnread THEN M!Load(t, LHash) ELSE @]
    /\ Go(t, "unhash_clear")
    /\ UNCHANGED << mem, buf, kicked, lp, clash, rx, ry, gen >>

\* ... and then pv_unhash's WRITE_ONCE(he->lock, NULL); an empty bucket (the
\* kernel's BUG()) is left as it is.
UnhashClear(t) ==
    /\ pc[t] = "unhash_clear"
    /\ IF unhashed[t] \in Waiters
       THEN M!Store(t, LHash, 0, O("unhash_clear"))
       ELSE UNCHANGED << mem, buf >>
    /\ Go(t, "unlock_slow")
    /\ UNCHANGED << kicked, lp, unhashed, clash, rx, ry, gen >>

\* __pv_queued_spin_unlock_slowpath: smp_store_release(&lock->locked, 0)
UnlockSlow(t) ==
    /\ pc[t] = "unlock_slow"
    /\ M!Store(t, LLock, 0, O("unlock_slow"))
    /\ Go(t, "kick")
    /\ UNCHANGED << kicked, lp, unhashed, clash, rx, ry, gen >>

\* __pv_queued_spin_unlock_slowpath: pv_kick(node->cpu), a hypercall, after the
\* buffer has drained; an empty bucket kicks no one.
Kick(t) ==
    /\ pc[t] = "kick"
    /\ M!MbReady(t)
    /\ kicked' = IF unhashed[t] \in Waiters THEN [kicked EXCEPT ![unhashed[t]] = TRUE] ELSE kicked
    /\ Go(t, "done")
    /\ UNCHANGED << mem, buf, lp, unhashed, clash, rx, ry, gen >>

(***************************************************************************)
(* A waiter: pv_wait_node (t > 1)                                          *)
(***************************************************************************)
\* pv_wait_node: if (READ_ONCE(node->locked)) return; (the spin, one round of it)
Spin(t) ==
    /\ pc[t] = "spin"
    /\ Go(t, IF M!Load(t, LNodeLocked(t)) = 1 THEN "head_state" ELSE "store_halted")
    /\ UNCHANGED << mem, buf, kicked, lp, unhashed, clash, rx, ry, gen >>

\* pv_wait_node: smp_store_mb(pn->state, vcpu_halted), the store ...
StoreHalted(t) ==
    /\ pc[t] = "store_halted"
    /\ M!Store(t, LState(t), Halted, O("store_halted"))
    /\ Go(t, "wait_mb")
    /\ UNCHANGED << kicked, lp, unhashed, clash, rx, ry, gen >>

\* pv_wait_node: ... and its smp_mb()
WaitMb(t) ==
    /\ pc[t] = "wait_mb"
    /\ Barrier(t, O("wait_mb"))
    /\ Go(t, "recheck")
    /\ UNCHANGED << mem, buf, kicked, lp, unhashed, clash, rx, ry, gen >>

\* pv_wait_node: if (!READ_ONCE(node->locked)) pv_wait(&pn->state, vcpu_halted);
Recheck(t) ==
    /\ pc[t] = "recheck"
    /\ Go(t, IF M!Load(t, LNodeLocked(t)) = 1 THEN "reset" ELSE "halt")
    /\ UNCHANGED << mem, buf, kicked, lp, unhashed, clash, rx, ry, gen >>

\* pv_wait_node: pv_wait, a hypercall (the buffer drains); the hypervisor halts the vCPU
\* only while pn->state is still vcpu_halted.
Halt(t) ==
    /\ pc[t] = "halt"
    /\ M!MbReady(t)
    /\ Go(t, IF M!Load(t, LState(t)) = Halted THEN "halted" ELSE "reset")
    /\ UNCHANGED << mem, buf, kicked, lp, unhashed, clash, rx, ry, gen >>

\* pv_wait_node: halted in pv_wait until kicked (a kick that came first is consumed at once).
Sleep(t) ==
    /\ pc[t] = "halted"
    /\ kicked[t]
    /\ kicked' = [kicked EXCEPT ![t] = FALSE]
    /\ Go(t, "reset")
    /\ UNCHANGED << mem, buf, lp, unhashed, clash, rx, ry, gen >>

\* pv_wait_node: cmpxchg(&pn->state, vcpu_halted, vcpu_running); then the loop re-reads locked.
Reset(t) ==
    /\ pc[t] = "reset"
    /\ M!RmwReady(t, LState(t), O("reset"))
    /\ IF M!RmwRead(LState(t)) = Halted
       THEN M!RmwWrite(t, LState(t), Running, O("reset"))
       ELSE M!RmwFail(t)
    /\ Go(t, "spin")
    /\ UNCHANGED << kicked, lp, unhashed, clash, rx, ry, gen >>

(***************************************************************************)
(* A waiter as queue head: pv_wait_head_or_lock                            *)
(***************************************************************************)
\* pv_wait_head_or_lock: if (READ_ONCE(pn->state) == vcpu_hashed) lp = 1
\* (pv_kick_node hashed the lock for us)
HeadState(t) ==
    /\ pc[t] = "head_state"
    /\ lp' = [lp EXCEPT ![t] = (M!Load(t, LState(t)) = Hashed)]
    /\ Go(t, "head_running")
    /\ UNCHANGED << mem, buf, kicked, unhashed, clash, rx, ry, gen >>

\* pv_wait_head_or_lock: WRITE_ONCE(pn->state, vcpu_running)
HeadRunning(t) ==
    /\ pc[t] = "head_running"
    /\ M!Store(t, LState(t), Running, O("head_running"))
    /\ Go(t, "trylock")
    /\ UNCHANGED << kicked, lp, unhashed, clash, rx, ry, gen >>

\* trylock_clear_pending(lock): the locked byte from 0 to _Q_LOCKED_VAL,
\* acquire; a failure drops the critical section's early reads (the halt
\* path that follows has a full barrier before the next try).
Trylock(t) ==
    /\ pc[t] = "trylock"
    /\ M!RmwReady(t, LLock, O("trylock"))
    /\ IF M!RmwRead(LLock) = 0
       THEN /\ M!RmwWrite(t, LLock, LockedVal, O("trylock"))
            /\ Go(t, Acquired(t))
            /\ UNCHANGED << rx, ry >>
       ELSE /\ M!RmwFail(t)
            /\ Go(t, IF lp[t] THEN "head_store_hashed" ELSE "head_hash")
            /\ CS!CsClearReads(t)
    /\ UNCHANGED << kicked, lp, unhashed, clash, gen >>

\* pv_wait_head_or_lock: if (!lp) { lp = pv_hash(lock, pn);
HeadHash(t) ==
    /\ pc[t] = "head_hash"
    /\ M!RmwReady(t, LHash, O("hash"))
    /\ Hash(t, t)
    /\ lp' = [lp EXCEPT ![t] = TRUE]
    /\ Go(t, "head_xchg")
    /\ UNCHANGED << kicked, unhashed, rx, ry, gen >>

\* pv_wait_head_or_lock: if (xchg(&lock->locked, _Q_SLOW_VAL) == 0) { ... goto gotlock; } }; a
\* failure drops early reads, as the trylock's does.
HeadXchg(t) ==
    /\ pc[t] = "head_xchg"
    /\ M!RmwReady(t, LLock, O("head_xchg"))
    /\ M!RmwWrite(t, LLock, SlowVal, O("head_xchg"))
    /\ IF M!RmwRead(LLock) = 0
       THEN /\ Go(t, "head_set_locked")
            /\ UNCHANGED << rx, ry >>
       ELSE /\ Go(t, "head_store_hashed")
            /\ CS!CsClearReads(t)
    /\ UNCHANGED << kicked, lp, unhashed, clash, gen >>

\* pv_wait_head_or_lock, the lock was free: WRITE_ONCE(lock->locked, _Q_LOCKED_VAL) ...
HeadSetLocked(t) ==
    /\ pc[t] = "head_set_locked"
    /\ M!Store(t, LLock, LockedVal, O("head_set_locked"))
    /\ Go(t, "head_unhash")
    /\ UNCHANGED << kicked, lp, unhashed, clash, rx, ry, gen >>

\* ... and WRITE_ONCE(lp[0], NULL): the head takes back the entry it made.
HeadUnhash(t) ==
    /\ pc[t] = "head_unhash"
    /\ M!Store(t, LHash, 0, O("head_unhash"))
    /\ Go(t, Acquired(t))
    /\ UNCHANGED << kicked, lp, unhashed, clash, rx, ry, gen >>

\* pv_wait_head_or_lock: WRITE_ONCE(pn->state, vcpu_hashed)
HeadStoreHashed(t) ==
    /\ pc[t] = "head_store_hashed"
    /\ M!Store(t, LState(t), Hashed, O("head_store_hashed"))
    /\ Go(t, "head_wait")
    /\ UNCHANGED << kicked, lp, unhashed, clash, rx, ry, gen >>

\* pv_wait_head_or_lock: pv_wait(&lock->locked, _Q_SLOW_VAL), a hypercall; the vCPU halts only
\* while the locked byte is still _Q_SLOW_VAL, else the loop tries again.
HeadWait(t) ==
    /\ pc[t] = "head_wait"
    /\ M!MbReady(t)
    /\ Go(t, IF M!Load(t, LLock) = SlowVal THEN "head_halted" ELSE "head_running")
    /\ UNCHANGED << mem, buf, kicked, lp, unhashed, clash, rx, ry, gen >>

\* pv_wait_head_or_lock: halted in pv_wait until kicked; then round the loop again.
HeadSleep(t) ==
    /\ pc[t] = "head_halted"
    /\ kicked[t]
    /\ kicked' = [kicked EXCEPT ![t] = FALSE]
    /\ Go(t, "head_running")
    /\ UNCHANGED << mem, buf, lp, unhashed, clash, rx, ry, gen >>

(***************************************************************************)
(* The critical section                                                    *)
(***************************************************************************)
\* Where a waiter's CsRead may be satisfied early: before the read of the
\* lock word that takes the lock, unless that read is an acquire (see the
\* header): its trylock's, or its xchg's after it has hashed; for a waiter
\* with a CPU behind it, only when its pv_kick_node has no full barrier.
EarlyRead(t) ==
    /\ t \in Waiters
    /\ t \in Kickers => M!LoadsEarly(O("kick_mb"))
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
KickerStep(t) ==
    \/ SetLocked(t) \/ Handoff(t) \/ KickMb(t) \/ KickCmpxchg(t) \/ SlowStore(t) \/ KickHash(t)
WaiterStep(t) ==
    \/ Spin(t) \/ StoreHalted(t) \/ WaitMb(t) \/ Recheck(t) \/ Halt(t) \/ Sleep(t) \/ Reset(t)
    \/ HeadState(t) \/ HeadRunning(t) \/ Trylock(t) \/ HeadHash(t) \/ HeadXchg(t) \/ HeadSetLocked(t)
    \/ HeadUnhash(t) \/ HeadStoreHashed(t) \/ HeadWait(t) \/ HeadSleep(t)
CommonStep(t) ==
    \/ CsRead(t) \/ CsWriteX(t) \/ CsWriteY(t)
    \/ Unlock(t) \/ Unhash(t) \/ UnhashClear(t) \/ UnlockSlow(t) \/ Kick(t)
Step(t) ==
    \/ t \in Kickers /\ KickerStep(t)
    \/ t \in Waiters /\ WaiterStep(t)
    \/ CommonStep(t)

Drain(t) == M!Drain(t) /\ UNCHANGED << pc, kicked, lp, unhashed, clash, rx, ry, gen >>

\* Once all are done, nothing is left to do: that is not a deadlock.
Finished == \A t \in CPUs : pc[t] = "done" /\ buf[t] = << >>
Terminated == Finished /\ UNCHANGED vars

\* Next names each step, so that a counterexample and the coverage read as
\* the kernel functions (Step, for fairness, is the same steps per CPU).
Next ==
    \/ \E t \in Kickers : KickerStep(t)
    \/ \E t \in Waiters : WaiterStep(t)
    \/ \E t \in CPUs : CommonStep(t) \/ ReadEarly(t) \/ UnhashEarly(t) \/ Drain(t)
    \/ Terminated

\* Each CPU keeps taking its steps and its buffer keeps draining; an early
\* read is a choice the hardware may make, never one it must.
Fairness == \A t \in CPUs : WF_vars(Step(t)) /\ WF_vars(Drain(t))

Spec == Init /\ [][Next]_vars /\ Fairness

(***************************************************************************)
(* The properties (Properties.tla's catalogue)                            *)
(***************************************************************************)
Holders   == { t \in CPUs : pc[t] \in CsPCs }
TryingSet == { t \in Waiters : pc[t] \in NodePCs \cup HeadPCs }
P == INSTANCE Properties WITH Threads <- CPUs, trying <- TryingSet, holders <- Holders

MutualExclusion == P!MutualExclusion
\* A holder reads the data as the last holder left it: x and y both equal gen.
Seen(t) == CS!Seen(t)
HandoffVisibility == P!HandoffVisibility(CS!Readers, Seen, gen)
\* The lock has at most one entry: the bucket's and, when pv_hash found the
\* bucket taken, the second one the kernel would have made elsewhere. And the
\* bucket as each unlock's slowpath read it: the node is there whenever the
\* unlock saw _Q_SLOW_VAL (from pv_unhash's read on).
Entries(k) == (IF mem[LHash] = k THEN 1 ELSE 0) + (IF clash = k THEN 1 ELSE 0)
HashConsistent ==
    /\ P!HashConsistent(Entries, Waiters, FALSE)
    /\ \A t \in CPUs :
        P!HashConsistent(LAMBDA k : IF unhashed[t] = k THEN 1 ELSE 0, Waiters,
                         pc[t] \in {"unhash_clear", "unlock_slow", "kick"})
\* Every waiter, trying, eventually holds the lock.
NoLostWakeup == P!NoLostWakeup

(***************************************************************************)
(* Witnesses (docs/vacuity.md)                                             *)
(***************************************************************************)
\* A waiter halts its vCPU in pv_wait_node.
NeverHalts == \A t \in Waiters : pc[t] # "halted"
\* pv_kick_node finds a waiter halted and marks the lock for a slow unlock.
NeverHashed == \A t \in CPUs : pc[t] # "slow_store"
\* A waiter reads its node's lock before the hand-off lands (the spin misses it).
NeverMissed == \A t \in Waiters : pc[t] # "store_halted"
\* A head hashes the lock itself, sets _Q_SLOW_VAL and halts in pv_wait.
NeverHeadHalts == \A t \in Waiters : pc[t] # "head_halted"
\* An unlock finds _Q_SLOW_VAL and takes the slowpath.
NeverSlowUnlock == \A t \in CPUs : pc[t] # "unhash"
\* A waiter that was hashed (by its kicker or by itself) takes the unlock's
\* slowpath: its entry was cleared and the lock hashed again for the CPU
\* behind it (N = 3).
NeverHashedAgain == \A t \in Waiters : ~(lp[t] /\ pc[t] = "unhash")
=============================================================================
