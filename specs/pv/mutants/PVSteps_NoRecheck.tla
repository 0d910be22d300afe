------------------------- MODULE PVSteps_NoRecheck -------------------------
(***************************************************************************)
(* Mutant of PV, written against PVSteps (one step per access): the same  *)
(* bug as PV_NoRecheck. pv_wait_node stores vcpu_halted and calls pv_wait *)
(* without re-reading node->locked, so the holder's hand-off store and    *)
(* its pv_kick_node (which finds vcpu_running and does nothing) can fall *)
(* between the waiter's last spin and its halted store; the waiter halts *)
(* with the lock in hand and nobody will kick it.                         *)
(***************************************************************************)
EXTENDS PVSteps
\* pv_wait_node without if (!READ_ONCE(node->locked)): straight to pv_wait  (mutant)
WaitNodeNoRecheck(x) == Runs(x) /\ WaitNodeRecheckWith(x, FALSE)
MutantReplaced == PvReplaced \cup {"WaitNodeRecheck"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

MutantStep(x)  == StepsStep(x) \/ WaitNodeNoRecheck(x)
MutantNext == StepsNext \/ \E x \in Ctx : WaitNodeNoRecheck(x)
MutantSpec == PvInit /\ [][MutantNext]_allvars
              /\ \A x \in Ctx : SF_allvars(MutantStep(x))
              /\ \A c \in Cpus : WF_allvars(Resched(c))
=============================================================================
