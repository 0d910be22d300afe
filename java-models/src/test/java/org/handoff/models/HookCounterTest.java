package org.handoff.models;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HookCounterTest {
    @Test
    void oneCounterPerNameCountingEveryHit(@TempDir Path dir) throws Exception {
        HookCounter a = HookCounter.of("test:a");
        HookCounter again = HookCounter.of("test:a");
        long before = HookCounter.snapshot().get("test:a");
        a.hit();
        again.hit();
        assertEquals(before + 2, HookCounter.snapshot().get("test:a"));
        HookCounter.dump(dir);
        String text;
        try (var files = Files.list(dir)) {
            text = Files.readString(files.findFirst().orElseThrow());
        }
        assertTrue(text.startsWith(HookCounter.TEST_LINE), text);
        assertTrue(text.contains("test:a=" + (before + 2)), text);
    }
}
