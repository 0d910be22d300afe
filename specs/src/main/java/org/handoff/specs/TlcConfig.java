package org.handoff.specs;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A TLC model configuration (.cfg) read far enough to validate it before TLC runs and to derive
 * single-property configurations from it. TLC itself silently ignores a CONSTANT the spec does not
 * declare; the runner checks that instead.
 */
public final class TlcConfig {
    static final Set<String> KEYWORDS = Set.of("CONSTANT", "CONSTANTS", "INIT", "NEXT", "SPECIFICATION",
            "INVARIANT", "INVARIANTS", "PROPERTY", "PROPERTIES", "CHECK_DEADLOCK", "SYMMETRY", "VIEW",
            "CONSTRAINT", "CONSTRAINTS", "ACTION_CONSTRAINT", "ACTION_CONSTRAINTS", "ALIAS", "POSTCONDITION");

    /** Each section's tokens, keyed by the canonical keyword (singular form). */
    private final Map<String, List<String>> sections;
    /** The text of the file with comments removed, section by section, for rewriting. */
    private final Map<String, String> sectionText;

    private TlcConfig(Map<String, List<String>> sections, Map<String, String> sectionText) {
        this.sections = sections;
        this.sectionText = sectionText;
    }

    public static TlcConfig parse(String text) {
        String clean = TlaText.stripComments(text);
        Map<String, List<String>> sections = new LinkedHashMap<>();
        Map<String, String> sectionText = new LinkedHashMap<>();
        String current = null;
        StringBuilder body = new StringBuilder();
        for (String token : clean.split("(?<=\\s)|(?=\\s)")) {
            String t = token.trim();
            if (KEYWORDS.contains(t)) {
                if (current != null) {
                    sectionText.merge(current, body.toString(), String::concat);
                }
                current = canonical(t);
                sections.computeIfAbsent(current, k -> new ArrayList<>());
                body = new StringBuilder();
            } else if (current != null) {
                body.append(token);
                if (!t.isEmpty()) {
                    sections.get(current).add(t);
                }
            }
        }
        if (current != null) {
            sectionText.merge(current, body.toString(), String::concat);
        }
        return new TlcConfig(sections, sectionText);
    }

    private static String canonical(String keyword) {
        return switch (keyword) {
            case "CONSTANTS" -> "CONSTANT";
            case "INVARIANTS" -> "INVARIANT";
            case "PROPERTIES" -> "PROPERTY";
            case "CONSTRAINTS" -> "CONSTRAINT";
            case "ACTION_CONSTRAINTS" -> "ACTION_CONSTRAINT";
            default -> keyword;
        };
    }

    public List<String> invariants() {
        return sections.getOrDefault("INVARIANT", List.of());
    }

    public List<String> properties() {
        return sections.getOrDefault("PROPERTY", List.of());
    }

    public boolean hasSymmetry() {
        return sections.containsKey("SYMMETRY");
    }

    public boolean has(String keyword) {
        return sections.containsKey(keyword);
    }

    /** Whether TLC will check liveness: a temporal PROPERTY is listed. */
    public boolean checksLiveness() {
        return !properties().isEmpty();
    }

    /** Sections whose entries name definitions of the spec. */
    private static final List<String> NAMING = List.of("INIT", "NEXT", "SPECIFICATION", "INVARIANT", "PROPERTY",
            "CONSTRAINT", "ACTION_CONSTRAINT", "SYMMETRY", "VIEW");

    /**
     * The definitions that make up the behaviour TLC explores: the SPECIFICATION, or INIT and NEXT,
     * and the right-hand side of each substitution ({@code VariantInit <- CnaInitState}), through
     * which a module puts its own definitions in place of a constant operator of the spec.
     */
    public List<String> behaviourDefinitions() {
        return named(List.of("SPECIFICATION", "INIT", "NEXT"));
    }

    /** The names listed in {@code sectionNames}, then the right-hand side of each substitution. */
    private List<String> named(List<String> sectionNames) {
        List<String> names = new ArrayList<>();
        for (String section : sectionNames) {
            for (String t : sections.getOrDefault(section, List.of())) {
                if (t.matches("[A-Za-z_][A-Za-z0-9_]*")) {
                    names.add(t);
                }
            }
        }
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("<-\\s*([A-Za-z_][A-Za-z0-9_]*)")
                .matcher(sectionText.getOrDefault("CONSTANT", ""));
        while (m.find()) {
            names.add(m.group(1));
        }
        return names;
    }

    /**
     * The definitions the config names: the INIT, NEXT, SPECIFICATION, INVARIANT, PROPERTY,
     * CONSTRAINT, SYMMETRY and VIEW entries and the right-hand side of each substitution
     * ({@code Nil <- Null}). TLC reports a missing one only after it has parsed and set up the
     * model; a preflight reports it at once.
     */
    public List<String> referencedDefinitions() {
        return named(NAMING);
    }

