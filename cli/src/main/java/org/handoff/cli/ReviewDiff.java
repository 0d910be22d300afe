package org.handoff.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.handoff.core.Check;
import org.handoff.core.Level;
import org.handoff.core.Outcome;
import org.handoff.core.Property;
import org.handoff.core.Specs;
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
        /** VACUOUS: the check passed without running the variant's own step, so it shows nothing. */
        HOLDS, VIOLATED, MIXED, VACUOUS, ERROR;

        String word() {
            return switch (this) {
                case HOLDS -> "holds";
                case VIOLATED -> "VIOLATED";
                case MIXED -> "mixed";
                case VACUOUS -> "vacuous";
                case ERROR -> "error";
            };
        }
    }

    /**
     * One row: property at level, what the baseline's and the variant's checks show ("-": not
     * checked), the change, and the checks behind each side.
     */
    record Row(String property, Level level, String memoryModel, String baseline, String variant, String change,
            List<String> baselineChecks, List<String> variantChecks) {
        Row(String property, Level level, String baseline, String variant, String change, List<String> baselineChecks,
                List<String> variantChecks) {
            this(property, level, null, baseline, variant, change, baselineChecks, variantChecks);
        }

        /**
         * The level as the diff prints it: "tlc" for the sequentially consistent models (every family
         * spec, and a weak-memory spec run under SC), "tlc TSO" or "tlc WMO" for the others.
         */
        String levelLabel() {
            return level.id() + (memoryModel == null ? "" : " " + memoryModel);
        }

        /** The row as an item of the Gained/Lost lines: the property, its level and the detail. */
        String summary() {
            String detail = change.replaceFirst("^(GAINED|LOST)", "").replaceFirst("^ \\((.*)\\)$", "$1").strip();
            return property + " (" + level.id() + (memoryModel == null ? "" : " under " + memoryModel)
                    + (detail.isEmpty() ? "" : ", " + detail) + ")";
        }
    }

    static String change(Shown baseline, Shown variant) {
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

    /**
     * A deliberate failure that is not a property of the variant: trace validation of the port
     * against a spec or setting it must not conform to (a non-mutant crosscheck entry expected to
     * fail). Such entries show that the level has teeth; the review lists them apart.
     */
    static boolean teeth(Check c) {
        return c.level() == Level.CROSSCHECK && !c.mutant() && !c.isWitness() && c.expected() == Outcome.FAIL;
    }

    private ReviewDiff() {
    }

    /** The catalogue properties a verdict shows, with what it shows about each. */
    static Map<String, Shown> shown(Verdict v, Path specsDir) {
        Map<String, Shown> out = new TreeMap<>();
        Check c = v.check();
        if (c.isWitness() || (teeth(c) && v.matchesExpectation())) {
            return out; // evidence that a model reaches a behaviour, or a level's teeth: listed apart
        }
        if (v.actual() == Outcome.ERROR || v.actual() == Outcome.SKIPPED || v.actual() == Outcome.VACUOUS) {
            Set<String> props = c.level() == Level.TLC ? configured(c, specsDir) : new LinkedHashSet<>();
            if (c.property() != null) {
                props.add(c.property());
            }
            Shown shown = v.actual() == Outcome.VACUOUS ? Shown.VACUOUS : Shown.ERROR;
            props.forEach(p -> out.put(p, shown));
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
        TlcConfig parsed = TlcConfig.read(Specs.fileIn(specsDir, c, "config"));
        Set<String> catalogue = new LinkedHashSet<>();
        for (Property p : Property.values()) {
            catalogue.add(p.name());
        }
        Set<String> out = new LinkedHashSet<>();
        parsed.invariants().stream().filter(catalogue::contains).forEach(out::add);
        parsed.properties().stream().filter(catalogue::contains).forEach(out::add);
        if (parsed.checksDeadlock()) {
            out.add(Property.DeadlockFreedom.name());
        }
        return out;
    }

    /**
     * The memory model a TLC check runs under when it is not sequential consistency (its config's
     * {@code MemoryModel}, "TSO" or "WMO"); null for SC, for a spec without the constant, and for
     * the other levels. A patch that changes a barrier gains or loses per memory model, so the
     * diff keeps them apart.
     */
    static String weakMemoryModel(Check c, Path specsDir) {
        String m = Runners.memoryModel(specsDir.getParent(), c);
        return m == null || m.equals("SC") ? null : m;
    }

    /** The start of the keys a check's properties are merged under: its level and memory model (when weak). */
    private static String keyPrefix(Check c, Path specsDir) {
        String mm = weakMemoryModel(c, specsDir);
        return c.level().id() + (mm == null ? "" : "/" + mm) + " ";
    }

    /** Merges one variant's verdicts: per "level[/model] property", what they show and which checks show it. */
    static Map<String, Map.Entry<Shown, List<String>>> merge(List<Verdict> verdicts, Path specsDir) {
        Map<String, Map.Entry<Shown, List<String>>> out = new TreeMap<>();
        for (Verdict v : verdicts) {
            Map<String, Shown> shown = shown(v, specsDir);
            if (bound(v, specsDir) != null) {
                shown.remove(Property.BoundedBypass.name()); // per K, in the bound row
            }
            String prefix = keyPrefix(v.check(), specsDir); // reads the check's config once, not per property
            for (Map.Entry<String, Shown> e : shown.entrySet()) {
                String key = prefix + e.getKey();
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
        if (a == Shown.VACUOUS || b == Shown.VACUOUS) {
            // A check that never ran the variant's step shows nothing; the others decide (the checks
            // column still names it, "vacuous").
            return a == Shown.VACUOUS ? b : a;
        }
        return a == b ? a : Shown.MIXED;
    }

    /** The rows of the diff, by level then property. */
    static List<Row> rows(List<Verdict> baseline, List<Verdict> variant, Path specsDir) {
        Map<String, Map.Entry<Shown, List<String>>> b = merge(baseline, specsDir);
        Map<String, Map.Entry<Shown, List<String>>> v = merge(variant, specsDir);
        Set<String> keys = new java.util.TreeSet<>(java.util.Comparator
                .comparing((String k) -> Level.of(levelOf(k)).ordinal()).thenComparing(k -> memoryModelOf(k) == null ? "" : memoryModelOf(k))
                .thenComparing(k -> k));
        keys.addAll(b.keySet());
        keys.addAll(v.keySet());
        List<Row> rows = new ArrayList<>();
        for (String k : keys) {
            Level level = Level.of(levelOf(k));
            String property = k.substring(k.indexOf(' ') + 1);
            Map.Entry<Shown, List<String>> bb = b.get(k);
            Map.Entry<Shown, List<String>> vv = v.get(k);
            Shown bs = bb == null ? null : bb.getKey();
            Shown vs = vv == null ? null : vv.getKey();
            rows.add(new Row(property, level, memoryModelOf(k), bs == null ? "-" : bs.word(), vs == null ? "-" : vs.word(), change(bs, vs),
                    bb == null ? List.of() : bb.getValue(), vv == null ? List.of() : vv.getValue()));
        }
        Row bounds = boundRow(baseline, variant, specsDir);
        if (bounds != null) {
            int at = 0;
            while (at < rows.size() && rows.get(at).level() == Level.TLC && rows.get(at).memoryModel() == null
                    && rows.get(at).property().compareTo(bounds.property()) < 0) {
                at++;
            }
            rows.add(at, bounds);
        }
        return rows;
    }

    private static String levelOf(String key) {
        String head = key.substring(0, key.indexOf(' '));
        return head.contains("/") ? head.substring(0, head.indexOf('/')) : head;
    }

    private static String memoryModelOf(String key) {
        String head = key.substring(0, key.indexOf(' '));
        return head.contains("/") ? head.substring(head.indexOf('/') + 1) : null;
    }

    /** The bypass bound K a TLC model checks (null: it checks none, or is a witness). */
    static Integer bound(Verdict v, Path specsDir) {
        Check c = v.check();
        return c.level() != Level.TLC || c.isWitness() ? null
                : org.handoff.crosscheck.agreement.BoundAgreement.boundOf(specsDir, c);
    }

    /** What one side's bound models show: the least K a model proves, and every K a model refutes. */
    record Bounds(Integer proved, java.util.SortedSet<Integer> refuted, List<String> checks) {
        /** The Ks refuted below the proved bound: the models that show the bound is tight. */
        boolean tight() {
            return proved != null && !refuted.isEmpty() && refuted.first() < proved;
        }

        String word() {
            if (proved != null) {
                return "K = " + proved + (tight() ? ", tight" : "");
            }
            return refuted.isEmpty() ? "-" : "refuted at " + join(refuted);
        }
    }

    static Bounds bounds(List<Verdict> verdicts, Path specsDir) {
        Integer proved = null;
        java.util.SortedSet<Integer> refuted = new java.util.TreeSet<>();
        List<String> checks = new ArrayList<>();
        for (Verdict v : verdicts) {
            Integer k = bound(v, specsDir);
            if (k == null || v.actual() == Outcome.ERROR || v.actual() == Outcome.SKIPPED || v.actual() == Outcome.VACUOUS) {
                continue;
            }
            if (v.actual() == Outcome.PASS) {
                proved = proved == null ? k : Math.min(proved, k);
                checks.add(v.check().shortName() + " K=" + k);
            } else if (v.violations().stream().anyMatch(p -> p.contains(Property.BoundedBypass.name()))) {
                refuted.add(k);
                checks.add(v.check().shortName() + " K=" + k + " refuted");
            }
        }
        return new Bounds(proved, refuted, checks);
    }

    /**
     * BoundedBypass at TLC, paired per K: the least bound each side proves (and whether a model
     * refuting a smaller K shows it tight), or the bounds it refutes. A bound the baseline proves and
     * the variant refutes is LOST with both; a tight model is evidence for the bound, never a loss.
     */
    static Row boundRow(List<Verdict> baseline, List<Verdict> variant, Path specsDir) {
        Bounds b = bounds(baseline, specsDir);
        Bounds v = bounds(variant, specsDir);
        if (b.checks().isEmpty() && v.checks().isEmpty()) {
            return null;
        }
        String change;
        if (b.proved() != null && v.proved() != null) {
            int cmp = Integer.compare(v.proved(), b.proved());
            change = cmp == 0 ? "same" : cmp < 0 ? "GAINED (K = " + b.proved() + " → " + v.proved() + ")"
                    : "LOST (K = " + b.proved() + " → " + v.proved() + ")";
        } else if (b.proved() != null && !v.refuted().isEmpty()) {
            change = "LOST (K = " + b.proved() + " proved → refuted at " + join(v.refuted()) + ")";
        } else if (b.proved() != null) {
            change = "not checked in the variant";
        } else if (v.proved() != null) {
            change = b.refuted().isEmpty() ? "checked only in the variant"
                    : "GAINED (refuted at " + join(b.refuted()) + " → K = " + v.proved() + " proved)";
        } else {
            change = b.refuted().equals(v.refuted()) ? "same" : "differs";
        }
        return new Row(Property.BoundedBypass.name(), Level.TLC, b.word(), v.word(), change, b.checks(), v.checks());
    }

    private static String join(java.util.Collection<Integer> ks) {
        return String.join(", ", ks.stream().map(String::valueOf).toList());
    }
}
