---------------------------- MODULE QSpinlockWeak ----------------------------
(***************************************************************************)
(* The kernel's queued spinlock (kernel/locking/qspinlock.c, as            *)
(* QSpinlock.tla, NR_CPUS >= 16K layout: every access to the lock word is *)
(* a whole-word atomic) on the memory layer (Memory.tla). Every shared    *)
(* access is one step with the kernel ordering it has in the code, and    *)
(* MemoryModel says what those orderings mean ("SC", "TSO", "WMO"). The   *)
(* critical section reads and writes shared data with plain accesses      *)
(* (x++, y++), so a missing acquire or release shows as a holder reading  *)
(* stale data (HandoffVisibility) or as a hang.                            *)
(*                                                                         *)
(* The lock word is one location holding [t |-> tail, p |-> pending,      *)
(* l |-> locked]; the tail is the CPU number, 0 for none. Each CPU has one *)
(* queue node (no interrupt nesting: QSpinlock.tla checks that at SC).    *)
(*                                                                         *)
(*   queued_spin_lock:                                                     *)
(*     atomic_try_cmpxchg_acquire(&lock->val, 0, LOCKED)  FastPath        *)
(*   queued_spin_lock_slowpath:                                            *)
(*     atomic_cond_read_relaxed (pending -> locked)     PendingReload      *)
(*     queued_fetch_set_pending_acquire (fetch_or)      SetPending         *)
(*     clear_pending (atomic_andnot)                    ClearPending       *)
(*     atomic_cond_read_acquire (!locked)               PendingWait        *)
(*     clear_pending_set_locked (atomic_add)            ClearPendingSetLocked *)
(*   queue:                                                                *)
(*     node->locked = 0; node->next = NULL              InitLocked, InitNext *)
(*     queued_spin_trylock (try_cmpxchg_acquire)        QueueTrylock       *)
(*     smp_wmb()                                        PublishWmb         *)
(*     xchg_tail (try_cmpxchg_relaxed loop)             XchgTail           *)
(*     WRITE_ONCE(prev->next, node)                     LinkPrev           *)
(*     arch_mcs_spin_lock_contended (acquire)           McsSpin            *)
(*     atomic_cond_read_acquire (!locked, !pending)     HeadWait           *)
(*     atomic_try_cmpxchg_relaxed (clear the tail)      HeadCmpxchg        *)
(*     set_locked                                       SetLocked          *)
(*     smp_cond_load_relaxed(&node->next, VAL)          WaitNext           *)
(*     arch_mcs_spin_unlock_contended (release)         McsHandoff         *)
(*   queued_spin_unlock:                                                   *)
(*     smp_store_release(&lock->locked, 0)              Unlock             *)
(*                                                                         *)
(* Whole-word forms. set_locked and the unlock are byte stores in the     *)
(* kernel; on a whole word they are a relaxed and a release atomic update *)
(* of the locked field (the Java port's compare-and-exchange loops), as   *)
(* the layer has no mixed-size accesses. The trylock's atomic_read before *)
(* its cmpxchg only skips a cmpxchg that would fail, so it is the          *)
(* cmpxchg alone here; the bounded pending->locked wait is one reload     *)
(* (with _Q_PENDING_LOOPS reads only the last one is used); the early     *)
(* READ_ONCE(node->next) after McsSpin is a prefetch of the value WaitNext *)
(* reads (next is set once per round), so it is not a step of its own.    *)
(*                                                                         *)
(* Access names (the record Kernel) are the kernel statements; the        *)
(* constant Weaken gives some of them another order, which is how the     *)
(* barrier mutants are written (Memory.tla's "none" leaves smp_wmb() out). *)
(*                                                                         *)
(* Early loads: under WMO the critical section's loads may be satisfied   *)
(* on the lock path (ReadEarly); a step whose access is an acquire (or    *)
(* fully ordered) cancels a read satisfied before it, as the hardware     *)
(* would replay it, so a read ends up early only past accesses that let a *)
(* younger load pass (Memory's LoadsEarly). Of the lock's own loads, the  *)
(* queue head's wait for the lock word may be satisfied before the MCS    *)
(* wait that precedes it, when that wait lets a younger load pass          *)
(* (HeadWaitEarly: only a mutant's relaxed MCS wait does); the others run  *)
(* in program order, a limit docs/weak-memory.md lists.                    *)
(***************************************************************************)
EXTENDS Naturals, Sequences, FiniteSets

CONSTANTS
    N,              \* CPUs, each with one node, reacquiring forever
    MemoryModel,    \* "SC", "TSO" or "WMO" (Memory.tla)
    BufferDepth,    \* store-buffer entries per CPU (Memory.tla)
    Weaken          \* a set of "access:order": accesses whose order is not the kernel's

ASSUME NAssumption == N \in Nat /\ N >= 1
\* Memory.tla states these too, but TLC checks only the assumptions of the root module.
ASSUME MemoryModelAssumption == MemoryModel \in {"SC", "TSO", "WMO"}
ASSUME BufferDepthAssumption == BufferDepth \in Nat /\ BufferDepth >= 1

CPUs == 1 .. N
Threads == CPUs   \* the name Properties.tla uses
Nil  == 0

\* The orders in kernel/locking/qspinlock.c and qspinlock.h (NR_CPUS >= 16K).
Kernel == [fast_cmpxchg      |-> "acquire", pending_reload |-> "once",
           set_pending       |-> "acquire", clear_pending  |-> "relaxed",
           pending_wait      |-> "acquire", clear_pending_set_locked |-> "relaxed",
           init_locked       |-> "plain",   init_next      |-> "plain",
           queue_trylock     |-> "acquire", publish_wmb    |-> "wmb",
           xchg_tail         |-> "relaxed", link_prev      |-> "once",
           mcs_spin          |-> "acquire", head_wait      |-> "acquire",
           head_cmpxchg      |-> "relaxed", set_locked     |-> "relaxed",
           wait_next         |-> "once",    mcs_handoff    |-> "release",
           unlock            |-> "release"]

\* The locations, << name, node >> (Memory.tla).
LWord      == << "val", 0 >>
LLocked(n) == << "locked", n >>
LNext(n)   == << "next", n >>

\* Lock-word values.
Word(t, p, l) == [t |-> t, p |-> p, l |-> l]
Free   == Word(0, 0, 0)
Locked == Word(0, 0, 1)
Words  == [t : {Nil} \cup CPUs, p : {0, 1}, l : {0, 1}]
\* val & ~_Q_LOCKED_MASK: pending or a tail.
Contended(w) == w.t # Nil \/ w.p = 1

VARIABLES
    mem,        \* the memory: every location's value (Memory.tla)
    buf,        \* every CPU's store buffer (Memory.tla)
    pc,         \* program counter of every CPU
    val,        \* the slowpath's local val
    prev,       \* the predecessor's CPU (decode_tail(old))
    succ,       \* the local next of the queue head
    rx, ry,     \* the critical section's reads of x and y (NotRead before)
    gen         \* ghost: critical sections completed, modulo 2

vars == << mem, buf, pc, val, prev, succ, rx, ry, gen >>

M == INSTANCE Memory

\* The critical section (CriticalSection.tla), over this spec's variables.
CS == INSTANCE CriticalSection WITH lockVars <- << val, prev, succ >>, AfterCs <- "unlock"
NotRead == CS!NotRead
LX      == CS!LX
LY      == CS!LY

Locs == {LWord, LX, LY} \cup {LLocked(n) : n \in CPUs} \cup {LNext(n) : n \in CPUs}

ASSUME WeakenAssumption == M!WeakenValid(Kernel, Weaken)

\* The order of access a in this model.
O(a) == M!OrderOf(Kernel, Weaken, a)

TryingPCs == { "fast_cmpxchg", "pending_reload", "set_pending", "clear_pending", "pending_wait",
               "clear_pending_set_locked", "init_locked", "init_next", "queue_trylock",
               "publish_wmb", "xchg_tail", "link_prev", "mcs_spin", "head_wait",
               "head_cmpxchg", "set_locked", "wait_next", "mcs_handoff",
               "mcs_spin_early", "head_wait_early" }
CsPCs     == { "cs_read", "cs_write_x", "cs_write_y" }
PCs       == { "ncs", "unlock" } \cup TryingPCs \cup CsPCs

\* The owner is in the critical section from the step that takes the lock
\* word; the queue head still hands its node on (WaitNext, McsHandoff)
\* before its critical section, so it is a holder there too.
Holders   == { t \in CPUs : pc[t] \in CsPCs \cup {"wait_next", "mcs_handoff"} }
TryingSet == { t \in CPUs : pc[t] \in TryingPCs \ {"wait_next", "mcs_handoff"} }

P == INSTANCE Properties WITH trying <- TryingSet, holders <- Holders


TypeOK ==
    /\ pc \in [CPUs -> PCs]
    /\ val \in [CPUs -> Words]
    /\ prev \in [CPUs -> CPUs \cup {Nil}]
    /\ succ \in [CPUs -> CPUs \cup {Nil}]
    /\ rx \in [CPUs -> {0, 1, NotRead}]
    /\ ry \in [CPUs -> {0, 1, NotRead}]
    /\ gen \in {0, 1}
    /\ DOMAIN mem = Locs
    /\ mem[LWord] \in Words
    /\ \A t \in CPUs : Len(buf[t]) <= BufferDepth

Init ==
    /\ mem = [l \in Locs |-> IF l = LWord THEN Free ELSE Nil]
    /\ buf = M!EmptyBuffers
    /\ pc = [t \in CPUs |-> "ncs"]
    /\ val = [t \in CPUs |-> Free]
    /\ prev = [t \in CPUs |-> Nil]
    /\ succ = [t \in CPUs |-> Nil]
    /\ rx = [t \in CPUs |-> NotRead]
    /\ ry = [t \in CPUs |-> NotRead]
    /\ gen = 0

Go(t, p) == pc' = [pc EXCEPT ![t] = p]

\* An access of order o by CPU t: one that no younger load passes cancels a
\* critical-section read satisfied early (see the header).
Ordered(t, o) ==
    IF M!LoadsEarly(o) THEN UNCHANGED << rx, ry >>
    ELSE /\ rx' = [rx EXCEPT ![t] = NotRead]
         /\ ry' = [ry EXCEPT ![t] = NotRead]

\* Where the slowpath goes with val = v, after the fast path or the reload:
\* pending only: the bounded wait; pending or a tail: queue; else set pending.
AfterVal(v) ==
    IF v = Word(0, 1, 0) THEN "pending_reload"
    ELSE IF Contended(v) THEN "init_locked" ELSE "set_pending"

(***************************************************************************)
(* queued_spin_lock                                                        *)
(***************************************************************************)
\* Leaving the non-critical section. Not fair.
Start(t) ==
    /\ pc[t] = "ncs"
    /\ Go(t, "fast_cmpxchg")
    /\ UNCHANGED << mem, buf, val, prev, succ, rx, ry, gen >>

\* atomic_try_cmpxchg_acquire(&lock->val, &val, _Q_LOCKED_VAL)
FastPath(t) ==
    /\ pc[t] = "fast_cmpxchg"
    /\ M!RmwReady(t, LWord, O("fast_cmpxchg"))
    /\ IF M!RmwRead(LWord) = Free
       THEN /\ M!RmwWrite(t, LWord, Locked, O("fast_cmpxchg"))
            /\ Go(t, "cs_read")
            /\ UNCHANGED val
       ELSE /\ M!RmwFail(t)
            /\ val' = [val EXCEPT ![t] = M!RmwRead(LWord)]
            /\ Go(t, AfterVal(M!RmwRead(LWord)))
    /\ Ordered(t, O("fast_cmpxchg"))
    /\ UNCHANGED << prev, succ, gen >>

(***************************************************************************)
(* queued_spin_lock_slowpath: the pending path                             *)
(***************************************************************************)
\* if (val == _Q_PENDING_VAL) val = atomic_cond_read_relaxed(&lock->val, ...)
PendingReload(t) ==
    /\ pc[t] = "pending_reload"
    /\ val' = [val EXCEPT ![t] = M!Load(t, LWord)]
    /\ Go(t, IF Contended(M!Load(t, LWord)) THEN "init_locked" ELSE "set_pending")
    /\ Ordered(t, O("pending_reload"))
    /\ UNCHANGED << mem, buf, prev, succ, gen >>

\* val = queued_fetch_set_pending_acquire(lock): atomic_fetch_or_acquire
SetPending(t) ==
    /\ pc[t] = "set_pending"
    /\ M!RmwReady(t, LWord, O("set_pending"))
    /\ LET w == M!RmwRead(LWord) IN
       /\ M!RmwWrite(t, LWord, [w EXCEPT !.p = 1], O("set_pending"))
       /\ val' = [val EXCEPT ![t] = w]
       /\ Go(t, IF Contended(w) THEN (IF w.p = 0 THEN "clear_pending" ELSE "init_locked")
                ELSE IF w.l = 1 THEN "pending_wait" ELSE "clear_pending_set_locked")
    /\ Ordered(t, O("set_pending"))
    /\ UNCHANGED << prev, succ, gen >>

\* Undo: if (!(val & _Q_PENDING_MASK)) clear_pending(lock): atomic_andnot
ClearPending(t) ==
    /\ pc[t] = "clear_pending"
    /\ M!RmwReady(t, LWord, O("clear_pending"))
    /\ M!RmwWrite(t, LWord, [M!RmwRead(LWord) EXCEPT !.p = 0], O("clear_pending"))
    /\ Go(t, "init_locked")
    /\ Ordered(t, O("clear_pending"))
    /\ UNCHANGED << val, prev, succ, gen >>

\* atomic_cond_read_acquire(&lock->val, !(VAL & _Q_LOCKED_MASK))
PendingWait(t) ==
    /\ pc[t] = "pending_wait"
    /\ M!Load(t, LWord).l = 0
    /\ Go(t, "clear_pending_set_locked")
    /\ Ordered(t, O("pending_wait"))
    /\ UNCHANGED << mem, buf, val, prev, succ, gen >>

\* clear_pending_set_locked(lock): atomic_add(-_Q_PENDING_VAL + _Q_LOCKED_VAL)
ClearPendingSetLocked(t) ==
    /\ pc[t] = "clear_pending_set_locked"
    /\ M!RmwReady(t, LWord, O("clear_pending_set_locked"))
    /\ M!RmwWrite(t, LWord, [M!RmwRead(LWord) EXCEPT !.p = 0, !.l = 1], O("clear_pending_set_locked"))
    /\ Go(t, "cs_read")
    /\ Ordered(t, O("clear_pending_set_locked"))
    /\ UNCHANGED << val, prev, succ, gen >>

(***************************************************************************)
(* queued_spin_lock_slowpath: the queue                                    *)
(***************************************************************************)
\* node->locked = 0
InitLocked(t) ==
    /\ pc[t] = "init_locked"
    /\ M!Store(t, LLocked(t), 0, O("init_locked"))
    /\ Go(t, "init_next")
    /\ UNCHANGED << val, prev, succ, rx, ry, gen >>

\* node->next = NULL
InitNext(t) ==
    /\ pc[t] = "init_next"
    /\ M!Store(t, LNext(t), Nil, O("init_next"))
    /\ Go(t, "queue_trylock")
    /\ UNCHANGED << val, prev, succ, rx, ry, gen >>

\* if (queued_spin_trylock(lock)) goto release;
QueueTrylock(t) ==
    /\ pc[t] = "queue_trylock"
    /\ M!RmwReady(t, LWord, O("queue_trylock"))
    /\ IF M!RmwRead(LWord) = Free
       THEN /\ M!RmwWrite(t, LWord, Locked, O("queue_trylock"))
            /\ Go(t, "cs_read")
       ELSE /\ M!RmwFail(t)
            /\ Go(t, "publish_wmb")
    /\ Ordered(t, O("queue_trylock"))
    /\ UNCHANGED << val, prev, succ, gen >>

\* smp_wmb(): the node's initialisation before the tail that publishes it.
PublishWmb(t) ==
    /\ pc[t] = "publish_wmb"
    /\ IF O("publish_wmb") = "wmb" THEN M!Wmb(t) ELSE UNCHANGED << mem, buf >>
    /\ Go(t, "xchg_tail")
    /\ UNCHANGED << val, prev, succ, rx, ry, gen >>

\* old = xchg_tail(lock, tail); if (old & _Q_TAIL_MASK) prev = decode_tail(old)
XchgTail(t) ==
    /\ pc[t] = "xchg_tail"
    /\ M!RmwReady(t, LWord, O("xchg_tail"))
    /\ LET w == M!RmwRead(LWord) IN
       /\ M!RmwWrite(t, LWord, [w EXCEPT !.t = t], O("xchg_tail"))
       /\ prev' = [prev EXCEPT ![t] = w.t]
       /\ Go(t, IF w.t # Nil THEN "link_prev" ELSE "head_wait")
    /\ Ordered(t, O("xchg_tail"))
    /\ UNCHANGED << val, succ, gen >>

\* WRITE_ONCE(prev->next, node)
LinkPrev(t) ==
    /\ pc[t] = "link_prev"
    /\ M!Store(t, LNext(prev[t]), t, O("link_prev"))
    /\ prev' = [prev EXCEPT ![t] = Nil]
    /\ Go(t, "mcs_spin")
    /\ UNCHANGED << val, succ, rx, ry, gen >>

\* The lock word w ends the queue head's wait: neither locked nor pending.
EndsHeadWait(w) == w.l = 0 /\ w.p = 0

\* arch_mcs_spin_lock_contended(&node->locked): smp_cond_load_acquire(l, VAL)
McsSpin(t) ==
    /\ pc[t] \in {"mcs_spin", "mcs_spin_early"}
    /\ M!Load(t, LLocked(t)) = 1
    /\ Go(t, IF pc[t] = "mcs_spin" THEN "head_wait" ELSE "head_wait_early")
    /\ Ordered(t, O("mcs_spin"))
    /\ UNCHANGED << mem, buf, val, prev, succ, gen >>

\* HeadWait's load of the lock word satisfied while the MCS wait still spins:
\* possible under WMO when that wait lets a younger load pass (a relaxed one,
\* as on Armv8 an LDR does not hold back a younger LDAR). The value goes into
\* val and the CPU goes on spinning (pc "mcs_spin_early"); after the MCS wait
\* ends, the head's wait ends with that value ("head_wait_early"). A value that
\* would not end the wait is read again in order, so only one that ends it is
\* taken early. The acquire then orders the critical section after this read.
HeadWaitEarly(t) ==
    /\ pc[t] = "mcs_spin"
    /\ M!LoadsEarly(O("mcs_spin"))
    /\ EndsHeadWait(M!Load(t, LWord))
    /\ val' = [val EXCEPT ![t] = M!Load(t, LWord)]
    /\ Go(t, "mcs_spin_early")
    /\ Ordered(t, O("head_wait"))
    /\ UNCHANGED << mem, buf, prev, succ, gen >>

\* val = atomic_cond_read_acquire(&lock->val, !(VAL & _Q_LOCKED_PENDING_MASK))
HeadWait(t) ==
    /\ \/ /\ pc[t] = "head_wait"
          /\ EndsHeadWait(M!Load(t, LWord))
          /\ val' = [val EXCEPT ![t] = M!Load(t, LWord)]
          /\ Ordered(t, O("head_wait"))
       \* the wait ends with the value HeadWaitEarly read
       \/ /\ pc[t] = "head_wait_early"
          /\ UNCHANGED << val, rx, ry >>
    /\ Go(t, IF val'[t].t = t THEN "head_cmpxchg" ELSE "set_locked")
    /\ UNCHANGED << mem, buf, prev, succ, gen >>

\* if ((val & _Q_TAIL_MASK) == tail)
\*     if (atomic_try_cmpxchg_relaxed(&lock->val, &val, _Q_LOCKED_VAL)) goto release;
HeadCmpxchg(t) ==
    /\ pc[t] = "head_cmpxchg"
    /\ M!RmwReady(t, LWord, O("head_cmpxchg"))
    /\ IF M!RmwRead(LWord) = val[t]
       THEN /\ M!RmwWrite(t, LWord, Locked, O("head_cmpxchg"))
            /\ Go(t, "cs_read")
       ELSE /\ M!RmwFail(t)
            /\ Go(t, "set_locked")
    /\ Ordered(t, O("head_cmpxchg"))
    /\ UNCHANGED << val, prev, succ, gen >>

\* set_locked(lock): the locked field set, the tail left for the successor.
SetLocked(t) ==
    /\ pc[t] = "set_locked"
    /\ M!RmwReady(t, LWord, O("set_locked"))
    /\ M!RmwWrite(t, LWord, [M!RmwRead(LWord) EXCEPT !.l = 1], O("set_locked"))
    /\ Go(t, "wait_next")
    /\ Ordered(t, O("set_locked"))
    /\ UNCHANGED << val, prev, succ, gen >>

\* if (!next) next = smp_cond_load_relaxed(&node->next, (VAL))
WaitNext(t) ==
    /\ pc[t] = "wait_next"
    /\ M!Load(t, LNext(t)) # Nil
    /\ succ' = [succ EXCEPT ![t] = M!Load(t, LNext(t))]
    /\ Go(t, "mcs_handoff")
    /\ Ordered(t, O("wait_next"))
    /\ UNCHANGED << mem, buf, val, prev, gen >>

\* arch_mcs_spin_unlock_contended(&next->locked): smp_store_release(l, 1)
McsHandoff(t) ==
    /\ pc[t] = "mcs_handoff"
    /\ M!Store(t, LLocked(succ[t]), 1, O("mcs_handoff"))
    /\ succ' = [succ EXCEPT ![t] = Nil]
    /\ Go(t, "cs_read")
    /\ UNCHANGED << val, prev, rx, ry, gen >>

(***************************************************************************)
(* The critical section                                                    *)
(***************************************************************************)
\* The lock path's control flow: the steps that may follow each step.
Succ(p) ==
    CASE p = "fast_cmpxchg"   -> {"cs_read", "pending_reload", "init_locked", "set_pending"}
      [] p = "pending_reload" -> {"init_locked", "set_pending"}
      [] p = "set_pending"    -> {"clear_pending", "init_locked", "pending_wait",
                                  "clear_pending_set_locked"}
      [] p = "clear_pending"  -> {"init_locked"}
      [] p = "pending_wait"   -> {"clear_pending_set_locked"}
      [] p = "clear_pending_set_locked" -> {"cs_read"}
      [] p = "init_locked"    -> {"init_next"}
      [] p = "init_next"      -> {"queue_trylock"}
      [] p = "queue_trylock"  -> {"cs_read", "publish_wmb"}
      [] p = "publish_wmb"    -> {"xchg_tail"}
      [] p = "xchg_tail"      -> {"link_prev", "head_wait"}
      [] p = "link_prev"      -> {"mcs_spin"}
      [] p = "mcs_spin"       -> {"head_wait"}
      [] p = "head_wait"      -> {"head_cmpxchg", "set_locked"}
      [] p = "head_cmpxchg"   -> {"cs_read", "set_locked"}
      [] p = "set_locked"     -> {"wait_next"}
      [] p = "wait_next"      -> {"mcs_handoff"}
      [] p = "mcs_handoff"    -> {"cs_read"}

\* From step p (named as its access) some path reaches the critical section
\* past accesses that all let a younger load pass. A read satisfied early
\* anywhere else would be cancelled before the critical section (Ordered), so
\* it is not taken there: the same behaviours, fewer states.
RECURSIVE EarlyUseful(_)
EarlyUseful(p) ==
    /\ M!LoadsEarly(O(p))
    /\ \/ "cs_read" \in Succ(p)
       \/ \E q \in Succ(p) \ {"cs_read"} : EarlyUseful(q)

\* The critical section's actions (CriticalSection.tla), each behind its
\* program counter so that TLC names and counts it as this module's.
\* (Not past an early read of the lock word: a limit, fewer behaviours.)
ReadEarly(t) ==
    /\ pc[t] \in TryingPCs \ {"mcs_spin_early", "head_wait_early"}
    /\ EarlyUseful(pc[t])
    /\ CS!CsLoadEarly(t)
CsRead(t)    == pc[t] = "cs_read"    /\ CS!CsLoad(t)
CsWriteX(t)  == pc[t] = "cs_write_x" /\ CS!CsStoreX(t)
CsWriteY(t)  == pc[t] = "cs_write_y" /\ CS!CsStoreY(t)

(***************************************************************************)
(* queued_spin_unlock                                                      *)
(***************************************************************************)
\* smp_store_release(&lock->locked, 0), a release update of the whole word.
Unlock(t) ==
    /\ pc[t] = "unlock"
    /\ M!RmwReady(t, LWord, O("unlock"))
    /\ M!RmwWrite(t, LWord, [M!RmwRead(LWord) EXCEPT !.l = 0], O("unlock"))
    /\ Go(t, "ncs")
    /\ UNCHANGED << val, prev, succ, rx, ry, gen >>

(***************************************************************************)
(* The specification                                                       *)
(***************************************************************************)
\* The read-modify-writes of the lock word.
Rmw(t) ==
    \/ FastPath(t) \/ SetPending(t) \/ ClearPending(t) \/ ClearPendingSetLocked(t)
    \/ QueueTrylock(t) \/ XchgTail(t) \/ HeadCmpxchg(t) \/ SetLocked(t) \/ Unlock(t)

LockStep(t) ==
    \/ Rmw(t)
    \/ PendingReload(t) \/ PendingWait(t) \/ InitLocked(t) \/ InitNext(t) \/ PublishWmb(t)
    \/ LinkPrev(t) \/ McsSpin(t) \/ HeadWait(t) \/ WaitNext(t) \/ McsHandoff(t)
    \/ CsRead(t) \/ CsWriteX(t) \/ CsWriteY(t)

Drain(t) == M!Drain(t) /\ UNCHANGED << pc, val, prev, succ, rx, ry, gen >>

Next == \E t \in CPUs : Start(t) \/ LockStep(t) \/ ReadEarly(t) \/ HeadWaitEarly(t) \/ Drain(t)

\* Each CPU keeps taking its lock steps and its buffer keeps draining; an
\* early read is a choice the hardware may make, never one it must. Under WMO
\* a buffered RMW write holds the lock word, so another CPU's RMW there is
\* enabled only now and then: strong fairness on the RMWs says the atomics
\* make progress (one CPU is at one RMW at a time, so one SF condition on
\* their disjunction is as strong as one per RMW).
Fairness == \A t \in CPUs :
    WF_vars(LockStep(t)) /\ WF_vars(Drain(t)) /\ SF_vars(Rmw(t))

Spec == Init /\ [][Next]_vars /\ Fairness

(***************************************************************************)
(* The properties (Properties.tla's catalogue)                            *)
(***************************************************************************)
MutualExclusion   == P!MutualExclusion
DeadlockFreedom   == P!DeadlockFreedom
StarvationFreedom == P!StarvationFreedom
\* A holder reads the data as the last holder left it: x and y both equal gen.
Seen(t) == CS!Seen(t)
HandoffVisibility == P!HandoffVisibility(CS!Readers, Seen, gen)

(***************************************************************************)
(* Witnesses (docs/vacuity.md): the model runs what it claims to.          *)
(***************************************************************************)
\* The pending path: a CPU waits, pending set, for the owner to unlock.
NeverPendingWait == \A t \in CPUs : pc[t] # "pending_wait"
\* The queue with a predecessor: a CPU hands its node's lock on.
NeverMcsHandoff == \A t \in CPUs : pc[t] # "mcs_handoff"
\* Three stores of one CPU in flight at once, free to land out of order under WMO.
NeverThreeInFlight == \A t \in CPUs : M!InFlight(t) < 3
\* Under WMO: a CPU at a lock-word RMW while another's buffered RMW write holds the word.
NeverWordHeld == ~\E t \in CPUs :
    /\ pc[t] \in {"fast_cmpxchg", "set_pending", "xchg_tail", "set_locked", "unlock"}
    /\ M!HeldByOther(t, LWord)
\* A critical-section read satisfied early, under WMO.
NeverReadEarly == \A t \in CPUs : pc[t] \in TryingPCs => rx[t] = NotRead
\* The buffer never fills (BufferDepth holds a round's stores): checked as an invariant.
NeverFull == \A t \in CPUs : M!InFlight(t) < BufferDepth
=============================================================================
