------------------------------- MODULE Ticket -------------------------------
(***************************************************************************)
(* The ticket lock of OpenBSD's kernel and scheduler locks, __mp_lock in  *)
(* sys/kern/kern_lock.c: a next-ticket counter (mpl_users), a now-serving *)
(* counter (mpl_ticket), no backoff, and recursion: each CPU keeps its    *)
(* ticket and a depth count (struct __mp_lock_cpu: mplc_ticket,           *)
(* mplc_depth), takes a ticket only when its depth goes from 0 to 1 and   *)
(* hands the lock on only when it goes back to 0.                          *)
(*                                                                         *)
(* The counters are W bits wide: every counter value is taken mod 2^W,    *)
(* so a model with a small W wraps around after a few acquisitions. The   *)
(* lock is correct exactly when no two tickets in use at once are equal,  *)
(* that is when 2^W >= N; with fewer ticket values than CPUs, a waiter    *)
(* can draw the holder's ticket and enter beside it.                       *)
(*                                                                         *)
(* One action per shared-memory access, named after the code it models:   *)
(*                                                                         *)
(*   __mp_lock(mpl):                                                       *)
(*     if (cpu->mplc_depth++ == 0)             MpLockDepth  (CPU-local)    *)
(*       cpu->mplc_ticket =                                                *)
(*           atomic_inc_int_nv(&mpl->mpl_users)  MpLockTicket (doorway)   *)
(*     __mp_lock_spin(mpl, cpu->mplc_ticket):                              *)
(*       while (mpl->mpl_ticket != me) ;       MpLockSpin                  *)
(*     membar_enter_after_atomic()               (ordering: Java port)    *)
(*   __mp_unlock(mpl):                                                     *)
(*     if (--cpu->mplc_depth == 0) {           MpUnlock (with the load    *)
(*       membar_exit();                          half of mpl_ticket++)    *)
(*       mpl->mpl_ticket++;                    MpUnlockStore (the store)  *)
(*     }                                                                   *)
(*                                                                         *)
(* mpl_ticket++ is a plain read-modify-write (only the holder writes the  *)
(* counter), so its load and its store are two steps. Initially           *)
(* mpl_users = 0 and mpl_ticket = 1 (__mp_lock_init), and                 *)
(* atomic_inc_int_nv returns the incremented value, so the first ticket   *)
(* drawn is the one being served.                                          *)
(*                                                                         *)
(* The model is sequentially consistent; membar_enter_after_atomic and    *)
(* membar_exit are the Java port's business (java-models TicketLock).      *)
(***************************************************************************)
EXTENDS Naturals, FiniteSets

CONSTANTS
    N,      \* number of CPUs
    W,      \* counter width in bits: counters are taken mod 2^W
    R,      \* recursion bound: the deepest mplc_depth a CPU reaches
    Replaced  \* names of actions a mutant replaces ({} natively)
\* The actions a mutant may replace; the last two are TicketTrylock's (it EXTENDS this).
ActionNames == { "MpLockDepth", "MpLockTicket", "MpLockSpin", "MpUnlock", "MpUnlockStore",
                 "ArchSpinTrylockRead", "ArchSpinTrylockCas" }
ASSUME NAssumption == N \in Nat /\ N >= 1
ASSUME ReplacedAssumption == Replaced \subseteq ActionNames
ASSUME WAssumption == W \in Nat /\ W >= 1
ASSUME RAssumption == R \in Nat /\ R >= 1

Threads == 1 .. N
Nil     == 0                \* no thread (for QueueWellFormed)
M       == 2 ^ W            \* number of distinct counter values
Inc(c)  == (c + 1) % M      \* a W-bit increment

VARIABLES
    users,      \* mpl_users: the last ticket drawn
    serving,    \* mpl_ticket: the ticket now served
    ticket,     \* mplc_ticket of every CPU
    depth,      \* mplc_depth of every CPU
    reentries,  \* nested __mp_lock calls in the current acquisition (see MpLockDepth)
    loaded,     \* local of __mp_unlock: the mpl_ticket value its load read
    pc,         \* program counter of every CPU
    ahead,      \* auxiliary, for BoundedBypass (see Properties)
    bypass      \* auxiliary, for BoundedBypass

vars == << users, serving, ticket, depth, reentries, loaded, pc, ahead, bypass >>

(***************************************************************************)
(* Program counter values, grouped by where the CPU is.                   *)
(***************************************************************************)
TryingPCs  == { "take_ticket", "spin" }
WaitingPCs == { "spin" }                            \* past the doorway
HoldingPCs == { "cs", "nested_spin" }               \* inside, at any depth
UnlockPCs  == { "unlock_store" }
PCs        == { "ncs" } \cup TryingPCs \cup HoldingPCs \cup UnlockPCs

Holders    == { t \in Threads : pc[t] \in HoldingPCs }
TryingSet  == { t \in Threads : pc[t] \in TryingPCs }
Waiting    == { t \in Threads : pc[t] \in WaitingPCs }
\* CPUs that hold a ticket: past the doorway, and not yet released.
Queued     == { t \in Threads : pc[t] \in WaitingPCs \cup HoldingPCs \cup UnlockPCs }

\* The property catalogue, instantiated for this lock.
P == INSTANCE Properties WITH trying <- TryingSet, holders <- Holders

Counter == 0 .. (M - 1)

TypeOK ==
    /\ users \in Counter
    /\ serving \in Counter
    /\ ticket \in [Threads -> Counter]
    /\ depth \in [Threads -> 0 .. R]
    /\ reentries \in [Threads -> 0 .. (R - 1)]
    /\ loaded \in [Threads -> Counter]
    /\ pc \in [Threads -> PCs]
    /\ ahead \in [Threads -> SUBSET Threads]
    /\ bypass \in [Threads -> Nat]

Init ==
    /\ users = 0                    \* __mp_lock_init: mpl_users = 0
    /\ serving = 1 % M              \*                 mpl_ticket = 1
    /\ ticket = [t \in Threads |-> 0]
    /\ depth = [t \in Threads |-> 0]
    /\ reentries = [t \in Threads |-> 0]
    /\ loaded = [t \in Threads |-> 0]
    /\ pc = [t \in Threads |-> "ncs"]
    /\ ahead = [t \in Threads |-> {}]
    /\ bypass = [t \in Threads |-> 0]

\* t enters the critical section (its outermost acquisition), given the
\* ahead sets as they are at that moment.
EnterCS(t, aheadNow) ==
    /\ bypass' = P!BypassAtEntry(bypass, aheadNow, t)
    /\ ahead'  = P!AheadAtEntry(aheadNow, t)

(***************************************************************************)
(* __mp_lock                                                               *)
(***************************************************************************)
\* if (cpu->mplc_depth++ == 0): a CPU calls __mp_lock, from outside (depth 0
\* to 1, it will draw a ticket) or while holding the lock (a nested call:
\* no ticket, only the spin, which its own ticket passes at once). A CPU-local
\* step, and a choice of the program, so it is not fair. A holder makes at most
\* R - 1 nested calls per acquisition: the critical section is finite.
MpLockDepth(t) ==
    \/ /\ pc[t] = "ncs"
       /\ depth' = [depth EXCEPT ![t] = 1]
       /\ reentries' = [reentries EXCEPT ![t] = 0]
       /\ pc' = [pc EXCEPT ![t] = "take_ticket"]
    \/ /\ pc[t] = "cs"
       /\ depth[t] < R
       /\ reentries[t] < R - 1
       /\ depth' = [depth EXCEPT ![t] = @ + 1]
       /\ reentries' = [reentries EXCEPT ![t] = @ + 1]
       /\ pc' = [pc EXCEPT ![t] = "nested_spin"]
    /\ UNCHANGED << users, serving, ticket, loaded, ahead, bypass >>
    /\ "MpLockDepth" \notin Replaced

\* cpu->mplc_ticket = atomic_inc_int_nv(&mpl->mpl_users)
\* The doorway: from here on the CPU's place in line is fixed.
MpLockTicket(t) ==
    /\ "MpLockTicket" \notin Replaced
    /\ pc[t] = "take_ticket"
    /\ users' = Inc(users)
    /\ ticket' = [ticket EXCEPT ![t] = Inc(users)]
    /\ pc' = [pc EXCEPT ![t] = "spin"]
    /\ ahead' = P!AheadAtDoorway(ahead, t, Waiting)
    /\ UNCHANGED << serving, depth, reentries, loaded, bypass >>

\* __mp_lock_spin: while (mpl->mpl_ticket != me) CPU_BUSY_CYCLE();
\* The spin is an await: enabled once mpl_ticket names the CPU's ticket.
\* A nested call spins the same way; its own ticket is being served.
MpLockSpin(t) ==
    /\ "MpLockSpin" \notin Replaced
    /\ pc[t] \in { "spin", "nested_spin" }
    /\ serving = ticket[t]
    /\ pc' = [pc EXCEPT ![t] = "cs"]
    /\ IF pc[t] = "spin" THEN EnterCS(t, ahead)
                         ELSE UNCHANGED << ahead, bypass >>
    /\ UNCHANGED << users, serving, ticket, depth, reentries, loaded >>

(***************************************************************************)
(* __mp_unlock                                                             *)
(***************************************************************************)
\* if (--cpu->mplc_depth == 0) { membar_exit(); mpl->mpl_ticket++ (load) }
\* A nested release only counts down; the outermost one leaves the critical
\* section and reads mpl_ticket for its increment.
MpUnlock(t) ==
    /\ "MpUnlock" \notin Replaced
    /\ pc[t] = "cs"
    /\ depth' = [depth EXCEPT ![t] = @ - 1]
    /\ IF depth[t] = 1
       THEN /\ loaded' = [loaded EXCEPT ![t] = serving]
            /\ pc' = [pc EXCEPT ![t] = "unlock_store"]
       ELSE UNCHANGED << loaded, pc >>
    /\ UNCHANGED << users, serving, ticket, reentries, ahead, bypass >>

\* mpl->mpl_ticket++ (store): the next ticket is served.
MpUnlockStore(t) ==
    /\ "MpUnlockStore" \notin Replaced
    /\ pc[t] = "unlock_store"
    /\ serving' = Inc(loaded[t])
    /\ loaded' = [loaded EXCEPT ![t] = 0]     \* the local is dead from here
    /\ pc' = [pc EXCEPT ![t] = "ncs"]
    /\ UNCHANGED << users, ticket, depth, reentries, ahead, bypass >>

(***************************************************************************)
(* The specification. LockStep(t) is every step of CPU t except the calls *)
(* of __mp_lock (MpLockDepth). A mutant (mutants/) sets Replaced to the    *)
(* names of the actions it replaces, which disables them here, and adds    *)
(* its own New(t): its MutantLockStep(t) is LockStep(t) \/ New(t).         *)
(***************************************************************************)
LockStep(t) ==
    \/ MpLockTicket(t) \/ MpLockSpin(t) \/ MpUnlock(t) \/ MpUnlockStore(t)

\* Every step of CPU t (trace validation follows one CPU's step per event).
ThreadNext(t) == MpLockDepth(t) \/ LockStep(t)

Next == \E t \in Threads : ThreadNext(t)

\* Weak fairness of each CPU: a CPU that can take a lock or unlock step keeps
\* taking them (a holder eventually calls __mp_unlock); nothing forces a CPU
\* to call __mp_lock.
Fairness == \A t \in Threads : WF_vars(LockStep(t))

Spec == Init /\ [][Next]_vars /\ Fairness

(***************************************************************************)
(* The properties, under their catalogue names (see Properties).          *)
(***************************************************************************)
\* The line the tickets form: after a ticket comes the next ticket value, if a
\* CPU holding a ticket has it and the line goes on (the last ticket drawn is
\* mpl_users). The line is well formed when the tickets in use are distinct
\* and consecutive, from the one served to the last one drawn.
Succ(n) ==
    IF ticket[n] = users THEN Nil
    ELSE IF \E u \in Queued : ticket[u] = Inc(ticket[n])
         THEN CHOOSE u \in Queued : ticket[u] = Inc(ticket[n])
         ELSE Nil

Last ==
    IF \E u \in Queued : ticket[u] = users
    THEN CHOOSE u \in Queued : ticket[u] = users
    ELSE Nil

MutualExclusion   == P!MutualExclusion
QueueWellFormed   == P!QueueWellFormed(Queued, Last, Succ, Nil)
BoundedBypass     == P!BoundedBypass(bypass, 0)      \* a ticket lock is FIFO
DeadlockFreedom   == P!DeadlockFreedom
StarvationFreedom == P!StarvationFreedom

\* Witness (a manifest "witness" entry, expected to fail on the passing model
\* it twins): a W-bit counter wrapped around. mpl_users starts at 0 and the
\* first ticket drawn is 1, so a ticket 0 in use was drawn by an
\* atomic_inc_int_nv that carried mpl_users from 2^W - 1 to 0; mpl_ticket
\* starts at 1 and is 0 only after mpl_ticket++ carried it the same way.
NeverWraps == serving # 0 /\ \A t \in Queued : ticket[t] # 0
=============================================================================
