------------------- MODULE QSpinlockSteps_InitBeforeCount -------------------
(***************************************************************************)
(* Mutant of QSpinlockSteps (SplitCount): the queue node is initialised   *)
(* before the per-CPU nesting count is incremented. In the kernel the      *)
(* order is idx = node->count++; node = grab_mcs_node(node, idx);          *)
(* barrier(); node->locked = 0; node->next = NULL; without the compiler    *)
(* barrier the stores to the node may be emitted before the store of the   *)
(* new count. An interrupt that arrives in between reads the old count,   *)
(* takes the same node for its own lock and overwrites it while the       *)
(* interrupted context is about to publish it. This is the bug fixed by   *)
(* "locking/qspinlock: Ensure node->count is updated before initialising  *)
(* node" (commit 11dc13224c97, 2018), which added that barrier().         *)
(*                                                                         *)
(* QSpinlock.tla cannot express it: its Queue does count++ and the init   *)
(* in one step, so no interrupt can fall between them.                     *)
(*                                                                         *)
(* The mutant marks "initialised, count not yet stored" as q[x] = "early",*)
(* a value the correct module never uses (its models check StepsTypeOK;  *)
(* this one checks WordTypeOK).                                            *)
(***************************************************************************)
EXTENDS QSpinlockSteps

\* idx = node->count; node = grab_mcs_node(node, idx); node->locked = 0;
\* node->next = NULL (mutant: the init emitted before the count's store).
QueueInitEarly(x) ==
    /\ Running(x)
    /\ pc[x] = "queue" /\ q[x] = "none"
    /\ LET n == EncodeTail(x[1], count[x[1]]) IN
       /\ node' = [node EXCEPT ![x] = n]
       /\ nlocked' = [nlocked EXCEPT ![n] = 0]
       /\ nnext' = [nnext EXCEPT ![n] = Nil]
    /\ vstate' = [vstate EXCEPT !.q[x] = "early"]
    /\ UNCHANGED << lk, count, depth, irqUsed, pc, v, cnt, prev >>
    /\ NoAux

\* node->count = idx + 1, the store the compiler put last.
QueueCountLate(x) ==
    /\ Running(x)
    /\ pc[x] = "queue" /\ q[x] = "early"
    /\ count' = [count EXCEPT ![x[1]] = NodeIdx(node[x]) + 1]
    /\ vstate' = [vstate EXCEPT !.q[x] = "inited"]
    /\ UNCHANGED << lk, nlocked, nnext, depth, irqUsed, pc, v, cnt, node, prev >>
    /\ NoAux

\* The split steps with QueueCount and QueueInit swapped for the mutant's.
MutantSplitStep(x) ==
    \/ FetchSetPendingStep(x) \/ PendingLockedWait(x) \/ ClearPendingSetLocked(x)
    \/ McsWaitNext(x) \/ McsPass(x)
    \/ QueueTryRead(x) \/ QueueTryCmpxchg(x) \/ XchgTailRead(x) \/ XchgTailCas(x)
    \/ QueueInitEarly(x) \/ QueueCountLate(x) \/ QueueTrylock(x) \/ StepsHeadCmpxchg(x)
    \/ CountDec(x) \/ StepsUnlock(x)

MutantReplaced == StepsReplaced
ASSUME Replaced = MutantReplaced /\ SplitCount   \* the model sets Replaced <- MutantReplaced

MutantNext == Next \/ \E x \in Ctx : MutantSplitStep(x)
MutantSpec == Init /\ [][MutantNext]_vars
                   /\ \A x \in Ctx : WF_vars(Step(x) \/ MutantSplitStep(x))
=============================================================================
