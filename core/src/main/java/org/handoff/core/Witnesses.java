package org.handoff.core;

import java.util.ArrayList;
import java.util.List;

/**
 * The rule that keeps variant models honest: every passing TLC model of a variant (any variant but
 * the first its family lists, which is the baseline the others are told apart from) has a witness
 * entry on that very model, showing that the model reaches a behaviour of its own. A model that no
 * witness can be given for says why in its entry ({@code "noWitness": "..."}), and a witness that
 * never fails is a mismatch when it runs.
 */
public final class Witnesses {
    private Witnesses() {
    }

    /** One line per passing variant model without a witness (empty when the rule holds). */
    public static List<String> problems(Manifest m) {
        List<String> out = new ArrayList<>();
        for (Check c : m.checks()) {
            if (c.level() != Level.TLC || c.mutant() || c.isWitness() || c.expected() != Outcome.PASS) {
                continue;
            }
            if (isBaseline(m, c) || c.params().get("noWitness") != null) {
                continue;
            }
            boolean witnessed = m.checks().stream().anyMatch(w -> w.isWitness() && w.family().equals(c.family())
                    && w.variant().equals(c.variant()) && c.check().equals(w.paramOr("twin", null)));
            if (!witnessed) {
                out.add(c.id() + ": a passing model of variant " + c.variant()
                        + " has no witness entry (a Never<Behaviour> invariant it must violate) and no noWitness reason");
            }
        }
        return out;
    }

    private static boolean isBaseline(Manifest m, Check c) {
        List<String> variants = m.family(c.family()).variants();
        return !variants.isEmpty() && variants.get(0).equals(c.variant());
    }
}
