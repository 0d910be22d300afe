package org.handoff.core;

import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * What one check produced.
 *
 * @param check      the manifest entry
 * @param actual     pass, fail, error, skipped or vacuous
 * @param violated   the catalogue property found violated first (null unless actual is fail)
 * @param states     distinct states (TLC), else null
 * @param seconds    wall-clock time of the check
 * @param detail     a counterexample, the tool's message, or a short summary
 * @param violations every property (or witness invariant) the check found violated, when it looked
 *                   for all of them (TLC on an expected failure, every forbidden state of a jcstress
 *                   run); else just {@code violated}
 * @param coverage   how often each action fired, in the order TLC lists them: generated states per
 *                   action (TLC's coverage), or steps per action on the counterexample of a model
 *                   expected to fail ({@link #coverageFrom}); empty when the level does not report it
 * @param evidence   the run behind the verdict, for a report to render (TLC's result); null when the
 *                   level keeps none
 */
public record Verdict(Check check, Outcome actual, String violated, Long states, double seconds, String detail,
        List<String> violations, Map<String, Long> coverage, Evidence evidence) {

    public Verdict {
        violations = violations == null ? (violated == null ? List.of() : List.of(violated)) : List.copyOf(violations);
        coverage = coverage == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(coverage));
    }

    public Verdict(Check check, Outcome actual, String violated, Long states, double seconds, String detail) {
        this(check, actual, violated, states, seconds, detail, null, null, null);
    }

    public Verdict(Check check, Outcome actual, String violated, Long states, double seconds, String detail,
            List<String> violations, Map<String, Long> coverage) {
        this(check, actual, violated, states, seconds, detail, violations, coverage, null);
    }

    /** The same verdict with the run behind it. */
    public Verdict withEvidence(Evidence e) {
        return new Verdict(check, actual, violated, states, seconds, detail, violations, coverage, e);
    }

    /**
     * What {@link #coverage} counts: "search" (TLC's coverage, the states each action generated),
     * "counterexample" (how often each action was taken on the counterexample: a TLC model expected
     * to fail runs without TLC's coverage bookkeeping, and its failure is shown by that trace),
     * "hooks" (a Java level's hook counts), or null when there is none.
     */
    public String coverageFrom() {
        if (coverage.isEmpty()) {
            return null;
        }
        if (check.level() != Level.TLC) {
            return "hooks";
        }
        return check.expected() == Outcome.FAIL && actual == Outcome.FAIL ? "counterexample" : "search";
    }

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
        if (actual == Outcome.VACUOUS && check.expected() == Outcome.VACUOUS) {
            return null; // a gap the manifest records, with its reason
        }
        if (actual == Outcome.VACUOUS) {
            return "vacuous: " + (detail == null ? "it did not exercise what it checks" : detail.lines().findFirst().orElse(""));
        }
        if (actual != check.expected()) {
            return "expected " + check.expected().id()
                    + (check.expected() == Outcome.FAIL ? " (" + check.expectedViolation() + ")" : "")
                    + " but got " + actual.id() + (violated != null ? " (" + violated + ")" : "");
        }
        String want = check.expectedViolation();
        if (actual == Outcome.FAIL && want != null && !reports(violated, want) && violations.stream().noneMatch(n -> reports(n, want))) {
            return "expected " + want + " to be violated but " + violated + " was";
        }
        if (actual == Outcome.FAIL && !check.violates().isEmpty() && violations.size() > 0) {
            TreeSet<String> expectedSet = new TreeSet<>(check.violates());
            TreeSet<String> actualSet = catalogued(violations);
            if (!expectedSet.equals(actualSet)) {
                return "violates " + actualSet + ", manifest records " + expectedSet;
            }
        }
        Long wantStates = check.expectedStates();
        if (actual == Outcome.PASS && wantStates != null && states != null && !wantStates.equals(states)) {
            return "state space changed: " + states + " distinct states, manifest records " + wantStates;
        }
        return null;
    }

    /** Whether a violation of the definition {@code name} is a violation of {@code want}. */
    private static boolean reports(String name, String want) {
        if (want.equals(name)) {
            return true;
        }
        Property p = Property.reportedAs(name);
        return p != null && p.name().equals(want);
    }

    /** The catalogue properties among {@code names} (state forms mapped to their property). */
    public static TreeSet<String> catalogued(List<String> names) {
        TreeSet<String> out = new TreeSet<>();
        for (String n : names) {
            Property p = Property.reportedAs(n);
            if (p != null) {
                out.add(p.name());
            }
        }
        return out;
    }
}
