package org.handoff.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.EnumMap;
import java.util.Map;
import org.handoff.core.HandoffException;
import org.handoff.core.Level;
import org.handoff.core.LevelRunner;
import org.handoff.crosscheck.CrosscheckRunner;
import org.handoff.lincheck.LincheckRunner;
import org.handoff.litmus.JcstressRunner;
import org.handoff.specs.TlcRunner;

/** The level runners the CLI knows, and where a run keeps its scratch files. */
final class Runners {
    private Runners() {
    }

    static Map<Level, LevelRunner> all() {
        Map<Level, LevelRunner> m = new EnumMap<>(Level.class);
        for (LevelRunner r : new LevelRunner[] {new TlcRunner(), new JcstressRunner(), new LincheckRunner(),
            new CrosscheckRunner()}) {
            m.put(r.level(), r);
        }
        return m;
    }

    /** A fresh directory under {@code <root>/.handoff-runs/} for one invocation; kept for inspection. */
    static Path newRunDir(Path root, String what) {
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS"));
        Path dir = root.resolve(".handoff-runs").resolve(stamp + "-" + what);
        try {
            return Files.createDirectories(dir);
        } catch (IOException e) {
            throw new HandoffException(dir + ": cannot create the run directory: " + e.getMessage(), e);
        }
    }
}
