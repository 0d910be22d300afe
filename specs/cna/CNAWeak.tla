------------------------------- MODULE CNAWeak -------------------------------
(***************************************************************************)
(* CNA, the v1 patch (seed 000), as a whole on the memory layer            *)
(* (Memory.tla): N CPUs on two sockets (odd-numbered CPUs on socket 0,     *)
(* even-numbered on socket 1), each taking the lock once and the CPUs in   *)
(* Again a second time, each running the critical section's data accesses  *)
(* (CriticalSection.tla). Every step is the kernel's, with the order the   *)
(* kernel gives its access (Kernel below):                                 *)
(*                                                                         *)
(*   queued_spin_lock(lock):                                               *)
(*     atomic_try_cmpxchg_acquire(&lock->val, 0, _Q_LOCKED_VAL) FastPath   *)
(*   queued_spin_lock_slowpath(lock, val):                                 *)
(*     node->locked = 0                     InitLocked                     *)
(*     node->next = NULL                    InitNext                       *)
(*     set_socket(node, -1)                 InitSocket                     *)
(*     queued_spin_trylock(lock)            QueueTrylock                   *)
(*     smp_wmb()                            PublishWmb                     *)
(*     old = xchg_tail(lock, tail)          XchgTail (try_cmpxchg_relaxed) *)
(*     set_socket(node, numa_cpu_node(cpuid))  SetSocket (a predecessor)   *)
(*     WRITE_ONCE(prev->next, node)         LinkPrev                       *)
(*     arch_mcs_spin_lock_contended(&node->locked)  McsSpin                *)
(*     node->locked = 1 (no predecessor)    HeadLocked                     *)
(*     val = atomic_cond_read_acquire(&lock->val, ...)  HeadWait           *)
(*     node->locked == 1 (tail unchanged)   HeadCheck                      *)
(*     new = succ->tail->encoded_tail + _Q_LOCKED_VAL  SecTail             *)
(*     atomic_try_cmpxchg_relaxed(&lock->val, &val, new)  HeadCmpxchg      *)
(*     arch_mcs_spin_unlock_contended(&succ->locked, 1)  PassSecondary     *)
(*     set_locked(lock)                     SetLocked                      *)
(*     next = smp_cond_load_relaxed(&node->next, VAL)  WaitNext            *)
(*   find_successor(me, my_cpuid):                                         *)
(*     decode_socket(next->socket_and_count)  FindSucc                     *)
(*     cur = READ_ONCE(cur->next)           Scan                           *)
(*     decode_socket(cur->socket_and_count)   ScanSocket                   *)
(*     me->locked = head_other              SpliceHead                     *)
(*     MCS_NODE(me->locked)->tail->next = head_other  AppendSecondary      *)
(*     tail_other->next = NULL              CutTail                        *)
(*     MCS_NODE(me->locked)->tail = tail_other  SetSecTail                 *)
(*   queued_spin_lock_slowpath(lock, val):                                 *)
(*     arch_mcs_spin_unlock_contended(&succ->locked, node->locked)  Handoff*)
(*     succ->tail->next = next (no successor)  FlushSplice                 *)
(*     arch_mcs_spin_unlock_contended(&succ->locked, 1)  PassFlush         *)
(*     arch_mcs_spin_unlock_contended(&next->locked, 1)  PassNext          *)
(*   queued_spin_unlock(lock):                                             *)
(*     smp_store_release(&lock->locked, 0)  Unlock                         *)
(*                                                                         *)
(* The orderings in question are CNA's own: the splice's stores to other  *)
(* CPUs' nodes (me->locked, tail_other->next, the secondary queue's tail) *)
(* are plain, with no barrier of their own, and are read by the next      *)
(* head (the tail-moving cmpxchg reads succ->tail, the flush writes       *)
(* through it) after the MCS hand-off that carries the secondary queue,   *)
(* a release paired with the MCS wait's acquire. The socket a waiter      *)
(* publishes is written with no barrier either: the patch argues a stale  *)
(* socket costs locality only, and the model checks that claim (a stale   *)
(* socket reads as -1, which is no socket, so the waiter is moved or      *)
(* passed as a remote one). The mutants weaken one ordering at a time.    *)
(*                                                                         *)
(* Whole-word forms, as in QSpinlockWeak: set_locked and the unlock are a  *)
(* relaxed and a release update of the whole lock word (the layer has no  *)
(* mixed-size accesses); xchg_tail is the relaxed cmpxchg loop of the      *)
(* NR_CPUS >= 16K layout, one RMW step here.                               *)
(*                                                                         *)
(* Left out, each with why no verdict here depends on it:                  *)
(* - the pending path: a CPU whose fast path fails queues, as the kernel's *)
(*   does whenever it finds pending set or a tail. CNA v1 leaves that path *)
(*   as qspinlock has it, and QSpinlockWeak checks it on the layer, so     *)
(*   the lock word here has a tail and a locked field and no pending bit.  *)
(* - the early READ_ONCE(node->next) after the MCS wait: a queue head's   *)
(*   next only goes from NULL to a node (nobody else scans past the head), *)
(*   so reading it there or in the later wait gives the same successor.   *)
(* - encoded_tail, the count and the per-CPU node index: one node per CPU *)
(*   (no interrupt nesting; QSpinlock.tla checks nesting at SC).           *)
(* - pv_kick_node (the paravirt hooks are family pv's).                    *)
(*                                                                         *)
(* A secondary queue is named by its first node; node->locked holds 0      *)
(* (waiting), 1 (handed on, no secondary queue) or Ptr(n) for a secondary *)
(* queue that starts at node n, so a trace reads locked = 12 as node 2.   *)
(*                                                                         *)
(* Under WMO two kinds of load may be satisfied early: the critical        *)
(* section's, on the lock path wherever every access still ahead of them  *)
(* lets a younger load pass (EarlyUseful, as in QSpinlockWeak), and the    *)
(* head's read of the lock word past a relaxed MCS wait (HeadWaitEarly,   *)
(* a mutant's). The lock path's other loads are satisfied in program      *)
(* order, a limit docs/weak-memory.md lists.                               *)
(*                                                                         *)
(* Properties: MutualExclusion of the lock's holders, HandoffVisibility    *)
(* (each holder reads the data the last one left), SeenNoLostWaiter (a    *)
(* secondary queue's tail as a head reads it is the node the splice put   *)
(* there: any other value is a wild pointer the kernel makes the lock      *)
(* word's tail or links the main queue behind, and waiters are lost), the *)
(* deadlock check and StarvationFreedom.                                   *)
(***************************************************************************)
EXTENDS Naturals, Sequences, FiniteSets

CONSTANTS
    N,              \* CPUs, numbered 1 .. N
    Again,          \* the CPUs that take the lock a second time
    MemoryModel,    \* "SC", "TSO" or "WMO" (Memory.tla)
    BufferDepth,    \* store-buffer entries per CPU (Memory.tla)
    Weaken          \* a set of "access:order": accesses whose order is not the kernel's

ASSUME NAssumption == N \in Nat /\ N >= 1
ASSUME AgainAssumption == Again \subseteq 1 .. N
\* Memory.tla states these too, but TLC checks only the assumptions of the root module.
ASSUME MemoryModelAssumption == MemoryModel \in {"SC", "TSO", "WMO"}
ASSUME BufferDepthAssumption == BufferDepth \in Nat /\ BufferDepth >= 1

CPUs == 1 .. N
Nil == 0
Socket(t) == (t + 1) % 2          \* CPU 1, 3, ... on socket 0; 2, 4, ... on socket 1
NoSocket == 2                     \* set_socket(node, -1): decode_socket gives no socket
Ptr(n) == 10 + n                  \* node->locked naming a secondary queue's first node
MCS_NODE(v) == v - 10
HasSecondary(v) == v > 1          \* me->locked > 1
Rounds(t) == IF t \in Again THEN 2 ELSE 1

\* The orders in the CNA v1 patch and qspinlock.c (NR_CPUS >= 16K).
Kernel == [fast_cmpxchg   |-> "acquire", init_locked    |-> "plain",
           init_next      |-> "plain",   init_socket    |-> "plain",
           queue_trylock  |-> "acquire", publish_wmb    |-> "wmb",
           xchg_tail      |-> "relaxed", set_socket     |-> "plain",
           link_prev      |-> "once",    head_locked    |-> "plain",
           mcs_spin       |-> "acquire", head_wait      |-> "acquire",
           head_check     |-> "plain",   sec_tail       |-> "plain",
           head_cmpxchg   |-> "relaxed", pass_secondary |-> "release",
           set_locked     |-> "relaxed", wait_next      |-> "once",
           find_succ      |-> "plain",   scan           |-> "once",
           scan_socket    |-> "plain",   splice_head    |-> "plain",
           append_sec     |-> "plain",   cut_tail       |-> "plain",
           set_sec_tail   |-> "plain",   mcs_handoff    |-> "release",
           flush_splice   |-> "plain",   pass_flush     |-> "release",
           pass_next      |-> "release", unlock         |-> "release"]

\* The locations, << name, node >> (Memory.tla); the lock word is a record of
\* its tail (a CPU, Nil for none) and its locked field.
LWord      == << "val", 0 >>
LNext(n)   == << "next", n >>
LLocked(n) == << "locked", n >>
LTail(n)   == << "tail", n >>
LSocket(n) == << "socket", n >>

Word(tl, lk) == [t |-> tl, l |-> lk]
Free   == Word(Nil, 0)
Locked == Word(Nil, 1)
\* hv before a head's wait (a wait never ends on a locked word).
NotRead == Word(Nil, 1)

VARIABLES
    mem,        \* the memory (Memory.tla)
    buf,        \* every CPU's store buffer (Memory.tla)
    pc,         \* program counter of each CPU
    hv,         \* the lock word a queue head read in its wait
    prev,       \* the predecessor xchg_tail returned
    nx,         \* the successor a queue head read from its node's next
    tother,     \* find_successor's tail_other: the last node skipped
    succ,       \* find_successor's cur, then the node the MCS lock goes to
    rt,         \* the secondary queue's tail a head read from its first node
    rx, ry,     \* the critical section's reads of x and y (NotRead before)
    gen,        \* ghost: critical sections completed, modulo 2
    taken,      \* ghost: how many times each CPU has taken the lock
    sectail,    \* ghost: each secondary queue's tail as its splice set it
    fromsec     \* ghost: the CPUs handed the MCS lock from a secondary queue

vars == << mem, buf, pc, hv, prev, nx, tother, succ, rt, rx, ry, gen, taken, sectail, fromsec >>
locals == << hv, prev, nx, tother, succ, rt >>
ghosts == << taken, sectail, fromsec >>

M == INSTANCE Memory
CS == INSTANCE CriticalSection WITH lockVars <- << locals, ghosts >>, AfterCs <- "unlock"
Locs == {LWord, CS!LX, CS!LY} \cup {LNext(n) : n \in CPUs} \cup {LLocked(n) : n \in CPUs}
        \cup {LTail(n) : n \in CPUs} \cup {LSocket(n) : n \in CPUs}

ASSUME WeakenAssumption == M!WeakenValid(Kernel, Weaken)

\* The order of access a in this model.
O(a) == M!OrderOf(Kernel, Weaken, a)

\* The lock path's steps, and the steps that may follow each.
Succ(p) ==
    CASE p = "fast_cmpxchg"   -> {"cs_read", "init_locked"}
      [] p = "init_locked"    -> {"init_next"}
      [] p = "init_next"      -> {"init_socket"}
      [] p = "init_socket"    -> {"queue_trylock"}
      [] p = "queue_trylock"  -> {"cs_read", "publish_wmb"}
      [] p = "publish_wmb"    -> {"xchg_tail"}
      [] p = "xchg_tail"      -> {"set_socket", "head_locked"}
      [] p = "set_socket"     -> {"link_prev"}
      [] p = "link_prev"      -> {"mcs_spin"}
      [] p = "head_locked"    -> {"head_wait"}
      [] p = "mcs_spin"       -> {"head_wait"}
      [] p = "head_wait"      -> {"head_check"}
      [] p = "head_check"     -> {"set_locked", "head_cmpxchg", "sec_tail"}
      [] p = "sec_tail"       -> {"head_cmpxchg"}
      [] p = "head_cmpxchg"   -> {"cs_read", "pass_secondary", "set_locked"}
      [] p = "pass_secondary" -> {"cs_read"}
      [] p = "set_locked"     -> {"wait_next"}
      [] p = "wait_next"      -> {"find_succ"}
      [] p = "find_succ"      -> {"handoff", "scan"}
      [] p = "scan"           -> {"scan_socket", "flush_splice", "pass_next"}
      [] p = "scan_socket"    -> {"scan", "splice_head", "append_sec"}
      [] p = "splice_head"    -> {"cut_tail"}
      [] p = "append_sec"     -> {"cut_tail"}
      [] p = "cut_tail"       -> {"set_sec_tail"}
      [] p = "set_sec_tail"   -> {"handoff"}
      [] p = "handoff"        -> {"cs_read"}
      [] p = "flush_splice"   -> {"pass_flush"}
      [] p = "pass_flush"     -> {"cs_read"}
      [] p = "pass_next"      -> {"cs_read"}
PathPCs == {"fast_cmpxchg", "init_locked", "init_next", "init_socket", "queue_trylock", "publish_wmb",
            "xchg_tail", "set_socket", "link_prev", "head_locked", "mcs_spin", "head_wait", "head_check",
            "sec_tail", "head_cmpxchg", "pass_secondary", "set_locked", "wait_next", "find_succ", "scan",
            "scan_socket", "splice_head", "append_sec", "cut_tail", "set_sec_tail", "handoff",
            "flush_splice", "pass_flush", "pass_next"}
EarlyPCs == {"mcs_spin_early", "head_wait_early"}
PCs == PathPCs \cup EarlyPCs \cup CS!CsPCs \cup {"unlock", "done"}

\* The lock's holders: from the step that takes the lock word (a head goes on
\* handing its node on before its critical section) to the unlock.
HolderPCs == CS!CsPCs \cup {"unlock", "pass_secondary", "wait_next", "find_succ", "scan", "scan_socket",
                            "splice_head", "append_sec", "cut_tail", "set_sec_tail", "handoff",
                            "flush_splice", "pass_flush", "pass_next"}

NodeValues == {0, 1} \cup {Ptr(n) : n \in CPUs}

TypeOK ==
    /\ pc \in [CPUs -> PCs]
    /\ DOMAIN mem = Locs
    /\ \A t \in CPUs : Len(buf[t]) <= BufferDepth
    /\ \A n \in CPUs : mem[LLocked(n)] \in NodeValues /\ mem[LSocket(n)] \in {0, 1, NoSocket}
    /\ hv \in [CPUs -> [t : CPUs \cup {Nil}, l : {0, 1}]]
    /\ prev \in [CPUs -> CPUs \cup {Nil}]
    /\ nx \in [CPUs -> CPUs \cup {Nil}]
    /\ tother \in [CPUs -> CPUs \cup {Nil}]
    /\ succ \in [CPUs -> CPUs \cup {Nil}]
    /\ rt \in [CPUs -> CPUs \cup {Nil}]
    /\ rx \in [CPUs -> {0, 1, CS!NotRead}]
    /\ ry \in [CPUs -> {0, 1, CS!NotRead}]
    /\ gen \in {0, 1}
    /\ taken \in [CPUs -> 0 .. 2]
    /\ sectail \in [CPUs -> CPUs \cup {Nil}]
    /\ fromsec \subseteq CPUs

\* The lock free, no queue; every node as if never used (its socket -1).
Init ==
    /\ mem = [l \in Locs |->
                CASE l = LWord          -> Free
                  [] l[1] = "socket"    -> NoSocket
                  [] l \in {CS!LX, CS!LY} -> 0
                  [] OTHER              -> Nil]
    /\ buf = M!EmptyBuffers
    /\ pc = [t \in CPUs |-> "fast_cmpxchg"]
    /\ hv = [t \in CPUs |-> NotRead]
    /\ prev = [t \in CPUs |-> Nil]
    /\ nx = [t \in CPUs |-> Nil]
    /\ tother = [t \in CPUs |-> Nil]
    /\ succ = [t \in CPUs |-> Nil]
    /\ rt = [t \in CPUs |-> Nil]
    /\ rx = [t \in CPUs |-> CS!NotRead]
    /\ ry = [t \in CPUs |-> CS!NotRead]
    /\ gen = 0
    /\ taken = [t \in CPUs |-> 0]
    /\ sectail = [t \in CPUs |-> Nil]
    /\ fromsec = {}

Go(t, p) == pc' = [pc EXCEPT ![t] = p]
Set(f, t, v) == [f EXCEPT ![t] = v]

\* A load or read-modify-write of order o by CPU t: one that no younger load
\* passes cancels a critical-section read satisfied early (see the header).
Ordered(t, o) ==
    /\ IF M!LoadsEarly(o) THEN UNCHANGED << rx, ry >>
       ELSE CS!CsClearReads(t)
    /\ UNCHANGED gen

\* A step that reads no shared memory: the critical section's reads stay.
NoLoad == UNCHANGED << rx, ry, gen >>

(***************************************************************************)
(* queued_spin_lock and the queueing                                       *)
(***************************************************************************)
\* atomic_try_cmpxchg_acquire(&lock->val, &val, _Q_LOCKED_VAL)
FastPath(t) ==
    /\ pc[t] = "fast_cmpxchg"
    /\ M!RmwReady(t, LWord, O("fast_cmpxchg"))
    /\ IF M!RmwRead(LWord) = Free
       THEN /\ M!RmwWrite(t, LWord, Locked, O("fast_cmpxchg"))
            /\ Go(t, "cs_read")
       ELSE /\ M!RmwFail(t)
            /\ Go(t, "init_locked")
    /\ Ordered(t, O("fast_cmpxchg"))
    /\ UNCHANGED << locals, ghosts >>

\* node->locked = 0
InitLocked(t) ==
    /\ pc[t] = "init_locked"
    /\ M!Store(t, LLocked(t), 0, O("init_locked"))
    /\ Go(t, "init_next")
    /\ NoLoad
    /\ UNCHANGED << locals, ghosts >>

\* node->next = NULL
InitNext(t) ==
    /\ pc[t] = "init_next"
    /\ M!Store(t, LNext(t), Nil, O("init_next"))
    /\ Go(t, "init_socket")
    /\ NoLoad
    /\ UNCHANGED << locals, ghosts >>

\* set_socket(node, -1)
InitSocket(t) ==
    /\ pc[t] = "init_socket"
    /\ M!Store(t, LSocket(t), NoSocket, O("init_socket"))
    /\ Go(t, "queue_trylock")
    /\ NoLoad
    /\ UNCHANGED << locals, ghosts >>

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
    /\ UNCHANGED << locals, ghosts >>

\* smp_wmb(): the node's initialisation before the tail that publishes it.
PublishWmb(t) ==
    /\ pc[t] = "publish_wmb"
    /\ IF O("publish_wmb") = "wmb" THEN M!Wmb(t) ELSE UNCHANGED << mem, buf >>
    /\ Go(t, "xchg_tail")
    /\ NoLoad
    /\ UNCHANGED << locals, ghosts >>

\* old = xchg_tail(lock, tail); if (old & _Q_TAIL_MASK) prev = decode_tail(old)
XchgTail(t) ==
    /\ pc[t] = "xchg_tail"
    /\ M!RmwReady(t, LWord, O("xchg_tail"))
    /\ LET w == M!RmwRead(LWord) IN
       /\ M!RmwWrite(t, LWord, [w EXCEPT !.t = t], O("xchg_tail"))
       /\ prev' = Set(prev, t, w.t)
       /\ Go(t, IF w.t # Nil THEN "set_socket" ELSE "head_locked")
    /\ Ordered(t, O("xchg_tail"))
    /\ UNCHANGED << hv, nx, tother, succ, rt, ghosts >>

\* set_socket(node, numa_cpu_node(cpuid)): no barrier (the patch: a stale
\* socket costs only locality).
SetSocket(t) ==
    /\ pc[t] = "set_socket"
    /\ M!Store(t, LSocket(t), Socket(t), O("set_socket"))
    /\ Go(t, "link_prev")
    /\ NoLoad
    /\ UNCHANGED << locals, ghosts >>

\* WRITE_ONCE(prev->next, node)
LinkPrev(t) ==
    /\ pc[t] = "link_prev"
    /\ M!Store(t, LNext(prev[t]), t, O("link_prev"))
    /\ prev' = Set(prev, t, Nil)
    /\ Go(t, "mcs_spin")
    /\ NoLoad
    /\ UNCHANGED << hv, nx, tother, succ, rt, ghosts >>

\* node->locked = 1: "must pass a non-zero value to successor when we unlock"
HeadLocked(t) ==
    /\ pc[t] = "head_locked"
    /\ M!Store(t, LLocked(t), 1, O("head_locked"))
    /\ Go(t, "head_wait")
    /\ NoLoad
    /\ UNCHANGED << locals, ghosts >>

(***************************************************************************)
(* A waiter: arch_mcs_spin_lock_contended                                  *)
(***************************************************************************)
\* smp_cond_load_acquire(&node->locked, VAL): the wait ends at a non-zero value
\* (1, or a secondary queue passed along).
McsSpin(t) ==
    /\ pc[t] \in {"mcs_spin", "mcs_spin_early"}
    /\ M!Load(t, LLocked(t)) # 0
    /\ Go(t, IF pc[t] = "mcs_spin" THEN "head_wait" ELSE "head_wait_early")
    /\ Ordered(t, O("mcs_spin"))
    /\ UNCHANGED << mem, buf, locals, ghosts >>

\* HeadWait's load of the lock word satisfied while the MCS wait still spins,
\* as in QSpinlockWeak: under WMO, only when the wait lets a younger load pass
\* (a mutant's relaxed wait; a load-acquire does not wait for an older plain
\* load on Armv8). Only a value that ends the head's wait is taken early.
HeadWaitEarly(t) ==
    /\ pc[t] = "mcs_spin"
    /\ M!LoadsEarly(O("mcs_spin"))
    /\ M!Load(t, LWord).l = 0
    /\ hv' = Set(hv, t, M!Load(t, LWord))
    /\ Go(t, "mcs_spin_early")
    /\ Ordered(t, O("head_wait"))
    /\ UNCHANGED << mem, buf, prev, nx, tother, succ, rt, ghosts >>

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
    /\ UNCHANGED << mem, buf, prev, nx, tother, succ, rt, ghosts >>

\* if ((val & _Q_TAIL_MASK) == tail) { if (node->locked == 1) ... else ... }
HeadCheck(t) ==
    /\ pc[t] = "head_check"
    /\ Go(t, IF hv[t].t # t THEN "set_locked"
             ELSE IF M!Load(t, LLocked(t)) = 1 THEN "head_cmpxchg" ELSE "sec_tail")
    /\ succ' = Set(succ, t, Nil)
    /\ Ordered(t, O("head_check"))
    /\ UNCHANGED << mem, buf, hv, prev, nx, tother, rt, ghosts >>

\* succ = MCS_NODE(node->locked); new = succ->tail->encoded_tail + _Q_LOCKED_VAL
SecTail(t) ==
    /\ pc[t] = "sec_tail"
    /\ LET s == MCS_NODE(M!Load(t, LLocked(t))) IN
           /\ succ' = Set(succ, t, s)
           /\ rt' = Set(rt, t, M!Load(t, LTail(s)))
    /\ Go(t, "head_cmpxchg")
    /\ Ordered(t, O("sec_tail"))
    /\ UNCHANGED << mem, buf, hv, prev, nx, tother, ghosts >>

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
    /\ UNCHANGED << locals, ghosts >>

\* arch_mcs_spin_unlock_contended(&succ->locked, 1): the secondary queue is
\* the main queue now, and its first node the only one that may go on.
PassSecondary(t) ==
    /\ pc[t] = "pass_secondary"
    /\ M!Store(t, LLocked(succ[t]), 1, O("pass_secondary"))
    /\ fromsec' = fromsec \cup {succ[t]}
    /\ Go(t, "cs_read")
    /\ NoLoad
    /\ UNCHANGED << locals, taken, sectail >>

\* set_locked(lock): a relaxed update of the whole word.
SetLocked(t) ==
    /\ pc[t] = "set_locked"
    /\ M!RmwReady(t, LWord, O("set_locked"))
    /\ M!RmwWrite(t, LWord, [M!RmwRead(LWord) EXCEPT !.l = 1], O("set_locked"))
    /\ Go(t, "wait_next")
    /\ Ordered(t, O("set_locked"))
    /\ UNCHANGED << locals, ghosts >>

\* if (!next) next = smp_cond_load_relaxed(&node->next, (VAL))
WaitNext(t) ==
    /\ pc[t] = "wait_next"
    /\ M!Load(t, LNext(t)) # Nil
    /\ nx' = Set(nx, t, M!Load(t, LNext(t)))
    /\ Go(t, "find_succ")
    /\ Ordered(t, O("wait_next"))
    /\ UNCHANGED << mem, buf, hv, prev, tother, succ, rt, ghosts >>

(***************************************************************************)
(* find_successor and the hand-off                                         *)
(***************************************************************************)
\* if (decode_socket(next->socket_and_count) == my_socket) return next;
\* (my_socket is the CPU's own: numa_cpu_node when its node has none.)
FindSucc(t) ==
    /\ pc[t] = "find_succ"
    /\ IF M!Load(t, LSocket(nx[t])) = Socket(t)
       THEN /\ succ' = Set(succ, t, nx[t])
            /\ tother' = tother
            /\ Go(t, "handoff")
       ELSE /\ tother' = Set(tother, t, nx[t])
            /\ succ' = succ
            /\ Go(t, "scan")
    /\ Ordered(t, O("find_succ"))
    /\ UNCHANGED << mem, buf, hv, prev, nx, rt, ghosts >>

\* cur = READ_ONCE(tail_other->next); at NULL find_successor returns NULL and
\* the hand-off goes to the secondary queue's first node or to next.
Scan(t) ==
    /\ pc[t] = "scan"
    /\ LET cur == M!Load(t, LNext(tother[t]))
           sec == M!Load(t, LLocked(t)) IN
       IF cur # Nil
       THEN /\ succ' = Set(succ, t, cur)
            /\ Go(t, "scan_socket")
       ELSE IF HasSecondary(sec)
       THEN /\ succ' = Set(succ, t, MCS_NODE(sec))
            /\ Go(t, "flush_splice")
       ELSE /\ succ' = Set(succ, t, nx[t])
            /\ Go(t, "pass_next")
    /\ Ordered(t, O("scan"))
    /\ UNCHANGED << mem, buf, hv, prev, nx, tother, rt, ghosts >>

\* if (decode_socket(cur->socket_and_count) == my_socket): found, move the
\* nodes before it; else tail_other = cur and the scan goes on.
ScanSocket(t) ==
    /\ pc[t] = "scan_socket"
    /\ IF M!Load(t, LSocket(succ[t])) = Socket(t)
       THEN /\ Go(t, IF HasSecondary(M!Load(t, LLocked(t))) THEN "append_sec" ELSE "splice_head")
            /\ UNCHANGED tother
       ELSE /\ tother' = Set(tother, t, succ[t])
            /\ Go(t, "scan")
    /\ Ordered(t, O("scan_socket"))
    /\ UNCHANGED << mem, buf, hv, prev, nx, succ, rt, ghosts >>

\* me->locked = (uintptr_t)head_other: a secondary queue begins.
SpliceHead(t) ==
    /\ pc[t] = "splice_head"
    /\ M!Store(t, LLocked(t), Ptr(nx[t]), O("splice_head"))
    /\ Go(t, "cut_tail")
    /\ NoLoad
    /\ UNCHANGED << locals, ghosts >>

\* MCS_NODE(me->locked)->tail->next = head_other: onto the secondary queue's end.
AppendSecondary(t) ==
    /\ pc[t] = "append_sec"
    /\ M!Store(t, LNext(M!Load(t, LTail(MCS_NODE(M!Load(t, LLocked(t)))))), nx[t], O("append_sec"))
    /\ Go(t, "cut_tail")
    /\ Ordered(t, "plain")
    /\ UNCHANGED << locals, ghosts >>

\* tail_other->next = NULL
CutTail(t) ==
    /\ pc[t] = "cut_tail"
    /\ M!Store(t, LNext(tother[t]), Nil, O("cut_tail"))
    /\ Go(t, "set_sec_tail")
    /\ NoLoad
    /\ UNCHANGED << locals, ghosts >>

\* MCS_NODE(me->locked)->tail = tail_other
SetSecTail(t) ==
    /\ pc[t] = "set_sec_tail"
    /\ LET first == MCS_NODE(M!Load(t, LLocked(t))) IN
       /\ M!Store(t, LTail(first), tother[t], O("set_sec_tail"))
       /\ sectail' = Set(sectail, first, tother[t])
    /\ Go(t, "handoff")
    /\ Ordered(t, "plain")
    /\ UNCHANGED << locals, taken, fromsec >>

\* arch_mcs_spin_unlock_contended(&succ->locked, node->locked): the secondary
\* queue travels with the MCS lock.
Handoff(t) ==
    /\ pc[t] = "handoff"
    /\ M!Store(t, LLocked(succ[t]), M!Load(t, LLocked(t)), O("mcs_handoff"))
    /\ Go(t, "cs_read")
    /\ Ordered(t, "plain")
    /\ UNCHANGED << locals, ghosts >>

\* succ = MCS_NODE(node->locked); succ->tail->next = next: the secondary queue
\* goes back in front of the main queue.
FlushSplice(t) ==
    /\ pc[t] = "flush_splice"
    /\ LET last == M!Load(t, LTail(succ[t])) IN
       /\ rt' = Set(rt, t, last)
       /\ M!Store(t, LNext(last), nx[t], O("flush_splice"))
    /\ Go(t, "pass_flush")
    /\ Ordered(t, "plain")
    /\ UNCHANGED << hv, prev, nx, tother, succ, ghosts >>

\* arch_mcs_spin_unlock_contended(&succ->locked, 1)
PassFlush(t) ==
    /\ pc[t] = "pass_flush"
    /\ M!Store(t, LLocked(succ[t]), 1, O("pass_flush"))
    /\ fromsec' = fromsec \cup {succ[t]}
    /\ Go(t, "cs_read")
    /\ NoLoad
    /\ UNCHANGED << locals, taken, sectail >>

\* arch_mcs_spin_unlock_contended(&next->locked, 1)
PassNext(t) ==
    /\ pc[t] = "pass_next"
    /\ M!Store(t, LLocked(succ[t]), 1, O("pass_next"))
    /\ Go(t, "cs_read")
    /\ NoLoad
    /\ UNCHANGED << locals, ghosts >>

(***************************************************************************)
(* The critical section                                                    *)
(***************************************************************************)
\* The order with which step p reads memory, as Ordered takes it ("none" for a
\* step that reads nothing: it lets every younger load pass).
LoadOrder(p) ==
    CASE p \in {"init_locked", "init_next", "init_socket", "publish_wmb", "set_socket", "link_prev",
                "head_locked", "pass_secondary", "splice_head", "cut_tail", "pass_flush", "pass_next"} -> "none"
      [] p \in {"append_sec", "set_sec_tail", "handoff", "flush_splice"} -> "plain"
      [] OTHER -> O(p)

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
\* smp_store_release(&lock->locked, 0), a release update of the whole word;
\* a CPU in Again goes round once more.
Unlock(t) ==
    /\ pc[t] = "unlock"
    /\ M!RmwReady(t, LWord, O("unlock"))
    /\ M!RmwWrite(t, LWord, [M!RmwRead(LWord) EXCEPT !.l = 0], O("unlock"))
    /\ taken' = Set(taken, t, taken[t] + 1)
    /\ Go(t, IF taken[t] + 1 < Rounds(t) THEN "fast_cmpxchg" ELSE "done")
    /\ Ordered(t, O("unlock"))
    \* the locals of this acquisition are dead (fewer states)
    /\ hv' = Set(hv, t, NotRead)
    /\ nx' = Set(nx, t, Nil)
    /\ tother' = Set(tother, t, Nil)
    /\ succ' = Set(succ, t, Nil)
    /\ rt' = Set(rt, t, Nil)
    /\ UNCHANGED << prev, sectail, fromsec >>

(***************************************************************************)
(* The specification                                                       *)
(***************************************************************************)
\* The read-modify-writes of the lock word.
Rmw(t) ==
    \/ FastPath(t) \/ QueueTrylock(t) \/ XchgTail(t) \/ HeadCmpxchg(t) \/ SetLocked(t) \/ Unlock(t)

Step(t) ==
    \/ Rmw(t)
    \/ InitLocked(t) \/ InitNext(t) \/ InitSocket(t) \/ PublishWmb(t) \/ SetSocket(t) \/ LinkPrev(t)
    \/ HeadLocked(t) \/ McsSpin(t) \/ HeadWait(t) \/ HeadCheck(t) \/ SecTail(t) \/ PassSecondary(t)
    \/ WaitNext(t) \/ FindSucc(t) \/ Scan(t) \/ ScanSocket(t) \/ SpliceHead(t) \/ AppendSecondary(t)
    \/ CutTail(t) \/ SetSecTail(t) \/ Handoff(t) \/ FlushSplice(t) \/ PassFlush(t) \/ PassNext(t)
    \/ CsRead(t) \/ CsWriteX(t) \/ CsWriteY(t)

Drain(t) == M!Drain(t) /\ UNCHANGED << pc, locals, rx, ry, gen, ghosts >>

\* Once every CPU is done and every store has landed, nothing is left to do.
Finished == \A t \in CPUs : pc[t] = "done" /\ buf[t] = << >>
Terminated == Finished /\ UNCHANGED vars

Next ==
    \/ \E t \in CPUs : Step(t) \/ HeadWaitEarly(t) \/ ReadEarly(t) \/ Drain(t)
    \/ Terminated

\* Each CPU keeps taking its steps and its buffer keeps draining; an early
\* read is a choice the hardware may make, never one it must. Under WMO a
\* buffered RMW write holds the lock word, so another CPU's RMW there is
\* enabled only now and then: strong fairness on the RMWs, as in QSpinlockWeak.
Fairness == \A t \in CPUs : WF_vars(Step(t)) /\ WF_vars(Drain(t)) /\ SF_vars(Rmw(t))

Spec == Init /\ [][Next]_vars /\ Fairness

(***************************************************************************)
(* The properties                                                          *)
(***************************************************************************)
Holders == {t \in CPUs : pc[t] \in HolderPCs}
Trying  == {t \in CPUs : pc[t] \notin HolderPCs \cup {"done"}}
P == INSTANCE Properties WITH Threads <- CPUs, trying <- Trying, holders <- Holders
MutualExclusion == P!MutualExclusion
StarvationFreedom == P!StarvationFreedom
\* A holder reads the data as the last holder left it: x and y both equal gen.
Seen(t) == CS!Seen(t)
HandoffVisibility == P!HandoffVisibility(CS!Readers, Seen, gen)

\* NoLostWaiter as the CPUs see the queues (core Property maps it there): the
\* secondary queue's tail a head read (for the tail-moving cmpxchg or for the
\* flush) is the node the splice made its tail. Any other value is a wild
\* pointer that becomes the lock word's tail or gets the main queue linked
\* behind it, and the waiters after it are lost.
SeenNoLostWaiter ==
    \A t \in CPUs :
        /\ pc[t] \in {"head_cmpxchg", "pass_secondary"} /\ succ[t] # Nil => rt[t] = sectail[succ[t]]
        /\ pc[t] = "pass_flush" => rt[t] = sectail[succ[t]]

(***************************************************************************)
(* Witnesses (docs/vacuity.md)                                             *)
(***************************************************************************)
\* find_successor moves a remote waiter to the secondary queue.
NeverSplice == \A t \in CPUs : pc[t] # "cut_tail"
\* find_successor appends a run of remote waiters behind a secondary queue that
\* holds a waiter already.
NeverAppend == \A t \in CPUs : pc[t] # "append_sec"
\* No waiter on the holder's socket and a secondary queue: the flush puts that
\* queue back in front of next, and its first waiter gets the MCS lock.
NeverFlush == \A t \in CPUs : pc[t] # "pass_flush"
\* A head moves the lock word's tail to the secondary queue's and passes on.
NeverSecondaryPass == \A t \in CPUs : pc[t] # "pass_secondary"
\* A CPU handed the MCS lock from a secondary queue holds the lock.
NeverSecondaryHolds == \A t \in fromsec : pc[t] \notin CS!CsPCs
\* find_successor finds no waiter on the holder's socket and the MCS lock goes
\* to next (the scan reached the end of the main queue).
NeverPassNext == \A t \in CPUs : pc[t] # "pass_next"
\* The secondary queue travels with a hand-off to a CPU that did not splice it:
\* a head whose node->locked names a secondary queue it was handed.
NeverCarried == \A t \in CPUs : pc[t] = "head_check" => ~HasSecondary(M!Load(t, LLocked(t)))
\* The tail-moving cmpxchg fails (a waiter queued behind the head meanwhile).
NeverTailMoveFails == \A t \in CPUs : ~(pc[t] = "set_locked" /\ succ[t] # Nil)
\* A head is about to read a waiter's socket as -1: set_socket's store has not
\* reached it (find_successor then takes the waiter for a remote one).
NeverStaleSocket ==
    \A t \in CPUs :
        /\ pc[t] = "find_succ" => M!Load(t, LSocket(nx[t])) # NoSocket
        /\ pc[t] = "scan_socket" => M!Load(t, LSocket(succ[t])) # NoSocket
\* A holder reads in its critical section what an earlier holder wrote there
\* (x and y start at 0): the check of the data sees a hand-off's writes.
NeverReadsHandedData == ~\E t \in CS!Readers : Seen(t) = 1
\* A critical-section read satisfied early, while its CPU is still on the lock
\* path (WMO only).
NeverReadEarly == \A t \in CPUs : pc[t] \in PathPCs => rx[t] = CS!NotRead
\* The splice's stores land in the other order: a secondary queue's tail field
\* is in memory while the cut of that node's next is still in a buffer (WMO only).
NeverSpliceReordered ==
    ~\E t, n \in CPUs :
        /\ sectail[n] \notin {Nil, t}
        /\ mem[LTail(n)] = sectail[n]
        /\ \E i \in 1 .. Len(buf[t]) : buf[t][i][1] = LNext(sectail[n]) /\ buf[t][i][2] = Nil
=============================================================================
