package org.handoff.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.handoff.core.Check;
import org.handoff.core.Level;
import org.handoff.core.Manifest;
import org.handoff.core.Outcome;
import org.handoff.core.ProjectRoot;
import org.handoff.core.Property;
import org.handoff.core.Specs;
import org.handoff.specs.TlcConfig;
import org.junit.jupiter.api.Test;

/**
 * Both levels are held to the same catalogue: per family, the properties its TLC models check
 * (the config's INVARIANT and PROPERTY lines that name catalogue entries, TLC's deadlock check as
 * DeadlockFreedom, and the property a failing model is expected to violate) and the properties its
 * jcstress and Lincheck entries check must be the same set, except where the catalogue
 * ({@link Property#javaGap()}, {@link Property#specGap()}) says why one level cannot.
 */
class CatalogueAgreementTest {
    private final Path root = ProjectRoot.find();

    static Set<String> catalogue() {
        Set<String> names = new TreeSet<>();
        for (Property p : Property.values()) {
            names.add(p.name());
        }
        return names;
    }

    /** The catalogue properties the family's TLC models check. */
    Set<String> specSide(List<Check> checks) {
        Set<String> cat = catalogue();
        Set<String> s = new TreeSet<>();
        for (Check c : checks) {
            if (c.level() != Level.TLC) {
                continue;
            }
            if (c.expected() == Outcome.FAIL && c.property() != null) {
                s.add(c.property());
            }
            TlcConfig cfg = TlcConfig.read(Specs.file(root, c, "config"));
            cfg.invariants().stream().filter(cat::contains).forEach(s::add);
            cfg.properties().stream().filter(cat::contains).forEach(s::add);
            if (cfg.checksDeadlock()) {
                s.add(Property.DeadlockFreedom.name());
            }
        }
        return s;
    }

    /** The catalogue properties the family's jcstress and Lincheck entries check. */
    static Set<String> javaSide(List<Check> checks) {
        Set<String> s = new TreeSet<>();
        for (Check c : checks) {
            if (c.level() != Level.TLC && c.property() != null) {
                s.add(c.property());
            }
        }
        return s;
    }

    /** Each difference between the two sets that the catalogue gives no reason for. */
    static List<String> unexplained(String family, Set<String> spec, Set<String> java) {
        List<String> bad = new ArrayList<>();
        for (String p : spec) {
            if (!java.contains(p) && Property.of(p).javaGap() == null) {
                bad.add(family + ": the spec checks " + p + " but no jcstress or Lincheck entry does");
            }
        }
        for (String p : java) {
            if (!spec.contains(p) && Property.of(p).specGap() == null) {
                bad.add(family + ": the Java tests check " + p + " but no TLC model does");
            }
        }
        return bad;
    }

    @Test
    void everyFamilyChecksTheSamePropertiesAtBothLevels() {
        Manifest m = Manifest.load(root);
        Map<String, List<Check>> byFamily = new TreeMap<>();
        for (Check c : m.checks()) {
            byFamily.computeIfAbsent(c.family(), f -> new ArrayList<>()).add(c);
        }
        List<String> bad = new ArrayList<>();
        for (Map.Entry<String, List<Check>> e : byFamily.entrySet()) {
            bad.addAll(unexplained(e.getKey(), specSide(e.getValue()), javaSide(e.getValue())));
        }
        assertEquals(List.of(), bad);
    }

    /** The comparison catches a seeded disagreement in either direction (its mutants). */
    @Test
    void aDisagreementWithoutAReasonIsReported() {
        Set<String> spec = Set.of("MutualExclusion", "QueueWellFormed", "DeadlockFreedom");
        Set<String> java = Set.of("DeadlockFreedom", "HandoffVisibility");
        List<String> bad = unexplained("f", spec, java);
        assertEquals(1, bad.size(), bad.toString());
        assertTrue(bad.get(0).contains("MutualExclusion"), bad.toString());
        // A Java-only property with no spec-side reason is reported too.
        assertEquals(1, unexplained("f", Set.of("DeadlockFreedom"), Set.of("DeadlockFreedom", "RunsExactlyOnce")).size());
    }
}
