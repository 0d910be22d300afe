/**
 * jcstress litmus tests of crossed locking ({@link org.handoff.models.litmus.CrossedLocking}): the
 * store-buffering shape behind the {@code smp_mb()} that {@code spin_is_locked} had on powerpc until
 * 2021, across the Java access modes of the lock-taking store and of the {@code isLocked} read
 * ({@code CrossedJmmAllows} and {@code CrossedJmmForbids}, the cell chosen by the entry's variant
 * name {@code <take>-take-<read>-read}), on the qspinlock port ({@code QSpinLockCrossed*}), on the two-CPU lock built
 * on the pattern ({@code *MutualExclusion}), the spin-wait primitive ({@code *SpinTermination}), and
 * the order of a DPDK MCS waiter's flag and link stores ({@code McsLinkOrder}, DPDK commit
 * 021b698eb56e).
 * An outcome the JMM allows but the lock property does not is {@code ACCEPTABLE_INTERESTING} with
 * a description that names the property; {@link org.handoff.litmus.JcstressRunner} counts it as a
 * violation. How to run one by hand: see {@link org.handoff.litmus.mcs the MCS package}.
 */
package org.handoff.litmus.litmus;
