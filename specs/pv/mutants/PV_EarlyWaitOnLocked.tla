------------------------- MODULE PV_EarlyWaitOnLocked -------------------------
(***************************************************************************)
(* Mutant of PV, variant "pv-wait-early" (seed 004, "Queue node adaptive  *)
(* spinning"): when pv_wait_node has decided to wait early, it halts with *)
(* pv_wait(&node->locked, 0) (halt while the MCS hand-off has not come)   *)
(* and skips smp_store_mb(pn->state, vcpu_halted). Its state stays        *)
(* vcpu_running, so the holder's pv_kick_node takes the waiter for a      *)
(* spinning one, neither hashes the lock nor sets _Q_SLOW_VAL, and the    *)
(* waiter sleeps with the lock in hand: nobody will kick it. Needs three  *)
(* vCPUs (waiting early needs a halted predecessor that is not the head). *)
(* Property: NoLostWakeup (WakeupComing is its state form).                *)
(***************************************************************************)
EXTENDS PV

MutantReplaced == PvReplaced \cup {"WaitNodeHalt"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

\* The halt sequence after a long spin, as in PV.
WaitNodeHaltLong(x) ==
    /\ Runs(x)
    /\ pc[x] = "spin_locked" /\ Phase(x, "halt") /\ ~pl.we[x]
    /\ pvn' = [pvn EXCEPT !.st[node[x]] = "halted", !.wh[x[1]] = WhRaised(@, WaitInc)]
    /\ pl' = [pl EXCEPT !.ph[x] = "wait"]
    /\ QKeep /\ UNCHANGED << hsh, hv >>

\* After a short (early) spin: waithist += 1, then pv_wait(&node->locked, 0), which halts
\* if node->locked is still 0 (KVM checks and halts in one step); no vcpu_halted store  (mutant).
WaitNodeEarlyOnLocked(x) ==
    /\ Runs(x)
    /\ pc[x] = "spin_locked" /\ Phase(x, "halt") /\ pl.we[x]
    /\ pvn' = [pvn EXCEPT !.wh[x[1]] = WhRaised(@, 1)]
    /\ hv' = [hv EXCEPT !.halted[x[1]] = nlocked[node[x]] = 0]
    /\ pl' = [pl EXCEPT !.ph[x] = "wake"]
    /\ QKeep /\ UNCHANGED hsh

\* PV's hooks with WaitNodeHalt split into the two paths.
MutantStep(x) == PvStep(x) \/ WaitNodeHaltLong(x) \/ WaitNodeEarlyOnLocked(x)

MutantNext == PvNext \/ \E x \in Ctx : (WaitNodeHaltLong(x) \/ WaitNodeEarlyOnLocked(x))
MutantSpec ==
    /\ PvInit /\ [][MutantNext]_allvars
    /\ IF Preemption THEN \A x \in Ctx : SF_allvars(MutantStep(x))
                     ELSE \A x \in Ctx : WF_allvars(MutantStep(x))
    /\ \A c \in Cpus : WF_allvars(Resched(c))
=============================================================================
