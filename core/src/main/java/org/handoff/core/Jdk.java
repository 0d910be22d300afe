package org.handoff.core;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A JDK the forked levels run on (TLC, Lincheck, jcstress): its home, its {@code bin/java} and its
 * feature version, read from the JDK's {@code release} file ({@code JAVA_VERSION="25.0.3"}).
 */
public record Jdk(Path home, Path java, String version) {
    /** The oldest feature version the project builds for. */
    public static final int MINIMUM = 17;

    private static final Pattern VERSION = Pattern.compile("(?m)^JAVA_VERSION=\"?([0-9][0-9.+_a-zA-Z-]*)\"?\\s*$");

    /** The JDK of the running JVM. */
    public static Jdk current() {
        Path home = Path.of(System.getProperty("java.home"));
        return new Jdk(home, home.resolve("bin").resolve("java"), System.getProperty("java.version"));
    }

    /**
     * The JDK at {@code home}, checked: a directory with an executable {@code bin/java} and a
     * {@code release} file naming a version of at least {@value #MINIMUM}. Anything else is a
     * one-line {@link HandoffException} that names the path and what is wrong with it.
     */
    public static Jdk at(Path home) {
        String where = "--jdk " + home;
        if (!Files.isDirectory(home)) {
            throw new HandoffException(where + ": no such directory");
        }
        Path java = home.resolve("bin").resolve("java");
        if (!Files.isRegularFile(java) || !Files.isExecutable(java)) {
            throw new HandoffException(where + ": not a JDK (no executable bin/java)");
        }
        Path release = home.resolve("release");
        String text;
        try {
            text = Files.readString(release);
        } catch (IOException e) {
            throw new HandoffException(where + ": not a JDK (no readable release file naming its version)");
        }
        Matcher m = VERSION.matcher(text);
        if (!m.find()) {
            throw new HandoffException(where + ": not a JDK (its release file has no JAVA_VERSION)");
        }
        String version = m.group(1);
        int feature = feature(version);
        if (feature < MINIMUM) {
            throw new HandoffException(where + ": JDK " + version + " is older than " + MINIMUM
                    + ", the oldest the project runs on");
        }
        return new Jdk(home.toAbsolutePath().normalize(), java.toAbsolutePath().normalize(), version);
    }

    /** The feature release of a version string: 17 of "17.0.15", 8 of "1.8.0_402". */
    public static int feature(String version) {
        String[] parts = version.split("[.+_-]");
        try {
            int first = Integer.parseInt(parts[0]);
            return first == 1 && parts.length > 1 ? Integer.parseInt(parts[1]) : first;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** One line for the log: which JVM the forks use. */
    public String describe() {
        return "JDK " + version + " (" + java + ")";
    }
}
