------------------------------- MODULE Memory -------------------------------
(***************************************************************************)
(* The memory layer of the weak-memory specs: one operational model of     *)
(* shared memory, chosen by the constant MemoryModel, behind which a spec  *)
(* names every shared access by its kernel primitive. docs/weak-memory.md  *)
(* says what each model allows and shows it on the litmus shapes          *)
(* (MemoryLitmus.tla, checked by TLC).                                     *)
(*                                                                         *)
(*   "SC"   sequential consistency: every access is one step on memory.    *)
(*   "TSO"  x86-TSO: each CPU has a FIFO store buffer; a load reads its   *)
(*          own newest buffered store to the location, else memory; every *)
(*          read-modify-write is a locked instruction that drains the     *)
(*          buffer first and writes memory; smp_mb() drains the buffer.   *)
(*   "WMO"  an Arm-like weak model ("weak memory order", after the         *)
(*          Armv8 flat model's store behaviour): each CPU's buffered      *)
(*          stores reach memory in any order except that two stores to    *)
(*          one location keep their order (coherence), a release store    *)
(*          waits for every older store of its CPU, and smp_wmb() is a    *)
(*          marker no younger store passes. A read-modify-write reads     *)
(*          memory and buffers its write, which holds the location: no    *)
(*          other CPU's read-modify-write or store reaches it until that  *)
(*          write has landed (the exclusive monitor of LDXR/STXR). A      *)
(*          fully ordered one (xchg, cmpxchg, their atomic_ forms) waits  *)
(*          for an empty buffer and writes memory at once, as smp_mb()    *)
(*          on both sides; _release (and C11's acq_rel, which DPDK uses)   *)
(*          waits for older stores like a release store;                  *)
(*          _acquire and _relaxed write like a plain store. Loads may be   *)
(*          satisfied early, before older loads, where the spec lets them *)
(*          (LoadsEarly): an acquire load, smp_mb() or smp_rmb() stops it. *)
(*                                                                         *)
(* What none of the models has: load buffering (a store visible before an *)
(* older load of its CPU is satisfied, the LB shape), so no out-of-thin-   *)
(* air values either; mixed-size accesses (the ports and specs use whole   *)
(* words, the NR_CPUS >= 16K paths); non-multi-copy-atomic stores (POWER's *)
(* IRIW): memory is one shared map, as Armv8 is other-multi-copy-atomic.  *)
(*                                                                         *)
(* A store buffer holds at most BufferDepth entries; a CPU whose buffer is *)
(* full waits for a drain before it stores again, as hardware stalls. The *)
(* bound keeps the state space finite for a CPU that loops; a spec's      *)
(* models choose it deep enough for the stores one lock-unlock round can  *)
(* have in flight (each says how deep that is).                            *)
(*                                                                         *)
(* TLC checks only the root module's assumptions, so a spec that          *)
(* instantiates this module states MemoryModelAssumption (and             *)
(* BufferDepthAssumption) again as its own.                               *)
(*                                                                         *)
(* A spec instantiates this module with its own mem (a function from its  *)
(* locations to values) and buf (per CPU, a sequence of entries           *)
(* << location, value, kind >>, oldest first). Entry kinds: "once" (plain, *)
(* WRITE_ONCE and the write of an _acquire or _relaxed RMW), "release"     *)
(* (smp_store_release, and the write of an _release RMW), "rmw" is added  *)
(* to either as "once-rmw" or "release-rmw" to hold the location, and     *)
(* "wmb" (smp_wmb(), no location).                                         *)
(***************************************************************************)
EXTENDS Naturals, Sequences, TLC

CONSTANTS
    MemoryModel,        \* "SC", "TSO" or "WMO"
    CPUs,               \* the CPUs of the spec that instantiates this module
    BufferDepth         \* entries a store buffer holds; a CPU with a full one stalls

VARIABLES mem, buf

Models == {"SC", "TSO", "WMO"}
ASSUME MemoryModelAssumption == MemoryModel \in Models
ASSUME BufferDepthAssumption == BufferDepth \in Nat /\ BufferDepth >= 1

\* The kernel's orderings, as the specs write them at each access.
StoreOrders == {"plain", "once", "release"}
LoadOrders  == {"plain", "once", "acquire"}
RmwOrders   == {"full", "acq_rel", "acquire", "release", "relaxed"}

\* Barriers: smp_mb(), smp_wmb(), smp_rmb(), and "none" for a barrier a mutant
\* leaves out. smp_rmb() only keeps later loads from being satisfied early
\* (LoadsEarly); a spec states it where a load could otherwise pass.
BarrierOrders == {"mb", "wmb", "rmb", "none"}

\* Every order an access can be given.
Orders == StoreOrders \cup LoadOrders \cup RmwOrders \cup BarrierOrders

\* How a spec's models weaken its code: the spec's record kernel maps each access
\* to the order the code gives it, and weaken is a set of "access:order" strings
\* (a TLC config has no tuples) naming accesses given another order.
Weakened(weaken, a, o) == (a \o ":" \o o) \in weaken

\* Every access of kernel has an order the layer knows.
KernelValid(kernel) == \A a \in DOMAIN kernel : kernel[a] \in Orders

\* The kernel's orders are valid, and every string of weaken names one access of
\* kernel and one order, at most one per access.
WeakenValid(kernel, weaken) ==
    /\ KernelValid(kernel)
    /\ \A w \in weaken : \E a \in DOMAIN kernel, o \in Orders : w = a \o ":" \o o
    /\ \A a \in DOMAIN kernel, o1, o2 \in Orders :
          Weakened(weaken, a, o1) /\ Weakened(weaken, a, o2) => o1 = o2

\* The order of access a in a model; an access kernel gives no order stops the
\* run at its first use with a message that names it.
OrderOf(kernel, weaken, a) ==
    IF a \notin DOMAIN kernel
    THEN Assert(FALSE, "the access " \o a \o " has no ordering: it is not in the spec's Kernel record")
    ELSE IF \E o \in Orders : Weakened(weaken, a, o)
    THEN CHOOSE o \in Orders : Weakened(weaken, a, o)
    ELSE kernel[a]

NoLoc == << "none", 0 >>   \* the location of a wmb marker (locations are << name, index >>)

Buffered(t) == buf[t] # << >>

\* Room for one more entry in CPU t's buffer (a store to a full one waits).
Room(t) == Len(buf[t]) < BufferDepth

\* The newest entry of s for location l, as a value, or dflt.
RECURSIVE Forward(_, _, _)
Forward(s, l, dflt) ==
    IF s = << >> THEN dflt
    ELSE IF s[Len(s)][1] = l THEN s[Len(s)][2]
    ELSE Forward(SubSeq(s, 1, Len(s) - 1), l, dflt)

\* A load by CPU t of location l: its own newest buffered store to l, else memory.
\* Every load order reads the same way; what differs is which loads the spec
\* lets be satisfied early (LoadsEarly).
Load(t, l) == Forward(buf[t], l, mem[l])

\* Loads may be satisfied before older loads of their CPU: only under WMO. A
\* spec asks this before letting a later load run ahead of an earlier one whose
\* order is o (an acquire load, a fully ordered RMW, smp_mb() or smp_rmb() is
\* never passed).
LoadsEarly(o) == MemoryModel = "WMO" /\ o \notin {"acquire", "acq_rel", "full", "mb", "rmb"}

\* Some CPU other than t holds location l with a buffered RMW write.
HeldByOther(t, l) ==
    \E u \in CPUs \ {t} : \E i \in 1 .. Len(buf[u]) :
        buf[u][i][1] = l /\ buf[u][i][3] \in {"once-rmw", "release-rmw"}

Kind(o) == IF o = "release" THEN "release" ELSE "once"

\* A store by CPU t: to memory at once under SC, else into t's buffer.
Store(t, l, v, o) ==
    IF MemoryModel = "SC"
    THEN /\ mem' = [mem EXCEPT ![l] = v]
         /\ UNCHANGED buf
    ELSE /\ Room(t)
         /\ buf' = [buf EXCEPT ![t] = Append(@, << l, v, Kind(o) >>)]
         /\ UNCHANGED mem

\* smp_mb(): the buffer is empty before the step (an await on it).
MbReady(t) == ~Buffered(t)

\* smp_wmb(): a marker in the buffer under WMO; TSO keeps stores in order anyway.
Wmb(t) ==
    IF MemoryModel = "WMO"
    THEN /\ Room(t)
         /\ buf' = [buf EXCEPT ![t] = Append(@, << NoLoc, 0, "wmb" >>)]
         /\ UNCHANGED mem
    ELSE UNCHANGED << mem, buf >>

\* A read-modify-write of location l by CPU t with order o may run now.
RmwReady(t, l, o) ==
    /\ ~HeldByOther(t, l)
    /\ \A i \in 1 .. Len(buf[t]) : buf[t][i][1] # l
    /\ (MemoryModel = "TSO" \/ o = "full") => ~Buffered(t)
    /\ Room(t)

\* The value it reads: memory (RmwReady leaves nothing of t's own buffered for l).
RmwRead(l) == mem[l]

\* Its write of v: to memory when fully ordered (or under SC and TSO), else
\* buffered and holding l until it lands.
RmwWrite(t, l, v, o) ==
    IF MemoryModel # "WMO" \/ o = "full"
    THEN /\ mem' = [mem EXCEPT ![l] = v]
         /\ UNCHANGED buf
    ELSE /\ buf' = [buf EXCEPT ![t] = Append(@, << l, v, IF o \in {"release", "acq_rel"} THEN "release-rmw"
                                                                                  ELSE "once-rmw" >>)]
         /\ UNCHANGED mem

\* A read-modify-write that does not write (a failed cmpxchg): a load.
RmwFail(t) == UNCHANGED << mem, buf >>

\* Entry i of CPU t's buffer may reach memory now.
Drainable(t, i) ==
    LET e == buf[t][i] IN
    /\ MemoryModel = "TSO" => i = 1
    /\ \A j \in 1 .. (i - 1) : buf[t][j][1] # e[1] /\ buf[t][j][3] # "wmb"
    /\ e[3] \in {"release", "release-rmw", "wmb"} => i = 1
    \* a plain store does not land on a location another CPU holds
    /\ e[3] \in {"once", "release"} => ~HeldByOther(t, e[1])

Remove(s, i) == SubSeq(s, 1, i - 1) \o SubSeq(s, i + 1, Len(s))

\* One buffered store of CPU t reaches memory (the other variables unchanged by the caller).
Drain(t) ==
    \E i \in 1 .. Len(buf[t]) :
        /\ Drainable(t, i)
        /\ mem' = IF buf[t][i][3] = "wmb" THEN mem ELSE [mem EXCEPT ![buf[t][i][1]] = buf[t][i][2]]
        /\ buf' = [buf EXCEPT ![t] = Remove(@, i)]

\* Stores in flight, for witnesses that a model did reorder.
InFlight(t) == Len(buf[t])

EmptyBuffers == [t \in CPUs |-> << >>]
=============================================================================
