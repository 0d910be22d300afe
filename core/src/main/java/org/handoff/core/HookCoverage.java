package org.handoff.core;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Java levels' answer to TLC's coverage: how often each of a port's own steps ran in a Lincheck
 * or jcstress run (the ports count them, see {@code org.handoff.models.HookCounter}), and the rule
 * that a passing run in which a step its variant requires never ran is vacuous, not a pass. The
 * steps a check requires are its {@code hooks} ({@link Check#hooks}), from the manifest's
 * {@code variantHooks}.
 */
public final class HookCoverage {
    private HookCoverage() {
    }

    /**
     * The counts in {@code text}, as {@code java.util.Map#toString} prints them ({@code {a=1, b=2}})
     * or one {@code name=count} per line; lines or entries that are not of that form are ignored.
     */
    public static Map<String, Long> parse(String text) {
        Map<String, Long> out = new LinkedHashMap<>();
        String body = text.strip();
        if (body.startsWith("{") && body.endsWith("}")) {
            body = body.substring(1, body.length() - 1).replace(", ", "\n");
        }
        for (String line : body.split("\\R")) {
            int eq = line.lastIndexOf('=');
            if (eq <= 0) {
                continue;
            }
            try {
                out.merge(line.substring(0, eq).strip(), Long.parseLong(line.substring(eq + 1).strip()), Long::sum);
            } catch (NumberFormatException e) {
                // not a count
            }
        }
        return out;
    }

    /** The first of {@code required} that never ran according to {@code counts}, or null. */
    public static String unreached(List<String> required, Map<String, Long> counts) {
        for (String h : required) {
            if (counts.getOrDefault(h, 0L) == 0) {
                return h;
            }
        }
        return null;
    }

    /**
     * {@code v} with the hook counts attached as its coverage; a pass whose check requires a hook
     * that never ran becomes {@link Outcome#VACUOUS}, with one line naming the hook.
     */
    public static Verdict apply(Verdict v, Map<String, Long> counts, String run) {
        String missing = unreached(v.check().hooks(), counts);
        if (v.actual() == Outcome.PASS && missing != null) {
            return new Verdict(v.check(), Outcome.VACUOUS, null, v.states(), v.seconds(),
                    "the port's step " + missing + " never ran in " + run + ": the run never reached what the variant"
                            + " changes (hook counts: " + counts + ")\n" + v.detail(), v.violations(), counts);
        }
        return new Verdict(v.check(), v.actual(), v.violated(), v.states(), v.seconds(), v.detail(), v.violations(), counts);
    }
}
