------------------- MODULE Combining_CompleteBeforeCmpxchg -------------------
(***************************************************************************)
(* Mutant of Combining: the holder completes the last request of its       *)
(* snapshot before it tries to empty the queue, `ali->locked = 0' moved    *)
(* in front of `cmpxchg(&lock->lock_p, ali, NULL)'. The submitter of ali   *)
(* may then return, re-initialise its node and queue it again; its xchg    *)
(* leaves the tail naming the same node, so the holder's cmpxchg succeeds  *)
(* on a tail that is a new request (an ABA on lock_p) and empties the      *)
(* queue over it. Nobody runs that request and its submitter waits         *)
(* forever. The bug needs a node that is reused: a submitter's second      *)
(* request. If the cmpxchg fails, the walk goes on as posted and the node  *)
(* is completed a second time.                                             *)
(*                                                                         *)
(*   alispinlock(lock, ali):                                               *)
(*   end:                                                                  *)
(*     ali->fn(ali->para);                     AliFn                       *)
(*     ali->locked = 0;                        MutantCompleteFirst         *)
(*     if (cmpxchg(&lock->lock_p, ali, NULL) != ali) {  MutantCmpxchg      *)
(*       ... as posted ...                                                 *)
(*     }                                                                   *)
(*                                                                         *)
(* pc "cmpxchg_late" is the cmpxchg after the early completion.            *)
(* Expected: DeadlockFreedom violated (and StarvationFreedom).             *)
(***************************************************************************)
EXTENDS Combining

\* ali->locked = 0;   (mutant: before the cmpxchg)
MutantCompleteFirst(t) ==
    /\ pc[t] = "cmpxchg"
    /\ locked' = [locked EXCEPT ![cur[t]] = 0]
    /\ pc' = [pc EXCEPT ![t] = "cmpxchg_late"]
    /\ UNCHANGED << tail, next, res, old, cur, nxt, count, runs, got, batch >>

\* cmpxchg(&lock->lock_p, ali, NULL); on success nothing is left to complete.
MutantCmpxchg(t) ==
    /\ pc[t] = "cmpxchg_late"
    /\ IF tail = cur[t]
       THEN /\ tail' = Nil
            /\ pc' = [pc EXCEPT ![t] = "ret"]
            /\ UNCHANGED old
       ELSE /\ old' = [old EXCEPT ![t] = tail]
            /\ pc' = [pc EXCEPT ![t] = "end_wait_next"]
            /\ UNCHANGED tail
    /\ UNCHANGED << next, locked, res, cur, nxt, count, runs, got, batch >>

MutantReplaced == {"AliCmpxchg"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

MutantLockStep(t) == LockStep(t) \/ MutantCompleteFirst(t) \/ MutantCmpxchg(t)

MutantSpec ==
    /\ Init
    /\ [][\E t \in Threads : AliInit(t) \/ MutantLockStep(t)]_vars
    /\ \A t \in Threads : WF_vars(MutantLockStep(t))
=============================================================================
