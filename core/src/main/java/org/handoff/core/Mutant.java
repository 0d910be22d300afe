package org.handoff.core;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * What the manifest says about one mutant beyond its checks: an entry of the optional top-level
 * {@code mutants} array of a family file (docs/agreement.md). The checks say what each level is
 * expected to report; this says what kind of bug the mutant is, where it comes from, why a level
 * has no entry for it, and which mutants of other levels seed the same bug under another name.
 *
 * @param family the family (the file's own family unless the entry names one)
 * @param name   the mutant's variant name, as its checks spell it
 * @param kind   what it takes to see the bug
 * @param source where the bug comes from: a kernel commit, an LKML thread, a paper, or "constructed"
 * @param levels per level, why that level has no entry for the mutant, or why it passes there
 * @param pairs  the variant names of the same bug at other levels (same family)
 */
public record Mutant(String family, String name, Kind kind, String source, Map<Level, String> levels,
        List<String> pairs) {

    public Mutant {
        levels = Map.copyOf(levels);
        pairs = List.copyOf(pairs);
    }

    /** The reason written for {@code level}, or null. */
    public String reason(Level level) {
        return levels.get(level);
    }

    /** What it takes to see a mutant's bug; each level's checker sees some kinds and not others. */
    public enum Kind {
        /**
         * Visible in a sequentially consistent execution of finitely many steps: a safety violation, a
         * deadlock or a livelock. Both sequentially consistent explorers, TLC and Lincheck, are
         * expected to find it.
         */
        SC("sc"),
        /** Needs a memory model weaker than sequential consistency: a store buffer, a reordering. */
        WEAK_MEMORY("weak-memory"),
        /**
         * Visible only in an infinite execution under a fairness assumption (starvation, a wake-up
         * that never comes while spurious wake-ups stay possible): a bounded exploration cannot
         * show it.
         */
        LIVENESS("liveness"),
        /** A change to the spec's fairness assumption, not to the algorithm: no code to port. */
        FAIRNESS("fairness"),
        /**
         * A compiler transformation the language allows and no hardware model does: a plain read
         * hoisted out of a loop, a racy plain store moved past a fence that orders only opaque or
         * stronger accesses.
         */
        COMPILER("compiler"),
        /**
         * Not a bug: a barrier weakened that the checked models show is not needed, every entry
         * expected to pass with its reason. Listed so that the barrier table of a family
         * (docs/weak-memory.md) is checked by the build; left out of the mutation scores.
         */
        UNNEEDED("unneeded");

        private final String id;

        Kind(String id) {
            this.id = id;
        }

        public String id() {
            return id;
        }

        public static Kind of(String id) {
            for (Kind k : values()) {
                if (k.id.equals(id)) {
                    return k;
                }
            }
            throw new HandoffException("unknown mutant kind '" + id + "' (known: "
                    + String.join(", ", Arrays.stream(values()).map(Kind::id).toList()) + ")");
        }

        @Override
        public String toString() {
            return id;
        }
    }
}
