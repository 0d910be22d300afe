----------------------------- MODULE CNAStepsTrace -----------------------------
(***************************************************************************)
(* How a trace recorded by the CNA port (java-models CnaLock and its      *)
(* variants, with a TraceRecorder) reads against CNASteps, the form of    *)
(* CNA with one step per shared access. The port records per access: its  *)
(* CNA steps make their accesses to the lock word and the queue nodes     *)
(* through a Memory, so a Java step that makes two accesses lets other    *)
(* threads' steps in between and is held to the spec's state at its last  *)
(* access.                                                                 *)
(*                                                                         *)
(* The native steps the port keeps read as in QSpinlockTrace (instantiated *)
(* below): the lock word found and left at every step, the pc of each     *)
(* action. CNA's own steps are events named after their CNASteps actions, *)
(* matched by pc and by the phase of the split operation (cw.ph), and by  *)
(* what the Java step observed or stored:                                  *)
(*                                                                         *)
(*  - Queue: the NUMA node the port recorded for the CPU (numa), which    *)
(*    must be the spec's Socket(cpu).                                      *)
(*  - TryClearTailCas: whether the cmpxchg took the lock (ok): the spec   *)
(*    then runs its critical section, or is in the middle of handing the  *)
(*    MCS lock to the secondary queue's first node (phase tctpass).        *)
(*  - PassStart: the policy's choice (search), which pins the spec's      *)
(*    choice between PassStartSearch and PassStartNoSearch by the phase   *)
(*    it leads to (the prob coin is the adversary's in the spec).         *)
(*  - WalkRead: the node whose next the walk read (from) and what it held *)
(*    (next).                                                              *)
(*  - MoveLink: the run's first node (head), stored into the secondary    *)
(*    queue's old last node (append; the store changed that link) or into *)
(*    the holder's locked when no secondary queue was there; MoveCut: the  *)
(*    run's last node (cut); MoveTail: the secondary queue's new last node *)
(*    (sectail).                                                           *)
(*  - FlushSplice: the node whose next now holds the holder's next, and    *)
(*    did not before (splice).                                             *)
(*  - The hand-offs (PassGive, FlushGive, PassGiveNext, TryClearTailPass): *)
(*    the node handed the lock (to) and the value (val: 1, or the         *)
(*    secondary queue's first node), the secondary queue's last node when *)
(*    one is passed (sectail), and for "threshold" the receiver's count   *)
(*    of local hand-offs (intra).                                          *)
(*                                                                         *)
(* Dead values: the spec clears a released node's fields; the port leaves *)
(* them until the node is initialised again, so the map never compares    *)
(* them.                                                                   *)
(***************************************************************************)
EXTENDS CNASteps

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
              XchgTailLocked  |-> "head_wait",
              LinkPrev        |-> "link_prev",
              SpinLocked      |-> "spin_locked",
              HeadWait        |-> "head_wait",
              TryClearTailCas  |-> "head_cmpxchg",
              TryClearTailPass |-> "head_cmpxchg",
              SetLocked       |-> "set_locked",
              PassStart       |-> "mcs_handoff",
              WalkRead        |-> "mcs_handoff",
              MoveLink        |-> "mcs_handoff",
              MoveCut         |-> "mcs_handoff",
              MoveTail        |-> "mcs_handoff",
              PassGive        |-> "mcs_handoff",
              FlushSplice     |-> "mcs_handoff",
              FlushGive       |-> "mcs_handoff",
              PassGiveNext    |-> "mcs_handoff",
              Unlock          |-> "cs" ]

\* The phase of the split operation in which each action is taken (the other natives: any).
ActionPhase == [ XchgTailLocked   |-> "xlocked",
                 HeadWait         |-> "none",
                 TryClearTailCas  |-> "none",
                 TryClearTailPass |-> "tctpass",
                 PassStart        |-> "none",
                 WalkRead         |-> "walk",
                 MoveLink         |-> "mvlink",
                 MoveCut          |-> "mvcut",
                 MoveTail         |-> "mvtail",
                 PassGive         |-> "give",
                 FlushSplice      |-> "flush",
                 FlushGive        |-> "flushgive",
                 PassGiveNext     |-> "givenext" ]
PhaseOK(e) == e.a \in DOMAIN ActionPhase => cw.ph[X(e)] = ActionPhase[e.a]

\* The step of thread t for event e, S(x) a context's step (a spec mutant's MutantStep).
CnaStepsTraceStepWith(t, e, S(_)) == \E x \in CtxOf(t) : StartCw(x) \/ S(x)
\* The family's traceStep.
CnaStepsTraceStep(t, e) == CnaStepsTraceStepWith(t, e, StepsStep)

\* The node each hand-off gives the lock to, in the spec's state before the step.
Receiver(x, a) == CASE a = "PassGive"         -> cw.sc[x]
                    [] a = "TryClearTailPass" -> cw.sc[x]
                    [] a = "FlushGive"        -> nlocked[node[x]]
                    [] a = "PassGiveNext"     -> nnext[node[x]]
HandOffs == {"PassGive", "TryClearTailPass", "FlushGive", "PassGiveNext"}

\* A hand-off the step made: node `to' now holds `val' in its locked, with the secondary queue's
\* last node and the count the port passed with it.
Handed(e) ==
    LET x == X(e) IN
    /\ e.to \in Nodes /\ e.to = Receiver(x, e.a)
    /\ nlocked'[e.to] = e.val
    /\ e.val \in Nodes => STail'[e.val] = e.sectail
    /\ Variant = "threshold" => SIntra'[e.to] = e.intra

CnaObserved(e) ==
    LET x == X(e)  me == node[X(e)] IN
    CASE e.a = "Queue"           -> /\ QT!QObserved(e)
                                    /\ e.numa = Socket(e.t)
      [] e.a = "TryClearTailCas" -> (pc'[x] = "cs" \/ cw'.ph[x] = "tctpass") = e.ok
      [] e.a \in HandOffs        -> Handed(e)
      [] e.a = "PassStart"       -> e.search = (cw'.ph[x] \in {"give", "walk"})
      [] e.a = "WalkRead"        -> /\ cw.cur[x] = e.from
                                    /\ nnext[e.from] = e.next
      [] e.a = "MoveLink"        -> /\ e.head = nnext[me]
                                    /\ Has(e, "append") = (nlocked[me] \in Nodes)
                                    /\ IF Has(e, "append")
                                       THEN /\ e.append \in Nodes
                                            /\ nnext[e.append] # e.head /\ nnext'[e.append] = e.head
                                                           ELSE nlocked'[me] = e.head
      [] e.a = "MoveCut"         -> /\ cw.tlo[x] = e.cut
                                    /\ nnext'[e.cut] = Nil
      [] e.a = "MoveTail"        -> STail'[nlocked[me]] = e.sectail
      [] e.a = "FlushSplice"     -> /\ e.splice \in Nodes
                                    /\ nnext[e.splice] # nnext[me] /\ nnext'[e.splice] = nnext[me]
      [] OTHER                   -> QT!QObserved(e)

\* Event e is the step just taken (a predicate on the step, conjoined with it).
Before(e) == e.a \in DOMAIN ActionPC /\ pc[X(e)] = ActionPC[e.a] /\ PhaseOK(e)
Observed(e) == QT!WordFound(e) /\ QT!WordLeft(e) /\ CnaObserved(e)
=============================================================================
