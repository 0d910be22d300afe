------------------------------- MODULE PVTrace -------------------------------
(***************************************************************************)
(* How a trace recorded by the PV port (java-models PvQSpinLock, variants *)
(* "pv" and "pv-wait-early-merged", with a TraceRecorder) reads against   *)
(* PV with Stealing = TRUE and Preemption = FALSE. The native steps the  *)
(* port keeps (FastPath, which is PV's FastPathQueue, XchgTail, LinkPrev, *)
(* HeadCmpxchg, SetLocked, McsHandoff) read as in QSpinlockTrace          *)
(* (instantiated below): the lock word found and left, the pc of each    *)
(* action. PV's own steps are events named after their PV.tla actions,    *)
(* matched by pc and phase (pl.ph) and by what the Java step observed:    *)
(*                                                                         *)
(*  - UnfairTrylockRead: the first read (which the spec merges with the   *)
(*    node's set-up) names the node; UnfairTrylockCas: whether the steal  *)
(*    took the lock (ok).                                                  *)
(*  - WaitNodeSpin: whether the read found node->locked set (got), in     *)
(*    "pv-wait-early-merged" whether pv_wait_early found the previous     *)
(*    node's vCPU not running (early), and whether the spin ends (halt);  *)
(*    WaitNodeSleep: whether the vCPU halted (halt); WaitNodeWake: the    *)
(*    node's state the cmpxchg left (nst).                                 *)
(*  - WaitHeadTop: the node's state found (st), which decides lp on       *)
(*    entry; WaitHeadSpin, WaitHeadSlow: whether the lock was taken (got);*)
(*    WaitHeadSleep: whether the vCPU halted (halt).                       *)
(*  - KickNode: the node pv_kick_node acted on (to) and whether it hashed *)
(*    the lock to it (hashed); UnlockPv: the node the unlock unhashed and *)
(*    kicked (kick, Nil for none), which pins the spec's choice of entry. *)
(*  - Unpark: a halted thread's park returned. If the spec's vCPU is      *)
(*    still halted, no kick woke it (one left from earlier did), and the  *)
(*    step is the hypervisor's Spurious; otherwise the kick already woke  *)
(*    it in the spec (UnlockPv) and the event is a stutter.               *)
(*                                                                         *)
(* The hypervisor takes no other step: with Preemption = FALSE it         *)
(* deschedules nobody, and Spurious is taken only at an Unpark, so the    *)
(* hypervisor adds no interleavings the port did not show.                 *)
(***************************************************************************)
EXTENDS PV

QT == INSTANCE QSpinlockTrace

X(e) == QT!X(e)
Has(e, f) == f \in DOMAIN e

\* The pc at which each recorded action is taken.
ActionPC == [ Start             |-> "ncs",
              FastPath          |-> "fast",
              UnfairTrylockRead |-> "queue",
              UnfairTrylockCas  |-> "queue",
              XchgTail          |-> "xchg_tail",
              LinkPrev          |-> "link_prev",
              WaitNodeSpin      |-> "spin_locked",
              WaitNodeHalt      |-> "spin_locked",
              WaitNodeSleep     |-> "spin_locked",
              WaitNodeWake      |-> "spin_locked",
              WaitHeadTop       |-> "head_wait",
              WaitHeadSpin      |-> "head_wait",
              WaitHeadHash      |-> "head_wait",
              WaitHeadSlow      |-> "head_wait",
              WaitHeadSleep     |-> "head_wait",
              HeadCmpxchg       |-> "head_cmpxchg",
              SetLocked         |-> "set_locked",
              McsHandoff        |-> "mcs_handoff",
              KickNode          |-> "cs",
              UnlockPv          |-> "cs" ]

\* The phases in which each of PV's actions is taken (the natives: any).
ActionPhases == [ UnfairTrylockRead |-> {"start", "steal"},
                  UnfairTrylockCas  |-> {"cas"},
                  WaitNodeSpin      |-> {"start", "spin"},
                  WaitNodeHalt      |-> {"halt"},
                  WaitNodeSleep     |-> {"wait"},
                  WaitNodeWake      |-> {"wake"},
                  WaitHeadTop       |-> {"start", "top"},
                  WaitHeadSpin      |-> {"spin"},
                  WaitHeadHash      |-> {"hash"},
                  WaitHeadSlow      |-> {"xchg"},
                  WaitHeadSleep     |-> {"sleep"} ]
PhaseOK(e) == e.a \in DOMAIN ActionPhases => pl.ph[X(e)] \in ActionPhases[e.a]
\* pv_kick_node runs while a kick target is pending, the unlock only after it.
KickOK(e) == CASE e.a = "KickNode" -> pl.kt[X(e)] # Nil
              [] e.a = "UnlockPv" -> pl.kt[X(e)] = Nil
              [] OTHER            -> TRUE

\* The step of thread t for event e (the family's traceStep).
PvTraceStep(t, e) ==
    IF e.a = "Unpark"
    THEN IF hv.halted[t] THEN Spurious(t) ELSE UNCHANGED allvars
    ELSE \E x \in CtxOf(t) : PvStart(x) \/ PvStep(x)

PvObserved(e) ==
    LET x == X(e) IN
    CASE e.a = "UnfairTrylockRead" -> /\ (Has(e, "node") <=> Phase(x, "start"))
                                      /\ (Has(e, "node") => node'[x] = e.node)
      [] e.a = "UnfairTrylockCas"  -> (pc'[x] = "cs") = e.ok
      [] e.a = "WaitNodeSpin"      -> /\ (pc'[x] = "head_wait") = e.got
                                      /\ (pl'.ph[x] = "halt") = e.halt
                                      /\ Has(e, "early") => e.early = PrevAsleep(node[x])
      [] e.a = "WaitNodeSleep"     -> hv'.halted[e.t] = e.halt
      [] e.a = "WaitNodeWake"      -> pvn'.st[node[x]] = e.nst
      [] e.a = "WaitHeadTop"       -> pvn.st[node[x]] = e.st
      [] e.a = "WaitHeadSpin"      -> (pc'[x] # "head_wait") = e.got
      [] e.a = "WaitHeadSlow"      -> (pc'[x] # "head_wait") = e.got
      [] e.a = "WaitHeadSleep"     -> hv'.halted[e.t] = e.halt
      [] e.a = "KickNode"          -> /\ pl.kt[x] = e.to
                                      /\ (pvn'.st[e.to] # pvn.st[e.to]) = e.hashed
      [] e.a = "UnlockPv"          -> IF e.kick = Nil THEN hsh' = hsh
                                      ELSE /\ hsh[e.kick] > 0
                                           /\ hsh'[e.kick] = hsh[e.kick] - 1
      [] e.a = "Unpark"            -> TRUE
      [] OTHER                     -> QT!QObserved(e)

\* Event e is the step just taken (a predicate on the step, conjoined with it).
Before(e) == \/ e.a = "Unpark"
             \/ /\ e.a \in DOMAIN ActionPC
                /\ pc[X(e)] = ActionPC[e.a]
                /\ PhaseOK(e) /\ KickOK(e)
Observed(e) == QT!WordFound(e) /\ QT!WordLeft(e) /\ PvObserved(e)
=============================================================================
