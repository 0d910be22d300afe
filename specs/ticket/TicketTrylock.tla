---------------------------- MODULE TicketTrylock ----------------------------
(***************************************************************************)
(* Variant of Ticket (variant ticket-trylock): the same two counters seen *)
(* as one lock word, as arm64 laid out its ticket spinlock before it      *)
(* moved to qspinlock (arch/arm64/include/asm/spinlock.h: a 32-bit word,  *)
(* owner in the low 16 bits, next in the high 16 bits), with a second way *)
(* in, arch_spin_trylock.                                                  *)
(*                                                                         *)
(* Ticket counts mpl_users as the last ticket drawn; arm64's next is the  *)
(* ticket the next caller will draw, so next = Inc(users) and owner =     *)
(* serving. The lock is free when owner = next (no ticket in use). With   *)
(* R = 1 (no recursion) the inherited lock and unlock steps are arm64's:  *)
(*                                                                         *)
(*   arch_spin_lock(lock):                                                 *)
(*     the call, no nesting (R = 1)                    MpLockDepth         *)
(*     my = fetch-and-add(next, 1), old next (ldadda)  MpLockTicket        *)
(*     wait until owner == my (ldaxrh, wfe)            MpLockSpin          *)
(*   arch_spin_unlock(lock):                                               *)
(*     owner = owner + 1, the load half (ldrh)         MpUnlock            *)
(*     owner = owner + 1, the store (stlrh / staddlh)  MpUnlockStore       *)
(*   arch_spin_trylock(lock):                                              *)
(*     old = load(lock word), go on if owner == next   ArchSpinTrylockRead *)
(*     seen = cas(lock word, old, old with next + 1)   ArchSpinTrylockCas  *)
(*       success: seen == old, the whole word                              *)
(*                                                                         *)
(* arch_spin_trylock is two shared accesses: a load of the word and a     *)
(* compare-and-swap (casa with LSE atomics) that returns the word it      *)
(* found in memory. It succeeds exactly when the word is unchanged since  *)
(* the load; otherwise it returns 0 and the CPU goes back to what it was  *)
(* doing. The word repeats after 2^W draws, but an equal word that is     *)
(* free is a free lock, so the comparison of the whole word is correct   *)
(* for any W with 2^W >= N. Comparing less than the whole word is not:   *)
(* specs/ticket/mutants/Ticket_TrylockAba.tla (Linux 202fb4ef81e3, arm64).       *)
(*                                                                         *)
(* Nothing in Ticket changes: its models keep their verdicts. This module *)
(* adds one variable (the trylock's local copy of the word), one program  *)
(* counter value ("try_cas") and its own Spec, TrylockSpec.               *)
(***************************************************************************)
EXTENDS Ticket

VARIABLE seen   \* local of arch_spin_trylock: the word its load read, or NoWord

tvars == << vars, seen >>

\* A lock word as arm64 holds it: the next ticket to draw and the ticket served.
Word(nx, ow) == [next |-> nx, owner |-> ow]
LockWord == Word(Inc(users), serving)
NoWord   == Word(M, M)                      \* no counter value: outside the trylock
Words    == [next : Counter, owner : Counter]

TrylockPCs == { "try_cas" }

TrylockTypeOK ==
    /\ users \in Counter
    /\ serving \in Counter
    /\ ticket \in [Threads -> Counter]
    /\ depth \in [Threads -> 0 .. R]
    /\ reentries \in [Threads -> 0 .. (R - 1)]
    /\ loaded \in [Threads -> Counter]
    /\ pc \in [Threads -> PCs \cup TrylockPCs]
    /\ seen \in [Threads -> Words \cup { NoWord }]
    /\ \A t \in Threads : (seen[t] # NoWord) <=> (pc[t] = "try_cas")
    /\ ahead \in [Threads -> SUBSET Threads]
    /\ bypass \in [Threads -> Nat]

TrylockInit == Init /\ seen = [t \in Threads |-> NoWord]

\* t has taken the lock through the trylock with the ticket my (the old
\* next): it passed the doorway and entered the critical section in one step.
TrylockEnter(t, my) ==
    /\ ticket' = [ticket EXCEPT ![t] = my]
    /\ depth' = [depth EXCEPT ![t] = 1]
    /\ reentries' = [reentries EXCEPT ![t] = 0]
    /\ pc' = [pc EXCEPT ![t] = "cs"]
    /\ seen' = [seen EXCEPT ![t] = NoWord]
    /\ EnterCS(t, P!AheadAtDoorway(ahead, t, Waiting))

\* t's trylock returns 0: back where it was called, nothing held.
TrylockGiveUp(t) ==
    /\ pc' = [pc EXCEPT ![t] = "ncs"]
    /\ seen' = [seen EXCEPT ![t] = NoWord]
    /\ UNCHANGED << ticket, depth, reentries, ahead, bypass >>

\* arch_spin_trylock: old = READ_ONCE(*lock); if (old.owner != old.next)
\* return 0. The call and the load of the word. A load that finds the lock
\* taken returns 0 at once and changes nothing, a stutter, so only a load
\* that finds it free is a step. A choice of the program: not fair.
ArchSpinTrylockRead(t) ==
    /\ "ArchSpinTrylockRead" \notin Replaced
    /\ pc[t] = "ncs"
    /\ LockWord.owner = LockWord.next
    /\ seen' = [seen EXCEPT ![t] = LockWord]
    /\ pc' = [pc EXCEPT ![t] = "try_cas"]
    /\ UNCHANGED << users, serving, ticket, depth, reentries, loaded, ahead, bypass >>

\* arch_spin_trylock: found = cas(lock, old, old with next + 1); return
\* found == old (the whole word, the CAS's own success test; Linux
\* 202fb4ef81e3). The CAS writes only when the word is the one loaded.
ArchSpinTrylockCas(t) ==
    /\ "ArchSpinTrylockCas" \notin Replaced
    /\ pc[t] = "try_cas"
    /\ IF LockWord = seen[t]
       THEN /\ users' = Inc(users)              \* next + 1: the ticket seen[t].next is t's
            /\ TrylockEnter(t, seen[t].next)
       ELSE /\ UNCHANGED users
            /\ TrylockGiveUp(t)
    /\ UNCHANGED << serving, loaded >>

(***************************************************************************)
(* The specification with the trylock. A CPU outside the lock may call    *)
(* arch_spin_lock or arch_spin_trylock; a CPU that loaded the word goes   *)
(* on to its CAS (weak fairness, as every lock step).                      *)
(***************************************************************************)
TrylockLockStep(t) ==
    \/ LockStep(t) /\ UNCHANGED seen
    \/ ArchSpinTrylockCas(t)

TrylockNext ==
    \E t \in Threads :
        \/ MpLockDepth(t) /\ UNCHANGED seen
        \/ ArchSpinTrylockRead(t)
        \/ TrylockLockStep(t)

TrylockSpec ==
    /\ TrylockInit
    /\ [][TrylockNext]_tvars
    /\ \A t \in Threads : WF_tvars(TrylockLockStep(t))

(***************************************************************************)
(* Witnesses (manifest "witness" entries, expected to fail on the passing *)
(* model they twin). Either outcome of arch_spin_trylock ends in a state  *)
(* that another path reaches too (a failed trylock leaves the CPU where   *)
(* it was; a successful one looks like a lock that was free), so each     *)
(* witness is the state in which the CAS, the CPU's only step, is enabled *)
(* with that outcome: TLC takes it there.                                  *)
(***************************************************************************)
\* The CAS fails: the word changed since the trylock's load (another CPU
\* drew a ticket, or the holder's unlock moved owner on).
NeverTrylockFails == \A t \in Threads : pc[t] = "try_cas" => LockWord = seen[t]

\* The CAS succeeds: the word is still the free word the load read.
NeverTrylockSucceeds == \A t \in Threads : pc[t] = "try_cas" => LockWord # seen[t]
=============================================================================
