package org.handoff.core;

import java.util.Map;

/**
 * One entry of the manifest: a check at one level of one variant (or mutant) of a family, with its
 * expected verdict.
 *
 * @param family   family name, the same at every level ("mcs")
 * @param variant  variant name; for a mutant, the mutant's name ("non-atomic-tail")
 * @param mutant   whether this is a seeded bug
 * @param level    tlc, jcstress or lincheck
 * @param check    the model (TLC) or test class (Java) name
 * @param property for an expected failure, the catalogue property that must be violated; for an
 *                 expected pass, the property the check is about (null when it checks several)
 * @param expected pass or fail
 * @param reason   why a mutant is expected to pass at this level, else null
 * @param profile  quick (default build) or full (-Pfull only)
 * @param params   level-specific settings (spec, config, states, liveness, lock class, ...)
 */
public record Check(String family, String variant, boolean mutant, Level level, String check,
        String property, Outcome expected, String reason, String profile, Map<String, Object> params) {

    public Check {
        params = params == null ? Map.of() : Map.copyOf(params);
    }

    /** A string parameter; a one-line error naming the check when it is missing. */
    public String param(String key) {
        Object v = params.get(key);
        if (v == null) {
            throw new HandoffException("manifest entry " + id() + " has no '" + key + "'");
        }
        return v.toString();
    }

    public String paramOr(String key, String fallback) {
        Object v = params.get(key);
        return v == null ? fallback : v.toString();
    }

    /** The expected number of distinct states (TLC models that pass), or null when not recorded. */
    public Long expectedStates() {
        Object v = params.get("states");
        return v instanceof Number n ? n.longValue() : null;
    }

    /**
     * For a witness entry, the invariant {@code Never<Behaviour>} that the twin model (same spec, same
     * config, expected to pass) must violate to show that it reaches the behaviour; else null.
     */
    public String witness() {
        Object v = params.get("witness");
        return v == null ? null : v.toString();
    }

    public boolean isWitness() {
        return witness() != null;
    }

    /** The name the verdict must report violated: the witness invariant, else the property. */
    public String expectedViolation() {
        return isWitness() ? witness() : property;
    }

    /**
     * For an expected failure, every catalogue property the model violates (the manifest's
     * {@code violates}); empty when the entry does not record the set.
     */
    public java.util.List<String> violates() {
        return strings("violates");
    }

    /**
     * The actions that must fire in a passing run (TLC's coverage): the variant's own actions, from
     * the manifest's {@code variantActions}, and any the entry lists under {@code covers}.
     */
    public java.util.List<String> covers() {
        return strings("covers");
    }

    /**
     * The port steps that must run in a passing Lincheck or jcstress run ({@code org.handoff.models.HookCounter}
     * names): the variant's, from the manifest's {@code variantHooks}, unless the entry says why its
     * run cannot reach them ({@code noHooks}); plus any the entry lists under {@code hooks}.
     */
    public java.util.List<String> hooks() {
        return strings("hooks");
    }

    /**
     * The class of the Java port this entry runs, from the manifest's {@code ports} registry (its
     * variant's, or for a spec mutant's trace entry its {@code portOf} variant's); null when the
     * entry runs none.
     */
    public String port() {
        return paramOr("lock", null);
    }

    /** A parameter that is a list of names (empty when absent). */
    public java.util.List<String> strings(String key) {
        Object v = params.get(key);
        if (v instanceof java.util.List<?> l) {
            return l.stream().map(Object::toString).toList();
        }
        return java.util.List.of();
    }

    /** This entry with one more parameter (or one replaced). */
    public Check withParam(String key, Object value) {
        Map<String, Object> p = new java.util.LinkedHashMap<>(params);
        p.put(key, value);
        return new Check(family, variant, mutant, level, check, property, expected, reason, profile, p);
    }

    /**
     * The rule that a Java class registered for this entry answers to the entry's variant name:
     * {@code lock} is the class, {@code portVariant} asks it for its {@code variant()} (its
     * {@code @Variant}, or a name it computes). Another name, or a class that names none, is one
     * line naming the entry.
     */
    public void requirePortVariant(String lock, java.util.function.Supplier<String> portVariant) {
        String named;
        try {
            named = portVariant.get();
        } catch (RuntimeException e) {
            throw new HandoffException("manifest entry " + id() + ": " + e.getMessage());
        }
        if (!variant.equals(named)) {
            throw new HandoffException("manifest entry " + id() + ": lock " + lock + " says its variant is '"
                    + named + "', not '" + variant + "' (its @Variant must be the manifest's name)");
        }
    }

    public boolean inProfile(String selected) {
        return "full".equals(selected) || "quick".equals(profile);
    }

    /**
     * The name a reader uses: the model for TLC, otherwise the test class without its package
     * (the package is the segments that start with a lower-case letter), so a nested test keeps
     * its outer class: {@code SpinTermination.Opaque}.
     */
    public String shortName() {
        if (level == Level.TLC) {
            return check;
        }
        String[] parts = check.split("\\.");
        int i = 0;
        while (i < parts.length - 1 && !parts[i].isEmpty() && Character.isLowerCase(parts[i].charAt(0))) {
            i++;
        }
        return String.join(".", java.util.Arrays.asList(parts).subList(i, parts.length));
    }

    /** A unique, readable id: level:family/variant:check. */
    public String id() {
        return level.id() + ":" + family + "/" + variant + ":" + check;
    }
}
