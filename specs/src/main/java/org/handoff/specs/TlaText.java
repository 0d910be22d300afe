package org.handoff.specs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What is read from TLA+ text without SANY: comments blanked (a config's text is rewritten as
 * text), and where TLC finds a module's file. What a spec declares and defines comes from SANY's
 * tree ({@link SpecSource}).
 */
public final class TlaText {
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
     * The file of module {@code name} as TLC finds it from {@code beside}: in that file's directory,
     * else in the first of {@code libraryDirs} that has it; null when none does.
     */
    static Path moduleFile(String name, Path beside, List<Path> libraryDirs) {
        List<Path> dirs = new ArrayList<>();
        dirs.add(beside.toAbsolutePath().getParent());
        dirs.addAll(libraryDirs);
        return moduleFile(name, dirs);
    }

    /**
     * The file of module {@code name} (with or without {@code .tla}) in the first of {@code dirs}
     * that has it, or null.
     */
    static Path moduleFile(String name, List<Path> dirs) {
        String file = name.endsWith(".tla") ? name : name + ".tla";
        for (Path d : dirs) {
            Path candidate = d.resolve(file);
            if (Files.isRegularFile(candidate)) {
                return candidate;
            }
        }
        return null;
    }
}
