------------------------ MODULE PVSteps_HeadWaitLocked -------------------------
(***************************************************************************)
(* Written against PVSteps: PV with one step per shared-memory access.     *)
(* Mutant of PV with Stealing: the queue head's pv_wait in                *)
(* pv_wait_head_or_lock halts while the lock is held at all (locked != 0) *)
(* rather than while the locked byte is _Q_SLOW_VAL. Without stealing the *)
(* two tests agree: the head sleeps only after its own xchg to, or        *)
(* pv_kick_node's store of, _Q_SLOW_VAL, and until the unlock nobody else *)
(* can own the lock. With stealing, a stealer that took the lock after    *)
(* that unlock holds it with _Q_LOCKED_VAL: the head (lp already set, so  *)
(* it does not hash again) halts, the stealer's unlock takes the fast     *)
(* path and kicks nobody, and the head sleeps with the lock free.        *)
(***************************************************************************)
EXTENDS PVSteps

\* pv_wait(&lock->locked, ...) halting while locked != 0  (mutant)
WaitHeadPvWaitLocked(x) == Runs(x) /\ WaitHeadPvWaitCond(x, L(x).locked # 0)
MutantReplaced == PvReplaced \cup {"WaitHeadPvWait"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

MutantStep(x)  == StepsStep(x) \/ WaitHeadPvWaitLocked(x)
MutantNext == StepsNext \/ \E x \in Ctx : WaitHeadPvWaitLocked(x)

MutantSpec == PvInit /\ [][MutantNext]_allvars
              /\ \A x \in Ctx : SF_allvars(MutantStep(x))
              /\ \A c \in Cpus : WF_allvars(Resched(c))
=============================================================================
