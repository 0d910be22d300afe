package org.handoff.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class JdkTest {
    @Test
    void featureVersions() {
        assertEquals(17, Jdk.feature("17.0.15"));
        assertEquals(25, Jdk.feature("25.0.3"));
        assertEquals(21, Jdk.feature("21"));
        assertEquals(8, Jdk.feature("1.8.0_402"));
        assertEquals(-1, Jdk.feature("x"));
    }
}
