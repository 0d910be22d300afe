------------------------- MODULE CNA_SpinLockedOne --------------------------
(***************************************************************************)
(* Mutant of CNA (all policies), the MCS wait of a queued waiter          *)
(* (arch_mcs_spin_lock_contended): the patch waits for node->locked == 1   *)
(* (e.g. smp_cond_load_acquire(&node->locked, VAL == 1)) instead of any    *)
(* non-zero value, missing that CNA hands a local successor the secondary *)
(* queue's head pointer in locked; that successor never leaves its wait   *)
(* and the lock is lost for everyone. Property: DeadlockFreedom.           *)
(***************************************************************************)
EXTENDS CNA

\* The natives CNA replaces, and the MCS wait.
MutantReplaced == CnaReplaced \cup {"SpinLocked"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

\* arch_mcs_spin_lock_contended(&node->locked), waiting for the value 1 (mutant)
SpinLockedOne(x) ==
    /\ Running(x) /\ UNCHANGED vstate
    /\ pc[x] = "spin_locked"
    /\ nlocked[node[x]] = 1
    /\ Goto(x, "head_wait")
    /\ UNCHANGED << lk, nlocked, nnext, count, depth, irqUsed, v, cnt, node, prev >>
    /\ NoAux

MutantStep(x) == CnaStep(x) \/ SpinLockedOne(x)
MutantNext == \E x \in Ctx : Start(x) \/ Interrupt(x) \/ MutantStep(x)
MutantSpec == Init /\ [][MutantNext]_vars /\ \A x \in Ctx : WF_vars(MutantStep(x))
MutantFairSpec == MutantSpec /\ \A x \in Ctx : SF_vars(PassLockNoSearch(x))
=============================================================================
