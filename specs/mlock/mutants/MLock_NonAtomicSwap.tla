------------------------- MODULE MLock_NonAtomicSwap -----------------------
(***************************************************************************)
(* Mutant of MLock: the doorway `pred = xchg(&mpl->tail, me->node)' done  *)
(* as a plain load followed by a plain store. Two threads can read the    *)
(* same tail, both spin on the same predecessor and both enter when it    *)
(* releases. Expected: QueueWellFormed violated; alone, MutualExclusion   *)
(* and BoundedBypass (a thread that loaded first is overtaken: the FIFO   *)
(* bound 0 is tight).                                                      *)
(***************************************************************************)
EXTENDS MLock

\* Mutant-only state: has thread t done the load half of its swap? (Kept out
\* of pc so that the base spec's pc sets still classify the thread: it is
\* before the doorway until the store.)
VARIABLE loaded
mvars == << vars, loaded >>

\* pred = READ_ONCE(mpl->tail)   (mutant: first half of the xchg)
MpLockLoadTail(t) ==
    /\ pc[t] = "swap_tail"
    /\ ~loaded[t]
    /\ pred' = [pred EXCEPT ![t] = tail]
    /\ loaded' = [loaded EXCEPT ![t] = TRUE]
    /\ UNCHANGED << tail, locked, node, pc, ahead, bypass >>

\* WRITE_ONCE(mpl->tail, me->node)   (second half: the doorway)
MpLockStoreTail(t) ==
    /\ pc[t] = "swap_tail"
    /\ loaded[t]
    /\ loaded' = [loaded EXCEPT ![t] = FALSE]
    /\ tail' = node[t]
    /\ pc' = [pc EXCEPT ![t] = "spin_pred"]
    /\ ahead' = P!AheadAtDoorway(ahead, t, Waiting)
    /\ UNCHANGED << locked, node, pred, bypass >>

MutantReplaced == {"MpLockSwap"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

MutantLockStep(t) ==
    \/ LockStep(t) /\ UNCHANGED loaded
    \/ MpLockLoadTail(t) \/ MpLockStoreTail(t)

MutantSpec ==
    /\ Init /\ loaded = [t \in Threads |-> FALSE]
    /\ [][\E t \in Threads : (MpLockInitNode(t) /\ UNCHANGED loaded)
                             \/ MutantLockStep(t)]_mvars
    /\ \A t \in Threads : WF_mvars(MutantLockStep(t))
=============================================================================
