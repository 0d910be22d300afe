--------------------- MODULE QSpinlock_DecodeTailNoIdx ---------------------
(***************************************************************************)
(* Mutant of QSpinlock (xchg_tail / decode_tail): decode_tail() returns   *)
(* per_cpu_ptr(&qnodes[0].mcs, cpu), dropping the node index of the tail  *)
(* code word (as if only task context ever queued). When the previous     *)
(* tail is a nested context's node (index >= 1), WRITE_ONCE(prev->next,   *)
(* node) goes into that CPU's node 0, which is another queue's node or    *)
(* free: the real predecessor never sees its successor. Property:          *)
(* QueueWellFormed. Needs an interrupt level (NestDepth >= 1): without    *)
(* nesting every index is 0 and decode is right.                          *)
(***************************************************************************)
EXTENDS QSpinlock

\* decode_tail (mutant): the CPU of the tail code word, node index 0.
DecodeTailNoIdx(t) == IF t = Nil THEN Nil ELSE EncodeTail(NodeCpu(t), 0)

\* old = xchg_tail(lock, tail); if (old & _Q_TAIL_MASK) prev = decode_tail(old);
XchgTailDecodeNoIdx(x) ==
    /\ Running(x)
    /\ UNCHANGED vstate
    /\ pc[x] = "xchg_tail"
    /\ SetL(x, [L(x) EXCEPT !.tail = node[x]])
    /\ prev' = [prev EXCEPT ![x] = DecodeTailNoIdx(L(x).tail)]
    /\ Goto(x, IF L(x).tail # Nil THEN "link_prev" ELSE "head_wait")
    /\ Doorway(x) /\ UNCHANGED bypass
    /\ UNCHANGED << nlocked, nnext, count, depth, irqUsed, v, cnt, node >>

MutantReplaced == {"XchgTail"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

MutantNext == Next \/ \E x \in Ctx : XchgTailDecodeNoIdx(x)
MutantSpec == Init /\ [][MutantNext]_vars /\ \A x \in Ctx : WF_vars(Step(x) \/ XchgTailDecodeNoIdx(x))
=============================================================================
