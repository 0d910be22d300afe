-------------------------- MODULE Ticket_TrylockAba --------------------------
(***************************************************************************)
(* Mutant of TicketTrylock: arch_spin_trylock decides whether it took the *)
(* lock from 16 bits of the word its CAS returned, the next field, which  *)
(* it compares with the owner it expected, instead of comparing the whole *)
(* word with the one it loaded. The arm64 ticket lock with LSE atomics    *)
(* did this until Linux 202fb4ef81e3 ("arm64: spinlock: Fix theoretical  *)
(* trylock() A-B-A with LSE atomics").                                    *)
(*                                                                         *)
(* When the CAS succeeds the two tests agree. When it fails, next may     *)
(* still be the value loaded: while this CPU was between its load and its *)
(* CAS, 2^W tickets were drawn (next went all the way round) and the      *)
(* owner moved, so the word differs in its owner half. The CAS wrote      *)
(* nothing, but the 16-bit test passes and the CPU enters the critical    *)
(* section beside the real holder. In the kernel that takes 65536 draws   *)
(* in the window; with W = 1 it takes two: another CPU locks, unlocks and *)
(* locks again. Expected: MutualExclusion violated (N = 2, W = 1 and      *)
(* W = 2).                                                                 *)
(***************************************************************************)
EXTENDS TicketTrylock

\* arch_spin_trylock: found = cas(lock, old, old with next + 1); return
\* found.next == old.owner (mutant: the next field alone decides).
MutantTrylockCas(t) ==
    /\ pc[t] = "try_cas"
    /\ users' = IF LockWord = seen[t] THEN Inc(users) ELSE users   \* the CAS itself is correct
    /\ IF LockWord.next = seen[t].owner
       THEN TrylockEnter(t, seen[t].next)      \* "success", whether or not the CAS wrote
       ELSE TrylockGiveUp(t)
    /\ UNCHANGED << serving, loaded >>

MutantReplaced == {"ArchSpinTrylockCas"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

MutantLockStep(t) == TrylockLockStep(t) \/ MutantTrylockCas(t)

MutantSpec ==
    /\ TrylockInit
    /\ [][\E t \in Threads : (MpLockDepth(t) /\ UNCHANGED seen)
                             \/ ArchSpinTrylockRead(t)
                             \/ MutantLockStep(t)]_tvars
    /\ \A t \in Threads : WF_tvars(MutantLockStep(t))
=============================================================================
