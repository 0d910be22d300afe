package org.handoff.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** One line naming the machine a measurement ran on: CPUs, CPU model, JVM. */
final class Machine {
    private Machine() {
    }

    static String describe() {
        String model = "unknown CPU";
        try {
            for (String l : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (l.startsWith("model name")) {
                    model = l.substring(l.indexOf(':') + 1).trim();
                    break;
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: keep "unknown CPU"
        }
        return Runtime.getRuntime().availableProcessors() + " CPUs (" + model + "), Java "
                + System.getProperty("java.version");
    }
}
