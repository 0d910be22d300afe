package org.handoff.specs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.handoff.core.ProjectRoot;
import org.handoff.core.Specs;
import org.junit.jupiter.api.Test;

/**
 * The TLA+ mutation idiom (docs/adding-a-family.md, "Mutants replace actions by name"): a spec whose
 * actions a mutant may replace lists them in {@code ActionNames} (a spec over another: {@code
 * StepsActionNames}, PV's hooks {@code PvActionNames}), and each of those actions is disabled when its name is
 * in the constant {@code Replaced}; a mutant sets {@code MutantReplaced}, asks the model to put it in
 * {@code Replaced}, and adds its own actions to the spec's steps. Two mistakes of that idiom pass
 * TLC without a word, so they are checked here: a base action that forgets its guard cannot be
 * replaced (the mutant's model then runs the original beside the replacement), and a mutant that
 * calls an action it replaced calls a step that is never enabled. The sets and the guards are read
 * from SANY's tree ({@link SpecSource#stringSet}, {@link SpecSource#replacedGuards}), so a guard left
 * only in a comment counts as missing, and a set built as a union ({@code CnaReplaced \cup {...}})
 * has all its names.
 */
class MutationIdiomTest {
    private static final Path ROOT = ProjectRoot.find();

    /** The spec modules of a family folder: its own {@code .tla} files, not its mutants or traces. */
    private static List<Path> specs(Path family) throws IOException {
        try (Stream<Path> s = Files.list(family)) {
            return s.filter(p -> p.toString().endsWith(".tla")).sorted().toList();
        }
    }

    private static SpecSource load(Path spec) {
        SpecSource src = SpecSource.load(spec, Specs.library(ROOT));
        assertTrue(src.parsed(), spec + " does not parse");
        return src;
    }

    /** The names of every {@code *ActionNames} set the spec sees (its own and those of the specs it extends). */
    static Set<String> actionNames(SpecSource src) {
        Set<String> names = new LinkedHashSet<>();
        for (SpecSource.Definition d : src.definitions()) {
            Set<String> set = d.name().endsWith("ActionNames") ? src.stringSet(d.name()) : null;
            if (set != null) {
                names.addAll(set);
            }
        }
        return names;
    }

    /** Whether the spec's own module (not one it extends) declares an {@code *ActionNames} set. */
    private static boolean declaresActionNames(SpecSource src) {
        for (SpecSource.Definition d : src.definitions()) {
            if (d.module().equals(src.rootModule()) && d.name().endsWith("ActionNames") && src.stringSet(d.name()) != null) {
                return true;
            }
        }
        return false;
    }

    /**
     * The guard problems the spec shows: each name of an ActionNames set it sees that it defines
     * (there or in a module it extends) must be a definition that tests that name against
     * {@code Replaced}. The names it does not define go to {@code undefined}: a spec that extends
     * it may (TicketTrylock's trylock is in Ticket's set).
     */
    static List<String> unguarded(SpecSource src, Set<String> undefined) {
        List<String> problems = new ArrayList<>();
        for (String a : actionNames(src)) {
            SpecSource.Definition d = src.definition(a);
            if (d == null) {
                undefined.add(a);
            } else if (!src.replacedGuards(a).contains(a)) {
                problems.add(d.module() + ".tla: " + a + " is in ActionNames but is not disabled when Replaced names it");
            }
        }
        return problems;
    }

    @Test
    void everyReplaceableActionIsDisabledByItsName() throws IOException {
        Set<String> modules = new LinkedHashSet<>();
        Set<String> problems = new LinkedHashSet<>();
        for (Path family : Specs.families(ROOT)) {
            Set<String> undefined = new LinkedHashSet<>();
            Set<String> defined = new LinkedHashSet<>();
            for (Path p : specs(family)) {
                SpecSource src = load(p);
                if (declaresActionNames(src)) {
                    modules.add(p.getFileName().toString());
                }
                Set<String> missing = new LinkedHashSet<>();
                problems.addAll(unguarded(src, missing));
                undefined.addAll(missing);
                Set<String> here = new LinkedHashSet<>(actionNames(src));
                here.removeAll(missing);
                defined.addAll(here);
            }
            undefined.removeAll(defined);
            undefined.forEach(a -> problems.add(family.getFileName() + ": ActionNames names " + a
                    + ", which no spec of the family defines"));
        }
        // Every family with mutants: qspinlock (and CNA, PV over it), MCS, CLH, M-lock, ticket,
        // combining, and the spin_is_locked litmus.
        for (String m : List.of("QSpinlock.tla", "CNASteps.tla", "PV.tla", "PVSteps.tla", "MCS.tla", "CLH.tla",
                "MLock.tla", "Ticket.tla", "Combining.tla", "SpinIsLocked.tla")) {
            assertTrue(modules.contains(m), m + " declares no ActionNames: " + modules);
        }
        assertEquals(List.of(), new ArrayList<>(problems));
    }

