-------------------------------- MODULE PVSteps --------------------------------
(***************************************************************************)
(* PV with one step per shared-memory access where PV.tla merges          *)
(* several (docs/merges.md lists every merge):                             *)
(*                                                                         *)
(*   pv_wait_node, after smp_store_mb(pn->state, vcpu_halted):             *)
(*     WaitNodeRecheck   READ_ONCE(node->locked); a set locked skips       *)
(*                       pv_wait;                                          *)
(*     WaitNodePvWait    pv_wait(&pn->state, vcpu_halted): halt if the     *)
(*                       state is still vcpu_halted (KVM checks and halts  *)
(*                       with interrupts off: one step);                   *)
(*   pv_wait_head_or_lock, the queue head:                                 *)
(*     WaitHeadEntry     READ_ONCE(pn->state) == vcpu_hashed (lp);         *)
(*     WaitHeadRunning   WRITE_ONCE(pn->state, vcpu_running), the loop's   *)
(*                       top;                                              *)
(*     WaitHeadSetPending  set_pending (atomic_or; with Stealing only);    *)
(*     TrylockClearPendingRead, TrylockClearPendingCas                     *)
(*                       trylock_clear_pending's atomic_read, then one     *)
(*                       cmpxchg of its loop per step;                     *)
(*     WaitHeadClearPending  clear_pending (atomic_andnot; Stealing);      *)
(*     WaitHeadXchg      xchg(&lock->locked, _Q_SLOW_VAL) after pv_hash;   *)
(*     WaitHeadSlowLocked, WaitHeadSlowUnhash                              *)
(*                       when the xchg found the lock free:                *)
(*                       WRITE_ONCE(lock->locked, _Q_LOCKED_VAL), then     *)
(*                       WRITE_ONCE of NULL to *lp (the unhash);           *)
(*     WaitHeadGotLock   gotlock's atomic_read(&lock->val) | locked, the   *)
(*                       word the slowpath's `locked:' tests;              *)
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
(* The lock word is the NR_CPUS >= 16K layout's: set_pending, clear_pending *)
(* and trylock_clear_pending act on the whole word, as the Java port does. *)
(* Without Stealing nobody reads the pending bit, so set_pending and       *)
(* clear_pending are left out there (PV's header), which keeps the         *)
(* pending bit 0 as in PV's models without stealing.                       *)
(*                                                                         *)
(* Still merged here: pv_wait_node's spin turn, which reads node->locked   *)
(* and, for the wait-early variants, the previous node's locked and state  *)
(* (one access for the "pv" variant, which reads node->locked only).       *)
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
(* pv_wait, a lock taken again between an unlock's release and its kick,   *)
(* the word changing between the head's read and its cmpxchg, a stealer    *)
(* between the head's state store and its set_pending or between its last  *)
(* failed trylock and its clear_pending, the head owning the lock through  *)
(* its xchg while the locked byte still says _Q_SLOW_VAL.                  *)
(*                                                                         *)
(* What TLC checks: the same properties as PV on the same sizes            *)
(* (PVSteps_N2 against PV_N2, with preemption and liveness; PVSteps_N3     *)
(* against PV_N3, safety and WakeupComing; PVSteps_Steal_N2 and _N3       *)
(* against PV_Steal_N2 and _N3), not a refinement mapping.                *)
(* A split run is not step by step a merged run: the waiter halts on a     *)
(* node->locked it read earlier, where the merged step would read the      *)
(* new value and not halt. The header's argument is a reduction (every     *)
(* split run ends where a reordered merged run ends), which a refinement   *)
(* mapping would need a prophecy variable to state.                        *)
(*                                                                         *)
(* The phases (pl.ph) added: "pvwait" between the waiter's two steps,      *)
(* "setpending", "tcpcas" (its old value in v), "clearpending",           *)
(* "slowlocked", "slowunhash" and "gotlock" of the head,                  *)
(* "headwait" between the head's two, "kickslow" and "kickhash" of the     *)
(* holder, whose kick target pl.kt stays set until KickHash, so that its   *)
(* unlock (UnlockCmpxchg needs pl.kt = Nil) waits for the hash as in the   *)
(* kernel's program order; "unhash", "release" and "kick" of the           *)
(* unlocker, which keeps the node it unhashed in pl.kt until its pv_kick   *)
(* and, back at ncs after the release, starts no new acquisition before    *)
(* that (StepsStart).                                                       *)
(***************************************************************************)
EXTENDS PV

\* The split steps below that a mutant may replace by name, as QSpinlock's ActionNames.
StepsActionNames == { "WaitNodeRecheck", "WaitNodePvWait", "WaitHeadStoreState", "WaitHeadPvWait",
                      "KickCmpxchg", "KickSlowVal", "KickHash", "UnlockCmpxchg", "UnlockUnhash",
                      "UnlockRelease", "UnlockKick", "WaitHeadEntry", "WaitHeadRunning",
                      "WaitHeadSetPending", "TrylockClearPendingRead", "TrylockClearPendingCas",
                      "WaitHeadClearPending", "WaitHeadXchg", "WaitHeadSlowLocked",
                      "WaitHeadSlowUnhash", "WaitHeadGotLock" }
ASSUME StepsReplacedAssumption == Replaced \subseteq ActionNames \cup PvActionNames \cup StepsActionNames

\* pv_wait_node: if (!READ_ONCE(node->locked)), after the halted store. Recheck = FALSE: the
\* read is left out and pv_wait always follows (mutant PVSteps_NoRecheck).
WaitNodeRecheckWith(x, Recheck) ==
    /\ Runs(x)
    /\ pc[x] = "spin_locked" /\ Phase(x, "wait")
    /\ pl' = [pl EXCEPT !.ph[x] = IF ~Recheck \/ nlocked[node[x]] = 0 THEN "pvwait" ELSE "wake"]
    /\ QKeep /\ UNCHANGED << pvn, hsh, hv >>
WaitNodeRecheck(x) == Runs(x) /\ "WaitNodeRecheck" \notin Replaced /\ WaitNodeRecheckWith(x, TRUE)

\* pv_wait(&pn->state, vcpu_halted): the vCPU halts if its node's state is still vcpu_halted
\* (pv_kick_node's cmpxchg may have made it vcpu_hashed).
WaitNodePvWait(x) ==
    /\ Runs(x)
    /\ "WaitNodePvWait" \notin Replaced
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
                          !.wh[x[1]] = WhRaised(@, WaitInc)]
    /\ pl' = [pl EXCEPT !.ph[x] = "headwait"]
    /\ QKeep /\ UNCHANGED << hsh, hv >>
WaitHeadStoreState(x) == Runs(x) /\ "WaitHeadStoreState" \notin Replaced /\ WaitHeadStoreStateWith(x, "hashed")

\* pv_wait(&lock->locked, _Q_SLOW_VAL): the head halts if the locked byte is still _Q_SLOW_VAL
\* (the unlock may have released the lock and kicked meanwhile).
\* WaitHeadPvWaitCond(x, Halt): Halt is pv_wait's test (a mutant's may differ).
WaitHeadPvWaitCond(x, Halt) ==
    /\ pc[x] = "head_wait" /\ Phase(x, "headwait")
    /\ hv' = [hv EXCEPT !.halted[x[1]] = Halt]
    /\ pl' = [pl EXCEPT !.ph[x] = "top"]
    /\ QKeep /\ UNCHANGED << pvn, hsh >>
WaitHeadPvWait(x) == Runs(x) /\ "WaitHeadPvWait" \notin Replaced /\ WaitHeadPvWaitCond(x, L(x).locked = SlowVal)

\* pv_kick_node: smp_mb__before_atomic(); cmpxchg_relaxed(&pn->state, vcpu_halted,
\* vcpu_hashed). A successor that is not vcpu_halted will see its locked: return.
\* KickCmpxchgOn(x, n): the cmpxchg on node n's state (a mutant names another node than next);
\* the node it succeeds on is the one hashed.
KickCmpxchgOn(x, n) ==
    /\ pc[x] = "cs" /\ pl.kt[x] # Nil /\ Phase(x, "start")
    /\ IF n # Nil /\ pvn.st[n] = "halted"
       THEN /\ pvn' = [pvn EXCEPT !.st[n] = "hashed"]
            /\ pl' = [pl EXCEPT !.ph[x] = "kickslow", !.kt[x] = n]
       ELSE /\ pl' = [pl EXCEPT !.kt[x] = Nil]
            /\ UNCHANGED pvn
    /\ QKeep /\ UNCHANGED << hsh, hv >>
KickCmpxchg(x) == Runs(x) /\ "KickCmpxchg" \notin Replaced /\ KickCmpxchgOn(x, pl.kt[x])

\* pv_kick_node: WRITE_ONCE(lock->locked, _Q_SLOW_VAL).
KickSlowVal(x) ==
    /\ Runs(x)
    /\ "KickSlowVal" \notin Replaced
    /\ pc[x] = "cs" /\ Phase(x, "kickslow")
    /\ SetL(x, [L(x) EXCEPT !.locked = SlowVal])
    /\ pl' = [pl EXCEPT !.ph[x] = "kickhash"]
    /\ UNCHANGED << nlocked, nnext, count, depth, irqUsed, pc, v, cnt, node, prev, vstate, pvn, hsh, hv >>
    /\ NoAux

\* pv_kick_node: pv_hash(lock, pn); pv_kick_node returns.
KickHash(x) ==
    /\ Runs(x)
    /\ "KickHash" \notin Replaced
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
UnlockCmpxchg(x) == Runs(x) /\ "UnlockCmpxchg" \notin Replaced /\ UnlockCmpxchgTo(x, "unhash")

\* __pv_queued_spin_unlock_slowpath: node = pv_unhash(lock), which removes the entry it finds;
\* After is the phase that follows.
UnlockUnhashThen(x, After) ==
    /\ Runs(x)
    /\ Phase(x, "unhash")
    /\ \E n \in Nodes : /\ hsh[n] > 0 /\ HashedFor(n, LockOf(x))
                        /\ hsh' = [hsh EXCEPT ![n] = @ - 1]
                        /\ pl' = [pl EXCEPT !.ph[x] = After, !.kt[x] = n]
    /\ QKeep /\ UNCHANGED << pvn, hv >>
UnlockUnhash(x) == Runs(x) /\ "UnlockUnhash" \notin Replaced /\ pc[x] = "cs" /\ UnlockUnhashThen(x, "release")

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
UnlockRelease(x) == Runs(x) /\ "UnlockRelease" \notin Replaced /\ UnlockReleaseThen(x, "kick")

\* pv_kick(node->cpu): the vCPU of the node unhashed runs again.
UnlockKick(x) ==
    /\ Runs(x)
    /\ "UnlockKick" \notin Replaced
    /\ pc[x] = "ncs" /\ Phase(x, "kick")
    /\ hv' = [hv EXCEPT !.halted[NodeCpu(pl.kt[x])] = FALSE]
    /\ pl' = [pl EXCEPT !.ph[x] = "start", !.kt[x] = Nil]
    /\ QKeep /\ UNCHANGED << pvn, hsh >>

(***************************************************************************)
(* pv_wait_head_or_lock, one step per access (PV.tla's WaitHeadTop,       *)
(* WaitHeadSpin, WaitHeadSlow and GotLock merge them).                    *)
(***************************************************************************)
\* On entry: if (READ_ONCE(pn->state) == vcpu_hashed) lp = 1 (pv_kick_node hashed the lock for us);
\* "pv-wait-early": the waithist pre-decrement (pn->waithist, this CPU's own field).
WaitHeadEntry(x) ==
    /\ Runs(x)
    /\ "WaitHeadEntry" \notin Replaced
    /\ pc[x] = "head_wait" /\ Phase(x, "start")
    /\ pvn' = [pvn EXCEPT !.wh[x[1]] = WhLowered(@)]
    /\ pl' = [pl EXCEPT !.ph[x] = "top", !.lp[x] = @ \/ pvn.st[node[x]] = "hashed"]
    /\ QKeep /\ UNCHANGED << hsh, hv >>

\* The loop's top: WRITE_ONCE(pn->state, vcpu_running). With Stealing set_pending follows as its
\* own step; without, nobody reads the pending bit and the model leaves it 0 (PV's header).
WaitHeadRunning(x) ==
    /\ Runs(x)
    /\ "WaitHeadRunning" \notin Replaced
    /\ pc[x] = "head_wait" /\ Phase(x, "top")
    /\ pvn' = [pvn EXCEPT !.st[node[x]] = "running"]
    /\ pl' = [pl EXCEPT !.ph[x] = IF Stealing THEN "setpending" ELSE "spin"]
    /\ QKeep /\ UNCHANGED << hsh, hv >>

\* set_pending(lock): atomic_or(_Q_PENDING_VAL, &lock->val) in the NR_CPUS >= 16K layout.
WaitHeadSetPending(x) ==
    /\ Runs(x)
    /\ "WaitHeadSetPending" \notin Replaced
    /\ pc[x] = "head_wait" /\ Phase(x, "setpending")
    /\ SetL(x, [L(x) EXCEPT !.pending = 1])
    /\ pl' = [pl EXCEPT !.ph[x] = "spin"]
    /\ UNCHANGED << nlocked, nnext, count, depth, irqUsed, pc, v, cnt, node, prev, vstate, pvn, hsh, hv >>
    /\ NoAux

\* A turn of the spin found the lock taken: cpu_relax() and the next turn, or after SPIN_THRESHOLD
\* turns clear_pending (with Stealing), then pv_hash or, if hashed already (lp), the sleep.
AfterSpin(x) == IF pl.lp[x] THEN "sleep" ELSE "hash"
TurnFails(x) ==
    LET loop0 == IF cnt[x] = 0 THEN SpinThreshold ELSE cnt[x] IN
    /\ v' = [v EXCEPT ![x] = Unlocked]   \* the local is dead again
    /\ IF loop0 = 1
       THEN /\ cnt' = [cnt EXCEPT ![x] = 0]
            /\ pl' = [pl EXCEPT !.ph[x] = IF Stealing THEN "clearpending" ELSE AfterSpin(x)]
       ELSE /\ cnt' = [cnt EXCEPT ![x] = loop0 - 1]
            /\ pl' = [pl EXCEPT !.ph[x] = "spin"]

\* trylock_clear_pending (NR_CPUS >= 16K): val = atomic_read(&lock->val); a set locked byte ends
\* the turn, else the cmpxchg follows with val as its old value (kept in v).
TrylockClearPendingRead(x) ==
    /\ Runs(x)
    /\ "TrylockClearPendingRead" \notin Replaced
    /\ pc[x] = "head_wait" /\ Phase(x, "spin")
    /\ IF L(x).locked # 0
       THEN TurnFails(x)
       ELSE /\ v' = [v EXCEPT ![x] = L(x)]
            /\ pl' = [pl EXCEPT !.ph[x] = "tcpcas"]
            /\ UNCHANGED cnt
    /\ UNCHANGED << lk, nlocked, nnext, count, depth, irqUsed, pc, node, prev, vstate, pvn, hsh, hv >>
    /\ NoAux

\* trylock_clear_pending: atomic_cmpxchg_acquire(&lock->val, val, (val & ~_Q_PENDING_MASK) |
\* _Q_LOCKED_VAL). Success: the lock is ours (gotlock). Failure returns the word, which the loop
\* tests again: a set locked byte ends the turn, else another cmpxchg.
TrylockClearPendingCas(x) ==
    /\ Runs(x)
    /\ "TrylockClearPendingCas" \notin Replaced
    /\ pc[x] = "head_wait" /\ Phase(x, "tcpcas")
    /\ IF L(x) = v[x]
       THEN /\ SetL(x, [v[x] EXCEPT !.locked = 1, !.pending = 0])
            /\ v' = [v EXCEPT ![x] = Unlocked]
            /\ cnt' = [cnt EXCEPT ![x] = 0]
            /\ pl' = [pl EXCEPT !.ph[x] = "gotlock"]
       ELSE /\ UNCHANGED lk
            /\ IF L(x).locked # 0
               THEN TurnFails(x)
               ELSE /\ v' = [v EXCEPT ![x] = L(x)]
                    /\ UNCHANGED << cnt, pl >>
    /\ UNCHANGED << nlocked, nnext, count, depth, irqUsed, pc, node, prev, vstate, pvn, hsh, hv >>
    /\ NoAux

\* clear_pending(lock): atomic_andnot(_Q_PENDING_VAL, &lock->val), after the last turn (Stealing).
WaitHeadClearPending(x) ==
    /\ Runs(x)
    /\ "WaitHeadClearPending" \notin Replaced
    /\ pc[x] = "head_wait" /\ Phase(x, "clearpending")
    /\ SetL(x, [L(x) EXCEPT !.pending = 0])
    /\ pl' = [pl EXCEPT !.ph[x] = AfterSpin(x)]
    /\ UNCHANGED << nlocked, nnext, count, depth, irqUsed, pc, v, cnt, node, prev, vstate, pvn, hsh, hv >>
    /\ NoAux

\* xchg(&lock->locked, _Q_SLOW_VAL) after pv_hash: the byte is _Q_SLOW_VAL either way; if it was
\* 0 the lock is ours, and its two stores follow, else the sleep.
WaitHeadXchg(x) ==
    /\ Runs(x)
    /\ "WaitHeadXchg" \notin Replaced
    /\ pc[x] = "head_wait" /\ Phase(x, "xchg")
    /\ SetL(x, [L(x) EXCEPT !.locked = SlowVal])
    /\ pl' = [pl EXCEPT !.ph[x] = IF L(x).locked = 0 THEN "slowlocked" ELSE "sleep"]
    /\ UNCHANGED << nlocked, nnext, count, depth, irqUsed, pc, v, cnt, node, prev, vstate, pvn, hsh, hv >>
    /\ NoAux

\* WRITE_ONCE(lock->locked, _Q_LOCKED_VAL), the lock taken by the xchg.
WaitHeadSlowLocked(x) ==
    /\ Runs(x)
    /\ "WaitHeadSlowLocked" \notin Replaced
    /\ pc[x] = "head_wait" /\ Phase(x, "slowlocked")
    /\ SetL(x, [L(x) EXCEPT !.locked = 1])
    /\ pl' = [pl EXCEPT !.ph[x] = "slowunhash"]
    /\ UNCHANGED << nlocked, nnext, count, depth, irqUsed, pc, v, cnt, node, prev, vstate, pvn, hsh, hv >>
    /\ NoAux

\* WRITE_ONCE of NULL to *lp: our own entry leaves the hash table; goto gotlock.
WaitHeadSlowUnhash(x) ==
    /\ Runs(x)
    /\ "WaitHeadSlowUnhash" \notin Replaced
    /\ pc[x] = "head_wait" /\ Phase(x, "slowunhash")
    /\ hsh' = [hsh EXCEPT ![node[x]] = @ - 1]
    /\ pl' = [pl EXCEPT !.ph[x] = "gotlock"]
    /\ QKeep /\ UNCHANGED << pvn, hv >>

\* gotlock: return (u32)(atomic_read(&lock->val) | _Q_LOCKED_VAL), the val that the slowpath's
\* `locked:' tests for its own tail. PV's GotLock with the word as it is (the locked byte is
\* already 1, and the spin count already 0), so its store of the word changes nothing.
WaitHeadGotLock(x) ==
    /\ Runs(x)
    /\ "WaitHeadGotLock" \notin Replaced
    /\ pc[x] = "head_wait" /\ Phase(x, "gotlock")
    /\ GotLock(x, [L(x) EXCEPT !.locked = 1])
    /\ UNCHANGED << nlocked, nnext, count, depth, irqUsed, node, prev, vstate, pvn, hsh, hv >>
    /\ NoAux

\* The head's split steps in place of WaitHeadTop, WaitHeadSpin and WaitHeadSlow.
HeadSteps(x) ==
    \/ WaitHeadEntry(x) \/ WaitHeadRunning(x) \/ WaitHeadSetPending(x)
    \/ TrylockClearPendingRead(x) \/ TrylockClearPendingCas(x) \/ WaitHeadClearPending(x)
    \/ WaitHeadXchg(x) \/ WaitHeadSlowLocked(x) \/ WaitHeadSlowUnhash(x) \/ WaitHeadGotLock(x)

\* queued_spin_lock (PvStart), once this context's unlock has done its pv_kick: program order.
StepsStart(x) == ~Phase(x, "kick") /\ ~Phase(x, "unhash") /\ PvStart(x)

\* PV's hooks with the split steps. A mutant (mutants/PVSteps_...) sets Replaced to PvReplaced
\* and the names of the steps it replaces, which disables them here, and adds its own New(x),
\* each starting with Runs(x): its MutantStep(x) is StepsStep(x) \/ New(x), its Next
\* StepsNext \/ \E x \in Ctx : New(x), so that TLC names every step after its own action.
StepsHooks(x) ==
    \/ WaitNodeSpin(x) \/ WaitNodeHalt(x) \/ WaitNodeRecheck(x) \/ WaitNodePvWait(x) \/ WaitNodeWake(x)
    \/ HeadSteps(x) \/ WaitHeadHash(x) \/ WaitHeadStoreState(x) \/ WaitHeadPvWait(x)
    \/ KickCmpxchg(x) \/ KickSlowVal(x) \/ KickHash(x)
    \/ UnlockCmpxchg(x) \/ UnlockUnhash(x) \/ UnlockRelease(x) \/ UnlockKick(x)
    \/ UnfairTrylockRead(x) \/ UnfairTrylockCas(x)
StepsStep(x) == PvStepWith(x, StepsHooks)

\* StepsStep's Next written out action by action, as PvNext is (TLC names each step).
StepsNext ==
    \/ \E x \in Ctx :
          \/ StepsStart(x) \/ InterruptPv(x)
          \/ QueuePv(x) \/ XchgTailPv(x) \/ LinkPrevPv(x) \/ HeadCmpxchgPv(x)
          \/ SetLockedPv(x) \/ McsHandoffPv(x) \/ FastPathQueuePv(x) \/ NativeRestPv(x)
          \/ WaitNodeSpin(x) \/ WaitNodeHalt(x) \/ WaitNodeRecheck(x) \/ WaitNodePvWait(x)
          \/ WaitNodeWake(x)
          \/ WaitHeadEntry(x) \/ WaitHeadRunning(x) \/ WaitHeadSetPending(x)
          \/ TrylockClearPendingRead(x) \/ TrylockClearPendingCas(x) \/ WaitHeadClearPending(x)
          \/ WaitHeadHash(x) \/ WaitHeadXchg(x) \/ WaitHeadSlowLocked(x) \/ WaitHeadSlowUnhash(x)
          \/ WaitHeadGotLock(x) \/ WaitHeadStoreState(x) \/ WaitHeadPvWait(x)
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
    /\ \A x \in Ctx : Phase(x, "tcpcas") => pc[x] = "head_wait" /\ v[x].locked = 0
    /\ \A x \in Ctx : (Phase(x, "setpending") \/ Phase(x, "clearpending")) => Stealing
    /\ \A x \in Ctx : (Phase(x, "slowlocked") \/ Phase(x, "slowunhash") \/ Phase(x, "gotlock"))
                      => pc[x] = "head_wait" /\ L(x).locked # 0

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
\* The queue head's trylock_clear_pending cmpxchg is about to fail: the word
\* changed after its read (a waiter queued, or the lock was taken), and the
\* loop goes round with the value the cmpxchg returned.
NeverTrylockRetry ==
    \A x \in Ctx : ~ (pc[x] = "head_wait" /\ Phase(x, "tcpcas") /\ L(x) # v[x])
\* The head took the lock with its xchg of _Q_SLOW_VAL (the lock was released
\* after its last spin turn), and the locked byte is _Q_SLOW_VAL with the lock
\* free of any holder until its next store.
NeverSlowTake ==
    \A x \in Ctx : ~ (pc[x] = "head_wait" /\ Phase(x, "slowlocked"))
\* Stealing: a stealer's cmpxchg would take the lock while the head has
\* stored vcpu_running and not yet set the pending bit.
NeverStealInPendingGap ==
    \A x, y \in Ctx : ~ (/\ x # y /\ pc[x] = "head_wait" /\ Phase(x, "setpending")
                         /\ pc[y] = "queue" /\ Phase(y, "cas") /\ Runs(y) /\ L(y).locked = 0)
\* Stealing: a stealer runs between the head's failed last trylock and its
\* clear_pending, and reads a word with the pending bit still set.
NeverClearPendingGap ==
    \A x, y \in Ctx : ~ (/\ x # y /\ pc[x] = "head_wait" /\ Phase(x, "clearpending")
                         /\ pc[y] = "queue" /\ Runs(y) /\ (Phase(y, "start") \/ Phase(y, "steal")))
=============================================================================
