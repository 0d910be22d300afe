--------------------------- MODULE QSpinlockSteps ---------------------------
(***************************************************************************)
(* QSpinlock with the merges of its pending path and of its MCS hand-off  *)
(* taken apart: one step per access to shared memory, and the lock word's *)
(* read-modify-writes computed as the kernel's operations on the whole    *)
(* 32-bit word.                                                            *)
(*                                                                         *)
(* Why. QSpinlock.tla merges a few neighbouring accesses into one step,   *)
(* each merge justified by a fact of the correct lock (its header,        *)
(* "Atomicity"). A patch that breaks such a fact is checked against a     *)
(* model that still assumes it: the merged step re-checks its guard in    *)
(* the same step as its write, so a race in the gap between the two      *)
(* cannot be shown. Here the gaps exist, and QSpinlockSteps refines        *)
(* QSpinlock (QS below, checked by TLC), so for the correct lock the      *)
(* merged spec loses nothing; for a patch, this module is the one to ask. *)
(*                                                                         *)
(* The split steps (QSpinlock's merged action -> the steps here):          *)
(*  - FetchSetPending -> FetchSetPendingStep: atomic_fetch_or_acquire of  *)
(*    _Q_PENDING_VAL, as before, but the kernel waits on the locked byte  *)
(*    only when the old word had it set (`if (val & _Q_LOCKED_MASK)');    *)
(*    otherwise it goes straight to clear_pending_set_locked.             *)
(*  - PendingSpin -> PendingLockedWait (the read of smp_cond_load_acquire *)
(*    (&lock->locked, !VAL) that finds 0) and ClearPendingSetLocked       *)
(*    (atomic_add(-_Q_PENDING_VAL + _Q_LOCKED_VAL, &lock->val), the       *)
(*    NR_CPUS >= 16K form). Between them `seen' records the read.         *)
(*  - McsHandoff -> McsWaitNext (the read of node->next that finds it     *)
(*    set; the local `next' is kept in `nxt') and McsPass (the store to   *)
(*    next->locked, then the count-- at `release').                       *)
(*  - Queue -> QueueTryRead (queued_spin_trylock's atomic_read; a word   *)
(*    that is not 0 fails the trylock there) and QueueTryCmpxchg (its     *)
(*    atomic_try_cmpxchg_acquire, after a read of 0). `tryc' records it. *)
(*  - XchgTail -> XchgTailRead (xchg_tail's atomic_read) and XchgTailCas *)
(*    (one atomic_try_cmpxchg_relaxed of the loop: on failure the word it *)
(*    returns is the next try's `old'). `xrd' and `old' record the read.  *)
(* The pc values stay QSpinlock's; the sub-step is kept in QSpinlock's   *)
(* vstate (seen, nxt, tryc, xrd, old), as a variant keeps its state. So  *)
(* who is trying, waiting, queued or owning, and where an interrupt may   *)
(* arrive, are QSpinlock's definitions unchanged, the kept actions are    *)
(* QSpinlock's own (Replaced takes out the merged ones: the variant       *)
(* idiom), and the refinement mapping is the identity on every variable   *)
(* but vstate.                                                             *)
(*                                                                         *)
(* The word. The layout is the NR_CPUS >= 16K one: locked in bits 0-7,    *)
(* pending in bit 8, the tail (index and CPU) in bits 9-31. The record    *)
(* [tail, pending, locked] is kept, but each field now has the range of   *)
(* its bits (locked 0..255, pending 0..1, tail 0..2^23-1), and an add    *)
(* carries or borrows across fields as the hardware does (AtomicAdd). So *)
(* clear_pending_set_locked on a word whose locked byte is already 1      *)
(* leaves locked = 2, and on a word whose pending bit is clear it borrows *)
(* from the tail: a patch that breaks the premise of the add corrupts the *)
(* word instead of being silently repaired by a field assignment. The     *)
(* other read-modify-writes move no carry: fetch_or and andnot of the     *)
(* pending bit, xchg_tail (a cmpxchg loop that keeps locked and pending   *)
(* and replaces the tail bits), the whole-word cmpxchgs of the fast path, *)
(* the trylock and the queue head, and the byte stores of set_locked and  *)
(* the unlock; QSpinlock's field updates are those operations exactly.    *)
(*                                                                         *)
(* The Queue and XchgTail splits are switched by the constant SplitQueue  *)
(* (they cost the most states).                                           *)
(*                                                                         *)
(* The per-CPU node index. With the constant SplitCount the nesting      *)
(* count gets steps of its own, in the kernel's order:                   *)
(*  - Queue -> QueueCount (idx = node->count++; grab_mcs_node), then      *)
(*    QueueInit (barrier(); node->locked = 0; node->next = NULL: two     *)
(*    stores to a node nobody else can reach yet), then the trylock       *)
(*    (QueueTrylock, or QueueTryRead and QueueTryCmpxchg with SplitQueue);*)
(*  - the count-- at `release' becomes CountDec, after the trylock that  *)
(*    takes the lock, after McsPass, and after the head's tail-clearing   *)
(*    cmpxchg (StepsHeadCmpxchg); the unlock waits for it (StepsUnlock). *)
(* An interrupt can then arrive between count++ and the node's init, and *)
(* between the hand-off and count--: the windows that the kernel's       *)
(* barrier() after grab_mcs_node and the place of its count-- are about.  *)
(* An interrupt context in such a window takes the next node index, so   *)
(* it is not a refinement of QSpinlock (whose interrupt there takes the  *)
(* index below); SplitCount models check the same properties as the     *)
(* merged model of their size instead (docs/merges.md).                   *)
(***************************************************************************)
EXTENDS QSpinlock, Integers

CONSTANT SplitQueue,  \* also split Queue's trylock and XchgTail's loop (TRUE), or keep
                      \* QSpinlock's Queue and XchgTail (FALSE: a smaller state space)
         SplitCount   \* also give count++, the node's init and count-- steps of their own
ASSUME SplitQueue \in BOOLEAN /\ SplitCount \in BOOLEAN

\* The sub-steps, in vstate: seen[x], at pc "pend_spin", the locked byte was
\* read as 0 (or the fetch_or's old word had it clear), so the add is next;
\* nxt[x], at pc "mcs_handoff", the successor read from node->next (Nil: not yet);
\* tryc[x], at pc "queue", the trylock read the word as 0, so its cmpxchg is next;
\* xrd[x], at pc "xchg_tail", xchg_tail has read the word, old[x] (Unlocked when not).
\* q[x], at pc "queue" with SplitCount: "none", "counted" (count++ done, the
\* node grabbed) or "inited" (its fields stored, the trylock next);
\* rel[x], at pc "cs" with SplitCount: the lock is taken and count-- is next.
StepsInitState == [seen |-> [x \in Ctx |-> FALSE], nxt |-> [x \in Ctx |-> Nil],
                   tryc |-> [x \in Ctx |-> FALSE], xrd |-> [x \in Ctx |-> FALSE],
                   old |-> [x \in Ctx |-> Unlocked],
                   q |-> [x \in Ctx |-> "none"], rel |-> [x \in Ctx |-> FALSE]]
ASSUME VariantInit = StepsInitState   \* the model sets VariantInit <- StepsInitState
seen == vstate.seen
nxt  == vstate.nxt
tryc == vstate.tryc
xrd  == vstate.xrd
old  == vstate.old
q    == vstate.q
rel  == vstate.rel
SetSeen(x, b) == vstate' = [vstate EXCEPT !.seen[x] = b]
SetNxt(x, n)  == vstate' = [vstate EXCEPT !.nxt[x] = n]

\* The merged actions this module replaces with its own steps.
StepsReplaced == { "FetchSetPending", "PendingSpin", "McsHandoff" }
                 \cup (IF SplitQueue THEN { "Queue", "XchgTail" } ELSE {})
                 \cup (IF SplitCount THEN { "Queue", "HeadCmpxchg", "Unlock" } ELSE {})

(***************************************************************************)
(* The 32-bit lock word, NR_CPUS >= 16K layout.                          *)
(***************************************************************************)
LockedSpan  == 256            \* _Q_LOCKED_BITS = 8
LoSpan      == 512            \* locked and pending: _Q_TAIL_OFFSET = 9
TailSpan    == 8388608        \* 2^23: _Q_TAIL_IDX_BITS + _Q_TAIL_CPU_BITS
LockedInc   == 1              \* _Q_LOCKED_VAL as a number
PendingInc  == LockedSpan     \* _Q_PENDING_VAL as a number (1 << 8)

\* atomic_add(d, &lock->val) for |d| < LoSpan: the low nine bits add; a carry
\* out of them (or a borrow) goes into the tail bits, which wrap mod 2^23.
AtomicAdd(w, d) ==
    LET s  == w.pending * LockedSpan + w.locked + d
        c  == IF s < 0 THEN -1 ELSE IF s >= LoSpan THEN 1 ELSE 0
        lo == s - c * LoSpan
    IN Word((w.tail + c) % TailSpan, lo \div LockedSpan, lo % LockedSpan)
\* The add on words it was not meant for, as a 32-bit add gives them (TLC
\* evaluates these when it starts): on 0,1,1 the locked byte becomes 2; on
\* 0,0,1 the borrow wraps the tail to all ones and leaves pending set and
\* locked 2 (0xffffff02); on t,0,0 it takes one from the tail.
ASSUME /\ AtomicAdd(Word(0, 1, 0), LockedInc - PendingInc) = Word(0, 0, 1)
       /\ AtomicAdd(Word(0, 1, 1), LockedInc - PendingInc) = Word(0, 0, 2)
       /\ AtomicAdd(Word(0, 0, 1), LockedInc - PendingInc) = Word(TailSpan - 1, 1, 2)
       /\ AtomicAdd(Word(5, 0, 0), LockedInc - PendingInc) = Word(4, 1, 1)
       /\ AtomicAdd(Word(TailSpan - 1, 1, 255), 1) = Word(0, 0, 0)
\* atomic_fetch_or(_Q_PENDING_VAL): one bit set, nothing carried.
FetchOrPending(w) == [w EXCEPT !.pending = 1]

\* The word's fields within their bits (a mutant may leave values QSpinlock's
\* TypeOK does not allow, such as a locked byte of 2).
WordTypeOK ==
    \A Lk \in Locks : /\ lk[Lk].locked \in 0 .. LockedSpan - 1
                      /\ lk[Lk].pending \in 0 .. 1
                      /\ lk[Lk].tail \in 0 .. TailSpan - 1
StepsTypeOK ==
    /\ WordTypeOK
    /\ vstate \in [seen : [Ctx -> BOOLEAN], nxt : [Ctx -> Nodes \cup {Nil}],
                  tryc : [Ctx -> BOOLEAN], xrd : [Ctx -> BOOLEAN],
                  old : [Ctx -> [tail : 0 .. TailSpan - 1, pending : 0 .. 1,
                                 locked : 0 .. LockedSpan - 1]],
                  q : [Ctx -> {"none", "counted", "inited"}], rel : [Ctx -> BOOLEAN]]

(***************************************************************************)
(* The pending path, one access per step.                                  *)
(***************************************************************************)
\* val = queued_fetch_set_pending_acquire(lock): atomic_fetch_or_acquire(_Q_PENDING_VAL).
\* Contention (pending or tail already there): undo pending if we set it
\* (ClearPending), and queue. Else we hold the pending bit; if the old word
\* had the locked byte set, wait for it (`if (val & _Q_LOCKED_MASK)'),
\* otherwise clear_pending_set_locked is next.
FetchSetPendingStep(x) ==
    /\ Running(x)
    /\ pc[x] = "fetch_pend"
    /\ SetL(x, FetchOrPending(L(x)))
    /\ IF L(x).pending = 1 \/ L(x).tail # Nil
       THEN /\ Goto(x, IF L(x).pending = 0 THEN "clear_pend" ELSE "queue")
            /\ NoAux
            /\ UNCHANGED vstate
       ELSE /\ Goto(x, "pend_spin")
            /\ SetSeen(x, L(x).locked = 0)
            /\ Doorway(x) /\ UNCHANGED bypass
    /\ UNCHANGED << nlocked, nnext, count, depth, irqUsed, v, cnt, node, prev >>

\* smp_cond_load_acquire(&lock->locked, !VAL): the read that finds the owner gone.
PendingLockedWait(x) ==
    /\ Running(x)
    /\ pc[x] = "pend_spin" /\ ~seen[x]
    /\ L(x).locked = 0
    /\ SetSeen(x, TRUE)
    /\ UNCHANGED << lk, nlocked, nnext, count, depth, irqUsed, pc, v, cnt, node, prev >>
    /\ NoAux

\* clear_pending_set_locked(lock): atomic_add(-_Q_PENDING_VAL + _Q_LOCKED_VAL,
\* &lock->val), on the word as it is now, whatever happened since the read.
ClearPendingSetLocked(x) ==
    /\ Running(x)
    /\ pc[x] = "pend_spin" /\ seen[x]
    /\ SetL(x, AtomicAdd(L(x), LockedInc - PendingInc))
    /\ SetSeen(x, FALSE)
    /\ Goto(x, "cs")
    /\ Enter(x, ahead)
    /\ UNCHANGED << nlocked, nnext, count, depth, irqUsed, v, cnt, node, prev >>

(***************************************************************************)
(* The MCS hand-off, one access per step.                                  *)
(***************************************************************************)
\* if (!next) next = smp_cond_load_relaxed(&node->next, (VAL)): the read that
\* finds the successor linked.
McsWaitNext(x) ==
    /\ Running(x)
    /\ pc[x] = "mcs_handoff" /\ nxt[x] = Nil
    /\ nnext[node[x]] # Nil
    /\ SetNxt(x, nnext[node[x]])
    /\ UNCHANGED << lk, nlocked, nnext, count, depth, irqUsed, pc, v, cnt, node, prev >>
    /\ NoAux

\* arch_mcs_spin_unlock_contended(&next->locked); pv_kick_node (no-op natively);
\* release: __this_cpu_dec(qnodes[0].mcs.count) (CountDec with SplitCount).
McsPass(x) ==
    /\ Running(x)
    /\ pc[x] = "mcs_handoff" /\ nxt[x] # Nil
    /\ IF SplitCount
       THEN /\ nlocked' = [nlocked EXCEPT ![nxt[x]] = 1]
            /\ UNCHANGED << nnext, count, node >>
       ELSE Release(x, [nlocked EXCEPT ![nxt[x]] = 1])
    /\ vstate' = [vstate EXCEPT !.nxt[x] = Nil, !.rel[x] = SplitCount]
    /\ Goto(x, "cs")
    /\ UNCHANGED << lk, depth, irqUsed, v, cnt, prev >>
    /\ NoAux

(***************************************************************************)
(* queued_spin_trylock before queueing, one access per step.               *)
(***************************************************************************)
\* The trylock failed (at its read or its cmpxchg): QSpinlock's Queue when the
\* word is not free: idx = node->count++, grab_mcs_node, node->locked = 0,
\* node->next = NULL (the node is private until xchg_tail), on to xchg_tail.
\* (With SplitCount the count++ and the init are done already: QueueCount, QueueInit.)
QueueNoLock(x) ==
    LET n == EncodeTail(x[1], count[x[1]]) IN
    /\ IF SplitCount
       THEN UNCHANGED << node, count, nlocked, nnext >>
       ELSE /\ node' = [node EXCEPT ![x] = n]
            /\ count' = [count EXCEPT ![x[1]] = @ + 1]
            /\ nlocked' = [nlocked EXCEPT ![n] = 0]
            /\ nnext' = [nnext EXCEPT ![n] = Nil]
    /\ Goto(x, "xchg_tail")
    /\ UNCHANGED << lk, depth, irqUsed, v, cnt, prev >>
    /\ NoAux

\* Where the trylock may start: with SplitCount, once the node is initialised.
TryReady(x) == SplitCount => q[x] = "inited"

\* queued_spin_trylock: val = atomic_read(&lock->val); if (val) return 0.
QueueTryRead(x) ==
    /\ SplitQueue /\ Running(x)
    /\ pc[x] = "queue" /\ ~tryc[x] /\ TryReady(x)
    /\ IF L(x) = Unlocked
       THEN /\ vstate' = [vstate EXCEPT !.tryc[x] = TRUE]
            /\ UNCHANGED << lk, nlocked, nnext, count, depth, irqUsed, pc, v, cnt, node, prev >>
            /\ NoAux
       ELSE /\ QueueNoLock(x)
            /\ vstate' = [vstate EXCEPT !.q[x] = "none"]

\* queued_spin_trylock: atomic_try_cmpxchg_acquire(&lock->val, &val, _Q_LOCKED_VAL),
\* val = 0; success: goto release (its count-- cancels the count++ before the
\* trylock, which without SplitCount the spec takes only with the failing
\* step: count is per-CPU; with SplitCount, CountDec is next).
QueueTryCmpxchg(x) ==
    /\ SplitQueue /\ Running(x)
    /\ pc[x] = "queue" /\ tryc[x]
    /\ vstate' = [vstate EXCEPT !.tryc[x] = FALSE, !.q[x] = "none",
                                 !.rel[x] = SplitCount /\ L(x) = Unlocked]
    /\ IF L(x) = Unlocked
       THEN /\ SetL(x, Word(0, 0, 1))
            /\ Goto(x, "cs")
            /\ DoorwayAndEnter(x)
            /\ UNCHANGED << nlocked, nnext, count, depth, irqUsed, v, cnt, node, prev >>
       ELSE QueueNoLock(x)

(***************************************************************************)
(* The per-CPU node index, one access per step (SplitCount).               *)
(***************************************************************************)
\* idx = node->count++; node = grab_mcs_node(node, idx) (node was
\* this_cpu_ptr(&qnodes[0].mcs)): from here an interrupt takes index idx + 1.
QueueCount(x) ==
    /\ SplitCount /\ Running(x)
    /\ pc[x] = "queue" /\ q[x] = "none"
    /\ count' = [count EXCEPT ![x[1]] = @ + 1]
    /\ node' = [node EXCEPT ![x] = EncodeTail(x[1], count[x[1]])]
    /\ vstate' = [vstate EXCEPT !.q[x] = "counted"]
    /\ UNCHANGED << lk, nlocked, nnext, depth, irqUsed, pc, v, cnt, prev >>
    /\ NoAux

\* barrier(); node->locked = 0; node->next = NULL; pv_init_node(node) (no-op
\* natively). The node is not published yet: nobody else reads the two stores.
QueueInit(x) ==
    /\ SplitCount /\ Running(x)
    /\ pc[x] = "queue" /\ q[x] = "counted"
    /\ nlocked' = [nlocked EXCEPT ![node[x]] = 0]
    /\ nnext' = [nnext EXCEPT ![node[x]] = Nil]
    /\ vstate' = [vstate EXCEPT !.q[x] = "inited"]
    /\ UNCHANGED << lk, count, depth, irqUsed, pc, v, cnt, node, prev >>
    /\ NoAux

\* if (queued_spin_trylock(lock)) goto release; as one step (SplitCount
\* without SplitQueue): QSpinlock's Queue once count++ and the init are done.
QueueTrylock(x) ==
    /\ SplitCount /\ ~SplitQueue /\ Running(x)
    /\ pc[x] = "queue" /\ q[x] = "inited"
    /\ vstate' = [vstate EXCEPT !.q[x] = "none", !.rel[x] = L(x) = Unlocked]
    /\ IF L(x) = Unlocked
       THEN /\ SetL(x, Word(0, 0, 1))
            /\ Goto(x, "cs")
            /\ DoorwayAndEnter(x)
            /\ UNCHANGED << nlocked, nnext, count, depth, irqUsed, v, cnt, node, prev >>
       ELSE QueueNoLock(x)

\* QSpinlock's HeadCmpxchg, with the count-- of its `goto release' left to CountDec.
StepsHeadCmpxchg(x) ==
    /\ SplitCount /\ Running(x)
    /\ pc[x] = "head_cmpxchg"
    /\ v' = [v EXCEPT ![x] = Unlocked]
    /\ IF L(x) = v[x]
       THEN /\ SetL(x, Word(0, 0, 1))
            /\ Goto(x, "cs")
            /\ Enter(x, ahead)
            /\ vstate' = [vstate EXCEPT !.rel[x] = TRUE]
       ELSE /\ Goto(x, "set_locked")
            /\ UNCHANGED << lk, vstate >>
            /\ NoAux
    /\ UNCHANGED << nlocked, nnext, count, node, depth, irqUsed, cnt, prev >>

\* release: __this_cpu_dec(qnodes[0].mcs.count). The lock is ours; from here
\* an interrupt takes this context's node index again. (The spec clears the
\* node's dead fields here, as QSpinlock's Release does.)
CountDec(x) ==
    /\ SplitCount /\ Running(x)
    /\ pc[x] = "cs" /\ rel[x]
    /\ Release(x, nlocked)
    /\ vstate' = [vstate EXCEPT !.rel[x] = FALSE]
    /\ UNCHANGED << lk, depth, irqUsed, pc, v, cnt, prev >>
    /\ NoAux

\* queued_spin_unlock, after the slowpath has returned (count-- done).
StepsUnlock(x) ==
    /\ SplitCount /\ Running(x) /\ ~rel[x]
    /\ UnlockStep(x)
    /\ UNCHANGED vstate

(***************************************************************************)
(* xchg_tail, NR_CPUS >= 16K: a read, then a cmpxchg loop on the word.     *)
(***************************************************************************)
\* old = atomic_read(&lock->val);
XchgTailRead(x) ==
    /\ SplitQueue /\ Running(x)
    /\ pc[x] = "xchg_tail" /\ ~xrd[x]
    /\ vstate' = [vstate EXCEPT !.xrd[x] = TRUE, !.old[x] = L(x)]
    /\ UNCHANGED << lk, nlocked, nnext, count, depth, irqUsed, pc, v, cnt, node, prev >>
    /\ NoAux

\* new = (old & _Q_LOCKED_PENDING_MASK) | tail;
\* atomic_try_cmpxchg_relaxed(&lock->val, &old, new): on success old is the
\* previous word (the doorway; link to its tail if any); on failure old is the
\* word found, and the loop tries again.
XchgTailCas(x) ==
    /\ SplitQueue /\ Running(x)
    /\ pc[x] = "xchg_tail" /\ xrd[x]
    /\ IF L(x) = old[x]
       THEN /\ SetL(x, Word(node[x], old[x].pending, old[x].locked))
            /\ prev' = [prev EXCEPT ![x] = old[x].tail]
            /\ Goto(x, IF old[x].tail # Nil THEN "link_prev" ELSE "head_wait")
            /\ vstate' = [vstate EXCEPT !.xrd[x] = FALSE, !.old[x] = Unlocked]
            /\ Doorway(x) /\ UNCHANGED bypass
       ELSE /\ vstate' = [vstate EXCEPT !.old[x] = L(x)]
            /\ UNCHANGED << lk, pc, prev >>
            /\ NoAux
    /\ UNCHANGED << nlocked, nnext, count, depth, irqUsed, v, cnt, node >>

(***************************************************************************)
(* The specification, by QSpinlock's variant idiom: the model sets        *)
(* Replaced <- StepsReplaced, which takes the merged actions out of       *)
(* QSpinlock's Next; every other QSpinlock action is kept as it is (each  *)
(* leaves vstate, the sub-steps, alone), and the split steps are added.   *)
(***************************************************************************)
\* A model of StepsSpec replaces all of them. (A mutant of this module may
\* also check its merged contrast, QSpinlock's Next with its own change,
\* and then replaces none of them.)
ASSUME Replaced \cap StepsReplaced \in { StepsReplaced, {} }

SplitStep(x) ==
    \/ FetchSetPendingStep(x) \/ PendingLockedWait(x) \/ ClearPendingSetLocked(x)
    \/ McsWaitNext(x) \/ McsPass(x)
    \/ QueueTryRead(x) \/ QueueTryCmpxchg(x) \/ XchgTailRead(x) \/ XchgTailCas(x)
    \/ QueueCount(x) \/ QueueInit(x) \/ QueueTrylock(x) \/ StepsHeadCmpxchg(x)
    \/ CountDec(x) \/ StepsUnlock(x)

\* Fairness. Weak fairness of every context's steps, as QSpinlock's; and the
\* assumption every cmpxchg loop rests on: xchg_tail's cmpxchg that would
\* succeed, offered again and again (each failure re-reads the word), is
\* eventually taken. Without it an adversary that changes the word between
\* each try and the next keeps the loop going for ever (TLC shows it), which
\* QSpinlock's one-step XchgTail cannot do.
XchgTailWin(x) == XchgTailCas(x) /\ L(x) = old[x]
\* (Stated only when the loop is split: TLC would otherwise still pay for it.)
StepsFairness ==
    IF SplitQueue
    THEN \A x \in Ctx : WF_vars(Step(x) \/ SplitStep(x)) /\ SF_vars(XchgTailWin(x))
    ELSE \A x \in Ctx : WF_vars(Step(x) \/ SplitStep(x))

StepsNext == Next \/ \E x \in Ctx : SplitStep(x)
StepsSpec == Init /\ [][StepsNext]_vars /\ StepsFairness

(***************************************************************************)
(* Refinement: every behaviour of StepsSpec is one of QSpinlock's, every  *)
(* variable mapped to itself but vstate (the sub-steps, hidden; natively  *)
(* 0). Each split read is a stutter of QSpinlock; the write after it is   *)
(* QSpinlock's merged action. QSafe is the safety part (for the models    *)
(* without liveness); QSpec adds QSpinlock's fairness.                     *)
(***************************************************************************)
QS == INSTANCE QSpinlock WITH Replaced <- {}, VariantInit <- 0, vstate <- 0
QSafe == QS!Init /\ [][QS!Next]_(QS!vars)
QSpec == QS!Spec

(***************************************************************************)
(* Witnesses (see QSpinlock's): the gaps the split opens are reached.     *)
(***************************************************************************)
\* The pending owner has read the locked byte as 0 and not yet added.
NeverPendingGap == \A x \in Ctx : ~(pc[x] = "pend_spin" /\ seen[x])
\* The owner has read node->next and not yet stored to next->locked.
NeverHandoffGap == \A x \in Ctx : nxt[x] = Nil
\* The trylock has read 0 and its cmpxchg has not happened yet.
NeverTrylockGap == \A x \in Ctx : ~tryc[x]
\* xchg_tail's cmpxchg would fail: the word changed since the read (or the
\* last failed cmpxchg), so the loop goes round again.
NeverXchgTailRetry == \A x \in Ctx : (pc[x] = "xchg_tail" /\ xrd[x]) => old[x] = L(x)
\* An interrupt arrives after count++ and before the trylock: the interrupted
\* context holds a node index that its node's init has not yet reached, or
\* has and not yet published (SplitCount).
Interrupted(x) == depth[x[1]] > x[2]
NeverIrqInQueueGap == \A x \in Ctx : ~(Interrupted(x) /\ pc[x] = "queue" /\ q[x] # "none")
\* An interrupt arrives after the lock is taken and before count-- (SplitCount).
NeverIrqInReleaseGap == \A x \in Ctx : ~(Interrupted(x) /\ pc[x] = "cs" /\ rel[x])
=============================================================================
