package org.handoff.models.cna;

import java.util.Arrays;

/**
 * A virtual NUMA topology: the node of each CPU number, {@code numa_cpu_node(cpu)}. This machine
 * has one node, so the CNA port is given one. The default, {@link #alternating(int)} with two nodes,
 * puts CPU {@code i} on node {@code i % 2}, so that CPUs created one after the other (the two
 * actors of a litmus test, the threads of a Lincheck scenario) land on different nodes.
 */
@FunctionalInterface
public interface Topology {
    /** The NUMA node of CPU {@code cpu}: a number from 0. */
    int nodeOf(int cpu);

    /** CPU {@code i} on node {@code i % nodes}. */
    static Topology alternating(int nodes) {
        if (nodes < 1) {
            throw new IllegalArgumentException("a topology needs at least one node, not " + nodes);
        }
        return cpu -> cpu % nodes;
    }

    /** The default: {@code alternating(2)}. */
    Topology DEFAULT = alternating(2);

    /**
     * CPU {@code i} on node {@code nodes[i]}; CPUs beyond the list repeat it ({@code nodes[i % n]}).
     * {@code "1,0,0,1"} is the form {@link #parse} reads.
     */
    static Topology of(int... nodes) {
        if (nodes.length == 0) {
            throw new IllegalArgumentException("a topology needs at least one CPU's node");
        }
        int[] copy = Arrays.copyOf(nodes, nodes.length);
        for (int n : copy) {
            if (n < 0) {
                throw new IllegalArgumentException("a NUMA node is a number from 0, not " + n);
            }
        }
        return cpu -> copy[cpu % copy.length];
    }

    /** Parses {@code "1,0,0,1"} (the node of CPU 0, 1, ...); a one-line IllegalArgumentException otherwise. */
    static Topology parse(String text) {
        String[] parts = text.strip().split("\\s*,\\s*");
        int[] nodes = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            try {
                nodes[i] = Integer.parseInt(parts[i]);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("bad NUMA topology '" + text
                        + "': want the node of each CPU, e.g. 0,1,0,1");
            }
        }
        return of(nodes);
    }
}
