--------------------- MODULE QSpinlock_PendingWaitWord ---------------------
(***************************************************************************)
(* Mutant of QSpinlock: the pending waiter waits for the whole lock word   *)
(* to be 0 instead of the locked byte; its own pending bit keeps the word  *)
(* non-zero, so it waits forever and so does everyone behind it. The same  *)
(* mistake as java-models QSpinLockMutants.PendingWaitWord.                *)
(***************************************************************************)
EXTENDS QSpinlock

\* smp_cond_load_acquire(&lock->val, !VAL)  (mutant: the whole word, which
\* still holds our own pending bit), then clear_pending_set_locked.
PendingSpinWord(x) ==
    /\ Running(x)
    /\ UNCHANGED vstate
    /\ pc[x] = "pend_spin"
    /\ L(x) = Unlocked
    /\ SetL(x, [L(x) EXCEPT !.pending = 0, !.locked = 1])
    /\ Goto(x, "cs")
    /\ Enter(x, ahead)
    /\ UNCHANGED << nlocked, nnext, count, depth, irqUsed, v, cnt, node, prev >>

MutantReplaced == {"PendingSpin"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

MutantNext == Next \/ \E x \in Ctx : PendingSpinWord(x)
MutantSpec == Init /\ [][MutantNext]_vars /\ \A x \in Ctx : WF_vars(Step(x) \/ PendingSpinWord(x))
=============================================================================
