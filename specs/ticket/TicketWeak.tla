------------------------------ MODULE TicketWeak ------------------------------
(***************************************************************************)
(* OpenBSD's ticket lock (__mp_lock in sys/kern/kern_lock.c, as           *)
(* Ticket.tla) on the memory layer (Memory.tla), with shared data in the   *)
(* critical section, as MCSWeak.tla does for MCS. Recursion is left out:   *)
(* each acquisition draws a ticket (Ticket.tla checks mplc_depth).         *)
(*                                                                         *)
(*   __mp_lock(mpl):                                                       *)
(*     ticket = atomic_inc_int_nv(&mpl->mpl_users)  MpLockTicket  relaxed *)
(*     __mp_lock_spin(mpl, ticket);                                        *)
(*     membar_enter_after_atomic()            MpLockSpin    acquire        *)
(*   __mp_unlock(mpl):                                                     *)
(*     mpl->mpl_ticket++ (the load)           MpUnlock      once           *)
(*     membar_exit(); mpl->mpl_ticket++ (the store)  MpUnlockStore release *)
(*                                                                         *)
(* OpenBSD's atomic operations imply no barrier (membar_sync(9)); the     *)
(* membar_enter_after_atomic() after the spin orders the spin's last load *)
(* before the critical section, which makes the spin an acquire here, and *)
(* membar_exit() before the store makes it a release. The critical        *)
(* section is CriticalSection.tla's: CsRead, CsWriteX, CsWriteY, plain   *)
(* accesses, and HandoffVisibility asks that a holder read what the last  *)
(* one left.                                                               *)
(*                                                                         *)
(* Under WMO the critical section's loads may be satisfied while the CPU  *)
(* still spins, when the spin is not an acquire (EarlyRead); Weaken       *)
(* changes the orders as in MCSWeak ("access:order" strings).              *)
(***************************************************************************)
EXTENDS Naturals, Sequences, FiniteSets

CONSTANTS
    N,              \* CPUs, reacquiring forever
    W,              \* counter width in bits (counters are taken mod 2^W)
    MemoryModel,    \* "SC", "TSO" or "WMO" (Memory.tla)
    BufferDepth,    \* store-buffer entries per CPU (Memory.tla)
    Weaken          \* a set of "access:order": accesses whose order is not the code's

ASSUME NAssumption == N \in Nat /\ N >= 1
ASSUME WAssumption == W \in Nat /\ W >= 1 /\ 2 ^ W >= N
\* Memory.tla states these too, but TLC checks only the assumptions of the root module.
ASSUME MemoryModelAssumption == MemoryModel \in {"SC", "TSO", "WMO"}
ASSUME BufferDepthAssumption == BufferDepth \in Nat /\ BufferDepth >= 1

CPUs    == 1 .. N
Threads == CPUs         \* the name Properties.tla uses
Cnt     == 2 ^ W
Inc(c)  == (c + 1) % Cnt

\* The orders in kern_lock.c, with the barriers folded into the accesses they order.
Kernel == [mp_lock_ticket  |-> "relaxed", mp_lock_spin    |-> "acquire",
           mp_unlock_load  |-> "once",    mp_unlock_store |-> "release"]

\* The locations, << name, 0 >> (Memory.tla).
LUsers   == << "mpl_users", 0 >>
LServing == << "mpl_ticket", 0 >>

VARIABLES
    mem,        \* the memory (Memory.tla)
    buf,        \* every CPU's store buffer (Memory.tla)
    pc,         \* program counter of every CPU
    ticket,     \* the ticket each CPU drew (cpu->mplc_ticket)
    loaded,     \* the value MpUnlock loaded from mpl_ticket
    rx, ry,     \* the critical section's reads (NotRead before)
    gen         \* ghost: critical sections completed, modulo 2

vars == << mem, buf, pc, ticket, loaded, rx, ry, gen >>

M == INSTANCE Memory

\* The critical section (CriticalSection.tla), over this spec's variables.
CS == INSTANCE CriticalSection WITH lockVars <- << ticket, loaded >>, AfterCs <- "unlock_load"
NotRead == CS!NotRead
LX      == CS!LX
LY      == CS!LY

Locs     == {LUsers, LServing, LX, LY}

ASSUME WeakenAssumption == M!WeakenValid(Kernel, Weaken)

\* The order of access a in this model.
O(a) == M!OrderOf(Kernel, Weaken, a)

TryingPCs == { "take_ticket", "spin" }
CsPCs     == { "cs_read", "cs_write_x", "cs_write_y" }
UnlockPCs == { "unlock_load", "unlock_store" }
PCs       == { "ncs" } \cup TryingPCs \cup CsPCs \cup UnlockPCs

Holders   == { t \in CPUs : pc[t] \in CsPCs }
TryingSet == { t \in CPUs : pc[t] \in TryingPCs }

P == INSTANCE Properties WITH trying <- TryingSet, holders <- Holders

TypeOK ==
    /\ pc \in [CPUs -> PCs]
    /\ ticket \in [CPUs -> 0 .. (Cnt - 1)]
    /\ loaded \in [CPUs -> 0 .. (Cnt - 1)]
    /\ rx \in [CPUs -> {0, 1, NotRead}]
    /\ ry \in [CPUs -> {0, 1, NotRead}]
    /\ gen \in {0, 1}
    /\ DOMAIN mem = Locs
    /\ \A t \in CPUs : Len(buf[t]) <= BufferDepth

Init ==
    \* __mp_lock_init: mpl_users = 0, mpl_ticket = 1
    /\ mem = [l \in Locs |-> IF l = LServing THEN 1 ELSE 0]
    /\ buf = M!EmptyBuffers
    /\ pc = [t \in CPUs |-> "ncs"]
    /\ ticket = [t \in CPUs |-> 0]
    /\ loaded = [t \in CPUs |-> 0]
    /\ rx = [t \in CPUs |-> NotRead]
    /\ ry = [t \in CPUs |-> NotRead]
    /\ gen = 0

Go(t, p) == pc' = [pc EXCEPT ![t] = p]

\* A CPU calls __mp_lock. Not fair: a CPU may never ask for the lock.
MpLockStart(t) ==
    /\ pc[t] = "ncs"
    /\ Go(t, "take_ticket")
    /\ UNCHANGED << mem, buf, ticket, loaded, rx, ry, gen >>

\* cpu->mplc_ticket = atomic_inc_int_nv(&mpl->mpl_users), the doorway
MpLockTicket(t) ==
    /\ pc[t] = "take_ticket"
    /\ M!RmwReady(t, LUsers, O("mp_lock_ticket"))
    /\ M!RmwWrite(t, LUsers, Inc(M!RmwRead(LUsers)), O("mp_lock_ticket"))
    /\ ticket' = [ticket EXCEPT ![t] = Inc(M!RmwRead(LUsers))]
    /\ Go(t, "spin")
    /\ UNCHANGED << loaded, rx, ry, gen >>

\* __mp_lock_spin: while (mpl->mpl_ticket != me); then membar_enter_after_atomic()
MpLockSpin(t) ==
    /\ pc[t] = "spin"
    /\ M!Load(t, LServing) = ticket[t]
    /\ Go(t, "cs_read")
    /\ UNCHANGED << mem, buf, ticket, loaded, rx, ry, gen >>

\* The critical section's actions (CriticalSection.tla), each behind its
\* program counter so that TLC names and counts it as this module's.
ReadEarly(t) == pc[t] \in TryingPCs /\ M!LoadsEarly(O("mp_lock_spin")) /\ CS!CsLoadEarly(t)
CsRead(t)    == pc[t] = "cs_read"    /\ CS!CsLoad(t)
CsWriteX(t)  == pc[t] = "cs_write_x" /\ CS!CsStoreX(t)
CsWriteY(t)  == pc[t] = "cs_write_y" /\ CS!CsStoreY(t)

\* __mp_unlock: mpl->mpl_ticket++, its load
MpUnlock(t) ==
    /\ pc[t] = "unlock_load"
    /\ loaded' = [loaded EXCEPT ![t] = M!Load(t, LServing)]
    /\ Go(t, "unlock_store")
    /\ UNCHANGED << mem, buf, ticket, rx, ry, gen >>

\* __mp_unlock: membar_exit(); mpl->mpl_ticket++, its store: the hand-off
MpUnlockStore(t) ==
    /\ pc[t] = "unlock_store"
    /\ M!Store(t, LServing, Inc(loaded[t]), O("mp_unlock_store"))
    /\ Go(t, "ncs")
    /\ UNCHANGED << ticket, loaded, rx, ry, gen >>

LockStep(t) ==
    \/ MpLockTicket(t) \/ MpLockSpin(t) \/ CsRead(t) \/ CsWriteX(t) \/ CsWriteY(t)
    \/ MpUnlock(t) \/ MpUnlockStore(t)

Drain(t) == M!Drain(t) /\ UNCHANGED << pc, ticket, loaded, rx, ry, gen >>

Next == \E t \in CPUs : MpLockStart(t) \/ LockStep(t) \/ ReadEarly(t) \/ Drain(t)

\* As MCSWeak: weak fairness of each CPU's steps and drains, strong fairness of
\* the RMW, whose location another CPU's buffered RMW write may hold now and then.
Fairness == \A t \in CPUs :
    /\ WF_vars(LockStep(t)) /\ WF_vars(Drain(t))
    /\ SF_vars(MpLockTicket(t))

Spec == Init /\ [][Next]_vars /\ Fairness

MutualExclusion   == P!MutualExclusion
DeadlockFreedom   == P!DeadlockFreedom
StarvationFreedom == P!StarvationFreedom
Seen(t) == CS!Seen(t)
HandoffVisibility == P!HandoffVisibility(CS!Readers, Seen, gen)

\* Witness: three stores of one CPU in flight at once (x, y and the hand-off).
NeverThreeInFlight == \A t \in CPUs : M!InFlight(t) < 3

\* Witness of the 3-CPU models: two CPUs wait in __mp_lock_spin behind a holder,
\* so the next hand-off must pick the right one of them (no 2-CPU model has it).
NeverTwoWaitBehindHolder == ~(Holders # {} /\ Cardinality({t \in CPUs : pc[t] = "spin"}) >= 2)
=============================================================================
