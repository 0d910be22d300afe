package org.handoff.crosscheck.agreement;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
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
 * Each check is also run on a copy of its document with one cell changed, and must fail on it.
 */
class GeneratedTablesTest {
    private final Path root = ProjectRoot.find();

    @Test
    void theMutantAgreementTableIsTheGeneratedOne() throws IOException {
        String doc = Files.readString(root.resolve("docs/agreement.md"));
        String table = MutantAgreement.of(Manifest.load(root)).markdown();
        assertNull(missing(doc, table), () -> "docs/agreement.md does not hold the mutant agreement table as"
                + " generated now (./handoff crosscheck --tables prints it); " + missing(doc, table));
        assertCaughtWithOneCellChanged(doc, table);
    }

    @Test
    void everyAccessModeTableIsTheGeneratedOne() throws IOException {
        String doc = Files.readString(root.resolve("docs/weak-memory.md"));
        for (AccessModes.FamilyModes f : AccessModes.FAMILIES) {
            String table = AccessModes.markdown(f, AccessModes.rows(root, f));
            assertNull(missing(doc, table), () -> "docs/weak-memory.md does not hold the access-mode table of "
                    + f.family() + " as generated now (./handoff crosscheck --tables prints it); " + missing(doc, table));
            assertCaughtWithOneCellChanged(doc, table);
        }
    }

    /**
     * The seeded fault: the document with the last cell of the table's last row changed. The check
     * must fail on it and name that row.
     */
    private static void assertCaughtWithOneCellChanged(String doc, String table) {
        List<String> rows = table.lines().filter(l -> l.startsWith("|") && l.endsWith("|") && !l.startsWith("|---")).toList();
        assertTrue(rows.size() > 1, "the generated text has no table rows: " + table);
        String last = rows.get(rows.size() - 1);
        String changed = last.substring(0, last.lastIndexOf('|', last.length() - 2) + 1) + " seeded |";
        String seeded = doc.replace(last, changed);
        String problem = missing(seeded, table);
        assertNotNull(problem, "the check passed a document whose table has one cell changed: " + changed);
        assertTrue(problem.contains(last), "the seeded row is not named: " + problem);
    }

    /**
     * Null when {@code doc} holds {@code table} as it is; else what is wrong: the first line of the
     * table the document lacks, or that every line is there but not in this order.
     */
    static String missing(String doc, String table) {
        if (doc.contains(table)) {
            return null;
        }
        List<String> docLines = doc.lines().toList();
        return table.lines().filter(l -> !docLines.contains(l)).findFirst()
                .map(l -> "first line differing: " + l)
                .orElse("every line is there, not in this order");
    }
}
