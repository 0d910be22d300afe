package org.handoff.litmus.litmus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiFunction;
import org.handoff.core.Check;
import org.handoff.core.Level;
import org.handoff.core.Manifest;
import org.handoff.core.ProjectRoot;
import org.handoff.litmus.LockChoice;
import org.junit.jupiter.api.Test;

/**
 * The litmus shapes whose variants the JMM grades differently run as two tests each,
 * {@code <Shape>JmmAllows} and {@code <Shape>JmmForbids}, the variant chosen by name
 * ({@link LockChoice#mode}). Every such manifest entry names a variant of its shape under the test of
 * the variant's JMM answer, and the other test of the shape refuses it.
 */
class JmmSplitTest {
    /** Each shape's choice of mode: the test class, and whether it is the shape's JmmAllows test. */
    private static final Map<String, BiFunction<Class<?>, Boolean, Object>> SHAPES = Map.of(
            "Crossed", Crossed::cell,
            "SpinTermination", SpinTermination::read,
            "McsLinkOrder", McsLinkOrder::link);

    @Test
    void everyEntryRunsUnderItsVariantsJmmAnswerAndTheOtherTestRefusesIt() throws Exception {
        Map<String, Integer> entries = new TreeMap<>();
        for (Check c : Manifest.load(ProjectRoot.find()).select(java.util.List.of(), Level.JCSTRESS, "full")) {
            String simple = c.check().substring(c.check().lastIndexOf('.') + 1);
            if (!simple.endsWith("JmmAllows") && !simple.endsWith("JmmForbids")) {
                continue;
            }
            boolean allows = simple.endsWith("JmmAllows");
            String shape = simple.substring(0, simple.length() - (allows ? "JmmAllows" : "JmmForbids").length());
            BiFunction<Class<?>, Boolean, Object> mode = SHAPES.get(shape);
            assertTrue(mode != null, c.id() + ": no shape " + shape);
            Class<?> test = Class.forName(c.check(), false, getClass().getClassLoader());
            Class<?> other = Class.forName(getClass().getPackageName() + "." + shape + (allows ? "JmmForbids" : "JmmAllows"),
                    false, getClass().getClassLoader());
            String property = LockChoice.VARIANT + test.getName();
            String otherProperty = LockChoice.VARIANT + other.getName();
            try {
                System.setProperty(property, c.variant());
                System.setProperty(otherProperty, c.variant());
                mode.apply(test, allows);
                IllegalStateException refused = assertThrows(IllegalStateException.class, () -> mode.apply(other, !allows),
                        c.id());
                assertEquals(c.variant() + ": the JMM " + (allows ? "allows" : "forbids") + " its bad outcome; it belongs to "
                        + test.getSimpleName(), refused.getMessage());
            } finally {
                System.clearProperty(property);
                System.clearProperty(otherProperty);
            }
            entries.merge(shape, 1, Integer::sum);
        }
        assertEquals(Map.of("Crossed", 22, "McsLinkOrder", 3, "SpinTermination", 3), entries);
    }

    @Test
    void aNameThatIsNoVariantOfTheShapeStopsTheTest() {
        String property = LockChoice.VARIANT + SpinTerminationJmmForbids.class.getName();
        try {
            System.setProperty(property, "mcslock-release-link");
            assertEquals("'mcslock-release-link' is no variant SpinTerminationJmmForbids runs",
                    assertThrows(IllegalStateException.class, () -> SpinTermination.read(SpinTerminationJmmForbids.class, false))
                            .getMessage());
        } finally {
            System.clearProperty(property);
        }
    }
}
