------------------------- MODULE SpinIsLocked_NoMb -------------------------
(***************************************************************************)
(* Mutant of SpinIsLocked: spin_is_locked() without the smp_mb(), as on   *)
(* powerpc since commit 66f60522138c (and arm64 since c6f5d02b6a0f). With *)
(* TakeKind "store" each CPU's lock-taking store can wait in its buffer   *)
(* while it reads the other lock from memory, and both enter. Expected:   *)
(* MutualExclusion violated. With TakeKind "xchg" the take itself drains  *)
(* the buffer, and the check needs no barrier: expected to hold.          *)
(***************************************************************************)
EXTENDS SpinIsLocked

\* return !arch_spin_value_unlocked(READ_ONCE(*lock));   (no smp_mb())
MutantReplaced == {"IsLocked"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

MutantLockStep(c) == LockStep(c) \/ Check(c)

MutantSpec ==
    /\ Init
    /\ [][\E c \in CPUs : Start(c) \/ MutantLockStep(c) \/ MemFlush(c)]_vars
    /\ \A c \in CPUs : WF_vars(MutantLockStep(c)) /\ WF_vars(MemFlush(c))
=============================================================================
