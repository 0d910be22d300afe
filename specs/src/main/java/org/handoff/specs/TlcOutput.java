package org.handoff.specs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.handoff.core.Outcome;

/**
 * TLC's console output read into a verdict: pass, which property failed, or why TLC could not
 * run; the state counts; and the counterexample, parsed ({@link TlcTrace}) and rendered one line
 * per step: the thread, the action (and the kernel function it models), and only the entries it
 * changed.
 */
public record TlcOutput(Outcome outcome, String violated, boolean temporal, Long distinctStates,
        Long generatedStates, Long depth, String message, String counterexample, TlcTrace trace) {

    /** The name TLC's own deadlock check is reported under in the property catalogue. */
    public static final String DEADLOCK = "DeadlockFreedom";

    private static final Pattern STATES = Pattern.compile(
            "([\\d,]+) states generated, ([\\d,]+) distinct states found");
    private static final Pattern DEPTH = Pattern.compile("The depth of the complete state graph search is (\\d+)");
    /** Random simulation (-simulate) reports progress instead of a state graph. */
    private static final Pattern SIMULATED = Pattern.compile("Progress: ([\\d,]+) states checked");
    private static final Pattern INVARIANT = Pattern.compile("^Error: Invariant (\\S+) is violated", Pattern.MULTILINE);
    private static final Pattern ACTION_PROP = Pattern.compile("^Error: Action property (\\S+) is violated", Pattern.MULTILINE);
    private static final Pattern ASSUMPTION = Pattern.compile(
            "Assumption line (\\d+), col (\\d+) to line \\d+, col \\d+ of module (\\S+) is false");
    private static final Pattern LOCATION = Pattern.compile("line (\\d+), col(?:umn)? (\\d+)(?: to line \\d+, col \\d+)?(?: of module (\\S+))?");

    private static final Pattern COVERAGE_BLOCK = Pattern.compile("^The coverage statistics at ", Pattern.MULTILINE);
    private static final Pattern COVERAGE_ACTION = Pattern.compile(
            "^<(\\w+) line \\d+, col \\d+ to line \\d+, col \\d+ of module \\w+(?: \\([^)]*\\))?>: (\\d+):(\\d+)$",
            Pattern.MULTILINE);

    /**
     * The action coverage of TLC's last coverage report ({@code -coverage}): for each action TLC split
     * out of the next-state relation (and Init), the states it generated, summed when TLC lists one
     * action at several places; in TLC's order. Empty when the output has no coverage report.
     */
    public static java.util.Map<String, Long> coverage(String out) {
        java.util.Map<String, Long> cov = new java.util.LinkedHashMap<>();
        Matcher block = COVERAGE_BLOCK.matcher(out);
        int start = -1;
        while (block.find()) {
            start = block.end();
        }
        if (start < 0) {
            return cov;
        }
        int end = out.indexOf("End of statistics.", start);
        Matcher m = COVERAGE_ACTION.matcher(end < 0 ? out.substring(start) : out.substring(start, end));
        while (m.find()) {
            cov.merge(m.group(1), Long.parseLong(m.group(3)), Long::sum);
        }
        return cov;
    }

    public static TlcOutput parse(String out, int exitCode) {
        return parse(out, exitCode, null);
    }

    /**
     * As {@link #parse(String, int)}; {@code sources} (the spec's directory and its libraries) lets
     * a step that TLC names only by its source position ("Action line 47, col 31", as simulation
     * prints them) be named by the action written there.
     */
    public static TlcOutput parse(String out, int exitCode, List<Path> sources) {
        Long distinct = null;
        Long generated = null;
        Matcher s = STATES.matcher(out);
        while (s.find()) {
            generated = Long.parseLong(s.group(1).replace(",", ""));
            distinct = Long.parseLong(s.group(2).replace(",", ""));
        }
        Long depth = null;
        Matcher d = DEPTH.matcher(out);
        if (d.find()) {
            depth = Long.parseLong(d.group(1));
        }
        Matcher sim = SIMULATED.matcher(out);
        boolean simulated = false;
        while (sim.find()) {
            simulated = true;
            generated = Long.parseLong(sim.group(1).replace(",", ""));
        }
        TlcTrace parsed = TlcTrace.parse(out, sources);
        String trace = parsed == null ? null : parsed.render();
        Matcher inv = INVARIANT.matcher(out);
        if (inv.find()) {
            return new TlcOutput(Outcome.FAIL, inv.group(1), false, distinct, generated, depth,
                    "invariant " + inv.group(1) + " is violated", trace, parsed);
        }
        Matcher act = ACTION_PROP.matcher(out);
        if (act.find()) {
            return new TlcOutput(Outcome.FAIL, act.group(1), false, distinct, generated, depth,
                    "action property " + act.group(1) + " is violated", trace, parsed);
        }
        if (out.contains("Error: Deadlock reached.")) {
            return new TlcOutput(Outcome.FAIL, DEADLOCK, false, distinct, generated, depth,
                    "deadlock reached: a state with no enabled step", trace, parsed);
        }
        if (out.contains("Error: Temporal properties were violated.")) {
            return new TlcOutput(Outcome.FAIL, null, true, distinct, generated, depth,
                    "temporal properties were violated", trace, parsed);
        }
        if (exitCode == 0 && out.contains("Model checking completed. No error has been found.")) {
            return new TlcOutput(Outcome.PASS, null, false, distinct, generated, depth, "no error found", null, null);
        }
        if (exitCode == 0 && simulated && out.contains("Finished in") && !out.contains("Error:")) {
            return new TlcOutput(Outcome.PASS, null, false, null, generated, null,
                    "no violation in the simulated behaviours (random simulation: not exhaustive)", null, null);
        }
        return new TlcOutput(Outcome.ERROR, null, false, distinct, generated, depth, errorMessage(out, exitCode), null, null);
    }

    /** One line saying why TLC could not decide, with the file position where TLC gives one. */
    static String errorMessage(String out, int exitCode) {
        Matcher a = ASSUMPTION.matcher(out);
        if (a.find()) {
            return a.group(3) + ".tla:" + a.group(1) + ":" + a.group(2)
                    + ": assumption is false (check the model's constant values)";
        }
        String[] lines = out.split("\\R");
        int parse = indexOf(lines, "***Parse Error***");
        if (parse >= 0) {
            String module = moduleBeingParsed(lines, parse);
            List<String> msg = new ArrayList<>();
            String where = null;
            for (int i = parse + 1; i < lines.length && !lines[i].startsWith("Residual stack trace"); i++) {
                String l = lines[i].trim();
                if (l.isEmpty()) {
                    continue;
                }
                Matcher loc = LOCATION.matcher(l);
                if (where == null && loc.find()) {
                    where = loc.group(1) + ":" + loc.group(2);
                }
                msg.add(l);
            }
            return module + (where != null ? ":" + where : "") + ": parse error: " + String.join(" ", msg);
        }
        int semantic = indexOf(lines, "Semantic errors:");
        if (semantic >= 0) {
            List<String> msg = new ArrayList<>();
            String where = null;
            for (int i = semantic + 1; i < lines.length && msg.size() < 2; i++) {
                String l = lines[i].trim();
                if (l.startsWith("Starting...") || l.startsWith("Error:")) {
                    break;
                }
                if (l.isEmpty() || l.startsWith("*** Errors")) {
                    continue;
                }
                Matcher loc = LOCATION.matcher(l);
                if (where == null && loc.find() && l.startsWith("line")) {
                    where = (loc.group(3) != null ? loc.group(3) + ".tla:" : "") + loc.group(1) + ":" + loc.group(2);
                } else {
                    msg.add(l);
                }
            }
            return (where != null ? where + ": " : "") + "semantic error: " + String.join(" ", msg);
        }
        String memory = outOfMemory(out, exitCode);
        if (memory != null) {
            return memory;
        }
        for (int i = 0; i < lines.length; i++) {
            String t = lines[i].trim();
            if (t.startsWith("Error:") && !t.startsWith("Error: The behavior") && !t.contains("Parsing or semantic analysis failed")) {
                // TLC breaks some messages over lines ("... in the configuration file" / "is not
                // defined in the specification."): the continuation runs to a blank line or the
                // next message.
                StringBuilder msg = new StringBuilder(t.substring("Error:".length()).trim());
                for (int j = i + 1; j < lines.length && j <= i + 3; j++) {
                    String c = lines[j].trim();
                    if (c.isEmpty() || c.startsWith("Error:") || c.startsWith("Finished") || c.startsWith("Starting")
                            || c.startsWith("The behavior") || STATES.matcher(c).find() || c.startsWith("@!@!@")) {
                        break;
                    }
                    msg.append(' ').append(c);
                }
                return msg + " (TLC exit " + exitCode + ")";
            }
        }
        String crash = uncaught(lines);
        if (crash != null) {
            return crash + " (TLC exit " + exitCode + ")";
        }
        for (String l : lines) {
            if (l.contains("Cannot find source file") || l.contains("cannot find") || l.contains("File not found")) {
                return l.trim();
            }
        }
        return "TLC failed (exit " + exitCode + ")" + lastLine(lines);
    }

    private static final Pattern UNCAUGHT = Pattern.compile("^Exception in thread \"[^\"]*\" (?:[\\w.$]+\\.)?([\\w$]+)(?:: (.*))?$");

    /**
     * TLC's own exception when it died of one: its class and message, whose continuation lines run
     * to the first stack frame. TLC reports some misuse only this way (a {@code -metadir} whose
     * time-named subdirectory already exists, for one). Null when the output has none.
     */
    private static String uncaught(String[] lines) {
        for (int i = 0; i < lines.length; i++) {
            Matcher m = UNCAUGHT.matcher(lines[i].trim());
            if (!m.matches()) {
                continue;
            }
            StringBuilder msg = new StringBuilder("TLC stopped with ").append(m.group(1).replace('$', '.'));
            if (m.group(2) != null) {
                msg.append(": ").append(m.group(2).trim());
                for (int j = i + 1; j < lines.length && !lines[j].trim().startsWith("at ") && !lines[j].isBlank(); j++) {
                    msg.append(' ').append(lines[j].trim());
                }
            }
            return msg.toString();
        }
        return null;
    }

    private static final Pattern MEMORY = Pattern.compile(
            "Java heap space|OutOfMemoryError|ran out of memory|GC overhead limit exceeded"
                    + "|unable to create (?:new )?native thread|Direct buffer memory");
    private static final Pattern PROGRESS = Pattern.compile(
            "Progress\\(\\d+\\) at [^:]+:[^:]+:[^:]+: [\\d,]+ states generated.*?, ([\\d,]+) distinct states found");

    /**
     * Why TLC stopped when it ran out of memory: the JVM's heap (TLC reports it as an error, or the
     * JVM dies of an uncaught OutOfMemoryError), or the process killed by SIGKILL, which on Linux is
     * what the kernel's out-of-memory killer sends. Null when the output shows neither.
     */
    static String outOfMemory(String out, int exitCode) {
        String advice = "; give TLC a larger heap (--heap, e.g. --heap 8g) or check a smaller model (TLC exit "
                + exitCode + ")";
        if (MEMORY.matcher(out).find()) {
            return OUT_OF_MEMORY + phase(out) + advice;
        }
        if (exitCode == 137) {
            return KILLED + phase(out) + ", most likely by the system's out-of-memory killer" + advice;
        }
        return null;
    }

    /** How {@link #outOfMemory} messages start: a run that did not fit, no verdict on the spec. */
    static final String OUT_OF_MEMORY = "TLC ran out of memory";
    static final String KILLED = "TLC was killed by signal 9";

    /** Whether {@code message} (an error message of this class, possibly prefixed by its file) says TLC ran out of memory. */
    static boolean outOfMemory(String message) {
        return message != null && (message.contains(OUT_OF_MEMORY) || message.contains(KILLED));
    }

    private static String phase(String out) {
        if (out.contains("Computing initial states") && !out.contains("Finished computing initial states")) {
            return " while computing the initial states";
        }
        String distinct = null;
        for (Pattern p : new Pattern[] {PROGRESS, STATES}) {
            Matcher m = p.matcher(out);
            while (m.find()) {
                distinct = m.group(p == PROGRESS ? 1 : 2);
            }
        }
        return distinct != null && !distinct.equals("0") ? " after " + distinct + " distinct states" : "";
    }

    private static String moduleBeingParsed(String[] lines, int before) {
        for (int i = before; i >= 0; i--) {
            if (lines[i].startsWith("Parsing file ")) {
                return lines[i].substring("Parsing file ".length()).trim();
            }
        }
        return "spec";
    }

    private static int indexOf(String[] lines, String needle) {
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].contains(needle)) {
                return i;
            }
        }
        return -1;
    }

    private static String lastLine(String[] lines) {
        for (int i = lines.length - 1; i >= 0; i--) {
            if (!lines[i].isBlank()) {
                return ": " + lines[i].trim();
            }
        }
        return "";
    }

    private static final Pattern IDENT = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    /**
     * The name of the action written at line:col of module's source (the identifier there, such as
     * {@code NonAtomicTailRead} in {@code NonAtomicTailRead(t)}), or "Action" when it cannot be read.
     */
    static String actionAt(List<Path> sources, String module, int line, int col) {
        if (sources == null) {
            return "Action";
        }
        for (Path dir : sources) {
            Path f = dir.resolve(module + ".tla");
            if (!Files.isRegularFile(f)) {
                continue;
            }
            try {
                List<String> lines = Files.readAllLines(f);
                if (line < 1 || line > lines.size() || col < 1 || col > lines.get(line - 1).length()) {
                    return "Action";
                }
                Matcher m = IDENT.matcher(lines.get(line - 1).substring(col - 1));
                return m.lookingAt() ? m.group() : "Action";
            } catch (IOException e) {
                return "Action";
            }
        }
        return "Action";
    }
}
