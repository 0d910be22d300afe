-------------------------------- MODULE CNA --------------------------------
(***************************************************************************)
(* CNA, the compact NUMA-aware lock (Dice and Kogan, "Compact NUMA-aware  *)
(* Locks", EuroSys 2019; posted for Linux as "Add NUMA-awareness to       *)
(* qspinlock", v1, patches 2/3 and 3/3), as a hook set over QSpinlock:     *)
(* the qspinlock slowpath is unchanged but for the three steps CNA        *)
(* replaces (Replaced):                                                     *)
(*   XchgTail     a waiter that finds the queue empty stores               *)
(*                node->locked = 1 ("must pass a non-zero value");          *)
(*   HeadCmpxchg  the last waiter's tail-clearing cmpxchg: with a         *)
(*                secondary queue, the lock word's tail becomes that      *)
(*                queue's tail (encoded_tail) and its first node gets     *)
(*                the lock (later kernels: cna_try_clear_tail);            *)
(*   McsHandoff   find_successor and the hand-off (cna_pass_lock).        *)
(*                                                                         *)
(* Waiters on other NUMA nodes than the holder's, which the holder skips  *)
(* to reach one on its own node, go to the end of the secondary queue.    *)
(* The secondary queue's first node is kept in the MCS head's `locked'   *)
(* (0: waiting, 1: the lock, no secondary queue, else: the lock and the   *)
(* secondary queue) and its last node in the first node's `tail'.         *)
(*                                                                         *)
(* Variant (the three fairness policies):                                  *)
(*   "v1"         patch 2/3: always search for a waiter on the holder's   *)
(*                node. Starvation is possible and TLC shows it.          *)
(*   "prob"       patch 3/3: search only if probably() says so. The coin  *)
(*                is a choice between two actions, PassLockFindSuccessor  *)
(*                and PassLockNoSearch; CnaSpec leaves it to the          *)
(*                adversary, FairSpec adds strong fairness of             *)
(*                PassLockNoSearch (a coin that comes                     *)
(*                up "remote" infinitely often when tossed infinitely     *)
(*                often, which the random coin does with probability 1).  *)
(*   "threshold"  the deterministic policy patch 3/3's text proposes and  *)
(*                later versions adopted: a count of intra-node hand-offs *)
(*                travels with the lock; at Threshold the search is       *)
(*                skipped, which flushes the secondary queue ahead of the *)
(*                main queue.                                              *)
(* A new policy is not a fourth value: its module defines its own         *)
(* MaySearch, MaySkip and Intra (or any other definition) and its configs *)
(* put them in place of these ("MaySearch <- MineMaySearch"; see           *)
(* docs/review.md), keeping Variant at the built-in policy it starts from. *)
(*                                                                         *)
(* Interrupt nesting (NestDepth > 0, Crossed; CNA_*_L1_view): an          *)
(* interrupt context's node (index > 0) queues with other CPUs' task      *)
(* contexts and can be moved to, and spliced back from, a secondary queue *)
(* (NeverNestedInSecondary). Under "v1" that waiter can be bypassed for   *)
(* ever, and the lock its interrupted task context holds then makes no    *)
(* progress at all: DeadlockFreedom of that lock fails.                    *)
(*                                                                         *)
(* Atomicity. find_successor reads a chain of next pointers. Every one of *)
(* them but the last is stable (a node's next is written once by its      *)
(* successor, and otherwise only by the lock holder, which is the one     *)
(* scanning), and the secondary-queue writes touch nodes whose owners     *)
(* only spin on their own `locked'; so the scan, the moves and the        *)
(* hand-off store are one step (the reduction argument of QSpinlock.tla's *)
(* header). The same holds for the tail cmpxchg and the hand-off to the   *)
(* secondary queue's first node in TryClearTail. CNASteps.tla takes these  *)
(* steps apart, one per access, and TLC checks it against the same         *)
(* properties on the same sizes (docs/merges.md).                          *)
(***************************************************************************)
EXTENDS QSpinlock, Sequences

CONSTANTS Sockets,     \* NUMA nodes; CPU c is on node Socket(c)
          Variant,     \* "v1", "prob" or "threshold"
          Threshold,   \* "threshold": intra-node hand-offs in a row before a flush
          PendingPath  \* FALSE: contention goes straight to the queue (see below)

\* The QSpinlock actions CNA replaces.
CnaReplaced == {"XchgTail", "HeadCmpxchg", "McsHandoff"} \cup (IF PendingPath THEN {} ELSE {"FastPath"})

ASSUME CnaAssumptions ==
    /\ Sockets \in Nat \ {0}
    /\ Variant \in {"v1", "prob", "threshold"}
    /\ Threshold \in Nat \ {0}
    /\ NestDepth \in Nat
    /\ PendingPath \in BOOLEAN
    \* CNA's own replacements; a composition (CNAPV.tla) or a mutant replaces more.
    /\ CnaReplaced \subseteq Replaced

Socket(c)       == (c - 1) % Sockets     \* numa_cpu_node
SocketOfNode(n) == Socket(NodeCpu(n))

\* The CNA fields of every node, kept in QSpinlock's vstate:
\*   tail[n]   the secondary queue's last node, in its first node (node->tail)
\*   intra[n]  "threshold": intra-node hand-offs in a row, passed with the lock
CnaInitState == [tail |-> [n \in Nodes |-> Nil], intra |-> [n \in Nodes |-> 0]]
ASSUME VariantInit = CnaInitState   \* the model sets VariantInit <- CnaInitState
STail  == vstate.tail
SIntra == vstate.intra

CnaTypeOK ==
    /\ TypeOK
    /\ STail \in [Nodes -> Nodes \cup {Nil}]
    /\ SIntra \in [Nodes -> 0 .. Threshold]

\* The threshold count, kept only by the variant that uses it (elsewhere it
\* would grow without bound and the state space with it).
Intra(k) == IF Variant = "threshold" THEN k ELSE 0

NextOf(n) == nnext[n]
\* The main queue from n on, as the next pointers say now.
ChainFrom(n) == P(1)!Chain(n, NextOf, Nil, Cardinality(Nodes))

(***************************************************************************)
(* CNA changes only the queue path. The models with 4 CPUs set            *)
(* PendingPath to FALSE, so that a failed fast path queues at once (as    *)
(* the kernel does whenever the lock word has a tail or pending): the     *)
(* pending path's interplay with the queue head is what the QSpinlock     *)
(* models check, and the 3-CPU CNA models keep it.                        *)
(***************************************************************************)
FastPathQueueOnly(x) == ~PendingPath /\ FastPathQueue(x)

(***************************************************************************)
(* old = xchg_tail(lock, tail); with no predecessor, node->locked = 1.   *)
(***************************************************************************)
XchgTailCna(x) ==
    /\ Running(x)
    /\ pc[x] = "xchg_tail"
    /\ SetL(x, [L(x) EXCEPT !.tail = node[x]])
    /\ prev' = [prev EXCEPT ![x] = L(x).tail]
    /\ IF L(x).tail # Nil
       THEN /\ Goto(x, "link_prev")
            /\ UNCHANGED nlocked
       ELSE /\ Goto(x, "head_wait")
            /\ nlocked' = [nlocked EXCEPT ![node[x]] = 1]
    /\ Doorway(x) /\ UNCHANGED bypass
    /\ UNCHANGED << nnext, count, depth, irqUsed, v, cnt, node, vstate >>

(***************************************************************************)
(* The last waiter takes the lock (cna_try_clear_tail): with no           *)
(* secondary queue, cmpxchg(val -> _Q_LOCKED_VAL); with one, cmpxchg(val  *)
(* -> succ->tail->encoded_tail + _Q_LOCKED_VAL), then                      *)
(* arch_mcs_spin_unlock_contended(&succ->locked, 1). On failure: set_locked. *)
(***************************************************************************)
\* SecOf(me) is the secondary queue the head holds (its locked), NewTail(sec) the
\* lock word's tail once it is the main queue; a mutant changes either.
TryClearTailWith(x, SecOf(_), NewTail(_)) ==
    /\ Running(x)
    /\ pc[x] = "head_cmpxchg"
    /\ v' = [v EXCEPT ![x] = Unlocked]
    /\ LET me  == node[x]
           sec == SecOf(me)
       IN IF L(x) = v[x]
          THEN /\ SetL(x, IF sec \notin Nodes THEN Word(0, 0, 1) ELSE Word(NewTail(sec), 0, 1))
               /\ nlocked' = IF sec \notin Nodes THEN [nlocked EXCEPT ![me] = 0]
                             ELSE [nlocked EXCEPT ![me] = 0, ![sec] = 1]
               /\ nnext' = [nnext EXCEPT ![me] = Nil]
               /\ vstate' = IF sec \notin Nodes THEN [vstate EXCEPT !.intra[me] = 0]
                            ELSE [tail  |-> [STail EXCEPT ![sec] = Nil],
                                  intra |-> [SIntra EXCEPT ![me] = 0, ![sec] = 0]]
               /\ ReleaseNode(x)
               /\ Goto(x, "cs")
               /\ Enter(x, ahead)
          ELSE /\ Goto(x, "set_locked")
               /\ UNCHANGED << lk, count, node, nlocked, nnext, vstate >>
               /\ NoAux
    /\ UNCHANGED << depth, irqUsed, cnt, prev >>

HeadLocked(me)    == nlocked[me]
SecondaryTail(sec) == STail[sec]
TryClearTail(x) == TryClearTailWith(x, HeadLocked, SecondaryTail)

(***************************************************************************)
(* The hand-off (cna_pass_lock), after the wait for node->next. With      *)
(* `search', find_successor(me): next if it is on the holder's NUMA node; *)
(* else the first waiter further down on that node, after moving the      *)
(* waiters before it (head_other .. tail_other) to the end of the         *)
(* secondary queue; it gets the lock with me->locked (the secondary       *)
(* queue). Found none, or no search: the secondary queue's first node     *)
(* gets the lock with 1, the secondary queue spliced back ahead of next   *)
(* (succ->tail->next = next); with no secondary queue, next gets it.      *)
(***************************************************************************)
\* The hooks a mutant replaces (mutants/CNA_*.tla), each with the v1
\* code it stands for: RunEnd(q, i), the last waiter moved (tail_other,
\* which find_successor advances to each node it skips); AppendTail(sec,
\* newSec, tailOther), the secondary queue's last node after a move
\* (MCS_NODE(me->locked)->tail = tail_other); FlushAt(sec), the node the
\* flush links next behind (succ->tail). PassLockWith passes the v1 ones.
PassLockHooked(x, search, Value(_), RunEnd(_, _), AppendTail(_, _, _), FlushAt(_)) ==
    LET me    == node[x]
        next  == nnext[me]
        sec   == nlocked[me]        \* 1, or the secondary queue's first node ("locked > 1")
        q     == ChainFrom(next)
        hits  == { i \in 1 .. Len(q) : SocketOfNode(q[i]) = SocketOfNode(me) }
        i     == IF search /\ hits # {} THEN CHOOSE k \in hits : \A j \in hits : k <= j ELSE 0
        count1 == Intra(SIntra[me] + 1)
    IN
    CASE i = 1 ->
            \* the fast path of find_successor: next is local
            /\ nlocked' = [nlocked EXCEPT ![next] = Value(sec), ![me] = 0]
            /\ nnext' = [nnext EXCEPT ![me] = Nil]
            /\ vstate' = [vstate EXCEPT !.intra[next] = count1, !.intra[me] = 0]
      [] i > 1 ->
            LET headOther == next
                tailOther == RunEnd(q, i)
                succ      == q[i]
                newSec    == IF sec \notin Nodes THEN headOther ELSE sec
                nn1       == IF sec \notin Nodes THEN nnext ELSE [nnext EXCEPT ![STail[sec]] = headOther]
            IN /\ nnext' = [nn1 EXCEPT ![tailOther] = Nil, ![me] = Nil]
               /\ nlocked' = [nlocked EXCEPT ![succ] = Value(newSec), ![me] = 0]
               /\ vstate' = [tail  |-> [STail EXCEPT ![newSec] = AppendTail(sec, newSec, tailOther)],
                             intra |-> [SIntra EXCEPT ![succ] = count1, ![me] = 0]]
      [] sec \in Nodes ->
            \* flush: the secondary queue goes back ahead of next and gets the lock
            /\ nnext' = [nnext EXCEPT ![FlushAt(sec)] = next, ![me] = Nil]
            /\ nlocked' = [nlocked EXCEPT ![sec] = 1, ![me] = 0]
            /\ vstate' = [tail  |-> [STail EXCEPT ![sec] = Nil],
                          intra |-> [SIntra EXCEPT ![sec] = 0, ![me] = 0]]
      [] OTHER ->
            /\ nlocked' = [nlocked EXCEPT ![next] = 1, ![me] = 0]
            /\ nnext' = [nnext EXCEPT ![me] = Nil]
            /\ vstate' = [vstate EXCEPT !.intra[next] = 0, !.intra[me] = 0]

RunLast(q, i)                   == q[i - 1]
MovedTail(sec, newSec, tailOther) == tailOther
SecLastNode(sec)                == STail[sec]
PassLockWith(x, search, Value(_)) ==
    PassLockHooked(x, search, Value, RunLast, MovedTail, SecLastNode)

\* The local hand-off passes the holder's locked (patch 1/3 gave
\* arch_mcs_spin_unlock_contended its value argument for this).
Same(val) == val
PassLock(x, search) == PassLockWith(x, search, Same)

\* Whether the holder searches (the fairness policy). v1: always; prob: the
\* coin decides (both enabled); threshold: below the threshold.
MaySearch(x) == Variant # "threshold" \/ SIntra[node[x]] < Threshold
MaySkip(x)   == Variant = "prob" \/ (Variant = "threshold" /\ SIntra[node[x]] >= Threshold)

\* The guard and the release common to both hand-offs: the node's successor
\* has linked; afterwards the node is released and the holder runs.
ReadyToPass(x) ==
    /\ Running(x)
    /\ pc[x] = "mcs_handoff"
    /\ nnext[node[x]] # Nil
Passed(x) ==
    /\ ReleaseNode(x)
    /\ Goto(x, "cs")
    /\ UNCHANGED << lk, depth, irqUsed, v, cnt, prev >>
    /\ NoAux

\* cna_pass_lock with find_successor (v1 always; prob: the coin says search;
\* threshold: below the threshold).
PassLockFindSuccessor(x) ==
    /\ ReadyToPass(x)
    /\ MaySearch(x)
    /\ PassLock(x, TRUE)
    /\ Passed(x)

\* cna_pass_lock without the search: to the secondary queue, or to next.
PassLockNoSearch(x) ==
    /\ ReadyToPass(x)
    /\ MaySkip(x)
    /\ PassLock(x, FALSE)
    /\ Passed(x)

CnaStep(x) == Step(x) \/ FastPathQueueOnly(x) \/ XchgTailCna(x) \/ TryClearTail(x) \/ PassLockFindSuccessor(x) \/ PassLockNoSearch(x)
\* Every step of CPU c (trace validation follows one CPU's step per event).
CnaThreadNext(c) == \E x \in CtxOf(c) : Start(x) \/ Interrupt(x) \/ CnaStep(x)
CnaNext    == \E c \in Cpus : CnaThreadNext(c)

\* Weak fairness of every context's steps (as QSpinlock). The coin of "prob"
\* is then the adversary's.
CnaSpec  == Init /\ [][CnaNext]_vars /\ \A x \in Ctx : WF_vars(CnaStep(x))
\* "prob" with a fair coin: a remote hand-off offered infinitely often is taken.
FairSpec == CnaSpec /\ \A x \in Ctx : SF_vars(PassLockNoSearch(x))

\* A view for the larger safety models (VIEW in their .cfg): TLC tells states
\* apart by the lock's own variables only. It leaves out the bookkeeping of
\* BoundedBypass (ahead, bypass: written, never read by a step, and where
\* the bound is unbounded, v1, a record of history only), and `val' where it
\* is dead: HeadWait writes it and only head_cmpxchg reads it, so elsewhere
\* it is the stale word of an earlier acquisition. No step and none of the
\* safety invariants but BoundedBypass reads what the view leaves out, so
\* the states it merges have the same successors and the same verdicts; a
\* model with this view checks neither BoundedBypass nor liveness.
LiveVal  == [x \in Ctx |-> IF pc[x] = "head_cmpxchg" THEN v[x] ELSE Unlocked]
SafetyView == << lk, nlocked, nnext, count, depth, irqUsed, pc, LiveVal, cnt, node, prev, vstate >>

(***************************************************************************)
(* Properties (catalogue names).                                           *)
(***************************************************************************)
\* The MCS head of the main queue: the queued context that has been handed
\* the lock (its locked is non-zero) or found the queue empty.
HeadCtx(Lk) == { x \in QueuedOf(Lk) : nlocked[node[x]] # 0 }
SecHead(Lk) == IF \E x \in HeadCtx(Lk) : nlocked[node[x]] \in Nodes
               THEN nlocked[node[CHOOSE x \in HeadCtx(Lk) : nlocked[node[x]] \in Nodes]]
               ELSE Nil
SecTail(Lk) == IF SecHead(Lk) = Nil THEN Nil ELSE STail[SecHead(Lk)]

NoLostWaiter ==
    \A Lk \in Locks :
        P(Lk)!NoLostWaiter({node[x] : x \in QueuedOf(Lk)}, lk[Lk].tail,
                           SecHead(Lk), SecTail(Lk), Succ, Nil)

\* locked's double meaning: at most one queued node holds a non-zero value
\* (the MCS head), and a node value names a node of a context waiting on the
\* same lock for its own hand-off (locked = 0), never the holder's own node.
LockedFieldConsistent ==
    \A Lk \in Locks :
        /\ \A x, y \in HeadCtx(Lk) : x = y
        /\ \A x \in HeadCtx(Lk) :
              nlocked[node[x]] \in Nodes =>
                  \E w \in QueuedOf(Lk) : /\ node[w] = nlocked[node[x]]
                                          /\ w # x
                                          /\ nlocked[node[w]] = 0

(***************************************************************************)
(* Witnesses (manifest "witness" entries, expected to fail on the passing *)
(* model they twin): each Never<Behaviour> says that a path of the CNA    *)
(* hooks is never taken, so a model that violates it reaches that path.   *)
(* Where the state after a step cannot be told apart from a state other   *)
(* paths reach, the witness is the reachable state in which the step is   *)
(* enabled with the effect named: TLC takes every enabled step of every    *)
(* reachable state, so the step is then taken in some behaviour.           *)
(***************************************************************************)
\* The secondary queue of a holder or of a waiter handed the lock is not
\* empty: find_successor moved the waiters it skipped into it (its first
\* node stored in me->locked, "locked > 1").
NeverSecondaryQueue == \A n \in Nodes : nlocked[n] \notin Nodes

\* The secondary queue holds two or more nodes: its first node's tail (the
\* last node, MCS_NODE(me->locked)->tail) is another node. find_successor
\* appended to a non-empty secondary queue, or moved a run of two waiters.
NeverSecondaryOfTwo ==
    \A n \in Nodes : nlocked[n] \in Nodes => STail[nlocked[n]] = nlocked[n]

\* Interrupt nesting (NestDepth > 0, Crossed): a node of an interrupt
\* context (index > 0 in its encoded tail) is the first or the last node of
\* a secondary queue, so find_successor moved it and cna_try_clear_tail or
\* the splice must carry its index through encoded_tail.
NeverNestedInSecondary ==
    \A n \in Nodes : nlocked[n] \in Nodes => NodeIdx(nlocked[n]) = 0 /\ NodeIdx(STail[nlocked[n]]) = 0

\* "threshold": a hand-off on the holder's NUMA node raised the count of
\* intra-node hand-offs to Threshold, so the next holder skips the search.
NeverThresholdReached == \A n \in Nodes : SIntra[n] < Threshold

\* The positions of the waiters on the holder's NUMA node in the main queue
\* after the holder (what find_successor looks for).
LocalHits(x) ==
    LET q == ChainFrom(nnext[node[x]])
    IN  { i \in 1 .. Len(q) : SocketOfNode(q[i]) = SocketOfNode(node[x]) }

\* The flush of cna_pass_lock (the "else if (node->locked > 1)" branch): the
\* holder, its successor linked, holds a secondary queue and hands the lock
\* to that queue's first node, spliced back ahead of next (succ->tail->next
\* = next), because find_successor found no local waiter (v1, prob) or
\* because the search is skipped (prob's coin, threshold reached). After
\* the step the state is one that cna_try_clear_tail's splice followed by
\* a new arrival also reaches, so the witness is the state before it.
FlushEnabled(x) ==
    /\ ReadyToPass(x)
    /\ nlocked[node[x]] \in Nodes
    /\ \/ MaySearch(x) /\ LocalHits(x) = {}
       \/ MaySkip(x)
NeverFlush == \A x \in Ctx : ~FlushEnabled(x)

\* The flush of a secondary queue of two or more nodes: its last node is not
\* its first, so succ->tail->next = next writes a node other than succ.
NeverFlushOfTwo ==
    \A x \in Ctx : FlushEnabled(x) => STail[nlocked[node[x]]] = nlocked[node[x]]

\* prob: the coin matters. A holder whose next is not on its NUMA node while
\* a waiter further down is, or that holds a secondary queue while a local
\* waiter waits: find_successor (the coin says search) and the hand-off
\* without it (the coin says no) pick different successors, both enabled.
\* The first is witnessed by NeverSecondaryQueue (only a search moves a
\* waiter there); this is the state in which the coin's "no" side is taken
\* with an effect the search would not have.
NeverSkipsSearch ==
    \A x \in Ctx :
        ~ ( /\ ReadyToPass(x)
            /\ MaySkip(x)
            /\ LocalHits(x) # {}
            /\ (1 \notin LocalHits(x) \/ nlocked[node[x]] \in Nodes) )
=============================================================================
