package org.handoff.models;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The VarHandles through which the ports reach their shared fields, each made in one line of its
 * class's static initialisation: {@code static final VarHandle TAIL = VarHandles.field(
 * MethodHandles.lookup(), McsLock.class, "tail", Node.class);}. The lookup is the caller's, so a
 * private field of the class or of a class nested in it is found as {@code findVarHandle} finds it.
 */
public final class VarHandles {
    private VarHandles() {
    }

    /**
     * The VarHandle of the field {@code name} of type {@code type} in {@code owner}; a field that is
     * not there fails the class's initialisation, as a mistyped name in a static block did.
     */
    public static VarHandle field(MethodHandles.Lookup lookup, Class<?> owner, String name, Class<?> type) {
        try {
            return lookup.findVarHandle(owner, name, type);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
