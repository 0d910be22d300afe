package org.handoff.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The command a report names can be pasted into a shell and runs the same check again. */
class ReportCommandLineTest {
    @Test
    void plainArgumentsStayAsTheyAreAndOthersAreQuoted() {
        assertEquals("./handoff review pv --variant pv-wait-early --check=PV_N2",
                Report.commandLine("review", List.of("pv", "--variant", "pv-wait-early", "--check=PV_N2")));
        assertEquals("./handoff check --report 'my report' 'it'\\''s'",
                Report.commandLine("check", List.of("--report", "my report", "it's")));
    }
}
