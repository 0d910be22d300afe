package org.handoff.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.handoff.core.Check;
import org.handoff.core.Family;
import org.handoff.core.Level;
import org.handoff.core.Manifest;
import org.handoff.core.ProjectRoot;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code handoff list}: families, their variants and mutants, and every check with its expectation,
 * with the state count the manifest records for each TLC model that passes (the one place it is kept).
 */
@Command(name = "list", mixinStandardHelpOptions = true,
        description = {"List the families, their variants and mutants, and every model and test with its expected verdict "
            + "(for a TLC model that passes, the distinct states the manifest records)."})
final class ListCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.Parameters(paramLabel = "FAMILY", arity = "0..*", description = "Only these families.")
    List<String> families = List.of();

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        Manifest m = Manifest.load(ProjectRoot.find());
        families.forEach(m::family); // an unknown name is an error, not an empty listing
        for (Family f : m.families()) {
            if (!families.isEmpty() && !families.contains(f.name())) {
                continue;
            }
            out.printf("%s  %s%n", f.name(), f.description());
            out.printf("  spec specs/%s/%s.tla%n", f.name(), f.spec());
            List<Check> checks = m.select(List.of(f.name()), null, "full");
            // The family's declared variants, then any registered only by check entries (a variant in
            // a manifest file of its own).
            java.util.Set<String> variants = new java.util.LinkedHashSet<>(f.variants());
            checks.stream().filter(c -> !c.mutant()).map(Check::variant).forEach(variants::add);
            out.printf("  variants: %s%n", String.join(", ", variants));
            for (String v : variants) {
                String port = m.port(f.name(), v);
                if (port != null) {
                    out.printf("    %-20s Java port %s%n", v, port);
                }
            }
            out.printf("  mutants:  %s%n", String.join(", ", checks.stream().filter(Check::mutant)
                    .map(Check::variant).distinct().toList()));
            for (Level level : Level.values()) {
                List<Check> at = checks.stream().filter(c -> c.level() == level).toList();
                if (at.isEmpty()) {
                    continue;
                }
                out.printf("  %s:%n", level.id());
                for (Check c : at) {
                    Long states = c.expectedStates();
                    out.printf(Locale.ROOT, "    %-34s %-20s expect %s%s%s%s%n", c.shortName(), c.variant(), c.expected().id(),
                            c.property() != null && c.expected().id().equals("fail") ? " " + c.property() : "",
                            states != null ? String.format(Locale.ROOT, ", %,d states", states) : "",
                            "full".equals(c.profile()) ? "   [full profile]" : "");
                }
            }
        }
        return Main.OK;
    }
}
