package org.handoff.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.handoff.core.Check;
import org.handoff.core.HandoffException;
import org.handoff.core.Level;
import org.handoff.core.Outcome;
import org.handoff.core.Property;
import org.handoff.core.Verdict;
import org.handoff.specs.TlcConfig;

/**
 * What a proposed variant changes against its baseline, read off the verdicts of both: for each
 * catalogue property and level, whether it was shown to hold, shown violated, or not decided, in
 * the baseline and in the variant.
 *
 * <p>A TLC model that passes shows every catalogue property its config checks (its INVARIANT and
 * PROPERTY lines, and DeadlockFreedom when it sets CHECK_DEADLOCK TRUE); a model that fails shows
 * only the violated one (TLC stops at the first violation, so the others are not decided by it). A
 * Java check shows the property it names. When some checks of a level show a property and others
 * violate it (models under different assumptions, such as CNA's adversarial and fair coin), the
 * property is "mixed" there and the checks column says which is which.
 */
final class ReviewDiff {
    /** What one variant's checks show about one property at one level. */
    enum Shown {
        HOLDS, VIOLATED, MIXED, ERROR;

        String word() {
            return switch (this) {
                case HOLDS -> "holds";
                case VIOLATED -> "VIOLATED";
                case MIXED -> "mixed";
                case ERROR -> "error";
            };
        }
    }

    /** One row: property at level, in the baseline and the variant (null: not checked). */
    record Row(String property, Level level, Shown baseline, Shown variant, List<String> baselineChecks,
            List<String> variantChecks) {
        String change() {
            if (baseline == variant) {
                return baseline == null ? "" : "same";
            }
            if (baseline == null) {
                return "checked only in the variant";
            }
            if (variant == null) {
                return "not checked in the variant";
            }
            if (baseline == Shown.VIOLATED && variant == Shown.HOLDS) {
                return "GAINED";
            }
            if (baseline == Shown.HOLDS && variant == Shown.VIOLATED) {
                return "LOST";
            }
            if (baseline == Shown.VIOLATED && variant == Shown.MIXED) {
                return "GAINED in some models";
            }
            if (baseline == Shown.HOLDS && variant == Shown.MIXED) {
                return "LOST in some models";
            }
            return "differs";
        }
    }

    private ReviewDiff() {
    }

    /** The catalogue properties a verdict shows, with what it shows about each. */
    static Map<String, Shown> shown(Verdict v, Path specsDir) {
        Map<String, Shown> out = new TreeMap<>();
        Check c = v.check();
        if (c.isWitness()) {
            return out; // evidence that a model reaches a behaviour, not a property (the review lists witnesses apart)
        }
        if (v.actual() == Outcome.ERROR || v.actual() == Outcome.SKIPPED || v.actual() == Outcome.VACUOUS) {
            Set<String> props = c.level() == Level.TLC ? configured(c, specsDir) : new LinkedHashSet<>();
            if (c.property() != null) {
                props.add(c.property());
            }
            props.forEach(p -> out.put(p, Shown.ERROR));
            return out;
        }
        if (v.actual() == Outcome.FAIL) {
            List<String> violated = v.violations().isEmpty() && c.property() != null ? List.of(c.property()) : v.violations();
            for (String names : violated) {
                for (String p : names.split(",")) {
                    Property reported = Property.reportedAs(p.trim());
                    out.put(reported != null ? reported.name() : p.trim(), Shown.VIOLATED);
                }
            }
            return out;
        }
        if (c.level() == Level.TLC) {
            configured(c, specsDir).forEach(p -> out.put(p, Shown.HOLDS));
        }
        if (c.property() != null) {
            out.put(c.property(), Shown.HOLDS);
        }
        return out;
    }

    /** The catalogue properties a TLC model's config checks. */
    static Set<String> configured(Check c, Path specsDir) {
        Path cfg = specsDir.resolve(c.param("config"));
        String text;
        try {
            text = Files.readString(cfg);
        } catch (IOException e) {
            throw new HandoffException(cfg + ": cannot read: " + e.getMessage(), e);
        }
        Set<String> catalogue = new LinkedHashSet<>();
        for (Property p : Property.values()) {
            catalogue.add(p.name());
        }
        TlcConfig parsed = TlcConfig.parse(text);
        Set<String> out = new LinkedHashSet<>();
        parsed.invariants().stream().filter(catalogue::contains).forEach(out::add);
        parsed.properties().stream().filter(catalogue::contains).forEach(out::add);
        if (text.matches("(?s).*\\bCHECK_DEADLOCK\\s+TRUE\\b.*")) {
            out.add(Property.DeadlockFreedom.name());
        }
        return out;
    }

    /** Merges one variant's verdicts: per "level property", what they show and which checks show it. */
    static Map<String, Map.Entry<Shown, List<String>>> merge(List<Verdict> verdicts, Path specsDir) {
        Map<String, Map.Entry<Shown, List<String>>> out = new TreeMap<>();
        for (Verdict v : verdicts) {
            for (Map.Entry<String, Shown> e : shown(v, specsDir).entrySet()) {
                String key = v.check().level().id() + " " + e.getKey();
                Map.Entry<Shown, List<String>> prev = out.get(key);
                List<String> checks = new ArrayList<>(prev == null ? List.of() : prev.getValue());
                checks.add(v.check().shortName() + (e.getValue() == Shown.HOLDS ? "" : " " + e.getValue().word()));
                Shown s = prev == null ? e.getValue() : combine(prev.getKey(), e.getValue());
                out.put(key, Map.entry(s, checks));
            }
        }
        return out;
    }

    static Shown combine(Shown a, Shown b) {
        if (a == Shown.ERROR || b == Shown.ERROR) {
            return Shown.ERROR;
        }
        return a == b ? a : Shown.MIXED;
    }

    /** The rows of the diff, by level then property. */
    static List<Row> rows(List<Verdict> baseline, List<Verdict> variant, Path specsDir) {
        Map<String, Map.Entry<Shown, List<String>>> b = merge(baseline, specsDir);
        Map<String, Map.Entry<Shown, List<String>>> v = merge(variant, specsDir);
        Set<String> keys = new java.util.TreeSet<>(java.util.Comparator
                .comparing((String k) -> Level.of(k.substring(0, k.indexOf(' '))).ordinal()).thenComparing(k -> k));
        keys.addAll(b.keySet());
        keys.addAll(v.keySet());
        List<Row> rows = new ArrayList<>();
        for (String k : keys) {
            Level level = Level.of(k.substring(0, k.indexOf(' ')));
            String property = k.substring(k.indexOf(' ') + 1);
            Map.Entry<Shown, List<String>> bb = b.get(k);
            Map.Entry<Shown, List<String>> vv = v.get(k);
            rows.add(new Row(property, level, bb == null ? null : bb.getKey(), vv == null ? null : vv.getKey(),
                    bb == null ? List.of() : bb.getValue(), vv == null ? List.of() : vv.getValue()));
        }
        return rows;
    }
}
