--------------------- MODULE QSpinlock_NestedNodeReuse ---------------------
(***************************************************************************)
(* Mutant of QSpinlock: the node index `count' is incremented only after  *)
(* the node is in the queue (after xchg_tail). An interrupt that arrives  *)
(* in between takes the same node for its own lock. The same mistake as  *)
(* java-models QSpinLockMutants.NestedNodeReuse.                            *)
(***************************************************************************)
EXTENDS QSpinlock

\* idx = node->count; node = grab_mcs_node(node, idx); init; trylock
\* (mutant: no count++ yet). An interrupt may now arrive with count unchanged.
QueueNoCount(x) ==
    /\ Running(x)
    /\ UNCHANGED vstate
    /\ pc[x] = "queue"
    /\ LET n == EncodeTail(x[1], count[x[1]]) IN
       IF L(x) = Unlocked
       THEN /\ SetL(x, Word(0, 0, 1))
            /\ Goto(x, "cs")
            /\ DoorwayAndEnter(x)
            /\ UNCHANGED << node, nlocked, nnext >>
       ELSE /\ node' = [node EXCEPT ![x] = n]
            /\ nlocked' = [nlocked EXCEPT ![n] = 0]
            /\ nnext' = [nnext EXCEPT ![n] = Nil]
            /\ Goto(x, "xchg_tail")
            /\ UNCHANGED lk
            /\ NoAux
    /\ UNCHANGED << count, depth, irqUsed, v, cnt, prev >>
\* old = xchg_tail(lock, tail); node->count++  (mutant: the late increment)
XchgTailThenCount(x) ==
    /\ Running(x)
    /\ UNCHANGED vstate
    /\ pc[x] = "xchg_tail"
    /\ SetL(x, [L(x) EXCEPT !.tail = node[x]])
    /\ prev' = [prev EXCEPT ![x] = L(x).tail]
    /\ Goto(x, IF L(x).tail # Nil THEN "link_prev" ELSE "head_wait")
    /\ count' = [count EXCEPT ![x[1]] = @ + 1]
    /\ Doorway(x) /\ UNCHANGED bypass
    /\ UNCHANGED << nlocked, nnext, depth, irqUsed, v, cnt, node >>

MutantReplaced == {"Queue", "XchgTail"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

MutantNext == Next \/ \E x \in Ctx : QueueNoCount(x) \/ XchgTailThenCount(x)
MutantSpec == Init /\ [][MutantNext]_vars /\ \A x \in Ctx : WF_vars(Step(x) \/ QueueNoCount(x) \/ XchgTailThenCount(x))
=============================================================================
