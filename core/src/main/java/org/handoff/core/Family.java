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
 * @param scaffold    what {@code handoff variant new} copies into a new variant, or null when the
 *                    family has no scaffold
 */
public record Family(String name, String spec, String description, List<String> variants,
        String traceStep, Scaffold scaffold) {
    public Family {
        variants = variants == null ? List.of() : List.copyOf(variants);
    }

    /**
     * The points a new variant of the family overrides, copied from the baseline ready to edit.
     *
     * @param hooks    the spec's definitions a variant may change (its policy and the steps it
     *                 replaces), each named after the kernel function it models
     * @param wrappers the definitions that put the hooks into the behaviour (the step relation,
     *                 next-state relation and specifications), copied so that they call the copies;
     *                 none: each config puts the copies in place of the family's hooks by definition
     *                 overrides ({@code Hook <- MineHook}) and keeps the family's specification
     * @param java     the port's protected methods a variant overrides (the same kernel functions)
     * @param javaHookSet null when {@code java} are methods of the port's class; else the class of
     *                 the hook set that holds them (PV: {@code Paravirt}), which the port is built with
     */
    public record Scaffold(List<String> hooks, List<String> wrappers, List<String> java, String javaHookSet) {
        public Scaffold {
            hooks = List.copyOf(hooks);
            wrappers = List.copyOf(wrappers);
            java = List.copyOf(java);
        }

        /** Whether the copies are put in place by definition overrides (no wrappers are copied). */
        public boolean byOverrides() {
            return wrappers.isEmpty();
        }
    }
}
