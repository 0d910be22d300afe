------------------------- MODULE Combining_RunTwice -------------------------
(***************************************************************************)
(* Mutant of Combining: after a failed cmpxchg the holder goes back into  *)
(* the walk (`goto repeat') with `ali' still the node whose request it    *)
(* has just run: the walk calls ali->fn(ali->para) again. Expected:       *)
(* RunsExactlyOnce violated (a request runs twice).                        *)
(***************************************************************************)
EXTENDS Combining

\* if (cmpxchg(&lock->lock_p, ali, NULL) != ali) { old = ...; goto repeat; }   (mutant)
MutantCmpxchg(t) ==
    /\ pc[t] = "cmpxchg"
    /\ IF tail = cur[t]
       THEN /\ tail' = Nil
            /\ pc' = [pc EXCEPT ![t] = "last_complete"]
            /\ UNCHANGED old
       ELSE /\ old' = [old EXCEPT ![t] = tail]
            /\ pc' = [pc EXCEPT ![t] = "wait_next"]
            /\ UNCHANGED tail
    /\ UNCHANGED << next, locked, res, cur, nxt, count, runs, got, batch >>

MutantReplaced == {"AliCmpxchg"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

MutantLockStep(t) == LockStep(t) \/ MutantCmpxchg(t)

MutantSpec ==
    /\ Init
    /\ [][\E t \in Threads : AliInit(t) \/ MutantLockStep(t)]_vars
    /\ \A t \in Threads : WF_vars(MutantLockStep(t))
=============================================================================
