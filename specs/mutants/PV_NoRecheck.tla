---------------------------- MODULE PV_NoRecheck ----------------------------
(***************************************************************************)
(* Mutant of PV: pv_wait_node stores vcpu_halted and calls pv_wait        *)
(* without re-reading node->locked. The holder's hand-off store and its  *)
(* pv_kick_node can both fall between the waiter's last spin and its      *)
(* halted store: pv_kick_node sees vcpu_running and does nothing, the     *)
(* waiter then halts with the lock in hand, and nobody will kick it.      *)
(***************************************************************************)
EXTENDS PV

\* smp_store_mb(pn->state, vcpu_halted); pv_wait(&pn->state, vcpu_halted)  (mutant)
WaitNodeSleepNoRecheck(x) == WaitNodeSleepWith(x, FALSE)
MutantHooks(x) == PvHooksWith(x, WaitNodeSleepNoRecheck, WaitHeadSleep)
MutantStep(x)  == PvStepWith(x, MutantHooks)

MutantSpec == PvInit /\ [][PvNextWith(MutantStep)]_allvars
              /\ \A x \in Ctx : SF_allvars(MutantStep(x))
              /\ \A c \in Cpus : WF_allvars(Resched(c))
=============================================================================
