/**
 * jcstress litmus tests of the M-lock port ({@link org.handoff.models.mlock.MLock}) and its seeded
 * mutants ({@link org.handoff.models.mlock.MLockMutants}). Each test checks one catalogue property;
 * every forbidden outcome's description starts with that property's name, which is how
 * {@link org.handoff.litmus.JcstressRunner} attributes a failure. The manifest lists each test with
 * its expected verdict. How to run one by hand: see {@link org.handoff.litmus.mcs the MCS package}.
 */
package org.handoff.litmus.mlock;
