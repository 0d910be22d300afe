------------------------- MODULE PVSteps_KickSlowWord -------------------------
(***************************************************************************)
(* Written against PVSteps: PV with one step per shared-memory access.     *)
(* Mutant of pv_kick_node, as a whole-word port (no byte stores) might    *)
(* write it: atomic_set(&lock->val, _Q_SLOW_VAL) in place of              *)
(* WRITE_ONCE(lock->locked, _Q_SLOW_VAL), on the belief that the holder   *)
(* owns the whole word. The tail (the successor just handed the MCS lock, *)
(* or a later waiter) is wiped: the queue is cut off from the lock word,  *)
(* and a newcomer's xchg_tail finds no tail and makes itself a second     *)
(* queue head. Property: QueueWellFormed.                                  *)
(***************************************************************************)
EXTENDS PVSteps

MutantReplaced == PvReplaced \cup {"KickSlowVal"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

\* atomic_set(&lock->val, _Q_SLOW_VAL): tail and pending cleared too  (mutant)
KickSlowValWord(x) ==
    /\ Runs(x)
    /\ pc[x] = "cs" /\ Phase(x, "kickslow")
    /\ SetL(x, Word(Nil, 0, SlowVal))
    /\ pl' = [pl EXCEPT !.ph[x] = "kickhash"]
    /\ UNCHANGED << nlocked, nnext, count, depth, irqUsed, pc, v, cnt, node, prev, vstate, pvn, hsh, hv >>
    /\ NoAux

\* PVSteps' hooks with KickSlowVal swapped for the whole-word store.
MutantStep(x) == StepsStep(x) \/ KickSlowValWord(x)

MutantNext == StepsNext \/ \E x \in Ctx : KickSlowValWord(x)
MutantSpec ==
    /\ PvInit /\ [][MutantNext]_allvars
    /\ IF Preemption THEN \A x \in Ctx : SF_allvars(MutantStep(x))
                     ELSE \A x \in Ctx : WF_allvars(MutantStep(x))
    /\ \A c \in Cpus : WF_allvars(Resched(c))
=============================================================================
