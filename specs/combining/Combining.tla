----------------------------- MODULE Combining -----------------------------
(***************************************************************************)
(* The combining lock "alispinlock" posted to LKML as "[RFC PATCH]        *)
(* alispinlock: acceleration from lock integration on multi-core          *)
(* platform" (Ling Ma, 2015/2016). A thread does not take the lock to run *)
(* its critical section itself: it enqueues a request (a function and its *)
(* argument, struct ali_spinlock_info: fn, para, next, locked) on an      *)
(* MCS-style queue, and the thread that finds the queue empty, the holder *)
(* (or combiner), runs its own request and then every queued request on   *)
(* behalf of its submitter, releasing each submitter by clearing its      *)
(* node's flag.                                                            *)
(*                                                                         *)
(* Where each step comes from. The lock-taking half and the walk are the  *)
(* code quoted in Peter Zijlstra's reply in the thread: init the node,    *)
(* xchg the tail, link behind the old tail and spin on our own flag, or,  *)
(* when the tail was NULL, snapshot the tail (old = READ_ONCE(lock_p))    *)
(* and walk: wait for ali->next, call ali->fn(ali->para), clear           *)
(* ali->locked, advance, until the node of the snapshot. The code below   *)
(* the `end:' label is not in the thread; it is reconstructed here the    *)
(* way an MCS release does it, which is what the posted walk needs: run   *)
(* the last request of the snapshot, then cmpxchg the tail from that node *)
(* to NULL; if the tail moved (a request arrived meanwhile), take the     *)
(* new tail as the next snapshot, wait for the link and go on walking.    *)
(* The posted walk is unrolled twice (ali, then next); one request per    *)
(* iteration here does the same three steps in the same order. The       *)
(* LOCK_FREE mode (a submitter that does not wait) is not modelled: every *)
(* submitter waits for its request.                                        *)
(*                                                                         *)
(* Variants (constant Batch):                                              *)
(*   Batch = 0  as posted: the holder runs requests for as long as the    *)
(*              tail keeps moving, with no bound (Peter Zijlstra: "there  *)
(*              really isn't a bound on the amount of work you inject").  *)
(*   Batch = B  combining-batch: after B requests in one tenure the       *)
(*              holder stops and hands the combiner role to the next      *)
(*              queued node (locked = 2 instead of 0: "your request has   *)
(*              not run, you are the holder now"), MCS-style.             *)
(*                                                                         *)
(* One action per shared-memory access, named after the code:             *)
(*                                                                         *)
(*   alispinlock(lock, ali):                                               *)
(*     ali->next = NULL; ali->locked = 1;      AliInit (own node, private)*)
(*     old = xchg(&lock->lock_p, ali);         AliXchg  (the doorway)     *)
(*     if (old) {                                                          *)
(*       WRITE_ONCE(old->next, ali);           AliLink                    *)
(*       while (READ_ONCE(ali->locked)) ;      AliWait (2: become holder) *)
(*       return;                               AliReturn (reads result)   *)
(*     }                                                                   *)
(*     old = READ_ONCE(lock->lock_p);          AliReadTail (the snapshot) *)
(*   repeat: (one request per iteration)                                   *)
(*     if (old == ali) goto end;                 (local)                  *)
(*     while (!(next = READ_ONCE(ali->next))) ; AliWaitNext               *)
(*     ali->fn(ali->para);                     AliFn (the request runs)   *)
(*     ali->locked = 0; ali = next;            AliComplete                *)
(*     [batch: after B requests, next->locked = 2; return   AliHandoff]  *)
(*   end: (reconstructed)                                                  *)
(*     ali->fn(ali->para);                     AliFn                      *)
(*     if (cmpxchg(&lock->lock_p, ali, NULL) != ali) {   AliCmpxchg        *)
(*       old = <the tail cmpxchg returned>;                                *)
(*       while (!(next = READ_ONCE(ali->next))) ;  AliWaitNext            *)
(*       ali->locked = 0; ali = next; goto repeat; AliComplete            *)
(*     }                                                                   *)
(*     ali->locked = 0;                        AliLastComplete            *)
(*                                                                         *)
(* The request's function runs over two steps (the thread is "in_fn"      *)
(* between them), so that two executions could overlap if the algorithm  *)
(* let them: MutualExclusion is over executions of requests.               *)
(*                                                                         *)
(* Node t belongs to thread t and is reused for each of its requests. The *)
(* model is sequentially consistent; the orderings are the Java port's    *)
(* (java-models CombiningLock) and jcstress's business.                    *)
(***************************************************************************)
EXTENDS Naturals, FiniteSets

CONSTANTS
    N,      \* number of threads (each submits requests forever)
    Batch,  \* 0: unbounded, as posted; B > 0: at most B requests per tenure
    Bound,  \* the B of BoundedCombining checked by a model (see batch)
    Replaced \* names of actions a mutant replaces ({} natively)
ActionNames == { "AliInit", "AliXchg", "AliLink", "AliWait", "AliReturn", "AliReadTail",
                 "AliWaitNext", "AliFn", "AliComplete", "AliCmpxchg", "AliLastComplete",
                 "AliHandoff" }
ASSUME NAssumption     == N \in Nat /\ N >= 1
ASSUME ReplacedAssumption == Replaced \subseteq ActionNames
ASSUME BatchAssumption == Batch \in Nat
ASSUME BoundAssumption == Bound \in Nat

Threads == 1 .. N
Nodes   == Threads          \* node t is thread t's ali_spinlock_info
Nil     == 0                \* NULL

VARIABLES
    tail,       \* lock->lock_p
    next,       \* ali->next of every node
    locked,     \* ali->locked of every node: 1 waiting, 0 done, 2 (batch) be the holder
    res,        \* the result slot of every node's request (TRUE once its fn ran)
    pc,         \* program counter of every thread
    old,        \* a thread's `old': the xchg's result, then the holder's snapshot of the tail
    cur,        \* a holder's `ali': the node whose request it handles
    nxt,        \* a holder's `next'
    count,      \* requests run in this tenure (Batch > 0 only; 0 otherwise)
    runs,       \* auxiliary: how often thread t's current request has run (saturates at 2)
    got,        \* auxiliary: the result thread t read when it returned
    batch       \* auxiliary: requests run by holder t in its tenure (saturates at Bound + 1)

vars == << tail, next, locked, res, pc, old, cur, nxt, count, runs, got, batch >>

IdlePCs   == { "ncs", "done" }       \* "done": returned from alispinlock at least once
PCs       == IdlePCs \cup { "xchg", "link", "wait", "ret",
                            "read_tail", "wait_next", "in_fn", "complete",
                            "cmpxchg", "end_wait_next", "last_complete", "handoff" }

Returned  == { t \in Threads : pc[t] = "done" }
Submitted == { t \in Threads : pc[t] \notin IdlePCs }
Pending   == { t \in Submitted : runs[t] = 0 }     \* requests not yet run
Served    == { t \in Submitted : runs[t] >= 1 }    \* requests that have run
Runners   == { t \in Threads : pc[t] = "in_fn" }   \* threads executing a request

\* The catalogue. Mutual exclusion and deadlock freedom are over executions of
\* requests (the "critical section" is a request's function, whoever runs it);
\* starvation freedom is per request: every pending request eventually runs.
P == INSTANCE Properties WITH trying <- Pending, holders <- Runners
R == INSTANCE Properties WITH trying <- Pending, holders <- Served


TypeOK ==
    /\ tail \in Nodes \cup {Nil}
    /\ next \in [Nodes -> Nodes \cup {Nil}]
    /\ locked \in [Nodes -> {0, 1, 2}]
    /\ res \in [Nodes -> BOOLEAN]
    /\ pc \in [Threads -> PCs]
    /\ old \in [Threads -> Nodes \cup {Nil}]
    /\ cur \in [Threads -> Nodes \cup {Nil}]
    /\ nxt \in [Threads -> Nodes \cup {Nil}]
    /\ count \in [Threads -> 0 .. Batch]
    /\ runs \in [Threads -> 0 .. 2]
    /\ got \in [Threads -> BOOLEAN]
    /\ batch \in [Threads -> 0 .. (Bound + 1)]

Init ==
    /\ tail = Nil
    /\ next = [n \in Nodes |-> Nil]
    /\ locked = [n \in Nodes |-> 0]
    /\ res = [n \in Nodes |-> FALSE]
    /\ pc = [t \in Threads |-> "ncs"]
    /\ old = [t \in Threads |-> Nil]
    /\ cur = [t \in Threads |-> Nil]
    /\ nxt = [t \in Threads |-> Nil]
    /\ count = [t \in Threads |-> 0]
    /\ runs = [t \in Threads |-> 0]
    /\ got = [t \in Threads |-> FALSE]
    /\ batch = [t \in Threads |-> 0]

\* t becomes the holder, starting with its own request.
BecomeHolder(t) ==
    /\ cur' = [cur EXCEPT ![t] = t]
    /\ count' = [count EXCEPT ![t] = 0]
    /\ batch' = [batch EXCEPT ![t] = 0]

(***************************************************************************)
(* The submitter                                                           *)
(***************************************************************************)
\* ali->next = NULL; ali->locked = 1; and the request (fn, para, a cleared
\* result) filled in. The node is private until the xchg publishes it.
\* Not fair: a thread may never submit again.
AliInit(t) ==
    /\ "AliInit" \notin Replaced
    /\ pc[t] \in IdlePCs
    /\ next' = [next EXCEPT ![t] = Nil]
    /\ locked' = [locked EXCEPT ![t] = 1]
    /\ res' = [res EXCEPT ![t] = FALSE]
    /\ runs' = [runs EXCEPT ![t] = 0]
    /\ got' = [got EXCEPT ![t] = FALSE]
    /\ pc' = [pc EXCEPT ![t] = "xchg"]
    /\ UNCHANGED << tail, old, cur, nxt, count, batch >>

\* old = xchg(&lock->lock_p, ali); NULL: we are the holder.
AliXchg(t) ==
    /\ "AliXchg" \notin Replaced
    /\ pc[t] = "xchg"
    /\ tail' = t
    /\ IF tail = Nil
       THEN /\ pc' = [pc EXCEPT ![t] = "read_tail"]
            /\ BecomeHolder(t)
            /\ UNCHANGED old
       ELSE /\ pc' = [pc EXCEPT ![t] = "link"]
            /\ old' = [old EXCEPT ![t] = tail]
            /\ UNCHANGED << cur, count, batch >>
    /\ UNCHANGED << next, locked, res, nxt, runs, got >>

\* WRITE_ONCE(old->next, ali);
AliLink(t) ==
    /\ "AliLink" \notin Replaced
    /\ pc[t] = "link"
    /\ next' = [next EXCEPT ![old[t]] = t]
    /\ pc' = [pc EXCEPT ![t] = "wait"]
    /\ old' = [old EXCEPT ![t] = Nil]     \* dead from here on
    /\ UNCHANGED << tail, locked, res, cur, nxt, count, runs, got, batch >>

\* while (READ_ONCE(ali->locked)) cpu_relax();  An await: 0 means our request
\* ran; 2 (combining-batch only) means we are the holder now.
AliWait(t) ==
    /\ "AliWait" \notin Replaced
    /\ pc[t] = "wait"
    /\ locked[t] # 1
    /\ IF locked[t] = 0
       THEN /\ pc' = [pc EXCEPT ![t] = "ret"]
            /\ UNCHANGED << cur, count, batch >>
       ELSE /\ pc' = [pc EXCEPT ![t] = "read_tail"]
            /\ BecomeHolder(t)
    /\ UNCHANGED << tail, next, locked, res, old, nxt, runs, got >>

\* return: the submitter (or the holder, for its own request) reads its result.
\* The holder's locals are dead after it (reset, so that idle threads that
\* differ only in stale locals are one state).
AliReturn(t) ==
    /\ "AliReturn" \notin Replaced
    /\ pc[t] = "ret"
    /\ got' = [got EXCEPT ![t] = res[t]]
    /\ pc' = [pc EXCEPT ![t] = "done"]
    /\ old' = [old EXCEPT ![t] = Nil]
    /\ cur' = [cur EXCEPT ![t] = Nil]
    /\ count' = [count EXCEPT ![t] = 0]
    /\ batch' = [batch EXCEPT ![t] = 0]
    /\ UNCHANGED << tail, next, locked, res, nxt, runs >>

(***************************************************************************)
(* The holder                                                              *)
(***************************************************************************)
\* old = READ_ONCE(lock->lock_p); if (old == ali) goto end;
AliReadTail(t) ==
    /\ "AliReadTail" \notin Replaced
    /\ pc[t] = "read_tail"
    /\ old' = [old EXCEPT ![t] = tail]
    /\ pc' = [pc EXCEPT ![t] = IF tail = cur[t] THEN "in_fn" ELSE "wait_next"]
    /\ UNCHANGED << tail, next, locked, res, cur, nxt, count, runs, got, batch >>

\* while (!(next = READ_ONCE(ali->next))) cpu_relax();
\* In the walk, the call follows; after a failed cmpxchg, the completion.
AliWaitNext(t) ==
    /\ "AliWaitNext" \notin Replaced
    /\ pc[t] \in { "wait_next", "end_wait_next" }
    /\ next[cur[t]] # Nil
    /\ nxt' = [nxt EXCEPT ![t] = next[cur[t]]]
    /\ pc' = [pc EXCEPT ![t] = IF pc[t] = "wait_next" THEN "in_fn" ELSE "complete"]
    /\ UNCHANGED << tail, next, locked, res, old, cur, count, runs, got, batch >>

\* ali->fn(ali->para) returns: the request's effect, its result in its node.
\* Then the walk completes it, or, at the snapshot's last node, the cmpxchg.
AliFn(t) ==
    /\ "AliFn" \notin Replaced
    /\ pc[t] = "in_fn"
    /\ res' = [res EXCEPT ![cur[t]] = TRUE]
    /\ runs' = [runs EXCEPT ![cur[t]] = IF @ >= 2 THEN 2 ELSE @ + 1]
    /\ batch' = [batch EXCEPT ![t] = IF @ > Bound THEN @ ELSE @ + 1]
    /\ count' = IF Batch > 0 THEN [count EXCEPT ![t] = @ + 1] ELSE count
    /\ pc' = [pc EXCEPT ![t] = IF cur[t] = old[t] THEN "cmpxchg" ELSE "complete"]
    /\ UNCHANGED << tail, next, locked, old, cur, nxt, got >>

\* ali->locked = 0; ali = next;  The submitter of ali may return and reuse its
\* node from here on. combining-batch: after Batch requests, the next node is
\* made the holder instead of being run.
AliComplete(t) ==
    /\ "AliComplete" \notin Replaced
    /\ pc[t] = "complete"
    /\ locked' = [locked EXCEPT ![cur[t]] = 0]
    /\ cur' = [cur EXCEPT ![t] = nxt[t]]
    /\ nxt' = [nxt EXCEPT ![t] = Nil]     \* dead: it is ali now
    /\ pc' = [pc EXCEPT ![t] =
                IF Batch > 0 /\ count[t] >= Batch THEN "handoff"
                ELSE IF nxt[t] = old[t] THEN "in_fn" ELSE "wait_next"]
    /\ UNCHANGED << tail, next, res, old, count, runs, got, batch >>

\* cmpxchg(&lock->lock_p, ali, NULL): the last request of the snapshot has run;
\* if the tail moved, the tail returned is the next snapshot.
AliCmpxchg(t) ==
    /\ "AliCmpxchg" \notin Replaced
    /\ pc[t] = "cmpxchg"
    /\ IF tail = cur[t]
       THEN /\ tail' = Nil
            /\ pc' = [pc EXCEPT ![t] = "last_complete"]
            /\ UNCHANGED old
       ELSE /\ old' = [old EXCEPT ![t] = tail]
            /\ pc' = [pc EXCEPT ![t] = "end_wait_next"]
            /\ UNCHANGED tail
    /\ UNCHANGED << next, locked, res, cur, nxt, count, runs, got, batch >>

\* ali->locked = 0; for the last node, after the tail is NULL again.
AliLastComplete(t) ==
    /\ "AliLastComplete" \notin Replaced
    /\ pc[t] = "last_complete"
    /\ locked' = [locked EXCEPT ![cur[t]] = 0]
    /\ pc' = [pc EXCEPT ![t] = "ret"]
    /\ UNCHANGED << tail, next, res, old, cur, nxt, count, runs, got, batch >>

\* combining-batch: next->locked = 2; the holder's tenure ends.
AliHandoff(t) ==
    /\ "AliHandoff" \notin Replaced
    /\ pc[t] = "handoff"
    /\ locked' = [locked EXCEPT ![cur[t]] = 2]
    /\ pc' = [pc EXCEPT ![t] = "ret"]
    /\ UNCHANGED << tail, next, res, old, cur, nxt, count, runs, got, batch >>

(***************************************************************************)
(* The specification. A mutant (mutants/Combining_...) sets Replaced to    *)
(* the names of the actions it replaces, which disables them here, and    *)
(* adds its own New(t): its MutantLockStep(t) is LockStep(t) \/ New(t).   *)
(***************************************************************************)
LockStep(t) ==
    \/ AliXchg(t) \/ AliLink(t) \/ AliWait(t) \/ AliReturn(t)
    \/ AliReadTail(t) \/ AliWaitNext(t) \/ AliFn(t) \/ AliComplete(t)
    \/ AliCmpxchg(t) \/ AliLastComplete(t) \/ AliHandoff(t)

\* Every step of thread t (trace validation follows one thread's step per event).
ThreadNext(t) == AliInit(t) \/ LockStep(t)

Next == \E t \in Threads : ThreadNext(t)

\* Weak fairness of each thread's steps after it submitted; a thread may
\* stay idle forever.
Fairness == \A t \in Threads : WF_vars(LockStep(t))

Spec == Init /\ [][Next]_vars /\ Fairness

(***************************************************************************)
(* The properties, under their catalogue names (see Properties).          *)
(***************************************************************************)
MutualExclusion   == P!MutualExclusion
RunsExactlyOnce   == P!RunsExactlyOnce(Returned, runs)
ResultVisible     == P!ResultVisible(Returned, got, [t \in Threads |-> TRUE])
BoundedCombining  == P!BoundedCombining(batch, Bound)
DeadlockFreedom   == P!DeadlockFreedom
StarvationFreedom == R!StarvationFreedom

\* Witness (a manifest "witness" entry, expected to fail on the passing model
\* it twins): combining-batch's cut. A holder ran Batch requests in one
\* tenure and handed the holder role to the next queued node
\* (next->locked = 2, AliHandoff) instead of running its request.
NeverBatchCut == \A n \in Nodes : locked[n] # 2
=============================================================================
