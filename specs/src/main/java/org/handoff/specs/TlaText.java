package org.handoff.specs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Just enough reading of TLA+ source to validate a model before TLC runs: which constants a module
 * and the modules it extends declare. Parsing proper is SANY's job; this only has to be right for
 * declarations.
 */
public final class TlaText {
    private static final Pattern EXTENDS = Pattern.compile("\\bEXTENDS\\b([^\\n]*(?:\\n\\s+[A-Za-z_][^\\n]*)*)");
    private static final Pattern TOKEN = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*|\\(|\\)|,|\\S");

    private TlaText() {
    }

    /** The text with TLA+ comments ({@code \* ...} and nested {@code (* ... *)}) replaced by spaces. */
    public static String stripComments(String s) {
        StringBuilder out = new StringBuilder(s.length());
        int depth = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            char n = i + 1 < s.length() ? s.charAt(i + 1) : '\0';
            if (c == '(' && n == '*') {
                depth++;
                out.append("  ");
                i++;
            } else if (depth > 0 && c == '*' && n == ')') {
                depth--;
                out.append("  ");
                i++;
            } else if (depth > 0) {
                out.append(c == '\n' ? '\n' : ' ');
            } else if (c == '\\' && n == '*') {
                while (i < s.length() && s.charAt(i) != '\n') {
                    out.append(' ');
                    i++;
                }
                if (i < s.length()) {
                    out.append('\n');
                }
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /**
     * The constants declared by the module in {@code file} and, transitively, by the modules it
     * EXTENDS that exist as files in its directory or in one of {@code libraryDirs}.
     */
    public static Set<String> declaredConstants(Path file, List<Path> libraryDirs) {
        Set<String> out = new LinkedHashSet<>();
        collect(file, libraryDirs, out, new LinkedHashSet<>(), TlaText::constantsIn);
        return out;
    }

    /**
     * The operators defined at the top level (a definition that starts its line) of the module in
     * {@code file} and of the modules it EXTENDS, as {@link #declaredConstants} finds them: the names
     * a config may override ({@code Intra <- ResetIntra}). SANY's check of the same override, with
     * the arities, is {@link SpecLint}'s.
     */
    public static Set<String> definedOperators(Path file, List<Path> libraryDirs) {
        Set<String> out = new LinkedHashSet<>();
        collect(file, libraryDirs, out, new LinkedHashSet<>(), text -> {
            List<String> names = new ArrayList<>();
            Matcher m = TOP_DEFINITION.matcher(text);
            while (m.find()) {
                names.add(m.group(1));
            }
            return names;
        });
        return out;
    }

    private static final Pattern TOP_DEFINITION = Pattern.compile("(?m)^([A-Za-z_][A-Za-z0-9_]*)\\s*(?:\\([^)]*\\))?\\s*==");

    private static void collect(Path file, List<Path> libs, Set<String> out, Set<Path> seen,
            java.util.function.Function<String, List<String>> names) {
        if (!seen.add(file.toAbsolutePath().normalize())) {
            return;
        }
        String text;
        try {
            text = stripComments(Files.readString(file));
        } catch (IOException e) {
            return; // TLC reports unreadable modules itself
        }
        out.addAll(names.apply(text));
        Matcher m = EXTENDS.matcher(text);
        while (m.find()) {
            for (String name : m.group(1).split("[,\\s]+")) {
                if (name.isBlank()) {
                    continue;
                }
                Path extended = moduleFile(name, file, libs);
                if (extended != null) {
                    collect(extended, libs, out, seen, names);
                }
            }
        }
    }

    /**
     * The file of module {@code name} as TLC finds it from {@code beside}: in that file's directory,
     * else in the first of {@code libraryDirs} that has it; null when none does.
     */
    static Path moduleFile(String name, Path beside, List<Path> libraryDirs) {
        List<Path> dirs = new ArrayList<>();
        dirs.add(beside.toAbsolutePath().getParent());
        dirs.addAll(libraryDirs);
        for (Path d : dirs) {
            Path candidate = d.resolve(name + ".tla");
            if (Files.isRegularFile(candidate)) {
                return candidate;
            }
        }
        return null;
    }

    /** Constant names declared in one module's text (comments already stripped). */
    static List<String> constantsIn(String text) {
        List<String> names = new ArrayList<>();
        List<String> tokens = new ArrayList<>();
        Matcher m = TOKEN.matcher(text);
        while (m.find()) {
            tokens.add(m.group());
        }
        for (int i = 0; i < tokens.size(); i++) {
            String t = tokens.get(i);
            if (!t.equals("CONSTANT") && !t.equals("CONSTANTS")) {
                continue;
            }
            int j = i + 1;
            while (j < tokens.size()) {
                names.add(tokens.get(j));
                j++;
                if (j < tokens.size() && tokens.get(j).equals("(")) { // operator constant F(_, _)
                    while (j < tokens.size() && !tokens.get(j).equals(")")) {
                        j++;
                    }
                    j++;
                }
                if (j < tokens.size() && tokens.get(j).equals(",")) {
                    j++;
                } else {
                    break;
                }
            }
            i = j - 1;
        }
        return names;
    }
}
