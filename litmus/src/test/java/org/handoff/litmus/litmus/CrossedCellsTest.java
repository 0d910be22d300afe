package org.handoff.litmus.litmus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.handoff.core.Check;
import org.handoff.core.Level;
import org.handoff.core.Manifest;
import org.handoff.core.ProjectRoot;
import org.handoff.litmus.LockChoice;
import org.handoff.models.litmus.CrossedLocking;
import org.handoff.models.litmus.CrossedLocking.Read;
import org.handoff.models.litmus.CrossedLocking.Take;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The crossed-locking mode matrix, and the qspinlock port fenced and unfenced, run as two jcstress
 * tests, the cell chosen by the entry's variant name: every cell is in the manifest once, under the
 * test whose grading of {@code 0, 0} is the JMM's answer for it, and a cell under the wrong test, a
 * name that is no cell, or no name at all stops the test before a sample.
 */
class CrossedCellsTest {
    private static final String ALLOWS = LockChoice.VARIANT + CrossedJmmAllows.class.getName();

    @AfterEach
    void clear() {
        System.clearProperty(ALLOWS);
    }

    @Test
    void everyCellIsListedOnceUnderTheTestOfItsJmmAnswer() throws Exception {
        Map<String, String> listed = new TreeMap<>();
        for (Check c : Manifest.load(ProjectRoot.find()).select(java.util.List.of("litmus"), Level.JCSTRESS, "full")) {
            if (c.check().contains(".CrossedJmm")) {
                String before = listed.put(c.variant(), c.check());
                assertEquals(null, before, c.variant() + " is listed twice");
                Boolean fenced = QSpinLockCrossed.fenced(c.variant());
                boolean forbids;
                if (fenced != null) {
                    forbids = fenced; // the qspinlock port: only the caller's smp_mb() orders take and check
                } else {
                    CrossedLocking cell = CrossedLocking.cell(c.variant());
                    forbids = Crossed.jmmForbidsBothFree(cell.takeMode(), cell.readMode());
                }
                String test = (forbids ? CrossedJmmForbids.class : CrossedJmmAllows.class).getName();
                assertEquals(test, c.check(), c.id());
            }
        }
        // Every cell of the matrix, and the qspinlock port fenced and unfenced.
        assertEquals(Take.values().length * Read.values().length + 2, listed.size(), "cells listed: " + listed.keySet());
    }

    @Test
    void aCellIsTheModesItsNameSays() {
        CrossedLocking cell = CrossedLocking.cell("release-take-acquire-read");
        assertEquals(Take.RELEASE, cell.takeMode());
        assertEquals(Read.ACQUIRE, cell.readMode());
        assertEquals("cas-take-fenced-read", CrossedLocking.cellName(Take.CAS, Read.FENCED));
    }

    @Test
    void theJmmForbidsBothFreeOnlyInTheFourOrderedCells() {
        int forbidden = 0;
        for (Take t : Take.values()) {
            for (Read r : Read.values()) {
                forbidden += Crossed.jmmForbidsBothFree(t, r) ? 1 : 0;
            }
        }
        assertEquals(4, forbidden);
        assertTrue(Crossed.jmmForbidsBothFree(Take.CAS, Read.VOLATILE) && Crossed.jmmForbidsBothFree(Take.OPAQUE, Read.FENCED));
        assertTrue(!Crossed.jmmForbidsBothFree(Take.PLAIN, Read.FENCED) && !Crossed.jmmForbidsBothFree(Take.CAS, Read.ACQUIRE));
    }

    @Test
    void theQSpinLockVariantRunsTwoQSpinLocks() {
        System.setProperty(ALLOWS, "qspinlock-unfenced");
        Crossed sample = Crossed.cell(CrossedJmmAllows.class, true).get();
        assertEquals(0, sample.cpu(0), "CPU 0 alone sees lock B free");
        assertEquals(1, sample.cpu(1), "CPU 1 then sees lock A held");
        System.setProperty(ALLOWS, "qspinlock-spare");
        assertEquals("'qspinlock-spare' is no variant CrossedJmmAllows runs",
                assertThrows(IllegalStateException.class, () -> Crossed.cell(CrossedJmmAllows.class, true)).getMessage());
    }

    @Test
    void theNamedCellRuns() {
        System.setProperty(ALLOWS, "opaque-take-opaque-read");
        Supplier<Crossed> cell = Crossed.cell(CrossedJmmAllows.class, true);
        Crossed sample = cell.get();
        assertEquals(0, sample.cpu(0), "CPU 0 alone sees lock B free");
        assertEquals(1, sample.cpu(1), "CPU 1 then sees lock A held");
    }

    @Test
    void aWrongCellStopsTheTest() {
        assertEquals("CrossedJmmAllows runs the variant named by -D" + ALLOWS + "=<variant>",
                assertThrows(IllegalStateException.class, () -> Crossed.cell(CrossedJmmAllows.class, true)).getMessage());
        System.setProperty(ALLOWS, "cas-take-volatile-read");
        assertEquals("cas-take-volatile-read: the JMM forbids its bad outcome; it belongs to CrossedJmmForbids",
                assertThrows(IllegalStateException.class, () -> Crossed.cell(CrossedJmmAllows.class, true)).getMessage());
        System.setProperty(ALLOWS, "xchg-take-plain-read");
        assertTrue(assertThrows(IllegalStateException.class, () -> Crossed.cell(CrossedJmmAllows.class, true)).getMessage()
                .startsWith("'xchg-take-plain-read' is no cell of the crossed-locking matrix"));
    }
}
