--------------------------- MODULE QSpinlockTrace ---------------------------
(***************************************************************************)
(* How a trace recorded by the Java port (java-models QSpinLock with a    *)
(* TraceRecorder) reads against QSpinlock: each event is one step of the  *)
(* CPU e.t, named after the spec action, with what the Java step found    *)
(* and left. The generated trace module EXTENDS this module and the spec  *)
(* under test (QSpinlock or a mutant of it).                              *)
(*                                                                         *)
(* Recorded runs take no interrupts: every event is a step of the task    *)
(* context <<e.t, 0>>, and the models set NestDepth = 0 and IrqCpus = {}. *)
(*                                                                         *)
(* An event is matched by where its context is (the pc at which the       *)
(* named action is taken) and by what it observed, never by calling the   *)
(* action, so a spec mutant that replaces an action at the same pc is     *)
(* held to the same events. The lock word is checked at every step that   *)
(* may touch it: the word the Java step found (fields tail, pending,       *)
(* locked) must be the spec's before the step, and the word it left        *)
(* (ntail, npending, nlocked) the spec's after it. Tails are the spec's    *)
(* node names, EncodeTail(cpu, idx).                                        *)
(*                                                                         *)
(* The CNA and PV maps (CNAStepsTrace, PVStepsTrace) reuse the            *)
(* definitions below.                                                      *)
(***************************************************************************)
EXTENDS QSpinlock

\* The context of event e.
X(e) == << e.t, 0 >>

\* The pc at which each recorded action is taken (native names).
QActionPC == [ Start           |-> "ncs",
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
               HeadCmpxchg     |-> "head_cmpxchg",
               SetLocked       |-> "set_locked",
               McsHandoff      |-> "mcs_handoff",
               Unlock          |-> "cs" ]

Has(e, f) == f \in DOMAIN e

\* The lock word the step found, and the one it left.
WordFound(e) == Has(e, "tail") => L(X(e)) = Word(e.tail, e.pending, e.locked)
WordLeft(e)  == Has(e, "ntail") => lk'[LockOf(X(e))] = Word(e.ntail, e.npending, e.nlocked)

\* The node the slowpath grabs (node = grab_mcs_node(node, idx)): the one it holds once queued or
\* counted, or, when the trylock takes the lock first (the spec then grabs none), the next free one.
\* The port reports it either way, so it is checked either way.
GrabbedNode(x) == IF node'[x] # Nil THEN node'[x] ELSE EncodeTail(x[1], count[x[1]])

\* What the native steps observed beyond the word.
QObserved(e) ==
    LET x == X(e) IN
    CASE e.a = "Queue"       -> /\ (pc'[x] = "cs") = e.ok
                                /\ e.node = GrabbedNode(x)
      [] e.a = "LinkPrev"    -> /\ prev[x] = e.prev
                                /\ e.prev \in Nodes /\ nnext'[e.prev] = node[x]
      [] e.a = "HeadCmpxchg" -> (pc'[x] = "cs") = e.ok
      [] e.a = "McsHandoff"  -> /\ e.to \in Nodes /\ nnext[node[x]] = e.to
                                /\ nlocked'[e.to] = e.val
      [] OTHER               -> TRUE

ActionPC == QActionPC

\* Event e is the step just taken (a predicate on the step, conjoined with it).
Before(e) == e.a \in DOMAIN ActionPC /\ pc[X(e)] = ActionPC[e.a]
Observed(e) == WordFound(e) /\ WordLeft(e) /\ QObserved(e)
=============================================================================
