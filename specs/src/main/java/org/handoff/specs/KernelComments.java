package org.handoff.specs;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The kernel names a spec's comments give, which SANY's tree does not keep: the module header's
 * table of code lines and actions, the comment above a definition, and the heading of the box
 * comment that opens its section. {@link SpecSource} finds the definitions and their lines with
 * SANY and asks this class what the text around them says.
 */
final class KernelComments {
    /** Memory-model primitives: what a step does, but not the kernel function it is part of. */
    private static final Pattern PRIMITIVE = Pattern.compile("atomic_|smp_|cmpxchg|xchg$|try_cmpxchg");
    private static final Pattern KERNEL_NAME = Pattern.compile("(?<![A-Za-z0-9_])(_*[a-z][a-z0-9]*(?:_[a-z0-9]+)+)\\b");

    private KernelComments() {
    }

    /** The comment right above line i: \\* lines, else a box comment. */
    static List<String> above(String[] raw, int i) {
        List<String> comment = new ArrayList<>();
        for (int k = i - 1; k >= 0 && k < raw.length && raw[k].trim().startsWith("\\*"); k--) {
            comment.add(0, raw[k].trim().substring(2).trim());
        }
        if (comment.isEmpty() && i <= raw.length) {
            comment.addAll(boxAbove(raw, i));
        }
        return comment;
    }

    /** The heading of the last box comment above line i, or null. */
    static String section(String[] raw, int i) {
        for (int k = Math.min(i, raw.length - 1); k >= 0; k--) {
            String boxed = boxHeading(raw, k);
            if (boxed != null) {
                return boxed;
            }
        }
        return null;
    }

    /** The text of a box comment that ends right above line i (blank lines between allowed), or nothing. */
    private static List<String> boxAbove(String[] raw, int i) {
        int k = i - 1;
        while (k >= 0 && raw[k].isBlank()) {
            k--;
        }
        List<String> out = new ArrayList<>();
        if (k < 1 || !raw[k].trim().matches("\\(\\*{10,}\\)")) {
            return out;
        }
        for (k = k - 1; k >= 0 && !raw[k].trim().matches("\\(\\*{10,}\\)"); k--) {
            String l = raw[k].trim();
            if (!l.startsWith("(*") || !l.endsWith("*)")) {
                return new ArrayList<>();
            }
            out.add(0, l.substring(2, l.length() - 2).trim());
        }
        return out;
    }

    /** The text of a box comment's heading line at i (a line right after a row of stars), or null. */
    private static String boxHeading(String[] raw, int i) {
        if (i == 0 || !raw[i - 1].trim().matches("\\(\\*{10,}\\)")) {
            return null;
        }
        String l = raw[i].trim();
        if (!l.startsWith("(*") || !l.endsWith("*)")) {
            return null;
        }
        return l.substring(2, l.length() - 2).trim();
    }

    /**
     * The module header's table of code lines and action names, as MCS.tla writes it:
     * {@code (*     prev = xchg(lock, node)                 XchgTail  (the doorway)     *)}, under a
     * line naming the function ({@code mcs_spin_lock(lock, node):}).
     */
    static Map<String, SpecSource.Kernel> headerTable(String[] raw) {
        Map<String, SpecSource.Kernel> out = new LinkedHashMap<>();
        String function = null;
        Pattern fn = Pattern.compile("^\\s*([a-z_][a-z0-9_]*)\\s*\\([^)]*\\)\\s*:\\s*$");
        // The action is the first capitalised word with a lower-case letter: "NULL" in the code is not one.
        Pattern row = Pattern.compile("^(\\s*\\S.*?\\S)\\s+([A-Z](?=[A-Za-z0-9]*[a-z])[A-Za-z0-9]+)\\b(.*)$");
        for (String line : raw) {
            String t = line.trim();
            if (t.startsWith("----") || t.startsWith("\\*")) {
                continue;
            }
            if (!t.startsWith("(*") || !t.endsWith("*)")) {
                if (!t.isEmpty()) {
                    break; // the header ends at the first line of code
                }
                continue;
            }
            String inner = t.substring(2, t.length() - 2);
            Matcher f = fn.matcher(inner);
            if (f.find()) {
                function = f.group(1);
                continue;
            }
            Matcher r = row.matcher(inner);
            if (function != null && r.find() && r.group(2).chars().anyMatch(Character::isLowerCase)
                    && !r.group(1).trim().isEmpty() && looksLikeCode(r.group(1))) {
                out.putIfAbsent(r.group(2), new SpecSource.Kernel(function, r.group(1).trim()));
            }
        }
        return out;
    }

    private static boolean looksLikeCode(String s) {
        return s.contains("(") || s.contains("=") || s.contains("->");
    }

    /**
     * The kernel function and code a definition's comment names: the first kernel function called
     * in it, else the first named, else a primitive, or the function a comment starts by naming
     * ({@code pv_wait_node: ...}); without one, the section's. The code is the comment's first
     * sentence.
     */
    static SpecSource.Kernel kernel(List<String> comment, String section) {
        String text = String.join(" ", comment);
        // the first kernel function called in the comment, else the first named, else a primitive
        String call = null;
        String named = null;
        String primitive = null;
        Matcher n = KERNEL_NAME.matcher(text);
        while (n.find()) {
            String name = n.group(1);
            if (isPc(name, text)) {
                continue;
            }
            boolean isCall = text.substring(n.end()).matches("(?s)\\s*\\(.*");
            if (PRIMITIVE.matcher(name).lookingAt()) {
                primitive = primitive == null ? name : primitive;
            } else if (isCall) {
                call = call == null ? name : call;
            } else {
                named = named == null ? name : named;
            }
        }
        String function = call != null ? call : named != null ? named : primitive;
        // a comment that starts by naming the function it describes ("pv_wait_node: ...")
        Matcher lead = Pattern.compile("^\\s*(_*[a-z][a-z0-9]*(?:_[a-z0-9]+)+)\\s*(?:\\([^)]*\\))?\\s*[:,]").matcher(text);
        if (lead.find() && !PRIMITIVE.matcher(lead.group(1)).lookingAt()) {
            function = lead.group(1);
        }
        if (function == null && section != null) {
            Matcher m = KERNEL_NAME.matcher(section);
            if (m.find()) {
                function = m.group(1);
            }
        }
        String code = comment.isEmpty() ? null : firstSentence(String.join(" ", comment));
        if (function == null && code == null) {
            return null;
        }
        return new SpecSource.Kernel(function, code);
    }

    /** Whether the name appears only as a quoted pc value ("spin_locked"), not as kernel code. */
    private static boolean isPc(String name, String text) {
        return text.contains("\"" + name + "\"") || text.contains("pc " + name);
    }

    private static String firstSentence(String s) {
        String t = s.trim();
        Matcher end = Pattern.compile("(?<!\\bi\\.e|\\be\\.g|\\bcf|\\bvs)\\.\\s").matcher(t);
        if (end.find()) {
            t = t.substring(0, end.start() + 1);
        }
        return t.length() > 110 ? t.substring(0, 107) + "..." : t;
    }}
