package org.handoff.core;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One line naming the machine a measurement ran on: CPUs, CPU model, JVM. Every generated table
 * and report that carries a time or a rate says where it was measured with this line (TLC
 * statistics, catch rates, reports, the benchmark report).
 */
public final class Machine {
    private Machine() {
    }

    public static String describe() {
        String model = "unknown CPU";
        try {
            for (String l : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (l.startsWith("model name")) {
                    model = l.substring(l.indexOf(':') + 1).strip();
                    break;
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: keep "unknown CPU"
        }
        return Runtime.getRuntime().availableProcessors() + " CPUs (" + model + "), Java "
                + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")";
    }
}
