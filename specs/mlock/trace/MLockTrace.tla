----------------------------- MODULE MLockTrace -----------------------------
(***************************************************************************)
(* How a trace recorded by the Java port (java-models MLock with a         *)
(* TraceRecorder) reads against MLock: each event is one step of thread    *)
(* e.t, named after the spec action, with the nodes the Java step used     *)
(* and, for the release, what it left in the tail and in its node's flag.  *)
(* crosscheck's TraceModule generates a module that EXTENDS this one and   *)
(* the spec under test (MLock or a mutant of it) and lets TLC decide       *)
(* whether the spec can take the recorded steps in the recorded order.     *)
(*                                                                         *)
(* Nodes. The spec numbers nodes once and for all: node t is the one       *)
(* thread t starts with, node N + 1 the lock's; node[t] says which one     *)
(* thread t owns now. The port names its Java node objects the same way    *)
(* (MLock's class comment), so a node keeps its number as it migrates and  *)
(* an event's node is the spec's node. A release that keeps the wrong node *)
(* shows as a node the spec does not reach, after either release path.     *)
(*                                                                         *)
(* An event is matched by where its thread is (the pc at which the named   *)
(* action is enabled) and by what it observed; it does not call the action *)
(* by name, so a spec mutant that replaces an action at the same pc is     *)
(* held to the same events.                                                *)
(*                                                                         *)
(* A spec mutant that splits one action in two (MLock_NonAtomicSwap, the   *)
(* swap done as a load and a store; MLock_NonAtomicCas, the compare-and-   *)
(* swap as a check and a store) cannot be held to these events: an event   *)
(* is one step, so such a mutant could not follow even a trace it allows,  *)
(* and its rejections would say nothing. No crosscheck entry uses one; the *)
(* Java mutants of the same names are recorded as atomic steps and pass    *)
(* (their entries say why).                                                *)
(***************************************************************************)
EXTENDS MLock

\* The pc at which each recorded action is taken.
ActionPC == [ MpLockInitNode  |-> "ncs",
              MpLockSwap      |-> "swap_tail",
              MpLockSpin      |-> "spin_pred",
              MpUnlockCas     |-> "cs",
              MpUnlockRelease |-> "unlock_release" ]

\* What each action did, as the event says (over primed variables).
Observed(e) ==
    CASE e.a = "MpLockInitNode"  -> node[e.t] = e.node /\ locked'[e.node] = 1
      [] e.a = "MpLockSwap"      -> pred'[e.t] = e.pred /\ tail' = node[e.t]
      [] e.a = "MpLockSpin"      -> pred[e.t] = e.pred /\ pc'[e.t] = "cs"
      [] e.a = "MpUnlockCas"     -> /\ (pc'[e.t] = "ncs") = e.ok
                                    /\ tail' = e.tail
                                    /\ node'[e.t] = e.node
      [] e.a = "MpUnlockRelease" -> /\ node[e.t] = e.node
                                    /\ locked'[e.node] = e.locked
                                    /\ node'[e.t] = e.next
      [] OTHER                   -> TRUE

\* Event e is the step just taken (a predicate on the step, conjoined with it).
Before(e) == e.a \in DOMAIN ActionPC /\ pc[e.t] = ActionPC[e.a]
=============================================================================
