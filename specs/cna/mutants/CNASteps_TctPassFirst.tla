----------------------- MODULE CNASteps_TctPassFirst ------------------------
(***************************************************************************)
(* Written against CNASteps (one step per shared-memory access).           *)
(* Mutant of CNA (cna-v1), cna_try_clear_tail: the head that holds a      *)
(* secondary queue hands the MCS lock to its first node                    *)
(* (arch_mcs_spin_unlock_contended(&succ->locked, 1)) BEFORE the cmpxchg   *)
(* that makes that queue the main one, not after it succeeds; succ then    *)
(* runs as queue head, sees the lock word free and sets locked, while the  *)
(* cmpxchg fails and the old head goes on to set_locked too: two owners.   *)
(* Property: MutualExclusion.                                              *)
(***************************************************************************)
EXTENDS CNASteps

MutantReplaced == CnaReplaced \cup {"TryClearTailCas", "TryClearTailPass"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

\* (val & _Q_TAIL_MASK) == tail with node->locked > 1:
\* succ = MCS_NODE(node->locked); arch_mcs_spin_unlock_contended(&succ->locked, 1)  (mutant: first).
\* Without a secondary queue: CNA's merged step, as in CNASteps.
TctEarlyPass(x) ==
    /\ Running(x)
    /\ pc[x] = "head_cmpxchg" /\ Ph(x, "none")
    /\ IF HeadLocked(node[x]) \notin Nodes
       THEN /\ TryClearTailWith(x, HeadLocked, SecondaryTail)
            /\ UNCHANGED cw
       ELSE /\ nlocked' = [nlocked EXCEPT ![HeadLocked(node[x])] = 1]
            /\ SetCw(x, "tctpass", Nil, Nil, HeadLocked(node[x]))
            /\ UNCHANGED << lk, count, node, nnext, vstate, pc, v, depth, irqUsed, cnt, prev >>
            /\ NoAux

\* then atomic_try_cmpxchg_relaxed(&lock->val, &val, succ->tail->encoded_tail + _Q_LOCKED_VAL):
\* success: goto release; failure: on to set_locked (node->locked still names succ).
TctLateCas(x) ==
    /\ Running(x)
    /\ pc[x] = "head_cmpxchg" /\ Ph(x, "tctpass")
    /\ LET me == node[x]  sec == cw.sc[x] IN
       /\ v' = [v EXCEPT ![x] = Unlocked]
       /\ IF L(x) = v[x]
          THEN /\ SetL(x, Word(SecondaryTail(sec), 0, 1))
               /\ nlocked' = [nlocked EXCEPT ![me] = 0]
               /\ nnext' = [nnext EXCEPT ![me] = Nil]
               /\ vstate' = [tail  |-> [STail EXCEPT ![sec] = Nil],
                             intra |-> [SIntra EXCEPT ![me] = 0, ![sec] = 0]]
               /\ ReleaseNode(x)
               /\ Goto(x, "cs")
               /\ Enter(x, ahead)
          ELSE /\ Goto(x, "set_locked")
               /\ UNCHANGED << lk, count, node, nlocked, nnext, vstate >>
               /\ NoAux
    /\ CwDone(x)
    /\ UNCHANGED << depth, irqUsed, cnt, prev >>

\* StepsStep with cna_try_clear_tail's two steps swapped for the mutant's.
MutantStep(x) == StepsStep(x) \/ TctEarlyPass(x) \/ TctLateCas(x)
MutantNext == StepsNext \/ \E x \in Ctx : (TctEarlyPass(x) \/ TctLateCas(x))
MutantSpec == StepsInit /\ [][MutantNext]_allvars /\ \A x \in Ctx : WF_allvars(MutantStep(x))
=============================================================================
