---------------------- MODULE PVSteps_ReleaseBeforeUnhash ----------------------
(***************************************************************************)
(* Mutant of PV, written against PVSteps (one step per access): the       *)
(* unlock's slowpath stores 0 to the locked byte before pv_unhash instead *)
(* of after it. __pv_queued_spin_unlock_slowpath takes the hash entry out *)
(* first because once the lock is free it can be taken and handed on, and *)
(* the next pv_kick_node may hash the lock again: an unhash after the     *)
(* release can then remove the new entry and leave the old one. PV's     *)
(* merged UnlockPv does the four accesses at one instant, where the order *)
(* of the store and the unhash cannot matter, so only the split form can *)
(* hold this mutant. TLC (3 vCPUs) finds StepsHashConsistent violated,    *)
(* and PvTypeOK too: the woken head, whose xchg finds the lock free,      *)
(* removes the entry it hashed, which the late unhash has removed         *)
(* already, and the model's count of entries goes below 0 (in the kernel  *)
(* a second clearing of a hash slot another lock may have taken since).  *)
(***************************************************************************)
EXTENDS PVSteps
\* smp_store_release(&lock->locked, 0) before node = pv_unhash(lock)  (mutant)
CmpxchgToRelease(x)  == Runs(x) /\ UnlockCmpxchgTo(x, "release")
ReleaseThenUnhash(x) == Runs(x) /\ UnlockReleaseThen(x, "unhash")
UnhashThenKick(x)    == Runs(x) /\ pc[x] = "ncs" /\ UnlockUnhashThen(x, "kick")
MutantReplaced == PvReplaced \cup {"UnlockCmpxchg", "UnlockUnhash", "UnlockRelease"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

MutantStep(x)  == StepsStep(x) \/ CmpxchgToRelease(x) \/ UnhashThenKick(x) \/ ReleaseThenUnhash(x)
MutantNext == StepsNext \/ \E x \in Ctx : (CmpxchgToRelease(x) \/ UnhashThenKick(x) \/ ReleaseThenUnhash(x))
MutantSpec == PvInit /\ [][MutantNext]_allvars
              /\ \A x \in Ctx : SF_allvars(MutantStep(x))
              /\ \A c \in Cpus : WF_allvars(Resched(c))
=============================================================================
