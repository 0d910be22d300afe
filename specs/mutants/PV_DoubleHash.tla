---------------------------- MODULE PV_DoubleHash ----------------------------
(***************************************************************************)
(* Mutant of PV: the queue head stores vcpu_halted, not vcpu_hashed,      *)
(* before its pv_wait in pv_wait_head_or_lock, as the kernel did before   *)
(* the double-hash fix ("locking/pvqspinlock: Fix double hash race",     *)
(* 2016). The old holder, still between the hand-off and pv_kick_node,   *)
(* then finds the head vcpu_halted, its cmpxchg to vcpu_hashed succeeds  *)
(* and it hashes the lock a second time: two entries for one lock, one   *)
(* left stale after the unlock's pv_unhash.                                *)
(***************************************************************************)
EXTENDS PV

\* WRITE_ONCE(pn->state, vcpu_halted); pv_wait(&lock->locked, _Q_SLOW_VAL)  (mutant)
WaitHeadSleepHalted(x) == WaitHeadSleepWith(x, "halted")
MutantHooks(x) == PvHooksWith(x, WaitNodeSleep, WaitHeadSleepHalted)
MutantStep(x)  == PvStepWith(x, MutantHooks)

MutantSpec == PvInit /\ [][PvNextWith(MutantStep)]_allvars
              /\ \A x \in Ctx : SF_allvars(MutantStep(x))
              /\ \A c \in Cpus : WF_allvars(Resched(c))
=============================================================================
