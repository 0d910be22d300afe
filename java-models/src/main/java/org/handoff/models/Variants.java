package org.handoff.models;

/** The {@link Variant} of each port class, read once per class ({@link HandoffPort#variant}). */
final class Variants {
    private static final ClassValue<String> NAMES = new ClassValue<>() {
        @Override
        protected String computeValue(Class<?> type) {
            Variant v = type.getAnnotation(Variant.class);
            if (v == null) {
                throw new IllegalStateException(type.getName() + " names no variant: annotate it @Variant(\"<name>\")");
            }
            return v.value();
        }
    };

    private Variants() {
    }

    static String of(Class<?> type) {
        return NAMES.get(type);
    }
}
