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

/**
 * The independently written bugs ({@code bench/independent-bugs/}) still apply to the ports.
 * {@code run.sh} skips a patch that no longer applies with a line on its error stream, so a
 * refactoring that moves the code a patch touches would quietly shrink the measurement; here it
 * fails the build instead, naming the patch to port (the same mistake in the method's new form).
 */
class IndependentBugsTest {
    /** The repository's root: the bench module's parent (Maven runs tests in the module's directory). */
    private static final Path ROOT = Path.of("").toAbsolutePath().getParent();

    @Test
    void everyPatchAppliesToThePorts() throws IOException, InterruptedException {
        Path dir = ROOT.resolve("bench/independent-bugs");
        List<Path> patches;
        try (Stream<Path> s = Files.list(dir)) {
            patches = s.filter(p -> p.getFileName().toString().matches("\\d+-.*\\.patch")).sorted().toList();
        }
        List<String> rows;
        try (Stream<String> lines = Files.lines(dir.resolve("bugs.tsv"))) {
            rows = lines.filter(l -> !l.isBlank()).toList();
        }
        assertEquals(rows.size(), patches.size(), "one patch per row of bugs.tsv");
        List<String> stale = new ArrayList<>();
        for (Path patch : patches) {
            // git apply works on the files below the current directory, inside a checkout or not.
            Process p = new ProcessBuilder("git", "apply", "--check", ROOT.relativize(patch).toString())
                    .directory(ROOT.toFile()).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (p.waitFor() != 0) {
                stale.add(patch.getFileName() + ": " + out.lines().findFirst().orElse("git apply failed"));
            }
        }
        assertTrue(stale.isEmpty(), "patches that no longer apply to the ports (port each to the method's"
                + " current form): " + String.join("; ", stale));
    }
}
