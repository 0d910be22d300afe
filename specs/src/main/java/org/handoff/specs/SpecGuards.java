package org.handoff.specs;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import tla2sany.semantic.FormalParamNode;
import tla2sany.semantic.LetInNode;
import tla2sany.semantic.OpApplNode;
import tla2sany.semantic.OpDeclNode;
import tla2sany.semantic.OpDefNode;
import tla2sany.semantic.SemanticNode;
import tla2sany.semantic.StringNode;
import tla2sany.semantic.SymbolNode;

/**
 * The guards of an action on the acting thread, read from SANY's tree for {@link SpecSource}: the
 * entries {@code path[t] = "v"} among the action's first conjuncts (up to the first that holds an
 * IF, CASE or quantifier, or a LET body), through the definitions it calls there with the same
 * thread ({@code ReadyToPass(x)}) and the predicate helpers ({@code Phase(x, "spin")}, which is
 * {@code pl.ph[x] = "spin"}). Values joined by a disjunction are alternatives; a negated condition
 * names no guard.
 */
final class SpecGuards {
    /** Operators after which a conjunct no longer guards the step (SANY's names for them). */
    private static final Set<String> GUARD_ENDS = Set.of("$IfThenElse", "$Case", "$BoundedExists", "$BoundedForall",
            "$UnboundedExists", "$UnboundedForall");

    private final Function<SymbolNode, String> topName;
    private final Function<String, OpDefNode> nodes;
    private final Predicate<String> composite;

    /**
     * @param topName the top-level definition an operator refers to, or null
     * @param nodes a top-level definition's node by name
     * @param composite whether a definition is a disjunction of actions (its guards are not the step's)
     */
    SpecGuards(Function<SymbolNode, String> topName, Function<String, OpDefNode> nodes, Predicate<String> composite) {
        this.topName = topName;
        this.nodes = nodes;
        this.composite = composite;
    }

    /** The guards of {@code d} on its first parameter (see {@link SpecSource#guards}). */
    List<SpecSource.Guard> of(OpDefNode d) {
        Map<String, Set<String>> out = new LinkedHashMap<>();
        collectGuards(d, d.getParams()[0], out, new HashSet<>());
        List<SpecSource.Guard> list = new ArrayList<>();
        out.forEach((k, v) -> list.add(new SpecSource.Guard(k, v)));
        return list;
    }

    private void collectGuards(OpDefNode d, FormalParamNode param, Map<String, Set<String>> out, Set<String> seen) {
        if (!seen.add(d.getName().toString()) || d.getBody() == null) {
            return;
        }
        for (SemanticNode conjunct : conjuncts(d.getBody())) {
            if (conjunct instanceof LetInNode || contains(conjunct, GUARD_ENDS)) {
                break;
            }
            guardsIn(conjunct, param, out, seen);
        }
    }

    /** The conjuncts of a body, nested conjunctions flattened, in order. */
    private static List<SemanticNode> conjuncts(SemanticNode body) {
        List<SemanticNode> out = new ArrayList<>();
        if (body instanceof OpApplNode a && SpecSource.isOp(a, "$ConjList", "\\land")) {
            for (SemanticNode arg : a.getArgs()) {
                out.addAll(conjuncts(arg));
            }
        } else {
            out.add(body);
        }
        return out;
    }

    private static boolean contains(SemanticNode n, Set<String> ops) {
        boolean[] found = {false};
        SpecSource.walk(n, x -> found[0] |= x instanceof LetInNode
                || x instanceof OpApplNode a && ops.contains(a.getOperator().getName().toString()));
        return found[0];
    }

    /** The guards in one conjunct: entries {@code path[param] = "v"} and predicate helpers, not negated. */
    private void guardsIn(SemanticNode n, FormalParamNode param, Map<String, Set<String>> out, Set<String> seen) {
        if (!(n instanceof OpApplNode a)) {
            return;
        }
        if (SpecSource.isOp(a, "\\lnot")) {
            return; // ~Phase(x, "kick") rules a value out; it does not name the one the step needs
        }
        String[] entry = entry(a, param, null);
        if (entry != null) {
            out.computeIfAbsent(entry[0], k -> new LinkedHashSet<>()).add(entry[1]);
            return;
        }
        String callee = topName.apply(a.getOperator());
        SemanticNode[] args = a.getArgs();
        if (callee != null && args.length > 0 && isParam(args[0], param) && !composite.test(callee)) {
            OpDefNode h = nodes.apply(callee);
            FormalParamNode[] hp = h.getParams();
            if (hp.length == 2 && args.length == 2 && args[1] instanceof StringNode v && h.getBody() instanceof OpApplNode hb) {
                // a predicate helper: Phase(x, p) == pl.ph[x] = p
                String[] e = entry(hb, hp[0], hp[1]);
                if (e != null) {
                    out.computeIfAbsent(e[0], k -> new LinkedHashSet<>()).add(v.getRep().toString());
                    return;
                }
            }
            if (args.length == hp.length) {
                collectGuards(h, hp[0], out, seen);
            }
            return;
        }
        for (SemanticNode arg : args) {
            guardsIn(arg, param, out, seen);
        }
    }

    /**
     * {@code path[param] = "v"} as {path, v}; with {@code value} given, {@code path[param] = value}
     * as {path, null}; otherwise null.
     */
    private static String[] entry(OpApplNode a, FormalParamNode param, FormalParamNode value) {
        if (!SpecSource.isOp(a, "=") || a.getArgs().length != 2 || !(a.getArgs()[0] instanceof OpApplNode f)
                || !SpecSource.isOp(f, "$FcnApply") || f.getArgs().length != 2 || !isParam(f.getArgs()[1], param)) {
            return null;
        }
        String path = path(f.getArgs()[0]);
        if (path == null) {
            return null;
        }
        SemanticNode rhs = a.getArgs()[1];
        if (value == null) {
            return rhs instanceof StringNode s ? new String[] {path, s.getRep().toString()} : null;
        }
        return isParam(rhs, value) ? new String[] {path, null} : null;
    }

    /** {@code pc} or {@code pl.ph}: a variable or constant, or a field of one; else null. */
    private static String path(SemanticNode n) {
        if (!(n instanceof OpApplNode a)) {
            return null;
        }
        if (a.getArgs().length == 0 && (a.getOperator() instanceof OpDeclNode || a.getOperator() instanceof OpDefNode)) {
            return a.getOperator().getName().toString();
        }
        if (SpecSource.isOp(a, "$RcdSelect") && a.getArgs().length == 2 && a.getArgs()[1] instanceof StringNode field) {
            String base = path(a.getArgs()[0]);
            return base == null ? null : base + "." + field.getRep();
        }
        return null;
    }

    private static boolean isParam(SemanticNode n, FormalParamNode p) {
        return n instanceof OpApplNode a && a.getArgs().length == 0 && a.getOperator() == p;
    }
}
