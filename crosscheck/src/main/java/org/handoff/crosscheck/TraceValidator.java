package org.handoff.crosscheck;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.handoff.core.HandoffException;
import org.handoff.core.Jdk;
import org.handoff.core.Outcome;
import org.handoff.core.Specs;
import org.handoff.specs.Tlc;

/**
 * Decides with TLC whether a spec allows recorded traces: many traces per TLC run (one generated
 * module, {@link TraceModule}), then, for each rejected trace, a second run that finds how far the
 * spec could follow it.
 */
public final class TraceValidator {
    /**
     * What is validated against what: {@code spec} and the trace map {@code trace/<map>.tla} in the
     * family's folder {@code familyDir} ({@code specs/<family>/}).
     */
    public record Target(Path familyDir, String spec, String map, String init, String step, List<String> constants) {
        /** The module name of the spec under test: its file name without .tla. */
        String module() {
            String f = Path.of(spec).getFileName().toString();
            return f.substring(0, f.length() - ".tla".length());
        }
    }

    /**
     * The verdict on one trace: accepted, or the number of events the spec could follow (the
     * longest accepted prefix) and the event it could not.
     */
    public record Judgement(boolean accepted, int prefix, TraceFile.Event unmatched) {
    }

    /**
     * A batch's judgements, in trace order, with TLC's counts and time for the batch's run (the
     * diagnosis runs of rejected traces are not counted: they measure no validation rate).
     */
    public record Batch(List<Judgement> judgements, long states, double seconds) {
    }

    private static final Pattern ACCEPTED = Pattern.compile("<<\"" + TraceModule.ACCEPTED + "\", (\\d+)>>");
    private static final Pattern REACHED = Pattern.compile("<<\"" + TraceModule.REACHED + "\", (\\d+), (\\d+)>>");
    static final long TIMEOUT_SECONDS = 1800;

    private final Target target;
    private final Path workDir;
    private final PrintStream log;
    private final String heap;
    private final Jdk jdk;
    private int runs;

    /** A validator whose TLC runs get the default heap and start on the running JDK. */
    public TraceValidator(Target target, Path workDir, PrintStream log) {
        this(target, workDir, log, null, Jdk.current());
    }

    /**
     * A validator whose TLC runs get {@code heap} ({@code -Xmx}; null for the default) and start on
     * {@code jdk} (a run's context's).
     */
    public TraceValidator(Target target, Path workDir, PrintStream log, String heap, Jdk jdk) {
        this.heap = heap;
        this.jdk = jdk;
        if (!target.spec().endsWith(".tla")) {
            throw new HandoffException(target.spec() + ": a spec must be a .tla file");
        }
        if (!Files.isRegularFile(target.familyDir().resolve(target.spec()))) {
            throw new HandoffException(target.familyDir().resolve(target.spec()) + ": no such spec file");
        }
        if (!Files.isRegularFile(target.familyDir().resolve("trace").resolve(target.map() + ".tla"))) {
            throw new HandoffException(target.familyDir().resolve("trace").resolve(target.map() + ".tla")
                    + ": no such trace map");
        }
        this.target = target;
        this.workDir = workDir;
        this.log = log;
    }

    private static final Pattern DEFINITION = Pattern.compile("(?m)^([A-Za-z_][A-Za-z0-9_]*)\\s*(\\([^)]*\\))?\\s*==");
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final Pattern EXTENDS = Pattern.compile("(?m)^EXTENDS\\s+([A-Za-z_][A-Za-z0-9_]*)");

    /**
     * Why the target's step would not follow its spec, or null. A trace map extends one spec (the
     * family's, e.g. CNASteps); a spec under test that is another module (a variant or a spec
     * mutant that extends it) changes nothing unless the step names one of its own definitions
     * (its MutantStep, or the variant's step): with the map's default step, the traces would be held
     * to the map's spec and the module's change never looked at.
     */
    static String stepProblem(Target t) {
        try {
            String map = Files.readString(t.familyDir().resolve("trace").resolve(t.map() + ".tla"));
            Matcher base = EXTENDS.matcher(map);
            if (!base.find() || base.group(1).equals(t.module())) {
                return null;
            }
            Set<String> own = new HashSet<>();
            Matcher d = DEFINITION.matcher(Files.readString(t.familyDir().resolve(t.spec())));
            while (d.find()) {
                own.add(d.group(1));
            }
            Matcher id = IDENTIFIER.matcher(t.step());
            while (id.find()) {
                if (own.contains(id.group())) {
                    return null;
                }
            }
            return "its step '" + t.step() + "' names nothing " + t.spec() + " defines, so the traces would be held to "
                    + base.group(1) + " (which " + t.map() + " extends), not to " + t.module()
                    + ": name the module's step in the entry, as the spec mutants' entries do (\"step\": \""
                    + "...With(t, e, MutantStep)\")";
        } catch (IOException e) {
            throw new HandoffException(t.spec() + ": cannot read it: " + e.getMessage());
        }
    }

