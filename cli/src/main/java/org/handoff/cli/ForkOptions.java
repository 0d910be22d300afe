package org.handoff.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import org.handoff.core.Check;
import picocli.CommandLine.Option;

/** The options of the forked JVMs, shared by the commands that run levels ({@code check}, {@code review}). */
final class ForkOptions {
    @Option(names = "--heap", paramLabel = "SIZE", description = {"The heap of each TLC run, as java -Xmx takes it (512m, 8g); " +
        "default: $HANDOFF_TLC_HEAP, else the JVM's (a quarter of the memory)."})
    String heap;

    @Option(names = "--jdk", paramLabel = "PATH", description = {"The JDK (its home directory) that the forked levels run on: " +
            "TLC, Lincheck and jcstress; default: the JDK running handoff (JAVA_HOME). 17 or later."})
    Path jdk;

    /**
     * Checks both options (one line on bad input) and makes the JDK hold for this invocation's
     * forks; the heap travels in each run's {@link org.handoff.core.RunContext} ({@link #context}).
     */
    void apply() {
        org.handoff.specs.Tlc.checkHeap(heap);
        Runners.jdk(jdk);
    }

    /** The context of this invocation's runs: the given place, with --heap for every TLC run. */
    org.handoff.core.RunContext context(Path root, Path workDir, java.io.PrintStream log) {
        return new org.handoff.core.RunContext(root, workDir, log, heap);
    }

    /** Names the forks' JVM, once the checks passed their preflight. */
    void sayJdk(List<Check> checks, PrintWriter err) {
        Runners.sayJdk(jdk, checks, err);
    }
}
