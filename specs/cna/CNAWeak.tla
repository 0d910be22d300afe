------------------------------- MODULE CNAWeak -------------------------------
(***************************************************************************)
(* CNA's splice and its secondary-queue hand-off (the v1 patch, seed 000:  *)
(* find_successor and the queue head's path in queued_spin_lock_slowpath)  *)
(* on the memory layer (Memory.tla). The slice: three CPUs queued as       *)
(* H -> R -> L, H and L on socket 0, R on socket 1; H is the queue head    *)
(* with an empty secondary queue (its node->locked is 1) and the lock word *)
(* is free. H takes the lock word, finds L on its own socket behind R,     *)
(* moves R to the secondary queue with plain stores to other CPUs' nodes   *)
(* and hands the MCS lock to L, passing the secondary queue's head in      *)
(* L's node->locked. L, the last in the main queue, reads the secondary    *)
(* queue's tail from R's node, moves the lock word's tail to it and hands  *)
(* the MCS lock to R. R then takes the lock word as a queue head alone.   *)
(*                                                                         *)
(* The orderings in question are those of the splice: the stores           *)
(*   tail_other->next = NULL;  MCS_NODE(me->locked)->tail = tail_other;    *)
(* are plain, with no barrier of their own, and L reads the second one    *)
(* (succ->tail) to compute the new lock-word tail. What orders them is    *)
(* the MCS hand-off that carries the secondary queue's head to L: a       *)
(* release store, and L reads R's node only after its acquire wait has    *)
(* seen that store. The mutants weaken one ordering at a time and show    *)
(* which are needed.                                                       *)
(*                                                                         *)
(*   queued_spin_lock_slowpath(lock, val):                                 *)
(*     atomic_cond_read_acquire(&lock->val, !locked)    HeadWait           *)
(*     node->locked == 1 (secondary queue empty?)       HeadCheck          *)
(*     read succ->tail, the secondary queue's tail      SecTail            *)
(*     atomic_try_cmpxchg_relaxed(&lock->val, ...)      HeadCmpxchg        *)
(*     arch_mcs_spin_unlock_contended(&succ->locked, 1) PassSecondary      *)
(*     set_locked(lock)                                 SetLocked          *)
(*     next = smp_cond_load_relaxed(&node->next, VAL)   WaitNext           *)
(*   find_successor(me, my_cpuid):                                         *)
(*     decode_socket(next->socket_and_count)            FindSucc           *)
(*     cur = READ_ONCE(cur->next)                       Scan               *)
(*     me->locked = head_other                          SpliceHead         *)
(*     tail_other->next = NULL                          CutTail            *)
(*     MCS_NODE(me->locked)->tail = tail_other          SetSecTail         *)
(*   queued_spin_lock_slowpath(lock, val):                                 *)
(*     arch_mcs_spin_unlock_contended(&succ->locked, node->locked)  Handoff*)
(*   arch_mcs_spin_lock_contended(l):                                      *)
(*     smp_cond_load_acquire(&node->locked, VAL)        McsSpin            *)
(*   queued_spin_unlock(lock):                                             *)
(*     smp_store_release(&lock->locked, 0)              Unlock             *)
(*                                                                         *)
(* Each access's order is in Kernel below.                                 *)
(*                                                                         *)
(* Whole-word forms, as in QSpinlockWeak: set_locked and the unlock are a  *)
(* relaxed and a release update of the whole lock word (the layer has no  *)
(* mixed-size accesses). Sockets are constants: set_socket's store needs  *)
(* no barrier (the patch says so: a stale socket costs only locality).    *)
(*                                                                         *)
(* The critical section (CriticalSection.tla) runs between the take and   *)
(* the unlock: each CPU reads x and y with plain loads and writes them     *)
(* back plus one, so an unlock that does not publish its writes, or a      *)
(* lock-word wait that does not order the reads after it, shows as a       *)
(* holder that reads stale data (HandoffVisibility). Its loads may be     *)
(* satisfied early under WMO where every lock-path access still ahead of  *)
(* them lets a younger load pass (EarlyUseful, as in QSpinlockWeak); an    *)
(* access that does not cancels an early read (Ordered).                  *)
(*                                                                         *)
(* Left out of the slice: the queueing (xchg_tail and the link: MCSWeak   *)
(* and QSpinlockWeak have them), the append to a                          *)
(* non-empty secondary queue (`me->locked > 1` in find_successor: H's     *)
(* secondary queue is empty here) and the pass to the secondary queue     *)
(* when find_successor finds no one (L is on H's socket). A model that    *)
(* reached a path the slice does not have stops at SliceCovers.           *)
(*                                                                         *)
(* Properties: MutualExclusion of the lock word's holders,                *)
(* HandoffVisibility (each holder reads the data the last one left),      *)
(* SeenNoLostWaiter (the secondary queue's tail L reads is the node H      *)
(* spliced: any other value is a wild pointer the kernel dereferences and *)
(* makes the lock word's tail, which loses R), the deadlock check and     *)
(* StarvationFreedom (every CPU takes and releases the lock).             *)
(***************************************************************************)
EXTENDS Naturals, Sequences, FiniteSets

CONSTANTS
    MemoryModel,    \* "SC", "TSO" or "WMO" (Memory.tla)
    BufferDepth,    \* store-buffer entries per CPU (Memory.tla)
    Weaken          \* a set of "access:order": accesses whose order is not the kernel's

\* Memory.tla states these too, but TLC checks only the assumptions of the root module.
ASSUME MemoryModelAssumption == MemoryModel \in {"SC", "TSO", "WMO"}
ASSUME BufferDepthAssumption == BufferDepth \in Nat /\ BufferDepth >= 1

H == 1
R == 2
L == 3
CPUs == {H, R, L}
Nil == 0
Socket == [t \in CPUs |-> IF t = R THEN 1 ELSE 0]

\* The orders in the CNA v1 patch and qspinlock.c.
Kernel == [head_wait     |-> "acquire", head_check   |-> "plain",
           sec_tail      |-> "plain",   head_cmpxchg |-> "relaxed",
           pass_secondary |-> "release", set_locked  |-> "relaxed",
           wait_next     |-> "once",    scan         |-> "once",
           splice_head   |-> "plain",   cut_tail     |-> "plain",
           set_sec_tail  |-> "plain",   mcs_handoff  |-> "release",
           mcs_spin      |-> "acquire", unlock       |-> "release"]

\* The locations, << name, node >> (Memory.tla); the lock word is a record of
\* its tail (a CPU, Nil for none) and its locked field.
LWord      == << "val", 0 >>
LNext(n)   == << "next", n >>
LLocked(n) == << "locked", n >>
LTail(n)   == << "tail", n >>

VARIABLES
    mem,        \* the memory (Memory.tla)
    buf,        \* every CPU's store buffer (Memory.tla)
    pc,         \* program counter of each CPU
    hv,         \* the lock word a queue head read in its wait
    nx,         \* the successor a queue head read from its node's next
    tother,     \* find_successor's tail_other: the last node skipped
    succ,       \* the successor a queue head hands the MCS lock to
    rt,         \* the secondary queue's tail a head read from its head's node
    rx, ry,     \* the critical section's reads of x and y (NotRead before)
    gen         \* ghost: critical sections completed, modulo 2

vars == << mem, buf, pc, hv, nx, tother, succ, rt, rx, ry, gen >>
locals == << hv, nx, tother, succ, rt >>

M == INSTANCE Memory
CS == INSTANCE CriticalSection WITH lockVars <- locals, AfterCs <- "unlock"
Locs == {LWord, CS!LX, CS!LY} \cup {LNext(n) : n \in CPUs} \cup {LLocked(n) : n \in CPUs} \cup {LTail(R)}

ASSUME WeakenAssumption == M!WeakenValid(Kernel, Weaken)

\* The order of access a in this model.
O(a) == M!OrderOf(Kernel, Weaken, a)

Word(tl, lk) == [t |-> tl, l |-> lk]
\* hv before a head's wait (a wait never reads a locked word).
NotRead == Word(Nil, 1)

PCs == {"spin", "head_wait", "head_check", "sec_tail", "head_cmpxchg", "pass_secondary", "set_locked",
        "wait_next", "find_succ", "scan", "splice_head", "cut_tail", "set_sec_tail", "handoff", "unlock",
        "no_succ", "done", "spin_early", "head_wait_early"} \cup CS!CsPCs

TypeOK ==
    /\ pc \in [CPUs -> PCs]
    /\ DOMAIN mem = Locs
    /\ \A t \in CPUs : Len(buf[t]) <= BufferDepth
    /\ hv \in [CPUs -> [t : CPUs \cup {Nil}, l : {0, 1}]]
    /\ nx \in [CPUs -> CPUs \cup {Nil}]
    /\ tother \in [CPUs -> CPUs \cup {Nil}]
    /\ succ \in [CPUs -> CPUs \cup {Nil}]
    /\ rt \in [CPUs -> CPUs \cup {Nil}]
    /\ rx \in [CPUs -> {0, 1, CS!NotRead}]
    /\ ry \in [CPUs -> {0, 1, CS!NotRead}]
    /\ gen \in {0, 1}

\* H heads the queue H -> R -> L (all in memory), its secondary queue empty
\* (node->locked = 1); the lock word is free and its tail is L. R's tail
\* field has never been written (Nil); x and y are 0.
Init ==
    /\ mem = [l \in Locs |->
                CASE l = LWord       -> Word(L, 0)
                  [] l = LNext(H)    -> R
                  [] l = LNext(R)    -> L
                  [] l = LLocked(H)  -> 1
                  [] l \in {CS!LX, CS!LY} -> 0
                  [] OTHER           -> Nil]
    /\ buf = M!EmptyBuffers
    /\ pc = [t \in CPUs |-> IF t = H THEN "head_wait" ELSE "spin"]
    /\ hv = [t \in CPUs |-> NotRead]
    /\ nx = [t \in CPUs |-> Nil]
    /\ tother = [t \in CPUs |-> Nil]
    /\ succ = [t \in CPUs |-> Nil]
    /\ rt = [t \in CPUs |-> Nil]
    /\ rx = [t \in CPUs |-> CS!NotRead]
    /\ ry = [t \in CPUs |-> CS!NotRead]
    /\ gen = 0

Go(t, p) == pc' = [pc EXCEPT ![t] = p]

\* A load or read-modify-write of order o by CPU t: one that no younger load
\* passes cancels a critical-section read satisfied early (see the header).
Ordered(t, o) ==
    /\ IF M!LoadsEarly(o) THEN UNCHANGED << rx, ry >>
       ELSE CS!CsClearReads(t)
    /\ UNCHANGED gen

\* A step that reads no shared memory: the critical section's reads stay.
NoLoad == UNCHANGED << rx, ry, gen >>
Set(f, t, v) == [f EXCEPT ![t] = v]

(***************************************************************************)
(* A waiter: arch_mcs_spin_lock_contended                                  *)
(***************************************************************************)
\* smp_cond_load_acquire(&node->locked, VAL): the wait ends at a non-zero value
\* (1, or the secondary queue's head passed along).
McsSpin(t) ==
    /\ pc[t] \in {"spin", "spin_early"}
    /\ M!Load(t, LLocked(t)) # 0
    /\ Go(t, IF pc[t] = "spin" THEN "head_wait" ELSE "head_wait_early")
    /\ Ordered(t, O("mcs_spin"))
    /\ UNCHANGED << mem, buf, locals >>

\* HeadWait's load of the lock word satisfied while the MCS wait still spins,
\* as in QSpinlockWeak: under WMO, only when the wait lets a younger load pass
\* (a mutant's relaxed wait; a load-acquire does not wait for an older plain
\* load on Armv8). Only a value that ends the head's wait is taken early.
HeadWaitEarly(t) ==
    /\ pc[t] = "spin"
    /\ M!LoadsEarly(O("mcs_spin"))
    /\ M!Load(t, LWord).l = 0
    /\ hv' = Set(hv, t, M!Load(t, LWord))
    /\ Go(t, "spin_early")
    /\ Ordered(t, O("head_wait"))
    /\ UNCHANGED << mem, buf, nx, tother, succ, rt >>

(***************************************************************************)
(* The queue head: queued_spin_lock_slowpath after the MCS wait            *)
(***************************************************************************)
\* val = atomic_cond_read_acquire(&lock->val, !(VAL & _Q_LOCKED_PENDING_MASK))
HeadWait(t) ==
    /\ \/ /\ pc[t] = "head_wait"
          /\ M!Load(t, LWord).l = 0
          /\ hv' = Set(hv, t, M!Load(t, LWord))
          /\ Ordered(t, O("head_wait"))
       \* the wait ends with the value HeadWaitEarly read
       \/ /\ pc[t] = "head_wait_early"
          /\ UNCHANGED << hv, rx, ry, gen >>
    /\ Go(t, "head_check")
    /\ UNCHANGED << mem, buf, nx, tother, succ, rt >>

\* if ((val & _Q_TAIL_MASK) == tail) { if (node->locked == 1) ... else ... }
HeadCheck(t) ==
    /\ pc[t] = "head_check"
    /\ Go(t, IF hv[t].t # t THEN "set_locked"
             ELSE IF M!Load(t, LLocked(t)) = 1 THEN "head_cmpxchg" ELSE "sec_tail")
    /\ Ordered(t, O("head_check"))
    /\ UNCHANGED << mem, buf, locals >>

\* succ = MCS_NODE(node->locked); new = succ->tail->encoded_tail + _Q_LOCKED_VAL
SecTail(t) ==
    /\ pc[t] = "sec_tail"
    /\ LET s == M!Load(t, LLocked(t)) IN
           /\ succ' = Set(succ, t, s)
           /\ rt' = Set(rt, t, IF s = R THEN M!Load(t, LTail(R)) ELSE Nil)
    /\ Go(t, "head_cmpxchg")
    /\ Ordered(t, O("sec_tail"))
    /\ UNCHANGED << mem, buf, hv, nx, tother >>

\* atomic_try_cmpxchg_relaxed(&lock->val, &val, _Q_LOCKED_VAL or new): the tail
\* cleared, or moved to the secondary queue's tail; on failure set_locked.
HeadCmpxchg(t) ==
    /\ pc[t] = "head_cmpxchg"
    /\ M!RmwReady(t, LWord, O("head_cmpxchg"))
    /\ IF M!RmwRead(LWord) = hv[t]
       THEN /\ M!RmwWrite(t, LWord, Word(IF succ[t] = Nil THEN Nil ELSE rt[t], 1), O("head_cmpxchg"))
            /\ Go(t, IF succ[t] = Nil THEN "cs_read" ELSE "pass_secondary")
       ELSE /\ M!RmwFail(t)
            /\ Go(t, "set_locked")
    /\ Ordered(t, O("head_cmpxchg"))
    /\ UNCHANGED locals

\* arch_mcs_spin_unlock_contended(&succ->locked, 1): the secondary queue's head
\* becomes the main queue's only waiter.
PassSecondary(t) ==
    /\ pc[t] = "pass_secondary"
    /\ M!Store(t, LLocked(succ[t]), 1, O("pass_secondary"))
    /\ Go(t, "cs_read")
    /\ NoLoad
    /\ UNCHANGED locals

\* set_locked(lock): a relaxed update of the whole word.
SetLocked(t) ==
    /\ pc[t] = "set_locked"
    /\ M!RmwReady(t, LWord, O("set_locked"))
    /\ M!RmwWrite(t, LWord, [M!RmwRead(LWord) EXCEPT !.l = 1], O("set_locked"))
    /\ Go(t, "wait_next")
    /\ Ordered(t, O("set_locked"))
    /\ UNCHANGED locals

\* next = smp_cond_load_relaxed(&node->next, (VAL))
WaitNext(t) ==
    /\ pc[t] = "wait_next"
    /\ M!Load(t, LNext(t)) # Nil
    /\ nx' = Set(nx, t, M!Load(t, LNext(t)))
    /\ Go(t, "find_succ")
    /\ Ordered(t, O("wait_next"))
    /\ UNCHANGED << mem, buf, hv, tother, succ, rt >>

(***************************************************************************)
(* find_successor                                                          *)
(***************************************************************************)
\* if (decode_socket(next->socket_and_count) == my_socket) return next;
FindSucc(t) ==
    /\ pc[t] = "find_succ"
    /\ IF Socket[nx[t]] = Socket[t]
       THEN /\ succ' = Set(succ, t, nx[t])
            /\ tother' = tother
            /\ Go(t, "handoff")
       ELSE /\ tother' = Set(tother, t, nx[t])
            /\ succ' = succ
            /\ Go(t, "scan")
    /\ NoLoad
    /\ UNCHANGED << mem, buf, hv, nx, rt >>

\* cur = READ_ONCE(tail_other->next): on this socket, found; else skipped.
Scan(t) ==
    /\ pc[t] = "scan"
    /\ LET cur == M!Load(t, LNext(tother[t])) IN
       IF cur = Nil
       THEN /\ Go(t, "no_succ")
            /\ UNCHANGED << tother, succ >>
       ELSE IF Socket[cur] = Socket[t]
       THEN /\ succ' = Set(succ, t, cur)
            /\ Go(t, "splice_head")
            /\ UNCHANGED tother
       ELSE /\ tother' = Set(tother, t, cur)
            /\ Go(t, "scan")
            /\ UNCHANGED succ
    /\ Ordered(t, O("scan"))
    /\ UNCHANGED << mem, buf, hv, nx, rt >>

\* me->locked = (uintptr_t)head_other (the secondary queue was empty)
SpliceHead(t) ==
    /\ pc[t] = "splice_head"
    /\ M!Load(t, LLocked(t)) = 1
    /\ M!Store(t, LLocked(t), nx[t], O("splice_head"))
    /\ Go(t, "cut_tail")
    /\ Ordered(t, "plain")
    /\ UNCHANGED locals

\* tail_other->next = NULL
CutTail(t) ==
    /\ pc[t] = "cut_tail"
    /\ M!Store(t, LNext(tother[t]), Nil, O("cut_tail"))
    /\ Go(t, "set_sec_tail")
    /\ NoLoad
    /\ UNCHANGED locals

\* MCS_NODE(me->locked)->tail = tail_other
SetSecTail(t) ==
    /\ pc[t] = "set_sec_tail"
    /\ M!Store(t, LTail(M!Load(t, LLocked(t))), tother[t], O("set_sec_tail"))
    /\ Go(t, "handoff")
    /\ Ordered(t, "plain")
    /\ UNCHANGED locals

\* arch_mcs_spin_unlock_contended(&succ->locked, node->locked): smp_store_release
Handoff(t) ==
    /\ pc[t] = "handoff"
    /\ M!Store(t, LLocked(succ[t]), M!Load(t, LLocked(t)), O("mcs_handoff"))
    /\ Go(t, "cs_read")
    /\ Ordered(t, "plain")
    /\ UNCHANGED locals

(***************************************************************************)
(* The critical section                                                    *)
(***************************************************************************)
\* The lock path's steps, and the steps that may follow each.
PathPCs == {"spin", "head_wait", "head_check", "sec_tail", "head_cmpxchg", "pass_secondary", "set_locked",
            "wait_next", "find_succ", "scan", "splice_head", "cut_tail", "set_sec_tail", "handoff"}
Succ(p) ==
    CASE p = "spin"           -> {"head_wait"}
      [] p = "head_wait"      -> {"head_check"}
      [] p = "head_check"     -> {"set_locked", "head_cmpxchg", "sec_tail"}
      [] p = "sec_tail"       -> {"head_cmpxchg"}
      [] p = "head_cmpxchg"   -> {"cs_read", "pass_secondary", "set_locked"}
      [] p = "pass_secondary" -> {"cs_read"}
      [] p = "set_locked"     -> {"wait_next"}
      [] p = "wait_next"      -> {"find_succ"}
      [] p = "find_succ"      -> {"handoff", "scan"}
      [] p = "scan"           -> {"scan", "splice_head"}
      [] p = "splice_head"    -> {"cut_tail"}
      [] p = "cut_tail"       -> {"set_sec_tail"}
      [] p = "set_sec_tail"   -> {"handoff"}
      [] p = "handoff"        -> {"cs_read"}

\* The order with which step p reads memory, as Ordered takes it ("none" for a
\* step that reads nothing: it lets every younger load pass).
LoadOrder(p) ==
    CASE p \in {"find_succ", "cut_tail", "pass_secondary"} -> "none"
      [] p = "spin"                                      -> O("mcs_spin")
      [] p \in {"splice_head", "set_sec_tail", "handoff"} -> "plain"
      [] OTHER                                           -> O(p)

\* From step p some path reaches the critical section past steps that all let
\* a younger load pass. A read satisfied early anywhere else would be
\* cancelled before the critical section (Ordered), so it is not taken there.
RECURSIVE EarlyUseful(_, _)
EarlyUseful(p, seen) ==
    /\ LoadOrder(p) = "none" \/ M!LoadsEarly(LoadOrder(p))
    /\ \/ "cs_read" \in Succ(p)
       \/ \E q \in Succ(p) \ ({"cs_read"} \cup seen) : EarlyUseful(q, seen \cup {p})

\* The critical section's actions (CriticalSection.tla), each behind its
\* program counter so that TLC names and counts it as this module's.
\* (Not past an early read of the lock word: a limit, fewer behaviours.)
ReadEarly(t) ==
    /\ pc[t] \in PathPCs
    /\ EarlyUseful(pc[t], {})
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
    /\ Go(t, "done")
    /\ Ordered(t, O("unlock"))
    /\ UNCHANGED locals

(***************************************************************************)
(* The specification                                                       *)
(***************************************************************************)
Step(t) ==
    \/ McsSpin(t) \/ HeadWait(t) \/ HeadCheck(t) \/ SecTail(t) \/ HeadCmpxchg(t) \/ PassSecondary(t)
    \/ SetLocked(t) \/ WaitNext(t) \/ FindSucc(t) \/ Scan(t) \/ SpliceHead(t) \/ CutTail(t)
    \/ SetSecTail(t) \/ Handoff(t) \/ CsRead(t) \/ CsWriteX(t) \/ CsWriteY(t) \/ Unlock(t)

Drain(t) == M!Drain(t) /\ UNCHANGED << pc, locals, rx, ry, gen >>

\* Once every CPU is done and every store has landed, nothing is left to do.
Finished == \A t \in CPUs : pc[t] = "done" /\ buf[t] = << >>
Terminated == Finished /\ UNCHANGED vars

Next ==
    \/ \E t \in CPUs :
        \/ McsSpin(t) \/ HeadWait(t) \/ HeadCheck(t) \/ SecTail(t) \/ HeadCmpxchg(t) \/ PassSecondary(t)
        \/ SetLocked(t) \/ WaitNext(t) \/ FindSucc(t) \/ Scan(t) \/ SpliceHead(t) \/ CutTail(t)
        \/ SetSecTail(t) \/ Handoff(t) \/ CsRead(t) \/ CsWriteX(t) \/ CsWriteY(t) \/ Unlock(t)
        \/ HeadWaitEarly(t) \/ ReadEarly(t) \/ Drain(t)
    \/ Terminated

Fairness == \A t \in CPUs : WF_vars(Step(t)) /\ WF_vars(Drain(t))

Spec == Init /\ [][Next]_vars /\ Fairness

(***************************************************************************)
(* The properties                                                          *)
(***************************************************************************)
HolderPCs == CS!CsPCs \cup {"unlock"}
Holders == {t \in CPUs : pc[t] \in HolderPCs}
Trying  == {t \in CPUs : pc[t] \notin HolderPCs \cup {"done"}}
P == INSTANCE Properties WITH Threads <- CPUs, trying <- Trying, holders <- Holders
MutualExclusion == P!MutualExclusion
StarvationFreedom == P!StarvationFreedom
\* A holder reads the data as the last holder left it: x and y both equal gen.
Seen(t) == CS!Seen(t)
HandoffVisibility == P!HandoffVisibility(CS!Readers, Seen, gen)

\* NoLostWaiter as the CPUs see the queues (core Property maps it there): the
\* secondary queue's tail a head read is the node H moved there. Any other
\* value is a wild pointer that becomes the lock word's tail, and R is lost.
SeenNoLostWaiter == \A t \in CPUs : succ[t] = R /\ pc[t] \in {"head_cmpxchg", "pass_secondary"} => rt[t] = R

\* No CPU took a path the slice leaves out (find_successor finding no one).
SliceCovers == \A t \in CPUs : pc[t] # "no_succ"

(***************************************************************************)
(* Witnesses (docs/vacuity.md)                                             *)
(***************************************************************************)
\* L passes the MCS lock to the secondary queue's head.
NeverSecondaryPass == pc[L] # "pass_secondary"
\* R, moved to the secondary queue and back, holds the lock.
NeverSecondaryHolds == pc[R] \notin HolderPCs
\* A holder reads in its critical section what an earlier holder wrote there
\* (x and y start at 0): the check of the data sees a hand-off's writes.
NeverReadsHandedData == ~\E t \in CS!Readers : Seen(t) = 1
\* A critical-section read satisfied early, while its CPU is still on the lock
\* path (WMO only).
NeverReadEarly == \A t \in CPUs : pc[t] \in PathPCs => rx[t] = CS!NotRead
\* The splice's two stores land in the other order: R's tail field is in
\* memory while the cut of R's next is still buffered (WMO only).
NeverSpliceReordered == ~(mem[LTail(R)] = R /\ mem[LNext(R)] = L /\ pc[H] \notin {"head_wait", "head_check",
                           "set_locked", "wait_next", "find_succ", "scan", "splice_head", "cut_tail"})
=============================================================================