    /** Validates the traces in one TLC run, then diagnoses at most {@code diagnoseAtMost} rejected ones. */
    public Batch validate(List<List<TraceFile.Event>> traces, int diagnoseAtMost) {
        if (traces.isEmpty()) {
            return new Batch(List.of(), 0, 0);
        }
        for (List<TraceFile.Event> t : traces) {
            if (t.isEmpty()) {
                throw new HandoffException("an empty trace cannot be validated");
            }
        }
        Tlc.Result r = tlc(traces, false);
        Set<Integer> accepted = new HashSet<>();
        for (String line : logLines(r)) {
            Matcher m = ACCEPTED.matcher(line);
            if (m.find()) {
                accepted.add(Integer.parseInt(m.group(1)));
            }
        }
        List<Judgement> out = new ArrayList<>();
        int diagnosed = 0;
        for (int i = 0; i < traces.size(); i++) {
            if (accepted.contains(i + 1)) {
                out.add(new Judgement(true, traces.get(i).size(), null));
            } else if (diagnosed < diagnoseAtMost) {
                diagnosed++;
                out.add(diagnose(traces.get(i)));
            } else {
                out.add(new Judgement(false, -1, null));
            }
        }
        return new Batch(out, r.distinctStates() == null ? 0 : r.distinctStates(), r.seconds());
    }

    /** The longest prefix of a rejected trace the spec can follow, and the event after it. */
    Judgement diagnose(List<TraceFile.Event> trace) {
        Tlc.Result r = tlc(List.of(trace), true);
        int reached = 1;
        for (String line : logLines(r)) {
            Matcher m = REACHED.matcher(line);
            if (m.find()) {
                reached = Math.max(reached, Integer.parseInt(m.group(2)));
            }
        }
        if (reached > trace.size()) {
            throw new HandoffException("trace validation disagrees with itself: a rejected trace was followed to its end");
        }
        return new Judgement(false, reached - 1, trace.get(reached - 1));
    }

    private Tlc.Result tlc(List<List<TraceFile.Event>> traces, boolean diagnose) {
        String name = "Trace_" + target.module() + "_" + (++runs);
        Path dir = workDir.resolve(name);
        Path module = dir.resolve(name + ".tla");
        Path config = dir.resolve(name + ".cfg");
        try {
            Files.createDirectories(dir);
            Files.writeString(module, TraceModule.module(name, target.module(), target.map(), target.init(),
                    target.step(), traces, diagnose));
            Files.writeString(config, TraceModule.config(target.constants()));
        } catch (IOException e) {
            throw new HandoffException(dir + ": cannot write the trace module: " + e.getMessage(), e);
        }
        // The family folder sits in specs/, under the project root: every spec folder is the library.
        List<Path> library = Specs.library(target.familyDir().toAbsolutePath().getParent().getParent());
        // No TLC coverage: what a run of the port reached is read from its recorded events (the
        // entry's "reach"), and the trace module's own actions say nothing about the lock. A run
        // follows recorded traces, seconds of search: C1 alone (brief) spends less CPU on it.
        Tlc.Result r = Tlc.run(new Tlc.Request(module, config, 1,
                library, dir, TIMEOUT_SECONDS, log,
                new Tlc.Exhaustive(), Tlc.heapOr(heap)).brief(true).withJdk(jdk), false);
        if (r.outcome() != Outcome.PASS) {
            throw new HandoffException(module + ": TLC did not finish the trace check: " + r.message());
        }
        return r;
    }

    private static List<String> logLines(Tlc.Result r) {
        try {
            return Files.readAllLines(r.log());
        } catch (IOException e) {
            throw new HandoffException(r.log() + ": cannot read TLC's log: " + e.getMessage(), e);
        }
    }

    /** Substitutes {@code ${key}} in each constant line. */
    static List<String> constants(List<String> lines, Map<String, String> values) {
        List<String> out = new ArrayList<>();
        for (String line : lines) {
            String s = line;
            for (Map.Entry<String, String> v : new HashMap<>(values).entrySet()) {
                s = s.replace("${" + v.getKey() + "}", v.getValue());
            }
            if (s.contains("${")) {
                throw new HandoffException("constant '" + line + "' names an unknown setting (known: " + values.keySet() + ")");
            }
            out.add(s);
        }
        return out;
    }
}