    /** {@code body} run on a copy of {@code spec} (a family spec) edited by {@code edit}, in a scratch folder. */
    private static <T> T onSeededCopy(Path spec, java.util.function.UnaryOperator<String> edit,
            java.util.function.Function<SpecSource, T> body) throws IOException {
        Path dir = Files.createTempDirectory("idiom");
        try {
            String text = Files.readString(spec);
            String seeded = edit.apply(text);
            assertTrue(!seeded.equals(text), "the seeded mistake did not apply");
            Files.writeString(dir.resolve(spec.getFileName()), seeded);
            return body.apply(load(dir.resolve(spec.getFileName())));
        } finally {
            try (Stream<Path> s = Files.walk(dir)) {
                s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    @Test
    void aMissingGuardIsFound() throws IOException {
        // A seeded mistake: MCS's UnlockHandoff without its guard, read by SANY (comments play no part:
        // the guard left in a comment is still missing).
        List<String> problems = onSeededCopy(ROOT.resolve("specs/mcs/MCS.tla"),
                t -> t.replace("    /\\ \"UnlockHandoff\" \\notin Replaced\n", "    \\* /\\ \"UnlockHandoff\" \\notin Replaced\n"),
                src -> unguarded(src, new LinkedHashSet<>()));
        assertEquals(List.of("MCS.tla: UnlockHandoff is in ActionNames but is not disabled when Replaced names it"), problems);
    }

    @Test
    void aSetReadThroughAUnionHasEveryName() {
        // CNA's mutants replace CNA's own replacements too: MutantReplaced == CnaReplaced \cup {...}.
        SpecSource src = load(ROOT.resolve("specs/cna/mutants/CNASteps_SpliceNoTail.tla"));
        Set<String> replaced = src.stringSet("MutantReplaced");
        assertTrue(replaced != null && replaced.containsAll(src.stringSet("CnaReplaced")) && replaced.size()
                > src.stringSet("CnaReplaced").size(), String.valueOf(replaced));
    }

    /**
     * A mutant's own definitions that call an action it replaces: the names of {@code replaced}
     * among the calls of the definitions of {@code src} that its root module itself defines.
     */
    static List<String> callsOfReplaced(SpecSource src, Set<String> replaced) {
        List<String> out = new ArrayList<>();
        for (SpecSource.Definition d : src.definitions()) {
            if (!d.module().equals(src.rootModule())) {
                continue;
            }
            for (String c : src.calls(d.name())) {
                if (replaced.contains(c)) {
                    out.add(src.rootModule() + ": " + d.name() + " calls " + c + ", which it replaces (never enabled)");
                }
            }
        }
        return out;
    }

    @Test
    void noMutantCallsAnActionItReplaces() throws IOException {
        List<String> problems = new ArrayList<>();
        int replacing = 0;
        for (Path family : Specs.families(ROOT)) {
            Path dir = family.resolve("mutants");
            if (!Files.isDirectory(dir)) {
                continue;
            }
            try (Stream<Path> s = Files.list(dir)) {
                for (Path m : s.filter(p -> p.toString().endsWith(".tla")).sorted().toList()) {
                    SpecSource src = load(m);
                    SpecSource.Definition def = src.definition("MutantReplaced");
                    if (def == null || !def.module().equals(src.rootModule())) {
                        continue;
                    }
                    replacing++;
                    Set<String> replaced = src.stringSet("MutantReplaced");
                    assertTrue(replaced != null, m.getFileName() + ": MutantReplaced is not a set of action names");
                    assertTrue(Pattern.compile("^ASSUME Replaced (=|\\\\in) .*MutantReplaced", Pattern.MULTILINE)
                            .matcher(Files.readString(m)).find(),
                            m.getFileName() + " sets MutantReplaced but does not assume the model puts it in Replaced");
                    Set<String> declared = actionNames(src);
                    for (String a : replaced) {
                        if (!declared.contains(a)) {
                            problems.add(m.getFileName() + ": replaces " + a + ", which no spec it extends lists in its ActionNames");
                        }
                    }
                    problems.addAll(callsOfReplaced(src, replaced));
                }
            }
        }
        // Every mutant but MCS_SystemFairness, which changes only the fairness.
        assertTrue(replacing >= 65, "only " + replacing + " mutants replace actions by name");
        assertEquals(List.of(), problems);
    }

    @Test
    void aMutantCallingWhatItReplacesIsFound() throws IOException {
        // A seeded mistake: MCS_LateInit's spin written as the replaced SpinLocked plus a test.
        List<String> problems = onSeededCopy(ROOT.resolve("specs/mcs/mutants/MCS_LateInit.tla"),
                t -> t.replaceFirst("(?s)SpinLockedAfterInit\\(t\\) ==.*?\n\n",
                        "SpinLockedAfterInit(t) ==\n    /\\\\ initDone[t]\n    /\\\\ SpinLocked(t)\n"
                                + "    /\\\\ initDone' = [initDone EXCEPT ![t] = FALSE]\n\n"),
                src -> callsOfReplaced(src, src.stringSet("MutantReplaced")));
        assertEquals(List.of("MCS_LateInit: SpinLockedAfterInit calls SpinLocked, which it replaces (never enabled)"),
                problems);
    }
}
