package org.handoff.models;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** A variant's lock settings ({@code configure}): parsed once, applied in order, refused when wrong. */
class PortsTest {
    /** A port with the two kinds of setter a setting can call. */
    public static final class Settable {
        int threshold;
        long seed;

        public void threshold(int t) {
            threshold = t;
        }

        public void seed(long s) {
            seed = s;
        }
    }

    @Test
    void settingsAreParsedInOrderAndApplied() {
        assertEquals(List.of("threshold", "seed"), List.copyOf(Ports.parseSettings(" threshold = 1, seed=20190130 ").keySet()));
        assertEquals(Map.of("threshold", "1", "seed", "20190130"), Ports.parseSettings(" threshold = 1, seed=20190130 "));
        assertTrue(Ports.parseSettings(" ").isEmpty() && Ports.parseSettings(null).isEmpty());
        Consumer<Object> apply = Ports.settings(Settable.class, "threshold=3, seed = 7");
        Settable a = new Settable();
        Settable b = new Settable();
        apply.accept(a);
        apply.accept(b);
        assertEquals(3, b.threshold);
        assertEquals(7L, b.seed);
        assertEquals(5, Ports.configure(new Settable(), "threshold=5").threshold);
    }

    @Test
    void aWrongSettingIsNamed() {
        assertEquals("lock setting 'threshold' is not name=value",
                assertThrows(IllegalArgumentException.class, () -> Ports.parseSettings("threshold")).getMessage());
        assertEquals("lock setting 'threshold=x': the value must be an integer",
                assertThrows(IllegalArgumentException.class, () -> Ports.settings(Settable.class, "threshold=x")).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Ports.settings(Settable.class, "depth=1")).getMessage()
                .endsWith("has no public method depth(int) or depth(long) for the setting 'depth=1'"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Ports.settings(Settable.class, "threshold=4294967296"))
                .getMessage().startsWith("lock setting 'threshold=4294967296' cannot be applied"));
    }
}
