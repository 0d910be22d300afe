package org.handoff.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.handoff.core.ProjectRoot;

/**
 * A copy of the project's manifest and spec folders (each family's files) in a temporary directory, made the root the command
 * line works on ({@code handoff.root}) until {@link #close()}, for tests that change what they copy.
 */
final class ProjectCopy implements AutoCloseable {
    private final String previousRoot;

    ProjectCopy(Path root) throws IOException {
        Path project = ProjectRoot.find();
        Files.copy(project.resolve("manifest.json"), root.resolve("manifest.json"));
        copyTree(project.resolve("specs"), root.resolve("specs"));
        previousRoot = System.getProperty("handoff.root");
        System.setProperty("handoff.root", root.toString());
    }

    @Override
    public void close() {
        if (previousRoot == null) {
            System.clearProperty("handoff.root");
        } else {
            System.setProperty("handoff.root", previousRoot);
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : s.filter(p -> !p.toString().contains("/target/") && !from.relativize(p).startsWith("src")).toList()) {
                Path dest = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(dest);
                } else {
                    Files.copy(p, dest);
                }
            }
        }
    }
}
