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
import java.util.regex.Matcher;
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
 * calls an action it replaced calls a step that is never enabled.
 */
class MutationIdiomTest {
    private static final Path ROOT = ProjectRoot.find();
    private static final Pattern ACTION_NAMES = Pattern.compile("^\\w*ActionNames\\s*==\\s*\\{([^}]*)}", Pattern.MULTILINE);
    private static final Pattern NAME = Pattern.compile("\"([A-Za-z0-9_]+)\"");

    /** The spec modules (not mutants, not traces) that declare ActionNames, with the names. */
    private static List<Path> bases() throws IOException {
        List<Path> out = new ArrayList<>();
        for (Path family : Specs.families(ROOT)) {
            try (Stream<Path> s = Files.list(family)) {
                s.filter(p -> p.toString().endsWith(".tla")).sorted().forEach(out::add);
            }
        }
        out.removeIf(p -> !ACTION_NAMES.matcher(read(p)).find());
        return out;
    }

    private static Set<String> actionNames(String text) {
        Matcher m = ACTION_NAMES.matcher(text);
        Set<String> names = new LinkedHashSet<>();
        while (m.find()) {
            Matcher n = NAME.matcher(m.group(1));
            while (n.find()) {
                names.add(n.group(1));
            }
        }
        return names;
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The text of the definition of {@code name} in {@code text}: its head line and the indented lines after it. */
    static String body(String text, String name) {
        Matcher m = Pattern.compile("^" + Pattern.quote(name) + "(\\([^)]*\\))?\\s*==.*$", Pattern.MULTILINE).matcher(text);
        if (!m.find()) {
            return null;
        }
        StringBuilder sb = new StringBuilder(m.group());
        String[] rest = text.substring(m.end()).split("\n", -1);
        for (int i = 1; i < rest.length && !rest[i].isEmpty() && Character.isWhitespace(rest[i].charAt(0)); i++) {
            sb.append('\n').append(rest[i]);
        }
        return sb.toString();
    }

    /**
     * The guard problems of one base spec: each name of its ActionNames must be a definition, in it or
     * in {@code others} (the family's specs that extend it: TicketTrylock's trylock), that tests it.
     */
    static List<String> unguarded(String module, String text, List<String> others) {
        List<String> problems = new ArrayList<>();
        for (String a : actionNames(text)) {
            String b = body(text, a);
            for (int i = 0; b == null && i < others.size(); i++) {
                b = body(others.get(i), a);
            }
            if (b == null) {
                problems.add(module + ": ActionNames names " + a + ", which it does not define");
            } else if (!b.contains("\"" + a + "\" \\notin Replaced") && !b.contains("Active(x, \"" + a + "\")")) {
                problems.add(module + ": " + a + " is in ActionNames but is not disabled when Replaced names it");
            }
        }
        return problems;
    }

    @Test
    void everyReplaceableActionIsDisabledByItsName() throws IOException {
        List<Path> bases = bases();
        // Every family with mutants: qspinlock (and CNA, PV over it), MCS, CLH, M-lock, ticket,
        // combining, and the spin_is_locked litmus.
        Set<String> modules = new LinkedHashSet<>();
        bases.forEach(p -> modules.add(p.getFileName().toString()));
        for (String m : List.of("QSpinlock.tla", "CNASteps.tla", "PV.tla", "PVSteps.tla", "MCS.tla", "CLH.tla",
                "MLock.tla", "Ticket.tla", "Combining.tla", "SpinIsLocked.tla")) {
            assertTrue(modules.contains(m), m + " declares no ActionNames: " + modules);
        }
        List<String> problems = new ArrayList<>();
        for (Path p : bases) {
            List<String> others = new ArrayList<>();
            try (Stream<Path> s = Files.list(p.getParent())) {
                s.filter(q -> q.toString().endsWith(".tla") && !q.equals(p)).sorted().forEach(q -> others.add(read(q)));
            }
            problems.addAll(unguarded(p.getFileName().toString(), read(p), others));
        }
        assertEquals(List.of(), problems);
    }

    @Test
    void aMissingGuardIsFound() {
        // A seeded mistake: MCS's UnlockHandoff without its guard.
        String mcs = read(ROOT.resolve("specs/mcs/MCS.tla"));
        String seeded = mcs.replace("    /\\ \"UnlockHandoff\" \\notin Replaced\n", "");
        assertTrue(!seeded.equals(mcs), "the seeded mistake did not apply");
        assertEquals(List.of("MCS.tla: UnlockHandoff is in ActionNames but is not disabled when Replaced names it"),
                unguarded("MCS.tla", seeded, List.of()));
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
        Set<String> declared = new LinkedHashSet<>();
        for (Path b : bases()) {
            declared.addAll(actionNames(read(b)));
        }
        int replacing = 0;
        for (Path family : Specs.families(ROOT)) {
            Path dir = family.resolve("mutants");
            if (!Files.isDirectory(dir)) {
                continue;
            }
            try (Stream<Path> s = Files.list(dir)) {
                for (Path m : s.filter(p -> p.toString().endsWith(".tla")).sorted().toList()) {
                    String text = read(m);
                    String r = body(text, "MutantReplaced"); // with its continuation lines
                    if (r == null) {
                        continue;
                    }
                    replacing++;
                    assertTrue(Pattern.compile("^ASSUME Replaced (=|\\\\in) .*MutantReplaced", Pattern.MULTILINE)
                            .matcher(text).find(),
                            m.getFileName() + " sets MutantReplaced but does not assume the model puts it in Replaced");
                    Set<String> replaced = new LinkedHashSet<>();
                    Matcher n = NAME.matcher(r.substring(r.indexOf("==")));
                    while (n.find()) {
                        replaced.add(n.group(1));
                    }
                    for (String a : replaced) {
                        if (!declared.contains(a)) {
                            problems.add(m.getFileName() + ": replaces " + a + ", which no spec lists in its ActionNames");
                        }
                    }
                    SpecSource src = SpecSource.load(m, Specs.library(ROOT));
                    assertTrue(src.parsed(), m + " does not parse");
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
        Path dir = Files.createTempDirectory("idiom");
        try {
            String late = read(ROOT.resolve("specs/mcs/mutants/MCS_LateInit.tla"));
            String seeded = late.replaceFirst("(?s)SpinLockedAfterInit\\(t\\) ==.*?\n\n",
                    "SpinLockedAfterInit(t) ==\n    /\\\\ initDone[t]\n    /\\\\ SpinLocked(t)\n"
                            + "    /\\\\ initDone' = [initDone EXCEPT ![t] = FALSE]\n\n");
            assertTrue(!seeded.equals(late), "the seeded mistake did not apply");
            Files.writeString(dir.resolve("MCS_LateInit.tla"), seeded);
            Files.copy(ROOT.resolve("specs/mcs/MCS.tla"), dir.resolve("MCS.tla"));
            SpecSource src = SpecSource.load(dir.resolve("MCS_LateInit.tla"), Specs.library(ROOT));
            assertTrue(src.parsed());
            assertEquals(List.of("MCS_LateInit: SpinLockedAfterInit calls SpinLocked, which it replaces (never enabled)"),
                    callsOfReplaced(src, Set.of("InitLocked", "SpinLocked")));
        } finally {
            try (Stream<Path> s = Files.walk(dir)) {
                s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }
}
