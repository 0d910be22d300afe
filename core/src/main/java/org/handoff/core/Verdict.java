package org.handoff.core;

/**
 * What one check produced.
 *
 * @param check    the manifest entry
 * @param actual   pass, fail, error or skipped
 * @param violated the catalogue property found violated (null unless actual is fail)
 * @param states   distinct states (TLC), else null
 * @param seconds  wall-clock time of the check
 * @param detail   a counterexample, the tool's message, or a short summary
 */
public record Verdict(Check check, Outcome actual, String violated, Long states, double seconds, String detail) {

    /**
     * Whether the verdict is what the manifest expects: the same outcome, the named property when a
     * failure is expected, and, for a passing TLC model whose state count is recorded, the same count
     * (a change to the state space is noticed, not silently accepted).
     */
    public boolean matchesExpectation() {
        return mismatch() == null;
    }

    /** Why the verdict differs from the expectation, or null when it does not. */
    public String mismatch() {
        if (actual != check.expected()) {
            return "expected " + check.expected().id()
                    + (check.expected() == Outcome.FAIL ? " (" + check.property() + ")" : "")
                    + " but got " + actual.id() + (violated != null ? " (" + violated + ")" : "");
        }
        if (actual == Outcome.FAIL && check.property() != null && !check.property().equals(violated)) {
            return "expected " + check.property() + " to be violated but " + violated + " was";
        }
        Long want = check.expectedStates();
        if (actual == Outcome.PASS && want != null && states != null && !want.equals(states)) {
            return "state space changed: " + states + " distinct states, manifest records " + want;
        }
        return null;
    }
}
