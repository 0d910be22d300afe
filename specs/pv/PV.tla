--------------------------------- MODULE PV ---------------------------------
(***************************************************************************)
(* The paravirtual queued spinlock, kernel/locking/qspinlock_paravirt.h,  *)
(* as a hook set over QSpinlock: under CONFIG_PARAVIRT_SPINLOCKS a waiter *)
(* whose vCPU has spun long enough halts (pv_wait, a hypercall) and is    *)
(* kicked awake (pv_kick) when it is due, so that a guest with more       *)
(* vCPUs than physical CPUs does not burn the host's time spinning on a   *)
(* vCPU that is not running.                                               *)
(*                                                                         *)
(* What PV replaces (Replaced) and adds:                                   *)
(*   FastPath    the slowpath jumps to pv_queue (no pending path):        *)
(*               QSpinlock's FastPathQueue;                                *)
(*   SpinLocked  pv_wait_node: WaitNode* below;                           *)
(*   HeadWait    pv_wait_head_or_lock: WaitHead* below;                   *)
(*   Unlock      __pv_queued_spin_unlock: UnlockPv;                        *)
(*   pv_kick_node runs after whichever hand-off the lock makes: the step  *)
(*               that leaves mcs_handoff (QSpinlock's McsHandoff, or     *)
(*               CNA's cna_pass_lock in CNAPV.tla) records `next', and    *)
(*               KickNode acts on it before the holder may unlock.        *)
(* The native Queue, XchgTail, LinkPrev, HeadCmpxchg and SetLocked are    *)
(* kept; HeadCmpxchg / SetLocked are the `locked:' label the kernel jumps *)
(* to once pv_wait_head_or_lock has taken the lock.                        *)
(*                                                                         *)
(* PV keeps its state in variables of its own (pvn, hsh, hv, pl) rather   *)
(* than in vstate: PV composes with another hook set (CNAPV.tla), whose   *)
(* actions each determine all of vstate, so PV's part is conjoined to     *)
(* theirs instead. Every native step leaves PV's variables alone, except *)
(* that the hand-off records the kick target.                              *)
(*                                                                         *)
(* Model limits. Interrupt nesting (NestDepth > 0, PV_N2_L1): an interrupt *)
(* wakes a vCPU halted in pv_wait (kvm_wait's safe_halt) and runs the next *)
(* context, which takes another lock and may halt in its own pv_wait       *)
(* (InterruptPv); pv_unhash matches the entry to the lock (HashedFor).     *)
(* Lock stealing (pv_hybrid_queued_unfair_trylock, the kernel's            *)
(* queued_spin_trylock under paravirt) is the constant Stealing: with TRUE *)
(* (PV_Steal_N2, PV_Steal_N3) the slowpath's trylock after the node set-up *)
(* is the unfair loop (UnfairTrylockRead / UnfairTrylockCas, in place of   *)
(* Queue) and the queue head sets the pending bit while it spins and       *)
(* clears it before it hashes or sleeps (WaitHeadTop, WaitHeadSpin); with  *)
(* FALSE the trylock is the native whole-word one and the pending bit      *)
(* stays 0, which keeps the older models' state counts. A stealer bypasses *)
(* the queue by design, so the stealing models leave out BoundedBypass and *)
(* StarvationFreedom. Three vCPUs are needed for a waiter to queue behind  *)
(* a waiter (pv_kick_node's next differs from the tail; the seed's wait-   *)
(* early, which needs the previous node halted in pv_wait_node, is only    *)
(* taken there: PV_WaitEarly_N3). SPIN_THRESHOLD is the constant           *)
(* SpinThreshold (1 or 2 reads in the models). pv_init_node's store of     *)
(* vcpu_running is not a step: a node always leaves pv_wait_head_or_lock   *)
(* running (the loop's top writes it and the lock is only taken after      *)
(* that), which FreeNodeRunning checks.                                    *)
(*                                                                         *)
(* Atomicity, beyond QSpinlock's merges:                                   *)
(*  - pv_wait(ptr, val) checks *ptr == val and halts in one step (KVM:    *)
(*    interrupts off across the check, and a kick that comes before the   *)
(*    halt makes the halt return at once), and the re-check of            *)
(*    node->locked before it is in the same step. The only store between *)
(*    the two reads is the hand-off's `locked' and then pv_kick_node's    *)
(*    cmpxchg of the state, in that order, so every split interleaving    *)
(*    ends in the state of the merged step taken before or after them.   *)
(*  - pv_kick_node's cmpxchg, the _Q_SLOW_VAL store and pv_hash are one    *)
(*    step: the lock word is the holder's, and nothing reads the hash     *)
(*    entry before this same CPU unlocks.                                  *)
(*  - The unlock's failed cmpxchg, pv_unhash, the release and pv_kick     *)
(*    are one step: while _Q_SLOW_VAL is set nobody else touches the      *)
(*    lock's entry, and a kick that came later than the release only     *)
(*    adds a spurious wakeup, which Spurious already allows.              *)
(*  - xchg(&lock->locked, _Q_SLOW_VAL) finding the lock free, the store   *)
(*    of _Q_LOCKED_VAL and the unhash are one step (we own the lock).     *)
(*    The kernel of the seed (v4.2) wrote cmpxchg(1 -> 3) there; both     *)
(*    take the lock when it was released meanwhile.                        *)
(*  - pv_wait_head_or_lock's entry read of the state, its store of       *)
(*    vcpu_running and set_pending (WaitHeadTop), trylock_clear_pending's *)
(*    read and cmpxchg and clear_pending (WaitHeadSpin), and the word it  *)
(*    returns at gotlock are each one step (the comments at the actions). *)
(* PVSteps.tla takes every one of these merges apart, one step per        *)
(* access, and TLC checks it against the same properties on the same      *)
(* sizes (docs/merges.md).                                                 *)
(*                                                                         *)
(* The hypervisor (Preemption): a running vCPU that is not in its non-    *)
(* critical section may be descheduled at any step (Preempt; a vCPU      *)
(* descheduled in its non-critical section cannot be told from one that  *)
(* does not start) and is rescheduled under weak fairness (Resched). Its *)
(* own steps are strongly fair: they are disabled while it is preempted   *)
(* or halted, and weak fairness would let the scheduler starve a vCPU by *)
(* descheduling it whenever it could move (without preemption, weak      *)
(* fairness is as good and cheaper to check). A halted vCPU runs again when *)
(* kicked or woken spuriously (Spurious). Spurious wakeups are NOT fair:  *)
(* the lock must not rely on them (a guest may have no other interrupt    *)
(* source for that vCPU), and a fair spurious wakeup would mask every    *)
(* lost wakeup. With them unfair, a lost kick is a liveness violation    *)
(* (NoLostWakeup), while safety is still checked with them possible.      *)
(*                                                                         *)
(* Variant:                                                                *)
(*   "pv"                    the protocol as merged (wait-early aside);   *)
(*   "pv-wait-early"         the seed's adaptive spinning (Waiman Long,   *)
(*                           "Queue node adaptive spinning", v2 6/6):     *)
(*                           waithist, the three conditions, the short    *)
(*                           spin and the periodic re-check of the        *)
(*                           previous node (pv_kick_ahead off);           *)
(*   "pv-wait-early-merged"  pv_wait_early as merged: halt once the       *)
(*                           previous node's vCPU is not running, checked *)
(*                           every CheckPeriod iterations.                 *)
(*   Stealing (a constant, see above) applies to each of them.           *)
(* Wait-early only chooses how long a waiter spins; it reads the previous *)
(* node and writes nothing another CPU reads but waithist, which is the  *)
(* waiter's own. pv_wait_early here tests the previous node's state      *)
(* alone. A form that also waits early when vcpu_is_preempted(prev->cpu)  *)
(* (which some kernels had) would read hv.pre[NodeCpu(pp)]; it is not    *)
(* modelled.                                                               *)
(*                                                                         *)
(* PvNext is written out action by action so that TLC names every step    *)
(* (counterexamples, -coverage) after its action; the Never* predicates   *)
(* at the end are witnesses that the passing models reach the paths they  *)
(* claim to check.                                                          *)
(***************************************************************************)
EXTENDS QSpinlock

CONSTANTS Variant,       \* "pv", "pv-wait-early" or "pv-wait-early-merged"
          SpinThreshold, \* SPIN_THRESHOLD (= QNODE_SPIN_THRESHOLD): reads before halting
          ShortSpin,     \* QNODE_SPIN_THRESHOLD_SHORT ("pv-wait-early")
          CheckPeriod,   \* QNODE_SPIN_CHECK_MASK + 1, PV_PREV_CHECK_MASK + 1
          Preemption,    \* the hypervisor may deschedule vCPUs
          Stealing,      \* pv_hybrid_queued_unfair_trylock at the slowpath's entry
          WaitEarlyInputs \* "read", "waithist-any" or "any": see WaitEarlyAllowed

VARIABLES pvn,  \* pv_node fields: st[n] (pn->state), wh[c] (waithist of CPU c's node)
          hsh,  \* pv_lock_hash: hsh[n] is the number of entries (lock, n) for the one lock
          hv,   \* the hypervisor: halted[c] (in pv_wait), pre[c] (descheduled)
          pl    \* PV's slowpath locals: ph[x] the phase within the pc, lp[x] the head's
                \* lp (the lock is hashed for it), kt[x] pv_kick_node's target, we[x]
                \* wait_early; sb[c] a buffered hand-off store (mutant PVSteps_KickNoBarrier only)
pvvars  == << pvn, hsh, hv, pl >>
allvars == << vars, pvvars >>

\* With Stealing, Queue's trylock is the unfair one: UnfairTrylockRead and
\* UnfairTrylockCas below take Queue's place.
PvReplaced == {"FastPath", "SpinLocked", "HeadWait", "Unlock"}
              \cup (IF Stealing THEN {"Queue"} ELSE {})

\* PV's hooks, which a mutant may replace by name as QSpinlock's ActionNames (PVSteps lists
\* its split steps apart and assumes Replaced within all three).
PvActionNames == { "WaitNodeSpin", "WaitNodeHalt", "WaitNodeSleep", "WaitNodeWake", "WaitHeadTop",
                   "WaitHeadSpin", "WaitHeadHash", "WaitHeadSlow", "WaitHeadSleep", "KickNode",
                   "UnlockPv", "UnfairTrylockRead", "UnfairTrylockCas" }

ASSUME PvAssumptions ==
    /\ Variant \in {"pv", "pv-wait-early", "pv-wait-early-merged"}
    /\ PvReplaced \subseteq Replaced
    /\ SpinThreshold \in Nat \ {0}
    /\ ShortSpin \in 1 .. SpinThreshold
    /\ CheckPeriod \in Nat \ {0}
    /\ Preemption \in BOOLEAN
    /\ Stealing \in BOOLEAN
    /\ WaitEarlyInputs \in {"read", "waithist-any", "any"}
    /\ WaitEarlyInputs = "waithist-any" => Variant = "pv-wait-early"
    /\ WaitEarlyInputs = "any" => Variant \in {"pv-wait-early", "pv-wait-early-merged"}

SlowVal == 3        \* _Q_SLOW_VAL in the locked byte
\* waithist, abstracted: PV_WAIT_INC, PV_WAITHIST_MIN / _MAX / _THRESHOLD of
\* the seed are 2, 1, 30, 15; here 1, 0, 1, 0. What remains: a pv_wait
\* raises it, a pv_wait_head_or_lock entry lowers it, above the threshold
\* the waiter may wait early. (The seed's lighter weight of an early wait,
\* 1 against PV_WAIT_INC, is lost.)
WaitInc == 1
WaithistMin == 0
WaithistMax == 1
WaithistThreshold == 0
\* WaitEarlyInputs abstracts the inputs of the wait-early decision away.
\* "read": the model as the code is. "waithist-any" ("pv-wait-early"):
\* condition 3 (waithist above the threshold) may come out either way at
\* every turn of the spin, and waithist is not kept. Condition 3 reads the
\* waiter's own waithist, which only its own vCPU writes, and never inside
\* the spin loop; so every behaviour of the counted form, with pvn.wh
\* projected away, is a behaviour of this one. "any" (both wait-early
\* variants): the reads of the previous node may return either answer as
\* well, so the decision to halt early is free at every turn. Those reads
\* write nothing and feed only the waiter's locals (docs/merges.md), so any
\* interleaving of them as separate steps with other CPUs' steps gives a
\* decision this form allows: it stands for the split reads. Both are
\* over-approximations: a pass holds for the code, for invariants that do
\* not read waithist or the waiter's locals; a failure has to be confirmed
\* on the "read" form (PV_WaitEarly_N3_any, PV_WaitEarly*_reads).
\* WaitEarlyAllowed(x): the values condition 3 may take for context x now.
WaitEarlyAllowed(x) ==
    IF Variant # "pv-wait-early" THEN {FALSE}
    ELSE IF WaitEarlyInputs \in {"waithist-any", "any"} THEN BOOLEAN
    ELSE {pvn.wh[x[1]] > WaithistThreshold}
\* What a read of the previous node that answers b may return.
PrevReads(b) == IF WaitEarlyInputs = "any" THEN BOOLEAN ELSE {b}
\* waithist raised by d (a pv_wait: PV_WAIT_INC, or 1 after an early wait)
\* and lowered by 1 (a pv_wait_head_or_lock entry), kept within its range;
\* unchanged where it is not counted.
WhCounted == Variant = "pv-wait-early" /\ WaitEarlyInputs = "read"
WhRaised(w, d) == IF WhCounted /\ w < WaithistMax THEN w + d ELSE w
WhLowered(w) == IF WhCounted /\ w > WaithistMin THEN w - 1 ELSE w

Min(a, b) == IF a < b THEN a ELSE b
\* pv_hash adds an entry. The count saturates at 2: two entries for one lock
\* already break HashConsistent, and the bound keeps the state space finite
\* for the models that check a mutant's liveness alone (where stale
\* entries would otherwise pile up without end).
AddEntry(n) == hsh' = [hsh EXCEPT ![n] = Min(@ + 1, 2)]
VState == {"running", "halted", "hashed"}   \* vcpu_running, vcpu_halted, vcpu_hashed

\* The vCPU of context x runs: neither halted in pv_wait nor descheduled.
Runs(x) == ~hv.halted[x[1]] /\ ~hv.pre[x[1]]
\* pv_wait_node's prev: the node whose next is n (while n waits for the
\* hand-off, its predecessor is still queued and points at it).
PrevOf(n) == IF \E m \in Nodes : nnext[m] = n THEN CHOOSE m \in Nodes : nnext[m] = n ELSE Nil
\* pv_wait_early's test: the vCPU of n's previous node is not running.
PrevAsleep(n) == LET pp == PrevOf(n) IN pp # Nil /\ pvn.st[pp] # "running"

PvTypeOK ==
    /\ \A Lk \in Locks : lk[Lk].locked \in {0, 1, SlowVal}
                         /\ lk[Lk].pending \in (IF Stealing THEN {0, 1} ELSE {0})
                         /\ lk[Lk].tail \in Nodes \cup {Nil}
    /\ nlocked \in [Nodes -> {0, 1} \cup Nodes]
    /\ nnext \in [Nodes -> Nodes \cup {Nil}]
    /\ pvn.st \in [Nodes -> VState]
    /\ pvn.wh \in [Cpus -> WaithistMin .. WaithistMax + WaitInc]
    /\ hsh \in [Nodes -> 0 .. 2]
    /\ hv.halted \in [Cpus -> BOOLEAN] /\ hv.pre \in [Cpus -> BOOLEAN]
    /\ pl.kt \in [Ctx -> Nodes \cup {Nil}]
    /\ pl.sb \in [Cpus -> Nodes \cup {Nil}]

PvInitVars ==
    /\ pvn = [st |-> [n \in Nodes |-> "running"], wh |-> [c \in Cpus |-> WaithistMin]]
    /\ hsh = [n \in Nodes |-> 0]
    /\ hv = [halted |-> [c \in Cpus |-> FALSE], pre |-> [c \in Cpus |-> FALSE]]
    /\ pl = [ph |-> [x \in Ctx |-> "start"], lp |-> [x \in Ctx |-> FALSE],
             kt |-> [x \in Ctx |-> Nil], we |-> [x \in Ctx |-> FALSE],
             sb |-> [c \in Cpus |-> Nil]]
PvInit == Init /\ PvInitVars

\* QSpinlock's variables, all unchanged (a step that touches only PV's).
QKeep == UNCHANGED << lk, nlocked, nnext, count, depth, irqUsed, pc, v, cnt, node, prev, vstate >>
         /\ NoAux
Phase(x, p) == pl.ph[x] = p

(***************************************************************************)
(* pv_wait_node(node, prev), at pc spin_locked (arch_mcs_spin_lock_contended *)
(* follows it and finds node->locked set at once).                         *)
(***************************************************************************)
\* pv_wait_node, one turn of the spin loop: READ_ONCE(node->locked), then the variant's
\* wait-early check. cnt[x] is the kernel's `loop' (0: the loop's top).
WaitNodeSpin(x) ==
    /\ Runs(x)
    /\ "WaitNodeSpin" \notin Replaced
    /\ pc[x] = "spin_locked"
    /\ Phase(x, "start") \/ Phase(x, "spin")
    /\ LET me == node[x]
           pp == PrevOf(me)
       IN
       \E can \in WaitEarlyAllowed(x),   \* "pv-wait-early": condition 3 (waithist), then 2 and 1
          prevHalted \in PrevReads(pp # Nil /\ nlocked[pp] = 0 /\ pvn.st[pp] = "halted"),
          prevAsleep \in PrevReads(PrevAsleep(me)) :
       LET top   == Phase(x, "start")
           we0   == IF top THEN can /\ prevHalted ELSE pl.we[x]
           loop0 == IF ~top THEN cnt[x] ELSE IF we0 THEN ShortSpin ELSE SpinThreshold
           check == loop0 % CheckPeriod = 0
           \* the periodic look at the previous node: a change of its state
           \* resets the loop to the long or shortens it to the short threshold
           we1   == IF can /\ check THEN prevHalted ELSE we0
           loop1 == IF can /\ check /\ we1 # we0
                    THEN IF we1 THEN Min(loop0, ShortSpin) ELSE SpinThreshold
                    ELSE loop0
           \* "pv-wait-early-merged": pv_wait_early(prev, loop)
           early == Variant = "pv-wait-early-merged" /\ check /\ prevAsleep
       IN IF nlocked[me] # 0
          THEN /\ Goto(x, "head_wait")
               /\ cnt' = [cnt EXCEPT ![x] = 0]
               /\ pl' = [pl EXCEPT !.ph[x] = "start", !.we[x] = FALSE]
          ELSE /\ UNCHANGED pc
               /\ IF early \/ loop1 = 1
                  THEN /\ cnt' = [cnt EXCEPT ![x] = 0]
                       /\ pl' = [pl EXCEPT !.ph[x] = "halt", !.we[x] = we1]
                  ELSE /\ cnt' = [cnt EXCEPT ![x] = loop1 - 1]
                       /\ pl' = [pl EXCEPT !.ph[x] = "spin", !.we[x] = we1]
    /\ UNCHANGED << lk, nlocked, nnext, count, depth, irqUsed, v, node, prev, vstate, pvn, hsh, hv >>
    /\ NoAux

\* pv_wait_node: smp_store_mb(pn->state, vcpu_halted) ("pv-wait-early": first the waithist
\* increment after the spin loop).
WaitNodeHalt(x) ==
    /\ Runs(x)
    /\ "WaitNodeHalt" \notin Replaced
    /\ pc[x] = "spin_locked" /\ Phase(x, "halt")
    /\ pvn' = [pvn EXCEPT !.st[node[x]] = "halted",
                          !.wh[x[1]] = WhRaised(@, IF pl.we[x] THEN 1 ELSE WaitInc)]
    /\ pl' = [pl EXCEPT !.ph[x] = "wait"]
    /\ QKeep /\ UNCHANGED << hsh, hv >>

\* pv_wait_node: if (!READ_ONCE(node->locked)) pv_wait(&pn->state, vcpu_halted): the vCPU
\* halts if node->locked is still 0 and its state still vcpu_halted
\* (pv_kick_node may have made it vcpu_hashed). Recheck = FALSE drops the
\* re-check of node->locked (PVSteps_NoRecheck is the same bug on the split form).
WaitNodeSleepWith(x, Recheck) ==
    /\ pc[x] = "spin_locked" /\ Phase(x, "wait")
    /\ hv' = [hv EXCEPT !.halted[x[1]] = (~Recheck \/ nlocked[node[x]] = 0)
                                         /\ pvn.st[node[x]] = "halted"]
    /\ pl' = [pl EXCEPT !.ph[x] = "wake"]
    /\ QKeep /\ UNCHANGED << pvn, hsh >>
WaitNodeSleep(x) == Runs(x) /\ "WaitNodeSleep" \notin Replaced /\ WaitNodeSleepWith(x, TRUE)

\* pv_wait_node: cmpxchg(&pn->state, vcpu_halted, vcpu_running): a vcpu_hashed that
\* pv_kick_node stored stays, so that pv_wait_head_or_lock does not hash
\* the lock again. Then the loop starts over.
WaitNodeWake(x) ==
    /\ Runs(x)
    /\ "WaitNodeWake" \notin Replaced
    /\ pc[x] = "spin_locked" /\ Phase(x, "wake")
    /\ pvn' = IF pvn.st[node[x]] = "halted" THEN [pvn EXCEPT !.st[node[x]] = "running"] ELSE pvn
    /\ pl' = [pl EXCEPT !.ph[x] = "start"]
    /\ QKeep /\ UNCHANGED << hsh, hv >>

(***************************************************************************)
(* pv_wait_head_or_lock(lock, node), at pc head_wait. When it has the     *)
(* lock it returns the lock word, and the slowpath goes to `locked:'      *)
(* (QSpinlock's head_cmpxchg when the tail is ours, else set_locked).     *)
(***************************************************************************)
\* pv_wait_head_or_lock, the loop's top: WRITE_ONCE(pn->state, vcpu_running). On entry ("start")
\* first lp = 1 if pv_kick_node already hashed the lock for us (our state
\* is vcpu_hashed), and ("pv-wait-early") the waithist pre-decrement.
\* With Stealing, then set_pending(lock), which stops stealers while the
\* head spins. The two stores are one step: the state is read only by the
\* successor and by pv_kick_node, neither of which reads the pending bit,
\* and the stealers read only the lock word, so another CPU's step in
\* between commutes to one side of the pair.
WaitHeadTop(x) ==
    /\ Runs(x)
    /\ "WaitHeadTop" \notin Replaced
    /\ pc[x] = "head_wait" /\ (Phase(x, "start") \/ Phase(x, "top"))
    /\ LET entry == Phase(x, "start") IN
       /\ pvn' = [pvn EXCEPT !.st[node[x]] = "running",
                             !.wh[x[1]] = IF entry THEN WhLowered(@) ELSE @]
       /\ pl' = [pl EXCEPT !.ph[x] = "spin",
                           !.lp[x] = @ \/ (entry /\ pvn.st[node[x]] = "hashed")]
    /\ IF Stealing THEN SetL(x, [L(x) EXCEPT !.pending = 1]) ELSE UNCHANGED lk
    /\ UNCHANGED << nlocked, nnext, count, depth, irqUsed, pc, v, cnt, node, prev, vstate >>
    /\ NoAux /\ UNCHANGED << hsh, hv >>

\* The head has the lock (word w, locked byte 1): return to `locked:'.
GotLock(x, w) ==
    /\ SetL(x, w)
    /\ v' = [v EXCEPT ![x] = w]
    /\ Goto(x, IF w.tail = node[x] THEN "head_cmpxchg" ELSE "set_locked")
    /\ cnt' = [cnt EXCEPT ![x] = 0]
    /\ pl' = [pl EXCEPT !.ph[x] = "start", !.lp[x] = FALSE]

\* pv_wait_head_or_lock, one turn of the spin: trylock_clear_pending, i.e. take the lock if the
\* locked byte is 0 (clearing the pending bit). After SpinThreshold turns:
\* clear_pending(lock) (a no-op without Stealing: nobody sets the bit), then
\* hash the lock, or, if it is hashed for us already (lp), go to sleep. The
\* failed last trylock and clear_pending are one step: a stealer's read
\* between them sees what it would see before the failed trylock.
WaitHeadSpin(x) ==
    /\ Runs(x)
    /\ "WaitHeadSpin" \notin Replaced
    /\ pc[x] = "head_wait" /\ Phase(x, "spin")
    /\ LET loop0 == IF cnt[x] = 0 THEN SpinThreshold ELSE cnt[x] IN
       IF L(x).locked = 0
       THEN GotLock(x, [L(x) EXCEPT !.locked = 1, !.pending = 0])
       ELSE /\ UNCHANGED << v, pc >>
            /\ IF loop0 = 1
               THEN /\ cnt' = [cnt EXCEPT ![x] = 0]
                    /\ pl' = [pl EXCEPT !.ph[x] = IF pl.lp[x] THEN "sleep" ELSE "hash"]
                    /\ SetL(x, [L(x) EXCEPT !.pending = 0])
               ELSE /\ cnt' = [cnt EXCEPT ![x] = loop0 - 1]
                    /\ UNCHANGED << pl, lk >>
    /\ UNCHANGED << nlocked, nnext, count, depth, irqUsed, node, prev, vstate, pvn, hsh, hv >>
    /\ NoAux

\* pv_wait_head_or_lock: lp = pv_hash(lock, pn); the entry goes in before _Q_SLOW_VAL is set.
WaitHeadHash(x) ==
    /\ Runs(x)
    /\ "WaitHeadHash" \notin Replaced
    /\ pc[x] = "head_wait" /\ Phase(x, "hash")
    /\ AddEntry(node[x])
    /\ pl' = [pl EXCEPT !.ph[x] = "xchg", !.lp[x] = TRUE]
    /\ QKeep /\ UNCHANGED << pvn, hv >>

\* pv_wait_head_or_lock: xchg(&lock->locked, _Q_SLOW_VAL). If the lock was free meanwhile we own
\* it: WRITE_ONCE(lock->locked, _Q_LOCKED_VAL) and the entry is removed.
WaitHeadSlow(x) ==
    /\ Runs(x)
    /\ "WaitHeadSlow" \notin Replaced
    /\ pc[x] = "head_wait" /\ Phase(x, "xchg")
    /\ IF L(x).locked = 0
       THEN /\ GotLock(x, [L(x) EXCEPT !.locked = 1])
            /\ hsh' = [hsh EXCEPT ![node[x]] = @ - 1]
       ELSE /\ SetL(x, [L(x) EXCEPT !.locked = SlowVal])
            /\ pl' = [pl EXCEPT !.ph[x] = "sleep"]
            /\ UNCHANGED << v, pc, cnt, hsh >>
    /\ UNCHANGED << nlocked, nnext, count, depth, irqUsed, node, prev, vstate, pvn, hv >>
    /\ NoAux

\* pv_wait_head_or_lock: WRITE_ONCE(pn->state, St); pv_wait(&lock->locked, _Q_SLOW_VAL): halt if
\* the locked byte is still _Q_SLOW_VAL ("pv-wait-early": waithist +=
\* PV_WAIT_INC first). St is vcpu_hashed since the double-hash fix;
\* vcpu_halted before it (PVSteps_DoubleHash is that bug on the split form).
\* WaitHeadSleepCond(x, St, Halt): Halt is pv_wait's test (a mutant's may differ).
WaitHeadSleepCond(x, St, Halt) ==
    /\ pc[x] = "head_wait" /\ Phase(x, "sleep")
    /\ pvn' = [pvn EXCEPT !.st[node[x]] = St,
                          !.wh[x[1]] = WhRaised(@, WaitInc)]
    /\ hv' = [hv EXCEPT !.halted[x[1]] = Halt]
    /\ pl' = [pl EXCEPT !.ph[x] = "top"]
    /\ QKeep /\ UNCHANGED hsh
WaitHeadSleepWith(x, St) == WaitHeadSleepCond(x, St, L(x).locked = SlowVal)
WaitHeadSleep(x) == Runs(x) /\ "WaitHeadSleep" \notin Replaced /\ WaitHeadSleepWith(x, "hashed")

(***************************************************************************)
(* pv_kick_node(lock, next), by the holder after the hand-off:           *)
(* if cmpxchg(&pn->state, vcpu_halted, vcpu_hashed) succeeds (after       *)
(* smp_mb__before_atomic, ordering it after the hand-off store), store    *)
(* _Q_SLOW_VAL and pv_hash(lock, pn): the kick itself is left to the      *)
(* unlock. Otherwise the successor is running and will see its locked.   *)
(***************************************************************************)
\* KickNodeWith(x, n): pv_kick_node on node n (a mutant names another node).
KickNodeWith(x, n) ==
    /\ Runs(x)
    /\ pc[x] = "cs" /\ pl.kt[x] # Nil
    /\ IF n # Nil /\ pvn.st[n] = "halted"
       THEN /\ pvn' = [pvn EXCEPT !.st[n] = "hashed"]
            /\ SetL(x, [L(x) EXCEPT !.locked = SlowVal])
            /\ AddEntry(n)
       ELSE UNCHANGED << pvn, lk, hsh >>
    /\ pl' = [pl EXCEPT !.kt[x] = Nil]
    /\ UNCHANGED << nlocked, nnext, count, depth, irqUsed, pc, v, cnt, node, prev, vstate, hv >>
    /\ NoAux
KickNode(x) == Runs(x) /\ "KickNode" \notin Replaced /\ KickNodeWith(x, pl.kt[x])

\* pv_unhash(lock) finds an entry of this lock. With one lock (NestDepth = 0)
\* every entry is its; with interrupt nesting two locks can be hashed, and
\* an entry belongs to the lock its node's context waits for (a stale entry
\* whose node is free matches no lock: HashConsistent forbids those).
HashedFor(n, Lk) == NestDepth = 0 \/ \E y \in Ctx : node[y] = n /\ LockOf(y) = Lk

\* __pv_queued_spin_unlock: cmpxchg_release(&lock->locked, _Q_LOCKED_VAL, 0);
\* if the byte was _Q_SLOW_VAL, __pv_queued_spin_unlock_slowpath: node =
\* pv_unhash(lock) (the entry found is removed), smp_store_release of 0,
\* pv_kick(node->cpu). No entry would be the kernel's BUG(): no step.
UnlockPv(x) ==
    /\ Runs(x)
    /\ "UnlockPv" \notin Replaced
    /\ pc[x] = "cs" /\ pl.kt[x] = Nil /\ pl.sb[x[1]] = Nil
    /\ SetL(x, [L(x) EXCEPT !.locked = 0])
    /\ Goto(x, "ncs")
    /\ IF L(x).locked = SlowVal
       THEN \E n \in Nodes : /\ hsh[n] > 0 /\ HashedFor(n, LockOf(x))
                             /\ hsh' = [hsh EXCEPT ![n] = @ - 1]
                             /\ hv' = [hv EXCEPT !.halted[NodeCpu(n)] = FALSE]
       ELSE UNCHANGED << hsh, hv >>
    /\ UNCHANGED << nlocked, nnext, count, depth, irqUsed, v, cnt, node, prev, vstate, pvn, pl >>
    /\ NoAux

(***************************************************************************)
(* pv_hybrid_queued_unfair_trylock (Stealing), the slowpath's trylock     *)
(* after pv_queue's node set-up: as long as the lock word shows waiters   *)
(* queued and no pending bit, keep trying to take the locked byte; give   *)
(* up and queue once the queue is empty or the head has set pending. The  *)
(* node set-up is private and is merged into the first read (the header's *)
(* reduction). A successful steal jumps to `release' (count--) and owns   *)
(* the lock; the stealer's unlock is UnlockPv as anyone's.                *)
(***************************************************************************)
\* pv_hybrid_queued_unfair_trylock: val = atomic_read(&lock->val) (first time: pv_queue's
\* count++, grab_mcs_node, the node's init and pv_init_node). The spin's
\* turns that decide nothing (locked set, no pending, a tail) are a wait.
UnfairTrylockRead(x) ==
    /\ Runs(x) /\ Stealing
    /\ "UnfairTrylockRead" \notin Replaced
    /\ pc[x] = "queue" /\ (Phase(x, "start") \/ Phase(x, "steal"))
    /\ LET first  == Phase(x, "start")
           n      == EncodeTail(x[1], count[x[1]])
           w      == L(x)
           free   == w.locked = 0 /\ w.pending = 0
           giveUp == w.tail = Nil \/ w.pending = 1
       IN /\ free \/ giveUp \/ first
          /\ IF first
             THEN /\ node' = [node EXCEPT ![x] = n]
                  /\ count' = [count EXCEPT ![x[1]] = @ + 1]
                  /\ nlocked' = [nlocked EXCEPT ![n] = 0]
                  /\ nnext' = [nnext EXCEPT ![n] = Nil]
             ELSE UNCHANGED << node, count, nlocked, nnext >>
          /\ IF free
             THEN /\ pl' = [pl EXCEPT !.ph[x] = "cas"]
                  /\ v' = [v EXCEPT ![x] = w]
                  /\ UNCHANGED pc
             ELSE IF giveUp
             THEN /\ pl' = [pl EXCEPT !.ph[x] = "start"]
                  /\ Goto(x, "xchg_tail")
                  /\ UNCHANGED v
             ELSE /\ pl' = [pl EXCEPT !.ph[x] = "steal"]
                  /\ UNCHANGED << v, pc >>
    /\ UNCHANGED << lk, depth, irqUsed, cnt, prev, vstate, pvn, hsh, hv >>
    /\ NoAux

\* pv_hybrid_queued_unfair_trylock: cmpxchg_acquire(&lock->locked, 0, _Q_LOCKED_VAL). Success: the
\* lock is stolen, goto release. Failure: break to the queue if the value
\* read had no tail, else spin again. StealTake is the success's store
\* (a mutant swaps it).
UnfairTrylockCasWith(x, Take) ==
    /\ Runs(x) /\ Stealing
    /\ pc[x] = "queue" /\ Phase(x, "cas")
    /\ v' = [v EXCEPT ![x] = Unlocked]   \* the local is dead from here
    /\ IF Take
       THEN /\ SetL(x, [L(x) EXCEPT !.locked = 1])
            /\ Release(x, nlocked)
            /\ Goto(x, "cs")
            /\ DoorwayAndEnter(x)
            /\ pl' = [pl EXCEPT !.ph[x] = "start"]
       ELSE /\ pl' = [pl EXCEPT !.ph[x] = IF v[x].tail = Nil THEN "start" ELSE "steal"]
            /\ IF v[x].tail = Nil THEN Goto(x, "xchg_tail") ELSE UNCHANGED pc
            /\ UNCHANGED << lk, nlocked, nnext, count, node >>
            /\ NoAux
    /\ UNCHANGED << depth, irqUsed, cnt, prev, vstate, pvn, hsh, hv >>
UnfairTrylockCas(x) == Runs(x) /\ "UnfairTrylockCas" \notin Replaced /\ UnfairTrylockCasWith(x, L(x).locked = 0)

(***************************************************************************)
(* The hypervisor.                                                          *)
(***************************************************************************)
\* The hypervisor deschedules vCPU c (what vcpu_is_preempted reports).
Preempt(c) ==
    /\ Preemption
    /\ ~hv.pre[c] /\ ~hv.halted[c]
    /\ pc[<< c, 0 >>] # "ncs"
    /\ hv' = [hv EXCEPT !.pre[c] = TRUE]
    /\ UNCHANGED << vars, pvn, hsh, pl >>
\* The hypervisor runs vCPU c again.
Resched(c) ==
    /\ hv.pre[c]
    /\ hv' = [hv EXCEPT !.pre[c] = FALSE]
    /\ UNCHANGED << vars, pvn, hsh, pl >>
\* pv_wait (kvm_wait's halt) returns although nobody kicked: an interrupt, a spurious exit.
Spurious(c) ==
    /\ hv.halted[c]
    /\ hv' = [hv EXCEPT !.halted[c] = FALSE]
    /\ UNCHANGED << vars, pvn, hsh, pl >>
Hypervisor == \E c \in Cpus : Preempt(c) \/ Resched(c) \/ Spurious(c)

(***************************************************************************)
(* The specification. A native step leaves PV's variables alone, except   *)
(* that the hand-off (whatever action leaves mcs_handoff) schedules       *)
(* pv_kick_node for the node that was `next'.                             *)
(***************************************************************************)
PvNative(x) ==
    IF pc[x] = "mcs_handoff"
    THEN /\ pl' = [pl EXCEPT !.kt[x] = nnext[node[x]]]
         /\ UNCHANGED << pvn, hsh, hv >>
    ELSE UNCHANGED pvvars

\* PV's hooks. A mutant (mutants/PV_...) sets Replaced to PvReplaced and the names of the hooks
\* it replaces, which disables them here, and adds its own New(x), each starting with Runs(x):
\* its MutantStep(x) is PvStep(x) \/ New(x), its Next PvNext \/ \E x \in Ctx : New(x).
PvHooks(x) ==
    \/ WaitNodeSpin(x) \/ WaitNodeHalt(x) \/ WaitNodeSleep(x) \/ WaitNodeWake(x)
    \/ WaitHeadTop(x) \/ WaitHeadSpin(x) \/ WaitHeadHash(x) \/ WaitHeadSlow(x) \/ WaitHeadSleep(x)
    \/ KickNode(x) \/ UnlockPv(x) \/ UnfairTrylockRead(x) \/ UnfairTrylockCas(x)

\* Every step of context x but Start; only a running vCPU takes one.
PvStepWith(x, Hooks(_)) ==
    /\ Runs(x)
    /\ \/ Step(x) /\ PvNative(x)
       \/ FastPathQueue(x) /\ UNCHANGED pvvars
       \/ Hooks(x)
PvStep(x) == PvStepWith(x, PvHooks)
PvStart(x) == Runs(x) /\ Start(x) /\ UNCHANGED pvvars

\* An interrupt (NestDepth > 0) on a vCPU that runs or is halted in pv_wait:
\* kvm_wait's halt returns on an interrupt (safe_halt, interrupts on), so
\* the vCPU runs the interrupt context, and the interrupted pv_wait has
\* returned when that context is done (it re-checks, as after a spurious
\* wake-up). A descheduled vCPU takes no interrupt.
InterruptPv(x) ==
    /\ ~hv.pre[x[1]]
    /\ Interrupt(x)
    /\ hv' = [hv EXCEPT !.halted[x[1]] = FALSE]
    /\ UNCHANGED << pvn, hsh, pl >>

\* The Next of PvStep, written out so that TLC splits it into its actions and
\* names each step of a counterexample and each line of -coverage by its own
\* action: TLC splits through \/, \E and operators whose arguments are
\* values, but neither through an operator passed as an argument nor through
\* a conjunction such as Runs(x) /\ (A \/ B). So every hook starts with
\* Runs(x), and each native step PV keeps has a wrapper here that adds
\* Runs(x) and PV's part (PvNative). The wrappers' names are QSpinlock's
\* with the suffix Pv (TLC names an action by the operator whose body it
\* is, so the native name itself cannot carry PV's conjuncts).
QueuePv(x)         == Runs(x) /\ Queue(x) /\ PvNative(x)
XchgTailPv(x)      == Runs(x) /\ XchgTail(x) /\ PvNative(x)
LinkPrevPv(x)      == Runs(x) /\ LinkPrev(x) /\ PvNative(x)
HeadCmpxchgPv(x)   == Runs(x) /\ HeadCmpxchg(x) /\ PvNative(x)
SetLockedPv(x)     == Runs(x) /\ SetLocked(x) /\ PvNative(x)
McsHandoffPv(x)    == Runs(x) /\ McsHandoff(x) /\ PvNative(x)
FastPathQueuePv(x) == Runs(x) /\ FastPathQueue(x) /\ UNCHANGED pvvars
\* The rest of Step: the four PV replaces (disabled by Replaced) and the
\* pending path, which nothing enters (FastPath is replaced, FastPathQueue
\* goes to the queue); kept, so that PvNext is exactly the Next of PvStep.
\* Coverage shows it with no state.
NativeRestPv(x) ==
    /\ Runs(x)
    /\ \/ FastPath(x) \/ PendingWait(x) \/ FetchSetPending(x) \/ ClearPending(x)
       \/ PendingSpin(x) \/ SpinLocked(x) \/ HeadWait(x) \/ Unlock(x)
    /\ PvNative(x)
PvNext ==
    \/ \E x \in Ctx :
          \/ PvStart(x) \/ InterruptPv(x)
          \/ QueuePv(x) \/ XchgTailPv(x) \/ LinkPrevPv(x) \/ HeadCmpxchgPv(x)
          \/ SetLockedPv(x) \/ McsHandoffPv(x) \/ FastPathQueuePv(x) \/ NativeRestPv(x)
          \/ WaitNodeSpin(x) \/ WaitNodeHalt(x) \/ WaitNodeSleep(x) \/ WaitNodeWake(x)
          \/ WaitHeadTop(x) \/ WaitHeadSpin(x) \/ WaitHeadHash(x) \/ WaitHeadSlow(x)
          \/ WaitHeadSleep(x) \/ KickNode(x) \/ UnlockPv(x)
          \/ UnfairTrylockRead(x) \/ UnfairTrylockCas(x)
    \/ Hypervisor

\* Strong fairness of a vCPU's steps where the hypervisor may deschedule it;
\* without preemption weak fairness is the same: a halted vCPU cannot halt
\* again before it has taken a step, so once woken its step stays enabled
\* until taken.
PvFairness == /\ IF Preemption THEN \A x \in Ctx : SF_allvars(PvStep(x))
                                ELSE \A x \in Ctx : WF_allvars(PvStep(x))
              /\ \A c \in Cpus : WF_allvars(Resched(c))
PvSpec == PvInit /\ [][PvNext]_allvars /\ PvFairness

(***************************************************************************)
(* Properties (catalogue names; the QSpinlock ones apply unchanged).      *)
(***************************************************************************)
\* Due to run: handed the lock in pv_wait_node, or queue head with the lock free.
Due(x)    == \/ pc[x] = "spin_locked" /\ nlocked[node[x]] # 0
             \/ pc[x] = "head_wait" /\ L(x).locked = 0
Asleep(x) == hv.halted[x[1]] \/ hv.pre[x[1]]
W == INSTANCE Properties WITH Threads <- Ctx,
                              trying  <- { x \in Ctx : Due(x) /\ Asleep(x) },
                              holders <- { x \in Ctx : ~Asleep(x) }
NoLostWakeup == W!NoLostWakeup

HashEntries(n) == hsh[n]
HashConsistent == \A Lk \in Locks : P(Lk)!HashConsistent(HashEntries, Nodes, lk[Lk].locked = SlowVal)

\* pv_init_node's store is not a step (see the header): a node nobody uses is vcpu_running.
\* (Written from the state's side: most nodes are running, and TLC then skips the contexts.)
FreeNodeRunning == \A n \in Nodes : pvn.st[n] # "running" => \E x \in Ctx : node[x] = n
\* A state form of NoLostWakeup for pv_wait_node, used to find lost kicks
\* without a liveness run: a waiter halted with the lock handed to it has a
\* kick coming, its node's hash entry (the unlock kicks it) or a pending
\* pv_kick_node naming it. Where it fails, only a spurious wakeup can wake
\* that waiter (nothing else ever names its node again), so NoLostWakeup fails.
WakeupComing ==
    \A x \in Ctx : (pc[x] = "spin_locked" /\ nlocked[node[x]] # 0 /\ hv.halted[x[1]])
                  => (hsh[node[x]] > 0 \/ \E y \in Ctx : pl.kt[y] = node[x])

(***************************************************************************)
(* Witnesses (manifest "witness" entries, each expected to fail on the     *)
(* passing model it twins): Never<Behaviour> says a path of the hooks is  *)
(* never taken, so a model that violates it reaches that path. Where the  *)
(* state after a step cannot be told from one other paths reach, the      *)
(* witness is a reachable state in which the step is enabled with the     *)
(* effect named (TLC takes every enabled step of every reachable state).  *)
(***************************************************************************)
\* "pv-wait-early" (the seed's pv_wait_node): a waiter halted in pv_wait
\* after the short spin, having decided to wait early because its
\* predecessor's vCPU was halted (wait_early set, condition 1 to 3 met).
NeverWaitsEarly ==
    \A x \in Ctx : ~ (pc[x] = "spin_locked" /\ Phase(x, "wake") /\ pl.we[x] /\ hv.halted[x[1]])

\* "pv-wait-early-merged" (pv_wait_node's pv_wait_early(prev, loop)): a
\* running waiter whose next spin turn ends the spin early, before the
\* loop count runs out, because the previous node's state is St. After the
\* step the waiter is at the halt as if the count had run out, so the
\* witness is the state before it.
EarlyHaltEnabled(x, St) ==
    /\ Runs(x) /\ Variant = "pv-wait-early-merged"
    /\ pc[x] = "spin_locked" /\ (Phase(x, "start") \/ Phase(x, "spin"))
    /\ nlocked[node[x]] = 0
    /\ LET loop0 == IF Phase(x, "start") THEN SpinThreshold ELSE cnt[x]
           pp    == PrevOf(node[x])
       IN /\ loop0 % CheckPeriod = 0 /\ loop0 # 1
          /\ pp # Nil /\ pvn.st[pp] = St
NeverWaitsEarlyPrevHalted == \A x \in Ctx : ~EarlyHaltEnabled(x, "halted")
NeverWaitsEarlyPrevHashed == \A x \in Ctx : ~EarlyHaltEnabled(x, "hashed")

\* "pv" (__pv_queued_spin_unlock_slowpath): the unlock found _Q_SLOW_VAL and
\* removed the entry hashed for a waiter that has not yet run: the head
\* still in pv_wait_head_or_lock with lp set and no entry left for its node.
NeverUnhashedWhileWaiting ==
    \A y \in Ctx : ~ (pc[y] = "head_wait" /\ pl.lp[y] /\ hsh[node[y]] = 0)

\* Interrupt nesting (NestDepth > 0): an interrupt context halted in pv_wait
\* while waiting for its own lock (the vCPU's outer context is interrupted
\* inside its own slowpath or critical section).
NeverNestedHalted ==
    \A x \in Ctx : ~ (x[2] > 0 /\ pc[x] \in {"spin_locked", "head_wait"} /\ hv.halted[x[1]])

\* Stealing (pv_hybrid_queued_unfair_trylock): another vCPU holds the lock
\* while the queue head, for which the lock had been hashed and then
\* released by an unlock (its entry removed), still waits. Without
\* stealing nobody but that head can take the lock once it is released
\* (the fast path and the trylock need the whole word free, and the head's
\* node is the tail or ahead of it), so only a steal past the waiting head
\* reaches this state.
NeverSteals ==
    \A x, y \in Ctx : ~ (/\ x # y /\ pc[x] \in OwnPCs
                         /\ pc[y] = "head_wait" /\ pl.lp[y] /\ hsh[node[y]] = 0)
=============================================================================
