-------------------------------- MODULE PVSteps --------------------------------
(***************************************************************************)
(* PV with one step per shared-memory access where PV.tla merges four      *)
(* of its lost-wake-up paths (docs/merges.md lists every merge):           *)
(*                                                                         *)
(*   pv_wait_node, after smp_store_mb(pn->state, vcpu_halted):             *)
(*     WaitNodeRecheck   READ_ONCE(node->locked); a set locked skips       *)
(*                       pv_wait;                                          *)
(*     WaitNodePvWait    pv_wait(&pn->state, vcpu_halted): halt if the     *)
(*                       state is still vcpu_halted (KVM checks and halts  *)
(*                       with interrupts off: one step);                   *)
(*   pv_wait_head_or_lock, before the queue head sleeps:                   *)
(*     WaitHeadStoreState  WRITE_ONCE(pn->state, vcpu_hashed);             *)
(*     WaitHeadPvWait      pv_wait(&lock->locked, _Q_SLOW_VAL): halt if    *)
(*                         the locked byte is still _Q_SLOW_VAL;           *)
(*   pv_kick_node, by the holder after the hand-off:                       *)
(*     KickCmpxchg       cmpxchg(&pn->state, vcpu_halted, vcpu_hashed);    *)
(*                       a failure returns;                                *)
(*     KickSlowVal       WRITE_ONCE(lock->locked, _Q_SLOW_VAL);            *)
(*     KickHash          pv_hash(lock, pn);                                *)
(*   __pv_queued_spin_unlock and its slowpath:                             *)
(*     UnlockCmpxchg     cmpxchg_release(&lock->locked, _Q_LOCKED_VAL, 0); *)
(*                       done unless the byte was _Q_SLOW_VAL;             *)
(*     UnlockUnhash      node = pv_unhash(lock);                           *)
(*     UnlockRelease     smp_store_release(&lock->locked, 0);              *)
(*     UnlockKick        pv_kick(node->cpu).                               *)
(*                                                                         *)
(* PV.tla takes each group as one step (WaitNodeSleep, WaitHeadSleep,      *)
(* KickNode, UnlockPv), with the reasons its header gives: between the     *)
(* waiter's two reads the only stores are the hand-off's node->locked and  *)
(* then pv_kick_node's cmpxchg, in that order; the lock word is the        *)
(* holder's and nothing reads the hash entry before the holder's own       *)
(* unlock; while _Q_SLOW_VAL is set nobody else touches the lock's entry.  *)
(* Here those stores and reads interleave with everything else: a waiter   *)
(* that read node->locked = 0 and halts after the hand-off, a queue head   *)
(* that finds its state vcpu_hashed before the lock is hashed or           *)
(* _Q_SLOW_VAL set, an unlock between the head's state store and its       *)
(* pv_wait, a lock taken again between an unlock's release and its kick.   *)
(*                                                                         *)
(* What TLC checks: the same properties as PV on the same sizes            *)
(* (PVSteps_N2 against PV_N2, with preemption and liveness; PVSteps_N3     *)
(* against PV_N3, safety and WakeupComing), not a refinement mapping.      *)
(* A split run is not step by step a merged run: the waiter halts on a     *)
(* node->locked it read earlier, where the merged step would read the      *)
(* new value and not halt. The header's argument is a reduction (every     *)
(* split run ends where a reordered merged run ends), which a refinement   *)
(* mapping would need a prophecy variable to state.                        *)
(*                                                                         *)
(* The phases (pl.ph) added: "pvwait" between the waiter's two steps,      *)
(* "headwait" between the head's two, "kickslow" and "kickhash" of the     *)
(* holder, whose kick target pl.kt stays set until KickHash, so that its   *)
(* unlock (UnlockCmpxchg needs pl.kt = Nil) waits for the hash as in the   *)
(* kernel's program order; "unhash", "release" and "kick" of the           *)
(* unlocker, which keeps the node it unhashed in pl.kt until its pv_kick   *)
(* and, back at ncs after the release, starts no new acquisition before    *)
(* that (StepsStart). The other steps of pv_wait_head_or_lock keep their   *)
(* merged form here.                                                       *)
(***************************************************************************)
EXTENDS PV

\* pv_wait_node: if (!READ_ONCE(node->locked)), after the halted store. Recheck = FALSE: the
\* read is left out and pv_wait always follows (mutant PVSteps_NoRecheck).
WaitNodeRecheckWith(x, Recheck) ==
    /\ Runs(x)
    /\ pc[x] = "spin_locked" /\ Phase(x, "wait")
    /\ pl' = [pl EXCEPT !.ph[x] = IF ~Recheck \/ nlocked[node[x]] = 0 THEN "pvwait" ELSE "wake"]
    /\ QKeep /\ UNCHANGED << pvn, hsh, hv >>
WaitNodeRecheck(x) == Runs(x) /\ WaitNodeRecheckWith(x, TRUE)

\* pv_wait(&pn->state, vcpu_halted): the vCPU halts if its node's state is still vcpu_halted
\* (pv_kick_node's cmpxchg may have made it vcpu_hashed).
WaitNodePvWait(x) ==
    /\ Runs(x)
    /\ pc[x] = "spin_locked" /\ Phase(x, "pvwait")
    /\ hv' = [hv EXCEPT !.halted[x[1]] = pvn.st[node[x]] = "halted"]
    /\ pl' = [pl EXCEPT !.ph[x] = "wake"]
    /\ QKeep /\ UNCHANGED << pvn, hsh >>

\* pv_wait_head_or_lock: WRITE_ONCE(pn->state, St) before its pv_wait ("pv-wait-early": waithist +=
\* PV_WAIT_INC first). St is vcpu_hashed since the double-hash fix; vcpu_halted
\* before it (mutant PVSteps_DoubleHash).
WaitHeadStoreStateWith(x, St) ==
    /\ Runs(x)
    /\ pc[x] = "head_wait" /\ Phase(x, "sleep")
    /\ pvn' = [pvn EXCEPT !.st[node[x]] = St,
                          !.wh[x[1]] = IF Variant = "pv-wait-early" /\ @ < WaithistMax
                                       THEN @ + WaitInc ELSE @]
    /\ pl' = [pl EXCEPT !.ph[x] = "headwait"]
    /\ QKeep /\ UNCHANGED << hsh, hv >>
WaitHeadStoreState(x) == Runs(x) /\ WaitHeadStoreStateWith(x, "hashed")

\* pv_wait(&lock->locked, _Q_SLOW_VAL): the head halts if the locked byte is still _Q_SLOW_VAL
\* (the unlock may have released the lock and kicked meanwhile).
WaitHeadPvWait(x) ==
    /\ Runs(x)
    /\ pc[x] = "head_wait" /\ Phase(x, "headwait")
    /\ hv' = [hv EXCEPT !.halted[x[1]] = L(x).locked = SlowVal]
    /\ pl' = [pl EXCEPT !.ph[x] = "top"]
    /\ QKeep /\ UNCHANGED << pvn, hsh >>

\* pv_kick_node: smp_mb__before_atomic(); cmpxchg_relaxed(&pn->state, vcpu_halted,
\* vcpu_hashed). A successor that is not vcpu_halted will see its locked: return.
KickCmpxchg(x) ==
    /\ Runs(x)
    /\ pc[x] = "cs" /\ pl.kt[x] # Nil /\ Phase(x, "start")
    /\ IF pvn.st[pl.kt[x]] = "halted"
       THEN /\ pvn' = [pvn EXCEPT !.st[pl.kt[x]] = "hashed"]
            /\ pl' = [pl EXCEPT !.ph[x] = "kickslow"]
       ELSE /\ pl' = [pl EXCEPT !.kt[x] = Nil]
            /\ UNCHANGED pvn
    /\ QKeep /\ UNCHANGED << hsh, hv >>

\* pv_kick_node: WRITE_ONCE(lock->locked, _Q_SLOW_VAL).
KickSlowVal(x) ==
    /\ Runs(x)
    /\ pc[x] = "cs" /\ Phase(x, "kickslow")
    /\ SetL(x, [L(x) EXCEPT !.locked = SlowVal])
    /\ pl' = [pl EXCEPT !.ph[x] = "kickhash"]
    /\ UNCHANGED << nlocked, nnext, count, depth, irqUsed, pc, v, cnt, node, prev, vstate, pvn, hsh, hv >>
    /\ NoAux

\* pv_kick_node: pv_hash(lock, pn); pv_kick_node returns.
KickHash(x) ==
    /\ Runs(x)
    /\ pc[x] = "cs" /\ Phase(x, "kickhash")
    /\ AddEntry(pl.kt[x])
    /\ pl' = [pl EXCEPT !.ph[x] = "start", !.kt[x] = Nil]
    /\ QKeep /\ UNCHANGED << pvn, hv >>

\* __pv_queued_spin_unlock: cmpxchg_release(&lock->locked, _Q_LOCKED_VAL, 0). It fails only on
\* _Q_SLOW_VAL, and the slowpath follows; Slow is the phase it goes to (a
\* mutant releases first).
UnlockCmpxchgTo(x, Slow) ==
    /\ Runs(x)
    /\ pc[x] = "cs" /\ Phase(x, "start") /\ pl.kt[x] = Nil /\ pl.sb[x[1]] = Nil
    /\ IF L(x).locked = SlowVal
       THEN /\ pl' = [pl EXCEPT !.ph[x] = Slow]
            /\ UNCHANGED << lk, pc >>
       ELSE /\ SetL(x, [L(x) EXCEPT !.locked = 0])
            /\ Goto(x, "ncs")
            /\ UNCHANGED pl
    /\ UNCHANGED << nlocked, nnext, count, depth, irqUsed, v, cnt, node, prev, vstate, pvn, hsh, hv >>
    /\ NoAux
UnlockCmpxchg(x) == Runs(x) /\ UnlockCmpxchgTo(x, "unhash")

\* __pv_queued_spin_unlock_slowpath: node = pv_unhash(lock), which removes the entry it finds;
\* After is the phase that follows.
UnlockUnhashThen(x, After) ==
    /\ Runs(x)
    /\ Phase(x, "unhash")
    /\ \E n \in Nodes : /\ hsh[n] > 0 /\ HashedFor(n, LockOf(x))
                        /\ hsh' = [hsh EXCEPT ![n] = @ - 1]
                        /\ pl' = [pl EXCEPT !.ph[x] = After, !.kt[x] = n]
    /\ QKeep /\ UNCHANGED << pvn, hv >>
UnlockUnhash(x) == Runs(x) /\ pc[x] = "cs" /\ UnlockUnhashThen(x, "release")

\* smp_store_release(&lock->locked, 0): the lock is free and its owner back at ncs; After is the
\* phase after it (the kick, or the unhash in the mutant).
UnlockReleaseThen(x, After) ==
    /\ Runs(x)
    /\ pc[x] = "cs" /\ Phase(x, "release")
    /\ SetL(x, [L(x) EXCEPT !.locked = 0])
    /\ Goto(x, "ncs")
    /\ pl' = [pl EXCEPT !.ph[x] = After]
    /\ UNCHANGED << nlocked, nnext, count, depth, irqUsed, v, cnt, node, prev, vstate, pvn, hsh, hv >>
    /\ NoAux
UnlockRelease(x) == Runs(x) /\ UnlockReleaseThen(x, "kick")

\* pv_kick(node->cpu): the vCPU of the node unhashed runs again.
UnlockKick(x) ==
    /\ Runs(x)
    /\ pc[x] = "ncs" /\ Phase(x, "kick")
    /\ hv' = [hv EXCEPT !.halted[NodeCpu(pl.kt[x])] = FALSE]
    /\ pl' = [pl EXCEPT !.ph[x] = "start", !.kt[x] = Nil]
    /\ QKeep /\ UNCHANGED << pvn, hsh >>

\* A new acquisition waits until the unlock's pv_kick is done.
StepsStart(x) == ~Phase(x, "kick") /\ ~Phase(x, "unhash") /\ PvStart(x)

\* The split unlock's steps, Unhash and Release as given (a mutant swaps their order).
UnlockStepsWith(x, Cmpxchg(_), Unhash(_), Rel(_)) ==
    \/ Cmpxchg(x) \/ Unhash(x) \/ Rel(x) \/ UnlockKick(x)

\* PV's hooks with the split steps; a mutant swaps the re-check, the head's state store or
\* the unlock's steps.
StepsHooksWith5(x, Recheck(_), HeadStore(_), Cmpxchg(_), Unhash(_), Rel(_)) ==
    \/ WaitNodeSpin(x) \/ WaitNodeHalt(x) \/ Recheck(x) \/ WaitNodePvWait(x) \/ WaitNodeWake(x)
    \/ WaitHeadTop(x) \/ WaitHeadSpin(x) \/ WaitHeadHash(x) \/ WaitHeadSlow(x)
    \/ HeadStore(x) \/ WaitHeadPvWait(x)
    \/ KickCmpxchg(x) \/ KickSlowVal(x) \/ KickHash(x)
    \/ UnlockStepsWith(x, Cmpxchg, Unhash, Rel)
    \/ UnfairTrylockRead(x) \/ UnfairTrylockCas(x)
StepsHooksWith(x, Recheck(_), HeadStore(_)) ==
    StepsHooksWith5(x, Recheck, HeadStore, UnlockCmpxchg, UnlockUnhash, UnlockRelease)
StepsHooks(x) == StepsHooksWith(x, WaitNodeRecheck, WaitHeadStoreState)
\* A mutant's Next: PvNextWith with the guarded start.
StepsNextWith(S(_)) == (\E x \in Ctx : StepsStart(x) \/ InterruptPv(x) \/ S(x)) \/ Hypervisor
StepsStep(x) == PvStepWith(x, StepsHooks)

\* StepsStep's Next written out action by action, as PvNext is (TLC names each step).
StepsNext ==
    \/ \E x \in Ctx :
          \/ StepsStart(x) \/ InterruptPv(x)
          \/ QueuePv(x) \/ XchgTailPv(x) \/ LinkPrevPv(x) \/ HeadCmpxchgPv(x)
          \/ SetLockedPv(x) \/ McsHandoffPv(x) \/ FastPathQueuePv(x) \/ NativeRestPv(x)
          \/ WaitNodeSpin(x) \/ WaitNodeHalt(x) \/ WaitNodeRecheck(x) \/ WaitNodePvWait(x)
          \/ WaitNodeWake(x)
          \/ WaitHeadTop(x) \/ WaitHeadSpin(x) \/ WaitHeadHash(x) \/ WaitHeadSlow(x)
          \/ WaitHeadStoreState(x) \/ WaitHeadPvWait(x)
          \/ KickCmpxchg(x) \/ KickSlowVal(x) \/ KickHash(x)
          \/ UnlockCmpxchg(x) \/ UnlockUnhash(x) \/ UnlockRelease(x) \/ UnlockKick(x)
          \/ UnfairTrylockRead(x) \/ UnfairTrylockCas(x)
    \/ Hypervisor

\* PvFairness with the split step.
StepsFairness == /\ IF Preemption THEN \A x \in Ctx : SF_allvars(StepsStep(x))
                                   ELSE \A x \in Ctx : WF_allvars(StepsStep(x))
                 /\ \A c \in Cpus : WF_allvars(Resched(c))
StepsSpec == PvInit /\ [][StepsNext]_allvars /\ StepsFairness

\* The split phases never stay behind: a holder's pending kick target is a
\* node still queued behind it or its successor (QSpinlock's view of the queue).
StepsTypeOK ==
    /\ PvTypeOK
    /\ \A x \in Ctx : Phase(x, "pvwait") => pc[x] = "spin_locked"
    /\ \A x \in Ctx : Phase(x, "headwait") => pc[x] = "head_wait"
    /\ \A x \in Ctx : (Phase(x, "kickslow") \/ Phase(x, "kickhash")) => pc[x] = "cs" /\ pl.kt[x] # Nil
    /\ \A x \in Ctx : Phase(x, "kick") => pc[x] = "ncs" /\ pl.kt[x] # Nil

\* HashConsistent as the kernel keeps it. pv_kick_node stores _Q_SLOW_VAL
\* before its pv_hash, and the unlock's slowpath unhashes before it stores
\* 0, so between KickSlowVal and KickHash, and between UnlockUnhash and
\* UnlockRelease, the locked byte is _Q_SLOW_VAL with no entry: PV's
\* merged KickNode and UnlockPv hide those states, and its HashConsistent
\* (_Q_SLOW_VAL => an entry) does not hold here. Only the holder reads
\* the pair then (which is why the kernel needs no atomic in
\* pv_kick_node), so the split form asks for the entry outside them.
KickInFlight(Lk) == \E x \in Ctx : LockOf(x) = Lk /\ (Phase(x, "kickhash") \/ Phase(x, "release"))
StepsHashConsistent ==
    \A Lk \in Locks : P(Lk)!HashConsistent(HashEntries, Nodes, lk[Lk].locked = SlowVal /\ ~KickInFlight(Lk))

\* Witnesses (expected to fail on PVSteps_N2): each split gap is reached.
\* The hand-off lands between the waiter's re-check and its pv_wait, which
\* then halts on the node state alone.
NeverHandoffInRecheckGap ==
    \A x \in Ctx : ~ (pc[x] = "spin_locked" /\ Phase(x, "pvwait") /\ nlocked[node[x]] # 0)
\* Between its release and its pv_kick, the unlocker has let another
\* context take the lock (the woken head, or a stealer).
NeverUnlockGap ==
    \A x, y \in Ctx : ~ (Phase(x, "kick") /\ y # x /\ pc[y] \in OwnPCs)
\* The unlock releases the lock between the head's state store and its
\* pv_wait, which then finds the locked byte no longer _Q_SLOW_VAL.
NeverHeadWaitGap ==
    \A x \in Ctx : ~ (pc[x] = "head_wait" /\ Phase(x, "headwait") /\ L(x).locked # SlowVal)
\* The kicked waiter (woken spuriously, its state already vcpu_hashed) has
\* gone on to pv_wait_head_or_lock before the holder hashed the lock.
NeverKickGap ==
    \A x, y \in Ctx : ~ (/\ Phase(x, "kickslow") \/ Phase(x, "kickhash")
                         /\ node[y] = pl.kt[x] /\ pc[y] = "head_wait")
=============================================================================
