package org.handoff.cli;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code --profile}, shared by the commands that select manifest entries: {@code quick}, the entries
 * {@code mvn verify} runs, or {@code full}, which adds the long ones. Any other name is refused
 * while the command line is parsed, before anything runs.
 */
final class ProfileOption {
    @Option(names = "--profile", paramLabel = "P", converter = Name.class,
            description = "quick (the entries 'mvn verify' runs) or full (adds the long ones); default ${DEFAULT-VALUE}.")
    String name;

    /** The option with {@code dflt} as its default (stats runs every model unless told otherwise). */
    ProfileOption(String dflt) {
        name = new Name().convert(dflt);
    }

    boolean quick() {
        return name.equals("quick");
    }

    @Override
    public String toString() {
        return name;
    }

    /** A profile name as picocli reads it: one line naming the bad name. */
    static final class Name implements ITypeConverter<String> {
        @Override
        public String convert(String value) {
            if (!value.equals("quick") && !value.equals("full")) {
                throw new TypeConversionException("unknown profile '" + value + "' (quick or full)");
            }
            return value;
        }
    }
}
