package org.handoff.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
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

    private Set<String> tlcParam(String key) {
        return manifest.checks().stream().filter(c -> c.level() == Level.TLC).map(c -> c.param(key))
                .collect(Collectors.toSet());
    }

    private static Set<String> files(Path dir, String ext) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(ext)).collect(Collectors.toSet());
        }
    }

    @Test
    void everySpecMutantAndModelIsInTheManifest() throws IOException {
        // A spec mutant is run by TLC, or replays the port's traces (trace validation keeps the merged
        // CNA mutants, whose steps are the events the port records).
        Set<String> specs = manifest.checks().stream().filter(c -> c.level() == Level.TLC || c.level() == Level.CROSSCHECK)
                .map(c -> c.param("spec")).collect(Collectors.toSet());
        for (String m : files(root.resolve("specs/mutants"), ".tla")) {
            assertTrue(specs.contains("mutants/" + m), "specs/mutants/" + m + " has no manifest model or trace entry");
        }
        Set<String> configs = tlcParam("config");
        for (String c : files(root.resolve("specs/models"), ".cfg")) {
            assertTrue(configs.contains("models/" + c), "specs/models/" + c + " is not in the manifest");
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

    @Test
    void everyJavaMutantIsExpectedAtAJavaLevel() throws Exception {
        for (Class<?> holder : mutantHolders()) {
            for (Class<?> k : holder.getDeclaredClasses()) {
                if (!HandoffPort.class.isAssignableFrom(k) || java.lang.reflect.Modifier.isAbstract(k.getModifiers())) {
                    continue;
                }
                HandoffPort lock = (HandoffPort) k.getConstructor().newInstance();
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
