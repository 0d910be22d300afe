---------------------------- MODULE MemoryLitmus ----------------------------
(***************************************************************************)
(* The classic litmus shapes run on the memory layer (Memory.tla), so that *)
(* what each MemoryModel allows is checked by TLC, not only described.     *)
(* Each shape is a tiny program per CPU; Init picks the shape, so one TLC  *)
(* run covers all of them under one model. A shape's relaxed outcome is   *)
(* the one sequential consistency forbids; Never<Shape> says it does not  *)
(* happen. specs/litmus/litmus.json expects, per model, each Never<Shape> to  *)
(* hold (forbidden) or to be violated (allowed: a witness), and           *)
(* docs/weak-memory.md tabulates the same.                                 *)
(*                                                                         *)
(* An instruction: [op |-> "st" | "ld" | "mb", loc, val (stores), ord,     *)
(* reg (loads)]. Stores run in program order (into the buffer, or memory  *)
(* under SC), and only after every older load (no load buffering). A load *)
(* runs in order, or under WMO before older loads that are not acquires,  *)
(* to other locations, with nothing else older still to run.              *)
(***************************************************************************)
EXTENDS Naturals, Sequences, FiniteSets

CONSTANT MemoryModel
\* Memory.tla states it too, but TLC checks only the assumptions of the root module.
ASSUME MemoryModelAssumption == MemoryModel \in {"SC", "TSO", "WMO"}

CPUs == {1, 2, 3}
Locs == {"x", "y", "z"}
Regs == {"r1", "r2", "r3"}

L(n) == << n, 0 >>          \* a location of the layer
St(l, v, o)  == [op |-> "st", loc |-> L(l), val |-> v, ord |-> o, reg |-> "none"]
Ld(l, r, o)  == [op |-> "ld", loc |-> L(l), val |-> 0, ord |-> o, reg |-> r]
Mb           == [op |-> "mb", loc |-> << "none", 0 >>, val |-> 0, ord |-> "full", reg |-> "none"]

\* The programs, per shape, per CPU (CPU 3 idle in two-CPU shapes).
Prog(s) ==
    CASE s = "MP"         -> << << St("x", 1, "once"), St("y", 1, "once") >>,
                               << Ld("y", "r1", "once"), Ld("x", "r2", "once") >>, << >> >>
      [] s = "MP+rel+acq" -> << << St("x", 1, "once"), St("y", 1, "release") >>,
                               << Ld("y", "r1", "acquire"), Ld("x", "r2", "once") >>, << >> >>
      [] s = "SB"         -> << << St("x", 1, "once"), Ld("y", "r1", "once") >>,
                               << St("y", 1, "once"), Ld("x", "r2", "once") >>, << >> >>
      [] s = "SB+mbs"     -> << << St("x", 1, "once"), Mb, Ld("y", "r1", "once") >>,
                               << St("y", 1, "once"), Mb, Ld("x", "r2", "once") >>, << >> >>
      [] s = "LB"         -> << << Ld("x", "r1", "once"), St("y", 1, "once") >>,
                               << Ld("y", "r2", "once"), St("x", 1, "once") >>, << >> >>
      [] s = "2+2W"       -> << << St("x", 1, "once"), St("y", 2, "once") >>,
                               << St("y", 1, "once"), St("x", 2, "once") >>, << >> >>
      [] s = "WRC"        -> << << St("x", 1, "once") >>,
                               << Ld("x", "r1", "once"), St("y", 1, "once") >>,
                               << Ld("y", "r2", "once"), Ld("x", "r3", "once") >> >>
      [] s = "ISA2"       -> << << St("x", 1, "once"), St("y", 1, "release") >>,
                               << Ld("y", "r1", "acquire"), St("z", 1, "once") >>,
                               << Ld("z", "r2", "once"), Ld("x", "r3", "once") >> >>

Shapes == {"MP", "MP+rel+acq", "SB", "SB+mbs", "LB", "2+2W", "WRC", "ISA2"}

VARIABLES mem, buf, shape, ran, regs

vars == << mem, buf, shape, ran, regs >>

M == INSTANCE Memory WITH BufferDepth <- 3   \* no program here stores more than twice

P(t) == Prog(shape)[t]

TypeOK ==
    /\ shape \in Shapes
    /\ ran \in [CPUs -> SUBSET (1 .. 3)]
    /\ regs \in [CPUs -> [Regs -> 0 .. 2]]
    /\ mem \in [{L(l) : l \in Locs} -> 0 .. 2]

Init ==
    /\ shape \in Shapes
    /\ mem = [l \in {L(n) : n \in Locs} |-> 0]
    /\ buf = M!EmptyBuffers
    /\ ran = [t \in CPUs |-> {}]
    /\ regs = [t \in CPUs |-> [r \in Regs |-> 0]]

\* Instruction i of CPU t may run now (see the header).
MayRun(t, i) ==
    LET ins == P(t)[i]
        older == { j \in 1 .. (i - 1) : j \notin ran[t] } IN
    /\ i \notin ran[t]
    /\ \/ older = {}
       \/ /\ ins.op = "ld"
          /\ \A j \in older : P(t)[j].op = "ld" /\ M!LoadsEarly(P(t)[j].ord) /\ P(t)[j].loc # ins.loc

Run(t, i) ==
    LET ins == P(t)[i] IN
    /\ MayRun(t, i)
    /\ ran' = [ran EXCEPT ![t] = @ \cup {i}]
    /\ CASE ins.op = "st" -> /\ M!Store(t, ins.loc, ins.val, ins.ord)
                             /\ UNCHANGED regs
         [] ins.op = "ld" -> /\ regs' = [regs EXCEPT ![t][ins.reg] = M!Load(t, ins.loc)]
                             /\ UNCHANGED << mem, buf >>
         [] ins.op = "mb" -> /\ M!MbReady(t)
                             /\ UNCHANGED << mem, buf, regs >>
    /\ UNCHANGED shape

Step(t) == \E i \in 1 .. Len(P(t)) : Run(t, i)

Drain(t) == M!Drain(t) /\ UNCHANGED << shape, ran, regs >>

Done == \A t \in CPUs : ran[t] = 1 .. Len(P(t)) /\ buf[t] = << >>

Next == (\E t \in CPUs : Step(t) \/ Drain(t)) \/ (Done /\ UNCHANGED vars)

Spec == Init /\ [][Next]_vars

R(t, r) == regs[t][r]
X(n) == mem[L(n)]

\* Each shape's relaxed outcome never happens.
NeverMP        == ~(Done /\ shape = "MP" /\ R(2, "r1") = 1 /\ R(2, "r2") = 0)
NeverMPRelAcq  == ~(Done /\ shape = "MP+rel+acq" /\ R(2, "r1") = 1 /\ R(2, "r2") = 0)
NeverSB        == ~(Done /\ shape = "SB" /\ R(1, "r1") = 0 /\ R(2, "r2") = 0)
NeverSBMbs     == ~(Done /\ shape = "SB+mbs" /\ R(1, "r1") = 0 /\ R(2, "r2") = 0)
NeverLB        == ~(Done /\ shape = "LB" /\ R(1, "r1") = 1 /\ R(2, "r2") = 1)
Never2Plus2W   == ~(Done /\ shape = "2+2W" /\ X("x") = 1 /\ X("y") = 1)
NeverWRC       == ~(Done /\ shape = "WRC" /\ R(2, "r1") = 1 /\ R(3, "r2") = 1 /\ R(3, "r3") = 0)
NeverISA2      == ~(Done /\ shape = "ISA2" /\ R(2, "r1") = 1 /\ R(3, "r2") = 1 /\ R(3, "r3") = 0)

\* Every shape runs to its end (the outcomes above are read there).
NeverDone == ~Done
=============================================================================
