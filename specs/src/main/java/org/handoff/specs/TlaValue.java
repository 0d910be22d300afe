package org.handoff.specs;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A value as TLC prints it in a counterexample: integers, strings, booleans, model values, tuples
 * ({@code <<a, b>>}), records ({@code [f |-> a]}), functions ({@code (k :> a @@ k2 :> b)}) and sets.
 * Parsed so that a step can be shown as the entries it changed ({@code locked[2]: 0 -> 1}) and drawn.
 */
public sealed interface TlaValue {

    /** TLC's own text for the value (reparsable). */
    String text();

    /** An integer. */
    record Int(long value) implements TlaValue {
        @Override
        public String text() {
            return Long.toString(value);
        }
    }

    /** A string, without its quotes. */
    record Str(String value) implements TlaValue {
        @Override
        public String text() {
            return "\"" + value + "\"";
        }
    }

    /** TRUE or FALSE. */
    record Bool(boolean value) implements TlaValue {
        @Override
        public String text() {
            return value ? "TRUE" : "FALSE";
        }
    }

    /** A model value or any other bare name. */
    record Name(String value) implements TlaValue {
        @Override
        public String text() {
            return value;
        }
    }

    /** A tuple (also a function with domain 1..n). */
    record Tuple(List<TlaValue> items) implements TlaValue {
        public Tuple {
            items = List.copyOf(items);
        }

        @Override
        public String text() {
            return "<<" + String.join(", ", items.stream().map(TlaValue::text).toList()) + ">>";
        }
    }

    /** A record, fields in TLC's order. */
    record Rec(Map<String, TlaValue> fields) implements TlaValue {
        public Rec {
            fields = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(fields));
        }

