package org.handoff.cli;

import java.io.PrintWriter;
import org.handoff.core.HandoffException;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code handoff} command line: list the families and models, run TLC on a spec, or check
 * families at every level against the manifest.
 *
 * <p>Exit codes: 0 success (every verdict as expected; for {@code tlc}, no property violated),
 * 1 a verdict differs or a property is violated, 2 bad input or a tool error, 3 an internal error.
 */
@Command(name = "handoff", mixinStandardHelpOptions = true, version = "handoff 0.1.0",
        description = "Verification and litmus testing of lock hand-off protocols (TLA+/TLC, jcstress, Lincheck).",
        subcommands = {ListCommand.class, TlcCommand.class, CheckCommand.class, StatsCommand.class, CrosscheckCommand.class, ReviewCommand.class, MutantsCommand.class,
            RatesCommand.class, VariantCommand.class, FairnessCommand.class,
            CommandLine.HelpCommand.class})
public final class Main implements Runnable {
    public static final int OK = 0;
    public static final int MISMATCH = 1;
    public static final int BAD_INPUT = 2;
    public static final int INTERNAL = 3;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a command is required (list, tlc, check, stats, rates, crosscheck, review, mutants)");
    }

    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(System.out, true);
        PrintWriter err = new PrintWriter(System.err, true);
        int code = execute(args, out, err);
        out.flush(); // autoflush covers println only; a final print() would be lost at exit
        err.flush();
        System.exit(code);
    }

    /** Runs the command line with the given streams and returns the exit code. */
    public static int execute(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cl = new CommandLine(new Main());
        cl.setOut(out);
        cl.setErr(err);
        cl.setParameterExceptionHandler((ex, a) -> {
            err.println("handoff: " + ex.getMessage() + " (see --help)");
            return BAD_INPUT;
        });
        cl.setExecutionExceptionHandler((ex, cmd, parsed) -> {
            if (ex instanceof HandoffException) {
                err.println("handoff: " + ex.getMessage());
                return BAD_INPUT;
            }
            err.println("handoff: internal error: " + ex);
            if (System.getenv("HANDOFF_DEBUG") != null) {
                ex.printStackTrace(err);
            }
            return INTERNAL;
        });
        return cl.execute(args);
    }
}
