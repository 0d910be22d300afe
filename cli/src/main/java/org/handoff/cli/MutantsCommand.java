package org.handoff.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.handoff.crosscheck.agreement.MutantAgreement;
import org.handoff.core.Level;
import org.handoff.core.Manifest;
import org.handoff.core.Mutant;
import org.handoff.core.ProjectRoot;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code handoff mutants}: the corpus of seeded bugs, each with its source and the levels expected
 * to catch it, and the mutation score of each level. The expectations are the manifest's; every one
 * of them is confirmed by the level's own run ({@code mvn verify}, {@code handoff check}).
 */
@Command(name = "mutants", mixinStandardHelpOptions = true,
        description = {"The seeded bugs of each family (paired variants of one bug on one line), where each comes from, " +
            "which levels are expected to catch it, and the mutation score per level: caught / mutants."})
final class MutantsCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(paramLabel = "FAMILY", arity = "0..*", description = "Only these families.")
    List<String> families = new ArrayList<>();

    @Override
    public Integer call() {
        Manifest manifest = Manifest.load(ProjectRoot.find());
        families.forEach(manifest::family);
        MutantAgreement a = MutantAgreement.of(manifest);
        PrintWriter out = spec.commandLine().getOut();
        List<MutantAgreement.Row> rows = a.rows().stream()
                .filter(r -> families.isEmpty() || families.contains(r.family())).toList();
        String fmt = "%-10s %-44s %-11s %-30s %s%n";
        out.printf(fmt, "FAMILY", "MUTANT", "KIND", "CAUGHT BY", "SOURCE");
        Map<Level, int[]> score = new EnumMap<>(Level.class);
        for (Level l : MutantAgreement.COLUMNS) {
            score.put(l, new int[2]);
        }
        for (MutantAgreement.Row r : rows) {
            List<String> by = r.caughtBy().stream().map(l -> l == Level.CROSSCHECK ? "trace" : l.id()).toList();
            String source = r.sources().isEmpty() ? "(not described)" : r.sources().values().iterator().next();
            out.printf(fmt, r.family(), String.join(" = ", r.names()), r.kind() == null ? "?" : r.kind().id(),
                    r.kind() == Mutant.Kind.UNNEEDED ? "not a bug: passes (see its reason)"
                            : by.isEmpty() ? "none (by design, see 'crosscheck --tables')" : String.join(", ", by), source);
        }
        // Weakenings of kind 'unneeded' are not bugs: they are listed above and not scored.
        List<MutantAgreement.Row> bugs = rows.stream().filter(r -> r.kind() != Mutant.Kind.UNNEEDED).toList();
        for (MutantAgreement.Row r : bugs) {
            for (Level l : MutantAgreement.COLUMNS) {
                int[] s = score.get(l);
                s[1]++;
                if (r.caughtBy().contains(l)) {
                    s[0]++;
                }
            }
        }
        out.printf("%nMutation score by level (%d bugs; paired variants of one bug count once; weakenings of kind"
                + " 'unneeded' are not bugs and not scored):%n", bugs.size());
        for (Level l : MutantAgreement.COLUMNS) {
            int[] s = score.get(l);
            out.printf("  %-9s %3d / %-3d  %5.1f %%%n", l == Level.CROSSCHECK ? "trace" : l.id(), s[0], s[1],
                    s[1] == 0 ? 0.0 : 100.0 * s[0] / s[1]);
        }
        long any = bugs.stream().filter(r -> !r.caughtBy().isEmpty()).count();
        out.printf("  %-9s %3d / %-3d  %5.1f %%%n", "any", any, bugs.size(), bugs.isEmpty() ? 0.0 : 100.0 * any / bugs.size());
        List<String> proxies = proxies(manifest, families);
        if (!proxies.isEmpty()) {
            out.printf("%nCaught on another property than the one that names the bug (the model also violates a property"
                    + " the catalogue lists first, so the entry reports a proxy):%n");
            proxies.forEach(p -> out.println("  " + p));
        }
        out.println("\nThese are the manifest's expectations; 'mvn verify' (quick) and 'mvn -Pfull verify' confirm each one.");
        if (!a.problems().isEmpty()) {
            out.printf("%n%d agreement problems (see 'handoff crosscheck --tables'):%n", a.problems().size());
            a.problems().forEach(p -> out.println("  " + p));
            out.flush();
            return Main.MISMATCH;
        }
        out.flush();
        return Main.OK;
    }

    /**
     * Mutant TLC entries whose recorded violation set holds a property the catalogue lists before
     * the one the entry expects (a double owner reported as a bypass violation, say).
     */
    static List<String> proxies(Manifest manifest, List<String> families) {
        List<String> out = new ArrayList<>();
        for (org.handoff.core.Check c : manifest.checks()) {
            if (!c.mutant() || c.level() != Level.TLC || c.property() == null || c.violates().isEmpty()
                    || !(families.isEmpty() || families.contains(c.family()))) {
                continue;
            }
            org.handoff.core.Property named = org.handoff.core.Property.of(c.property());
            List<String> before = c.violates().stream().map(org.handoff.core.Property::of)
                    .filter(p -> p.ordinal() < named.ordinal()).map(Enum::name).toList();
            if (!before.isEmpty()) {
                out.add(c.family() + "/" + c.variant() + " " + c.check() + ": expects " + c.property() + ", also violates "
                        + String.join(", ", before));
            }
        }
        return out;
    }
}
