------------------ MODULE QSpinlockSteps_XchgTailStaleOld ------------------
(***************************************************************************)
(* Mutant of QSpinlockSteps (xchg_tail, NR_CPUS >= 16K): the cmpxchg loop *)
(* loses its `val = old;' (or, with atomic_cmpxchg in place of            *)
(* atomic_try_cmpxchg, never reloads the expected value), so after one    *)
(* failure it keeps comparing against the stale word. If the word never   *)
(* comes back to that value (the owner unlocked and went away) the CPU    *)
(* spins in xchg_tail for ever with the lock free. Property:               *)
(* StarvationFreedom (with no other locker, DeadlockFreedom too). 2 CPUs. *)
(* Needs SplitQueue (with it FALSE, XchgTail is QSpinlock's one step).    *)
(***************************************************************************)
EXTENDS QSpinlockSteps

\* new = (val & _Q_LOCKED_PENDING_MASK) | tail;
\* old = atomic_cmpxchg_relaxed(&lock->val, val, new); if (old == val) break;
\* (mutant: no val = old, so the next try expects the same stale val)
XchgTailCasStale(x) ==
    /\ SplitQueue /\ Running(x)
    /\ pc[x] = "xchg_tail" /\ xrd[x]
    /\ IF L(x) = old[x]
       THEN /\ SetL(x, Word(node[x], old[x].pending, old[x].locked))
            /\ prev' = [prev EXCEPT ![x] = old[x].tail]
            /\ Goto(x, IF old[x].tail # Nil THEN "link_prev" ELSE "head_wait")
            /\ vstate' = [vstate EXCEPT !.xrd[x] = FALSE, !.old[x] = Unlocked]
            /\ Doorway(x) /\ UNCHANGED bypass
       ELSE /\ UNCHANGED << vstate, lk, pc, prev >>
            /\ NoAux
    /\ UNCHANGED << nlocked, nnext, count, depth, irqUsed, v, cnt, node >>

\* The split steps with XchgTailCas swapped for the mutant's.
MutantSplitStep(x) ==
    \/ FetchSetPendingStep(x) \/ PendingLockedWait(x) \/ ClearPendingSetLocked(x)
    \/ McsWaitNext(x) \/ McsPass(x)
    \/ QueueTryRead(x) \/ QueueTryCmpxchg(x) \/ XchgTailRead(x) \/ XchgTailCasStale(x)
    \/ QueueCount(x) \/ QueueInit(x) \/ QueueTrylock(x) \/ StepsHeadCmpxchg(x)
    \/ CountDec(x) \/ StepsUnlock(x)

\* The fairness every cmpxchg loop rests on, as QSpinlockSteps states it:
\* a cmpxchg that would succeed, offered again and again, is taken.
MutantXchgTailWin(x) == XchgTailCasStale(x) /\ L(x) = old[x]

MutantReplaced == StepsReplaced
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

MutantNext == Next \/ \E x \in Ctx : MutantSplitStep(x)
MutantSpec == Init /\ [][MutantNext]_vars
                   /\ \A x \in Ctx : /\ WF_vars(Step(x) \/ MutantSplitStep(x))
                                    /\ SF_vars(MutantXchgTailWin(x))
=============================================================================
