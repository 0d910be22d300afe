--------------------- MODULE QSpinlock_SplitSetLocked ---------------------
(***************************************************************************)
(* Mutant of QSpinlock: set_locked, in the whole-word form a port without  *)
(* byte stores needs, done as a read of the word and a store of it with    *)
(* the locked bit set instead of an atomic or. A CPU that swaps the tail   *)
(* between the two has its tail overwritten by the stale one. The same    *)
(* mistake as java-models QSpinLockMutants.SplitSetLocked.                 *)
(***************************************************************************)
EXTENDS QSpinlock

\* Mutant-only state: the word set_locked read, per context, as a set of at
\* most one word ({} until it has read). Kept out of pc, so that the base
\* spec's pc sets still place the context at set_locked.
VARIABLE stash
mvars == << vars, stash >>

\* set_locked (mutant, first half): old = atomic_read(&lock->val)
SetLockedLoad(x) ==
    /\ Running(x)
    /\ UNCHANGED vstate
    /\ pc[x] = "set_locked"
    /\ stash[x] = {}
    /\ stash' = [stash EXCEPT ![x] = {L(x)}]
    /\ UNCHANGED algvars
    /\ NoAux

\* set_locked (mutant, second half): atomic_set(&lock->val, old | _Q_LOCKED_VAL)
SetLockedStore(x) ==
    /\ Running(x)
    /\ UNCHANGED vstate
    /\ pc[x] = "set_locked"
    /\ stash[x] # {}
    /\ SetL(x, [(CHOOSE w \in stash[x] : TRUE) EXCEPT !.locked = 1])
    /\ stash' = [stash EXCEPT ![x] = {}]
    /\ Goto(x, "mcs_handoff")
    /\ Enter(x, ahead)
    /\ UNCHANGED << nlocked, nnext, count, depth, irqUsed, v, cnt, node, prev >>

MutantReplaced == {"SetLocked"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

MutantStep(x) == (Step(x) /\ UNCHANGED stash) \/ SetLockedLoad(x) \/ SetLockedStore(x)
MutantNext == (Next /\ UNCHANGED stash) \/ \E x \in Ctx : SetLockedLoad(x) \/ SetLockedStore(x)
MutantSpec ==
    /\ Init /\ stash = [x \in Ctx |-> {}]
    /\ [][MutantNext]_mvars
    /\ \A x \in Ctx : WF_mvars(MutantStep(x))
=============================================================================
