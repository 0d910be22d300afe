----------------------------- MODULE PVStepsTrace -----------------------------
(***************************************************************************)
(* How a trace recorded by the PV port (java-models PvQSpinLock, variants *)
(* "pv" and "pv-wait-early-merged", with a TraceRecorder) reads against   *)
(* PVSteps, the form of PV with one step per shared access, with          *)
(* Stealing = TRUE and Preemption = FALSE. The port records per access:   *)
(* every access to the lock word and to the node states goes through a   *)
(* Memory, so a Java step that makes two accesses lets other threads'     *)
(* steps in between, and is held to the spec's state at its last access.  *)
(*                                                                         *)
(* The native steps the port keeps (FastPath, which is PV's               *)
(* FastPathQueue, XchgTail, LinkPrev, HeadCmpxchg, SetLocked, McsHandoff) *)
(* read as in QSpinlockTrace (instantiated below): the lock word found    *)
(* and left, the pc of each action. PV's own steps are events named after *)
(* their PVSteps actions (PV's for those PVSteps keeps), matched by pc and *)
(* phase (pl.ph) and by what the Java step observed:                       *)
(*                                                                         *)
(*  - UnfairTrylockRead, UnfairTrylockCas, WaitNodeSpin: as in PV (the    *)
(*    node set up, whether the steal took the lock, what the spin turn    *)
(*    read).                                                               *)
(*  - WaitNodeRecheck: whether the re-read of node->locked found the      *)
(*    hand-off (got); WaitNodePvWait, WaitHeadPvWait: whether the vCPU    *)
(*    halted (halt); WaitNodeWake: the node's state the cmpxchg left      *)
(*    (nst).                                                               *)
(*  - WaitHeadEntry: whether the head found itself hashed by the kicker   *)
(*    (lp); TrylockClearPendingCas: whether the cmpxchg took the lock     *)
(*    (ok). The other head steps report the lock word only: what they     *)
(*    decide from it (another cmpxchg, the sleep or the slow take) is the *)
(*    phase the next event of the thread must find.                       *)
(*  - KickCmpxchg: the node pv_kick_node acted on (to) and whether its    *)
(*    cmpxchg found it halted (ok); UnlockUnhash: the node the unlock     *)
(*    took out of the hash table (node), which pins the spec's choice of  *)
(*    entry; UnlockKick: the node kicked (to).                             *)
(*  - WaitNodeHalt, WaitHeadRunning, WaitHeadStoreState: the state the   *)
(*    node's store left (st).                                              *)
(*  - Unpark: a halted thread's park returned, and whether a kick came    *)
(*    after its halt (kicked). With one, UnlockKick already woke the      *)
(*    spec's vCPU and the event is a stutter; without, a kick left from   *)
(*    before the halt (KVM's pv_unhalted) ended the park, and the step is *)
(*    the hypervisor's Spurious, taken only while the vCPU is halted.     *)
(*                                                                         *)
(* The hypervisor takes no other step: with Preemption = FALSE it         *)
(* deschedules nobody, and Spurious is taken only at an Unpark, so the    *)
(* hypervisor adds no interleavings the port did not show.                 *)
(***************************************************************************)
EXTENDS PVSteps

QT == INSTANCE QSpinlockTrace

X(e) == QT!X(e)
Has(e, f) == f \in DOMAIN e

\* The pc at which each recorded action is taken.
ActionPC == [ Start                   |-> "ncs",
              FastPath                |-> "fast",
              UnfairTrylockRead       |-> "queue",
              UnfairTrylockCas        |-> "queue",
              XchgTail                |-> "xchg_tail",
              LinkPrev                |-> "link_prev",
              WaitNodeSpin            |-> "spin_locked",
              WaitNodeHalt            |-> "spin_locked",
              WaitNodeRecheck         |-> "spin_locked",
              WaitNodePvWait          |-> "spin_locked",
              WaitNodeWake            |-> "spin_locked",
              WaitHeadEntry           |-> "head_wait",
              WaitHeadRunning         |-> "head_wait",
              WaitHeadSetPending      |-> "head_wait",
              TrylockClearPendingRead |-> "head_wait",
              TrylockClearPendingCas  |-> "head_wait",
              WaitHeadClearPending    |-> "head_wait",
              WaitHeadHash            |-> "head_wait",
              WaitHeadXchg            |-> "head_wait",
              WaitHeadSlowLocked      |-> "head_wait",
              WaitHeadSlowUnhash      |-> "head_wait",
              WaitHeadGotLock         |-> "head_wait",
              WaitHeadStoreState      |-> "head_wait",
              WaitHeadPvWait          |-> "head_wait",
              HeadCmpxchg             |-> "head_cmpxchg",
              SetLocked               |-> "set_locked",
              McsHandoff              |-> "mcs_handoff",
              KickCmpxchg             |-> "cs",
              KickSlowVal             |-> "cs",
              KickHash                |-> "cs",
              UnlockCmpxchg           |-> "cs",
              UnlockUnhash            |-> "cs",
              UnlockRelease           |-> "cs",
              UnlockKick              |-> "ncs" ]

\* The phases in which each of PV's actions is taken (the natives: any).
ActionPhases == [ UnfairTrylockRead       |-> {"start", "steal"},
                  UnfairTrylockCas        |-> {"cas"},
                  WaitNodeSpin            |-> {"start", "spin"},
                  WaitNodeHalt            |-> {"halt"},
                  WaitNodeRecheck         |-> {"wait"},
                  WaitNodePvWait          |-> {"pvwait"},
                  WaitNodeWake            |-> {"wake"},
                  WaitHeadEntry           |-> {"start"},
                  WaitHeadRunning         |-> {"top"},
                  WaitHeadSetPending      |-> {"setpending"},
                  TrylockClearPendingRead |-> {"spin"},
                  TrylockClearPendingCas  |-> {"tcpcas"},
                  WaitHeadClearPending    |-> {"clearpending"},
                  WaitHeadHash            |-> {"hash"},
                  WaitHeadXchg            |-> {"xchg"},
                  WaitHeadSlowLocked      |-> {"slowlocked"},
                  WaitHeadSlowUnhash      |-> {"slowunhash"},
                  WaitHeadGotLock         |-> {"gotlock"},
                  WaitHeadStoreState      |-> {"sleep"},
                  WaitHeadPvWait          |-> {"headwait"},
                  KickCmpxchg             |-> {"start"},
                  KickSlowVal             |-> {"kickslow"},
                  KickHash                |-> {"kickhash"},
                  UnlockCmpxchg           |-> {"start"},
                  UnlockUnhash            |-> {"unhash"},
                  UnlockRelease           |-> {"release"},
                  UnlockKick              |-> {"kick"} ]
PhaseOK(e) == e.a \in DOMAIN ActionPhases => pl.ph[X(e)] \in ActionPhases[e.a]
\* pv_kick_node runs while a kick target is pending, the unlock only after it.
KickOK(e) == CASE e.a = "KickCmpxchg"   -> pl.kt[X(e)] # Nil
              [] e.a = "UnlockCmpxchg" -> pl.kt[X(e)] = Nil
              [] OTHER                 -> TRUE

\* The step of thread t for event e, S(x) a context's step (a spec mutant's MutantStep).
PvStepsTraceStepWith(t, e, S(_)) ==
    IF e.a = "Unpark"
    THEN IF e.kicked THEN ~hv.halted[t] /\ UNCHANGED allvars ELSE Spurious(t)
    ELSE \E x \in CtxOf(t) : StepsStart(x) \/ S(x)
\* The family's traceStep.
PvStepsTraceStep(t, e) == PvStepsTraceStepWith(t, e, StepsStep)

PvObserved(e) ==
    LET x == X(e) IN
    CASE e.a = "UnfairTrylockRead"      -> /\ (Has(e, "node") <=> Phase(x, "start"))
                                           /\ (Has(e, "node") => node'[x] = e.node)
      [] e.a = "UnfairTrylockCas"       -> (pc'[x] = "cs") = e.ok
      [] e.a = "WaitNodeSpin"           -> /\ (pc'[x] = "head_wait") = e.got
                                           /\ (pl'.ph[x] = "halt") = e.halt
                                           /\ Has(e, "early") => e.early = PrevAsleep(node[x])
      [] e.a \in {"WaitNodeHalt", "WaitHeadRunning", "WaitHeadStoreState"}
                                        -> pvn'.st[node[x]] = e.st
      [] e.a = "WaitNodeRecheck"        -> (pl'.ph[x] = "wake") = e.got
      [] e.a = "WaitNodePvWait"         -> hv'.halted[e.t] = e.halt
      [] e.a = "WaitNodeWake"           -> pvn'.st[node[x]] = e.nst
      [] e.a = "WaitHeadEntry"          -> pl'.lp[x] = e.lp
      [] e.a = "TrylockClearPendingCas" -> (pl'.ph[x] = "gotlock") = e.ok
      [] e.a = "WaitHeadPvWait"         -> hv'.halted[e.t] = e.halt
      [] e.a = "KickCmpxchg"            -> /\ pl.kt[x] = e.to
                                           /\ (pl'.ph[x] = "kickslow") = e.ok
      [] e.a = "UnlockUnhash"           -> pl'.kt[x] = e.node
      [] e.a = "UnlockKick"             -> pl.kt[x] = e.to
      [] e.a = "Unpark"                 -> TRUE
      [] OTHER                          -> QT!QObserved(e)

\* Event e is the step just taken (a predicate on the step, conjoined with it).
Before(e) == \/ e.a = "Unpark"
             \/ /\ e.a \in DOMAIN ActionPC
                /\ pc[X(e)] = ActionPC[e.a]
                /\ PhaseOK(e) /\ KickOK(e)
Observed(e) == QT!WordFound(e) /\ QT!WordLeft(e) /\ PvObserved(e)
=============================================================================
