----------------------- MODULE Combining_EarlyComplete -----------------------
(***************************************************************************)
(* Mutant of Combining: the completion store moved before the call,      *)
(* `ali->locked = 0; ali->fn(ali->para);': the holder releases a          *)
(* submitter as soon as it has read the link to the next node, before    *)
(* that submitter's request has run. The submitter returns without its   *)
(* result (and may reuse its node while the holder still runs it).        *)
(* Expected: RunsExactlyOnce violated; checked alone, ResultVisible.      *)
(***************************************************************************)
EXTENDS Combining

\* while (!(next = READ_ONCE(ali->next))) ; ali->locked = 0;   (mutant)
\* After a failed cmpxchg the request has already run: unchanged there.
MutantWaitNext(t) ==
    /\ pc[t] \in { "wait_next", "end_wait_next" }
    /\ next[cur[t]] # Nil
    /\ nxt' = [nxt EXCEPT ![t] = next[cur[t]]]
    /\ locked' = IF pc[t] = "wait_next" THEN [locked EXCEPT ![cur[t]] = 0] ELSE locked
    /\ pc' = [pc EXCEPT ![t] = IF pc[t] = "wait_next" THEN "in_fn" ELSE "complete"]
    /\ UNCHANGED << tail, next, res, old, cur, count, runs, got, batch >>

MutantReplaced == {"AliWaitNext"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

MutantLockStep(t) == LockStep(t) \/ MutantWaitNext(t)

MutantSpec ==
    /\ Init
    /\ [][\E t \in Threads : AliInit(t) \/ MutantLockStep(t)]_vars
    /\ \A t \in Threads : WF_vars(MutantLockStep(t))
=============================================================================
