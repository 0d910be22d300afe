--------------------- MODULE CNA_ThresholdCountInHolder ---------------------
(***************************************************************************)
(* Mutant of CNA, the threshold policy (cna-threshold), cna_pass_lock: the *)
(* patch counts intra-node hand-offs in the holder's own node              *)
(* (node->intra_count++) instead of storing node->intra_count + 1 in the   *)
(* successor it hands the lock to; the holder's node is released at once   *)
(* and every new holder starts from its freshly initialised 0, so the      *)
(* threshold is never reached and the remote waiters in the secondary      *)
(* queue can be bypassed for ever (v1's behaviour). Property:              *)
(* StarvationFreedom (the bound the policy exists for: BoundedBypass).     *)
(***************************************************************************)
EXTENDS CNA

MutantReplaced == CnaReplaced
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

\* CNA's PassLockHooked with the v1 hooks, the count the successor gets changed.
PassLockCountLost(x, search) ==
    LET me    == node[x]
        next  == nnext[me]
        sec   == nlocked[me]
        q     == ChainFrom(next)
        hits  == { i \in 1 .. Len(q) : SocketOfNode(q[i]) = SocketOfNode(me) }
        i     == IF search /\ hits # {} THEN CHOOSE k \in hits : \A j \in hits : k <= j ELSE 0
        \* node->intra_count++ on the holder's own node (mutant): succ keeps its initial 0
        count1 == Intra(0)
    IN
    CASE i = 1 ->
            /\ nlocked' = [nlocked EXCEPT ![next] = sec, ![me] = 0]
            /\ nnext' = [nnext EXCEPT ![me] = Nil]
            /\ vstate' = [vstate EXCEPT !.intra[next] = count1, !.intra[me] = 0]
      [] i > 1 ->
            LET headOther == next
                tailOther == q[i - 1]
                succ      == q[i]
                newSec    == IF sec \notin Nodes THEN headOther ELSE sec
                nn1       == IF sec \notin Nodes THEN nnext ELSE [nnext EXCEPT ![STail[sec]] = headOther]
            IN /\ nnext' = [nn1 EXCEPT ![tailOther] = Nil, ![me] = Nil]
               /\ nlocked' = [nlocked EXCEPT ![succ] = newSec, ![me] = 0]
               /\ vstate' = [tail  |-> [STail EXCEPT ![newSec] = tailOther],
                             intra |-> [SIntra EXCEPT ![succ] = count1, ![me] = 0]]
      [] sec \in Nodes ->
            /\ nnext' = [nnext EXCEPT ![STail[sec]] = next, ![me] = Nil]
            /\ nlocked' = [nlocked EXCEPT ![sec] = 1, ![me] = 0]
            /\ vstate' = [tail  |-> [STail EXCEPT ![sec] = Nil],
                          intra |-> [SIntra EXCEPT ![sec] = 0, ![me] = 0]]
      [] OTHER ->
            /\ nlocked' = [nlocked EXCEPT ![next] = 1, ![me] = 0]
            /\ nnext' = [nnext EXCEPT ![me] = Nil]
            /\ vstate' = [vstate EXCEPT !.intra[next] = 0, !.intra[me] = 0]

FindSuccessorCountLost(x) ==
    /\ ReadyToPass(x)
    /\ MaySearch(x)
    /\ PassLockCountLost(x, TRUE)
    /\ Passed(x)
NoSearchCountLost(x) ==
    /\ ReadyToPass(x)
    /\ MaySkip(x)
    /\ PassLockCountLost(x, FALSE)
    /\ Passed(x)

MutantStep(x) == Step(x) \/ FastPathQueueOnly(x) \/ XchgTailCna(x) \/ TryClearTail(x)
                 \/ FindSuccessorCountLost(x) \/ NoSearchCountLost(x)
MutantNext == \E x \in Ctx : Start(x) \/ Interrupt(x) \/ MutantStep(x)
MutantSpec == Init /\ [][MutantNext]_vars /\ \A x \in Ctx : WF_vars(MutantStep(x))
\* "prob" with a fair coin, as CNA's FairSpec.
MutantFairSpec == MutantSpec /\ \A x \in Ctx : SF_vars(NoSearchCountLost(x))
=============================================================================
