package org.handoff.cli;

import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.handoff.core.Check;
import org.handoff.core.Jdk;
import org.handoff.core.Level;
import org.handoff.core.LevelRunner;
import org.handoff.core.RunContext;
import picocli.CommandLine.Option;

/**
 * The options of the forked JVMs and of their output, and the start of a run, shared by the
 * commands that run levels ({@code check}, {@code review}).
 */
final class ForkOptions {
    @Option(names = "--heap", paramLabel = "SIZE", description = {"The heap of each TLC run, as java -Xmx takes it (512m, 8g); " +
        "default: $HANDOFF_TLC_HEAP, else the JVM's (a quarter of the memory)."})
    String heap;

    @Option(names = "--jdk", paramLabel = "PATH", description = {"The JDK (its home directory) that the forked levels run on: " +
            "TLC, Lincheck and jcstress; default: the JDK running handoff (JAVA_HOME). 17 or later."})
    Path jdk;

    @Option(names = {"-v", "--verbose"}, description = "Echo the tools' output to stderr.")
    boolean verbose;

    /**
     * The start of a run of {@code checks} by {@code command} in {@code profile}: both options
     * checked (one line on bad input), a new run directory and its context, which carries --heap,
     * the JDK of every fork and the profile (the tools' output on stderr with --verbose), and every
     * level's preflight, so that bad input stops the command before anything runs.
     */
    RunContext prepare(Map<Level, LevelRunner> runners, List<Check> checks, Path root, String command, String profile) {
        org.handoff.specs.Tlc.checkHeap(heap);
        Jdk on = Runners.jdk(jdk);
        PrintStream toolLog = verbose ? System.err : new PrintStream(OutputStream.nullOutputStream());
        RunContext context = new RunContext(root, Runners.newRunDir(root, command), toolLog, heap, on, profile);
        Runners.preflight(runners, checks, context);
        return context;
    }

    /** Names the forks' JVM of {@code context}, once the checks passed their preflight. */
    void sayJdk(RunContext context, List<Check> checks, PrintWriter err) {
        Runners.sayJdk(context.jdk(), jdk != null, checks, err);
    }
}
