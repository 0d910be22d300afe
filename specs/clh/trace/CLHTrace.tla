------------------------------ MODULE CLHTrace ------------------------------
(***************************************************************************)
(* How a trace recorded by the Java port (java-models ClhLock with a       *)
(* TraceRecorder) reads against CLH: each event is one step of thread e.t, *)
(* named after the spec action, with the nodes the Java step used.         *)
(* crosscheck's TraceModule generates a module that EXTENDS this one and   *)
(* the spec under test (CLH or a mutant of it) and lets TLC decide whether *)
(* the spec can take the recorded steps in the recorded order.             *)
(*                                                                         *)
(* Nodes. The spec numbers nodes once and for all: node t is the one       *)
(* thread t starts with, node N + 1 the lock's; node[t] says which one     *)
(* thread t owns now, and changes at every release. The port names its     *)
(* Java node objects the same way (ClhLock's class comment), so a node     *)
(* keeps its number as it migrates and an event's node is the spec's node: *)
(* a release that takes the wrong node, or keeps its own, shows as a next  *)
(* node the spec does not reach.                                           *)
(*                                                                         *)
(* An event is matched by where its thread is (the pc at which the named   *)
(* action is enabled) and by what it observed; it does not call the action *)
(* by name, so a spec mutant that replaces an action at the same pc is     *)
(* held to the same events.                                                *)
(*                                                                         *)
(* A spec mutant that splits one action in two (CLH_NonAtomicSwap, the     *)
(* swap done as a load and a store) cannot be held to these events: an     *)
(* event is one step, so such a mutant could not follow even a trace it    *)
(* allows, and its rejections would say nothing. No crosscheck entry uses  *)
(* it; the Java mutant of the same name is recorded as one atomic step and *)
(* passes (its entry says why).                                            *)
(***************************************************************************)
EXTENDS CLH

\* The pc at which each recorded action is taken.
ActionPC == [ ClhInitNode |-> "ncs",
              ClhSwapTail |-> "swap_tail",
              ClhSpinPred |-> "spin_pred",
              ClhRelease  |-> "cs" ]

\* What each action did, as the event says (over primed variables).
Observed(e) ==
    CASE e.a = "ClhInitNode" -> node[e.t] = e.node /\ locked'[e.node] = 1
      [] e.a = "ClhSwapTail" -> pred'[e.t] = e.pred /\ tail' = node[e.t]
      [] e.a = "ClhSpinPred" -> pred[e.t] = e.pred /\ pc'[e.t] = "cs"
      [] e.a = "ClhRelease"  -> /\ node[e.t] = e.node
                                /\ locked'[e.node] = e.locked
                                /\ node'[e.t] = e.next
      [] OTHER               -> TRUE

\* Event e is the step just taken (a predicate on the step, conjoined with it).
Before(e) == e.a \in DOMAIN ActionPC /\ pc[e.t] = ActionPC[e.a]
=============================================================================
