package org.handoff.specs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.handoff.core.Outcome;
import org.handoff.specs.TlcMessages.Message;

/**
 * TLC's {@code -tool} output ({@link TlcMessages}) read into a verdict: pass, which property failed,
 * or why TLC could not run; the state counts; and the counterexample, parsed ({@link TlcTrace}) and
 * rendered one line per step: the thread, the action (and the kernel function it models), and only
 * the entries it changed; and the action coverage of TLC's last coverage report (empty without
 * one). What a message is comes from its code; its wording is read only for the
 * data in it (a property's name, the counts).
 */
public record TlcOutput(Outcome outcome, String violated, boolean temporal, Long distinctStates,
        Long generatedStates, Long depth, String message, String counterexample, TlcTrace trace,
        Map<String, Long> coverage) {

    /** The name TLC's own deadlock check is reported under in the property catalogue. */
    public static final String DEADLOCK = "DeadlockFreedom";

    private static final Pattern STATES = Pattern.compile(
            "([\\d,]+) states generated, ([\\d,]+) distinct states found");
    private static final Pattern DISTINCT = Pattern.compile("([\\d,]+) distinct states found");
    private static final Pattern GENERATED = Pattern.compile("([\\d,]+) states generated");
    private static final Pattern NUMBER = Pattern.compile("(\\d+)");
    private static final Pattern INVARIANT = Pattern.compile("Invariant (\\S+) is violated");
    private static final Pattern ACTION_PROP = Pattern.compile("Action property (\\S+) is violated");
    private static final Pattern ASSUMPTION = Pattern.compile(
            "Assumption line (\\d+), col (\\d+) to line \\d+, col \\d+ of module (\\S+) is false");
    private static final Pattern LOCATION = Pattern.compile("line (\\d+), col(?:umn)? (\\d+)(?: to line \\d+, col \\d+)?(?: of module (\\S+))?");
    private static final Pattern COVERAGE_ACTION = Pattern.compile(
            "^<(\\w+) line \\d+, col \\d+ to line \\d+, col \\d+ of module \\w+(?: \\([^)]*\\))?>: (\\d+):(\\d+)\\s*$");

    /**
     * The action coverage of TLC's last coverage report ({@code -coverage}): for each action TLC split
     * out of the next-state relation (and Init), the states it generated, summed when TLC lists one
     * action at several places; in TLC's order. Empty when the output has no coverage report.
     */
    public static Map<String, Long> coverage(String out) {
        return coverage(TlcMessages.parse(out));
    }

    private static Map<String, Long> coverage(TlcMessages msgs) {
        Map<String, Long> cov = new LinkedHashMap<>();
        Message start = msgs.last(TlcMessages.TLC_COVERAGE_START);
        if (start == null) {
            return cov;
        }
        for (Message m : msgs.after(start)) {
            if (m.code() == TlcMessages.TLC_COVERAGE_END) {
                break;
            }
            if (m.code() == TlcMessages.TLC_COVERAGE_NEXT || m.code() == TlcMessages.TLC_COVERAGE_INIT) {
                Matcher a = COVERAGE_ACTION.matcher(m.body().strip());
                if (a.matches()) {
                    cov.merge(a.group(1), Long.parseLong(a.group(3)), Long::sum);
                }
            }
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
        TlcMessages msgs = TlcMessages.parse(out);
        Map<String, Long> cov = Collections.unmodifiableMap(coverage(msgs));
        Long distinct = null;
        Long generated = null;
        Message stats = msgs.last(TlcMessages.TLC_STATS);
        if (stats != null) {
            Matcher s = STATES.matcher(stats.body());
            if (s.find()) {
                generated = count(s.group(1));
                distinct = count(s.group(2));
            }
        }
        Long depth = null;
        Message d = msgs.first(TlcMessages.TLC_SEARCH_DEPTH);
        if (d != null) {
            Matcher n = NUMBER.matcher(d.body());
            depth = n.find() ? Long.parseLong(n.group(1)) : null;
        }
        boolean simulated = msgs.has(TlcMessages.TLC_MODE_SIMU);
        Message simProgress = msgs.last(TlcMessages.TLC_PROGRESS_SIMU);
        if (simulated && simProgress != null) {
            // Random simulation counts the states it checked and finds no distinct states (-1).
            Matcher g = GENERATED.matcher(simProgress.body());
            generated = g.find() ? count(g.group(1)) : generated;
            distinct = null;
        }
        TlcTrace parsed = TlcTrace.parse(msgs, sources);
        String trace = parsed == null ? null : parsed.render();
        Message violation = msgs.first(TlcMessages.TLC_INVARIANT_VIOLATED_INITIAL, TlcMessages.TLC_INVARIANT_VIOLATED_BEHAVIOR,
                TlcMessages.TLC_ACTION_PROPERTY_VIOLATED_BEHAVIOR, TlcMessages.TLC_DEADLOCK_REACHED,
                TlcMessages.TLC_TEMPORAL_PROPERTY_VIOLATED);
        if (violation != null) {
            switch (violation.code()) {
                case TlcMessages.TLC_INVARIANT_VIOLATED_INITIAL, TlcMessages.TLC_INVARIANT_VIOLATED_BEHAVIOR -> {
                    String name = named(INVARIANT, violation);
                    return new TlcOutput(Outcome.FAIL, name, false, distinct, generated, depth,
                            "invariant " + name + " is violated", trace, parsed, cov);
                }
                case TlcMessages.TLC_ACTION_PROPERTY_VIOLATED_BEHAVIOR -> {
                    String name = named(ACTION_PROP, violation);
                    return new TlcOutput(Outcome.FAIL, name, false, distinct, generated, depth,
                            "action property " + name + " is violated", trace, parsed, cov);
                }
                case TlcMessages.TLC_DEADLOCK_REACHED -> {
                    return new TlcOutput(Outcome.FAIL, DEADLOCK, false, distinct, generated, depth,
                            "deadlock reached: a state with no enabled step", trace, parsed, cov);
                }
                default -> {
                    return new TlcOutput(Outcome.FAIL, null, true, distinct, generated, depth,
                            "temporal properties were violated", trace, parsed, cov);
                }
            }
        }
        if (exitCode == 0 && !simulated && msgs.has(TlcMessages.TLC_SUCCESS)) {
            return new TlcOutput(Outcome.PASS, null, false, distinct, generated, depth, "no error found", null, null, cov);
        }
        if (exitCode == 0 && simulated && msgs.has(TlcMessages.TLC_FINISHED)
                && msgs.messages().stream().noneMatch(Message::error)) {
            return new TlcOutput(Outcome.PASS, null, false, null, generated, null,
                    "no violation in the simulated behaviours (random simulation: not exhaustive)", null, null, cov);
        }
        return new TlcOutput(Outcome.ERROR, null, false, distinct, generated, depth, errorMessage(msgs, exitCode), null, null, cov);
    }

    private static Long count(String digits) {
        return Long.parseLong(digits.replace(",", ""));
    }

    /** The property a violation message names (TLC's wording: "Invariant X is violated."). */
    private static String named(Pattern p, Message m) {
        Matcher n = p.matcher(m.body());
        return n.find() ? n.group(1) : m.oneLine();
    }

    /** The messages that come with an error but are not it: the trace and where TLC was evaluating. */
    private static final java.util.Set<Integer> CONTEXT = java.util.Set.of(TlcMessages.TLC_BEHAVIOR_UP_TO_THIS_POINT,
            TlcMessages.TLC_COUNTER_EXAMPLE, TlcMessages.TLC_NESTED_EXPRESSION, TlcMessages.TLC_STATE_PRINT2,
            TlcMessages.TLC_STATE_PRINT3, TlcMessages.TLC_BACK_TO_STATE, TlcMessages.TLC_PARSING_FAILED);

    /** As {@link #errorMessage(TlcMessages, int)} on output read from text (SANY's, or TLC's). */
    static String errorMessage(String out, int exitCode) {
        return errorMessage(TlcMessages.parse(out), exitCode);
    }

    /** One line saying why TLC could not decide, with the file position where TLC gives one. */
    static String errorMessage(TlcMessages msgs, int exitCode) {
        Message assumption = msgs.first(TlcMessages.TLC_ASSUMPTION_FALSE);
        if (assumption != null) {
            Matcher a = ASSUMPTION.matcher(assumption.body());
            if (a.find()) {
                return a.group(3) + ".tla:" + a.group(1) + ":" + a.group(2)
                        + ": assumption is false (check the model's constant values)";
            }
        }
        String loose = msgs.loose();
        String[] lines = loose.split("\\R");
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
        String memory = outOfMemory(msgs, exitCode);
        if (memory != null) {
            return memory;
        }
        for (Message m : msgs.messages()) {
            if (m.error() && !CONTEXT.contains(m.code())) {
                return m.oneLine() + " (TLC exit " + exitCode + ")";
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

    /**
     * Why TLC stopped when it ran out of memory: the JVM's heap (TLC reports it as an error, or the
     * JVM dies of an uncaught OutOfMemoryError), or the process killed by SIGKILL, which on Linux is
     * what the kernel's out-of-memory killer sends. Null when the output shows neither.
     */
    static String outOfMemory(TlcMessages msgs, int exitCode) {
        String advice = "; give TLC a larger heap (--heap, e.g. --heap 8g) or check a smaller model (TLC exit "
                + exitCode + ")";
        boolean memory = msgs.messages().stream().anyMatch(m -> m.code() == TlcMessages.SYSTEM_OUT_OF_MEMORY
                || m.code() == TlcMessages.SYSTEM_OUT_OF_MEMORY_TOO_MANY_INIT
                || m.code() == TlcMessages.SYSTEM_OUT_OF_MEMORY_LIVENESS
                || ((m.error() || m.code() == TlcMessages.LOOSE) && MEMORY.matcher(m.body()).find()));
        if (memory) {
            return OUT_OF_MEMORY + phase(msgs) + advice;
        }
        if (exitCode == 137) {
            return KILLED + phase(msgs) + ", most likely by the system's out-of-memory killer" + advice;
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

    private static String phase(TlcMessages msgs) {
        if (msgs.has(TlcMessages.TLC_COMPUTING_INIT) && !msgs.has(TlcMessages.TLC_INIT_GENERATED1)) {
            return " while computing the initial states";
        }
        String distinct = null;
        for (Message m : msgs.messages()) {
            if (m.code() == TlcMessages.TLC_PROGRESS_STATS || m.code() == TlcMessages.TLC_STATS) {
                Matcher c = DISTINCT.matcher(m.body());
                distinct = c.find() ? c.group(1) : distinct;
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
