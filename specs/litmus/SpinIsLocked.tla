---------------------------- MODULE SpinIsLocked ----------------------------
(***************************************************************************)
(* Crossed locking over store buffers: why spin_is_locked() had an        *)
(* smp_mb() on powerpc until 2021 (commit 66f60522138c dropped it, as     *)
(* arm64 had in 2018, commit c6f5d02b6a0f).                                *)
(*                                                                         *)
(* Two CPUs, each with its own lock: CPU 1 owns lock 1, CPU 2 lock 2.     *)
(* Each CPU, over and over, takes its own lock, checks whether the other  *)
(* CPU's lock is held, and enters a region the two must not share when it *)
(* is free; when it is held it gives up this round. This is the pattern   *)
(* of the sysv ipc sem_lock() and of netfilter that broke when the store *)
(* taking the lock became visible late.                                    *)
(*                                                                         *)
(* The memory is TSO-like: every CPU has a FIFO store buffer. A store     *)
(* enters its CPU's buffer; the buffer drains to memory one entry at a    *)
(* time at any moment (MemFlush) and holds at most BufSize stores (a CPU *)
(* with a full buffer waits); a load reads the newest entry for its       *)
(* address in its own buffer, else memory; smp_mb() waits until its own   *)
(* buffer is empty. POWER and arm64 reorder more than this, but a store   *)
(* delayed past a later load to another address is all the pattern needs *)
(* to break, and this model has exactly that.                              *)
(*                                                                         *)
(*   spin_lock(own)          Take: a buffered store (TakeKind "store": the *)
(*                           store half of an acquire RMW, which orders    *)
(*                           nothing before later loads), or a locked      *)
(*                           instruction that drains the buffer and writes *)
(*                           memory at once (TakeKind "xchg": x86's lock-  *)
(*                           prefixed RMW)                                 *)
(*   spin_is_locked(other)   IsLockedMb: smp_mb() then READ_ONCE, as       *)
(*                           before the change (the mutant                 *)
(*                           SpinIsLocked_NoMb drops the smp_mb)           *)
(*   the exclusive region    pc "cs"                                       *)
(*   spin_unlock(own)        Unlock: a buffered store of 0                 *)
(*   give up (other held)    GiveUp: a buffered store of 0                 *)
(***************************************************************************)
EXTENDS Naturals, Sequences, FiniteSets

CONSTANTS TakeKind,         \* "store" or "xchg"
          Replaced          \* names of actions a mutant replaces ({} natively)
ActionNames == { "Start", "Take", "IsLocked", "Unlock", "GiveUp" }
ASSUME TakeKindAssumption == TakeKind \in {"store", "xchg"}
ASSUME ReplacedAssumption == Replaced \subseteq ActionNames

CPUs == {1, 2}
Other(c) == 3 - c           \* the other CPU, and so the other lock

VARIABLES
    mem,        \* mem[l]: lock l's word in memory (1 held, 0 free)
    buf,        \* buf[c]: CPU c's store buffer, oldest first, of << lock, value >>
    pc          \* program counter of every CPU

vars == << mem, buf, pc >>

TryingPCs == { "take", "is_locked", "give_up" }
PCs       == { "ncs", "cs" } \cup TryingPCs

Holders   == { c \in CPUs : pc[c] = "cs" }
TryingSet == { c \in CPUs : pc[c] \in TryingPCs }

\* The property catalogue, instantiated for the two CPUs.
P == INSTANCE Properties WITH Threads <- CPUs, trying <- TryingSet, holders <- Holders

TypeOK ==
    /\ mem \in [CPUs -> {0, 1}]
    /\ buf \in [CPUs -> Seq(CPUs \X {0, 1})]
    /\ pc \in [CPUs -> PCs]

Init ==
    /\ mem = [l \in CPUs |-> 0]
    /\ buf = [c \in CPUs |-> << >>]
    /\ pc = [c \in CPUs |-> "ncs"]

\* A load by CPU c of lock l: the newest entry for l in c's own buffer, else memory.
RECURSIVE Forward(_, _, _)
Forward(s, l, dflt) ==
    IF s = << >> THEN dflt
    ELSE IF s[Len(s)][1] = l THEN s[Len(s)][2]
    ELSE Forward(SubSeq(s, 1, Len(s) - 1), l, dflt)

Load(c, l) == Forward(buf[c], l, mem[l])

\* A buffered store by CPU c; a CPU whose buffer is full waits for it to drain.
BufSize == 2
Store(c, l, v) ==
    /\ Len(buf[c]) < BufSize
    /\ buf' = [buf EXCEPT ![c] = Append(@, << l, v >>)]

(***************************************************************************)
(* The memory system                                                       *)
(***************************************************************************)
\* The oldest store in CPU c's buffer reaches memory.
MemFlush(c) ==
    /\ buf[c] # << >>
    /\ mem' = [mem EXCEPT ![Head(buf[c])[1]] = Head(buf[c])[2]]
    /\ buf' = [buf EXCEPT ![c] = Tail(@)]
    /\ UNCHANGED pc

(***************************************************************************)
(* The CPUs                                                                *)
(***************************************************************************)
\* A CPU leaves its non-critical code. Not fair: it may stay there.
Start(c) ==
    /\ "Start" \notin Replaced
    /\ pc[c] = "ncs"
    /\ pc' = [pc EXCEPT ![c] = "take"]
    /\ UNCHANGED << mem, buf >>

\* spin_lock(own). Only CPU c takes lock c, so the take needs no test.
Take(c) ==
    /\ "Take" \notin Replaced
    /\ pc[c] = "take"
    /\ IF TakeKind = "store"
       THEN /\ Store(c, c, 1)
            /\ UNCHANGED mem
       ELSE /\ buf[c] = << >>                 \* a locked instruction drains the buffer
            /\ mem' = [mem EXCEPT ![c] = 1]   \* and writes memory directly
            /\ UNCHANGED buf
    /\ pc' = [pc EXCEPT ![c] = "is_locked"]

\* if (!spin_is_locked(other)) enter, else give up: the read of the other lock.
\* Check(c) is the read itself; IsLockedMb(c) precedes it with smp_mb().
Check(c) ==
    /\ pc[c] = "is_locked"
    /\ pc' = [pc EXCEPT ![c] = IF Load(c, Other(c)) = 0 THEN "cs" ELSE "give_up"]
    /\ UNCHANGED << mem, buf >>

IsLockedMb(c) ==
    /\ buf[c] = << >>                         \* smp_mb(): wait until the buffer drained
    /\ Check(c)

\* spin_unlock(own), leaving the region.
Unlock(c) ==
    /\ "Unlock" \notin Replaced
    /\ pc[c] = "cs"
    /\ Store(c, c, 0)
    /\ pc' = [pc EXCEPT ![c] = "ncs"]
    /\ UNCHANGED mem

\* The other lock was held: spin_unlock(own) and try again later.
GiveUp(c) ==
    /\ "GiveUp" \notin Replaced
    /\ pc[c] = "give_up"
    /\ Store(c, c, 0)
    /\ pc' = [pc EXCEPT ![c] = "ncs"]
    /\ UNCHANGED mem

(***************************************************************************)
(* The specification. A mutant (mutants/) sets Replaced to the names of   *)
(* the actions it replaces, which disables them here, and adds its own     *)
(* New(c): its MutantLockStep(c) is LockStep(c) \/ New(c).                 *)
(***************************************************************************)
IsLocked(c) == "IsLocked" \notin Replaced /\ IsLockedMb(c)

LockStep(c) == Take(c) \/ IsLocked(c) \/ Unlock(c) \/ GiveUp(c)

Next == \E c \in CPUs : Start(c) \/ LockStep(c) \/ MemFlush(c)

\* Each CPU keeps taking its steps, and every store buffer keeps draining.
Fairness == \A c \in CPUs : WF_vars(LockStep(c)) /\ WF_vars(MemFlush(c))

Spec == Init /\ [][Next]_vars /\ Fairness

(***************************************************************************)
(* The property, under its catalogue name: both CPUs in the crossed      *)
(* region at once.                                                         *)
(***************************************************************************)
MutualExclusion == P!MutualExclusion

\* Witness (docs/vacuity.md): the exclusion is contested. A CPU's
\* spin_is_locked found the other CPU's lock held and it gives up this
\* round, so a pass is not the trivial one of two CPUs that never meet.
NeverGivesUp == \A c \in CPUs : pc[c] # "give_up"
=============================================================================
