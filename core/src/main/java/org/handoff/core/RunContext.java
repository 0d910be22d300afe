package org.handoff.core;

import java.io.PrintStream;
import java.nio.file.Path;

/**
 * Where a run happens, and the settings of this invocation that its runs share.
 *
 * @param root    the project root (holds manifest.json and specs/)
 * @param workDir a private directory for this run's scratch files
 * @param log     progress output (stderr for the CLI); never parsed
 * @param tlcHeap the heap of each TLC run as {@code -Xmx} takes it (the CLI's {@code --heap}); null
 *                for the default ({@code HANDOFF_TLC_HEAP}, else the JVM's)
 * @param jdk     the JDK every forked JVM of the run starts on (TLC, Lincheck, jcstress; the CLI's
 *                {@code --jdk}); by default the running one
 * @param profile the profile the run was selected by ({@code quick} or {@code full}, the CLI's
 *                {@code --profile}, the build's {@code -Pfull}); in a full run every jcstress entry
 *                runs as long as the full profile's own; by default {@code quick}
 */
public record RunContext(Path root, Path workDir, PrintStream log, String tlcHeap, Jdk jdk, String profile) {
    public RunContext {
        java.util.Objects.requireNonNull(jdk, "jdk");
        java.util.Objects.requireNonNull(profile, "profile");
    }

    public RunContext(Path root, Path workDir, PrintStream log, String tlcHeap, Jdk jdk) {
        this(root, workDir, log, tlcHeap, jdk, "quick");
    }

    public RunContext(Path root, Path workDir, PrintStream log, String tlcHeap) {
        this(root, workDir, log, tlcHeap, Jdk.current());
    }

    public RunContext(Path root, Path workDir, PrintStream log) {
        this(root, workDir, log, null);
    }

    /** The same settings with another scratch directory. */
    public RunContext inDir(Path dir) {
        return new RunContext(root, dir, log, tlcHeap, jdk, profile);
    }

    /** The same settings with another progress output. */
    public RunContext withLog(PrintStream out) {
        return new RunContext(root, workDir, out, tlcHeap, jdk, profile);
    }

    /** The same settings in a run selected by {@code name} ({@code quick} or {@code full}). */
    public RunContext withProfile(String name) {
        return new RunContext(root, workDir, log, tlcHeap, jdk, name);
    }
}
