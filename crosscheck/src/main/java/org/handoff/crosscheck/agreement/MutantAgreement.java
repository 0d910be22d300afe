package org.handoff.crosscheck.agreement;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.handoff.core.Check;
import org.handoff.core.Family;
import org.handoff.core.Level;
import org.handoff.core.Manifest;
import org.handoff.core.Mutant;
import org.handoff.core.Outcome;

/**
 * The mutant agreement table: every seeded bug of the manifest against every level, each cell the
 * verdict the manifest expects there (caught, with the property; passes, with its reason; no entry,
 * with the reason the family's {@code mutants} array gives, if any), and the rules that keep the
 * levels honest about each other (docs/agreement.md):
 * <ol>
 * <li>every mutant has an entry in its family's {@code mutants} array (kind and source);
 * <li>a mutant caught by fewer than two levels carries a written reason for each of
 *     {@link #REASONED} that does not catch it (a passing entry's reason, or a {@code levels}
 *     reason for a level with no entry);
 * <li>a mutant of kind {@code sc} is caught by both TLC and Lincheck, or a written reason says why
 *     one of them does not;
 * <li>the mutants paired as one bug are of one kind, and no {@code levels} reason is left for a
 *     level that catches the bug.
 * </ol>
 * A mutant is identified across levels by (family, variant); variants the manifest names
 * differently for the same bug are joined by {@code pairs} into one row.
 *
 * <p>Only the manifest is read: whether each check really gives its expected verdict is what the
 * per-level tests (and {@code handoff check}) confirm.
 */
public final class MutantAgreement {
    /** The table's columns, in order; {@link Level#CROSSCHECK} is trace validation. */
    public static final List<Level> COLUMNS = List.of(Level.TLC, Level.LINCHECK, Level.JCSTRESS, Level.CROSSCHECK);
    /**
     * The levels rule 2 asks a reason of: all four. For trace validation the reason may follow from
     * the mutant's kind ({@link #traceBlind}): recorded runs are finite and sequentially consistent
     * at step granularity, so no weak-memory, liveness, fairness or compiler bug can show in a trace.
     */
    public static final Set<Level> REASONED = Set.of(Level.TLC, Level.LINCHECK, Level.JCSTRESS, Level.CROSSCHECK);

    /** Why trace validation cannot see a bug of this kind, or null when it could. */
    static String traceBlind(Mutant.Kind kind) {
        if (kind == null) {
            return null;
        }
        return switch (kind) {
            case WEAK_MEMORY -> "a weak-memory bug: recorded runs are sequentially consistent, each shared access"
                    + " one atomic action of the recorder, as the specs' steps are (docs/crosscheck.md)";
            case LIVENESS -> "a liveness bug: a trace is a finite prefix, and the spec allows every prefix to stop"
                    + " (docs/crosscheck.md)";
            case FAIRNESS -> "a change to the spec's fairness assumption: no code to record";
            case COMPILER -> "a compiler transformation: the recorder's lock orders every recorded access";
            case UNNEEDED -> "a weakening the models show harmless: no bug to record";
            case SC -> null;
        };
    }

    /** What one level expects of one row. */
    public enum Status {
        /** Some entry at the level is expected to fail. */
        CAUGHT,
        /** The level has entries, all expected to pass. */
        PASSES,
        /** No entry at the level. */
        NONE
    }

    /**
     * One cell.
     *
     * @param checks  the row's entries at this level, by variant (only variants that have some)
     * @param reasons why the level does not catch the row: the reasons of its passing entries and
     *                the {@code levels} reasons, each prefixed with its variant when the row has several
     */
    public record Cell(Level level, Status status, Map<String, List<Check>> checks, List<String> reasons) {
        /** The caught properties, per variant when several variants of the row have failing entries here. */
        public String caughtText() {
            Map<String, String> perVariant = new LinkedHashMap<>();
            for (Map.Entry<String, List<Check>> e : checks.entrySet()) {
                Set<String> props = new LinkedHashSet<>();
                boolean quick = false;
                for (Check c : e.getValue()) {
                    if (c.expected() == Outcome.FAIL) {
                        props.add(c.property());
                        quick |= "quick".equals(c.profile());
                    }
                }
                if (!props.isEmpty()) {
                    perVariant.put(e.getKey(), String.join(", ", props) + (quick ? "" : " (full)"));
                }
            }
            if (perVariant.size() == 1) {
                return perVariant.values().iterator().next();
            }
            List<String> parts = new ArrayList<>();
            perVariant.forEach((v, p) -> parts.add("`" + v + "`: " + p));
            return String.join("; ", parts);
        }
    }

    /**
     * One row: a mutant, or the mutants paired as one bug.
     *
     * @param names   the variant names, the first the row's
     * @param kind    the kind of the first described variant, or null when none is described
     * @param sources each described variant's source
     */
    public record Row(String family, List<String> names, Mutant.Kind kind, Map<String, String> sources,
            Map<Level, Cell> cells) {
        public Cell cell(Level level) {
            return cells.get(level);
        }

        /** The levels that catch this row. */
        public List<Level> caughtBy() {
            return COLUMNS.stream().filter(l -> cells.get(l).status() == Status.CAUGHT).toList();
        }

        public String id() {
            return family + "/" + String.join("=", names);
        }
    }

