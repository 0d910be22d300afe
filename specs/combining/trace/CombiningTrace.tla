--------------------------- MODULE CombiningTrace ---------------------------
(***************************************************************************)
(* How a trace recorded by the Java port (java-models CombiningLock, or   *)
(* its Batched variant, with a TraceRecorder) reads against Combining:    *)
(* each event is one step of thread e.t, named after the spec action,     *)
(* with the values the Java step observed. crosscheck's TraceModule       *)
(* generates a module that EXTENDS this one and the spec under test       *)
(* (Combining or a mutant of it) and lets TLC decide whether the spec can *)
(* take the recorded steps in the recorded order.                         *)
(*                                                                         *)
(* An event is matched by where its thread is (the pcs at which the named *)
(* action is enabled; each pc enables one action) and by what it          *)
(* observed; it does not call the action by name, so a spec mutant that   *)
(* replaces an action at the same pc is held to the same events.          *)
(*                                                                         *)
(* The result a submitter reads (AliReturn) is the crosscheck workload's: *)
(* a request counts its own executions and returns the count. It is held  *)
(* against the spec's runs (how often the request ran, saturating at 2),  *)
(* so a request run twice, or not at all, is caught even when the extra   *)
(* run happened inside another recorded step.                              *)
(***************************************************************************)
EXTENDS Combining

\* The pcs at which each recorded action is taken.
ActionPCs == [ AliInit         |-> IdlePCs,
               AliXchg         |-> {"xchg"},
               AliLink         |-> {"link"},
               AliWait         |-> {"wait"},
               AliReturn       |-> {"ret"},
               AliReadTail     |-> {"read_tail"},
               AliWaitNext     |-> {"wait_next", "end_wait_next"},
               AliFn           |-> {"in_fn"},
               AliComplete     |-> {"complete"},
               AliCmpxchg      |-> {"cmpxchg"},
               AliLastComplete |-> {"last_complete"},
               AliHandoff      |-> {"handoff"} ]

\* A count of executions as the spec keeps it (runs saturates at 2).
SpecRuns(n) == IF n >= 2 THEN 2 ELSE n

\* What the step read and did, when the event says so (unprimed: before it).
Observed(e) ==
    CASE e.a = "AliXchg"         -> tail = e.old /\ tail' = e.t
      [] e.a = "AliWait"         -> locked[e.t] = e.locked
      [] e.a = "AliReturn"       -> got'[e.t] = e.ran /\ runs[e.t] = SpecRuns(e.result)
      [] e.a = "AliReadTail"     -> old'[e.t] = e.old
      [] e.a = "AliWaitNext"     -> nxt'[e.t] = e.next
      [] e.a = "AliFn"           -> cur[e.t] = e.node
      [] e.a = "AliComplete"     -> cur[e.t] = e.node /\ locked'[e.node] = 0
      [] e.a = "AliCmpxchg"      -> tail = e.tail /\ (pc'[e.t] = "last_complete") = e.ok
      [] e.a = "AliLastComplete" -> cur[e.t] = e.node /\ locked'[e.node] = 0
      [] e.a = "AliHandoff"      -> cur[e.t] = e.to /\ locked'[e.to] = 2
      [] OTHER                   -> TRUE

\* Event e is the step just taken (a predicate on the step, conjoined with it).
Before(e) == e.a \in DOMAIN ActionPCs /\ pc[e.t] \in ActionPCs[e.a]
=============================================================================
