package org.handoff.crosscheck;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.handoff.core.HandoffException;
import org.handoff.models.trace.TraceRecorder;

/**
 * The trace file format, version 1: a first line {@value TraceRecorder#FORMAT}, comment lines
 * starting with {@code #} (the run's settings as {@code key=value} words), then one event per line:
 * {@code seq thread action key=value...}, in sequence order. Values are integers (0 is the specs'
 * Nil), {@code true}/{@code false}, or words.
 */
public final class TraceFile {
    /** A parsed trace: the header's settings and the events. */
    public record Trace(Map<String, String> header, List<Event> events) {
    }

    /** A parsed event. */
    public record Event(long seq, int thread, String action, Map<String, String> fields) {
        public String line() {
            StringBuilder b = new StringBuilder().append(seq).append(' ').append(thread).append(' ').append(action);
            fields.forEach((k, v) -> b.append(' ').append(k).append('=').append(v));
            return b.toString();
        }
    }

    private TraceFile() {
    }

    /** The text of a recorded run. */
    public static String format(Map<String, String> header, List<TraceRecorder.Event> events) {
        StringBuilder b = new StringBuilder(TraceRecorder.FORMAT).append('\n').append('#');
        header.forEach((k, v) -> b.append(' ').append(k).append('=').append(v));
        b.append('\n');
        for (TraceRecorder.Event e : events) {
            b.append(e.line()).append('\n');
        }
        return b.toString();
    }

    /** The events of a recorded run, as the validator reads them. */
    public static List<Event> convert(List<TraceRecorder.Event> events) {
        List<Event> out = new ArrayList<>(events.size());
        for (TraceRecorder.Event e : events) {
            out.add(new Event(e.seq(), e.thread(), e.action(), fields(e.fields(), "event " + e.seq())));
        }
        return out;
    }

    public static Trace read(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw new HandoffException(file + ": cannot read: " + e.getMessage(), e);
        }
        return parse(lines, file.toString());
    }

    /** Parses a trace; a one-line error naming the line for anything malformed. */
    public static Trace parse(List<String> lines, String name) {
        if (lines.isEmpty() || !lines.get(0).trim().equals(TraceRecorder.FORMAT)) {
            throw new HandoffException(name + ":1: not a trace file (the first line must be '" + TraceRecorder.FORMAT + "')");
        }
        Map<String, String> header = new LinkedHashMap<>();
        List<Event> events = new ArrayList<>();
        long last = 0;
        for (int i = 1; i < lines.size(); i++) {
            String line = lines.get(i).trim();
            String at = name + ":" + (i + 1);
            if (line.isEmpty()) {
                continue;
            }
            if (line.startsWith("#")) {
                header.putAll(fields(line.substring(1).trim(), at));
                continue;
            }
            String[] w = line.split("\\s+", 4);
            if (w.length < 3) {
                throw new HandoffException(at + ": an event needs 'seq thread action', got '" + line + "'");
            }
            long seq;
            int thread;
            try {
                seq = Long.parseLong(w[0]);
                thread = Integer.parseInt(w[1]);
            } catch (NumberFormatException e) {
                throw new HandoffException(at + ": sequence number and thread must be integers, got '" + line + "'");
            }
            if (seq <= last) {
                throw new HandoffException(at + ": sequence number " + seq + " does not follow " + last);
            }
            if (thread < 1) {
                throw new HandoffException(at + ": thread ids start at 1, got " + thread);
            }
            if (!w[2].matches("[A-Za-z][A-Za-z0-9_]*")) {
                throw new HandoffException(at + ": '" + w[2] + "' is not an action name");
            }
            last = seq;
            events.add(new Event(seq, thread, w[2], fields(w.length > 3 ? w[3] : "", at)));
        }
        return new Trace(header, events);
    }

    static Map<String, String> fields(String text, String at) {
        Map<String, String> m = new LinkedHashMap<>();
        if (text.isBlank()) {
            return m;
        }
        for (String word : text.trim().split("\\s+")) {
            int eq = word.indexOf('=');
            if (eq <= 0 || eq == word.length() - 1) {
                throw new HandoffException(at + ": '" + word + "' is not key=value");
            }
            String key = word.substring(0, eq);
            String value = word.substring(eq + 1);
            if (!key.matches("[a-z][A-Za-z0-9_]*") || !value.matches("-?[A-Za-z0-9_.$-]+")) {
                throw new HandoffException(at + ": '" + word + "' is not key=value with a word for each");
            }
            if (key.equals("a") || key.equals("t")) {
                throw new HandoffException(at + ": field name '" + key + "' is reserved (action and thread)");
            }
            m.put(key, value);
        }
        return m;
    }
}
