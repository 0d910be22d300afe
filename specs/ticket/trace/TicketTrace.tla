----------------------------- MODULE TicketTrace -----------------------------
(***************************************************************************)
(* How a trace recorded by the Java port (java-models TicketLock, or its   *)
(* Width2 variant, with a TraceRecorder) reads against Ticket: each event  *)
(* is one step of CPU e.t, named after the spec action, with the counter   *)
(* values the Java step drew, read or left. crosscheck's TraceModule       *)
(* generates a module that EXTENDS this one and the spec under test        *)
(* (Ticket or a mutant of it) and lets TLC decide whether the spec can     *)
(* take the recorded steps in the recorded order.                          *)
(*                                                                         *)
(* Counter values. The port's counters are as wide as it was built (32     *)
(* bits, or 2 for Width2); the spec's are W bits. A value is compared      *)
(* modulo 2^W (M): a port at least W bits wide then agrees with the spec   *)
(* at every step, whether neither, one or both of them have wrapped        *)
(* around, because x mod 2^w mod 2^W = x mod 2^W for w >= W. A narrower    *)
(* port does not (its values differ from the spec's after 2^w draws),      *)
(* which is how a port narrower than the modelled lock is caught. Nothing  *)
(* else is bounded: the spec's counters wrap, so a run may take any number *)
(* of tickets; the nesting depth of the run must not exceed R (the entries *)
(* set R = ${nest}), and the spec's lock is correct only with 2^W >= N     *)
(* (the entries set W = 2 and run at most 4 threads).                      *)
(*                                                                         *)
(* An event is matched by where its CPU is (the pcs at which the named     *)
(* action is enabled) and by what it observed; it does not call the action *)
(* by name, so a spec mutant that replaces an action at the same pcs is    *)
(* held to the same events.                                                *)
(*                                                                         *)
(* A spec mutant that splits one action in two (Ticket_NonAtomicTake, the  *)
(* ticket draw done as a load and a store) cannot be held to these events: *)
(* an event is one step, so such a mutant could not follow even a trace it *)
(* allows, and its rejections would say nothing. No crosscheck entry uses  *)
(* it; the Java mutant of the same name is recorded as one atomic step and *)
(* passes (its entry says why).                                            *)
(***************************************************************************)
EXTENDS Ticket

\* The pcs at which each recorded action is taken.
ActionPCs == [ MpLockDepth   |-> { "ncs", "cs" },
               MpLockTicket  |-> { "take_ticket" },
               MpLockSpin    |-> { "spin", "nested_spin" },
               MpUnlock      |-> { "cs" },
               MpUnlockStore |-> { "unlock_store" } ]

\* A counter value as the port recorded it, read in the spec's W bits.
Val(v) == v % M

\* What each action did, as the event says: over primed variables, so the
\* step must be one that leaves the spec where the port was left.
Observed(e) ==
    CASE e.a = "MpLockDepth"   -> depth'[e.t] = e.depth
      [] e.a = "MpLockTicket"  -> ticket'[e.t] = Val(e.ticket)
      [] e.a = "MpLockSpin"    -> ticket[e.t] = Val(e.ticket) /\ pc'[e.t] = "cs"
      [] e.a = "MpUnlock"      -> /\ depth'[e.t] = e.depth
                                  /\ "loaded" \in DOMAIN e => loaded'[e.t] = Val(e.loaded)
      [] e.a = "MpUnlockStore" -> serving' = Val(e.serving)
      [] OTHER                 -> TRUE

\* Event e is the step just taken (a predicate on the step, conjoined with it).
Before(e) == e.a \in DOMAIN ActionPCs /\ pc[e.t] \in ActionPCs[e.a]
=============================================================================
