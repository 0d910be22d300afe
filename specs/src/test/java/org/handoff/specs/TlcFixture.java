package org.handoff.specs;

import java.net.URISyntaxException;
import java.nio.file.Path;
import org.handoff.core.ProjectRoot;
import org.handoff.core.Specs;

/** What the tests that run TLC directly share: the project's specs, a test resource, one run. */
final class TlcFixture {
    /** The project's specs/ folder. */
    static final Path SPECS = ProjectRoot.find().resolve("specs");

    private TlcFixture() {
    }

    /** The test resource {@code name} (from the resources root, "bad/Broken.tla") as a path. */
    static Path resource(String name) {
        try {
            return Path.of(TlcFixture.class.getResource("/" + name).toURI());
        } catch (URISyntaxException | NullPointerException e) {
            throw new IllegalArgumentException("no test resource " + name, e);
        }
    }

    /** TLC on {@code spec} and {@code cfg} with the project's library, in {@code dir}, in {@code mode}. */
    static Tlc.Result run(Path spec, Path cfg, int workers, Path dir, long timeoutSeconds, Tlc.Mode mode) {
        return Tlc.run(new Tlc.Request(spec, cfg, workers, Specs.library(SPECS.getParent()), dir, timeoutSeconds, null, mode));
    }
}
