package org.handoff.cli.agreement;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.handoff.core.Manifest;
import org.handoff.core.ProjectRoot;
import org.junit.jupiter.api.Test;

/**
 * The agreement tables the documentation shows "as generated for this commit" are what the code
 * generates now: the mutant agreement table in {@code docs/agreement.md} and every family's
 * access-mode table in {@code docs/weak-memory.md} ({@code ./handoff crosscheck --tables} prints
 * both). A manifest entry, a spec annotation or a port's access mode changed without its table
 * fails here, naming the table. (The bound table is measured, so it is not held to the letter.)
 */
class GeneratedTablesTest {
    private final Path root = ProjectRoot.find();

    @Test
    void theMutantAgreementTableIsTheGeneratedOne() throws IOException {
        String doc = Files.readString(root.resolve("docs/agreement.md"));
        String table = MutantAgreement.of(Manifest.load(root)).markdown();
        assertTrue(doc.contains(table), "docs/agreement.md does not hold the mutant agreement table as"
                + " generated now (./handoff crosscheck --tables prints it); first line differing: " + firstMissing(doc, table));
    }

    @Test
    void everyAccessModeTableIsTheGeneratedOne() throws IOException {
        String doc = Files.readString(root.resolve("docs/weak-memory.md"));
        for (AccessModes.FamilyModes f : AccessModes.FAMILIES) {
            String table = AccessModes.markdown(f, AccessModes.rows(root, f));
            assertTrue(doc.contains(table), "docs/weak-memory.md does not hold the access-mode table of " + f.family()
                    + " as generated now (./handoff crosscheck --tables prints it); first line differing: "
                    + firstMissing(doc, table));
        }
    }

    /** The first line of {@code table} that {@code doc} lacks (or the first line, when all are there but not in order). */
    private static String firstMissing(String doc, String table) {
        List<String> docLines = doc.lines().toList();
        return table.lines().filter(l -> !docLines.contains(l)).findFirst()
                .orElse(table.lines().findFirst().orElse("") + " (every line is there, not in this order)");
    }
}
