--------------------------- MODULE PV_EarlyNoRecheck ---------------------------
(***************************************************************************)
(* Mutant of PV, variant "pv-wait-early": when pv_wait_node has decided   *)
(* to wait early (wait_early set: the previous node's vCPU is halted),    *)
(* the short path stores vcpu_halted and calls pv_wait without the re-    *)
(* check of node->locked that the long path keeps. The holder's hand-off *)
(* and its pv_kick_node (which still finds the waiter vcpu_running) can   *)
(* fall between the waiter's last spin and its halted store: the waiter   *)
(* halts with the lock handed to it and no kick will come. Wait-early is *)
(* only taken with three vCPUs (a waiter behind a waiter halted in        *)
(* pv_wait_node), so two vCPUs cannot show it.                             *)
(***************************************************************************)
EXTENDS PV

\* smp_store_mb(pn->state, vcpu_halted); pv_wait(...), re-checking node->locked only
\* when not waiting early  (mutant)
WaitNodeSleepEarlyNoRecheck(x) == WaitNodeSleepWith(x, ~pl.we[x])
MutantHooks(x) == PvHooksWith(x, WaitNodeSleepEarlyNoRecheck, WaitHeadSleep)
MutantStep(x)  == PvStepWith(x, MutantHooks)

MutantSpec == PvInit /\ [][PvNextWith(MutantStep)]_allvars
              /\ \A x \in Ctx : SF_allvars(MutantStep(x))
              /\ \A c \in Cpus : WF_allvars(Resched(c))
=============================================================================
