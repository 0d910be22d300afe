package org.handoff.specs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.handoff.core.HandoffException;
import org.handoff.core.Jdk;

/**
 * Evaluates the {@code ASSUME}s of models before they run: a config whose constants break an
 * assumption (a variant's policy name that the spec does not know, a bound out of range) is one line
 * naming the config, the false conjunct and the constants it reads, instead of TLC runs that all stop
 * on it after the preflight.
 *
 * <p>TLC itself evaluates them: each model runs in a forked TLC with its own constants and a
 * next-state relation that has no initial state ({@code HandoffAssume.tla}, which extends the spec),
 * so TLC checks the assumptions and stops. When one is false and its expression is a list of
 * conjuncts ({@code /\ ...}), a second run on a copy of the module in which that assumption is
 * {@code TRUE} prints the value of each conjunct ({@code PrintT}), so the line names the one that fails.
 * A run costs a TLC start (one to three seconds); two run at once.
 */
public final class Assumptions {
    private static final Pattern FALSE_AT = Pattern.compile(
            "Assumption line (\\d+), col (\\d+) to line (\\d+), col (\\d+) of module (\\S+) is false");
    private static final Pattern CONJUNCT = Pattern.compile("<<\"handoff-conjunct\", (\\d+), (TRUE|FALSE)>>");
    private static final long TIMEOUT_SECONDS = 300;
    /** The line that closes a module (four or more '='). */
    private static final Pattern MODULE_END = Pattern.compile("(?m)^={4,}\\s*$");

    private Assumptions() {
    }

