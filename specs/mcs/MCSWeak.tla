------------------------------- MODULE MCSWeak -------------------------------
(***************************************************************************)
(* The kernel's MCS lock (kernel/locking/mcs_spinlock.h, as MCS.tla) on    *)
(* the memory layer (Memory.tla): every shared access is one step with the *)
(* kernel ordering it has in the code, and the constant MemoryModel says   *)
(* what those orderings mean ("SC", "TSO", "WMO"). The critical section   *)
(* reads and writes shared data with plain accesses, as a verification     *)
(* harness does (x++, y++), so a missing acquire or release shows as a     *)
(* holder reading what its predecessor wrote before it (HandoffVisibility) *)
(* or as a hang (a hand-off lost under a late store).                      *)
(*                                                                         *)
(*   mcs_spin_lock(lock, node):                                            *)
(*     node->locked = 0                       InitLocked    plain          *)
(*     node->next = NULL                      InitNext      plain          *)
(*     prev = xchg(lock, node)                XchgTail      full RMW       *)
(*     if (prev == NULL) return                 (same step)                *)
(*     WRITE_ONCE(prev->next, node)           LinkPrev      once           *)
(*     smp_cond_load_acquire(&node->locked, VAL)  SpinLocked  acquire      *)
(*   mcs_spin_unlock(lock, node):                                          *)
(*     next = READ_ONCE(node->next)           UnlockReadNext once          *)
(*     cmpxchg_release(lock, node, NULL)      UnlockCmpxchg release RMW    *)
(*     while (!(next = READ_ONCE(node->next))) UnlockWaitNext once         *)
(*     smp_store_release(&next->locked, 1)    UnlockHandoff release        *)
(*                                                                         *)
(* Between the two, the harness's critical section (not kernel code,     *)
(* CriticalSection.tla): CsRead loads x and y, CsWriteX and CsWriteY      *)
(* store each plus one, all plain accesses.                                *)
(*                                                                         *)
(* Access names (the record Kernel below) are the kernel statements;   *)
(* the constant Weaken replaces the order of some of them, which is how   *)
(* the barrier mutants are written: one access weakened, the rest as in   *)
(* the kernel. Weaken = {} is the kernel's code.                           *)
(*                                                                         *)
(* Early loads: under WMO a load may be satisfied before an older load    *)
(* that is not an acquire (Memory's LoadsEarly). The loads this spec lets  *)
(* run early are the critical section's: CsRead may be satisfied while    *)
(* the CPU still waits in SpinLocked, or before XchgTail, when the access *)
(* that takes the lock there is not an acquire (EarlyRead). The lock's   *)
(* own loads run in program order here, a limit of this spec that         *)
(* docs/weak-memory.md lists.                                              *)
(***************************************************************************)
EXTENDS Naturals, Sequences, FiniteSets

CONSTANTS
    N,              \* CPUs, each with one node, reacquiring forever
    MemoryModel,    \* "SC", "TSO" or "WMO" (Memory.tla)
    BufferDepth,    \* store-buffer entries per CPU (Memory.tla)
    Weaken          \* a set of "access:order": accesses whose order is not the kernel's

ASSUME NAssumption == N \in Nat /\ N >= 1
\* Memory.tla states these too, but TLC checks only the assumptions of the root module.
ASSUME MemoryModelAssumption == MemoryModel \in {"SC", "TSO", "WMO"}
ASSUME BufferDepthAssumption == BufferDepth \in Nat /\ BufferDepth >= 1

CPUs == 1 .. N
Threads == CPUs   \* the name Properties.tla uses
Nil  == 0

\* The orders in kernel/locking/mcs_spinlock.h.
Kernel == [init_locked    |-> "plain",   init_next      |-> "plain",
           xchg_tail      |-> "full",    link_prev      |-> "once",
           spin_locked    |-> "acquire", unlock_read_next |-> "once",
           unlock_cmpxchg |-> "release", unlock_wait_next |-> "once",
           unlock_handoff |-> "release"]

\* The locations, << name, node >> (Memory.tla).
LTail      == << "tail", 0 >>
LLocked(n) == << "locked", n >>
LNext(n)   == << "next", n >>

VARIABLES
    mem,        \* the memory: every location's value (Memory.tla)
    buf,        \* every CPU's store buffer (Memory.tla)
    pc,         \* program counter of every CPU
    prev,       \* local prev of mcs_spin_lock
    succ,       \* local next of mcs_spin_unlock
    rx, ry,     \* the critical section's reads of x and y (NotRead before)
    gen         \* ghost: critical sections completed, modulo 2

vars == << mem, buf, pc, prev, succ, rx, ry, gen >>

M == INSTANCE Memory

\* The critical section (CriticalSection.tla), over this spec's variables.
CS == INSTANCE CriticalSection WITH lockVars <- << prev, succ >>, AfterCs <- "unlock_read_next"
NotRead == CS!NotRead
LX      == CS!LX
LY      == CS!LY

Locs == {LTail, LX, LY} \cup {LLocked(n) : n \in CPUs} \cup {LNext(n) : n \in CPUs}

ASSUME WeakenAssumption == M!WeakenValid(Kernel, Weaken)

\* The order of access a in this model.
O(a) == M!OrderOf(Kernel, Weaken, a)

TryingPCs == { "init_next", "xchg_tail", "link_prev", "spin_locked" }
CsPCs     == { "cs_read", "cs_write_x", "cs_write_y" }
UnlockPCs == { "unlock_read_next", "unlock_cmpxchg", "unlock_wait_next", "unlock_handoff" }
PCs       == { "ncs" } \cup TryingPCs \cup CsPCs \cup UnlockPCs

Holders   == { t \in CPUs : pc[t] \in CsPCs }
TryingSet == { t \in CPUs : pc[t] \in TryingPCs }

P == INSTANCE Properties WITH trying <- TryingSet, holders <- Holders


TypeOK ==
    /\ pc \in [CPUs -> PCs]
    /\ prev \in [CPUs -> CPUs \cup {Nil}]
    /\ succ \in [CPUs -> CPUs \cup {Nil}]
    /\ rx \in [CPUs -> {0, 1, NotRead}]
    /\ ry \in [CPUs -> {0, 1, NotRead}]
    /\ gen \in {0, 1}
    /\ DOMAIN mem = Locs
    /\ \A t \in CPUs : Len(buf[t]) <= BufferDepth

Init ==
    /\ mem = [l \in Locs |-> IF l \in {LX, LY} THEN 0 ELSE Nil]
    /\ buf = M!EmptyBuffers
    /\ pc = [t \in CPUs |-> "ncs"]
    /\ prev = [t \in CPUs |-> Nil]
    /\ succ = [t \in CPUs |-> Nil]
    /\ rx = [t \in CPUs |-> NotRead]
    /\ ry = [t \in CPUs |-> NotRead]
    /\ gen = 0

Go(t, p) == pc' = [pc EXCEPT ![t] = p]

(***************************************************************************)
(* mcs_spin_lock                                                           *)
(***************************************************************************)
\* Leaving the non-critical section: node->locked = 0. Not fair.
InitLocked(t) ==
    /\ pc[t] = "ncs"
    /\ M!Store(t, LLocked(t), 0, O("init_locked"))
    /\ Go(t, "init_next")
    /\ UNCHANGED << prev, succ, rx, ry, gen >>

\* node->next = NULL
InitNext(t) ==
    /\ pc[t] = "init_next"
    /\ M!Store(t, LNext(t), Nil, O("init_next"))
    /\ Go(t, "xchg_tail")
    /\ UNCHANGED << prev, succ, rx, ry, gen >>

\* prev = xchg(lock, node); if (likely(prev == NULL)) return;
XchgTail(t) ==
    /\ pc[t] = "xchg_tail"
    /\ M!RmwReady(t, LTail, O("xchg_tail"))
    /\ M!RmwWrite(t, LTail, t, O("xchg_tail"))
    /\ prev' = [prev EXCEPT ![t] = M!RmwRead(LTail)]
    /\ Go(t, IF M!RmwRead(LTail) = Nil THEN "cs_read" ELSE "link_prev")
    /\ UNCHANGED << succ, rx, ry, gen >>

\* WRITE_ONCE(prev->next, node)
LinkPrev(t) ==
    /\ pc[t] = "link_prev"
    /\ M!Store(t, LNext(prev[t]), t, O("link_prev"))
    /\ prev' = [prev EXCEPT ![t] = Nil]
    /\ Go(t, "spin_locked")
    /\ UNCHANGED << succ, rx, ry, gen >>

\* smp_cond_load_acquire(&node->locked, VAL): an await on reading 1.
SpinLocked(t) ==
    /\ pc[t] = "spin_locked"
    /\ M!Load(t, LLocked(t)) = 1
    /\ Go(t, "cs_read")
    /\ UNCHANGED << mem, buf, prev, succ, rx, ry, gen >>

(***************************************************************************)
(* The critical section                                                    *)
(***************************************************************************)
\* Where CsRead may be satisfied early: every lock-taking access still ahead
\* of it lets a younger load pass (see the header).
EarlyRead(t) ==
    \/ pc[t] \in {"link_prev", "spin_locked"} /\ M!LoadsEarly(O("spin_locked"))
    \/ pc[t] \in {"init_next", "xchg_tail"}
       /\ M!LoadsEarly(O("xchg_tail")) /\ M!LoadsEarly(O("spin_locked"))

\* The critical section's actions (CriticalSection.tla), each behind its
\* program counter so that TLC names and counts it as this module's.
ReadEarly(t) == EarlyRead(t) /\ CS!CsLoadEarly(t)
CsRead(t)    == pc[t] = "cs_read"    /\ CS!CsLoad(t)
CsWriteX(t)  == pc[t] = "cs_write_x" /\ CS!CsStoreX(t)
CsWriteY(t)  == pc[t] = "cs_write_y" /\ CS!CsStoreY(t)

(***************************************************************************)
(* mcs_spin_unlock                                                         *)
(***************************************************************************)
\* next = READ_ONCE(node->next)
UnlockReadNext(t) ==
    /\ pc[t] = "unlock_read_next"
    /\ succ' = [succ EXCEPT ![t] = M!Load(t, LNext(t))]
    /\ Go(t, IF M!Load(t, LNext(t)) = Nil THEN "unlock_cmpxchg" ELSE "unlock_handoff")
    /\ UNCHANGED << mem, buf, prev, rx, ry, gen >>

\* if (likely(cmpxchg_release(lock, node, NULL) == node)) return;
UnlockCmpxchg(t) ==
    /\ pc[t] = "unlock_cmpxchg"
    /\ M!RmwReady(t, LTail, O("unlock_cmpxchg"))
    /\ IF M!RmwRead(LTail) = t
       THEN /\ M!RmwWrite(t, LTail, Nil, O("unlock_cmpxchg"))
            /\ Go(t, "ncs")
       ELSE /\ M!RmwFail(t)
            /\ Go(t, "unlock_wait_next")
    /\ UNCHANGED << prev, succ, rx, ry, gen >>

\* while (!(next = READ_ONCE(node->next))) cpu_relax();
UnlockWaitNext(t) ==
    /\ pc[t] = "unlock_wait_next"
    /\ M!Load(t, LNext(t)) # Nil
    /\ succ' = [succ EXCEPT ![t] = M!Load(t, LNext(t))]
    /\ Go(t, "unlock_handoff")
    /\ UNCHANGED << mem, buf, prev, rx, ry, gen >>

\* arch_mcs_spin_unlock_contended: smp_store_release(&next->locked, 1)
UnlockHandoff(t) ==
    /\ pc[t] = "unlock_handoff"
    /\ M!Store(t, LLocked(succ[t]), 1, O("unlock_handoff"))
    /\ succ' = [succ EXCEPT ![t] = Nil]
    /\ Go(t, "ncs")
    /\ UNCHANGED << prev, rx, ry, gen >>

(***************************************************************************)
(* The specification                                                       *)
(***************************************************************************)
LockStep(t) ==
    \/ InitNext(t) \/ XchgTail(t) \/ LinkPrev(t) \/ SpinLocked(t)
    \/ CsRead(t) \/ CsWriteX(t) \/ CsWriteY(t)
    \/ UnlockReadNext(t) \/ UnlockCmpxchg(t) \/ UnlockWaitNext(t) \/ UnlockHandoff(t)

Drain(t) == M!Drain(t) /\ UNCHANGED << pc, prev, succ, rx, ry, gen >>

Next == \E t \in CPUs : InitLocked(t) \/ LockStep(t) \/ ReadEarly(t) \/ Drain(t)

\* Each CPU keeps taking its lock steps and its buffer keeps draining; an
\* early read is a choice the hardware may make, never one it must. Under WMO
\* a buffered RMW write holds the tail, so another CPU's RMW there is enabled
\* only now and then: strong fairness on the two RMWs says the atomics make
\* progress (arm64's LSE SWP and CAS do; an LL/SC loop needs its own argument).
Fairness == \A t \in CPUs :
    /\ WF_vars(LockStep(t)) /\ WF_vars(Drain(t))
    /\ SF_vars(XchgTail(t)) /\ SF_vars(UnlockCmpxchg(t))

Spec == Init /\ [][Next]_vars /\ Fairness

(***************************************************************************)
(* The properties (Properties.tla's catalogue)                            *)
(***************************************************************************)
MutualExclusion   == P!MutualExclusion
DeadlockFreedom   == P!DeadlockFreedom
StarvationFreedom == P!StarvationFreedom
\* A holder reads the data as the last holder left it: x and y both equal gen.
Seen(t) == CS!Seen(t)
HandoffVisibility == P!HandoffVisibility(CS!Readers, Seen, gen)

(***************************************************************************)
(* Witnesses (docs/vacuity.md): the model reorders what it claims to.      *)
(***************************************************************************)
\* Three stores of one CPU in flight at once, free to land out of order under WMO.
NeverThreeInFlight == \A t \in CPUs : M!InFlight(t) < 3
\* Under WMO: a CPU at its tail exchange while another's buffered RMW write holds the tail.
NeverTailHeld == ~\E t \in CPUs : pc[t] = "xchg_tail" /\ M!HeldByOther(t, LTail)
=============================================================================