    private final List<Row> rows;
    private final List<String> problems;
    private final List<String> families;

    private MutantAgreement(List<String> families, List<Row> rows, List<String> problems) {
        this.families = List.copyOf(families);
        this.rows = List.copyOf(rows);
        this.problems = List.copyOf(problems);
    }

    public List<Row> rows() {
        return rows;
    }

    /** Each rule violation, one line each; empty when the levels agree. */
    public List<String> problems() {
        return problems;
    }

    /** The table of every mutant of the manifest. */
    public static MutantAgreement of(Manifest manifest) {
        List<Row> rows = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        List<String> families = new ArrayList<>();
        for (Family f : manifest.families()) {
            families.add(f.name());
            rowsOf(manifest, f.name(), rows, problems);
        }
        return new MutantAgreement(families, rows, problems);
    }

    private static void rowsOf(Manifest manifest, String family, List<Row> rows, List<String> problems) {
        // The family's mutant variants: described ones in the mutants array's order, then the rest.
        List<String> variants = new ArrayList<>();
        for (Mutant m : manifest.mutants()) {
            if (m.family().equals(family)) {
                variants.add(m.name());
            }
        }
        for (Check c : manifest.checks()) {
            if (c.family().equals(family) && c.mutant() && !variants.contains(c.variant())) {
                variants.add(c.variant());
            }
        }
        // Pairs join variants into one bug, in either direction.
        Map<String, Set<String>> links = new LinkedHashMap<>();
        variants.forEach(v -> links.put(v, new LinkedHashSet<>()));
        for (Mutant m : manifest.mutants()) {
            if (m.family().equals(family)) {
                for (String p : m.pairs()) {
                    links.get(m.name()).add(p);
                    links.computeIfAbsent(p, k -> new LinkedHashSet<>()).add(m.name());
                }
            }
        }
        Set<String> placed = new LinkedHashSet<>();
        for (String v : variants) {
            if (placed.contains(v)) {
                continue;
            }
            List<String> group = new ArrayList<>();
            List<String> todo = new ArrayList<>(List.of(v));
            while (!todo.isEmpty()) {
                String x = todo.remove(0);
                if (placed.add(x)) {
                    group.add(x);
                    todo.addAll(links.getOrDefault(x, Set.of()));
                }
            }
            group.sort((a, b) -> Integer.compare(variants.indexOf(a), variants.indexOf(b)));
            Row row = row(manifest, family, group);
            rows.add(row);
            problems.addAll(check(manifest, row));
        }
    }

    private static Row row(Manifest manifest, String family, List<String> names) {
        Mutant.Kind kind = null;
        Map<String, String> sources = new LinkedHashMap<>();
        for (String n : names) {
            Mutant m = manifest.mutant(family, n);
            if (m != null) {
                kind = kind == null ? m.kind() : kind;
                sources.put(n, m.source());
            }
        }
        Map<Level, Cell> cells = new EnumMap<>(Level.class);
        for (Level level : COLUMNS) {
            Map<String, List<Check>> checks = new LinkedHashMap<>();
            for (String n : names) {
                for (Check c : manifest.checks()) {
                    if (c.family().equals(family) && c.mutant() && c.variant().equals(n) && c.level() == level) {
                        checks.computeIfAbsent(n, k -> new ArrayList<>()).add(c);
                    }
                }
            }
            boolean caught = checks.values().stream().flatMap(List::stream).anyMatch(c -> c.expected() == Outcome.FAIL);
            Status status = caught ? Status.CAUGHT : checks.isEmpty() ? Status.NONE : Status.PASSES;
            Map<String, Set<String>> byVariant = new LinkedHashMap<>();
            for (String n : names) {
                Set<String> mine = new LinkedHashSet<>();
                if (status == Status.PASSES) {
                    checks.getOrDefault(n, List.of()).forEach(c -> mine.add(c.reason()));
                }
                Mutant m = manifest.mutant(family, n);
                if (m != null && m.reason(level) != null) {
                    mine.add(m.reason(level));
                }
                if (!mine.isEmpty()) {
                    byVariant.put(n, mine);
                }
            }
            // A variant's name goes in front of its reasons only when several variants of the row give some.
            List<String> reasons = new ArrayList<>();
            byVariant.forEach((n, rs) -> rs.forEach(r -> reasons.add(byVariant.size() > 1 ? "`" + n + "`: " + r : r)));
            if (level == Level.CROSSCHECK && status != Status.CAUGHT && reasons.isEmpty() && traceBlind(kind) != null) {
                reasons.add(traceBlind(kind));
            }
            cells.put(level, new Cell(level, status, checks, reasons));
        }
        return new Row(family, List.copyOf(names), kind, sources, cells);
    }

