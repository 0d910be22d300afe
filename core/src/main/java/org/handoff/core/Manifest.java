package org.handoff.core;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The manifest: every family and every check at every level, with its expected verdict. The build
 * and the CLI both run from it, so the expectation is written in one place. {@code manifest.json} at
 * the project root marks the root and may hold entries itself; each family keeps its own entries
 * in its folder, {@code specs/<family>/<family>.json} (same shape: {@code families} and
 * {@code checks}), beside the files of proposed variants ({@code specs/<family>/<variant>.json}),
 * read in path order ({@link Specs#manifestFiles}), so families are added without touching each
 * other's files.
 *
 * <p>A family file may also hold a top-level {@code mutants} array: one {@link Mutant} per seeded
 * bug of the family, with its kind, its source, the reasons for the levels without an entry, and
 * the names the same bug has at other levels (docs/agreement.md).
 *
 * <p>A family file registers the Java port of each of its variants and mutants once, in a top-level
 * {@code ports} object (variant name to class name). Entries name variants, never classes: every
 * level that runs a port (Lincheck, jcstress, trace validation, the fairness harness in the report)
 * finds it here ({@link #port}). A trace entry of a spec mutant records the correct port of the
 * variant it names in {@code portOf}.
 */
public final class Manifest {
    public static final String FILE = "manifest.json";
    private static final Set<String> ENTRY_KEYS = Set.of("family", "variant", "mutant", "level", "check",
            "property", "expected", "reason", "profile");
    private static final List<String> MUTANT_KEYS = List.of("name", "family", "kind", "source", "levels", "pairs");

    private final List<Family> families;
    private final List<Check> checks;
    private final List<Mutant> mutants;
    private final Map<String, String> ports;

    /** A mutant entry and where it was read (file and index), for errors found after reading. */
    private record Located(Mutant mutant, String at) {
    }

    /** A registered port and where it was registered (file and key), for errors found after reading. */
    private record Registered(String className, String at) {
    }

    private Manifest(List<Family> families, List<Check> checks, List<Mutant> mutants, Map<String, String> ports) {
        this.families = List.copyOf(families);
        this.checks = List.copyOf(checks);
        this.mutants = List.copyOf(mutants);
        this.ports = Map.copyOf(ports);
    }

    /**
     * The Java port class registered for {@code variant} (a variant or a mutant) of {@code family}
     * in a {@code ports} object, or null when it has none (a spec-only variant).
     */
    public String port(String family, String variant) {
        return ports.get(family + "/" + variant);
    }

    public List<Family> families() {
        return families;
    }

    public List<Check> checks() {
        return checks;
    }

    /** The entries of the {@code mutants} arrays, in file order. */
    public List<Mutant> mutants() {
        return mutants;
    }

    /** The {@code mutants} entry of {@code family} named {@code name}, or null when there is none. */
    public Mutant mutant(String family, String name) {
        for (Mutant m : mutants) {
            if (m.family().equals(family) && m.name().equals(name)) {
                return m;
            }
        }
        return null;
    }

    public Family family(String name) {
        for (Family f : families) {
            if (f.name().equals(name)) {
                return f;
            }
        }
        List<String> known = families.stream().map(Family::name).toList();
        throw new HandoffException("unknown family '" + name + "' (known: " + String.join(", ", known) + ")");
    }

    /** The checks of the given families (all when empty) at the given level (all when null). */
    public List<Check> select(List<String> familyNames, Level level, String profile) {
        familyNames.forEach(this::family); // reject unknown names before running anything
        List<Check> out = new ArrayList<>();
        for (Check c : checks) {
            if ((familyNames.isEmpty() || familyNames.contains(c.family()))
                    && (level == null || c.level() == level) && c.inProfile(profile)) {
                out.add(c);
            }
        }
        return out;
    }

    public static Manifest load(Path root) {
        List<Path> files = new ArrayList<>();
        files.add(root.resolve(FILE));
        files.addAll(Specs.manifestFiles(root));
        List<Family> families = new ArrayList<>();
        List<Check> checks = new ArrayList<>();
        List<Located> mutants = new ArrayList<>();
        Map<String, Map<String, List<String>>> variantActions = new LinkedHashMap<>();
        Map<String, Registered> ports = new LinkedHashMap<>();
        for (Path file : files) {
            int before = checks.size();
            String name = root.relativize(file).toString();
            try {
                read(Files.readString(file), name, families, checks, mutants, variantActions, ports);
            } catch (IOException e) {
                throw new HandoffException(file + ": cannot read the manifest: " + e.getMessage(), e);
            }
            // A family folder's entries resolve their files in that folder: they must be its family's.
            String folder = file.getParent().equals(root) ? null : file.getParent().getFileName().toString();
            for (Check c : checks.subList(before, checks.size())) {
                if (folder != null && !folder.equals(c.family())) {
                    throw new HandoffException(name + ": entry " + c.id() + " is of family '" + c.family()
                            + "', not of the folder's family '" + folder + "'");
                }
            }
        }
        return validated(families, checks, mutants, variantActions, ports);
    }

    /** One manifest file's text on its own ({@code where} names it in errors). */
    public static Manifest parse(String json, String where) {
        List<Family> families = new ArrayList<>();
        List<Check> checks = new ArrayList<>();
        List<Located> mutants = new ArrayList<>();
        Map<String, Map<String, List<String>>> variantActions = new LinkedHashMap<>();
        Map<String, Registered> ports = new LinkedHashMap<>();
        read(json, where, families, checks, mutants, variantActions, ports);
        return validated(families, checks, mutants, variantActions, ports);
    }

    private static void read(String json, String where, List<Family> families, List<Check> checks,
            List<Located> mutants, Map<String, Map<String, List<String>>> variantActions, Map<String, Registered> ports) {
        JsonNode tree;
        try {
            tree = new ObjectMapper().readTree(json);
        } catch (JsonProcessingException e) {
            throw new HandoffException(where + ":" + e.getLocation().getLineNr() + ":"
                    + e.getLocation().getColumnNr() + ": malformed JSON: " + e.getOriginalMessage(), e);
        }
        for (JsonNode f : tree.path("families")) {
            List<String> variants = new ArrayList<>();
            f.path("variants").forEach(v -> variants.add(v.asText()));
            if (f.has("java")) {
                throw new HandoffException(where + ": family " + f.path("name").asText() + ": 'java' is gone; register"
                        + " each variant's port under the file's \"ports\" (variant name -> class)");
            }
            Family.Scaffold scaffold = null;
            JsonNode sc = f.get("scaffold");
            if (sc != null) {
                String at = where + ": family " + f.path("name").asText() + ": scaffold";
                scaffold = new Family.Scaffold(stringList(sc.path("hooks"), at + ".hooks"),
                        stringList(sc.path("wrappers"), at + ".wrappers"), stringList(sc.path("java"), at + ".java"),
                        sc.path("javaHookSet").asText(null));
            }
            families.add(new Family(text(f, "name", where), f.path("spec").asText(null),
                    f.path("description").asText(""), variants,
                    f.path("traceStep").asText(null), scaffold));
        }
        int i = 0;
        for (JsonNode c : tree.path("checks")) {
            String at = where + ": checks[" + i++ + "]";
            Map<String, Object> params = new LinkedHashMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = c.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                if (!ENTRY_KEYS.contains(e.getKey())) {
                    JsonNode v = e.getValue();
                    params.put(e.getKey(), v.isNumber() ? v.numberValue() : v.isBoolean() ? v.booleanValue()
                            : v.isArray() ? stringList(v, at + ": " + e.getKey()) : v.asText());
                }
            }
            if (params.containsKey("lock")) {
                throw new HandoffException(at + ": 'lock' names a Java class; an entry names only its variant, whose"
                        + " port is registered once under the family file's \"ports\"");
            }
            Outcome expected = Outcome.of(text(c, "expected", at));
            String property = c.path("property").asText(null);
            if (property != null) {
                Property.of(property);
            }
            JsonNode witness = c.get("witness");
            if (witness != null) {
                if (!witness.isTextual() || !witness.asText().startsWith("Never")) {
                    throw new HandoffException(at + ": 'witness' must name an invariant Never<Behaviour> (got " + witness + ")");
                }
                if (expected != Outcome.FAIL || property != null || c.path("mutant").asBoolean(false)) {
                    throw new HandoffException(at + ": a witness entry is expected to fail on its own invariant: "
                            + "\"expected\": \"fail\", no \"property\", not a mutant");
                }
            } else if (expected == Outcome.FAIL && property == null) {
                throw new HandoffException(at + ": an expected failure must name the property it violates");
            }
            JsonNode violates = c.get("violates");
            if (violates != null) {
                if (expected != Outcome.FAIL || witness != null) {
                    throw new HandoffException(at + ": 'violates' belongs to an expected failure");
                }
                List<String> set = stringList(violates, at + ": violates");
                for (String name : set) {
                    try {
                        Property.of(name);
                    } catch (HandoffException e) {
                        throw new HandoffException(at + ": violates: " + e.getMessage(), e);
                    }
                }
                if (!set.contains(property)) {
                    throw new HandoffException(at + ": violates " + set + " does not list the entry's property " + property);
                }
            }
            Check check = new Check(text(c, "family", at), text(c, "variant", at), c.path("mutant").asBoolean(false),
                    Level.of(text(c, "level", at)), text(c, "check", at), property, expected,
                    c.path("reason").asText(null), c.path("profile").asText("quick"), params);
            if (check.mutant() && expected == Outcome.PASS && check.reason() == null) {
                throw new HandoffException(at + ": a mutant expected to pass must say why (reason)");
            }
            if (expected == Outcome.VACUOUS && (check.mutant() || check.reason() == null)) {
                throw new HandoffException(at + ": an entry expected to be vacuous is a recorded gap of a correct variant's"
                        + " check: not a mutant, and its reason says what the run does not reach");
            }
            checks.add(check);
        }
        readMutants(tree, where, mutants);
        readPorts(tree, where, ports);
        readVariantActions(tree, where, variantActions, "variantActions", "actions");
        readVariantActions(tree, where, variantActions, "variantHooks", "hooks");
    }

    /**
     * The optional {@code variantActions} array: per variant, the spec actions it adds or replaces,
     * each of which must fire in every passing TLC model of the variant (else the verdict is vacuous).
     */
    private static void readVariantActions(JsonNode tree, String where, Map<String, Map<String, List<String>>> all, String name,
            String field) {
        Map<String, List<String>> out = all.computeIfAbsent(name, k -> new LinkedHashMap<>());
        JsonNode list = tree.get(name);
        if (list == null) {
            return;
        }
        if (!list.isArray()) {
            throw new HandoffException(where + ": '" + name + "' must be an array");
        }
        int i = 0;
        for (JsonNode v : list) {
            String at = where + ": " + name + "[" + i++ + "]";
            String key = text(v, "family", at) + "/" + text(v, "variant", at);
            List<String> actions = stringList(v.path(field), at + ": " + field);
            if (actions.isEmpty()) {
                throw new HandoffException(at + ": '" + field + "' must list at least one name");
            }
            if (out.put(key, actions) != null) {
                throw new HandoffException(at + ": the " + field + " of " + key + " are listed twice");
            }
        }
    }

    private static List<String> stringList(JsonNode node, String where) {
        if (!node.isArray()) {
            throw new HandoffException(where + " must be an array of names");
        }
        List<String> out = new ArrayList<>();
        for (JsonNode n : node) {
            if (!n.isTextual() || n.asText().isBlank()) {
                throw new HandoffException(where + " must be an array of names");
            }
            out.add(n.asText());
        }
        return out;
    }

    /**
     * The optional {@code ports} object: variant (or mutant) name to its Java port's class name, for
     * the file's one family (the family it declares, else the family of its checks).
     */
    private static void readPorts(JsonNode tree, String where, Map<String, Registered> out) {
        JsonNode map = tree.get("ports");
        if (map == null) {
            return;
        }
        if (!map.isObject()) {
            throw new HandoffException(where + ": 'ports' must be an object of variant name -> class name");
        }
        Set<String> owners = new java.util.TreeSet<>();
        tree.path("families").forEach(f -> owners.add(f.path("name").asText()));
        if (owners.isEmpty()) {
            tree.path("checks").forEach(c -> owners.add(c.path("family").asText()));
        }
        if (owners.size() != 1) {
            throw new HandoffException(where + ": 'ports' needs a file of one family (this one has " + owners + ")");
        }
        String family = owners.iterator().next();
        for (Iterator<Map.Entry<String, JsonNode>> it = map.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            String at = where + ": ports." + e.getKey();
            String cls = e.getValue().asText("");
            if (!e.getValue().isTextual() || !cls.matches("[A-Za-z_$][\\w$]*(\\.[A-Za-z_$][\\w$]*)*")) {
                throw new HandoffException(at + ": '" + e.getValue().asText() + "' is not a class name");
            }
            Registered before = out.put(family + "/" + e.getKey(), new Registered(cls, at));
            if (before != null) {
                throw new HandoffException(at + ": the port of " + family + "/" + e.getKey() + " is registered twice"
                        + " (also at " + before.at() + ")");
            }
        }
    }

    /** The optional {@code mutants} array; an entry without {@code family} belongs to the file's one family. */
    private static void readMutants(JsonNode tree, String where, List<Located> out) {
        JsonNode list = tree.get("mutants");
        if (list == null) {
            return;
        }
        if (!list.isArray()) {
            throw new HandoffException(where + ": 'mutants' must be an array");
        }
        List<String> declared = new ArrayList<>();
        tree.path("families").forEach(f -> declared.add(f.path("name").asText()));
        int i = 0;
        for (JsonNode m : list) {
            String at = where + ": mutants[" + i++ + "]";
            if (!m.isObject()) {
                throw new HandoffException(at + ": must be an object");
            }
            for (Iterator<String> it = m.fieldNames(); it.hasNext();) {
                String key = it.next();
                if (!MUTANT_KEYS.contains(key)) {
                    throw new HandoffException(at + ": unknown key '" + key + "' (known: " + String.join(", ", MUTANT_KEYS) + ")");
                }
            }
            String name = text(m, "name", at);
            at = at + " '" + name + "'";
            String family;
            if (m.has("family")) {
                family = text(m, "family", at);
            } else if (declared.size() == 1) {
                family = declared.get(0);
            } else {
                throw new HandoffException(at + ": missing 'family' (the file declares " + declared.size()
                        + " families, so it cannot be implied)");
            }
            String kindText = text(m, "kind", at);
            Mutant.Kind kind;
            try {
                kind = Mutant.Kind.of(kindText);
            } catch (HandoffException e) {
                throw new HandoffException(at + ": " + e.getMessage(), e);
            }
            String source = text(m, "source", at);
            Map<Level, String> levels = new LinkedHashMap<>();
            JsonNode lv = m.get("levels");
            if (lv != null) {
                if (!lv.isObject()) {
                    throw new HandoffException(at + ": 'levels' must be an object of level -> reason");
                }
                for (Iterator<Map.Entry<String, JsonNode>> it = lv.fields(); it.hasNext();) {
                    Map.Entry<String, JsonNode> e = it.next();
                    Level level;
                    try {
                        level = Level.of(e.getKey());
                    } catch (HandoffException x) {
                        throw new HandoffException(at + ": levels: " + x.getMessage(), x);
                    }
                    if (!e.getValue().isTextual() || e.getValue().asText().isBlank()) {
                        throw new HandoffException(at + ": levels." + e.getKey() + " must be a written reason");
                    }
                    levels.put(level, e.getValue().asText());
                }
            }
            List<String> pairs = new ArrayList<>();
            JsonNode ps = m.get("pairs");
            if (ps != null) {
                if (!ps.isArray()) {
                    throw new HandoffException(at + ": 'pairs' must be an array of variant names");
                }
                for (JsonNode p : ps) {
                    if (!p.isTextual() || p.asText().isBlank()) {
                        throw new HandoffException(at + ": 'pairs' must be an array of variant names");
                    }
                    pairs.add(p.asText());
                }
            }
            out.add(new Located(new Mutant(family, name, kind, source, levels, pairs), at));
        }
    }

    /**
     * A trace-validation entry that names no {@code step} validates with its family's
     * ({@link Family#traceStep}): a variant of CNA that left it out is checked against CNA's step,
     * not against the qspinlock step that CNA's module inherits and that never takes a CNA action.
     */
    private static List<Check> withTraceSteps(List<Check> checks, List<Family> families) {
        Map<String, String> steps = new HashMap<>();
        families.stream().filter(f -> f.traceStep() != null).forEach(f -> steps.put(f.name(), f.traceStep()));
        return checks.stream().map(c -> c.level() == Level.CROSSCHECK && c.paramOr("step", null) == null
                && steps.containsKey(c.family()) ? c.withParam("step", steps.get(c.family())) : c).toList();
    }

    private static Manifest validated(List<Family> families, List<Check> checksRead, List<Located> located,
            Map<String, Map<String, List<String>>> variantActions, Map<String, Registered> registered) {
        List<Check> checks = withPorts(withCovers(withTwins(withTraceSteps(checksRead, families)), variantActions),
                registered);
        Map<String, String> ports = new LinkedHashMap<>();
        registered.forEach((k, r) -> ports.put(k, r.className()));
        Set<String> names = new HashSet<>();
        for (Family f : families) {
            if (!names.add(f.name())) {
                throw new HandoffException("manifest: family '" + f.name() + "' is declared twice");
            }
        }
        Set<String> ids = new HashSet<>();
        Manifest m = new Manifest(families, checks, located.stream().map(Located::mutant).toList(), ports);
        for (Check c : checks) {
            m.family(c.family());
            if (!ids.add(c.family() + "/" + c.variant() + "/" + c.level() + "/" + c.check())) {
                throw new HandoffException("manifest: check '" + c.check() + "' of " + c.family() + "/"
                        + c.variant() + " at level " + c.level() + " is listed twice");
            }
        }
        Set<String> mutantVariants = new HashSet<>();
        for (Check c : checks) {
            if (c.mutant()) {
                mutantVariants.add(c.family() + "/" + c.variant());
            }
        }
        Set<String> described = new HashSet<>();
        for (Located l : located) {
            Mutant mu = l.mutant();
            try {
                m.family(mu.family());
            } catch (HandoffException e) {
                throw new HandoffException(l.at() + ": " + e.getMessage(), e);
            }
            if (!mutantVariants.contains(mu.family() + "/" + mu.name())) {
                throw new HandoffException(l.at() + ": no check of family " + mu.family()
                        + " is a mutant with this variant name");
            }
            if (!described.add(mu.family() + "/" + mu.name())) {
                throw new HandoffException(l.at() + ": mutant '" + mu.name() + "' of " + mu.family()
                        + " is described twice");
            }
            for (String p : mu.pairs()) {
                if (p.equals(mu.name())) {
                    throw new HandoffException(l.at() + ": a mutant does not pair with itself");
                }
                if (!mutantVariants.contains(mu.family() + "/" + p)) {
                    throw new HandoffException(l.at() + ": pairs names '" + p + "', which is no mutant of "
                            + mu.family());
                }
            }
        }
        return m;
    }

    /**
     * Every witness entry names a twin: a passing TLC model of the same family and variant with the
     * same spec and config (the witness runs that model against its Never invariant alone). The
     * twin's check name is recorded in the witness's {@code twin} parameter.
     */
    private static List<Check> withTwins(List<Check> checks) {
        List<Check> out = new ArrayList<>();
        for (Check c : checks) {
            if (!c.isWitness()) {
                out.add(c);
                continue;
            }
            if (c.level() != Level.TLC) {
                throw new HandoffException("manifest: witness " + c.id() + " must be a TLC entry");
            }
            Check twin = null;
            for (Check t : checks) {
                if (t.level() == Level.TLC && !t.mutant() && !t.isWitness() && t.expected() == Outcome.PASS
                        && t.family().equals(c.family()) && t.variant().equals(c.variant())
                        && t.paramOr("spec", "").equals(c.paramOr("spec", "-"))
                        && t.paramOr("config", "").equals(c.paramOr("config", "-"))) {
                    twin = t;
                    break;
                }
            }
            if (twin == null) {
                throw new HandoffException("manifest: witness " + c.id() + " has no passing twin: no TLC entry of "
                        + c.family() + "/" + c.variant() + " expected to pass with spec " + c.paramOr("spec", "?")
                        + " and config " + c.paramOr("config", "?"));
            }
            out.add(c.withParam("twin", twin.check()));
        }
        return out;
    }

    /**
     * Every registered port belongs to a variant or mutant that has checks; each entry of a level
     * that runs a port (Lincheck, trace validation) gets its variant's port, or that of the variant
     * its {@code portOf} names, as the in-memory parameter {@code lock}; a jcstress entry gets it
     * when its variant has one (its test may choose the lock by variant).
     */
    private static List<Check> withPorts(List<Check> checks, Map<String, Registered> registered) {
        Set<String> variants = new HashSet<>();
        Set<String> mutants = new HashSet<>();
        for (Check c : checks) {
            variants.add(c.family() + "/" + c.variant());
            if (c.mutant()) {
                mutants.add(c.family() + "/" + c.variant());
            }
        }
        registered.forEach((key, r) -> {
            if (!variants.contains(key)) {
                throw new HandoffException(r.at() + ": no check of " + key.replace("/", " names ")
                        + " as its variant or mutant");
            }
        });
        List<Check> out = new ArrayList<>();
        for (Check c : checks) {
            String of = c.paramOr("portOf", null);
            if (of != null) {
                if (c.level() != Level.CROSSCHECK) {
                    throw new HandoffException("manifest entry " + c.id() + ": 'portOf' belongs to a trace entry of a"
                            + " spec mutant");
                }
                if (mutants.contains(c.family() + "/" + of) || !registered.containsKey(c.family() + "/" + of)) {
                    throw new HandoffException("manifest entry " + c.id() + ": portOf '" + of + "' is no variant of "
                            + c.family() + " with a registered port");
                }
            }
            Registered r = registered.get(c.family() + "/" + (of != null ? of : c.variant()));
            boolean runsPort = c.level() == Level.LINCHECK || c.level() == Level.CROSSCHECK;
            if (r == null && runsPort) {
                throw new HandoffException("manifest entry " + c.id() + ": " + c.family() + "/" + c.variant()
                        + " has no registered port (add it to \"ports\" in its family file"
                        + (c.mutant() ? ", or name the correct variant whose port a spec mutant's trace records in"
                                + " \"portOf\")" : ")"));
            }
            out.add(r != null && (runsPort || c.level() == Level.JCSTRESS) ? c.withParam("lock", r.className()) : c);
        }
        return out;
    }

    /** The actions each passing TLC model of a variant must fire, from {@code variantActions}. */
    private static List<Check> withCovers(List<Check> checks, Map<String, Map<String, List<String>>> perVariant) {
        Set<String> known = new HashSet<>();
        for (Check c : checks) {
            known.add(c.family() + "/" + c.variant());
        }
        perVariant.forEach((name, byVariant) -> byVariant.keySet().forEach(variant -> {
            if (!known.contains(variant)) {
                throw new HandoffException("manifest: " + name + " names " + variant + ", which has no check");
            }
        }));
        Map<String, List<String>> variantActions = perVariant.getOrDefault("variantActions", Map.of());
        Map<String, List<String>> variantHooks = perVariant.getOrDefault("variantHooks", Map.of());
        List<Check> out = new ArrayList<>();
        for (Check c : checks) {
            List<String> actions = variantActions.get(c.family() + "/" + c.variant());
            if (actions != null && c.level() == Level.TLC && !c.mutant() && !c.isWitness() && c.expected() == Outcome.PASS) {
                Map<String, List<String>> splits = splits(c);
                java.util.LinkedHashSet<String> all = new java.util.LinkedHashSet<>();
                List<String> outside = c.strings("outside");
                for (String o : outside) {
                    if (!actions.contains(o)) {
                        throw new HandoffException("manifest entry " + c.id() + ": 'outside' names " + o
                                + ", which is not an action of " + c.family() + "/" + c.variant());
                    }
                }
                if (!outside.isEmpty() && (c.reason() == null || c.reason().isBlank())) {
                    throw new HandoffException("manifest entry " + c.id() + ": 'outside' needs a 'reason' (why the"
                            + " model is a slice without those actions)");
                }
                for (String a : actions) {
                    if (!outside.contains(a)) {
                        all.addAll(splits.getOrDefault(a, List.of(a)));
                    }
                }
                all.addAll(c.covers());
                c = c.withParam("covers", List.copyOf(all));
            }
            List<String> hooks = variantHooks.get(c.family() + "/" + c.variant());
            boolean javaLevel = c.level() == Level.JCSTRESS || c.level() == Level.LINCHECK;
            boolean passing = c.expected() == Outcome.PASS || c.expected() == Outcome.VACUOUS;
            if (javaLevel && !c.mutant() && passing && (hooks != null || !c.hooks().isEmpty())) {
                java.util.LinkedHashSet<String> all = new java.util.LinkedHashSet<>();
                if (hooks != null && c.params().get("noHooks") == null) {
                    all.addAll(hooks);
                }
                all.addAll(c.hooks());
                c = c.withParam("hooks", List.copyOf(all));
            }
            out.add(c);
        }
        return out;
    }

    private static String text(JsonNode node, String key, String where) {
        JsonNode v = node.get(key);
        if (v == null || v.isNull() || v.asText().isEmpty()) {
            throw new HandoffException(where + ": missing '" + key + "'");
        }
        return v.asText();
    }

    /**
     * An entry's {@code splits}: for a model that takes a variant action apart (one step per
     * access, such as PVSteps), which of its actions stand for each of the variant's, as
     * {@code "Merged: StepA StepB"}. Each part must then fire where the merged action had to.
     */
    static Map<String, List<String>> splits(Check c) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (String s : c.strings("splits")) {
            String[] kv = s.split(":", 2);
            List<String> parts = kv.length < 2 ? List.of()
                    : java.util.Arrays.stream(kv[1].trim().split("\\s+")).filter(x -> !x.isEmpty()).toList();
            if (kv[0].isBlank() || parts.isEmpty()) {
                throw new HandoffException("manifest entry " + c.id() + ": splits entry '" + s
                        + "' is not 'Action: Step Step ...'");
            }
            out.put(kv[0].trim(), parts);
        }
        return out;
    }
}
