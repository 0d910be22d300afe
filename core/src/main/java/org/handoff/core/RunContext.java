package org.handoff.core;

import java.io.PrintStream;
import java.nio.file.Path;

/**
 * Where a run happens.
 *
 * @param root    the project root (holds manifest.json and specs/)
 * @param workDir a private directory for this run's scratch files
 * @param log     progress output (stderr for the CLI); never parsed
 */
public record RunContext(Path root, Path workDir, PrintStream log) {
}
