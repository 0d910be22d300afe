------------------------- MODULE CNASteps_NoMoveCut -------------------------
(***************************************************************************)
(* Written against CNASteps (one step per shared-memory access).           *)
(* Mutant of CNA (cna-v1), find_successor: the patch links the skipped run *)
(* head_other..tail_other into the secondary queue and stores its tail,   *)
(* but leaves out tail_other->next = NULL, so the run's last node still    *)
(* points at succ: succ is then in both queues (and the stale link is      *)
(* followed once the run is spliced back). Property: NoLostWaiter          *)
(* (StepsNoLostWaiter at rest).                                           *)
(***************************************************************************)
EXTENDS CNASteps

\* The natives CNA replaces; the mutant replaces no other native step (its change is a CNA step).

MutantReplaced == CnaReplaced \cup {"MoveLink", "MoveCut"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

\* if (me->locked > 1) MCS_NODE(me->locked)->tail->next = head_other; else me->locked = head_other;
\* (mutant: no tail_other->next = NULL after it: on to MCS_NODE(me->locked)->tail = tail_other)
MoveLinkNoCut(x) ==
    /\ Running(x)
    /\ pc[x] = "mcs_handoff" /\ Ph(x, "mvlink")
    /\ LET me == node[x]  sec == nlocked[me]  headOther == nnext[me] IN
       IF sec \in Nodes
       THEN /\ nnext' = [nnext EXCEPT ![STail[sec]] = headOther]
            /\ UNCHANGED nlocked
       ELSE /\ nlocked' = [nlocked EXCEPT ![me] = headOther]
            /\ UNCHANGED nnext
    /\ cw' = [cw EXCEPT !.ph[x] = "mvtail"]
    /\ Keep /\ UNCHANGED vstate /\ NoAux

\* StepsStep with MoveLink swapped for the mutant's (MoveCut is never reached).
MutantStep(x) == StepsStep(x) \/ MoveLinkNoCut(x)
MutantNext == StepsNext \/ \E x \in Ctx : MoveLinkNoCut(x)
MutantSpec == StepsInit /\ [][MutantNext]_allvars /\ \A x \in Ctx : WF_allvars(MutantStep(x))
=============================================================================
