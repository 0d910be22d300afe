----------------------- MODULE Combining_NonAtomicXchg -----------------------
(***************************************************************************)
(* Mutant of Combining: the doorway `old = xchg(&lock->lock_p, ali)' done *)
(* as a plain load and a plain store. Two threads can both read NULL and  *)
(* both become holders, running requests at the same time. Expected:      *)
(* MutualExclusion violated.                                                *)
(***************************************************************************)
EXTENDS Combining

\* Mutant-only state: has thread t done the load half of its xchg?
VARIABLE loaded
mvars == << vars, loaded >>

\* old = READ_ONCE(lock->lock_p)   (mutant: first half of the xchg)
AliLoadTail(t) ==
    /\ pc[t] = "xchg"
    /\ ~loaded[t]
    /\ loaded' = [loaded EXCEPT ![t] = TRUE]
    /\ old' = [old EXCEPT ![t] = tail]
    /\ UNCHANGED << tail, next, locked, res, pc, cur, nxt, count, runs, got, batch >>

\* WRITE_ONCE(lock->lock_p, ali)   (second half: the doorway)
AliStoreTail(t) ==
    /\ pc[t] = "xchg"
    /\ loaded[t]
    /\ loaded' = [loaded EXCEPT ![t] = FALSE]
    /\ tail' = t
    /\ IF old[t] = Nil
       THEN /\ pc' = [pc EXCEPT ![t] = "read_tail"]
            /\ BecomeHolder(t)
       ELSE /\ pc' = [pc EXCEPT ![t] = "link"]
            /\ UNCHANGED << cur, count, batch >>
    /\ UNCHANGED << next, locked, res, old, nxt, runs, got >>

MutantReplaced == {"AliXchg"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

MutantLockStep(t) ==
    \/ LockStep(t) /\ UNCHANGED loaded
    \/ AliLoadTail(t) \/ AliStoreTail(t)

MutantSpec ==
    /\ Init /\ loaded = [t \in Threads |-> FALSE]
    /\ [][\E t \in Threads : (AliInit(t) /\ UNCHANGED loaded) \/ MutantLockStep(t)]_mvars
    /\ \A t \in Threads : WF_mvars(MutantLockStep(t))
=============================================================================
