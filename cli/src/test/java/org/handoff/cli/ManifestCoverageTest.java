package org.handoff.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.handoff.core.Check;
import org.handoff.core.Family;
import org.handoff.core.Level;
import org.handoff.core.Manifest;
import org.handoff.core.ProjectRoot;
import org.handoff.core.Specs;
import org.handoff.models.HandoffPort;
import org.junit.jupiter.api.Test;

/**
 * The manifest is the one list of what is checked: every spec mutant and model file is in it, every
 * Java mutant is expected somewhere at a Java level, and every family is checked at every level
 * (trace validation, where a family has it), with a mutant each level must catch.
 */
class ManifestCoverageTest {
    private final Path root = ProjectRoot.find();
    private final Manifest manifest = Manifest.load(root);

    /** The files entries of {@code levels} name under {@code key}, as paths from specs/ ({@code mcs/models/MCS_N2.cfg}). */
    private Set<String> named(String key, Set<Level> levels) {
        return manifest.checks().stream().filter(c -> levels.contains(c.level()))
                .map(c -> c.family() + "/" + c.param(key)).collect(Collectors.toSet());
    }

    /** The {@code ext} files of every family folder's {@code sub}/, as paths from specs/. */
    private Set<String> files(String sub, String ext) throws IOException {
        Set<String> out = new java.util.TreeSet<>();
        for (Path family : Specs.families(root)) {
            Path dir = family.resolve(sub);
            if (!Files.isDirectory(dir)) {
                continue;
            }
            try (Stream<Path> s = Files.list(dir)) {
                s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(ext))
                        .forEach(n -> out.add(family.getFileName() + "/" + sub + "/" + n));
            }
        }
        return out;
    }

    @Test
    void everySpecMutantAndModelIsInTheManifest() throws IOException {
        // A spec mutant is run by TLC, or replays the port's traces (trace validation keeps the merged
        // CNA mutants, whose steps are the events the port records).
        Set<String> specs = named("spec", Set.of(Level.TLC, Level.CROSSCHECK));
        Set<String> mutants = files("mutants", ".tla");
        assertFalse(mutants.isEmpty(), "no spec mutant found under specs/<family>/mutants/");
        for (String m : mutants) {
            assertTrue(specs.contains(m), "specs/" + m + " has no manifest model or trace entry");
        }
        Set<String> configs = named("config", Set.of(Level.TLC));
        Set<String> models = files("models", ".cfg");
        assertFalse(models.isEmpty(), "no model found under specs/<family>/models/");
        for (String c : models) {
            assertTrue(configs.contains(c), "specs/" + c + " is not in its family's manifest");
        }
    }

    /** Every {@code *Mutants} class of java-models, found from its sources so a new family needs no edit here. */
    private List<Class<?>> mutantHolders() throws IOException, ClassNotFoundException {
        Path src = root.resolve("java-models/src/main/java");
        List<String> names;
        try (Stream<Path> s = Files.walk(src)) {
            names = s.filter(p -> p.getFileName().toString().endsWith("Mutants.java"))
                    .map(p -> src.relativize(p).toString().replace('/', '.').replaceAll("\\.java$", ""))
                    .sorted().toList();
        }
        List<Class<?>> out = new java.util.ArrayList<>();
        for (String n : names) {
            out.add(Class.forName(n));
        }
        assertTrue(out.size() >= 2, "no mutant classes found under " + src);
        return out;
    }

    /**
     * A family is a folder: each family of the manifest has {@code specs/<family>/} with its spec, its
     * manifest file and a README; every file an entry names is in its family's folder; and every
     * folder of specs/ is a family's, {@code common/} or the Maven module's own.
     */
    @Test
    void everyFamilyIsAFolderHoldingWhatItsEntriesName() throws IOException {
        for (Family f : manifest.families()) {
            Path dir = Specs.family(root, f.name());
            for (String file : List.of(f.spec() + ".tla", f.name() + ".json", "README.md")) {
                assertTrue(Files.isRegularFile(dir.resolve(file)), "specs/" + f.name() + "/" + file + " is missing");
            }
        }
        for (Check c : manifest.checks()) {
            for (String key : List.of("spec", "config")) {
                if (c.params().get(key) != null && (c.level() == Level.TLC || key.equals("spec"))) {
                    assertTrue(Files.isRegularFile(Specs.file(root, c, key)), c.id() + ": no " + Specs.file(root, c, key));
                }
            }
            if (c.params().get("map") != null) {
                Path map = Specs.family(root, c.family()).resolve("trace").resolve(c.param("map") + ".tla");
                assertTrue(Files.isRegularFile(map), c.id() + ": no " + map);
            }
        }
        Set<String> families = manifest.families().stream().map(Family::name).collect(Collectors.toSet());
        try (Stream<Path> s = Files.list(Specs.dir(root))) {
            for (Path d : s.filter(Files::isDirectory).toList()) {
                String name = d.getFileName().toString();
                assertTrue(families.contains(name) || List.of(Specs.COMMON, "src", "target").contains(name),
                        "specs/" + name + "/ is no family's folder (no family of that name in the manifest)");
            }
        }
    }

    /**
     * Every registered port is built the one way every level builds it, from its public
     * {@code (SpinPolicy)} constructor ({@link org.handoff.models.Ports}), and answers to the name it
     * is registered under.
     */
    @Test
    void everyRegisteredPortIsBuiltFromASpinPolicy() {
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (Check c : manifest.checks()) {
            String port = manifest.port(c.family(), c.variant());
            if (port == null || !seen.add(c.family() + "/" + c.variant())) {
                continue;
            }
            HandoffPort lock = org.handoff.models.Ports.make(port, HandoffPort.class, getClass().getClassLoader());
            assertEquals(c.variant(), lock.variant(), port);
            assertEquals(c.family(), lock.family(), port);
        }
        assertTrue(seen.size() > 50, "registered ports seen: " + seen.size());
    }

    @Test
    void everyJavaMutantIsExpectedAtAJavaLevel() throws Exception {
        for (Class<?> holder : mutantHolders()) {
            for (Class<?> k : holder.getDeclaredClasses()) {
                if (!HandoffPort.class.isAssignableFrom(k) || java.lang.reflect.Modifier.isAbstract(k.getModifiers())) {
                    continue;
                }
                HandoffPort lock = (HandoffPort) k.getConstructor(org.handoff.models.SpinPolicy.class)
                        .newInstance(org.handoff.models.SpinPolicy.FOREVER);
                List<Check> at = manifest.select(List.of(lock.family()), null, "full").stream()
                        .filter(c -> c.mutant() && c.variant().equals(lock.variant())
                                && (c.level() == Level.JCSTRESS || c.level() == Level.LINCHECK))
                        .toList();
                assertTrue(!at.isEmpty(), k.getName() + " (" + lock.variant() + ") has no jcstress or Lincheck check");
            }
        }
    }

    @Test
    void everyFamilyIsCheckedAtEveryLevelWithAMutantCaughtAtEach() {
        for (Family f : manifest.families()) {
            Set<Level> levels = EnumSet.noneOf(Level.class);
            Set<Level> catching = EnumSet.noneOf(Level.class);
            for (Check c : manifest.select(List.of(f.name()), null, "quick")) {
                levels.add(c.level());
                if (c.mutant() && c.expected().id().equals("fail")) {
                    catching.add(c.level());
                }
            }
            Set<Level> want = EnumSet.of(Level.TLC, Level.JCSTRESS, Level.LINCHECK);
            assertTrue(levels.containsAll(want), f.name() + ": levels checked in the quick profile: " + levels
                    + ", want at least " + want);
            // Trace validation (crosscheck) is not there for every family yet; where it is, it must
            // catch a mutant too, as every other level does.
            assertEquals(levels, catching, f.name() + ": levels with a mutant they must catch");
        }
    }
}
