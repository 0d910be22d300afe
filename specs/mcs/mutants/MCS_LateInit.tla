--------------------------- MODULE MCS_LateInit ----------------------------
(***************************************************************************)
(* Mutant of MCS: node->locked = 0 moved after the node is published      *)
(* (after WRITE_ONCE(prev->next, node)). The predecessor can hand off in  *)
(* between, and the late initialisation erases the hand-off. The kernel   *)
(* initialises the node before xchg for exactly this reason.             *)
(* Expected: DeadlockFreedom violated: TLC's deadlock check reaches a     *)
(* state where every thread spins, the lost hand-off having stranded the  *)
(* queue.                                                                  *)
(***************************************************************************)
EXTENDS MCS

\* Mutant-only state: has thread t initialised node->locked in this round?
\* (Kept out of pc so that the base spec's pc sets still classify the thread.)
VARIABLE initDone
mvars == << vars, initDone >>

\* The thread leaves its non-critical section without initialising locked.
StartLate(t) ==
    /\ pc[t] = "ncs"
    /\ pc' = [pc EXCEPT ![t] = "init_next"]
    /\ UNCHANGED << tail, next, locked, prev, succ, ahead, bypass, initDone >>

\* WRITE_ONCE(prev->next, node); node->locked = 0;  (mutant: init after link)
InitLockedLate(t) ==
    /\ pc[t] = "spin_locked"
    /\ ~initDone[t]
    /\ locked' = [locked EXCEPT ![t] = 0]
    /\ initDone' = [initDone EXCEPT ![t] = TRUE]
    /\ UNCHANGED << tail, next, pc, prev, succ, ahead, bypass >>

\* smp_cond_load_acquire(&node->locked, VAL), once the late store of 0 is done
\* (SpinLocked, after InitLockedLate).
SpinLockedAfterInit(t) ==
    /\ pc[t] = "spin_locked"
    /\ initDone[t]
    /\ locked[t] = 1
    /\ pc' = [pc EXCEPT ![t] = "cs"]
    /\ EnterCS(t, ahead)
    /\ initDone' = [initDone EXCEPT ![t] = FALSE]
    /\ UNCHANGED << tail, next, locked, prev, succ >>

MutantReplaced == {"InitLocked", "SpinLocked"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

MutantLockStep(t) ==
    \/ LockStep(t) /\ UNCHANGED initDone
    \/ InitLockedLate(t) \/ SpinLockedAfterInit(t)

MutantSpec ==
    /\ Init /\ initDone = [t \in Threads |-> FALSE]
    /\ [][\E t \in Threads : StartLate(t) \/ MutantLockStep(t)]_mvars
    /\ \A t \in Threads : WF_mvars(MutantLockStep(t))
=============================================================================
