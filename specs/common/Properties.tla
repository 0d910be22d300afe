----------------------------- MODULE Properties -----------------------------
(***************************************************************************)
(* The property catalogue at the TLA+ level.                               *)
(*                                                                         *)
(* Every property the suite checks is defined here once, as an operator   *)
(* over the few facts a lock spec supplies (who holds the lock, who is    *)
(* trying, how the queue is linked). A family's spec instantiates this    *)
(* module and defines each property under its catalogue name, so a TLC    *)
(* verdict ("Invariant MutualExclusion is violated") names the same       *)
(* property as the Java level (org.handoff.core.Property) and the         *)
(* catalogue table in docs/properties.md.                                  *)
(***************************************************************************)
EXTENDS Naturals, Sequences, FiniteSets

(***************************************************************************)
(* A spec instantiates this module with its threads and two state         *)
(* expressions, e.g.                                                       *)
(*   P == INSTANCE Properties WITH Threads <- Threads,                     *)
(*                                 trying  <- TryingSet,                   *)
(*                                 holders <- Holders                      *)
(* The liveness properties are stated over these parameters (TLC 2.18     *)
(* cannot check a temporal formula reached through an operator with       *)
(* arguments, but it can through instance substitution).                   *)
(***************************************************************************)
CONSTANT Threads
VARIABLES trying,   \* the set of threads trying to acquire the lock
          holders   \* the set of threads in the critical section

Range(s) == { s[i] : i \in DOMAIN s }

(***************************************************************************)
(* MutualExclusion (invariant): at most one thread is in the critical     *)
(* section.                                                                *)
(***************************************************************************)
MutualExclusion == Cardinality(holders) <= 1

(***************************************************************************)
(* QueueWellFormed (invariant): the queue reconstructed from the pointers *)
(* is a list of exactly the queued threads. Succ(n) is n's successor as   *)
(* the pointers say (including a link its successor is about to store),   *)
(* Nil ends the list. Starting from some member, following Succ visits    *)
(* every member exactly once and stops at Last (the tail). An empty queue has a Nil  *)
(* tail. Fuel bounds the walk, so a cycle is a violation, not a hang.     *)
(***************************************************************************)
RECURSIVE Chain(_, _, _, _)
Chain(n, Succ(_), Nil, fuel) ==
    IF n = Nil \/ fuel = 0 THEN << >>
    ELSE << n >> \o Chain(Succ(n), Succ, Nil, fuel - 1)

QueueWellFormed(Members, Last, Succ(_), Nil) ==
    IF Members = {} THEN Last = Nil
    ELSE \E h \in Members :
            LET q == Chain(h, Succ, Nil, Cardinality(Members) + 1)
            IN  /\ Len(q) = Cardinality(Members)
                /\ Range(q) = Members
                /\ q[Len(q)] = Last

(***************************************************************************)
(* HandoffVisibility (invariant), for the weak-memory specs: a holder     *)
(* that has read the critical section's shared data read what the last    *)
(* holder left there. Readers are the holders past their reads, seen(t)   *)
(* what t read, and last the value the completed critical sections leave. *)
(***************************************************************************)
HandoffVisibility(Readers, seen(_), last) == \A t \in Readers : seen(t) = last

(***************************************************************************)
(* NoLostWaiter (invariant), for locks with a second queue (CNA): every   *)
(* queued thread is in exactly one of the main queue and the secondary    *)
(* queue, and both are well-formed lists: the secondary one from SecHead  *)
(* to SecLast (both Nil when it is empty), the main one ending at the     *)
(* tail MainLast. The secondary queue is what Succ reaches from SecHead;  *)
(* a waiter in neither list breaks the main queue's check, a waiter in    *)
(* both breaks it too (the main walk would leave Members).                 *)
(***************************************************************************)
NoLostWaiter(Members, MainLast, SecHead, SecLast, Succ(_), Nil) ==
    LET sq  == Chain(SecHead, Succ, Nil, Cardinality(Members) + 1)
        Sec == Range(sq)
    IN  /\ Sec \subseteq Members
        /\ Len(sq) = Cardinality(Sec)
        /\ IF SecHead = Nil THEN SecLast = Nil ELSE sq[Len(sq)] = SecLast
        /\ QueueWellFormed(Members \ Sec, MainLast, Succ, Nil)

(***************************************************************************)
(* NodeExclusive (invariant): no queue node is in use by two users at    *)
(* once. NodeOf(u) is u's node, Nil when it holds none.                   *)
(***************************************************************************)
NodeExclusive(Users, NodeOf(_), Nil) ==
    \A x, y \in Users : x # y /\ NodeOf(x) # Nil => NodeOf(x) # NodeOf(y)

(***************************************************************************)
(* BoundedBypass (invariant): once a thread has passed the doorway, at    *)
(* most K threads that passed the doorway after it enter the critical     *)
(* section before it does. K = 0 is FIFO.                                  *)
(*                                                                         *)
(* Two auxiliary variables carry the bookkeeping; they never influence   *)
(* the algorithm:                                                          *)
(*   ahead[u]  the threads that were already waiting when u passed the    *)
(*             doorway and have not entered the critical section since;   *)
(*   bypass[t] how often t has been overtaken in its current wait.        *)
(* A spec updates them with the three operators below at the doorway and *)
(* at each entry to the critical section.                                  *)
(***************************************************************************)
AheadAtDoorway(ahead, u, Waiting) == [ahead EXCEPT ![u] = Waiting \ {u}]

\* u enters the critical section: every thread still ahead of u is overtaken once more;
\* u's own count restarts.
BypassAtEntry(bypass, ahead, u) ==
    [t \in DOMAIN bypass |-> IF t = u THEN 0
                             ELSE IF t \in ahead[u] THEN bypass[t] + 1
                             ELSE bypass[t]]

\* u enters the critical section: it is no longer ahead of anyone.
AheadAtEntry(ahead, u) ==
    [v \in DOMAIN ahead |-> IF v = u THEN {} ELSE ahead[v] \ {u}]

BoundedBypass(bypass, K) == \A t \in DOMAIN bypass : bypass[t] <= K

(***************************************************************************)
(* HashConsistent (invariant), for locks that park a waiter's node in a   *)
(* hash table (pvqspinlock's pv_lock_hash): the lock has at most one      *)
(* entry, and while its word says so (Slow: _Q_SLOW_VAL) it has one, so  *)
(* that the unlocker finds the node to kick. Entries(k) is the number of *)
(* entries (lock, k) for the keys k in Keys. "At most one entry" is      *)
(* written as at most one per key and none beside a key that has one: the *)
(* same as a sum over the keys, in one pass over them in the common state *)
(* of no entry (TLC evaluates it at every state).                          *)
(***************************************************************************)
HashConsistent(Entries(_), Keys, Slow) ==
    /\ \A k \in Keys : Entries(k) <= 1
    /\ \A k \in Keys : Entries(k) > 0 => \A j \in Keys \ {k} : Entries(j) = 0
    /\ Slow => \E k \in Keys : Entries(k) = 1

(***************************************************************************)
(* Combining locks (a holder runs the requests of others; spec           *)
(* Combining.tla). A request is a function and its argument submitted    *)
(* by one thread; the "critical section" is the request's execution,     *)
(* whichever thread runs it.                                               *)
(*                                                                         *)
(* RunsExactlyOnce (invariant): no request runs twice, and a submitter    *)
(* that has returned had its request run exactly once. runs[t] counts    *)
(* the runs of t's current request; Returned is the set of threads that  *)
(* have returned from their last submission.                               *)
(***************************************************************************)
RunsExactlyOnce(Returned, runs) ==
    /\ \A t \in DOMAIN runs : runs[t] <= 1
    /\ \A t \in Returned : runs[t] = 1

(***************************************************************************)
(* ResultVisible (invariant): a submitter that has returned read the     *)
(* result its request produced: got[t] is what t read from its request   *)
(* after the completion flag, result[t] what the run wrote.               *)
(***************************************************************************)
ResultVisible(Returned, got, result) == \A t \in Returned : got[t] = result[t]

(***************************************************************************)
(* BoundedCombining (invariant): one holder runs at most B requests in   *)
(* one tenure (from taking the combiner role to giving it up). batch[t]   *)
(* counts the requests t has run in its current tenure.                   *)
(***************************************************************************)
BoundedCombining(batch, B) == \A t \in DOMAIN batch : batch[t] <= B

(***************************************************************************)
(* Liveness. Both hold only under a fairness assumption, which each spec  *)
(* states next to its Spec (for the locks here: weak fairness of every    *)
(* thread's lock and unlock steps; a thread may stay in its non-critical  *)
(* section forever).                                                       *)
(*                                                                         *)
(* DeadlockFreedom: if some thread is trying, some thread eventually      *)
(* enters the critical section. (TLC's own deadlock check, a reachable    *)
(* state with no enabled step, is reported under the same name.)          *)
(* StarvationFreedom: every trying thread eventually enters.              *)
(* Both are checked with TLC -workers 1 and without SYMMETRY.             *)
(***************************************************************************)
DeadlockFreedom   == (trying # {}) ~> (holders # {})

StarvationFreedom == [](\A t \in Threads : t \in trying => <>(t \in holders))

(***************************************************************************)
(* StarvationFreedom is written with the quantifier inside the box. It is  *)
(* the same property as \A t \in Threads : (t \in trying) ~> (t \in        *)
(* holders), since [] commutes with a quantifier over a constant set, and  *)
(* TLC decides both alike; but TLC 2.18 splits that form into one branch   *)
(* per thread, and each branch evaluates every fairness condition at every *)
(* state of the search again, while this form is one branch whose tableau  *)
(* follows the threads' promises together. On the 3-CPU and 2-vCPU         *)
(* liveness models that cuts the time of the liveness check by a third to  *)
(* two thirds (docs/tlc-stats.md). Verdicts and state counts are the same  *)
(* under both forms (the manifest).                                        *)
(***************************************************************************)

(***************************************************************************)
(* StarvationFreedom implies DeadlockFreedom when the trying threads are  *)
(* among Threads (TryingSet and TryingOf are, by their definitions): once *)
(* trying is non-empty, one of its threads is eventually a holder. TLC    *)
(* checks each temporal property in a branch of its own, each one more    *)
(* evaluation of the fairness conditions at every step of the search, so *)
(* a model expected to pass lists StarvationFreedom alone and its verdict *)
(* covers both. A model expected to fail lists both, so that its recorded *)
(* violations say which of the two fails.                                  *)
(***************************************************************************)
THEOREM StarvationImpliesDeadlockFreedom ==
    [](trying \subseteq Threads) /\ StarvationFreedom => DeadlockFreedom

(***************************************************************************)
(* NoLostWakeup (temporal), for locks whose waiters sleep (pvqspinlock): a *)
(* thread that is due to run (handed the lock, or queue head with the     *)
(* lock free) while asleep (halted or descheduled) eventually runs. A     *)
(* spec instantiates the catalogue a second time for it, with             *)
(* trying <- the threads due and asleep, holders <- the threads awake     *)
(* (PV.tla's W): StarvationFreedom of those sets. Under fairness of the   *)
(* scheduler and no fairness for spurious wakeups it fails exactly when a *)
(* due waiter can stay halted forever: a lost kick.                      *)
(***************************************************************************)
NoLostWakeup == StarvationFreedom
=============================================================================
