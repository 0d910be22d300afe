---------------------- MODULE QSpinlock_NoLockedInit ----------------------
(***************************************************************************)
(* Mutant of QSpinlock (the node's init after grab_mcs_node): the patch   *)
(* drops node->locked = 0, relying on the per-CPU qnodes being zeroed at  *)
(* boot. But the head never clears its own node->locked: a node that was  *)
(* once handed the MCS lock (locked = 1) keeps it, and the next time it   *)
(* queues behind a predecessor arch_mcs_spin_lock_contended returns at    *)
(* once. Two contexts then act as queue head: the one that is the tail    *)
(* clears it with its cmpxchg, the other does set_locked, and both own    *)
(* the lock. Property: MutualExclusion.                                    *)
(*                                                                         *)
(* QSpinlock's Release clears the released node's fields as dead values,  *)
(* which is sound only because the init stores them again; with the init *)
(* store gone the value is live, so the mutant's releases keep locked.    *)
(***************************************************************************)
EXTENDS QSpinlock

\* Release without clearing node->locked (the kernel never clears it).
ReleaseKeepLocked(x, nl) ==
    /\ nlocked' = nl
    /\ nnext' = [nnext EXCEPT ![node[x]] = Nil]
    /\ ReleaseNode(x)

\* idx = node->count++; node = grab_mcs_node(node, idx);
\* node->next = NULL;   (mutant: no node->locked = 0)  ; trylock
QueueNoLockedInit(x) ==
    /\ Running(x)
    /\ UNCHANGED vstate
    /\ pc[x] = "queue"
    /\ LET n == EncodeTail(x[1], count[x[1]]) IN
       IF L(x) = Unlocked
       THEN /\ SetL(x, Word(0, 0, 1))
            /\ Goto(x, "cs")
            /\ DoorwayAndEnter(x)
            /\ UNCHANGED << count, node, nlocked, nnext >>
       ELSE /\ node' = [node EXCEPT ![x] = n]
            /\ count' = [count EXCEPT ![x[1]] = @ + 1]
            /\ nnext' = [nnext EXCEPT ![n] = Nil]
            /\ Goto(x, "xchg_tail")
            /\ UNCHANGED << lk, nlocked >>
            /\ NoAux
    /\ UNCHANGED << depth, irqUsed, v, cnt, prev >>

\* QSpinlock's HeadCmpxchg, releasing the node with its locked kept.
HeadCmpxchgKeep(x) ==
    /\ Running(x)
    /\ UNCHANGED vstate
    /\ pc[x] = "head_cmpxchg"
    /\ v' = [v EXCEPT ![x] = Unlocked]
    /\ IF L(x) = v[x]
       THEN /\ SetL(x, Word(0, 0, 1))
            /\ ReleaseKeepLocked(x, nlocked)
            /\ Goto(x, "cs")
            /\ Enter(x, ahead)
       ELSE /\ Goto(x, "set_locked")
            /\ UNCHANGED << lk, count, node, nlocked, nnext >>
            /\ NoAux
    /\ UNCHANGED << depth, irqUsed, cnt, prev >>

\* QSpinlock's McsHandoff, releasing the node with its locked kept.
McsHandoffKeep(x) ==
    /\ Running(x)
    /\ UNCHANGED vstate
    /\ pc[x] = "mcs_handoff"
    /\ nnext[node[x]] # Nil
    /\ ReleaseKeepLocked(x, [nlocked EXCEPT ![nnext[node[x]]] = 1])
    /\ Goto(x, "cs")
    /\ UNCHANGED << lk, depth, irqUsed, v, cnt, prev >>
    /\ NoAux

MutantReplaced == {"Queue", "HeadCmpxchg", "McsHandoff"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

MutantStep(x) == QueueNoLockedInit(x) \/ HeadCmpxchgKeep(x) \/ McsHandoffKeep(x)
MutantNext == Next \/ \E x \in Ctx : MutantStep(x)
MutantSpec == Init /\ [][MutantNext]_vars /\ \A x \in Ctx : WF_vars(Step(x) \/ MutantStep(x))
=============================================================================
