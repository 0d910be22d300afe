------------------------ MODULE PVSteps_KickNoBarrier -------------------------
(***************************************************************************)
(* Written against PVSteps: PV with one step per shared-memory access.     *)
(* Mutant of PV: no full barrier between the hand-off store               *)
(* (arch_mcs_spin_unlock_contended: next->locked = 1) and pv_kick_node's *)
(* read of the successor's state (the smp_mb__before_atomic ahead of its *)
(* cmpxchg_relaxed). The pair with the waiter's smp_store_mb(pn->state,  *)
(* vcpu_halted) and its re-check of node->locked is store buffering: each *)
(* side stores, then reads the other's variable. Without the barrier both *)
(* reads may miss the other's store: the holder sees vcpu_running and     *)
(* does not hash, the waiter sees locked = 0 and halts, and once the      *)
(* store reaches memory the waiter has the lock and no kick will come.   *)
(*                                                                         *)
(* Which level sees what. PV.tla is sequentially consistent: there the    *)
(* two stores and two reads interleave, one read always sees the other    *)
(* side's store, and the race is invisible. This module gives each CPU a *)
(* one-entry store buffer for that one store (McsHandoffBuffered puts it *)
(* there, Drain makes it visible later, weakly fair: a store buffer       *)
(* drains); the waiter's side keeps its barrier. TLC then finds the lost *)
(* wakeup (NoLostWakeup). On x86 the cmpxchg is a locked instruction,    *)
(* which drains the store buffer, so hardware there cannot show it; a    *)
(* relaxed cmpxchg on arm64 or powerpc can.                                *)
(***************************************************************************)
EXTENDS PVSteps

MutantReplaced == PvReplaced \cup {"McsHandoff"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

\* The wait for node->next and arch_mcs_spin_unlock_contended(&next->locked):
\* the store goes into this CPU's store buffer; pv_kick_node(lock, next)
\* follows without waiting for it (mutant). Release as in McsHandoff.
McsHandoffBuffered(x) ==
    /\ Runs(x)
    /\ pc[x] = "mcs_handoff"
    /\ nnext[node[x]] # Nil
    /\ pl' = [pl EXCEPT !.sb[x[1]] = nnext[node[x]], !.kt[x] = nnext[node[x]]]
    /\ Release(x, nlocked)
    /\ Goto(x, "cs")
    /\ UNCHANGED << lk, depth, irqUsed, v, cnt, prev, vstate, pvn, hsh, hv >>
    /\ NoAux

\* arch_mcs_spin_unlock_contended's buffered store reaches memory (a buffer drains whether or not its
\* vCPU is scheduled).
Drain(c) ==
    /\ pl.sb[c] # Nil
    /\ nlocked' = [nlocked EXCEPT ![pl.sb[c]] = 1]
    /\ pl' = [pl EXCEPT !.sb[c] = Nil]
    /\ UNCHANGED << lk, nnext, count, depth, irqUsed, pc, v, cnt, node, prev, vstate, pvn, hsh, hv >>
    /\ NoAux

MutantStep(x) == StepsStep(x) \/ McsHandoffBuffered(x)
MutantNext == StepsNext \/ \E x \in Ctx : McsHandoffBuffered(x)
MutantSpec == PvInit /\ [][MutantNext \/ \E c \in Cpus : Drain(c)]_allvars
              /\ \A x \in Ctx : SF_allvars(MutantStep(x))
              /\ \A c \in Cpus : WF_allvars(Resched(c)) /\ WF_allvars(Drain(c))
=============================================================================
