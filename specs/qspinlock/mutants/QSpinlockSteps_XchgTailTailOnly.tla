------------------ MODULE QSpinlockSteps_XchgTailTailOnly ------------------
(***************************************************************************)
(* Mutant of QSpinlockSteps: xchg_tail's cmpxchg loop (NR_CPUS >= 16K)    *)
(* decides success on the tail bits only. It computes the new word from   *)
(* the word it read, new = (old & _Q_LOCKED_PENDING_MASK) | tail, and     *)
(* stores it when the tail is still the one read, even if the locked byte *)
(* or the pending bit changed since: the stale locked and pending bits go *)
(* back into the word. (The whole-word compare is what makes the loop     *)
(* correct; comparing part of the word is the slip of Ticket_TrylockAba.) *)
(* A holder's unlock or a fast-path take between the read and the store   *)
(* is undone: the lock looks free while it is held, or held by nobody.    *)
(*                                                                         *)
(* QSpinlock.tla cannot express this: its XchgTail is one step that       *)
(* reads and writes the word at once, so no update can fall in between.   *)
(***************************************************************************)
EXTENDS QSpinlockSteps

\* atomic_try_cmpxchg_relaxed (mutant): success when the tail bits match.
XchgTailCasTailOnly(x) ==
    /\ Running(x)
    /\ pc[x] = "xchg_tail" /\ xrd[x]
    /\ IF L(x).tail = old[x].tail
       THEN /\ SetL(x, Word(node[x], old[x].pending, old[x].locked))
            /\ prev' = [prev EXCEPT ![x] = old[x].tail]
            /\ Goto(x, IF old[x].tail # Nil THEN "link_prev" ELSE "head_wait")
            /\ vstate' = [vstate EXCEPT !.xrd[x] = FALSE, !.old[x] = Unlocked]
            /\ Doorway(x) /\ UNCHANGED bypass
       ELSE /\ vstate' = [vstate EXCEPT !.old[x] = L(x)]
            /\ UNCHANGED << lk, pc, prev >>
            /\ NoAux
    /\ UNCHANGED << nlocked, nnext, count, depth, irqUsed, v, cnt, node >>

\* The split steps with XchgTailCas swapped for the mutant's.
MutantSplitStep(x) ==
    \/ FetchSetPendingStep(x) \/ PendingLockedWait(x) \/ ClearPendingSetLocked(x)
    \/ McsWaitNext(x) \/ McsPass(x)
    \/ QueueTryRead(x) \/ QueueTryCmpxchg(x) \/ XchgTailRead(x) \/ XchgTailCasTailOnly(x)

MutantReplaced == StepsReplaced
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

MutantNext == Next \/ \E x \in Ctx : MutantSplitStep(x)
MutantSpec == Init /\ [][MutantNext]_vars
                   /\ \A x \in Ctx : WF_vars(Step(x) \/ MutantSplitStep(x))
=============================================================================
