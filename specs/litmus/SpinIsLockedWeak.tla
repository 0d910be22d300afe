--------------------------- MODULE SpinIsLockedWeak ---------------------------
(***************************************************************************)
(* Crossed locking with qspinlock's own orders, on the memory layer        *)
(* (Memory.tla): each CPU takes its lock, then asks whether the other's is *)
(* held, and enters the crossed region only when it is not (the pattern   *)
(* of sem_lock and netfilter that SpinIsLocked.tla models over x86's       *)
(* store buffer).                                                          *)
(*                                                                         *)
(*   queued_spin_lock(mine):                                               *)
(*     atomic_try_cmpxchg_acquire(&lock->val, 0, _Q_LOCKED_VAL)  Take      *)
(*   smp_mb()                     (only when Fence)       Fence            *)
(*   queued_spin_is_locked(other):                                         *)
(*     atomic_read(&lock->val)                            ReadOther        *)
(*                                                                         *)
(* An acquire RMW orders later accesses after its read, not after its      *)
(* write: under WMO its store may still be on its way when the read of the *)
(* other lock is satisfied, so both CPUs can see the other's lock free and *)
(* both enter. x86 makes the cmpxchg a locked instruction, which drains    *)
(* the buffer; so does smp_mb(), the barrier powerpc's 66f60522138c added   *)
(* (and arm64's c6f5d02b6a0f) for callers of spin_is_locked.               *)
(*                                                                         *)
(* TakeBy = "store" makes the take a store instead (the litmus family's    *)
(* Java takes: a plain, opaque or release VarHandle store; each CPU's own  *)
(* lock is free in this pattern, so a store takes it as an RMW would).     *)
(* The read's order does not matter here: it is its CPU's only load, so   *)
(* there is no older load for it to pass; what orders it after the take   *)
(* is the fence or, under TSO, the RMW's drain.                            *)
(***************************************************************************)
EXTENDS Naturals, Sequences, FiniteSets

CONSTANTS
    MemoryModel,    \* "SC", "TSO" or "WMO" (Memory.tla)
    TakeBy,         \* "rmw": the take is a cmpxchg (qspinlock's); "store": a store
    TakeOrder,      \* its order: an RMW order ("acquire" for qspinlock), or a store's
    Fence           \* TRUE: smp_mb() between the take and the read

\* Memory.tla states it too, but TLC checks only the assumptions of the root module.
ASSUME MemoryModelAssumption == MemoryModel \in {"SC", "TSO", "WMO"}
ASSUME TakeByAssumption == TakeBy \in {"rmw", "store"}
ASSUME FenceAssumption == Fence \in BOOLEAN

CPUs    == {1, 2}
Threads == CPUs         \* the name Properties.tla uses
Other(c) == 3 - c
LLock(c) == << "lock", c >>

VARIABLES mem, buf, pc

vars == << mem, buf, pc >>

M == INSTANCE Memory WITH BufferDepth <- 1   \* one store (the take) per CPU

\* The take's order is one the layer has for its kind of access.
ASSUME TakeOrderAssumption == TakeOrder \in IF TakeBy = "rmw" THEN M!RmwOrders ELSE M!StoreOrders

Holders   == { c \in CPUs : pc[c] = "crossed" }
TryingSet == { c \in CPUs : pc[c] \in {"take", "fence", "read_other"} }

P == INSTANCE Properties WITH trying <- TryingSet, holders <- Holders

TypeOK ==
    /\ pc \in [CPUs -> {"take", "fence", "read_other", "crossed", "give_up"}]
    /\ DOMAIN mem = {LLock(c) : c \in CPUs}

Init ==
    /\ mem = [l \in {LLock(c) : c \in CPUs} |-> 0]
    /\ buf = M!EmptyBuffers
    /\ pc = [c \in CPUs |-> "take"]

\* atomic_try_cmpxchg_acquire(&lock->val, 0, _Q_LOCKED_VAL): each CPU's own lock is free.
\* With TakeBy = "store": WRITE_ONCE(lock->val, _Q_LOCKED_VAL) in TakeOrder.
Take(c) ==
    /\ pc[c] = "take"
    /\ IF TakeBy = "rmw"
       THEN /\ M!RmwReady(c, LLock(c), TakeOrder)
            /\ M!RmwRead(LLock(c)) = 0
            /\ M!RmwWrite(c, LLock(c), 1, TakeOrder)
       ELSE M!Store(c, LLock(c), 1, TakeOrder)
    /\ pc' = [pc EXCEPT ![c] = IF Fence THEN "fence" ELSE "read_other"]

\* smp_mb()
FenceStep(c) ==
    /\ pc[c] = "fence"
    /\ M!MbReady(c)
    /\ pc' = [pc EXCEPT ![c] = "read_other"]
    /\ UNCHANGED << mem, buf >>

\* queued_spin_is_locked(other): atomic_read, no ordering
ReadOther(c) ==
    /\ pc[c] = "read_other"
    /\ pc' = [pc EXCEPT ![c] = IF M!Load(c, LLock(Other(c))) = 0 THEN "crossed" ELSE "give_up"]
    /\ UNCHANGED << mem, buf >>

Drain(c) == M!Drain(c) /\ UNCHANGED pc

Done == \A c \in CPUs : pc[c] \in {"crossed", "give_up"} /\ buf[c] = << >>

Next == (\E c \in CPUs : Take(c) \/ FenceStep(c) \/ ReadOther(c) \/ Drain(c)) \/ (Done /\ UNCHANGED vars)

Spec == Init /\ [][Next]_vars

MutualExclusion == P!MutualExclusion

\* Witness: a CPU reads the other's lock held and gives up (the check does decide).
NeverGivesUp == \A c \in CPUs : pc[c] # "give_up"
=============================================================================