        @Override
        public String text() {
            List<String> parts = new ArrayList<>();
            fields.forEach((k, v) -> parts.add(k + " |-> " + v.text()));
            return "[" + String.join(", ", parts) + "]";
        }
    }

    /** A function written {@code (k1 :> v1 @@ k2 :> v2)}; keys in TLC's order. */
    record Fcn(Map<TlaValue, TlaValue> map) implements TlaValue {
        public Fcn {
            map = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(map));
        }

        @Override
        public String text() {
            List<String> parts = new ArrayList<>();
            map.forEach((k, v) -> parts.add(k.text() + " :> " + v.text()));
            return "(" + String.join(" @@ ", parts) + ")";
        }
    }

    /** A finite set, in TLC's order. */
    record SetOf(List<TlaValue> items) implements TlaValue {
        public SetOf {
            items = List.copyOf(items);
        }

        @Override
        public String text() {
            return "{" + String.join(", ", items.stream().map(TlaValue::text).toList()) + "}";
        }
    }

    /** Text TLC printed that this parser does not understand; kept as it is. */
    record Raw(String value) implements TlaValue {
        @Override
        public String text() {
            return value;
        }
    }

    /**
     * The entries of a function-like value: tuple items under 1..n, record fields under their
     * names (as {@link Name} keys), function entries; an empty map for anything else.
     */
    default Map<TlaValue, TlaValue> entries() {
        Map<TlaValue, TlaValue> m = new LinkedHashMap<>();
        if (this instanceof Tuple t) {
            for (int i = 0; i < t.items().size(); i++) {
                m.put(new Int(i + 1), t.items().get(i));
            }
        } else if (this instanceof Rec r) {
            r.fields().forEach((k, v) -> m.put(new Name(k), v));
        } else if (this instanceof Fcn f) {
            m.putAll(f.map());
        }
        return m;
    }

    /** The entry at key, or null. */
    default TlaValue at(TlaValue key) {
        return entries().get(key);
    }

    /** The record field, or null. */
    default TlaValue field(String name) {
        return this instanceof Rec r ? r.fields().get(name) : null;
    }

    /** Whether the value is a function, tuple or record (its entries can change one by one). */
    default boolean isFunctionLike() {
        return this instanceof Tuple || this instanceof Rec || this instanceof Fcn;
    }

    /** The integer value, or null. */
    default Long asLong() {
        return this instanceof Int i ? i.value() : null;
    }

    /** How a key is written inside brackets: {@code 2}, {@code 1, 0} for a tuple key, a field name. */
    static String keyText(TlaValue key) {
        if (key instanceof Tuple t) {
            return String.join(", ", t.items().stream().map(TlaValue::text).toList());
        }
        return key.text();
    }

    /** Parses one value; anything it does not understand becomes {@link Raw}. */
    static TlaValue parse(String text) {
        Parser p = new Parser(text);
        try {
            TlaValue v = p.value();
            p.skipSpace();
            return p.pos == text.length() ? v : new Raw(text.trim());
        } catch (IllegalArgumentException e) {
            return new Raw(text.trim());
        }
    }

    /** A recursive-descent reader of TLC's value syntax. */
    final class Parser {
        private final String s;
        private int pos;

        Parser(String s) {
            this.s = s;
        }

        void skipSpace() {
            while (pos < s.length() && Character.isWhitespace(s.charAt(pos))) {
                pos++;
            }
        }

        private boolean peek(String token) {
            skipSpace();
            return s.startsWith(token, pos);
        }

        private void expect(String token) {
            if (!peek(token)) {
                throw new IllegalArgumentException("expected " + token + " at " + pos);
            }
            pos += token.length();
        }

        TlaValue value() {
            skipSpace();
            if (pos >= s.length()) {
                throw new IllegalArgumentException("end of input");
            }
            char c = s.charAt(pos);
            if (peek("<<")) {
                pos += 2;
                List<TlaValue> items = new ArrayList<>();
                if (!peek(">>")) {
                    do {
                        items.add(value());
                    } while (comma());
                }
                expect(">>");
                return new Tuple(items);
            }
            if (c == '{') {
                pos++;
                List<TlaValue> items = new ArrayList<>();
                if (!peek("}")) {
                    do {
                        items.add(value());
                    } while (comma());
                }
                expect("}");
                return new SetOf(items);
            }
            if (c == '[') {
                pos++;
                Map<String, TlaValue> fields = new LinkedHashMap<>();
                if (!peek("]")) {
                    do {
                        String name = identifier();
                        expect("|->");
                        fields.put(name, value());
                    } while (comma());
                }
                expect("]");
                return new Rec(fields);
            }
            if (c == '(') {
                pos++;
                Map<TlaValue, TlaValue> map = new LinkedHashMap<>();
                do {
                    TlaValue k = value();
                    expect(":>");
                    map.put(k, value());
                } while (atat());
                expect(")");
                return new Fcn(map);
            }
            if (c == '"') {
                StringBuilder b = new StringBuilder();
                pos++;
                while (pos < s.length() && s.charAt(pos) != '"') {
                    if (s.charAt(pos) == '\\' && pos + 1 < s.length()) {
                        pos++;
                    }
                    b.append(s.charAt(pos++));
                }
                expect("\"");
                return new Str(b.toString());
            }
            if (c == '-' || Character.isDigit(c)) {
                int start = pos++;
                while (pos < s.length() && Character.isDigit(s.charAt(pos))) {
                    pos++;
                }
                return new Int(Long.parseLong(s.substring(start, pos)));
            }
            String name = identifier();
            return switch (name) {
                case "TRUE" -> new Bool(true);
                case "FALSE" -> new Bool(false);
                default -> new Name(name);
            };
        }

        private boolean comma() {
            if (peek(",")) {
                pos++;
                return true;
            }
            return false;
        }

        private boolean atat() {
            if (peek("@@")) {
                pos += 2;
                return true;
            }
            return false;
        }

        private String identifier() {
            skipSpace();
            int start = pos;
            while (pos < s.length() && (Character.isLetterOrDigit(s.charAt(pos)) || s.charAt(pos) == '_')) {
                pos++;
            }
            if (start == pos) {
                throw new IllegalArgumentException("expected a name at " + pos);
            }
            return s.substring(start, pos);
        }
    }
}
