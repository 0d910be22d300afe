------------------------ MODULE PVSteps_HeadSlowStore ------------------------
(***************************************************************************)
(* Written against PVSteps: PV with one step per shared-memory access.     *)
(* Mutant of pv_wait_head_or_lock: after pv_hash, the queue head replaces *)
(* xchg(&lock->locked, _Q_SLOW_VAL) by READ_ONCE(lock->locked) and a plain *)
(* store: a free byte is taken with WRITE_ONCE(_Q_LOCKED_VAL), a held one  *)
(* gets WRITE_ONCE(_Q_SLOW_VAL). The holder's unlock (cmpxchg 1 -> 0) can  *)
(* fall between the read and the store; the store then marks a free lock  *)
(* _Q_SLOW_VAL, the head halts on it, and nobody owns the lock to ever    *)
(* release it. Property: DeadlockFreedom (the lock word says held, and     *)
(* nobody holds it).                                                       *)
(***************************************************************************)
EXTENDS PVSteps

MutantReplaced == PvReplaced \cup {"WaitHeadXchg", "WaitHeadSlowLocked"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

\* READ_ONCE(l->locked) where the kernel has the xchg  (mutant)
WaitHeadSlowRead(x) ==
    /\ Runs(x)
    /\ pc[x] = "head_wait" /\ Phase(x, "xchg")
    /\ pl' = [pl EXCEPT !.ph[x] = IF L(x).locked = 0 THEN "slowtake" ELSE "slowstore"]
    /\ QKeep /\ UNCHANGED << pvn, hsh, hv >>

\* read 0: WRITE_ONCE(l->locked, _Q_LOCKED_VAL), then WRITE_ONCE(*lp, NULL) and gotlock as before
WaitHeadSlowTake(x) ==
    /\ Runs(x)
    /\ pc[x] = "head_wait" /\ Phase(x, "slowtake")
    /\ SetL(x, [L(x) EXCEPT !.locked = 1])
    /\ pl' = [pl EXCEPT !.ph[x] = "slowunhash"]
    /\ UNCHANGED << nlocked, nnext, count, depth, irqUsed, pc, v, cnt, node, prev, vstate, pvn, hsh, hv >>
    /\ NoAux

\* read held: WRITE_ONCE(l->locked, _Q_SLOW_VAL), then the state store and pv_wait  (mutant)
WaitHeadSlowStore(x) ==
    /\ Runs(x)
    /\ pc[x] = "head_wait" /\ Phase(x, "slowstore")
    /\ SetL(x, [L(x) EXCEPT !.locked = SlowVal])
    /\ pl' = [pl EXCEPT !.ph[x] = "sleep"]
    /\ UNCHANGED << nlocked, nnext, count, depth, irqUsed, pc, v, cnt, node, prev, vstate, pvn, hsh, hv >>
    /\ NoAux

\* PVSteps' hooks with WaitHeadXchg swapped for the three steps above.
MutantStep(x) == StepsStep(x) \/ WaitHeadSlowRead(x) \/ WaitHeadSlowTake(x) \/ WaitHeadSlowStore(x)

MutantNext == StepsNext \/ \E x \in Ctx : (WaitHeadSlowRead(x) \/ WaitHeadSlowTake(x) \/ WaitHeadSlowStore(x))
MutantSpec ==
    /\ PvInit /\ [][MutantNext]_allvars
    /\ IF Preemption THEN \A x \in Ctx : SF_allvars(MutantStep(x))
                     ELSE \A x \in Ctx : WF_allvars(MutantStep(x))
    /\ \A c \in Cpus : WF_allvars(Resched(c))
=============================================================================
