package org.handoff.specs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.handoff.core.JavaFork;
import org.handoff.core.Jdk;

/**
 * A class-data-sharing archive of the classes a TLC run loads, made once per process and JDK and
 * given to every TLC fork after it ({@code -XX:SharedArchiveFile}). A TLC process spends most of a
 * small model's run starting up; the archive saves it loading and verifying the parser's and the
 * model checker's classes again (a tenth or more of a small model's wall time; the commit that
 * added this class has the measurements). It changes how classes are loaded, never what TLC computes.
 *
 * <p>The archive is made by one TLC run on a built-in toy model with
 * {@code -XX:ArchiveClassesAtExit}, in a private temporary directory removed when this process
 * exits. If that run fails or leaves no archive, forks run without one: a slower start, nothing
 * else. The JVM's own class-sharing messages are switched off in the forks, since TLC's output is
 * read line by line.
 */
final class TlcClassArchive {
    private static final Map<String, Optional<Path>> ARCHIVES = new HashMap<>();

    private TlcClassArchive() {
    }

    /** The JVM options that use the archive for the fork's JDK; none if it could not be made. */
    static List<String> jvmOptions(Jdk jdk) {
        if (Boolean.getBoolean("handoff.tlc.noClassArchive")) {
            return List.of();
        }
        return archive(jdk).map(p -> List.of("-XX:SharedArchiveFile=" + p, "-Xlog:cds*=off", "-Xlog:class+path=off"))
                .orElse(List.of());
    }

    private static synchronized Optional<Path> archive(Jdk jdk) {
        return ARCHIVES.computeIfAbsent(jdk.java().toString(), java -> make(jdk));
    }

    private static final String TOY = """
            ---- MODULE HandoffWarmUp ----
            \\* A toy model whose run loads the classes TLC needs for the suite's models.
            EXTENDS Naturals, Sequences, FiniteSets, TLC
            VARIABLES x, s
            vars == <<x, s>>
            Init == x = 0 /\\ s = <<>>
            Step == x < 3 /\\ x' = x + 1 /\\ s' = Append(s, [n |-> x])
            Back == x = 3 /\\ x' = 0 /\\ s' = <<>>
            Next == Step \\/ Back
            Spec == Init /\\ [][Next]_vars /\\ WF_vars(Next)
            Small == Cardinality({x, 0}) <= 2 /\\ Len(s) <= 3 /\\ \\A i \\in DOMAIN s : s[i].n < 3
            Returns == []<>(x = 0)
            ====
            """;

    private static final String TOY_CFG = "SPECIFICATION Spec\nINVARIANT Small\nPROPERTY Returns\n";

    private static Optional<Path> make(Jdk jdk) {
        try {
            Path dir = Files.createTempDirectory("handoff-tlc-cds");
            Runtime.getRuntime().addShutdownHook(new Thread(() -> delete(dir)));
            Files.writeString(dir.resolve("HandoffWarmUp.tla"), TOY);
            Files.writeString(dir.resolve("HandoffWarmUp.cfg"), TOY_CFG);
            Path tmp = Files.createDirectories(dir.resolve("tmp"));
            Path jsa = dir.resolve("tlc.jsa");
            JavaFork.Result r = JavaFork.run(jdk,
                    List.of("-XX:ArchiveClassesAtExit=" + jsa, "-Xlog:cds*=off", "-Djava.io.tmpdir=" + tmp),
                    Tlc.tlaToolsJar(), "tlc2.TLC",
                    List.of("-tool", "-workers", "1", "-metadir", dir.resolve("states").toString(), "-coverage", "600",
                            "-lncheck", "final", "-config", "HandoffWarmUp.cfg", "HandoffWarmUp.tla"),
                    dir, 120, null);
            return r.exitCode() == 0 && Files.size(jsa) > 0 ? Optional.of(jsa) : Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static void delete(Path dir) {
        try (Stream<Path> all = Files.walk(dir)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temporary directory left behind is harmless
        }
    }
}
