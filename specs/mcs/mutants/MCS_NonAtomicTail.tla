------------------------- MODULE MCS_NonAtomicTail -------------------------
(***************************************************************************)
(* Mutant of MCS: the doorway `prev = xchg(lock, node)' done as a plain   *)
(* load followed by a plain store. Two threads can both read a NULL tail  *)
(* and both take the lock. Expected: MutualExclusion violated.            *)
(***************************************************************************)
EXTENDS MCS

\* Mutant-only state: has thread t done the load half of its tail swap?
\* (Kept out of pc so that the base spec's pc sets still classify the thread:
\* it is before the doorway until the store.)
VARIABLE loaded
mvars == << vars, loaded >>

\* prev = READ_ONCE(lock->tail)   (mutant: first half of the xchg)
LoadTail(t) ==
    /\ pc[t] = "xchg_tail"
    /\ ~loaded[t]
    /\ prev' = [prev EXCEPT ![t] = tail]
    /\ loaded' = [loaded EXCEPT ![t] = TRUE]
    /\ UNCHANGED << tail, next, locked, pc, succ, ahead, bypass >>

\* WRITE_ONCE(lock->tail, node); if (prev == NULL) return;   (second half)
StoreTail(t) ==
    /\ pc[t] = "xchg_tail"
    /\ loaded[t]
    /\ loaded' = [loaded EXCEPT ![t] = FALSE]
    /\ tail' = t
    /\ LET aheadNow == P!AheadAtDoorway(ahead, t, Waiting) IN
         IF prev[t] = Nil
         THEN /\ pc' = [pc EXCEPT ![t] = "cs"]
              /\ EnterCS(t, aheadNow)
         ELSE /\ pc' = [pc EXCEPT ![t] = "link_prev"]
              /\ ahead' = aheadNow
              /\ UNCHANGED bypass
    /\ UNCHANGED << next, locked, prev, succ >>

MutantReplaced == {"XchgTail"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

MutantLockStep(t) ==
    \/ LockStep(t) /\ UNCHANGED loaded
    \/ LoadTail(t) \/ StoreTail(t)

MutantSpec ==
    /\ Init /\ loaded = [t \in Threads |-> FALSE]
    /\ [][\E t \in Threads : (InitLocked(t) /\ UNCHANGED loaded)
                             \/ MutantLockStep(t)]_mvars
    /\ \A t \in Threads : WF_mvars(MutantLockStep(t))
=============================================================================
