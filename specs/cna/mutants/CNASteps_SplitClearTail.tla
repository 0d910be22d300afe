----------------------- MODULE CNASteps_SplitClearTail -----------------------
(***************************************************************************)
(* Written against CNASteps (one step per shared-memory access).           *)
(* Mutant of CNA (cna-v1), cna_try_clear_tail: its                          *)
(* atomic_try_cmpxchg_relaxed(&lock->val, &val, new) written as a read of  *)
(* the word (READ_ONCE) and, when the read found val, a store of new       *)
(* (WRITE_ONCE): a waiter whose xchg_tail lands between the two has its    *)
(* tail overwritten. It links behind the old head, which took the lock as  *)
(* the last waiter and never looks at its next again, so it waits for a   *)
(* hand-off that never comes. Property: StepsNoLostWaiter (the lock word's *)
(* tail no longer reaches every waiter); TLC finds two owners as well      *)
(* (MutualExclusion).                                                      *)
(*                                                                         *)
(* The read leaves the split in a phase of its own ("tctread"), so the     *)
(* type invariant is CNASteps' with that phase added (MutantTypeOK).       *)
(***************************************************************************)
EXTENDS CNASteps

MutantReplaced == CnaReplaced \cup {"TryClearTailCas"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

MutantTypeOK ==
    /\ CnaTypeOK
    /\ cw.ph \in [Ctx -> {"none", "xlocked", "tctread", "tctpass", "walk", "mvlink", "mvcut", "mvtail",
                          "give", "flush", "flushgive", "givenext"}]
    /\ \A x \in Ctx : Ph(x, "tctread") => pc[x] = "head_cmpxchg"

\* READ_ONCE(lock->val): a word other than val fails as the cmpxchg would (CNA's merged step,
\* which finds L(x) # v[x]); the same word goes on to the store.
TctRead(x) ==
    /\ Running(x)
    /\ pc[x] = "head_cmpxchg" /\ Ph(x, "none")
    /\ IF L(x) # v[x]
       THEN /\ TryClearTailWith(x, HeadLocked, SecondaryTail)
            /\ UNCHANGED cw
       ELSE /\ cw' = [cw EXCEPT !.ph[x] = "tctread"]
            /\ UNCHANGED vars

\* WRITE_ONCE(lock->val, new) (mutant: whatever the word is now), with what CNASteps'
\* TryClearTailCas does after a cmpxchg that succeeded: without a secondary queue the lock is
\* taken (CNA's TryClearTailWith), with one the word names its last node and the hand-off to its
\* first node follows (TryClearTailPass).
TctStore(x) ==
    /\ Running(x)
    /\ pc[x] = "head_cmpxchg" /\ Ph(x, "tctread")
    /\ v' = [v EXCEPT ![x] = Unlocked]
    /\ LET me == node[x]  sec == HeadLocked(me) IN
       IF sec \notin Nodes
       THEN /\ SetL(x, Word(0, 0, 1))
            /\ nlocked' = [nlocked EXCEPT ![me] = 0]
            /\ nnext' = [nnext EXCEPT ![me] = Nil]
            /\ vstate' = [vstate EXCEPT !.intra[me] = 0]
            /\ ReleaseNode(x)
            /\ Goto(x, "cs")
            /\ Enter(x, ahead)
            /\ CwDone(x)
       ELSE /\ SetL(x, Word(SecondaryTail(sec), 0, 1))
            /\ SetCw(x, "tctpass", Nil, Nil, sec)
            /\ UNCHANGED << count, node, nlocked, nnext, vstate, pc >>
            /\ NoAux
    /\ UNCHANGED << depth, irqUsed, cnt, prev >>

\* StepsStep with cna_try_clear_tail's cmpxchg split into the read and the store.
MutantStep(x) == StepsStep(x) \/ TctRead(x) \/ TctStore(x)
MutantNext == StepsNext \/ \E x \in Ctx : (TctRead(x) \/ TctStore(x))
MutantSpec == StepsInit /\ [][MutantNext]_allvars /\ \A x \in Ctx : WF_allvars(MutantStep(x))
=============================================================================
