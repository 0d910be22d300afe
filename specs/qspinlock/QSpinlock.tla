----------------------------- MODULE QSpinlock -----------------------------
(***************************************************************************)
(* The Linux kernel's queued spinlock, kernel/locking/qspinlock.c          *)
(* (queued_spin_lock, queued_spin_lock_slowpath, queued_spin_unlock,       *)
(* queued_spin_trylock), for the NR_CPUS >= 16K layout in which every     *)
(* operation on the lock word is a whole-word atomic (the Java port has   *)
(* no byte or halfword atomics either).                                    *)
(*                                                                         *)
(* The lock word is (tail, pending, locked). Its transitions, as the      *)
(* slowpath's comment draws them:                                           *)
(*   fast path        (0,0,0) -> (0,0,1)                                    *)
(*   pending path     (0,0,1) -> (0,1,1) -> (0,1,0) -> (0,0,1)              *)
(*   queue path       (n,x,y) -> (q,x,y), head waits for (q,0,0), then      *)
(*                    (q,0,0) -> (0,0,1) when it is last, else (q,0,1)      *)
(*                                                                         *)
(* Every CPU has MAX_NODES queue nodes, one per context (task, softirq,   *)
(* hardirq, nmi), indexed by the per-CPU `count'. A CPU may be interrupted *)
(* anywhere in its lock or critical section; the interrupt context takes a *)
(* different lock, with the next node index. NestDepth bounds the         *)
(* nesting; each context is interrupted at most once per acquisition      *)
(* (an interrupt storm would starve anything, and is not the lock's       *)
(* business).                                                              *)
(*                                                                         *)
(* The slowpath's variant hooks (pv_init_node, pv_wait_node,              *)
(* pv_kick_node, pv_wait_head_or_lock) are no-ops natively; the actions   *)
(* below are where a variant replaces them. A variant or mutant           *)
(* (mutants/) names the actions it replaces in the constant               *)
(* Replaced, which disables them here, and adds its own.                   *)
(*                                                                         *)
(* Atomicity. One action is one access to shared memory, except where a   *)
(* step only touches memory no other CPU can reach yet (the node before    *)
(* xchg_tail publishes it) or reads a value nobody else can change any    *)
(* more; such a step commutes with every step of every other CPU (Lipton's *)
(* reduction), so it is merged with its neighbour and the interleavings   *)
(* it would add are equivalent to ones already there. The merges:         *)
(*  - Queue: count++, grab_mcs_node, the node's init and the trylock     *)
(*    (the node is private until xchg_tail);                              *)
(*  - PendingSpin: the wait for locked == 0 and clear_pending_set_locked  *)
(*    (with our pending bit set nobody else can set locked);              *)
(*  - McsHandoff: the wait for node->next and the hand-off to it (next    *)
(*    never changes once set). The kernel's early READ_ONCE(node->next)   *)
(*    before the head's wait is a prefetch of that same value and is not  *)
(*    a separate step here.                                               *)
(***************************************************************************)
EXTENDS Naturals, FiniteSets

CONSTANTS N,            \* CPUs
          NestDepth,    \* interrupt nesting levels above the task context
          PendingLoops, \* _Q_PENDING_LOOPS, the bounded wait for pending->locked
          IrqCpus,      \* the CPUs that take interrupts
          Crossed,      \* which lock each context takes: see LockOf
          IrqAnywhere,  \* where an interrupt may arrive: see IrqPoints
          Replaced,     \* names of actions a variant or mutant replaces ({} natively)
          VariantInit,  \* the initial value of vstate (a variant's own state; 0 natively)
          BypassBound   \* K of BoundedBypass (0 natively: FIFO from the doorway)
MaxNodes == 4                          \* MAX_NODES: task, softirq, hardirq, nmi
ActionNames == { "FastPath", "PendingWait", "FetchSetPending", "ClearPending",
                 "PendingSpin", "Queue", "XchgTail", "LinkPrev", "SpinLocked",
                 "HeadWait", "HeadCmpxchg", "SetLocked", "McsHandoff", "Unlock" }

ASSUME Assumptions ==
    /\ N \in Nat /\ N >= 1
    /\ NestDepth \in Nat /\ NestDepth + 1 <= MaxNodes
    /\ PendingLoops \in Nat
    /\ IrqCpus \subseteq 1 .. N
    /\ Crossed \in BOOLEAN
    /\ IrqAnywhere \in BOOLEAN
    \* These actions, or the steps of a spec over this one that its mutants replace by name
    \* too (CNASteps' StepsActionNames, which it assumes).
    /\ Replaced \subseteq STRING
    /\ BypassBound \in Nat
Cpus     == 1 .. N
Levels   == 0 .. NestDepth
Locks    == 1 .. NestDepth + 1
\* A context: <<cpu, nesting level>>. Interrupt levels exist only on the CPUs
\* that take interrupts (a context that can never run would only add
\* fairness conditions and StarvationFreedom promises that hold trivially).
Ctx == { x \in Cpus \X Levels : x[2] = 0 \/ x[1] \in IrqCpus }
\* The lock context x takes. Not crossed: level l takes lock l + 1, so the
\* task contexts contend with each other and each interrupt level with the
\* same level on other CPUs. Crossed: the assignment rotates with the CPU,
\* so an interrupt context contends with the task contexts of other CPUs,
\* and a lock's queue mixes node indices. Either way a context and the
\* contexts nested in it take different locks (taking the same one would
\* deadlock in the kernel too, which is why spin_lock_irqsave exists).
LockOf(x) == IF Crossed THEN 1 + ((x[1] - 1 + x[2]) % (NestDepth + 1))
                        ELSE x[2] + 1

\* encode_tail / decode_tail: cpu + 1 is the kernel's, cpu >= 1 here already.
EncodeTail(c, i) == c * MaxNodes + i   \* never 0, so 0 is "no tail"
NodeCpu(t)       == t \div MaxNodes
NodeIdx(t)       == t % MaxNodes
Nodes            == { EncodeTail(c, i) : c \in Cpus, i \in 0 .. MaxNodes - 1 }
Nil              == 0

Word(t, p, l) == [tail |-> t, pending |-> p, locked |-> l]
Unlocked      == Word(0, 0, 0)
PendingVal    == Word(0, 1, 0)            \* _Q_PENDING_VAL

VARIABLES
    lk,         \* lk[L]: lock L's word
    nlocked,    \* nlocked[n]: mcs node n's `locked'
    nnext,      \* nnext[n]: mcs node n's `next' (an encoded node, or Nil)
    count,      \* count[c]: qnodes[0].mcs.count of CPU c (nesting index)
    depth,      \* depth[c]: the level of CPU c's running context
    irqUsed,    \* irqUsed[x]: context x was interrupted in this acquisition
    pc,         \* pc[x]
    v,          \* local `val' of the slowpath
    cnt,        \* local pending-loop counter
    node,       \* local: the context's node (encoded), Nil when none
    prev,       \* local `prev' (encoded node)
    vstate,     \* a variant's own state (CNA: its node fields); the native steps keep it
    ahead,      \* auxiliary, for BoundedBypass (see Properties)
    bypass      \* auxiliary, for BoundedBypass

algvars == << lk, nlocked, nnext, count, depth, irqUsed, pc, v, cnt, node, prev, vstate >>
vars == << algvars, ahead, bypass >>

(***************************************************************************)
(* Where a context is.                                                     *)
(***************************************************************************)
TryingPCs == { "fast", "pend_wait", "fetch_pend", "clear_pend", "pend_spin",
               "queue", "xchg_tail", "link_prev", "spin_locked",
               "head_wait", "head_cmpxchg", "set_locked" }
\* The lock is owned from set_locked on; the MCS hand-off happens as owner.
OwnPCs    == { "mcs_handoff", "cs" }
\* Past the doorway and not yet owner (for BoundedBypass): pending set, or tail swapped.
WaitingPCs == { "pend_spin", "link_prev", "spin_locked", "head_wait",
                "head_cmpxchg", "set_locked" }
\* The context's node is in lock L's queue.
QueuedPCs == { "link_prev", "spin_locked", "head_wait", "head_cmpxchg",
               "set_locked", "mcs_handoff" }

On(L)        == { x \in Ctx : LockOf(x) = L }
HoldersOf(L) == { x \in On(L) : pc[x] \in OwnPCs }
TryingOf(L)  == { x \in On(L) : pc[x] \in TryingPCs }
WaitingOf(L) == { x \in On(L) : pc[x] \in WaitingPCs }
QueuedOf(L)  == { x \in On(L) : pc[x] \in QueuedPCs }
Running(x)   == depth[x[1]] = x[2]
\* Context x may take the native step `a' (one its variant or mutant does not
\* replace); a native step leaves the variant's state alone.
Active(x, a) == Running(x) /\ a \notin Replaced /\ UNCHANGED vstate

TypeOK ==
    /\ \A L \in Locks : lk[L].locked \in {0, 1} /\ lk[L].pending \in {0, 1}
                        /\ lk[L].tail \in Nodes \cup {Nil}
    /\ nlocked \in [Nodes -> {0, 1} \cup Nodes]   \* a variant may pass a node (CNA)
    /\ nnext \in [Nodes -> Nodes \cup {Nil}]
    /\ count \in [Cpus -> 0 .. MaxNodes]
    /\ depth \in [Cpus -> Levels]

Init ==
    /\ lk = [L \in Locks |-> Unlocked]
    /\ nlocked = [n \in Nodes |-> 0]
    /\ nnext = [n \in Nodes |-> Nil]
    /\ count = [c \in Cpus |-> 0]
    /\ depth = [c \in Cpus |-> 0]
    /\ irqUsed = [x \in Ctx |-> FALSE]
    /\ pc = [x \in Ctx |-> IF x[2] = 0 THEN "ncs" ELSE "idle"]
    /\ v = [x \in Ctx |-> Unlocked]
    /\ cnt = [x \in Ctx |-> 0]
    /\ node = [x \in Ctx |-> Nil]
    /\ prev = [x \in Ctx |-> Nil]
    /\ vstate = VariantInit
    /\ ahead = [x \in Ctx |-> {}]
    /\ bypass = [x \in Ctx |-> 0]

\* The property catalogue (Properties.tla), per lock.
P(Lk) == INSTANCE Properties WITH Threads <- On(Lk), trying <- TryingOf(Lk),
                                  holders <- HoldersOf(Lk)

(***************************************************************************)
(* Bookkeeping for BoundedBypass (writes only ahead and bypass). The      *)
(* doorway is the step that makes a context visible in the lock word: a   *)
(* successful pending set, the tail swap, or the fast path. (In a FIFO    *)
(* run the two variables follow from the queue order, so they add no      *)
(* states: 201,328 with or without them in QSpinlock_N3_L1.)              *)
(***************************************************************************)
Doorway(x) == ahead' = P(1)!AheadAtDoorway(ahead, x, WaitingOf(LockOf(x)))
\* The count saturates at BypassBound + 1: enough to see a violation, and it
\* keeps the state space finite where bypass is unbounded (CNA v1).
Enter(x, aheadNow) ==
    /\ bypass' = LET b == P(1)!BypassAtEntry(bypass, aheadNow, x)
                 IN [t \in DOMAIN b |-> IF b[t] > BypassBound + 1 THEN BypassBound + 1 ELSE b[t]]
    /\ ahead' = P(1)!AheadAtEntry(aheadNow, x)
DoorwayAndEnter(x) == Enter(x, P(1)!AheadAtDoorway(ahead, x, WaitingOf(LockOf(x))))
NoAux == UNCHANGED << ahead, bypass >>

Goto(x, p) == pc' = [pc EXCEPT ![x] = p]

SetL(x, w) == lk' = [lk EXCEPT ![LockOf(x)] = w]
L(x)       == lk[LockOf(x)]

(***************************************************************************)
(* queued_spin_lock                                                        *)
(***************************************************************************)
\* A task context leaves its non-critical section (not fair: it may never).
Start(x) ==
    /\ Running(x)
    /\ pc[x] = "ncs"
    /\ Goto(x, "fast")
    /\ UNCHANGED << lk, nlocked, nnext, count, depth, irqUsed, v, cnt, node, prev, vstate >>
    /\ NoAux

\* atomic_try_cmpxchg_acquire(&lock->val, &val, _Q_LOCKED_VAL); on failure the
\* slowpath starts with that val: the PENDING_VAL wait, or queue on contention,
\* or try the pending bit.
FastPath(x) ==
    /\ Active(x, "FastPath")
    /\ pc[x] = "fast"
    /\ IF L(x) = Unlocked
       THEN /\ SetL(x, Word(0, 0, 1))
            /\ Goto(x, "cs")
            /\ DoorwayAndEnter(x)
            /\ UNCHANGED << v, cnt >>
       ELSE /\ IF L(x) = PendingVal
               THEN /\ Goto(x, "pend_wait")
                    /\ cnt' = [cnt EXCEPT ![x] = PendingLoops]
               ELSE /\ Goto(x, IF L(x).pending = 1 \/ L(x).tail # Nil THEN "queue" ELSE "fetch_pend")
                    /\ UNCHANGED cnt
            /\ UNCHANGED lk
            /\ NoAux
    /\ UNCHANGED << nlocked, nnext, count, depth, irqUsed, v, node, prev >>

\* A variant that never takes the pending path (pvqspinlock: the slowpath's
\* `goto pv_queue'; CNA's 4-CPU models) replaces FastPath with this: the
\* cmpxchg of the fast path, and on failure straight to the queue.
FastPathQueue(x) ==
    /\ Running(x)
    /\ pc[x] = "fast"
    /\ IF L(x) = Unlocked
       THEN /\ SetL(x, Word(0, 0, 1))
            /\ Goto(x, "cs")
            /\ DoorwayAndEnter(x)
       ELSE /\ Goto(x, "queue")
            /\ UNCHANGED lk
            /\ NoAux
    /\ UNCHANGED << nlocked, nnext, count, depth, irqUsed, v, cnt, node, prev, vstate >>

\* atomic_cond_read_relaxed(&lock->val, (VAL != _Q_PENDING_VAL) || !cnt--):
\* one read per step, at most PendingLoops + 1 reads.
PendingWait(x) ==
    /\ Active(x, "PendingWait")
    /\ pc[x] = "pend_wait"
    /\ IF L(x) # PendingVal \/ cnt[x] = 0
       THEN /\ Goto(x, IF L(x).pending = 1 \/ L(x).tail # Nil THEN "queue" ELSE "fetch_pend")
            /\ cnt' = [cnt EXCEPT ![x] = 0]
       ELSE /\ cnt' = [cnt EXCEPT ![x] = cnt[x] - 1]
            /\ UNCHANGED pc
    /\ UNCHANGED << lk, nlocked, nnext, count, depth, irqUsed, v, node, prev >>
    /\ NoAux

\* val = queued_fetch_set_pending_acquire(lock): atomic_fetch_or_acquire(_Q_PENDING_VAL).
\* Contention (pending or tail already there): undo pending if we set it, and queue.
FetchSetPending(x) ==
    /\ Active(x, "FetchSetPending")
    /\ pc[x] = "fetch_pend"
    /\ SetL(x, [L(x) EXCEPT !.pending = 1])
    /\ IF L(x).pending = 1 \/ L(x).tail # Nil
       THEN /\ Goto(x, IF L(x).pending = 0 THEN "clear_pend" ELSE "queue")
            /\ NoAux
       ELSE /\ Goto(x, "pend_spin")
            /\ Doorway(x) /\ UNCHANGED bypass
    /\ UNCHANGED << nlocked, nnext, count, depth, irqUsed, v, cnt, node, prev >>

\* clear_pending(lock): undo the pending bit, then queue.
ClearPending(x) ==
    /\ Active(x, "ClearPending")
    /\ pc[x] = "clear_pend"
    /\ SetL(x, [L(x) EXCEPT !.pending = 0])
    /\ Goto(x, "queue")
    /\ UNCHANGED << nlocked, nnext, count, depth, irqUsed, v, cnt, node, prev >>
    /\ NoAux

\* smp_cond_load_acquire(&lock->locked, !VAL): wait for the owner to go away;
\* then clear_pending_set_locked(lock): 0,1,0 -> 0,0,1 (merged, see the header).
PendingSpin(x) ==
    /\ Active(x, "PendingSpin")
    /\ pc[x] = "pend_spin"
    /\ L(x).locked = 0
    /\ SetL(x, [L(x) EXCEPT !.pending = 0, !.locked = 1])
    /\ Goto(x, "cs")
    /\ Enter(x, ahead)
    /\ UNCHANGED << nlocked, nnext, count, depth, irqUsed, v, cnt, node, prev >>

\* idx = node->count++; node = grab_mcs_node(node, idx); node->locked = 0;
\* node->next = NULL; pv_init_node(node) (no-op natively);
\* if (queued_spin_trylock(lock)) goto release;  (release: count--)
\* Merged into one step: the node is private until xchg_tail (see the header).
Queue(x) ==
    /\ Active(x, "Queue")
    /\ pc[x] = "queue"
    /\ LET n == EncodeTail(x[1], count[x[1]]) IN
       IF L(x) = Unlocked
       THEN /\ SetL(x, Word(0, 0, 1))
            /\ Goto(x, "cs")
            /\ DoorwayAndEnter(x)
            /\ UNCHANGED << count, node, nlocked, nnext >>
       ELSE /\ node' = [node EXCEPT ![x] = n]
            /\ count' = [count EXCEPT ![x[1]] = @ + 1]
            /\ nlocked' = [nlocked EXCEPT ![n] = 0]
            /\ nnext' = [nnext EXCEPT ![n] = Nil]
            /\ Goto(x, "xchg_tail")
            /\ UNCHANGED lk
            /\ NoAux
    /\ UNCHANGED << depth, irqUsed, v, cnt, prev >>

\* old = xchg_tail(lock, tail): the queue doorway. If there was a tail, link to it.
XchgTail(x) ==
    /\ Active(x, "XchgTail")
    /\ pc[x] = "xchg_tail"
    /\ SetL(x, [L(x) EXCEPT !.tail = node[x]])
    /\ prev' = [prev EXCEPT ![x] = L(x).tail]
    /\ Goto(x, IF L(x).tail # Nil THEN "link_prev" ELSE "head_wait")
    /\ Doorway(x) /\ UNCHANGED bypass
    /\ UNCHANGED << nlocked, nnext, count, depth, irqUsed, v, cnt, node >>

\* WRITE_ONCE(prev->next, node); pv_wait_node(node, prev) (no-op natively)
LinkPrev(x) ==
    /\ Active(x, "LinkPrev")
    /\ pc[x] = "link_prev"
    /\ nnext' = [nnext EXCEPT ![prev[x]] = node[x]]
    /\ prev' = [prev EXCEPT ![x] = Nil]
    /\ Goto(x, "spin_locked")
    /\ UNCHANGED << lk, nlocked, count, depth, irqUsed, v, cnt, node >>
    /\ NoAux

\* arch_mcs_spin_lock_contended(&node->locked): wait for a non-zero value (1
\* natively; a variant may pass something else, as CNA passes its secondary queue).
SpinLocked(x) ==
    /\ Active(x, "SpinLocked")
    /\ pc[x] = "spin_locked"
    /\ nlocked[node[x]] # 0
    /\ Goto(x, "head_wait")
    /\ UNCHANGED << lk, nlocked, nnext, count, depth, irqUsed, v, cnt, node, prev >>
    /\ NoAux

\* pv_wait_head_or_lock (returns 0 natively), then
\* val = atomic_cond_read_acquire(&lock->val, !(VAL & _Q_LOCKED_PENDING_MASK));
HeadWait(x) ==
    /\ Active(x, "HeadWait")
    /\ pc[x] = "head_wait"
    /\ L(x).locked = 0 /\ L(x).pending = 0
    /\ v' = [v EXCEPT ![x] = L(x)]
    /\ Goto(x, IF L(x).tail = node[x] THEN "head_cmpxchg" ELSE "set_locked")
    /\ UNCHANGED << lk, nlocked, nnext, count, depth, irqUsed, cnt, node, prev >>
    /\ NoAux

\* Releasing the node (the count-- at `release'): nothing reads its fields
\* again before the next owner initialises them, so the spec clears them.
\* This only keeps TLC from telling apart states that differ in dead values.
ReleaseNode(x) ==
    /\ count' = [count EXCEPT ![x[1]] = @ - 1]
    /\ node' = [node EXCEPT ![x] = Nil]
Release(x, nl) ==
    /\ nlocked' = [nl EXCEPT ![node[x]] = 0]
    /\ nnext' = [nnext EXCEPT ![node[x]] = Nil]
    /\ ReleaseNode(x)

\* if ((val & _Q_TAIL_MASK) == tail) atomic_try_cmpxchg_relaxed(&lock->val, &val, _Q_LOCKED_VAL)
\* success: last in the queue, the tail is cleared with the lock taken; goto release.
HeadCmpxchg(x) ==
    /\ Active(x, "HeadCmpxchg")
    /\ pc[x] = "head_cmpxchg"
    /\ v' = [v EXCEPT ![x] = Unlocked]   \* the local is dead from here
    /\ IF L(x) = v[x]
       THEN /\ SetL(x, Word(0, 0, 1))
            /\ Release(x, nlocked)
            /\ Goto(x, "cs")
            /\ Enter(x, ahead)
       ELSE /\ Goto(x, "set_locked")
            /\ UNCHANGED << lk, count, node, nlocked, nnext >>
            /\ NoAux
    /\ UNCHANGED << depth, irqUsed, cnt, prev >>

\* set_locked(lock): the head owns the lock; a successor exists.
SetLocked(x) ==
    /\ Active(x, "SetLocked")
    /\ pc[x] = "set_locked"
    /\ SetL(x, [L(x) EXCEPT !.locked = 1])
    /\ Goto(x, "mcs_handoff")
    /\ Enter(x, ahead)
    /\ UNCHANGED << nlocked, nnext, count, depth, irqUsed, v, cnt, node, prev >>

\* if (!next) next = smp_cond_load_relaxed(&node->next, (VAL));
\* arch_mcs_spin_unlock_contended(&next->locked); pv_kick_node (no-op natively);
\* release: __this_cpu_dec(qnodes[0].mcs.count). (Merged, see the header.)
McsHandoff(x) ==
    /\ Active(x, "McsHandoff")
    /\ pc[x] = "mcs_handoff"
    /\ nnext[node[x]] # Nil
    /\ Release(x, [nlocked EXCEPT ![nnext[node[x]]] = 1])
    /\ Goto(x, "cs")
    /\ UNCHANGED << lk, depth, irqUsed, v, cnt, prev >>
    /\ NoAux

\* The unlock's step without the Active guard, for a variant that guards it
\* further (QSpinlockSteps' StepsUnlock waits for count--).
UnlockStep(x) ==
    /\ pc[x] = "cs"
    /\ SetL(x, [L(x) EXCEPT !.locked = 0])
    /\ Goto(x, IF x[2] = 0 THEN "ncs" ELSE "idle")
    /\ depth' = IF x[2] = 0 THEN depth ELSE [depth EXCEPT ![x[1]] = x[2] - 1]
    /\ irqUsed' = [irqUsed EXCEPT ![x] = FALSE]
    /\ UNCHANGED << nlocked, nnext, count, v, cnt, node, prev >>
    /\ NoAux
\* The critical section ends: queued_spin_unlock, smp_store_release(&lock->locked, 0).
\* A task context goes back to its non-critical section; an interrupt context
\* returns to the context it interrupted.
Unlock(x) == Active(x, "Unlock") /\ UnlockStep(x)

\* Where an interrupt may arrive. Anywhere in the slowpath, the MCS hand-off
\* or the critical section; or, in the larger models, only where the
\* interrupted context holds a node or the lock. That loses nothing: an interrupted context is
\* frozen, which its lock's other users cannot tell from a slow CPU, and
\* the interrupt context depends on it only through `count' and the node
\* array, whose two cases (no node held: count = level, as in "cs"; a node
\* held: count = level + 1) both remain.
NodePCs   == { "xchg_tail", "link_prev", "spin_locked", "head_wait",
               "head_cmpxchg", "set_locked", "mcs_handoff" }
IrqPoints == IF IrqAnywhere THEN (TryingPCs \ {"fast"}) \cup OwnPCs
                            ELSE NodePCs \cup {"cs"}

\* An interrupt on CPU c while context x is at an IrqPoint: the next level's
\* context starts taking its own lock.
Interrupt(x) ==
    /\ Running(x)
    /\ x[1] \in IrqCpus
    /\ x[2] < NestDepth
    /\ pc[x] \in IrqPoints
    /\ ~irqUsed[x]
    /\ irqUsed' = [irqUsed EXCEPT ![x] = TRUE]
    /\ depth' = [depth EXCEPT ![x[1]] = x[2] + 1]
    /\ pc' = [pc EXCEPT ![<< x[1], x[2] + 1 >>] = "fast"]
    /\ UNCHANGED << lk, nlocked, nnext, count, v, cnt, node, prev, vstate >>
    /\ NoAux

(***************************************************************************)
(* The specification. Step(x) is every step of context x but Start and    *)
(* Interrupt. A variant or mutant (mutants/) sets Replaced to the         *)
(* names of the actions it replaces and adds its own: its Next is         *)
(* Next \/ \E x \in Ctx : New(x), its fairness WF_vars(Step(x) \/ New(x)). *)
(***************************************************************************)
Step(x) ==
    \/ FastPath(x) \/ PendingWait(x) \/ FetchSetPending(x) \/ ClearPending(x)
    \/ PendingSpin(x) \/ Queue(x) \/ XchgTail(x) \/ LinkPrev(x) \/ SpinLocked(x)
    \/ HeadWait(x) \/ HeadCmpxchg(x) \/ SetLocked(x) \/ McsHandoff(x) \/ Unlock(x)

\* Every step of CPU c, whichever of its contexts runs (trace validation
\* follows one CPU's step per event). The contexts are drawn from CtxOf(c)
\* rather than filtered by a conjunct, so that TLC splits the disjunction into
\* its actions and names each step of a counterexample by its own action
\* (XchgTail, McsHandoff), not by ThreadNext.
CtxOf(c) == { x \in Ctx : x[1] = c }
ThreadNext(c) == \E x \in CtxOf(c) : Start(x) \/ Interrupt(x) \/ Step(x)

\* Only the running context of a CPU moves (every action requires Running(x)).
Next == \E c \in Cpus : ThreadNext(c)

\* Weak fairness of every context's lock and unlock steps (a CPU runs its
\* running context); starting an acquisition and interrupts are not forced.
Fairness == \A x \in Ctx : WF_vars(Step(x))

Spec == Init /\ [][Next]_vars /\ Fairness

(***************************************************************************)
(* Properties, per lock, from the catalogue (Properties.tla).             *)
(***************************************************************************)

\* A node's successor as the pointers say, including a pending link.
Succ(n) ==
    IF nnext[n] # Nil THEN nnext[n]
    ELSE IF \E x \in Ctx : pc[x] = "link_prev" /\ prev[x] = n
         THEN node[CHOOSE x \in Ctx : pc[x] = "link_prev" /\ prev[x] = n]
         ELSE Nil

MutualExclusion == \A Lk \in Locks : P(Lk)!MutualExclusion
QueueWellFormed ==
    \A Lk \in Locks : P(Lk)!QueueWellFormed({node[x] : x \in QueuedOf(Lk)}, lk[Lk].tail, Succ, Nil)
\* The tail names the node of a context queued on this lock: the right CPU,
\* the node index that context is using.
TailEncodingConsistent ==
    \A Lk \in Locks : lk[Lk].tail # Nil =>
        \E x \in QueuedOf(Lk) : node[x] = lk[Lk].tail
                                /\ NodeCpu(lk[Lk].tail) = x[1]
                                /\ NodeIdx(lk[Lk].tail) < count[x[1]]
\* Two contexts never use the same node at once.
NodeOfCtx(x) == node[x]
NodeExclusive == P(1)!NodeExclusive(Ctx, NodeOfCtx, Nil)
BoundedBypass   == \A Lk \in Locks : P(Lk)!BoundedBypass(bypass, BypassBound)
\* DeadlockFreedom asks for an entry into the critical section itself: a holder
\* that hangs in the slowpath's hand-off (mcs_handoff, owner of the lock word
\* and waiting for node->next) while others try is a dead lock, which the
\* catalogue's form over HoldersOf (owners from set_locked on) would not see.
InCsOf(Lk) == { x \in On(Lk) : pc[x] = "cs" }
PCs(Lk) == INSTANCE Properties WITH Threads <- On(Lk), trying <- TryingOf(Lk),
                                    holders <- InCsOf(Lk)
DeadlockFreedom == \A Lk \in Locks : PCs(Lk)!DeadlockFreedom
StarvationFreedom == \A Lk \in Locks : P(Lk)!StarvationFreedom

(***************************************************************************)
(* Witnesses. Each Never<Behaviour> says that a path of the slowpath is    *)
(* never taken; a passing model that claims to check that path must       *)
(* violate it (manifest "witness" entries, expected to fail), which shows  *)
(* the model is not passing vacuously.                                     *)
(***************************************************************************)
\* The pending path of queued_spin_lock_slowpath: queued_fetch_set_pending_acquire
\* found only the owner, so the context holds the pending bit and waits in
\* smp_cond_load_acquire(&lock->locked, !VAL) for the owner to leave.
NeverPendingPath == \A x \in Ctx : pc[x] # "pend_spin"

\* An interrupt context queued behind another context: a nested context (level
\* above the task's) whose xchg_tail returned a previous tail, so it links
\* behind prev (WRITE_ONCE(prev->next, node)) or waits in
\* arch_mcs_spin_lock_contended for the hand-off.
NeverNestedQueued == \A x \in Ctx : x[2] > 0 => pc[x] \notin { "link_prev", "spin_locked" }
=============================================================================
