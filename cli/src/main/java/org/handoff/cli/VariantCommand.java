package org.handoff.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.handoff.core.Family;
import org.handoff.core.HandoffException;
import org.handoff.core.Manifest;
import org.handoff.core.ProjectRoot;
import org.handoff.core.Specs;
import org.handoff.litmus.JcstressRunner;
import org.handoff.specs.SpecSource;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code handoff variant}: a proposed variant's files. */
@Command(name = "variant", mixinStandardHelpOptions = true, subcommands = VariantCommand.New.class,
        description = "Write the files of a proposed variant of a family (see 'handoff variant new --help').")
final class VariantCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "name a subcommand: new");
    }

    /**
     * {@code handoff variant new FAMILY NAME --from BASE}: a variant that is BASE under another name,
     * at both levels, registered at every level, with the points a patch changes copied ready to
     * edit. Nothing in the project's own code changes: it writes new files only.
     */
    @Command(name = "new", mixinStandardHelpOptions = true, sortOptions = false,
            description = {
                "Write a new variant NAME of FAMILY that is, before any edit, the variant BASE under another name,"
                        + " so that 'handoff review FAMILY --variant NAME --baseline BASE' says \"same\" for every property."
                        + " Then edit the copied hooks to express the patch. It writes new files only, each described below.",
                "  specs/<family>/<Spec>_<Name>.tla: the spec module. It EXTENDS the family's spec and holds copies of the"
                        + " family's hooks (the definitions a patch changes, each named after the kernel function it"
                        + " models) and of the definitions that put them into the behaviour (step, next-state relation,"
                        + " specifications), renamed with the variant's prefix so that they call the copies.",
                "  specs/<family>/models/<Spec>_<Name>_*.cfg: BASE's model configs (every size, bound, tight and witness"
                        + " model of BASE on the family's spec), checking the copied specification.",
                "  For a family whose scaffold copies no wrappers (PV), the configs keep the family's specification"
                        + " and put each copied hook in place of the family's by a definition override (Hook <- MineHook).",
                "  <java-dir>/<package>/<Class>.java: the Java port, a subclass of BASE's port with its"
                        + " constructors and overrides of the family's Java hooks that call the base's, ready to edit"
                        + " (PV: a PvQSpinLock built with its own Paravirt hook set, whose overrides those are).",
                "  specs/<family>/<name>.json: the variant's manifest file. It registers the port under 'ports' and"
                        + " copies BASE's entries at every level: TLC on the copied models, Lincheck and the jcstress"
                        + " tests that choose their lock by variant (through the port's name), trace validation (held"
                        + " to the family's per-access spec, as BASE's entries are), and the actions and port steps"
                        + " each passing check must run. The fairness harness of 'review' and the report measures the"
                        + " registered port. State counts are not copied, so that an edit does not break them.",
                "BASE's entries that cannot be copied as they are (a TLC model of another spec of the family, a"
                        + " jcstress test that builds its own lock) are listed with the reason."})
    static final class New implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Parameters(index = "0", paramLabel = "FAMILY", description = "The family (see 'handoff list').")
        String family;

        @Parameters(index = "1", paramLabel = "NAME", description = "The new variant's name, e.g. cna-mine.")
        String name;

        @Option(names = "--from", required = true, paramLabel = "BASE",
                description = "The variant it starts as, e.g. cna-threshold.")
        String base;

        @Option(names = "--package", paramLabel = "PKG", defaultValue = "org.handoff.variants",
                description = "The Java port's package (default: ${DEFAULT-VALUE}).")
        String pkg;

        @Option(names = "--java-dir", paramLabel = "DIR", defaultValue = "java-models/src/main/java",
                description = "Where the Java port's source goes, relative to the project root"
                        + " (default: ${DEFAULT-VALUE}; the ports' module, so every level finds it).")
        String javaDir;

        @Override
        public Integer call() throws IOException {
            PrintWriter out = spec.commandLine().getOut();
            Path root = ProjectRoot.find();
            Scaffolded s = scaffold(root, family, name, base, pkg, javaDir);
            for (Map.Entry<Path, String> f : s.files().entrySet()) {
                Files.createDirectories(f.getKey().getParent());
                Files.writeString(f.getKey(), f.getValue());
            }
            out.printf("wrote the variant %s of %s, as %s for now:%n", name, family, base);
            s.purposes().forEach((file, why) -> out.printf("  %s  %s%n", root.relativize(file), why));
            if (!s.skipped().isEmpty()) {
                out.printf("not copied from %s:%n", base);
                s.skipped().forEach(line -> out.printf("  %s%n", line));
            }
            out.printf("next: ./handoff review %s --variant %s --baseline %s   (the same verdicts before any edit)%n",
                    family, name, base);
            out.printf("then edit the hooks in %s and %s, and review again.%n", root.relativize(s.specFile()),
                    root.relativize(s.javaFile()));
            return Main.OK;
        }
    }

    /** The files of a scaffolded variant, what each is for, and what of the base was not copied. */
    record Scaffolded(Map<Path, String> files, Map<Path, String> purposes, List<String> skipped, Path specFile,
            Path javaFile) {
    }

    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9]*(-[a-z0-9]+)*");
    private static final Pattern JAVA_PACKAGE = Pattern.compile("[a-z_][a-z0-9_]*(\\.[a-z_][a-z0-9_]*)*");

    /** Builds (does not write) the files of the variant {@code name} of {@code family}, as {@code base}. */
    static Scaffolded scaffold(Path root, String family, String name, String base, String pkg, String javaDir)
            throws IOException {
        Manifest m = Manifest.load(root);
        Family f = m.family(family);
        if (!NAME.matcher(name).matches()) {
            throw new HandoffException("variant name '" + name + "' must be lower-case words joined by '-', such as "
                    + family + "-mine");
        }
        if (!JAVA_PACKAGE.matcher(pkg).matches()) {
            throw new HandoffException("'" + pkg + "' is not a Java package name");
        }
        if (f.scaffold() == null) {
            throw new HandoffException("family " + family + " has no scaffold yet (its family entry lists no 'scaffold'"
                    + " hooks); write the variant by hand (docs/review.md)");
        }
        if (m.checks().stream().anyMatch(c -> c.family().equals(family) && c.variant().equals(name))) {
            throw new HandoffException("family " + family + " already has a variant or mutant named " + name);
        }
        if (m.checks().stream().noneMatch(c -> c.family().equals(family) && c.variant().equals(base) && !c.mutant())) {
            throw new HandoffException("family " + family + " has no variant " + base + " (see 'handoff list " + family + "')");
        }
        String portOfBase = m.port(family, base);
        if (portOfBase == null) {
            throw new HandoffException(family + "/" + base + " registers no Java port to start from");
        }
        Path specs = Specs.family(root, family); // the entries' files are relative to it
        String prefix = camel(name.startsWith(family + "-") ? name.substring(family.length() + 1) : name);
        String module = f.spec() + "_" + prefix;
        // The base's models and checks are named after it (CNA_Threshold_N3_T1), or after the spec
        // alone when the base is the family's own variant (QSpinlock_N3_L0).
        String basePrefix = camel(base.startsWith(family + "-") ? base.substring(family.length() + 1) : base);
        String baseStem = base.equals(family) ? f.spec() : f.spec() + "_" + basePrefix;
        String className = camel(name);
        Path specFile = specs.resolve(module + ".tla");
        Path javaFile = root.resolve(javaDir).resolve(pkg.replace('.', '/')).resolve(className + ".java");
        Path manifestFile = specs.resolve(name + ".json");
        Map<Path, String> files = new LinkedHashMap<>();
        Map<Path, String> purposes = new LinkedHashMap<>();
        List<String> skipped = new ArrayList<>();

        // The spec module: the hooks and wrappers, copied in the family spec's order and renamed.
        Family.Scaffold sc = f.scaffold();
        Set<String> copied = new LinkedHashSet<>(sc.hooks());
        copied.addAll(sc.wrappers());
        // BASE's entries, read as written (not as the manifest derives them), from every file once.
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> trees = manifestFiles(root, json);
        List<JsonNode> baseEntries = entries(trees, "checks",
                e -> e.path("family").asText().equals(family) && e.path("variant").asText().equals(base)
                        && !e.path("mutant").asBoolean(false));
        // The definitions BASE's models make TLC explore: the copies' roots.
        Set<String> roots = new LinkedHashSet<>();
        for (JsonNode e : baseEntries) {
            if (!e.path("level").asText().equals("tlc") || !e.path("spec").asText().equals(f.spec() + ".tla")) {
                continue;
            }
            roots.addAll(org.handoff.specs.TlcConfig.read(specs.resolve(e.path("config").asText()))
                    .behaviourDefinitions());
        }
        files.put(specFile, specModule(root, f, module, prefix, name, base, copied, sc.hooks(), roots, sc.byOverrides()));
        purposes.put(specFile, "the spec module: " + f.spec() + "'s hooks (" + String.join(", ", sc.hooks())
                + ") copied as " + prefix + "*, ready to edit");

        // The manifest entries: BASE's under the new name.
        ArrayNode checks = json.createArrayNode();
        Map<String, String> configs = new LinkedHashMap<>(); // base config -> the variant's
        for (JsonNode e : baseEntries) {
            ObjectNode c = ((ObjectNode) e).deepCopy();
            c.put("variant", name);
            String level = c.path("level").asText();
            String check = c.path("check").asText();
            switch (level) {
                case "tlc" -> {
                    if (!c.path("spec").asText().equals(f.spec() + ".tla")) {
                        skipped.add(check + ": a model of " + c.path("spec").asText() + ", not of " + f.spec()
                                + ".tla, whose copy would check " + base + " under the variant's name");
                        continue;
                    }
                    c.put("spec", module + ".tla");
                    String config = c.path("config").asText();
                    String renamed = configs.computeIfAbsent(config, k -> renameConfig(k, baseStem, module));
                    c.put("config", renamed);
                    c.put("check", check.startsWith(baseStem + "_") ? module + check.substring(baseStem.length())
                            : module + "_" + check);
                    c.remove("states");
                }
                case "jcstress" -> {
                    if (!JcstressRunner.choosesLockByVariant(check)) {
                        skipped.add(check + ": the jcstress test builds its own lock, not the variant's port");
                        continue;
                    }
                }
                case "crosscheck" -> c.put("check", check.startsWith(baseStem + "_") ? module + check.substring(baseStem.length())
                        : check.replace("_" + basePrefix + "_", "_" + prefix + "_"));
                default -> {
                }
            }
            checks.add(c);
        }
        for (Map.Entry<String, String> cfg : configs.entrySet()) {
            Path from = specs.resolve(cfg.getKey());
            Path to = specs.resolve(cfg.getValue());
            files.put(to, config(Files.readString(from), prefix, copied, name, base, from.getFileName().toString(),
                    sc.byOverrides()));
            purposes.put(to, "a model of " + module + " at the sizes of " + from.getFileName());
        }

        // The Java port.
        Class<?> baseClass;
        try {
            baseClass = Class.forName(portOfBase, false, VariantCommand.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            throw new HandoffException("port class " + portOfBase + " of " + base + " not found on the class path");
        }
        if (sc.javaHookSet() == null) {
            files.put(javaFile, javaPort(baseClass, pkg, className, name, base, sc.java()));
            purposes.put(javaFile, "the Java port: a " + baseClass.getSimpleName() + " overriding "
                    + String.join(", ", sc.java()) + ", ready to edit");
        } else {
            HookSetPort hp = hookSetPort(baseClass, sc.javaHookSet(), pkg, className, name, base, sc.java());
            files.put(javaFile, hp.source());
            purposes.put(javaFile, "the Java port: a " + hp.port().getSimpleName() + " built with its own "
                    + hp.hookSet().getSimpleName() + " hook set overriding " + String.join(", ", sc.java())
                    + ", ready to edit");
        }

        // The variant's manifest file.
        ObjectNode file = json.createObjectNode();
        file.put("description", "The variant " + name + " of " + family + ", scaffolded from " + base
                + " by handoff variant new: the same as " + base + " until its hooks are edited.");
        file.putObject("ports").put(name, pkg + "." + className);
        for (String list : List.of("variantActions", "variantHooks")) {
            String field = list.equals("variantActions") ? "actions" : "hooks";
            ArrayNode copies = json.createArrayNode();
            for (JsonNode v : entries(trees, list, v -> v.path("family").asText().equals(family)
                    && v.path("variant").asText().equals(base))) {
                ObjectNode c = ((ObjectNode) v).deepCopy();
                c.put("variant", name);
                ArrayNode names = c.putArray(field);
                v.path(field).forEach(a -> names.add(copied.contains(a.asText()) ? prefix + a.asText() : a.asText()));
                copies.add(c);
            }
            if (!copies.isEmpty()) {
                file.set(list, copies);
            }
        }
        file.set("checks", checks);
        files.put(manifestFile, json.copy().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(file) + "\n");
        purposes.put(manifestFile, "the manifest: the port registered once, and " + checks.size() + " entries copied from "
                + base);

        for (Path p : files.keySet()) {
            if (Files.exists(p)) {
                throw new HandoffException(root.relativize(p) + " exists already; the scaffold writes new files only");
            }
        }
        return new Scaffolded(files, purposes, skipped, specFile, javaFile);
    }

    /** Every manifest file as written: the root's, then the family folders' in path order. */
    private static List<JsonNode> manifestFiles(Path root, ObjectMapper json) throws IOException {
        List<Path> files = new ArrayList<>(List.of(root.resolve(Manifest.FILE)));
        files.addAll(Specs.manifestFiles(root));
        List<JsonNode> out = new ArrayList<>();
        for (Path p : files) {
            out.add(json.readTree(p.toFile()));
        }
        return out;
    }

    /** The entries of the array {@code list} of every file in {@code trees} that {@code keep} accepts. */
    private static List<JsonNode> entries(List<JsonNode> trees, String list, java.util.function.Predicate<JsonNode> keep) {
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode tree : trees) {
            for (JsonNode e : tree.path(list)) {
                if (keep.test(e)) {
                    out.add(e);
                }
            }
        }
        return out;
    }

    /** {@code cna-mine} -> {@code CnaMine}. */
    static String camel(String dashed) {
        return java.util.Arrays.stream(dashed.split("-")).filter(p -> !p.isEmpty())
                .map(p -> Character.toUpperCase(p.charAt(0)) + p.substring(1)).collect(Collectors.joining());
    }

    private static String renameConfig(String config, String baseStem, String module) {
        Path p = Path.of(config);
        String file = p.getFileName().toString();
        String renamed = file.startsWith(baseStem + "_") ? module + file.substring(baseStem.length()) : module + "_" + file;
        return p.getParent() == null ? renamed : p.getParent().resolve(renamed).toString();
    }

    /**
     * The definitions of {@code src} (and the modules it extends) that {@code roots} reach, themselves
     * included, going only through names that {@code follow} accepts.
     */
    private static Set<String> reach(SpecSource src, Set<String> roots, java.util.function.Predicate<String> follow) {
        Set<String> reached = new LinkedHashSet<>();
        java.util.ArrayDeque<String> todo = new java.util.ArrayDeque<>(roots);
        while (!todo.isEmpty()) {
            String n = todo.pop();
            SpecSource.Definition d = follow.test(n) ? src.definition(n) : null;
            if (d == null || !reached.add(n)) {
                continue;
            }
            for (String used : src.calls(n)) {
                if (!reached.contains(used)) {
                    todo.push(used);
                }
            }
        }
        return reached;
    }

    /** The spec module: a header, EXTENDS the family spec, the copied definitions renamed. */
    private static String specModule(Path root, Family f, String module, String prefix, String name, String base,
            Set<String> copied, List<String> hooks, Set<String> roots, boolean overrides) throws IOException {
        Path specs = Specs.family(root, f.name());
        SpecSource src = SpecSource.load(specs.resolve(f.spec() + ".tla"), Specs.library(root));
        List<SpecSource.Definition> defs = new ArrayList<>();
        for (String d : copied) {
            SpecSource.Definition def = src.definition(d);
            if (def == null || !def.module().equals(f.spec())) {
                throw new HandoffException("family " + f.name() + "'s scaffold names " + d + ", which " + f.spec()
                        + ".tla does not define");
            }
            defs.add(def);
        }
        defs.sort(java.util.Comparator.comparingInt(SpecSource.Definition::line));
        // The copies BASE's models reach: from the specifications their configs name, through the
        // copies that use each other. A hook outside that would be edited to no effect (its caller
        // is the family's, which calls the family's hook), so the scaffold is refused; a wrapper
        // outside it (FairSpec for a base whose models use CnaSpec) is left out.
        Set<String> reached = reach(src, roots, copied::contains);
        if (overrides) {
            // Nothing is copied to call the copies: each config puts them in place of the family's
            // definitions. A hook must still be something BASE's specification uses.
            Set<String> used = reach(src, roots, n -> true);
            for (String h : hooks) {
                if (!used.contains(h)) {
                    throw new HandoffException("family " + f.name() + "'s scaffold copies " + h + ", which no"
                            + " specification that " + base + "'s models check uses, so an edit of it would change nothing");
                }
            }
            reached.addAll(hooks);
        }
        for (String h : hooks) {
            if (!reached.contains(h)) {
                throw new HandoffException("family " + f.name() + "'s scaffold copies " + h + ", but no copied definition"
                        + " that " + base + "'s models run uses it, so an edit of it would change nothing; add its caller"
                        + " to the scaffold's hooks or wrappers");
            }
        }
        defs.removeIf(d -> !reached.contains(d.name()));
        copied.retainAll(reached); // the caller renames configs and actions after what was copied
        String[] lines = Files.readString(specs.resolve(f.spec() + ".tla")).split("\n", -1);
        Pattern names = Pattern.compile("(?<![A-Za-z0-9_!])(" + String.join("|", copied) + ")(?![A-Za-z0-9_])");
        StringBuilder sb = new StringBuilder();
        String title = " MODULE " + module + " ";
        int dashes = Math.max(4, (77 - title.length()) / 2);
        sb.append("-".repeat(dashes)).append(title).append("-".repeat(dashes)).append('\n');
        sb.append(comment(List.of(
                name + ": a proposed variant of " + f.name() + ", written by 'handoff variant new' from " + base + ".",
                "",
                "Until it is edited it is " + base + ": the definitions below are copies of " + f.spec() + "'s,"
                        + " renamed with the prefix " + prefix + " so that they call each other. Edit the hooks ("
                        + hooks.stream().map(h -> prefix + h).collect(Collectors.joining(", ")) + ") to express the"
                        + " patch; each keeps the comment that names the kernel function it models. "
                        + (overrides ? "The models in models/" + module + "_*.cfg check " + f.spec() + "'s own"
                                + " specification with these copies in place of its hooks (a line 'Hook <- " + prefix
                                + "Hook' each), so nothing else is copied."
                                : "The rest put the hooks into the behaviour that the models in models/" + module
                                        + "_*.cfg check."))));
        sb.append("EXTENDS ").append(f.spec()).append("\n");
        for (SpecSource.Definition d : defs) {
            int start = d.line() - 1;
            int from = start;
            while (from > 0 && lines[from - 1].trim().startsWith("\\*")) {
                from--;
            }
            int end = start + 1;
            while (end < lines.length && (lines[end].isBlank() || Character.isWhitespace(lines[end].charAt(0)))) {
                end++;
            }
            while (end > start + 1 && lines[end - 1].isBlank()) {
                end--;
            }
            sb.append('\n');
            for (int i = from; i < end; i++) {
                String line = lines[i];
                if (i >= start) {
                    line = renameOutsideStrings(line, names, prefix);
                }
                sb.append(line).append('\n');
            }
        }
        sb.append("\n").append("=".repeat(77)).append("\n");
        return sb.toString();
    }

    /**
     * {@code line} with every name {@code names} matches prefixed, except inside string literals: a
     * copied action's guard ({@code "WaitNodeSpin" \notin Replaced}) keeps the name the copy stands in
     * for, so that a model's {@code Replaced} takes the copy out as it would the hook.
     */
    static String renameOutsideStrings(String line, Pattern names, String prefix) {
        String[] parts = line.split("\"", -1);
        for (int k = 0; k < parts.length; k += 2) { // even parts lie outside quotes
            parts[k] = names.matcher(parts[k]).replaceAll(r -> prefix + r.group(1));
        }
        return String.join("\"", parts);
    }

    /** A boxed comment, its paragraphs wrapped at word boundaries to the box's width. */
    private static String comment(List<String> paragraphs) {
        StringBuilder sb = new StringBuilder("(").append("*".repeat(75)).append(")\n");
        for (String p : paragraphs) {
            StringBuilder line = new StringBuilder();
            for (String word : p.split(" ")) {
                if (line.length() > 0 && line.length() + 1 + word.length() > 71) {
                    sb.append("(* ").append(String.format("%-72s", line)).append("*)\n");
                    line.setLength(0);
                }
                line.append(line.length() > 0 ? " " : "").append(word);
            }
            sb.append("(* ").append(String.format("%-72s", line)).append("*)\n");
        }
        return sb.append("(").append("*".repeat(75)).append(")\n").toString();
    }

    /** A copy of a base model config that checks the copied specification. */
    private static String config(String text, String prefix, Set<String> copied, String name, String base, String from,
            boolean overrides) {
        StringBuilder sb = new StringBuilder("\\* " + name + " (scaffolded from " + base + "'s " + from + "):"
                + (overrides ? " the same model, with the variant's copies in place of the family's hooks.\n"
                        : " the same model, checking the variant's copied specification.\n"));
        Pattern section = Pattern.compile("^(\\s*(?:SPECIFICATION|INIT|NEXT)\\s+)([A-Za-z_][A-Za-z0-9_]*)(.*)$");
        Pattern keyword = Pattern.compile("^\\s*(SPECIFICATION|INIT|NEXT|INVARIANTS?|PROPERTY|PROPERTIES|CONSTRAINTS?"
                + "|ACTION_CONSTRAINTS?|SYMMETRY|VIEW|CHECK_DEADLOCK)\\b.*");
        boolean placed = !overrides;
        for (String line : text.split("\n", -1)) {
            if (!placed && keyword.matcher(line).matches()) {
                // The overrides end the CONSTANTS section, before the first section after it.
                sb.append("CONSTANTS\n");
                for (String hook : copied) {
                    if (Pattern.compile("^\\s*" + hook + "\\s*<-", Pattern.MULTILINE).matcher(text).find()) {
                        throw new HandoffException(from + " already replaces " + hook + "; the scaffold cannot put "
                                + prefix + hook + " in its place");
                    }
                    sb.append("    ").append(hook).append(" <- ").append(prefix).append(hook).append('\n');
                }
                placed = true;
            }
            Matcher mm = section.matcher(line);
            if (mm.matches() && copied.contains(mm.group(2))) {
                line = mm.group(1) + prefix + mm.group(2) + mm.group(3);
            }
            sb.append(line).append('\n');
        }
        String out = sb.toString();
        return out.endsWith("\n\n") ? out.substring(0, out.length() - 1) : out;
    }

    /**
     * The Java port: BASE's class extended, its constructors kept but the no-argument one (a
     * variant has none, see {@link org.handoff.models.Ports}), the family's hooks overridden.
     */
    static String javaPort(Class<?> baseClass, String pkg, String className, String name, String base, List<String> hooks) {
        StringBuilder sb = new StringBuilder();
        sb.append("package ").append(pkg).append(";\n\n");
        sb.append("/**\n * ").append(name).append(": a proposed variant, written by {@code handoff variant new} from ")
                .append(base).append(".\n * Until it is edited it is {@link ").append(baseClass.getCanonicalName())
                .append("}: each override below calls the\n * base's. Edit them to express the patch; the base's Javadoc names the kernel function each\n")
                .append(" * models. Every level finds this class through the manifest's {@code ports}.\n */\n");
        sb.append("@").append(org.handoff.models.Variant.class.getCanonicalName()).append("(\"").append(name).append("\")\n");
        sb.append("public class ").append(className).append(" extends ").append(baseClass.getCanonicalName()).append(" {\n");
        List<Constructor<?>> constructors = new ArrayList<>(List.of(baseClass.getDeclaredConstructors()));
        constructors.sort(java.util.Comparator.<Constructor<?>>comparingInt(k -> Modifier.isPublic(k.getModifiers()) ? 0 : 1)
                .thenComparingInt(Constructor::getParameterCount));
        for (Constructor<?> k : constructors) {
            int mod = k.getModifiers();
            if (!Modifier.isPublic(mod) && !Modifier.isProtected(mod) || k.getParameterCount() == 0) {
                continue; // a variant is built from (SpinPolicy), as every port (Ports)
            }
            sb.append("    ").append(Modifier.isPublic(mod) ? "public " : "protected ").append(className).append('(')
                    .append(parameters(k)).append(") {\n        super(").append(arguments(k)).append(");\n    }\n\n");
        }
        overrides(sb, baseClass, base, hooks, "    ");
        return sb.append("}\n").toString();
    }

    record HookSetPort(String source, Class<?> port, Class<?> hookSet) {
    }

    /**
     * The Java port of a family whose hooks are a hook set the port is built with (PV: {@code
     * Paravirt}): a subclass of the first class from BASE's port up that takes
     * {@code (SpinPolicy, HookSet, DoorwayObserver)}, built with a nested subclass of the hook set,
     * made as BASE's is (its constructor's one argument read back from BASE's own hook set), whose
     * overrides of the family's Java hooks call the hook set's.
     */
    static HookSetPort hookSetPort(Class<?> baseClass, String hookSetName, String pkg, String className, String name,
            String base, List<String> hooks) {
        ClassLoader loader = VariantCommand.class.getClassLoader();
        Class<?> hookSet;
        try {
            hookSet = Class.forName(hookSetName, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            throw new HandoffException("the scaffold's hook set class " + hookSetName + " is not on the class path");
        }
        Class<?> observer = org.handoff.models.qspinlock.DoorwayObserver.class;
        Class<?> port = baseClass;
        while (port != null && !hasConstructor(port, org.handoff.models.SpinPolicy.class, hookSet, observer)) {
            port = port.getSuperclass();
        }
        if (port == null) {
            throw new HandoffException(baseClass.getName() + " has no class above it that takes (SpinPolicy, "
                    + hookSet.getSimpleName() + ", DoorwayObserver); the scaffold cannot build it with a hook set");
        }
        // BASE's hook set, read from a BASE port: which constructor argument makes the same one.
        Object basePort;
        try {
            basePort = org.handoff.models.Ports.make(baseClass.getName(), Object.class, baseClass.getClassLoader());
        } catch (IllegalArgumentException e) {
            throw new HandoffException(e.getMessage() + " (" + base + "'s port)");
        }
        Object baseHooks = null;
        for (Method mm : baseClass.getMethods()) {
            if (mm.getParameterCount() == 0 && mm.getReturnType() == hookSet) {
                try {
                    baseHooks = mm.invoke(basePort);
                } catch (ReflectiveOperationException e) {
                    throw new HandoffException(baseClass.getName() + "." + mm.getName() + "() failed: " + e.getCause());
                }
                break;
            }
        }
        if (baseHooks == null || baseHooks.getClass() != hookSet) {
            throw new HandoffException(base + "'s port shows no plain " + hookSet.getSimpleName() + " hook set (a public"
                    + " method returning it); scaffold from a variant that has one");
        }
        String argument = null;
        for (Constructor<?> k : hookSet.getConstructors()) {
            if (k.getParameterCount() != 1 || !k.getParameterTypes()[0].isEnum()) {
                continue;
            }
            for (Method mm : hookSet.getMethods()) {
                if (mm.getParameterCount() == 0 && mm.getReturnType() == k.getParameterTypes()[0]) {
                    try {
                        argument = k.getParameterTypes()[0].getCanonicalName() + "." + ((Enum<?>) mm.invoke(baseHooks)).name();
                    } catch (ReflectiveOperationException e) {
                        throw new HandoffException(hookSet.getName() + "." + mm.getName() + "() failed: " + e.getCause());
                    }
                }
            }
        }
        if (argument == null) {
            throw new HandoffException(hookSet.getName() + " has no public constructor of one enum argument that a"
                    + " method of it reads back; the scaffold cannot make " + base + "'s hook set");
        }
        String spin = org.handoff.models.SpinPolicy.class.getCanonicalName();
        StringBuilder sb = new StringBuilder();
        sb.append("package ").append(pkg).append(";\n\n");
        sb.append("/**\n * ").append(name).append(": a proposed variant, written by {@code handoff variant new} from ")
                .append(base).append(".\n * Until it is edited it is ").append(base).append(": a {@link ")
                .append(port.getCanonicalName()).append("} built with\n * {@link Hooks}, a {@link ")
                .append(hookSet.getCanonicalName()).append("} made as ").append(base).append("'s is\n * ({@code ")
                .append(argument.substring(hookSet.getPackageName().length() + 1))
                .append("}), whose overrides call the hook set's. Edit them to express the patch; the hook\n")
                .append(" * set's Javadoc names the kernel function each models. Every level finds this class through\n")
                .append(" * the manifest's {@code ports}.\n */\n");
        sb.append("@").append(org.handoff.models.Variant.class.getCanonicalName()).append("(\"").append(name).append("\")\n");
        sb.append("public class ").append(className).append(" extends ").append(port.getCanonicalName()).append(" {\n");
        sb.append("    public ").append(className).append('(').append(spin).append(" spin) {\n        this(spin, null);\n    }\n\n");
        sb.append("    /** With an observer of the doorway steps (the fairness harness; null for none). */\n");
        sb.append("    protected ").append(className).append('(').append(spin).append(" spin, ")
                .append(observer.getCanonicalName()).append(" doorways) {\n        super(spin, new Hooks(), doorways);\n    }\n\n");
        sb.append("    /** ").append(name).append("'s hook set: ").append(base).append("'s, to edit. */\n");
        sb.append("    public static class Hooks extends ").append(hookSet.getCanonicalName()).append(" {\n");
        sb.append("        public Hooks() {\n            super(").append(argument).append(");\n        }\n");
        overrides(sb, hookSet, base, hooks, "        ");
        sb.append("    }\n}\n");
        return new HookSetPort(sb.toString(), port, hookSet);
    }

    /** An override of each of {@code hooks} (methods of {@code owner}) that calls the overridden one, indented by {@code in}. */
    private static void overrides(StringBuilder sb, Class<?> owner, String base, List<String> hooks, String in) {
        for (String hook : hooks) {
            Method method = findHook(owner, hook);
            if (method == null) {
                throw new HandoffException("the Java hook " + hook + " is not an overridable method of " + owner.getName());
            }
            String ret = method.getReturnType().getCanonicalName();
            sb.append('\n').append(in).append("/** ").append(base).append("'s {@code ").append(hook).append("}, to edit. */\n");
            sb.append(in).append("@Override\n").append(in).append(Modifier.isPublic(method.getModifiers()) ? "public " : "protected ")
                    .append(ret).append(' ').append(hook).append('(').append(parameters(method)).append(") {\n")
                    .append(in).append("    ").append(ret.equals("void") ? "" : "return ").append("super.").append(hook)
                    .append('(').append(arguments(method)).append(");\n").append(in).append("}\n");
        }
    }

    private static boolean hasConstructor(Class<?> c, Class<?>... parameters) {
        try {
            int mod = c.getDeclaredConstructor(parameters).getModifiers();
            return Modifier.isPublic(mod) || Modifier.isProtected(mod);
        } catch (NoSuchMethodException e) {
            return false;
        }
    }

    private static Method findHook(Class<?> c, String hook) {
        for (Class<?> k = c; k != null; k = k.getSuperclass()) {
            for (Method mm : k.getDeclaredMethods()) {
                int mod = mm.getModifiers();
                if (mm.getName().equals(hook) && !Modifier.isPrivate(mod) && !Modifier.isFinal(mod)
                        && !Modifier.isStatic(mod) && (Modifier.isPublic(mod) || Modifier.isProtected(mod))) {
                    return mm;
                }
            }
        }
        return null;
    }

    private static String parameters(Executable e) {
        return java.util.Arrays.stream(e.getParameters()).map(p -> p.getType().getCanonicalName() + " " + name(p))
                .collect(Collectors.joining(", "));
    }

    private static String arguments(Executable e) {
        return java.util.Arrays.stream(e.getParameters()).map(VariantCommand::name).collect(Collectors.joining(", "));
    }

    /** The parameter's name as compiled (the build keeps them), else one made from its position. */
    private static String name(Parameter p) {
        return p.isNamePresent() ? p.getName() : p.getName().replace("arg", "p");
    }
}
