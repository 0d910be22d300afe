package org.handoff.lincheck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.handoff.core.JavaFork;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The fork's command line: what is not a test class or a batch is one error line and exit 2. */
class LincheckMainTest {
    @TempDir
    Path dir;

    private JavaFork.Result fork(String... args) {
        return JavaFork.run(org.handoff.core.Jdk.current(), List.of(), System.getProperty("java.class.path"), LincheckMain.class.getName(),
                List.of(args), dir, 60, null);
    }

    private static void oneErrorLine(JavaFork.Result r, String says) {
        assertEquals(2, r.exitCode(), r.output());
        List<String> errors = r.output().lines().filter(l -> l.startsWith(LincheckMain.ERROR_PREFIX)).toList();
        assertEquals(1, errors.size(), r.output());
        assertTrue(errors.get(0).contains(says), errors.get(0));
        assertTrue(r.output().contains(LincheckMain.RESULT_PREFIX + "error"), r.output());
        assertTrue(r.output().lines().noneMatch(l -> l.startsWith("\tat ")), "no stack trace: " + r.output());
    }

    @Test
    void noArgumentIsTheUsage() {
        oneErrorLine(fork(), "usage: LincheckMain");
    }

    @Test
    void anUnknownOptionIsNamed() {
        oneErrorLine(fork("--bogus"), "--bogus");
    }

    @Test
    void aTestClassAndABatchTogetherAreTheUsage() {
        oneErrorLine(fork("org.handoff.lincheck.mcs.McsCounterTest", LincheckMain.BATCH, "x"), "usage: LincheckMain");
    }

    @Test
    void anUnknownTestClassIsNamed() {
        oneErrorLine(fork("org.handoff.lincheck.NoSuchTest"), "NoSuchTest");
    }
}
