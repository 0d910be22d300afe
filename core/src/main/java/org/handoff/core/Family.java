package org.handoff.core;

import java.util.List;

/**
 * A lock family: one algorithm under one name at every level.
 *
 * @param name        CLI and JSON name ("mcs")
 * @param spec        the TLA+ module in specs/ ("MCS")
 * @param description one line for {@code handoff list}
 * @param variants    the variants that are not mutants
 * @param traceStep   the step of trace validation for an entry that names none ({@code CnaThreadNext(t)});
 *                    null: the spec's {@code ThreadNext(t)}
 */
public record Family(String name, String spec, String description, List<String> variants,
        String traceStep) {
    public Family {
        variants = variants == null ? List.of() : List.copyOf(variants);
    }
}
