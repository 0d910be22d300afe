package org.handoff.specs;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * TLC's {@code -tool} output cut into its messages. In that mode TLC frames every message it
 * prints between {@code @!@!@STARTMSG code:class @!@!@} and {@code @!@!@ENDMSG code @!@!@}, where
 * the code is one of {@code tlc2.output.EC}'s and the class says what kind of message it is; the
 * body is the text the console mode prints. The verdict, the statistics, the coverage and the
 * counterexample are read by their codes here, not by their wording. What TLC prints outside any
 * frame (SANY's parse and semantic errors, {@code Parsing file} lines, an uncaught Java exception)
 * is kept in order as {@link #LOOSE} messages.
 *
 * @param messages every message in the order TLC printed it
 */
public record TlcMessages(List<Message> messages) {

    /** The code of text TLC printed outside any frame. */
    public static final int LOOSE = -1;

    // tlc2.output.EC, TLC 2.18: the codes read here.
    static final int SYSTEM_OUT_OF_MEMORY = 1001;
    static final int SYSTEM_OUT_OF_MEMORY_TOO_MANY_INIT = 1002;
    static final int SYSTEM_OUT_OF_MEMORY_LIVENESS = 1003;
    static final int TLC_NESTED_EXPRESSION = 2103;
    static final int TLC_ASSUMPTION_FALSE = 2104;
    static final int TLC_INVARIANT_VIOLATED_INITIAL = 2107;
    static final int TLC_INVARIANT_VIOLATED_BEHAVIOR = 2110;
    static final int TLC_ACTION_PROPERTY_VIOLATED_BEHAVIOR = 2112;
    static final int TLC_DEADLOCK_REACHED = 2114;
    static final int TLC_TEMPORAL_PROPERTY_VIOLATED = 2116;
    static final int TLC_BEHAVIOR_UP_TO_THIS_POINT = 2121;
    static final int TLC_BACK_TO_STATE = 2122;
    static final int TLC_FINISHED = 2186;
    static final int TLC_COMPUTING_INIT = 2189;
    static final int TLC_INIT_GENERATED1 = 2190;
    static final int TLC_MODE_SIMU = 2188;
    static final int TLC_SUCCESS = 2193;
    static final int TLC_SEARCH_DEPTH = 2194;
    static final int TLC_STATS = 2199;
    static final int TLC_PROGRESS_STATS = 2200;
    static final int TLC_COVERAGE_START = 2201;
    static final int TLC_COVERAGE_END = 2202;
    static final int TLC_PROGRESS_SIMU = 2209;
    static final int TLC_STATE_PRINT2 = 2217;
    static final int TLC_STATE_PRINT3 = 2218;
    static final int TLC_COUNTER_EXAMPLE = 2264;
    static final int TLC_COVERAGE_NEXT = 2772;
    static final int TLC_COVERAGE_INIT = 2773;
    static final int TLC_PARSING_FAILED = 3002;

    /** {@code tlc2.output.MP}'s class of an error message. */
    static final int ERROR = 1;

    /**
     * One message: its {@code EC} code, its class ({@link #ERROR} for an error; -1 for
     * loose text) and its text without the frame's lines.
     */
    public record Message(int code, int kind, String body) {
        public boolean error() {
            return kind == ERROR;
        }

        /**
         * The body on one line: its first four non-blank lines, trimmed and joined by a space (TLC
         * breaks some messages over lines: "... in the configuration file" / "is not defined in the
         * specification.").
         */
        public String oneLine() {
            return String.join(" ", body.lines().map(String::trim).filter(l -> !l.isEmpty()).limit(4).toList());
        }
    }

    private static final Pattern START = Pattern.compile("^@!@!@STARTMSG (\\d+):(\\d+) @!@!@$");
    private static final Pattern END = Pattern.compile("^@!@!@ENDMSG (\\d+) @!@!@$");

    /** The messages of {@code out}; output without frames (TLC not in tool mode) is one loose message. */
    public static TlcMessages parse(String out) {
        List<Message> messages = new ArrayList<>();
        StringBuilder body = new StringBuilder();
        int code = LOOSE;
        int kind = -1;
        for (String line : out.split("\\R", -1)) {
            Matcher start = START.matcher(line);
            Matcher end = END.matcher(line);
            if (start.matches()) {
                add(messages, LOOSE, -1, body);
                code = Integer.parseInt(start.group(1));
                kind = Integer.parseInt(start.group(2));
            } else if (end.matches() && code != LOOSE) {
                add(messages, code, kind, body);
                code = LOOSE;
                kind = -1;
            } else {
                body.append(line).append('\n');
            }
        }
        add(messages, code, kind, body);
        return new TlcMessages(List.copyOf(messages));
    }

    private static void add(List<Message> to, int code, int kind, StringBuilder body) {
        if (code != LOOSE || !body.toString().isBlank()) {
            to.add(new Message(code, kind, body.toString()));
        }
        body.setLength(0);
    }

    /** The first message with one of {@code codes}, or null. */
    public Message first(int... codes) {
        for (Message m : messages) {
            for (int c : codes) {
                if (m.code() == c) {
                    return m;
                }
            }
        }
        return null;
    }

    /** The last message with {@code code}, or null. */
    public Message last(int code) {
        for (int i = messages.size() - 1; i >= 0; i--) {
            if (messages.get(i).code() == code) {
                return messages.get(i);
            }
        }
        return null;
    }

    public boolean has(int code) {
        return first(code) != null;
    }

    /** Everything TLC printed outside its frames, in order. */
    public String loose() {
        StringBuilder s = new StringBuilder();
        for (Message m : messages) {
            if (m.code() == LOOSE) {
                s.append(m.body());
            }
        }
        return s.toString();
    }

    /** The messages after {@code m}, in order. */
    public List<Message> after(Message m) {
        for (int i = 0; i < messages.size(); i++) {
            if (messages.get(i) == m) {
                return messages.subList(i + 1, messages.size());
            }
        }
        return List.of();
    }
}
