------------------------------ MODULE WeakOrders ------------------------------
\* A toy spec on the memory layer for the bad-input tests: one CPU stores to one
\* location with the order its Kernel record gives "store"; Access names the
\* access its step uses, so a config can name one the record does not have.
EXTENDS Naturals, Sequences
CONSTANTS MemoryModel, StoreOrder, Access
Kernel == [store |-> StoreOrder]
CPUs == {1}
VARIABLES mem, buf, done
M == INSTANCE Memory WITH BufferDepth <- 1
ASSUME KernelAssumption == M!WeakenValid(Kernel, {})
Init == mem = [l \in {<< "x", 0 >>} |-> 0] /\ buf = M!EmptyBuffers /\ done = FALSE
Store == ~done /\ M!Store(1, << "x", 0 >>, 1, M!OrderOf(Kernel, {}, Access)) /\ done' = TRUE
Drain == M!Drain(1) /\ UNCHANGED done
Spec == Init /\ [][Store \/ Drain]_<< mem, buf, done >>
===============================================================================
