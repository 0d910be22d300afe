package org.handoff.litmus;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.handoff.core.Check;
import org.handoff.core.Outcome;
import org.handoff.core.Property;
import org.handoff.core.Verdict;

/**
 * The grading of finished jcstress runs ({@link JcstressRunner} runs them): each observed state is
 * charged to the catalogue property its outcome's description starts with ({@code MutualExclusion:
 * ...}); forbidden states, and interesting ones that name a property, make the verdict a failure
 * of every property they were charged to; a fork that timed out is a DeadlockFreedom failure; a
 * run that took no sample, skipped the test or reported fewer results than it planned is no pass.
 */
public final class JcstressVerdicts {
    private static final Pattern PROPERTY_PREFIX = Pattern.compile("^\\s*([A-Za-z]+)\\s*:");

    private JcstressVerdicts() {
    }

    /** Reads a finished jcstress run into a verdict. */
    public static Verdict verdict(Check check, String output, int exitCode, double seconds) {
        return verdict(check, List.of(new JcstressRunner.Run(output, exitCode)), seconds);
    }

    /** Reads finished jcstress runs of one test into a verdict, their results added up. */
    public static Verdict verdict(Check check, List<JcstressRunner.Run> runs, double seconds) {
        String test = check.check();
        JcstressOutput out = JcstressOutput.merge(runs.stream().map(r -> r.parse(test)).toList());
        int exitCode = runs.stream().mapToInt(JcstressRunner.Run::exitCode).filter(c -> c != 0).findFirst().orElse(0);
        String output = runs.get(runs.size() - 1).output();
        if (out.noMatchingTests() || (out.forks().isEmpty() && out.planned() == 0)) {
            return new Verdict(check, Outcome.SKIPPED, null, null, seconds, "jcstress ran no test named " + test
                    + ": it is not in the compiled test list, or it has more actors than this machine's CPUs");
        }
        if (out.forks().isEmpty()) {
            return new Verdict(check, Outcome.ERROR, null, null, seconds,
                    "jcstress reported no result for " + test + " (exit status " + exitCode + "): " + tail(output));
        }
        Map<String, JcstressOutput.Row> observed = out.observed();
        List<JcstressOutput.Row> forbidden = observed.values().stream()
                .filter(r -> r.expect().equals(JcstressOutput.FORBIDDEN)
                        || r.expect().equals(JcstressOutput.INTERESTING) && propertyOf(r.description()) != null)
                .toList();
        List<JcstressOutput.Fork> timeouts = out.withStatus(JcstressOutput.TIMEOUT);
        String counts = out.samples() + " samples in " + out.forks().size() + " fork(s)"
                + (runs.size() > 1 ? " of " + runs.size() + " runs" : "");
        if (!forbidden.isEmpty() || !timeouts.isEmpty()) {
            // Group the forbidden states by the property their description names, in catalogue order.
            Map<Property, List<JcstressOutput.Row>> byProperty = new EnumMap<>(Property.class);
            List<JcstressOutput.Row> unnamed = new ArrayList<>();
            for (JcstressOutput.Row r : forbidden) {
                Property p = propertyOf(r.description());
                if (p == null) {
                    unnamed.add(r);
                } else {
                    byProperty.computeIfAbsent(p, k -> new ArrayList<>()).add(r);
                }
            }
            List<String> parts = new ArrayList<>();
            byProperty.forEach((p, rows) -> parts.add(p.name() + ": " + summary(rows)));
            if (!unnamed.isEmpty()) {
                parts.add("a description that names no catalogue property: " + summary(unnamed));
            }
            Set<Property> violated = EnumSet.noneOf(Property.class);
            violated.addAll(byProperty.keySet());
            if (!timeouts.isEmpty()) {
                violated.add(Property.DeadlockFreedom);
                parts.add("DeadlockFreedom: " + timeouts.size() + " fork(s) timed out, a test thread never finished ("
                        + String.join(" ", timeouts.get(0).messages()) + ")");
            }
            String name = violated.isEmpty() ? null : violated.iterator().next().name();
            // Every property a forbidden state was charged to: the run looked at all of them.
            return new Verdict(check, Outcome.FAIL, name, null, seconds,
                    String.join("; ", parts) + "; of " + counts, violated.stream().map(Property::name).toList(), null);
        }
        List<JcstressOutput.Fork> errors = new ArrayList<>(out.withStatus(JcstressOutput.ERROR));
        errors.addAll(out.withStatus(JcstressOutput.VM_ERROR));
        if (!errors.isEmpty()) {
            JcstressOutput.Fork f = errors.get(0);
            String why = f.messages().stream().filter(m -> !m.startsWith("at ")).limit(3).collect(Collectors.joining(" "));
            return new Verdict(check, Outcome.ERROR, null, null, seconds,
                    errors.size() + " fork(s) ended in " + f.status() + ": " + (why.isEmpty() ? "no message" : why));
        }
        if (!out.withStatus(JcstressOutput.SKIPPED).isEmpty()) {
            return new Verdict(check, Outcome.SKIPPED, null, null, seconds,
                    "jcstress skipped " + test + " (API mismatch with this JVM)");
        }
        if (out.planned() > 0 && out.forks().size() < out.planned()) {
            return new Verdict(check, Outcome.ERROR, null, null, seconds, "jcstress planned " + out.planned()
                    + " results for " + test + " but reported " + out.forks().size());
        }
        if (out.samples() == 0) {
            return new Verdict(check, Outcome.SKIPPED, null, null, seconds, "jcstress ran " + test + " but took no sample");
        }
        if (exitCode != 0) {
            return new Verdict(check, Outcome.ERROR, null, null, seconds,
                    "every outcome was acceptable but jcstress exited with status " + exitCode + ": " + tail(output));
        }
        String seen = observed.values().stream()
                .map(r -> r.state() + " x" + r.samples() + (r.expect().equals(JcstressOutput.INTERESTING) ? " (interesting)" : ""))
                .collect(Collectors.joining(", "));
        return new Verdict(check, Outcome.PASS, null, null, seconds, counts + ", all acceptable: " + seen);
    }

    /** "N sample(s) in K forbidden state(s), most often S xC (description)". */
    private static String summary(List<JcstressOutput.Row> rows) {
        long total = rows.stream().mapToLong(JcstressOutput.Row::samples).sum();
        JcstressOutput.Row top = rows.stream().max(Comparator.comparingLong(JcstressOutput.Row::samples)).orElseThrow();
        return total + " sample(s) in " + rows.size() + " forbidden state(s), most often " + top.state()
                + " x" + top.samples() + " (" + top.description() + ")";
    }

    /** The catalogue property an outcome description starts with, or null. */
    static Property propertyOf(String description) {
        Matcher m = PROPERTY_PREFIX.matcher(description);
        if (!m.find()) {
            return null;
        }
        for (Property p : Property.values()) {
            if (p.name().equals(m.group(1))) {
                return p;
            }
        }
        return null;
    }

    private static String tail(String output) {
        String[] lines = output.strip().split("\\R");
        int from = Math.max(0, lines.length - 3);
        return String.join(" | ", Arrays.asList(lines).subList(from, lines.length)).strip();
    }
}
