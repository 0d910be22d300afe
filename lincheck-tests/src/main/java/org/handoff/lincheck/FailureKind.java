package org.handoff.lincheck;

import java.util.Locale;
import org.handoff.core.Outcome;
import org.handoff.core.Property;
import org.jetbrains.kotlinx.lincheck.strategy.IncorrectResultsFailure;
import org.jetbrains.kotlinx.lincheck.strategy.LincheckFailure;
import org.jetbrains.kotlinx.lincheck.strategy.ManagedDeadlockFailure;
import org.jetbrains.kotlinx.lincheck.strategy.ManagedLivelockFailure;
import org.jetbrains.kotlinx.lincheck.strategy.ObstructionFreedomViolationFailure;
import org.jetbrains.kotlinx.lincheck.strategy.TimeoutFailure;
import org.jetbrains.kotlinx.lincheck.strategy.UnexpectedExceptionFailure;
import org.jetbrains.kotlinx.lincheck.strategy.ValidationFailure;

/**
 * What a Lincheck run found, and what that means in the property catalogue.
 *
 * <p>Invalid results of the counter mean two threads were in the critical section at once
 * (MutualExclusion). A run that Lincheck reports as hung, whether a deadlock, a livelock of spin
 * loops that never terminate, or an invocation that ran out of time, means a waiter never got the
 * lock (DeadlockFreedom). Anything else (an exception thrown by the lock, a failed validation, a
 * tool crash) is a broken check, not a verdict on the lock: ERROR.
 */
public enum FailureKind {
    /** No failure: every explored interleaving was linearizable and terminated. */
    NONE(Outcome.PASS, null),
    /** Results with no sequential explanation: a lost or torn update of the counter. */
    INCORRECT_RESULTS(Outcome.FAIL, Property.MutualExclusion),
    /** All unfinished threads blocked. */
    DEADLOCK(Outcome.FAIL, Property.DeadlockFreedom),
    /** All unfinished threads spin in loops that never terminate. */
    LIVELOCK(Outcome.FAIL, Property.DeadlockFreedom),
    /** An invocation exceeded Lincheck's time limit (reported with a thread dump). */
    TIMEOUT(Outcome.FAIL, Property.DeadlockFreedom),
    /** Only with obstruction-freedom checking, which these tests do not enable. */
    OBSTRUCTION_FREEDOM(Outcome.ERROR, null),
    /** An operation threw. */
    UNEXPECTED_EXCEPTION(Outcome.ERROR, null),
    /** A validation function failed. */
    VALIDATION(Outcome.ERROR, null),
    /** The check could not run or Lincheck failed in a way not listed here. */
    ERROR(Outcome.ERROR, null);

    private final Outcome outcome;
    private final Property property;

    FailureKind(Outcome outcome, Property property) {
        this.outcome = outcome;
        this.property = property;
    }

    /** The verdict outcome this kind stands for. */
    public Outcome outcome() {
        return outcome;
    }

    /** The violated catalogue property, or null unless the outcome is FAIL. */
    public Property property() {
        return property;
    }

    /** The name used in the fork's result line. */
    public String id() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The kind with this {@link #id()}, or null. */
    public static FailureKind ofId(String id) {
        for (FailureKind k : values()) {
            if (k.id().equals(id)) {
                return k;
            }
        }
        return null;
    }

    /** Classifies a failure object by its type. */
    public static FailureKind of(LincheckFailure failure) {
        if (failure == null) {
            return NONE;
        }
        if (failure instanceof IncorrectResultsFailure) {
            return INCORRECT_RESULTS;
        }
        if (failure instanceof ManagedLivelockFailure) {
            return LIVELOCK;
        }
        if (failure instanceof ManagedDeadlockFailure) {
            return DEADLOCK;
        }
        if (failure instanceof TimeoutFailure) {
            return TIMEOUT;
        }
        if (failure instanceof ObstructionFreedomViolationFailure) {
            return OBSTRUCTION_FREEDOM;
        }
        if (failure instanceof UnexpectedExceptionFailure) {
            return UNEXPECTED_EXCEPTION;
        }
        if (failure instanceof ValidationFailure) {
            return VALIDATION;
        }
        return ERROR;
    }

    /**
     * Classifies a failure report by its text, for when only the message is at hand: the first
     * {@code = ... =} header names the kind, and a livelock adds a line about non-terminating loops.
     */
    public static FailureKind ofReport(String report) {
        if (report == null || report.isBlank()) {
            return ERROR;
        }
        String header = null;
        for (String line : report.split("\\R")) {
            String t = line.trim();
            if (t.startsWith("= ") && t.endsWith(" =")) {
                header = t;
                break;
            }
        }
        if (header == null) {
            return ERROR;
        }
        if (header.startsWith("= Invalid execution results")) {
            return INCORRECT_RESULTS;
        }
        if (header.startsWith("= The execution has hung, see the thread dump")) {
            return TIMEOUT;
        }
        if (header.startsWith("= The execution has hung")) {
            return report.contains("livelock") || report.contains("non-terminating loop") ? LIVELOCK : DEADLOCK;
        }
        if (header.startsWith("= The execution failed with an unexpected exception")) {
            return UNEXPECTED_EXCEPTION;
        }
        if (header.startsWith("= Validation function")) {
            return VALIDATION;
        }
        if (header.toLowerCase(Locale.ROOT).contains("obstruction")) {
            return OBSTRUCTION_FREEDOM;
        }
        return ERROR;
    }
}
