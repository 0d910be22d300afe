package org.handoff.core;

import java.nio.file.Files;
import java.nio.file.Path;

/** Finds the project root: the system property handoff.root, else the nearest parent holding the manifest. */
public final class ProjectRoot {
    private ProjectRoot() {
    }

    public static Path find() {
        String configured = System.getProperty("handoff.root");
        if (configured != null && !configured.isBlank()) {
            Path p = Path.of(configured).toAbsolutePath().normalize();
            if (Files.isRegularFile(p.resolve(Manifest.FILE))) {
                return p;
            }
            throw new HandoffException("handoff.root=" + configured + " holds no " + Manifest.FILE);
        }
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve(Manifest.FILE))) {
                return p;
            }
        }
        throw new HandoffException("no " + Manifest.FILE + " in the current directory or its parents");
    }

    /** The build profile the caller selected: quick unless -Dhandoff.profile=full. */
    public static String profile() {
        return System.getProperty("handoff.profile", "quick");
    }
}
