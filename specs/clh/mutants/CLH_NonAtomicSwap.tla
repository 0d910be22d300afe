------------------------- MODULE CLH_NonAtomicSwap -------------------------
(***************************************************************************)
(* Mutant of CLH: the doorway `pred = xchg(&lock->tail, me->node)' done   *)
(* as a plain load followed by a plain store. Two threads can read the    *)
(* same tail, both spin on the same predecessor and both enter when it    *)
(* releases. Expected: MutualExclusion violated.                          *)
(***************************************************************************)
EXTENDS CLH

\* Mutant-only state: has thread t done the load half of its swap? (Kept out
\* of pc so that the base spec's pc sets still classify the thread: it is
\* before the doorway until the store.)
VARIABLE loaded
mvars == << vars, loaded >>

\* pred = READ_ONCE(lock->tail)   (mutant: first half of the xchg)
ClhLoadTail(t) ==
    /\ pc[t] = "swap_tail"
    /\ ~loaded[t]
    /\ pred' = [pred EXCEPT ![t] = tail]
    /\ loaded' = [loaded EXCEPT ![t] = TRUE]
    /\ UNCHANGED << tail, locked, node, pc, ahead, bypass >>

\* WRITE_ONCE(lock->tail, me->node)   (second half: the doorway)
ClhStoreTail(t) ==
    /\ pc[t] = "swap_tail"
    /\ loaded[t]
    /\ loaded' = [loaded EXCEPT ![t] = FALSE]
    /\ tail' = node[t]
    /\ pc' = [pc EXCEPT ![t] = "spin_pred"]
    /\ ahead' = P!AheadAtDoorway(ahead, t, Waiting)
    /\ UNCHANGED << locked, node, pred, bypass >>

MutantReplaced == {"ClhSwapTail"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

MutantLockStep(t) ==
    \/ LockStep(t) /\ UNCHANGED loaded
    \/ ClhLoadTail(t) \/ ClhStoreTail(t)

MutantSpec ==
    /\ Init /\ loaded = [t \in Threads |-> FALSE]
    /\ [][\E t \in Threads : (ClhInitNode(t) /\ UNCHANGED loaded)
                             \/ MutantLockStep(t)]_mvars
    /\ \A t \in Threads : WF_mvars(MutantLockStep(t))
=============================================================================
