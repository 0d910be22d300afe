---- MODULE Huge ----
\* One initial state holding a function of 20 million integers: far more than a 32 MB heap.
EXTENDS Naturals
VARIABLE x
Init == x = [i \in 1..20000000 |-> i]
Next == UNCHANGED x
====
