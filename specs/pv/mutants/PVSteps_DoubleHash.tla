-------------------------- MODULE PVSteps_DoubleHash --------------------------
(***************************************************************************)
(* Mutant of PV, written against PVSteps (one step per access): the same  *)
(* bug as PV_DoubleHash. The queue head stores vcpu_halted, not           *)
(* vcpu_hashed, before its pv_wait in pv_wait_head_or_lock, as the kernel *)
(* did before the double-hash fix ("locking/pvqspinlock: Fix double hash *)
(* race", 2016). The old holder, still between the hand-off and           *)
(* pv_kick_node, finds the head vcpu_halted, its cmpxchg to vcpu_hashed   *)
(* succeeds and it hashes the lock a second time.                          *)
(***************************************************************************)
EXTENDS PVSteps
\* WRITE_ONCE(pn->state, vcpu_halted) before pv_wait(&lock->locked, _Q_SLOW_VAL)  (mutant)
WaitHeadStoreHalted(x) == Runs(x) /\ WaitHeadStoreStateWith(x, "halted")
MutantReplaced == PvReplaced \cup {"WaitHeadStoreState"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

MutantStep(x)  == StepsStep(x) \/ WaitHeadStoreHalted(x)
MutantNext == StepsNext \/ \E x \in Ctx : WaitHeadStoreHalted(x)
MutantSpec == PvInit /\ [][MutantNext]_allvars
              /\ \A x \in Ctx : SF_allvars(MutantStep(x))
              /\ \A c \in Cpus : WF_allvars(Resched(c))
=============================================================================
