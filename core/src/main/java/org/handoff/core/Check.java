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

    public boolean inProfile(String selected) {
        return "full".equals(selected) || "quick".equals(profile);
    }

    /**
     * The name a reader uses: the model for TLC, otherwise the test class without its package
     * (the package is the segments that start with a lower-case letter), so a nested test keeps
     * its outer class: {@code PlainTake.PlainRead}.
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
