------------------------------ MODULE CNATrace ------------------------------
(***************************************************************************)
(* How a trace recorded by the CNA port (java-models CnaLock and its      *)
(* variants, with a TraceRecorder) reads against CNA. The native steps    *)
(* read as in QSpinlockTrace (instantiated below: the lock word found and *)
(* left at every step, the pc of each action); the claim and the hand-off *)
(* are CNA's, recorded as TryClearTail and PassLock.                       *)
(*                                                                         *)
(*  - NUMA nodes: the Queue event carries the node the port recorded for  *)
(*    the CPU (numa), which must be the spec's Socket(cpu).               *)
(*  - The hand-off: the spec chooses between PassLockFindSuccessor and    *)
(*    PassLockNoSearch ("prob": both are enabled, the coin is the         *)
(*    adversary's). The event's search field is the port's choice (its    *)
(*    random coin, or its threshold test); the map requires the spec's    *)
(*    policy to allow that choice (MaySearch or MaySkip) and the spec's    *)
(*    step to hand the lock to the node the port handed it to (to), with  *)
(*    the same value (val: 1, or the secondary queue's first node), the   *)
(*    same secondary tail (sectail), and for "threshold" the same count   *)
(*    (intra), and the same next links: the node the splice linked to     *)
(*    next (splice), the secondary queue's old last node linked to the     *)
(*    moved run (append), the run's last node cut from the main queue      *)
(*    (cut). Where the two spec actions would reach the same state the     *)
(*    choice is not observable and needs no pinning; where they differ,   *)
(*    these fields tell them apart (the receiver differs).                *)
(*  - XchgTail is the spec's XchgTailCna; the port stores the head's      *)
(*    locked = 1 later, where only its owner reads it (see CnaLock).      *)
(*                                                                         *)
(* Dead values: the spec clears a released node's fields (Release,        *)
(* PassLock's nlocked'[me] = 0); the port leaves them until the node is   *)
(* initialised again, so the map never compares them.                     *)
(***************************************************************************)
EXTENDS CNA

QT == INSTANCE QSpinlockTrace

X(e) == QT!X(e)
Has(e, f) == f \in DOMAIN e

\* The pc at which each recorded action is taken.
ActionPC == [ Start           |-> "ncs",
              FastPath        |-> "fast",
              PendingWait     |-> "pend_wait",
              FetchSetPending |-> "fetch_pend",
              ClearPending    |-> "clear_pend",
              PendingSpin     |-> "pend_spin",
              Queue           |-> "queue",
              XchgTail        |-> "xchg_tail",
              LinkPrev        |-> "link_prev",
              SpinLocked      |-> "spin_locked",
              HeadWait        |-> "head_wait",
              TryClearTail    |-> "head_cmpxchg",
              SetLocked       |-> "set_locked",
              PassLock        |-> "mcs_handoff",
              Unlock          |-> "cs" ]

\* A hand-off the step made: node `to' now holds `val' in its locked.
Handed(e) == e.to \in Nodes /\ nlocked'[e.to] = e.val

CnaObserved(e) ==
    LET x == X(e) IN
    CASE e.a = "Queue"        -> /\ QT!QObserved(e)
                                 /\ e.numa = Socket(e.t)
      [] e.a = "TryClearTail" -> /\ (pc'[x] = "cs") = e.ok
                                 /\ Has(e, "to") => Handed(e)
      [] e.a = "PassLock"     -> /\ IF e.search THEN MaySearch(x) ELSE MaySkip(x)
                                 /\ Handed(e)
                                 /\ e.val \in Nodes => STail'[e.val] = e.sectail
                                 /\ Variant = "threshold" => SIntra'[e.to] = e.intra
                                 /\ Has(e, "splice") => nnext'[e.splice] = nnext[node[x]]
                                 /\ Has(e, "append") => nnext'[e.append] = nnext[node[x]]
                                 /\ Has(e, "cut") => nnext'[e.cut] = Nil
      [] OTHER                -> QT!QObserved(e)

\* Event e is the step just taken (a predicate on the step, conjoined with it).
Before(e) == e.a \in DOMAIN ActionPC /\ pc[X(e)] = ActionPC[e.a]
Observed(e) == QT!WordFound(e) /\ QT!WordLeft(e) /\ CnaObserved(e)
=============================================================================
