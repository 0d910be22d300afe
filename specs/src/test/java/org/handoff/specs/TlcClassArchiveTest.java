package org.handoff.specs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.handoff.core.JavaFork;
import org.handoff.core.ProjectRoot;
import org.handoff.core.Specs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The class-data-sharing archive of TLC's classes is made on this JDK, a TLC fork loads its
 * classes from it, and the run's output is TLC's alone (the JVM's archive messages are off).
 */
class TlcClassArchiveTest {
    @TempDir
    Path work;

    @Test
    void aForkLoadsTlcFromTheArchive() throws Exception {
        List<String> options = TlcClassArchive.jvmOptions(org.handoff.core.Jdk.current());
        assertFalse(options.isEmpty(), "no class archive was made on this JDK");
        Path specs = ProjectRoot.find().resolve("specs");
        List<String> jvm = new ArrayList<>(options);
        jvm.addAll(List.of("-Xlog:class+load=info:file=" + work.resolve("classes.log"), "-Djava.io.tmpdir=" + work,
                "-DTLA-Library=" + specs.resolve(Specs.COMMON)));
        JavaFork.Result r = JavaFork.run(org.handoff.core.Jdk.current(), jvm, Tlc.tlaToolsJar(), "tlc2.TLC",
                List.of("-workers", "1", "-metadir", work.resolve("states").toString(), "-config",
                        specs.resolve("clh/models/CLH_N2.cfg").toString(), "CLH.tla"),
                specs.resolve("clh"), 120, null);
        assertEquals(0, r.exitCode(), r.output());
        assertFalse(r.output().contains("[cds") || r.output().contains("[warning]"), r.output());
        List<String> tlcClasses = java.nio.file.Files.readAllLines(work.resolve("classes.log")).stream()
                .filter(l -> l.contains(" tla2sany.") || l.contains(" tlc2.") || l.contains(" tla2tex.") || l.contains(" util.")).toList();
        long shared = tlcClasses.stream().filter(l -> l.contains("shared objects file (top)")).count();
        // The toy model does not load every class a suite model needs; most of them it does.
        assertTrue(shared >= 0.8 * tlcClasses.size(), "TLC classes from the archive: " + shared + " of " + tlcClasses.size());
    }
}
