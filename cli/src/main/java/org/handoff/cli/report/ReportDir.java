package org.handoff.cli.report;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.handoff.core.HandoffException;

/**
 * Where a report goes: a directory that does not exist yet, or one that is empty or holds only an
 * earlier report. The files are written into a temporary sibling directory, which is renamed into
 * place only when every file is complete; on any failure the directory is left as it was.
 */
public final class ReportDir {
    /** The files a report directory holds. */
    public static final Set<String> FILES = Set.of("report.md", "report.html");

    private final Path dir;
    private final Path parent;
    private final String given;

    private ReportDir(Path dir, String given) {
        this.dir = dir;
        this.parent = dir.getParent();
        this.given = given;
    }

    public Path path() {
        return dir;
    }

    /** Checks that a report can go to {@code dir}; one-line error otherwise. */
    public static ReportDir check(Path dir) {
        Path abs = dir.toAbsolutePath().normalize();
        ReportDir r = new ReportDir(abs, dir.toString());
        r.validate();
        return r;
    }

    private void validate() {
        if (parent == null) {
            throw new HandoffException(given + ": cannot write a report to the file system root");
        }
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new HandoffException(given + ": exists and is not a directory (--report wants a directory)");
        }
        if (Files.isDirectory(dir)) {
            try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
                for (Path e : entries) {
                    if (!FILES.contains(e.getFileName().toString()) || !Files.isRegularFile(e)) {
                        throw new HandoffException(given + ": exists and holds other files than a report ("
                                + e.getFileName() + "); give a new or empty directory");
                    }
                }
            } catch (IOException e) {
                throw new HandoffException(given + ": cannot read the directory: " + reason(e), e);
            }
        }
        if (!Files.isDirectory(parent)) {
            throw new HandoffException(parent + ": no such directory (the report directory's parent must exist)");
        }
        try {
            Path probe = Files.createTempDirectory(parent, "." + dir.getFileName() + ".probe-");
            Files.delete(probe);
        } catch (IOException | SecurityException | UnsupportedOperationException e) {
            throw new HandoffException(parent + ": not writable, cannot create " + dir.getFileName() + " there ("
                    + reason(e) + ")", e);
        }
    }

    /**
     * Writes {@code report} (report.md, report.html) and says where on {@code err}, with the fairness
     * harness's seed, which draws the report's histograms again.
     */
    public void write(Report report, long seed, PrintWriter err) {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("report.md", report.markdown());
        files.put("report.html", report.html());
        write(files);
        err.printf("report: %s (report.md, report.html; fairness seed %d)%n", dir, seed);
        err.flush();
    }

    /**
     * Writes the files: into a temporary sibling, then renamed into place (an existing report
     * directory is moved aside first and removed once the new one is in place).
     */
    public void write(Map<String, String> files) {
        validate();
        Path tmp = null;
        try {
            tmp = Files.createTempDirectory(parent, "." + dir.getFileName() + ".tmp-");
            try {
                Files.setPosixFilePermissions(tmp, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
            } catch (UnsupportedOperationException e) {
                // not a POSIX file system: keep the default permissions
            }
            for (Map.Entry<String, String> f : files.entrySet()) {
                Files.writeString(tmp.resolve(f.getKey()), f.getValue(), StandardCharsets.UTF_8);
            }
            if (!Files.exists(dir)) {
                move(tmp, dir);
            } else {
                Path old = parent.resolve("." + dir.getFileName() + ".old-" + tmp.getFileName().toString().replaceAll(".*-", ""));
                move(dir, old);
                try {
                    move(tmp, dir);
                } catch (IOException e) {
                    move(old, dir);
                    throw e;
                }
                deleteTree(old);
            }
            tmp = null;
        } catch (IOException | RuntimeException e) {
            throw new HandoffException(given + ": cannot write the report: " + reason(e), e);
        } finally {
            if (tmp != null) {
                deleteTree(tmp);
            }
        }
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to);
        }
    }

    private static void deleteTree(Path p) {
        if (!Files.exists(p)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(p)) {
            walk.sorted(Comparator.reverseOrder()).forEach(q -> {
                try {
                    Files.deleteIfExists(q);
                } catch (IOException e) {
                    // best effort: a leftover temporary directory is named after the report
                }
            });
        } catch (IOException e) {
            // as above
        }
    }

    private static String reason(Exception e) {
        String name = e.getClass().getSimpleName();
        String msg = e.getMessage();
        if (name.equals("AccessDeniedException")) {
            return "permission denied";
        }
        if (name.equals("NoSuchFileException")) {
            return "no such file or directory";
        }
        if (name.equals("FileSystemException") && msg != null && msg.contains("Read-only")) {
            return "read-only file system";
        }
        return msg == null ? name : msg;
    }
}
