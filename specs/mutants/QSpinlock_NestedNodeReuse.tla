--------------------- MODULE QSpinlock_NestedNodeReuse ---------------------
(***************************************************************************)
(* Mutant of QSpinlock: the node index `count' is incremented only after  *)
(* the node is in the queue (after xchg_tail). An interrupt that arrives  *)
(* in between takes the same node for its own lock. The same mistake as  *)
(* java-models QSpinLockMutants.NestedNodeReuse.                            *)
(***************************************************************************)
EXTENDS QSpinlock

\* node = grab_mcs_node(node, node->count)  (mutant: no count++ yet)
QueueNoCount(x) ==
    /\ Running(x)
    /\ pc[x] = "queue"
    /\ node' = [node EXCEPT ![x] = EncodeTail(x[1], count[x[1]])]
    /\ Goto(x, "init_locked")
    /\ UNCHANGED << lk, nlocked, nnext, count, depth, irqUsed, v, cnt, prev, succ >>
    /\ NoAux

\* old = xchg_tail(lock, tail); node->count++  (mutant: the late increment)
XchgTailThenCount(x) ==
    /\ Running(x)
    /\ pc[x] = "xchg_tail"
    /\ SetL(x, [L(x) EXCEPT !.tail = node[x]])
    /\ prev' = [prev EXCEPT ![x] = L(x).tail]
    /\ Goto(x, IF L(x).tail # Nil THEN "link_prev" ELSE "head_wait")
    /\ succ' = [succ EXCEPT ![x] = Nil]
    /\ count' = [count EXCEPT ![x[1]] = @ + 1]
    /\ Doorway(x) /\ UNCHANGED bypass
    /\ UNCHANGED << nlocked, nnext, depth, irqUsed, v, cnt, node >>

\* The trylock that succeeds before the tail swap must not decrement a count it
\* never incremented.
TrylockNoCount(x) ==
    /\ Running(x)
    /\ pc[x] = "trylock"
    /\ IF L(x) = Unlocked
       THEN /\ SetL(x, Word(0, 0, 1))
            /\ node' = [node EXCEPT ![x] = Nil]
            /\ ClearNode(node[x], nlocked, nnext)
            /\ Goto(x, "cs")
            /\ DoorwayAndEnter(x)
       ELSE /\ Goto(x, "xchg_tail")
            /\ UNCHANGED << lk, node, nlocked, nnext >>
            /\ NoAux
    /\ UNCHANGED << count, depth, irqUsed, v, cnt, prev, succ >>

MutantStep(x) ==
    \/ FastPath(x) \/ PendingWait(x) \/ FetchSetPending(x) \/ ClearPending(x)
    \/ PendingSpin(x) \/ ClearPendingSetLocked(x) \/ QueueNoCount(x)
    \/ InitLocked(x) \/ InitNext(x) \/ TrylockNoCount(x)
    \/ XchgTailThenCount(x) \/ LinkPrev(x) \/ SpinLocked(x) \/ ReadNext(x)
    \/ HeadWait(x) \/ HeadCmpxchg(x) \/ SetLocked(x) \/ WaitNext(x)
    \/ McsHandoff(x) \/ Unlock(x)

MutantSpec ==
    /\ Init
    /\ [][\E x \in Ctx : Start(x) \/ Interrupt(x) \/ MutantStep(x)]_vars
    /\ \A x \in Ctx : WF_vars(MutantStep(x))
=============================================================================
