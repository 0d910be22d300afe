----------------------- MODULE PVSteps_WakeStoreRunning -----------------------
(***************************************************************************)
(* Written against PVSteps: PV with one step per shared-memory access.     *)
(* Mutant of pv_wait_node: after pv_wait returns, the waiter resets its   *)
(* state with WRITE_ONCE(pn->state, vcpu_running) instead of              *)
(* cmpxchg(&pn->state, vcpu_halted, vcpu_running). A vcpu_hashed that the *)
(* holder's pv_kick_node stored (it has hashed, or is about to hash, the  *)
(* lock for this node) is overwritten; the waiter, now queue head, finds  *)
(* vcpu_running in pv_wait_head_or_lock, leaves lp unset and hashes the   *)
(* lock a second time. Property: HashConsistent (two entries for one       *)
(* lock).                                                                  *)
(***************************************************************************)
EXTENDS PVSteps

MutantReplaced == PvReplaced \cup {"WaitNodeWake"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

\* WRITE_ONCE(pn->state, vcpu_running) after pv_wait  (mutant: not the cmpxchg from vcpu_halted)
WaitNodeWakeStore(x) ==
    /\ Runs(x)
    /\ pc[x] = "spin_locked" /\ Phase(x, "wake")
    /\ pvn' = [pvn EXCEPT !.st[node[x]] = "running"]
    /\ pl' = [pl EXCEPT !.ph[x] = "start"]
    /\ QKeep /\ UNCHANGED << hsh, hv >>

\* PVSteps' hooks with WaitNodeWake swapped for the store.
MutantStep(x) == StepsStep(x) \/ WaitNodeWakeStore(x)

MutantNext == StepsNext \/ \E x \in Ctx : WaitNodeWakeStore(x)
MutantSpec ==
    /\ PvInit /\ [][MutantNext]_allvars
    /\ IF Preemption THEN \A x \in Ctx : SF_allvars(MutantStep(x))
                     ELSE \A x \in Ctx : WF_allvars(MutantStep(x))
    /\ \A c \in Cpus : WF_allvars(Resched(c))
=============================================================================
