------------------------------- MODULE CNASteps -------------------------------
(***************************************************************************)
(* CNA with one step per shared-memory access where CNA.tla merges them   *)
(* (docs/merges.md lists every merge). The code is v1's (seed 000,        *)
(* patch 2/3), with the fairness policies of CNA.tla:                     *)
(*                                                                         *)
(*   xchg_tail, the queue empty:                                           *)
(*     XchgTailEmpty     old = xchg_tail(lock, tail), no predecessor;      *)
(*     XchgTailLocked    node->locked = 1 ("must pass a non-zero value");  *)
(*   cna_try_clear_tail (the slowpath's `(val & _Q_TAIL_MASK) == tail'):   *)
(*     TryClearTailCas   atomic_try_cmpxchg_relaxed(&lock->val, &val,      *)
(*                       new): _Q_LOCKED_VAL, or with a secondary queue    *)
(*                       succ->tail->encoded_tail + _Q_LOCKED_VAL;          *)
(*     TryClearTailPass  arch_mcs_spin_unlock_contended(&succ->locked, 1)  *)
(*                       after a cmpxchg that installed the secondary      *)
(*                       queue as the main one;                            *)
(*   cna_pass_lock, after next = smp_cond_load_relaxed(&node->next, VAL):  *)
(*     PassStartSearch, PassStartNoSearch                                  *)
(*                       the read of node->next that finds it set, and     *)
(*                       the policy's choice (v1 always searches; prob's   *)
(*                       coin; threshold's count); with a search,          *)
(*                       find_successor's fast path (next on my node);     *)
(*     WalkRead          find_successor: cur = READ_ONCE(cur->next), one   *)
(*                       node per step (tail_other follows cur);           *)
(*     MoveLink          MCS_NODE(me->locked)->tail->next = head_other, or *)
(*                       me->locked = head_other (no secondary queue yet); *)
(*     MoveCut           tail_other->next = NULL;                          *)
(*     MoveTail          MCS_NODE(me->locked)->tail = tail_other;          *)
(*     PassGive          arch_mcs_spin_unlock_contended(&succ->locked,     *)
(*                       node->locked), succ found by find_successor;       *)
(*     FlushSplice       succ = MCS_NODE(node->locked);                    *)
(*                       succ->tail->next = next (no local waiter, or no   *)
(*                       search);                                          *)
(*     FlushGive         arch_mcs_spin_unlock_contended(&succ->locked, 1); *)
(*     PassGiveNext      arch_mcs_spin_unlock_contended(&next->locked, 1), *)
(*                       no secondary queue and no local waiter.           *)
(*                                                                         *)
(* What stays in one step, with the reason: the two reads of node->next   *)
(* (the wait's and find_successor's me->next; a node's next never changes  *)
(* once set, until its owner releases the node); the reads of NUMA ids    *)
(* (each node's is stored by its owner before WRITE_ONCE(prev->next,      *)
(* node) publishes the node, and does not change while it waits);         *)
(* the holder's reads of me->locked and of the secondary queue's first    *)
(* node's tail field (only the lock holder writes them, and it is the     *)
(* one reading); "threshold"'s count, which travels with the lock in the  *)
(* successor's node and is stored with the hand-off; and count--, which   *)
(* is per-CPU (QSpinlock's reason).                                        *)
(*                                                                         *)
(* The locals of a split operation are in cw: ph[x] the phase, cur[x]     *)
(* find_successor's cur (the node whose next is read next), tlo[x] its   *)
(* tail_other, sc[x] the successor it found. CNA's own variables keep     *)
(* CNA.tla's meaning, so its properties apply; NoLostWaiter describes the  *)
(* queues at rest and holds here outside the holder's in-flight windows,   *)
(* where the queues are half moved (StepsNoLostWaiter).                    *)
(*                                                                         *)
(* What TLC checks: the same properties on the same sizes as the merged   *)
(* models (CNASteps_V1_N3 as CNA_V1_N3, CNASteps_V1_N4_view as            *)
(* CNA_V1_N4_view, CNASteps_Threshold_N3_T1 as CNA_Threshold_N3_T1), not  *)
(* a refinement mapping: a walk that read a node's next as NULL ends      *)
(* there, where CNA's one-step scan would see a waiter linked meanwhile.   *)
(***************************************************************************)
EXTENDS CNA

VARIABLE cw
allvars == << vars, cw >>

\* The steps below that a mutant may replace by name, as QSpinlock's ActionNames.
StepsActionNames == { "XchgTailEmpty", "XchgTailLocked", "TryClearTailCas", "TryClearTailPass",
                      "PassStartSearch", "PassStartNoSearch", "WalkRead", "MoveLink", "MoveCut",
                      "MoveTail", "PassGive", "FlushSplice", "FlushGive", "PassGiveNext" }
ASSUME StepsReplacedAssumption == Replaced \subseteq ActionNames \cup StepsActionNames

CwInit == cw = [ph  |-> [x \in Ctx |-> "none"], cur |-> [x \in Ctx |-> Nil],
                tlo |-> [x \in Ctx |-> Nil],    sc  |-> [x \in Ctx |-> Nil]]
StepsInit == Init /\ CwInit

Ph(x, p) == cw.ph[x] = p
SetCw(x, p, c, t, s) == cw' = [cw EXCEPT !.ph[x] = p, !.cur[x] = c, !.tlo[x] = t, !.sc[x] = s]
CwDone(x) == SetCw(x, "none", Nil, Nil, Nil)
\* The stores and the release after them leave these alone.
Keep == UNCHANGED << lk, depth, irqUsed, pc, v, cnt, node, prev, count >>

StepsTypeOK ==
    /\ CnaTypeOK
    /\ cw.ph \in [Ctx -> {"none", "xlocked", "tctpass", "walk", "mvlink", "mvcut", "mvtail",
                          "give", "flush", "flushgive", "givenext"}]
    /\ \A x \in Ctx : Ph(x, "xlocked") => pc[x] = "head_wait"
    /\ \A x \in Ctx : Ph(x, "tctpass") => pc[x] = "head_cmpxchg"
    /\ \A x \in Ctx : cw.ph[x] \notin {"none", "xlocked", "tctpass"} => pc[x] = "mcs_handoff"

(***************************************************************************)
(* xchg_tail, then node->locked = 1 when the queue was empty.              *)
(***************************************************************************)
\* old = xchg_tail(lock, tail). With a predecessor: on to link_prev, as CNA. Without: the store
\* of node->locked = 1 is next (StoreLocked = FALSE: a mutant leaves it out).
XchgTailEmptyWith(x, StoreLocked) ==
    /\ Running(x)
    /\ pc[x] = "xchg_tail" /\ Ph(x, "none")
    /\ SetL(x, [L(x) EXCEPT !.tail = node[x]])
    /\ prev' = [prev EXCEPT ![x] = L(x).tail]
    /\ IF L(x).tail # Nil
       THEN /\ Goto(x, "link_prev") /\ UNCHANGED cw
       ELSE /\ Goto(x, "head_wait")
            /\ IF StoreLocked THEN SetCw(x, "xlocked", Nil, Nil, Nil) ELSE UNCHANGED cw
    /\ Doorway(x) /\ UNCHANGED bypass
    /\ UNCHANGED << nlocked, nnext, count, depth, irqUsed, v, cnt, node, vstate >>
XchgTailEmpty(x) == "XchgTailEmpty" \notin Replaced /\ XchgTailEmptyWith(x, TRUE)

\* node->locked = 1.
XchgTailLocked(x) ==
    /\ "XchgTailLocked" \notin Replaced
    /\ Running(x)
    /\ pc[x] = "head_wait" /\ Ph(x, "xlocked")
    /\ nlocked' = [nlocked EXCEPT ![node[x]] = 1]
    /\ CwDone(x)
    /\ UNCHANGED << lk, nnext, count, depth, irqUsed, pc, v, cnt, node, prev, vstate >>
    /\ NoAux

(***************************************************************************)
(* cna_try_clear_tail: the cmpxchg, then the hand-off to the secondary     *)
(* queue's first node.                                                     *)
(***************************************************************************)
\* SecOf(me), NewTail(sec) as in CNA's TryClearTailWith (a mutant changes either). A failed
\* cmpxchg, or one without a secondary queue, is CNA's merged step itself: its only access.
TryClearTailCasWith(x, SecOf(_), NewTail(_)) ==
    /\ Running(x)
    /\ pc[x] = "head_cmpxchg" /\ Ph(x, "none")
    /\ IF L(x) # v[x] \/ SecOf(node[x]) \notin Nodes
       THEN /\ TryClearTailWith(x, SecOf, NewTail)
            /\ UNCHANGED cw
       ELSE /\ v' = [v EXCEPT ![x] = Unlocked]
            /\ SetL(x, Word(NewTail(SecOf(node[x])), 0, 1))
            /\ SetCw(x, "tctpass", Nil, Nil, SecOf(node[x]))
            /\ UNCHANGED << count, node, nlocked, nnext, vstate, pc, depth, irqUsed, cnt, prev >>
            /\ NoAux
TryClearTailCas(x) == "TryClearTailCas" \notin Replaced /\ TryClearTailCasWith(x, HeadLocked, SecondaryTail)

\* arch_mcs_spin_unlock_contended(&succ->locked, 1); goto release (count--).
TryClearTailPass(x) ==
    /\ "TryClearTailPass" \notin Replaced
    /\ Running(x)
    /\ pc[x] = "head_cmpxchg" /\ Ph(x, "tctpass")
    /\ LET me == node[x]  sec == cw.sc[x] IN
       /\ nlocked' = [nlocked EXCEPT ![me] = 0, ![sec] = 1]
       /\ nnext' = [nnext EXCEPT ![me] = Nil]
       /\ vstate' = [tail  |-> [STail EXCEPT ![sec] = Nil],
                     intra |-> [SIntra EXCEPT ![me] = 0, ![sec] = 0]]
    /\ ReleaseNode(x)
    /\ Goto(x, "cs")
    /\ Enter(x, ahead)
    /\ CwDone(x)
    /\ UNCHANGED << lk, depth, irqUsed, v, cnt, prev >>

(***************************************************************************)
(* cna_pass_lock and find_successor, one access per step.                  *)
(***************************************************************************)
\* The wait's read finds node->next set; the policy decides whether to search. A search first
\* looks at next (find_successor's fast path); the walk starts at next, which is also head_other
\* and the first tail_other.
PassStartWith(x, search) ==
    /\ Ph(x, "none")
    /\ LET me    == node[x]
           next  == nnext[me]
           after == IF nlocked[me] \in Nodes THEN "flush" ELSE "givenext"
       IN IF ~search THEN SetCw(x, after, Nil, Nil, Nil)
          ELSE IF SocketOfNode(next) = SocketOfNode(me) THEN SetCw(x, "give", Nil, Nil, next)
          ELSE SetCw(x, "walk", next, next, Nil)
    /\ UNCHANGED vars
\* Each wrapper tests ReadyToPass before the policy, which reads the holder's node.
\* cna_pass_lock with find_successor (v1 always; prob: the coin says search; threshold: below it).
PassStartSearch(x) == "PassStartSearch" \notin Replaced /\ ReadyToPass(x) /\ MaySearch(x) /\ PassStartWith(x, TRUE)
\* cna_pass_lock without it (prob's coin; threshold reached).
PassStartNoSearch(x) == "PassStartNoSearch" \notin Replaced /\ ReadyToPass(x) /\ MaySkip(x) /\ PassStartWith(x, FALSE)

\* find_successor: cur = READ_ONCE(cur->next). NULL: no local waiter, so the flush or the plain
\* hand-off follows. A node on my NUMA node is the successor, and the moves follow. Else the walk
\* goes on, and tail_other becomes Advance(tail_other, cur) (cur in v1; a mutant keeps it).
WalkReadWith(x, Advance(_, _)) ==
    /\ Running(x)
    /\ pc[x] = "mcs_handoff" /\ Ph(x, "walk")
    /\ LET me == node[x]
           c  == nnext[cw.cur[x]]
       IN IF c = Nil
          THEN SetCw(x, IF nlocked[me] \in Nodes THEN "flush" ELSE "givenext", Nil, Nil, Nil)
          ELSE IF SocketOfNode(c) = SocketOfNode(me)
          THEN SetCw(x, "mvlink", Nil, cw.tlo[x], c)
          ELSE SetCw(x, "walk", c, Advance(cw.tlo[x], c), Nil)
    /\ UNCHANGED vars
TailOtherIsCur(t, c) == c
WalkRead(x) == "WalkRead" \notin Replaced /\ WalkReadWith(x, TailOtherIsCur)

\* if (me->locked > 1) MCS_NODE(me->locked)->tail->next = head_other; else me->locked = head_other.
MoveLink(x) ==
    /\ "MoveLink" \notin Replaced
    /\ Running(x)
    /\ pc[x] = "mcs_handoff" /\ Ph(x, "mvlink")
    /\ LET me == node[x]  sec == nlocked[me]  headOther == nnext[me] IN
       IF sec \in Nodes
       THEN /\ nnext' = [nnext EXCEPT ![STail[sec]] = headOther]
            /\ UNCHANGED nlocked
       ELSE /\ nlocked' = [nlocked EXCEPT ![me] = headOther]
            /\ UNCHANGED nnext
    /\ cw' = [cw EXCEPT !.ph[x] = "mvcut"]
    /\ Keep /\ UNCHANGED vstate /\ NoAux

\* tail_other->next = NULL.
MoveCut(x) ==
    /\ "MoveCut" \notin Replaced
    /\ Running(x)
    /\ pc[x] = "mcs_handoff" /\ Ph(x, "mvcut")
    /\ nnext' = [nnext EXCEPT ![cw.tlo[x]] = Nil]
    /\ cw' = [cw EXCEPT !.ph[x] = "mvtail"]
    /\ Keep /\ UNCHANGED << nlocked, vstate >> /\ NoAux

\* MCS_NODE(me->locked)->tail = tail_other. AppendTail(sec, newSec, tailOther) as CNA's hook, sec
\* the secondary queue before the move (1 if there was none: then me->locked became head_other,
\* which is next).
MoveTailWith(x, AppendTail(_, _, _)) ==
    /\ Running(x)
    /\ pc[x] = "mcs_handoff" /\ Ph(x, "mvtail")
    /\ LET me     == node[x]
           newSec == nlocked[me]
           sec    == IF newSec = nnext[me] THEN 1 ELSE newSec
       IN vstate' = [vstate EXCEPT !.tail[newSec] = AppendTail(sec, newSec, cw.tlo[x])]
    /\ cw' = [cw EXCEPT !.ph[x] = "give"]
    /\ Keep /\ UNCHANGED << nlocked, nnext >> /\ NoAux
MoveTail(x) == "MoveTail" \notin Replaced /\ MoveTailWith(x, MovedTail)

\* The release after a hand-off: node->locked and node->next are dead (cleared, as CNA does),
\* count-- (per-CPU, in the same step), and the holder runs its critical section.
PassDone(x) ==
    /\ ReleaseNode(x)
    /\ Goto(x, "cs")
    /\ CwDone(x)
    /\ UNCHANGED << lk, depth, irqUsed, v, cnt, prev >>
    /\ NoAux

\* arch_mcs_spin_unlock_contended(&succ->locked, Value(node->locked)) for the successor
\* find_successor found ("threshold": its count, stored with it).
PassGiveWith(x, Value(_)) ==
    /\ Running(x)
    /\ pc[x] = "mcs_handoff" /\ Ph(x, "give")
    /\ LET me == node[x]  succ == cw.sc[x] IN
       /\ nlocked' = [nlocked EXCEPT ![succ] = Value(nlocked[me]), ![me] = 0]
       /\ nnext' = [nnext EXCEPT ![me] = Nil]
       /\ vstate' = [vstate EXCEPT !.intra[succ] = Intra(SIntra[me] + 1), !.intra[me] = 0]
    /\ PassDone(x)
PassGive(x) == "PassGive" \notin Replaced /\ PassGiveWith(x, Same)

\* succ = MCS_NODE(node->locked); FlushAt(succ)->next = next (CNA's hook: succ->tail in v1).
FlushSpliceWith(x, FlushAt(_)) ==
    /\ Running(x)
    /\ pc[x] = "mcs_handoff" /\ Ph(x, "flush")
    /\ LET me == node[x] IN nnext' = [nnext EXCEPT ![FlushAt(nlocked[me])] = nnext[me]]
    /\ cw' = [cw EXCEPT !.ph[x] = "flushgive"]
    /\ Keep /\ UNCHANGED << nlocked, vstate >> /\ NoAux
FlushSplice(x) == "FlushSplice" \notin Replaced /\ FlushSpliceWith(x, SecLastNode)

\* arch_mcs_spin_unlock_contended(&succ->locked, 1): the secondary queue's first node, spliced
\* ahead of next, is the new MCS head.
FlushGive(x) ==
    /\ "FlushGive" \notin Replaced
    /\ Running(x)
    /\ pc[x] = "mcs_handoff" /\ Ph(x, "flushgive")
    /\ LET me == node[x]  sec == nlocked[me] IN
       /\ nlocked' = [nlocked EXCEPT ![sec] = 1, ![me] = 0]
       /\ nnext' = [nnext EXCEPT ![me] = Nil]
       /\ vstate' = [tail  |-> [STail EXCEPT ![sec] = Nil],
                     intra |-> [SIntra EXCEPT ![sec] = 0, ![me] = 0]]
    /\ PassDone(x)

\* arch_mcs_spin_unlock_contended(&next->locked, 1): no secondary queue, no local waiter.
PassGiveNext(x) ==
    /\ "PassGiveNext" \notin Replaced
    /\ Running(x)
    /\ pc[x] = "mcs_handoff" /\ Ph(x, "givenext")
    /\ LET me == node[x]  next == nnext[me] IN
       /\ nlocked' = [nlocked EXCEPT ![next] = 1, ![me] = 0]
       /\ nnext' = [nnext EXCEPT ![me] = Nil]
       /\ vstate' = [vstate EXCEPT !.intra[next] = 0, !.intra[me] = 0]
    /\ PassDone(x)

(***************************************************************************)
(* The specification. QSpinlock's native steps leave cw alone; the queue   *)
(* head's wait waits for its own node->locked = 1 store (program order).   *)
(***************************************************************************)
\* Each native step CNA keeps, with cw unchanged (named apart so that TLC names each step).
FastPathCw(x)        == FastPath(x) /\ UNCHANGED cw
PendingWaitCw(x)     == PendingWait(x) /\ UNCHANGED cw
FetchSetPendingCw(x) == FetchSetPending(x) /\ UNCHANGED cw
ClearPendingCw(x)    == ClearPending(x) /\ UNCHANGED cw
PendingSpinCw(x)     == PendingSpin(x) /\ UNCHANGED cw
QueueCw(x)           == Queue(x) /\ UNCHANGED cw
LinkPrevCw(x)        == LinkPrev(x) /\ UNCHANGED cw
SpinLockedCw(x)      == SpinLocked(x) /\ UNCHANGED cw
HeadWaitCw(x)        == Ph(x, "none") /\ HeadWait(x) /\ UNCHANGED cw
SetLockedCw(x)       == SetLocked(x) /\ UNCHANGED cw
UnlockCw(x)          == Unlock(x) /\ UNCHANGED cw
FastPathQueueCw(x)   == FastPathQueueOnly(x) /\ UNCHANGED cw

\* Every step of context x but Start and Interrupt. A mutant (mutants/CNASteps_...) sets
\* Replaced to CnaReplaced and the names of the steps it replaces, which disables them here, and
\* adds its own New(x): its MutantStep(x) is StepsStep(x) \/ New(x), its Next
\* StepsNext \/ \E x \in Ctx : New(x), so that TLC names every step after its own action.
StepsStep(x) ==
    \/ FastPathCw(x) \/ PendingWaitCw(x) \/ FetchSetPendingCw(x) \/ ClearPendingCw(x)
    \/ PendingSpinCw(x) \/ QueueCw(x) \/ LinkPrevCw(x) \/ SpinLockedCw(x) \/ HeadWaitCw(x)
    \/ SetLockedCw(x) \/ UnlockCw(x) \/ FastPathQueueCw(x)
    \/ XchgTailEmpty(x) \/ XchgTailLocked(x) \/ TryClearTailCas(x) \/ TryClearTailPass(x)
    \/ PassStartSearch(x) \/ PassStartNoSearch(x) \/ WalkRead(x) \/ MoveLink(x) \/ MoveCut(x)
    \/ MoveTail(x) \/ PassGive(x) \/ FlushSplice(x) \/ FlushGive(x) \/ PassGiveNext(x)

StartCw(x)     == Start(x) /\ UNCHANGED cw
InterruptCw(x) == Interrupt(x) /\ UNCHANGED cw

\* StepsStep's Next written out action by action (TLC names each step and counts it).
StepsNext ==
    \E c \in Cpus : \E x \in CtxOf(c) :
        \/ StartCw(x) \/ InterruptCw(x)
        \/ FastPathCw(x) \/ PendingWaitCw(x) \/ FetchSetPendingCw(x) \/ ClearPendingCw(x)
        \/ PendingSpinCw(x) \/ QueueCw(x) \/ LinkPrevCw(x) \/ SpinLockedCw(x) \/ HeadWaitCw(x)
        \/ SetLockedCw(x) \/ UnlockCw(x) \/ FastPathQueueCw(x)
        \/ XchgTailEmpty(x) \/ XchgTailLocked(x) \/ TryClearTailCas(x) \/ TryClearTailPass(x)
        \/ PassStartSearch(x) \/ PassStartNoSearch(x) \/ WalkRead(x) \/ MoveLink(x) \/ MoveCut(x)
        \/ MoveTail(x) \/ PassGive(x) \/ FlushSplice(x) \/ FlushGive(x) \/ PassGiveNext(x)

StepsSpec == StepsInit /\ [][StepsNext]_allvars /\ \A x \in Ctx : WF_allvars(StepsStep(x))
\* "prob" with a fair coin, as CNA's FairSpec.
StepsFairSpec == StepsSpec /\ \A x \in Ctx : SF_allvars(PassStartNoSearch(x))

(***************************************************************************)
(* Properties. CNA's hold unchanged but NoLostWaiter, which describes the  *)
(* queues at rest: while a holder is between the steps of a move, a       *)
(* splice or cna_try_clear_tail's hand-off, a waiter can be on both lists  *)
(* or the lock word's tail in the secondary queue (TLC shows it).          *)
(***************************************************************************)
InFlight(Lk) == \E x \in On(Lk) : cw.ph[x] \notin {"none", "xlocked", "walk"}
StepsNoLostWaiter ==
    \A Lk \in Locks :
        ~InFlight(Lk) => P(Lk)!NoLostWaiter({node[x] : x \in QueuedOf(Lk)}, lk[Lk].tail,
                                            SecHead(Lk), SecTail(Lk), Succ, Nil)
\* CNA's SafetyView with the split's locals (VIEW of the larger safety models).
StepsView == << SafetyView, cw >>

(***************************************************************************)
(* Witnesses (expected to fail on the passing models): each gap is reached.*)
(***************************************************************************)
\* A waiter links itself (WRITE_ONCE(prev->next, node)) while find_successor walks the queue: the
\* walk may or may not read the new link, where CNA's one-step scan reads the queue at one instant.
NeverLinkDuringWalk ==
    \A x, y \in Ctx : ~ (Ph(x, "walk") /\ pc[y] = "link_prev" /\ LockOf(y) = LockOf(x))
\* A waiter queued (xchg_tail, then its link) between the head's tail cmpxchg that installed
\* the secondary queue and its hand-off to that queue's first node.
NeverTctGap ==
    \A x \in Ctx : ~ (Ph(x, "tctpass") /\ L(x).tail # STail[cw.sc[x]])
\* A run of waiters is half moved: linked into the secondary queue, not yet cut from the main one.
NeverMoveGap == \A x \in Ctx : ~Ph(x, "mvcut")
\* CNA's NeverSecondaryOfTwo where no queue is half moved (MoveLink stores me->locked before
\* MoveTail stores its tail, so in between the new secondary queue's tail field is stale).
NeverSecondaryOfTwoAtRest == (\A Lk \in Locks : ~InFlight(Lk)) => NeverSecondaryOfTwo
\* The first waiter on an empty queue has not yet stored node->locked = 1 when a second waiter
\* links behind it.
NeverHeadLockedGap ==
    \A x \in Ctx : ~ (Ph(x, "xlocked") /\ nnext[node[x]] # Nil)
=============================================================================
