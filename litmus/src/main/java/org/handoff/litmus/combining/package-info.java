/**
 * jcstress litmus tests of the combining lock ({@link org.handoff.models.combining.CombiningLock})
 * and its seeded mutants ({@link org.handoff.models.combining.CombiningMutants}), two submitters
 * each: exactly-once, result visibility, mutual exclusion of the requests, termination. Every
 * forbidden outcome's description starts with the property's name, which is how
 * {@link org.handoff.litmus.JcstressRunner} attributes a failure. How to run one by hand: see
 * {@link org.handoff.litmus.mcs the MCS package}.
 */
package org.handoff.litmus.combining;
