package org.handoff.litmus;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.handoff.core.Check;
import org.handoff.core.Level;
import org.handoff.core.Manifest;
import org.handoff.core.ProjectRoot;
import org.handoff.models.HookCounter;
import org.junit.jupiter.api.Test;

/**
 * Every hook a jcstress entry requires is counted once its test is built: by the port, or by the
 * test's own stage (the combining reuse tests count the state their stage holds a holder in). A
 * misspelt name would make every run of the entry look vacuous.
 */
class JcstressHookNamesTest {
    /** The hooks of the jcstress entries that name some, after building one instance of each test. */
    private static List<String> missing(List<Check> checks) throws ReflectiveOperationException {
        for (Check c : checks) {
            if (!c.hooks().isEmpty()) {
                ClassLoader loader = JcstressHookNamesTest.class.getClassLoader();
                Class<?> test = JcstressRunner.load(c.check(), loader);
                String property = LockChoice.PREFIX + test.getName();
                boolean named = c.port() != null && System.getProperty(property) == null;
                if (c.port() != null) {
                    // The port's own step counters; a shared shape needs its lock named, as the runner does.
                    Class.forName(c.port(), true, loader);
                }
                if (named) {
                    System.setProperty(property, c.port());
                }
                try {
                    test.getDeclaredConstructor().newInstance();
                } finally {
                    if (named) {
                        System.clearProperty(property); // read once, when the test class is initialised
                    }
                }
            }
        }
        Set<String> counted = HookCounter.snapshot().keySet();
        List<String> out = new ArrayList<>();
        for (Check c : checks) {
            for (String h : c.hooks()) {
                if (!counted.contains(h)) {
                    out.add(c.id() + ": " + h);
                }
            }
        }
        return out;
    }

    private static List<Check> jcstress() {
        return Manifest.load(ProjectRoot.find()).select(List.of(), Level.JCSTRESS, "full");
    }

    @Test
    void everyRequiredHookIsCounted() throws ReflectiveOperationException {
        List<Check> checks = jcstress();
        assertFalse(checks.stream().allMatch(c -> c.hooks().isEmpty()), "no jcstress entry requires a hook");
        List<String> missing = missing(checks);
        assertTrue(missing.isEmpty(), "hooks that no port or stage counts: " + missing);
    }

    @Test
    void aMisspeltHookIsFound() throws ReflectiveOperationException {
        Check withHooks = jcstress().stream().filter(c -> !c.hooks().isEmpty()).findFirst().orElseThrow();
        List<String> missing = missing(List.of(withHooks.withParam("hooks", List.of("ali_spin_lock:requeue-after-complet"))));
        assertTrue(missing.size() == 1 && missing.get(0).endsWith("ali_spin_lock:requeue-after-complet"), missing.toString());
    }
}
