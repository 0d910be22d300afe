------------------------- MODULE MLock_SwapAfterCas -------------------------
(***************************************************************************)
(* Mutant of MLock: CLH's node swap kept on the uncontended path too:     *)
(* after a successful compare-and-swap the thread also takes the         *)
(* predecessor's node, `me->node = pred', although that node is now the  *)
(* lock's, the tail. The next thread to queue spins on it while its       *)
(* owner sets its flag again for its next acquisition. Expected:          *)
(* NodeExclusive violated; alone, DeadlockFreedom.                         *)
(***************************************************************************)
EXTENDS MLock

\* if (cas(&mpl->tail, me->node, pred)) { me->node = pred; return; }   (mutant)
MutantUnlockCas(t) ==
    /\ pc[t] = "cs"
    /\ IF tail = node[t]
       THEN /\ tail' = pred[t]
            /\ node' = [node EXCEPT ![t] = pred[t]]
            /\ pred' = [pred EXCEPT ![t] = Nil]
            /\ pc' = [pc EXCEPT ![t] = "ncs"]
       ELSE /\ pc' = [pc EXCEPT ![t] = "unlock_release"]
            /\ UNCHANGED << tail, pred, node >>
    /\ UNCHANGED << locked, ahead, bypass >>

MutantReplaced == {"MpUnlockCas"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

MutantLockStep(t) == LockStep(t) \/ MutantUnlockCas(t)

MutantSpec ==
    /\ Init
    /\ [][\E t \in Threads : MpLockInitNode(t) \/ MutantLockStep(t)]_vars
    /\ \A t \in Threads : WF_vars(MutantLockStep(t))
=============================================================================
