package org.handoff.core;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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
 * in {@code manifest/<family>.json} (same shape: {@code families} and {@code checks}), read in name
 * order, so families are added without touching each other's files.
 */
public final class Manifest {
    public static final String FILE = "manifest.json";
    public static final String DIR = "manifest";
    private static final Set<String> ENTRY_KEYS = Set.of("family", "variant", "mutant", "level", "check",
            "property", "expected", "reason", "profile");

    private final List<Family> families;
    private final List<Check> checks;

    private Manifest(List<Family> families, List<Check> checks) {
        this.families = List.copyOf(families);
        this.checks = List.copyOf(checks);
    }

    public List<Family> families() {
        return families;
    }

    public List<Check> checks() {
        return checks;
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
        Path dir = root.resolve(DIR);
        if (Files.isDirectory(dir)) {
            try (var s = Files.list(dir)) {
                s.filter(p -> p.getFileName().toString().endsWith(".json")).sorted().forEach(files::add);
            } catch (IOException e) {
                throw new HandoffException(dir + ": cannot list the manifest directory: " + e.getMessage(), e);
            }
        }
        List<Family> families = new ArrayList<>();
        List<Check> checks = new ArrayList<>();
        for (Path file : files) {
            try {
                read(Files.readString(file), root.relativize(file).toString(), families, checks);
            } catch (IOException e) {
                throw new HandoffException(file + ": cannot read the manifest: " + e.getMessage(), e);
            }
        }
        return validated(families, checks);
    }

    static Manifest parse(String json, String where) {
        List<Family> families = new ArrayList<>();
        List<Check> checks = new ArrayList<>();
        read(json, where, families, checks);
        return validated(families, checks);
    }

    private static void read(String json, String where, List<Family> families, List<Check> checks) {
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
            families.add(new Family(text(f, "name", where), f.path("spec").asText(null),
                    f.path("java").asText(null), f.path("description").asText(""), variants));
        }
        int i = 0;
        for (JsonNode c : tree.path("checks")) {
            String at = where + ": checks[" + i++ + "]";
            Map<String, Object> params = new LinkedHashMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = c.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                if (!ENTRY_KEYS.contains(e.getKey())) {
                    JsonNode v = e.getValue();
                    params.put(e.getKey(), v.isNumber() ? v.numberValue() : v.isBoolean() ? v.booleanValue() : v.asText());
                }
            }
            Outcome expected = Outcome.of(text(c, "expected", at));
            String property = c.path("property").asText(null);
            if (property != null) {
                Property.of(property);
            }
            if (expected == Outcome.FAIL && property == null) {
                throw new HandoffException(at + ": an expected failure must name the property it violates");
            }
            Check check = new Check(text(c, "family", at), text(c, "variant", at), c.path("mutant").asBoolean(false),
                    Level.of(text(c, "level", at)), text(c, "check", at), property, expected,
                    c.path("reason").asText(null), c.path("profile").asText("quick"), params);
            if (check.mutant() && expected == Outcome.PASS && check.reason() == null) {
                throw new HandoffException(at + ": a mutant expected to pass must say why (reason)");
            }
            checks.add(check);
        }
    }

    private static Manifest validated(List<Family> families, List<Check> checks) {
        Set<String> names = new HashSet<>();
        for (Family f : families) {
            if (!names.add(f.name())) {
                throw new HandoffException("manifest: family '" + f.name() + "' is declared twice");
            }
        }
        Set<String> ids = new HashSet<>();
        Manifest m = new Manifest(families, checks);
        for (Check c : checks) {
            m.family(c.family());
            if (!ids.add(c.family() + "/" + c.variant() + "/" + c.level() + "/" + c.check())) {
                throw new HandoffException("manifest: check '" + c.check() + "' of " + c.family() + "/"
                        + c.variant() + " at level " + c.level() + " is listed twice");
            }
        }
        return m;
    }

    private static String text(JsonNode node, String key, String where) {
        JsonNode v = node.get(key);
        if (v == null || v.isNull() || v.asText().isEmpty()) {
            throw new HandoffException(where + ": missing '" + key + "'");
        }
        return v.asText();
    }
}