    /**
     * Checks the assumptions of each model ({@code {spec, config}} pairs, duplicates checked once);
     * the first model, in the given order, whose constants make one false is thrown as one line.
     */
    public static void check(List<Path[]> models, List<Path> libraries, Path workDir, Jdk jdk) {
        Map<String, Path[]> distinct = new LinkedHashMap<>();
        for (Path[] m : models) {
            distinct.putIfAbsent(m[0].toAbsolutePath().normalize() + "\n" + m[1].toAbsolutePath().normalize(), m);
        }
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<String>> problems = new ArrayList<>();
            int i = 0;
            for (Path[] m : distinct.values()) {
                Path dir = workDir.resolve("assume-" + (++i));
                problems.add(pool.submit(() -> problem(m[0], m[1], libraries, dir, jdk)));
            }
            for (Future<String> f : problems) {
                String p = f.get();
                if (p != null) {
                    throw new HandoffException(p);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new HandoffException("interrupted while checking the models' assumptions", e);
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof HandoffException h) {
                throw h;
            }
            throw new HandoffException("checking the models' assumptions failed: " + e.getCause(), e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    /** Null when every assumption holds with the config's constants, else the one-line problem. */
    private static String problem(Path spec, Path config, List<Path> libraries, Path dir, Jdk jdk) throws IOException {
        TlcConfig cfg = TlcConfig.read(config);
        String module = spec.getFileName().toString().replaceFirst("\\.tla$", "");
        List<Path> libs = new ArrayList<>();
        libs.add(spec.toAbsolutePath().getParent()); // the wrapper extends the spec from elsewhere
        libs.addAll(libraries);
        String out = run(dir.resolve("check"), module, cfg, libs, null, jdk);
        Matcher m = FALSE_AT.matcher(out);
        if (!m.find()) {
            return null; // holds, or TLC failed for another reason, which the model's own run reports
        }
        String owner = m.group(5);
        Path file = TlaText.moduleFile(owner, spec, libs);
        String original = file == null ? null : Files.readString(file);
        String expression = original == null ? null : span(original.lines().toList(), Integer.parseInt(m.group(1)),
                Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)), Integer.parseInt(m.group(4)));
        String where = owner + ".tla:" + m.group(1);
        if (expression == null) {
            return config + ": an ASSUME is false with this config's constants (" + where + ")";
        }
        List<String> conjuncts = conjuncts(expression, Integer.parseInt(m.group(2)));
        String culprit = String.join(" /\\ ", conjuncts);
        if (conjuncts.size() > 1) {
            String copy = original.replace(expression, "TRUE");
            // TLC's PrintT through a named instance, which no definition of the module can clash with
            StringBuilder probes = new StringBuilder("HandoffProbeTLC == INSTANCE TLC\n");
            for (int i = 0; i < conjuncts.size(); i++) {
                probes.append("ASSUME HandoffProbeTLC!PrintT(<<\"handoff-conjunct\", ").append(i + 1).append(", ")
                        .append(conjuncts.get(i)).append(">>)\n");
            }
            int end = -1;
            Matcher close = MODULE_END.matcher(copy);
            while (close.find()) {
                end = close.start();
            }
            if (end > 0 && original.contains(expression)) {
                // the copy of the module, beside the wrapper, is found before the original
                Path probeDir = dir.resolve("probe");
                Files.createDirectories(probeDir);
                Files.writeString(probeDir.resolve(owner + ".tla"), copy.substring(0, end) + probes + copy.substring(end));
                Matcher c = CONJUNCT.matcher(run(probeDir, module, cfg, libs, probeDir, jdk));
                while (c.find()) {
                    if (c.group(2).equals("FALSE")) {
                        culprit = conjuncts.get(Integer.parseInt(c.group(1)) - 1);
                        break;
                    }
                }
            }
        }
        List<String> read = new ArrayList<>();
        for (Map.Entry<String, String> a : cfg.constantAssignments().entrySet()) {
            if (Pattern.compile("\\b" + Pattern.quote(a.getKey()) + "\\b").matcher(culprit).find()) {
                read.add(a.getValue());
            }
        }
        return config + ": ASSUME " + oneLine(culprit) + " (" + where + ") is false"
                + (read.isEmpty() ? " with this config's constants" : " with " + String.join(", ", read));
    }

    /** Runs TLC on a wrapper with the config's constants and no initial state; returns its output. */
    private static String run(Path dir, String module, TlcConfig cfg, List<Path> libraries, Path first, Jdk jdk) throws IOException {
        Files.createDirectories(dir);
        Path tla = dir.resolve("HandoffAssume.tla");
        Files.writeString(tla, "---- MODULE HandoffAssume ----\nEXTENDS " + module + "\n"
                + "VARIABLE handoffAssumeOnly\n"
                + "HandoffNoInit == FALSE /\\ handoffAssumeOnly = 0\n"
                + "HandoffNoNext == FALSE /\\ handoffAssumeOnly' = 0\n====\n");
        Path cfgFile = dir.resolve("HandoffAssume.cfg");
        Files.writeString(cfgFile, cfg.constantsOnly() + "INIT HandoffNoInit\nNEXT HandoffNoNext\n");
        List<Path> libs = new ArrayList<>();
        if (first != null) {
            libs.add(first);
        }
        libs.addAll(libraries);
        Tlc.Result r = Tlc.run(new Tlc.Request(tla, cfgFile, 1, libs, dir.resolve("tlc"), TIMEOUT_SECONDS, null).withJdk(jdk), false);
        return r.log() != null && Files.isRegularFile(r.log()) ? Files.readString(r.log()) : "";
    }

    /** The text from (line1, col1) to (line2, col2), 1-based and inclusive, as TLC gives a span. */
    static String span(List<String> lines, int line1, int col1, int line2, int col2) {
        if (line1 < 1 || line2 > lines.size() || line1 > line2) {
            return null;
        }
        StringBuilder b = new StringBuilder();
        for (int l = line1; l <= line2; l++) {
            String s = lines.get(l - 1);
            int from = l == line1 ? Math.min(col1 - 1, s.length()) : 0;
            int to = l == line2 ? Math.min(col2, s.length()) : s.length();
            b.append(s, from, Math.max(from, to));
            if (l < line2) {
                b.append('\n');
            }
        }
        return b.toString();
    }

    /**
     * The conjuncts of a bulleted conjunction whose bullets stand at column {@code col} (TLC's start
     * column of the expression), comments removed; the whole expression when it is not one.
     */
    static List<String> conjuncts(String expression, int col) {
        String text = TlaText.stripComments(expression);
        if (!text.startsWith("/\\")) {
            return List.of(text.strip());
        }
        List<String> out = new ArrayList<>();
        StringBuilder cur = null;
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = i == 0 ? " ".repeat(col - 1) + lines[i] : lines[i];
            int at = col - 1;
            if (line.length() > at + 1 && line.substring(0, at).isBlank() && line.startsWith("/\\", at)) {
                if (cur != null) {
                    out.add(cur.toString().strip());
                }
                cur = new StringBuilder(line.substring(at + 2));
            } else if (cur != null) {
                cur.append('\n').append(line);
            }
        }
        if (cur != null) {
            out.add(cur.toString().strip());
        }
        return out;
    }

    private static String oneLine(String s) {
        String t = s.strip().replaceAll("\\s+", " ");
        return t.length() > 160 ? t.substring(0, 157) + "..." : t;
    }
}
