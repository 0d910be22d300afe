----------------------- MODULE PVSteps_UnlockKickHalted -----------------------
(***************************************************************************)
(* Written against PVSteps: PV with one step per shared-memory access.     *)
(* Mutant of __pv_queued_spin_unlock_slowpath: to save the kick of a vCPU *)
(* that is running anyway, it calls pv_kick(node->cpu) only if            *)
(* READ_ONCE(node->state) == vcpu_halted. But a vCPU halted for the lock  *)
(* is vcpu_hashed (the head stores it before its pv_wait since the double- *)
(* hash fix, and pv_kick_node's cmpxchg makes a halted successor so), so  *)
(* the kick never goes out and the waiter sleeps with the lock free or in *)
(* hand. Property: NoLostWakeup (WakeupComing is its state form).          *)
(***************************************************************************)
EXTENDS PVSteps

MutantReplaced == PvReplaced \cup {"UnlockKick"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

\* if (READ_ONCE(node->state) == vcpu_halted) pv_kick(node->cpu);  (mutant)
UnlockKickIfHalted(x) ==
    /\ Runs(x)
    /\ pc[x] = "ncs" /\ Phase(x, "kick")
    /\ hv' = IF pvn.st[pl.kt[x]] = "halted"
             THEN [hv EXCEPT !.halted[NodeCpu(pl.kt[x])] = FALSE]
             ELSE hv
    /\ pl' = [pl EXCEPT !.ph[x] = "start", !.kt[x] = Nil]
    /\ QKeep /\ UNCHANGED << pvn, hsh >>

\* PVSteps' hooks with UnlockKick swapped for the guarded kick.
MutantStep(x) == StepsStep(x) \/ UnlockKickIfHalted(x)

MutantNext == StepsNext \/ \E x \in Ctx : UnlockKickIfHalted(x)
MutantSpec ==
    /\ PvInit /\ [][MutantNext]_allvars
    /\ IF Preemption THEN \A x \in Ctx : SF_allvars(MutantStep(x))
                     ELSE \A x \in Ctx : WF_allvars(MutantStep(x))
    /\ \A c \in Cpus : WF_allvars(Resched(c))
=============================================================================
