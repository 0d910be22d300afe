-------------------------- MODULE PVSteps_KickTail ---------------------------
(***************************************************************************)
(* Written against PVSteps: PV with one step per shared-memory access.     *)
(* Mutant of PV: the holder's pv_kick_node is given the node the lock's   *)
(* tail names rather than `next', the node it has just handed the MCS     *)
(* lock to. The two are the same node whenever at most one waiter queues *)
(* behind the holder, which is all two vCPUs can do; with three, next may *)
(* be halted in pv_wait_node with the lock while a later waiter is the    *)
(* tail: the kick (the cmpxchg to vcpu_hashed and the hash entry) goes to *)
(* that later waiter, and next is never woken.                             *)
(***************************************************************************)
EXTENDS PVSteps

\* pv_kick_node(lock, decode_tail(tail)): its cmpxchg on the tail's node  (mutant)
KickCmpxchgTail(x) == Runs(x) /\ KickCmpxchgOn(x, L(x).tail)
MutantReplaced == PvReplaced \cup {"KickCmpxchg"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

MutantStep(x)  == StepsStep(x) \/ KickCmpxchgTail(x)
MutantNext == StepsNext \/ \E x \in Ctx : KickCmpxchgTail(x)

MutantSpec == PvInit /\ [][MutantNext]_allvars
              /\ \A x \in Ctx : SF_allvars(MutantStep(x))
              /\ \A c \in Cpus : WF_allvars(Resched(c))
=============================================================================
