-------------------- MODULE QSpinlockSteps_CountDecEarly --------------------
(***************************************************************************)
(* Mutant of QSpinlockSteps (SplitCount): the queue head gives its node   *)
(* index back as soon as it owns the lock. The kernel's count-- is at     *)
(* `release', after the MCS hand-off; this patch moves                    *)
(* __this_cpu_dec(qnodes[0].mcs.count) up to just after set_locked(),    *)
(* on the reasoning that the lock is taken and the node's work is done.   *)
(* It is not: the head still waits for node->next and stores to the      *)
(* successor through it. An interrupt that arrives in between takes the   *)
(* same node index for its own lock and re-initialises the node that the  *)
(* successor is linking into or that the head is about to read.           *)
(*                                                                         *)
(* QSpinlock.tla cannot express it: its McsHandoff does the hand-off and  *)
(* count-- in one step.                                                    *)
(*                                                                         *)
(* The mutant marks "count-- done, hand-off not yet" at pc mcs_handoff as *)
(* q[x] = "early", a value the correct module never uses (its models     *)
(* check StepsTypeOK; this one checks WordTypeOK).                         *)
(***************************************************************************)
EXTENDS QSpinlockSteps

\* (mutant) __this_cpu_dec(qnodes[0].mcs.count) right after set_locked().
CountDecEarly(x) ==
    /\ Running(x)
    /\ pc[x] = "mcs_handoff" /\ q[x] = "none"
    /\ count' = [count EXCEPT ![x[1]] = @ - 1]
    /\ vstate' = [vstate EXCEPT !.q[x] = "early"]
    /\ UNCHANGED << lk, nlocked, nnext, depth, irqUsed, pc, v, cnt, node, prev >>
    /\ NoAux

\* next = smp_cond_load_relaxed(&node->next, (VAL)), after the early count--.
McsWaitNextLate(x) == q[x] = "early" /\ McsWaitNext(x)

\* arch_mcs_spin_unlock_contended(&next->locked); no count-- at `release'
\* any more. (The spec clears the node's dead fields as QSpinlock's Release.)
McsPassNoDec(x) ==
    /\ Running(x)
    /\ pc[x] = "mcs_handoff" /\ q[x] = "early" /\ nxt[x] # Nil
    /\ nlocked' = [[nlocked EXCEPT ![nxt[x]] = 1] EXCEPT ![node[x]] = 0]
    /\ nnext' = [nnext EXCEPT ![node[x]] = Nil]
    /\ node' = [node EXCEPT ![x] = Nil]
    /\ vstate' = [vstate EXCEPT !.nxt[x] = Nil, !.q[x] = "none"]
    /\ Goto(x, "cs")
    /\ UNCHANGED << lk, count, depth, irqUsed, v, cnt, prev >>
    /\ NoAux

\* The split steps with the hand-off's read and store swapped for the mutant's.
MutantSplitStep(x) ==
    \/ FetchSetPendingStep(x) \/ PendingLockedWait(x) \/ ClearPendingSetLocked(x)
    \/ CountDecEarly(x) \/ McsWaitNextLate(x) \/ McsPassNoDec(x)
    \/ QueueTryRead(x) \/ QueueTryCmpxchg(x) \/ XchgTailRead(x) \/ XchgTailCas(x)
    \/ QueueCount(x) \/ QueueInit(x) \/ QueueTrylock(x) \/ StepsHeadCmpxchg(x)
    \/ CountDec(x) \/ StepsUnlock(x)

MutantReplaced == StepsReplaced
ASSUME Replaced = MutantReplaced /\ SplitCount   \* the model sets Replaced <- MutantReplaced

MutantNext == Next \/ \E x \in Ctx : MutantSplitStep(x)
MutantSpec == Init /\ [][MutantNext]_vars
                   /\ \A x \in Ctx : WF_vars(Step(x) \/ MutantSplitStep(x))
=============================================================================