    /** The rules of the class comment, for one row. */
    static List<String> check(Manifest manifest, Row row) {
        List<String> bad = new ArrayList<>();
        String id = row.id();
        Set<Mutant.Kind> kinds = new LinkedHashSet<>();
        for (String n : row.names()) {
            Mutant m = manifest.mutant(row.family(), n);
            if (m == null) {
                bad.add(row.family() + "/" + n + ": no entry in the family's \"mutants\" array (kind and source)");
                continue;
            }
            kinds.add(m.kind());
            for (Level l : m.levels().keySet()) {
                if (row.cell(l) != null && row.cell(l).status() == Status.CAUGHT) {
                    bad.add(row.family() + "/" + n + ": levels." + l.id() + " explains a miss, but " + l.id()
                            + " catches the bug (drop the reason)");
                }
            }
        }
        if (kinds.size() > 1) {
            bad.add(id + ": the paired mutants are of different kinds " + kinds);
        }
        List<Level> caught = row.caughtBy();
        if (caught.size() < 2) {
            String by = caught.isEmpty() ? "caught by no level" : "caught only by " + caught.get(0).id();
            for (Level l : COLUMNS) {
                if (REASONED.contains(l) && !caught.contains(l) && row.cell(l).reasons().isEmpty()) {
                    bad.add(id + ": " + by + ", and " + l.id() + " has " + describe(row.cell(l))
                            + " and no written reason");
                }
            }
        }
        if (row.kind() == Mutant.Kind.SC) {
            for (Level l : List.of(Level.TLC, Level.LINCHECK)) {
                Cell c = row.cell(l);
                if (c.status() != Status.CAUGHT && c.reasons().isEmpty()) {
                    bad.add(id + ": a sequential-consistency bug that " + l.id() + " does not catch ("
                            + describe(c) + "), with no written reason");
                }
            }
        }
        return bad;
    }

    private static String describe(Cell c) {
        return c.status() == Status.PASSES ? "only passing entries" : "no entry";
    }

    // ------------------------------------------------------------------ the table

    private static String header(Level l) {
        return l == Level.CROSSCHECK ? "trace" : l.id();
    }

    /** The table as markdown: one section per family, the reasons and sources under each. */
    public String markdown() {
        StringBuilder out = new StringBuilder();
        long mutants = rows.stream().mapToLong(r -> r.names().size()).sum();
        out.append("Mutant agreement: ").append(mutants).append(" mutants in ").append(rows.size())
                .append(" rows (paired variants share a row). ");
        out.append(problems.isEmpty() ? "Every rule holds.\n" : problems.size() + " problems:\n");
        for (String p : problems) {
            out.append("- ").append(p).append('\n');
        }
        out.append("\nCells: the manifest's expected verdict at the level. A property: caught (expected to fail"
                + " with it; \"(full)\" when only `-Pfull` runs the catching entry). \"passes\": every entry"
                + " there is expected to pass. \"—\": no entry. [n]: the written reason, below the table.\n");
        for (String family : families) {
            List<Row> fr = rows.stream().filter(r -> r.family().equals(family)).toList();
            if (fr.isEmpty()) {
                continue;
            }
            out.append("\n### ").append(family).append("\n\n| mutant | kind |");
            COLUMNS.forEach(l -> out.append(' ').append(header(l)).append(" |"));
            out.append("\n|---|---|");
            COLUMNS.forEach(l -> out.append("---|"));
            out.append('\n');
            // Notes are numbered per family; rows with the same reason at the same level share one.
            List<String> notes = new ArrayList<>();
            for (Row r : fr) {
                out.append("| ").append(String.join(" = ", r.names().stream().map(n -> "`" + n + "`").toList()))
                        .append(" | ").append(r.kind() == null ? "?" : r.kind().id()).append(" |");
                for (Level l : COLUMNS) {
                    Cell c = r.cell(l);
                    String text = switch (c.status()) {
                        case CAUGHT -> c.caughtText();
                        case PASSES -> "passes";
                        case NONE -> "—";
                    };
                    if (c.status() != Status.CAUGHT && !c.reasons().isEmpty()) {
                        String note = header(l) + ": " + String.join(" / ", c.reasons());
                        if (!notes.contains(note)) {
                            notes.add(note);
                        }
                        text += " [" + (notes.indexOf(note) + 1) + "]";
                    }
                    out.append(' ').append(text).append(" |");
                }
                out.append('\n');
            }
            appendNotes(out, notes);
            out.append("\nSources:\n");
            for (Row r : fr) {
                for (String n : r.names()) {
                    out.append("- `").append(n).append("`: ").append(r.sources().getOrDefault(n, "(not described)"))
                            .append('\n');
                }
            }
        }
        return out.toString();
    }

    /**
     * The footnotes a table's cells point to ({@code [1]}, {@code [2]}, ...), as a numbered list
     * after a blank line; nothing when there are none.
     */
    static void appendNotes(StringBuilder out, List<String> notes) {
        if (!notes.isEmpty()) {
            out.append('\n');
        }
        for (int i = 0; i < notes.size(); i++) {
            out.append(i + 1).append(". ").append(notes.get(i)).append('\n');
        }
    }
}
