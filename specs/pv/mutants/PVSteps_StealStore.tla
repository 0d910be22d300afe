------------------------- MODULE PVSteps_StealStore --------------------------
(***************************************************************************)
(* Written against PVSteps: PV with one step per shared-memory access.     *)
(* Mutant of PV with Stealing: pv_hybrid_queued_unfair_trylock, once its  *)
(* read of the lock word found neither the locked byte nor the pending    *)
(* bit set, stores _Q_LOCKED_VAL with WRITE_ONCE instead of trying         *)
(* cmpxchg_acquire(&lock->locked, 0, _Q_LOCKED_VAL). Between the read and  *)
(* the store the queue head's trylock_clear_pending (or another stealer)  *)
(* may take the lock, and then both own it. Only a model with stealing    *)
(* has the step; without it the mutant is PV.                              *)
(***************************************************************************)
EXTENDS PVSteps

\* pv_hybrid_queued_unfair_trylock: WRITE_ONCE(lock->locked, _Q_LOCKED_VAL) after the read  (mutant)
UnfairTrylockStore(x) == Runs(x) /\ UnfairTrylockCasWith(x, TRUE)
MutantReplaced == PvReplaced \cup {"UnfairTrylockCas"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

MutantStep(x)  == StepsStep(x) \/ UnfairTrylockStore(x)
MutantNext == StepsNext \/ \E x \in Ctx : UnfairTrylockStore(x)

MutantSpec == PvInit /\ [][MutantNext]_allvars
              /\ \A x \in Ctx : SF_allvars(MutantStep(x))
              /\ \A c \in Cpus : WF_allvars(Resched(c))
=============================================================================
