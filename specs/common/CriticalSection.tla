--------------------------- MODULE CriticalSection ---------------------------
(***************************************************************************)
(* The critical section of the weak-memory specs (docs/weak-memory.md),  *)
(* written once: the lock under test protects two shared words, and each *)
(* holder does what the usual verification harness does,                  *)
(*                                                                         *)
(*   r1 = x; r2 = y;             CsLoad    (plain loads)                   *)
(*   x = r1 + 1;                 CsStoreX  (plain store)                   *)
(*   y = r2 + 1;                 CsStoreY  (plain store)                   *)
(*                                                                         *)
(* so that a missing acquire or release shows as a holder that reads what *)
(* an earlier holder left only in part (x # y) or not at all (a lost      *)
(* update). Values and the ghost gen (critical sections completed) count  *)
(* modulo 2: a read that misses one hand-off's writes reads the other     *)
(* value. HandoffVisibility (Properties.tla) is stated over Readers and   *)
(* Seen below.                                                             *)
(*                                                                         *)
(* Early reads: where a spec lets the loads run ahead (under WMO, before  *)
(* the lock's own load that is not an acquire: Memory's LoadsEarly), it  *)
(* conjoins its condition with CsLoadEarly, which takes both values into  *)
(* rx and ry; CsLoad then keeps them.                                      *)
(*                                                                         *)
(* A spec instantiates this module over its own variables, with lockVars  *)
(* the tuple of the lock's other variables (left unchanged here) and      *)
(* AfterCs the program counter its unlock starts at. It names each action *)
(* under a name of its own behind its program counter (CsRead(t) ==       *)
(* pc[t] = "cs_read" /\ CS!CsLoad(t)): TLC 2.18 reports an action that is *)
(* only an instance's operator at the INSTANCE line and counts all such    *)
(* actions as one in its coverage, and a name of its own keeps the         *)
(* counterexample reader (SpecSource) from taking the wrapper for what it  *)
(* wraps.                                                                  *)
(***************************************************************************)
EXTENDS Naturals, Sequences

CONSTANTS
    MemoryModel, CPUs, BufferDepth,     \* as Memory.tla
    AfterCs                             \* the program counter after the critical section

VARIABLES
    mem, buf,   \* the memory (Memory.tla); its locations include LX and LY
    pc,         \* program counter of every CPU
    rx, ry,     \* the critical section's reads of x and y (NotRead before)
    gen,        \* ghost: critical sections completed, modulo 2
    lockVars    \* the lock's other variables, as one tuple

M == INSTANCE Memory

NotRead == 2                \* an early-read slot holding nothing
LX      == << "x", 0 >>
LY      == << "y", 0 >>
CsPCs   == { "cs_read", "cs_write_x", "cs_write_y" }

Go(t, p) == pc' = [pc EXCEPT ![t] = p]

\* r1 = x; r2 = y satisfied early (the spec states where): kept for CsLoad.
CsLoadEarly(t) ==
    /\ rx[t] = NotRead
    /\ rx' = [rx EXCEPT ![t] = M!Load(t, LX)]
    /\ ry' = [ry EXCEPT ![t] = M!Load(t, LY)]
    /\ UNCHANGED << mem, buf, pc, gen, lockVars >>

\* CPU t's reads of x and y forgotten: at the end of its critical section, and
\* where a spec drops reads satisfied early (a path that does not enter the
\* critical section, or an access no younger load passes). A conjunct of a
\* step that states the other variables itself.
CsClearReads(t) ==
    /\ rx' = [rx EXCEPT ![t] = NotRead]
    /\ ry' = [ry EXCEPT ![t] = NotRead]

\* r1 = x; r2 = y (plain loads), unless already satisfied early.
CsLoad(t) ==
    /\ pc[t] = "cs_read"
    /\ rx' = [rx EXCEPT ![t] = IF @ = NotRead THEN M!Load(t, LX) ELSE @]
    /\ ry' = [ry EXCEPT ![t] = IF @ = NotRead THEN M!Load(t, LY) ELSE @]
    /\ Go(t, "cs_write_x")
    /\ UNCHANGED << mem, buf, gen, lockVars >>

\* x = r1 + 1 (plain)
CsStoreX(t) ==
    /\ pc[t] = "cs_write_x"
    /\ M!Store(t, LX, (rx[t] + 1) % 2, "plain")
    /\ Go(t, "cs_write_y")
    /\ UNCHANGED << rx, ry, gen, lockVars >>

\* y = r2 + 1 (plain); the critical section is over.
CsStoreY(t) ==
    /\ pc[t] = "cs_write_y"
    /\ M!Store(t, LY, (ry[t] + 1) % 2, "plain")
    /\ CsClearReads(t)
    /\ gen' = (gen + 1) % 2
    /\ Go(t, AfterCs)
    /\ UNCHANGED lockVars

\* For HandoffVisibility: the holders past their reads, and what each read
\* (NotRead when x and y disagree, which no completed hand-off leaves).
Readers == { t \in CPUs : pc[t] = "cs_write_x" }
Seen(t) == IF rx[t] = ry[t] THEN rx[t] ELSE NotRead
=============================================================================