    /**
     * The constants the config assigns or substitutes ({@code N = 3}, {@code Nil <- Null}), in
     * order. Model-value sets such as {@code Procs = {p1, p2}} contribute only the constant's name.
     */
    public List<String> constantNames() {
        return new ArrayList<>(constantAssignments().keySet());
    }

    /**
     * Each constant the config assigns or substitutes, with its assignment as written, whitespace
     * collapsed ({@code Variant = "prob"}, {@code VariantInit <- CnaInitState}), in order.
     */
    public Map<String, String> constantAssignments() {
        Map<String, String> out = new LinkedHashMap<>();
        String text = sectionText.getOrDefault("CONSTANT", "");
        java.util.regex.Matcher m = java.util.regex.Pattern
                .compile("(?:^|[\\s,])([A-Za-z_][A-Za-z0-9_]*)\\s*(?:=|<-)(?!>)")
                .matcher(text);
        int depth = 0;
        int last = 0;
        String name = null;
        int from = 0;
        while (m.find()) {
            // skip names inside braces/brackets, which are model values, not constants
            depth += nesting(text, last, m.start(1));
            last = m.start(1);
            if (depth == 0) {
                if (name != null) {
                    out.put(name, text.substring(from, m.start(1)).trim().replaceAll("\\s+", " "));
                }
                name = m.group(1);
                from = m.start(1);
            }
        }
        if (name != null) {
            out.put(name, text.substring(from).trim().replaceAll("\\s+", " "));
        }
        return out;
    }

    /**
     * The value the config assigns to a constant ({@code MemoryModel = "WMO"} gives {@code "WMO"},
     * quotes kept), or null when it does not assign it with {@code =}.
     */
    public String constantValue(String name) {
        String a = constantAssignments().get(name);
        java.util.regex.Matcher m = a == null ? null : java.util.regex.Pattern.compile("^\\S+\\s*=(?!>)\\s*(.*)$").matcher(a);
        return m != null && m.matches() ? m.group(1).trim() : null;
    }

    /** Only the config's constant assignments, as a CONSTANT section (empty when it has none). */
    public String constantsOnly() {
        String text = sectionText.getOrDefault("CONSTANT", "");
        return text.isBlank() ? "" : "CONSTANT " + text.trim() + "\n";
    }

    /**
     * How much deeper in braces, brackets, parentheses and {@code << >>} position {@code to} is than
     * {@code from}. The arrows {@code <-} (substitution) and {@code |->} are not brackets, and
     * nothing inside a string counts.
     */
    private static int nesting(String s, int from, int to) {
        int d = 0;
        boolean inString = false;
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c == '"') {
                inString = !inString;
            } else if (inString) {
                continue;
            } else if (c == '{' || c == '[' || c == '(' || (c == '<' && !next(s, i, '-'))) {
                d++;
            } else if (c == '}' || c == ']' || c == ')' || (c == '>' && !(i > 0 && s.charAt(i - 1) == '-'))) {
                d--;
            }
        }
        return d;
    }

    private static boolean next(String s, int i, char c) {
        return i + 1 < s.length() && s.charAt(i + 1) == c;
    }

    /**
     * A config that checks exactly one temporal property and nothing else (no invariants, no deadlock
     * check), with everything else (constants, specification, symmetry) kept.
     */
    public String withOnlyProperty(String property) {
        return derived(List.of(), List.of(property), false);
    }

    /** Whether TLC checks for deadlock: TRUE unless the config says CHECK_DEADLOCK FALSE. */
    public boolean checksDeadlock() {
        List<String> v = sections.get("CHECK_DEADLOCK");
        return v == null || v.isEmpty() || !v.get(0).equals("FALSE");
    }

    /**
     * The same model (constants, specification, constraints, symmetry) checked against other
     * invariants and temporal properties, with the deadlock check on or off.
     */
    public String derived(List<String> invariants, List<String> properties, boolean deadlock) {
        return derived(invariants, properties, deadlock, null);
    }

    /** As {@link #derived(List, List, boolean)}, with one more state constraint (null: none). */
    public String derived(List<String> invariants, List<String> properties, boolean deadlock, String constraint) {
        StringBuilder out = new StringBuilder();
        if (constraint != null) {
            out.append("CONSTRAINT ").append(constraint).append('\n');
        }
        for (Map.Entry<String, String> e : sectionText.entrySet()) {
            String k = e.getKey();
            if (k.equals("INVARIANT") || k.equals("PROPERTY") || k.equals("CHECK_DEADLOCK")) {
                continue;
            }
            out.append(k).append(' ').append(e.getValue().trim()).append('\n');
        }
        if (!invariants.isEmpty()) {
            out.append("INVARIANT ").append(String.join(" ", invariants)).append('\n');
        }
        if (!properties.isEmpty()) {
            out.append("PROPERTY ").append(String.join(" ", properties)).append('\n');
        }
        out.append("CHECK_DEADLOCK ").append(deadlock ? "TRUE" : "FALSE").append('\n');
        return out.toString();
    }
}
