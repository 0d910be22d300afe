----------------------- MODULE PVSteps_EarlyNoRecheck -----------------------
(***************************************************************************)
(* Mutant of PV, variant "pv-wait-early", written against PVSteps (one    *)
(* step per access): the same bug as PV_EarlyNoRecheck. When pv_wait_node *)
(* has decided to wait early, the short path goes from the halted store   *)
(* straight to pv_wait, without the re-check of node->locked that the     *)
(* long path keeps; the hand-off and pv_kick_node can fall between the    *)
(* waiter's last spin and its halted store. Three vCPUs are needed (wait- *)
(* early needs the previous node halted in pv_wait_node).                 *)
(***************************************************************************)
EXTENDS PVSteps
\* if (!wait_early && !READ_ONCE(node->locked)) ... pv_wait  (mutant: the early wait skips the read)
WaitNodeEarlyNoRecheck(x) == Runs(x) /\ WaitNodeRecheckWith(x, ~pl.we[x])
MutantReplaced == PvReplaced \cup {"WaitNodeRecheck"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

MutantStep(x)  == StepsStep(x) \/ WaitNodeEarlyNoRecheck(x)
MutantNext == StepsNext \/ \E x \in Ctx : WaitNodeEarlyNoRecheck(x)
MutantSpec == PvInit /\ [][MutantNext]_allvars
              /\ \A x \in Ctx : SF_allvars(MutantStep(x))
              /\ \A c \in Cpus : WF_allvars(Resched(c))
=============================================================================
