------------------------- MODULE MLock_NonAtomicCas -------------------------
(***************************************************************************)
(* Mutant of MLock: the release's compare-and-swap done as a check and a  *)
(* store, `if (mpl->tail == me->node) { mpl->tail = pred; return; }'. A    *)
(* successor that swaps itself in between the two is overwritten in the   *)
(* tail: it spins on a node whose owner keeps it and never clears it for  *)
(* it, while the next arrival finds the predecessor's clear node and      *)
(* enters. Expected: QueueWellFormed violated; alone, DeadlockFreedom and  *)
(* MutualExclusion (the stranded spinner enters beside a later holder     *)
(* when the node's owner releases it for its own successor).               *)
(***************************************************************************)
EXTENDS MLock

\* Mutant-only state: has thread t seen the tail equal to its node?
VARIABLE checked
mvars == << vars, checked >>

\* if (READ_ONCE(mpl->tail) == me->node)   (mutant: first half of the cas)
MpUnlockCheck(t) ==
    /\ pc[t] = "cs"
    /\ ~checked[t]
    /\ IF tail = node[t]
       THEN /\ checked' = [checked EXCEPT ![t] = TRUE]
            /\ UNCHANGED pc
       ELSE /\ pc' = [pc EXCEPT ![t] = "unlock_release"]
            /\ UNCHANGED checked
    /\ UNCHANGED << tail, locked, node, pred, ahead, bypass >>

\* WRITE_ONCE(mpl->tail, pred); return;   (second half)
MpUnlockStore(t) ==
    /\ pc[t] = "cs"
    /\ checked[t]
    /\ checked' = [checked EXCEPT ![t] = FALSE]
    /\ tail' = pred[t]
    /\ pred' = [pred EXCEPT ![t] = Nil]
    /\ pc' = [pc EXCEPT ![t] = "ncs"]
    /\ UNCHANGED << locked, node, ahead, bypass >>

MutantReplaced == {"MpUnlockCas"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

MutantLockStep(t) ==
    \/ LockStep(t) /\ UNCHANGED checked
    \/ MpUnlockCheck(t) \/ MpUnlockStore(t)

MutantSpec ==
    /\ Init /\ checked = [t \in Threads |-> FALSE]
    /\ [][\E t \in Threads : (MpLockInitNode(t) /\ UNCHANGED checked)
                             \/ MutantLockStep(t)]_mvars
    /\ \A t \in Threads : WF_mvars(MutantLockStep(t))
\* A state constraint for the liveness model: a stranded thread is overtaken
\* forever, so its bypass count would grow without bound (the state space
\* would be infinite); the lasso that shows the violation needs none of that.
BypassCap == \A t \in Threads : bypass[t] <= N
=============================================================================
