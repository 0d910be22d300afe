/**
 * jcstress litmus tests of crossed locking ({@link org.handoff.models.litmus.CrossedLocking}): the
 * store-buffering shape behind the {@code smp_mb()} that {@code spin_is_locked} had on powerpc until
 * 2021, across the Java access modes of the lock-taking store and of the {@code isLocked} read
 * ({@code CrossedJmmAllows} and {@code CrossedJmmForbids}, the cell chosen by the entry's variant
 * name {@code <take>-take-<read>-read}; on the qspinlock port, {@code qspinlock-fenced} and
 * {@code qspinlock-unfenced}), on the two-CPU lock built on the pattern
 * ({@code CrossedMutualExclusion}), the spin-wait primitive
 * ({@code SpinTerminationJmm*}), and the order of a DPDK MCS waiter's flag and link stores
 * ({@code McsLinkOrderJmm*}, DPDK commit 021b698eb56e). A shape whose variants the JMM grades
 * differently is two tests, {@code ...JmmAllows} and {@code ...JmmForbids}, the variant chosen by
 * name ({@link org.handoff.litmus.LockChoice#mode}).
 * An outcome the JMM allows but the lock property does not is {@code ACCEPTABLE_INTERESTING} with
 * a description that names the property; {@link org.handoff.litmus.JcstressRunner} counts it as a
 * violation. How to run one by hand: see {@link org.handoff.litmus.mcs the MCS package}.
 */
package org.handoff.litmus.litmus;
