package org.handoff.specs;

import java.util.LinkedHashSet;
import java.util.Set;
import tla2sany.semantic.ExprOrOpArgNode;
import tla2sany.semantic.FormalParamNode;
import tla2sany.semantic.OpApplNode;
import tla2sany.semantic.OpDeclNode;
import tla2sany.semantic.OpDefNode;
import tla2sany.semantic.SemanticNode;
import tla2sany.semantic.StringNode;

/**
 * The mutation idiom as SANY's tree shows it, for {@link SpecSource} (docs/adding-a-family.md,
 * "Mutants replace actions by name"): the names a set of strings holds ({@code ActionNames},
 * a mutant's {@code MutantReplaced}) and the names an action tests against the constant
 * {@code Replaced}. Comments and string contents play no part, as they do in a reading of the text.
 */
final class SpecReplaced {
    /** The constant a model sets to the names of the actions a mutant takes out. */
    static final String REPLACED = "Replaced";

    private SpecReplaced() {
    }

    /**
     * The strings of {@code body} when it is a set of strings: an enumeration of string literals,
     * a union ({@code \cup}) of such sets, an IF between two of them (the names either branch holds:
     * CNA's {@code CnaReplaced} takes {@code FastPath} out only without the pending path), or a
     * definition without parameters that is one; null when it is anything else.
     */
    static Set<String> stringSet(SemanticNode body) {
        if (!(body instanceof OpApplNode a)) {
            return null;
        }
        if (SpecSource.isOp(a, "$SetEnumerate")) {
            Set<String> out = new LinkedHashSet<>();
            for (ExprOrOpArgNode e : a.getArgs()) {
                if (!(e instanceof StringNode s)) {
                    return null;
                }
                out.add(s.getRep().toString());
            }
            return out;
        }
        boolean union = SpecSource.isOp(a, "\\cup", "\\union");
        if (union || SpecSource.isOp(a, "$IfThenElse")) {
            ExprOrOpArgNode[] parts = a.getArgs();
            Set<String> out = new LinkedHashSet<>();
            for (ExprOrOpArgNode e : union ? parts : java.util.Arrays.copyOfRange(parts, 1, parts.length)) {
                Set<String> part = stringSet(e);
                if (part == null) {
                    return null;
                }
                out.addAll(part);
            }
            return out;
        }
        if (a.getArgs().length == 0 && a.getOperator() instanceof OpDefNode d && d.getParams().length == 0) {
            return stringSet(d.getBody());
        }
        return null;
    }

    /**
     * The names {@code d} tests against {@code Replaced} among its conjuncts: {@code "N" \notin
     * Replaced}, or an application of a definition that tests one of its parameters so
     * ({@code Active(x, "N")}, whose body holds {@code a \notin Replaced}) with the string
     * {@code "N"} in that place. A test inside a disjunction, an IF or a quantifier does not take the
     * whole action out, so it is not counted.
     */
    static Set<String> guards(OpDefNode d) {
        Set<String> out = new LinkedHashSet<>();
        guardsIn(d.getBody(), out, 0);
        return out;
    }

    private static void guardsIn(SemanticNode body, Set<String> out, int depth) {
        eachConjunct(body, a -> {
            if (tested(a) instanceof StringNode s) {
                out.add(s.getRep().toString());
            } else if (a.getOperator() instanceof OpDefNode h && h.getBody() != null) {
                FormalParamNode[] params = h.getParams();
                Set<FormalParamNode> testedParams = new LinkedHashSet<>();
                eachConjunct(h.getBody(), c -> {
                    if (tested(c) instanceof OpApplNode p && p.getArgs().length == 0 && p.getOperator() instanceof FormalParamNode f) {
                        testedParams.add(f);
                    }
                });
                for (int i = 0; i < params.length && i < a.getArgs().length; i++) {
                    if (testedParams.contains(params[i]) && a.getArgs()[i] instanceof StringNode s) {
                        out.add(s.getRep().toString());
                    }
                }
                if (params.length == 0 && depth < 8) {
                    guardsIn(h.getBody(), out, depth + 1);
                }
            }
        });
    }

    /** Each conjunct of {@code n} that is an operator application (n itself when it is no conjunction). */
    private static void eachConjunct(SemanticNode n, java.util.function.Consumer<OpApplNode> f) {
        if (!(n instanceof OpApplNode a)) {
            return;
        }
        if (SpecSource.isOp(a, "$ConjList", "\\land")) {
            for (ExprOrOpArgNode c : a.getArgs()) {
                eachConjunct(c, f);
            }
        } else {
            f.accept(a);
        }
    }

    /** What {@code a} tests against {@code Replaced} when it is {@code e \notin Replaced}: e; else null. */
    private static SemanticNode tested(OpApplNode a) {
        return SpecSource.isOp(a, "\\notin") && a.getArgs().length == 2 && isReplaced(a.getArgs()[1]) ? a.getArgs()[0] : null;
    }

    private static boolean isReplaced(SemanticNode n) {
        return n instanceof OpApplNode r && r.getArgs().length == 0 && r.getOperator() instanceof OpDeclNode c
                && c.getName().toString().equals(REPLACED);
    }
}
