package org.handoff.models.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Trace validation sees a step's accesses only when the port makes them through its {@link Memory}
 * (see {@link TraceRecorder#access}). A direct {@code VarHandle} access inside a recorded step
 * would run under the recorder's lock with no window before it: a mutant written that way would
 * split its read-modify-write unseen. So in every port that records per access, and in every class
 * that extends one (its mutants), each direct access must say why it is not a step's access
 * ({@code // unrecorded: ...}, for the constructor and the recorder's own naming reads).
 *
 * <p>Every traceable port is in exactly one of the two lists below, so a new port has to choose.
 */
class MemoryAccessTest {
    /** Ports whose steps are recorded per shared access. */
    static final Set<String> PER_ACCESS = Set.of("McsLock", "ClhLock", "MLock", "TicketLock", "CombiningLock", "QSpinLock",
            "PvQSpinLock", "CnaLock");
    /**
     * Hook sets whose steps run inside a per-access port's recorded steps, and the queue nodes
     * whose accessors they call (qspinlock's, PV's): scanned as the ports are.
     */
    static final Set<String> HOOK_SETS = Set.of("Paravirt", "QNode", "PvNode");
    /**
     * Ports not recorded per access: today only CnaPvLock, which refuses a recorder (no trace map
     * follows CNAPV.tla). Every QSpinLock subclass that records does so through {@code mem}.
     */
    static final Set<String> PER_STEP = Set.of("CnaPvLock");

    static final Pattern ACCESS = Pattern.compile(
            "\\b[A-Z][A-Z_]*\\.(get|set|getAndSet|getAndAdd|getAndBitwise\\w*|compareAnd\\w*|weakCompareAndSet\\w*)"
                    + "(Volatile|Acquire|Release|Opaque|Plain)?\\(");
    static final Pattern EXTENDS = Pattern.compile("\\bextends\\s+(\\w+)");

    static Path sources() {
        return Path.of("src/main/java/org/handoff/models");
    }

    static List<Path> javaFiles() throws IOException {
        try (Stream<Path> s = Files.walk(sources())) {
            return s.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
    }

    /** The direct VarHandle accesses in {@code text} that do not say why they are unrecorded. */
    static List<String> unmarkedAccesses(String file, String text) {
        List<String> out = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            if (line.trim().startsWith("*") || line.trim().startsWith("//")) {
                continue; // comments
            }
            if (ACCESS.matcher(line).find() && !line.contains("// unrecorded:")) {
                out.add(file + ":" + (i + 1) + ": " + line.trim());
            }
        }
        return out;
    }

    /** Whether a class in {@code text} is a per-access port or extends one. */
    static boolean recordsPerAccess(String name, String text) {
        if (PER_ACCESS.contains(name) || HOOK_SETS.contains(name)) {
            return true;
        }
        if (PER_STEP.contains(name)) {
            return false;
        }
        Matcher m = EXTENDS.matcher(text);
        while (m.find()) {
            if (PER_ACCESS.contains(m.group(1))) {
                return true;
            }
        }
        return false;
    }

    @Test
    void everyTraceablePortChoosesHowItIsRecorded() throws IOException {
        Set<String> traceable = new TreeSet<>();
        for (Path p : javaFiles()) {
            String name = p.getFileName().toString().replace(".java", "");
            String text = Files.readString(p);
            Matcher sup = EXTENDS.matcher(text);
            if (text.contains("public void traceTo(TraceRecorder")
                    || sup.find() && PER_ACCESS.contains(sup.group(1)) && PER_ACCESS.contains(name)) {
                traceable.add(name); // defines traceTo, or is a listed port that inherits it
            }
        }
        Set<String> listed = new TreeSet<>(PER_ACCESS);
        listed.addAll(PER_STEP);
        assertTrue(listed.containsAll(traceable), "a traceable port must be listed as recorded per access or per step: "
                + traceable);
        assertTrue(traceable.containsAll(PER_ACCESS), "a per-access port that records nothing: " + PER_ACCESS);
    }

    @Test
    void perAccessPortsAndTheirMutantsMakeEveryStepAccessThroughMemory() throws IOException {
        List<String> bad = new ArrayList<>();
        int scanned = 0;
        for (Path p : javaFiles()) {
            String name = p.getFileName().toString().replace(".java", "");
            String text = Files.readString(p);
            if (recordsPerAccess(name, text)) {
                scanned++;
                bad.addAll(unmarkedAccesses(sources().relativize(p).toString(), text));
            }
        }
        assertTrue(scanned >= 10, "scanned only " + scanned + " files: the port list or the source path is wrong");
        assertEquals(List.of(), bad, "direct VarHandle accesses in ports recorded per access");
    }

    @Test
    void theScanCatchesADirectAccessInAMutant() {
        String mutant = """
                class Split extends McsLock {
                    protected Node xchgTail(Node node) {
                        Node prev = (Node) TAIL.getVolatile(this);
                        mem.setVolatile(TAIL, this, node);
                        LOCKED.setRelease(node, 1); // unrecorded: a test
                        return prev;
                    }
                }
                """;
        assertTrue(recordsPerAccess("Split", mutant));
        assertEquals(List.of("Split.java:3: Node prev = (Node) TAIL.getVolatile(this);"),
                unmarkedAccesses("Split.java", mutant));
    }
}
