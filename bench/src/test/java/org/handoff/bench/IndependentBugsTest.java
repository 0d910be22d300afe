package org.handoff.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The independently written bugs still apply: those of the Java ports ({@code bench/independent-bugs/})
 * and those of the weak-memory specs ({@code bench/independent-weak-bugs/}). Each {@code run.sh}
 * skips a patch that no longer applies with a line on its error stream, so a refactoring that moves
 * the code a patch touches would quietly shrink the measurement; here it fails the build instead,
 * naming the patch to port (the same mistake in the code's new form). The check is also run on a
 * copy of the first patch with one context line changed, and must fail.
 */
class IndependentBugsTest {
    /** The repository's root: the bench module's parent (Maven runs tests in the module's directory). */
    private static final Path ROOT = Path.of("").toAbsolutePath().getParent();

    @Test
    void everyPatchAppliesToThePorts(@TempDir Path tmp) throws IOException, InterruptedException {
        everyPatchApplies(ROOT.resolve("bench/independent-bugs"), tmp);
    }

    @Test
    void everyPatchAppliesToTheWeakMemorySpecs(@TempDir Path tmp) throws IOException, InterruptedException {
        everyPatchApplies(ROOT.resolve("bench/independent-weak-bugs"), tmp);
    }

    private static void everyPatchApplies(Path dir, Path tmp) throws IOException, InterruptedException {
        List<Path> patches;
        try (Stream<Path> s = Files.list(dir)) {
            patches = s.filter(p -> p.getFileName().toString().matches("\\d+-.*\\.patch")).sorted().toList();
        }
        List<String> rows;
        try (Stream<String> lines = Files.lines(dir.resolve("bugs.tsv"))) {
            rows = lines.filter(l -> !l.isBlank()).toList();
        }
        assertEquals(rows.size(), patches.size(), "one patch per row of bugs.tsv");
        List<String> stale = stale(patches);
        assertTrue(stale.isEmpty(), "patches of " + dir.getFileName() + " that no longer apply (port each to"
                + " the code's current form): " + String.join("; ", stale));

        // Seeded: the first patch with one context line changed, as when the method it touches moves on.
        List<String> lines = Files.readAllLines(patches.get(0));
        int context = -1;
        for (int i = 0, hunk = -1; i < lines.size() && context < 0; i++) {
            hunk = lines.get(i).startsWith("@@") ? i : hunk;
            if (hunk >= 0 && i > hunk && lines.get(i).startsWith(" ") && !lines.get(i).isBlank()) {
                context = i;
            }
        }
        assertTrue(context >= 0, patches.get(0) + " has no context line to change");
        lines.set(context, lines.get(context) + " // moved on");
        Path seeded = Files.write(tmp.resolve(patches.get(0).getFileName()), lines);
        assertEquals(1, stale(List.of(seeded)).size(), "a patch whose context no longer matches passed the check");
    }

    /** The patches of {@code patches} that {@code git apply --check} refuses, each with git's first line. */
    private static List<String> stale(List<Path> patches) throws IOException, InterruptedException {
        List<String> stale = new ArrayList<>();
        for (Path patch : patches) {
            // git apply works on the files below the current directory, inside a checkout or not.
            Process p = new ProcessBuilder("git", "apply", "--check", patch.toAbsolutePath().toString())
                    .directory(ROOT.toFile()).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (p.waitFor() != 0) {
                stale.add(patch.getFileName() + ": " + out.lines().findFirst().orElse("git apply failed"));
            }
        }
        return stale;
    }
}
