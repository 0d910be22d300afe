package org.handoff.litmus;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What jcstress printed for one test, read from its verbose console output ({@code -v}): one
 * {@link Fork} per result (a fork of one JVM configuration), each with its status tag and its table
 * of observed outcomes, plus the planned number of results and whether jcstress found the test at
 * all.
 *
 * <p>The console output is parsed, not the HTML report or the binary result blob, because it is what
 * a user sees and what the runner echoes; the format of jcstress 0.16 is:
 *
 * <pre>
 * ...... [FAILED] org.example.SomeTest          (status tag and test name, once per result)
 *   JVM args: [-XX:+UseParallelGC]
 *          RESULT  SAMPLES     FREQ      EXPECT  DESCRIPTION
 *         3, 3, 2      699   32.69%   Forbidden  MutualExclusion: an increment was lost: ...
 *   Messages:
 *     Timeout waiting for tasks to complete: 30960 ms
 * (Results: 2 planned; 0 passed, 1 failed, 0 soft errs, 0 hard errs)
 * RUN RESULTS:                                    (the summary, which repeats the results merged)
 * </pre>
 *
 * Descriptions are cut to about 60 characters in the table, which keeps the leading property name.
 *
 * @param forks            the per-fork results of the test, in order
 * @param planned          how many results jcstress planned for the run, or -1 if it never said
 * @param noMatchingTests  jcstress said "No matching tests" (not compiled in, or more actors than CPUs)
 */
public record JcstressOutput(List<Fork> forks, int planned, boolean noMatchingTests) {

    /** Status tags jcstress 0.16 prints. */
    public static final String OK = "OK";
    public static final String FAILED = "FAILED";
    public static final String ERROR = "ERROR";
    public static final String TIMEOUT = "TIMEOUT";
    public static final String VM_ERROR = "VM ERROR";
    public static final String SKIPPED = "SKIPPED";

    /** Expectation names in the table. */
    public static final String FORBIDDEN = "Forbidden";
    public static final String INTERESTING = "Interesting";

    /**
     * One row of an outcome table.
     *
     * @param state       the observed state, or the outcome's pattern on a row with no samples
     * @param samples     how many samples produced it
     * @param expect      Acceptable, Interesting, Forbidden or Unknown
     * @param description the outcome's description, possibly cut short by jcstress
     */
    public record Row(String state, long samples, String expect, String description) {
    }

    /**
     * One result: a fork of one JVM configuration.
     *
     * @param status   OK, FAILED, ERROR, TIMEOUT, VM ERROR or SKIPPED
     * @param jvmArgs  the configuration's JVM arguments as printed, or ""
     * @param rows     the outcome table
     * @param messages the lines under "Messages:" (exceptions, time-outs), stripped
     */
    public record Fork(String status, String jvmArgs, List<Row> rows, List<String> messages) {
        public long samples() {
            return rows.stream().mapToLong(Row::samples).sum();
        }
    }

    private static final Pattern TAG = Pattern.compile("^\\s*\\.*\\s*\\[(OK|FAILED|ERROR|TIMEOUT|VM ERROR|SKIPPED)\\]\\s+(\\S+)\\s*$");
    private static final Pattern ROW = Pattern.compile(
            "^\\s*(.+?)\\s+([\\d,]+)\\s+([<>]?\\d+(?:\\.\\d+)?%)\\s+(Acceptable|Interesting|Forbidden|Unknown)\\s+(.*?)\\s*$");
    private static final Pattern PLANNED = Pattern.compile("\\(Results: (\\d+) planned;");
    private static final Pattern JVM_ARGS = Pattern.compile("^\\s*JVM args: (.*)$");

    /** Parses the output of a jcstress run, keeping the results of {@code testName} only. */
    public static JcstressOutput parse(String output, String testName) {
        List<Fork> forks = new ArrayList<>();
        int planned = -1;
        boolean noMatch = false;
        String status = null;
        String jvmArgs = "";
        List<Row> rows = new ArrayList<>();
        List<String> messages = new ArrayList<>();
        boolean inMessages = false;
        for (String line : output.split("\\R")) {
            if (line.startsWith("RUN RESULTS:")) {
                break; // the summary repeats the results merged across forks
            }
            if (line.contains("No matching tests")) {
                noMatch = true;
            }
            Matcher planMatch = PLANNED.matcher(line);
            if (planMatch.find()) {
                planned = Integer.parseInt(planMatch.group(1));
            }
            Matcher tag = TAG.matcher(line);
            if (tag.matches()) {
                if (status != null) {
                    forks.add(new Fork(status, jvmArgs, rows, messages));
                }
                boolean ours = tag.group(2).equals(testName);
                status = ours ? tag.group(1) : null;
                jvmArgs = "";
                rows = new ArrayList<>();
                messages = new ArrayList<>();
                inMessages = false;
                continue;
            }
            if (status == null) {
                continue;
            }
            if (line.startsWith("(")) {
                // the progress lines end a result's block
                forks.add(new Fork(status, jvmArgs, rows, messages));
                status = null;
                continue;
            }
            Matcher args = JVM_ARGS.matcher(line);
            Matcher row = ROW.matcher(line);
            if (line.strip().equals("Messages:")) {
                inMessages = true;
            } else if (inMessages) {
                if (!line.isBlank()) {
                    messages.add(line.strip());
                }
            } else if (args.matches()) {
                jvmArgs = args.group(1).strip();
            } else if (row.matches()) {
                rows.add(new Row(row.group(1), Long.parseLong(row.group(2).replace(",", "")), row.group(4), row.group(5)));
            }
        }
        if (status != null) {
            forks.add(new Fork(status, jvmArgs, rows, messages));
        }
        return new JcstressOutput(List.copyOf(forks), planned, noMatch);
    }

    /** Several runs of the same test as one: their results side by side. */
    public static JcstressOutput merge(List<JcstressOutput> runs) {
        if (runs.size() == 1) {
            return runs.get(0);
        }
        List<Fork> forks = new ArrayList<>();
        int planned = 0;
        boolean noMatch = false;
        for (JcstressOutput r : runs) {
            forks.addAll(r.forks());
            planned = planned < 0 || r.planned() < 0 ? -1 : planned + r.planned();
            noMatch |= r.noMatchingTests();
        }
        return new JcstressOutput(List.copyOf(forks), planned, noMatch);
    }

    /** Observed states (samples above zero) summed over the forks, keyed by state, in first-seen order. */
    public Map<String, Row> observed() {
        Map<String, Row> merged = new LinkedHashMap<>();
        for (Fork f : forks) {
            for (Row r : f.rows()) {
                if (r.samples() > 0) {
                    merged.merge(r.state(), r, (a, b) -> new Row(a.state(), a.samples() + b.samples(), a.expect(), a.description()));
                }
            }
        }
        return merged;
    }

    public long samples() {
        return forks.stream().mapToLong(Fork::samples).sum();
    }

    /** Forks with the given status tag. */
    public List<Fork> withStatus(String tag) {
        return forks.stream().filter(f -> f.status().equals(tag)).toList();
    }
}
