package org.handoff.litmus;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Whether a compiled class refers to another class: its constant pool holds the other class's
 * internal name as a class constant, or as a type in a descriptor ({@code Lpkg/Name;}). A lambda
 * or method reference to a constructor ({@code CnaLock::new}) counts, since its method handle names
 * the class, and so does a nested class that extends it. Read from the class files as the
 * class's own loader serves them.
 */
final class ClassFileNames {
    private ClassFileNames() {
    }

    /**
     * Whether the class file of {@code user} or of a class nested in it (a staged subclass of a port
     * is) names the class {@code name} (a binary name, {@code Outer$Inner}).
     */
    static boolean names(Class<?> user, String name) {
        String internal = name.strip().replace('.', '/');
        byte[] exact = utf8Entry(internal);
        byte[] descriptor = ("L" + internal + ";").getBytes(StandardCharsets.UTF_8);
        java.util.ArrayDeque<Class<?>> todo = new java.util.ArrayDeque<>(List.of(user));
        while (!todo.isEmpty()) {
            Class<?> c = todo.pop();
            byte[] code = bytes(c);
            if (indexOf(code, exact) >= 0 || indexOf(code, descriptor) >= 0) {
                return true;
            }
            todo.addAll(List.of(c.getDeclaredClasses()));
        }
        return false;
    }

    /** A CONSTANT_Utf8 entry holding exactly {@code s}: tag 1, a two-byte length, the bytes. */
    private static byte[] utf8Entry(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        byte[] out = new byte[b.length + 3];
        out[0] = 1;
        out[1] = (byte) (b.length >> 8);
        out[2] = (byte) b.length;
        System.arraycopy(b, 0, out, 3, b.length);
        return out;
    }

    private static byte[] bytes(Class<?> c) {
        String resource = c.getName().replace('.', '/') + ".class";
        ClassLoader loader = c.getClassLoader() != null ? c.getClassLoader() : ClassLoader.getSystemClassLoader();
        try (InputStream in = loader.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("class file " + resource + " not found");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new IllegalStateException("class file " + resource + " cannot be read: " + e.getMessage(), e);
        }
    }

    static int indexOf(byte[] hay, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= hay.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (hay[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
