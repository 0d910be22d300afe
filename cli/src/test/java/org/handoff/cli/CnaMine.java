package org.handoff.cli;

import org.handoff.models.SpinPolicy;
import org.handoff.models.Variant;
import org.handoff.models.cna.CnaLock;
import org.handoff.models.qspinlock.SlowpathHooks;

/** The Java side of {@link VariantBadInputTest}'s variant {@code cna-mine}: CNA v1 under that name. */
@Variant("cna-mine")
public class CnaMine extends CnaLock {
    public CnaMine() {
        super();
    }

    public CnaMine(SpinPolicy spin) {
        super(spin);
    }

    /** For the jcstress tests that choose their lock by variant. */
    public CnaMine(SpinPolicy spin, SlowpathHooks extra) {
        super(spin, extra);
    }
}
