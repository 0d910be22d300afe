------------------------------ MODULE MCSTrace ------------------------------
(***************************************************************************)
(* How a trace recorded by the Java port (java-models McsLock with a      *)
(* TraceRecorder) reads against MCS: each event is one step of thread e.t,*)
(* named after the spec action, with the values the Java step observed.   *)
(* crosscheck's TraceModule generates a module that EXTENDS this one and  *)
(* the spec under test (MCS or a mutant of it), and lets TLC decide       *)
(* whether the spec can take the recorded steps in the recorded order.   *)
(*                                                                         *)
(* An event is matched by where its thread is (the pc at which the named  *)
(* action is enabled) and by what it observed; it does not call the      *)
(* action by name, so a spec mutant that replaces an action at the same   *)
(* pc is held to the same events.                                         *)
(***************************************************************************)
EXTENDS MCS

\* The pc at which each recorded action is taken.
ActionPC == [ InitLocked     |-> "ncs",
              InitNext       |-> "init_next",
              XchgTail       |-> "xchg_tail",
              LinkPrev       |-> "link_prev",
              SpinLocked     |-> "spin_locked",
              UnlockReadNext |-> "cs",
              UnlockCmpxchg  |-> "unlock_cmpxchg",
              UnlockWaitNext |-> "unlock_wait_next",
              UnlockHandoff  |-> "unlock_handoff" ]

\* Where each action leaves its thread, when the event says so.
Observed(e) ==
    CASE e.a = "XchgTail"       -> prev'[e.t] = e.prev
      [] e.a = "UnlockReadNext" -> succ'[e.t] = e.next
      [] e.a = "UnlockCmpxchg"  -> (pc'[e.t] = "ncs") = e.ok
      [] e.a = "UnlockWaitNext" -> succ'[e.t] = e.next
      [] e.a = "UnlockHandoff"  -> succ[e.t] = e.to /\ locked'[e.to] = 1
      [] e.a = "SpinLocked"     -> pc'[e.t] = "cs"
      [] OTHER                  -> TRUE

\* Event e is the step just taken (a predicate on the step, conjoined with it).
Before(e) == e.a \in DOMAIN ActionPC /\ pc[e.t] = ActionPC[e.a]
=============================================================================
