package org.handoff.cli.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.handoff.specs.TlaValue;

/**
 * CNA (specs/cna/CNA.tla): the queued spinlock's picture with the secondary queue as a second row. The
 * MCS head keeps the secondary queue's first node in its {@code locked} (a node name there instead
 * of 0 or 1), the first node keeps the last in its {@code tail} ({@code vstate.tail}); the green
 * dashed arrow goes from the head to the secondary queue, whose nodes are linked by {@code next}.
 */
class CnaPicture extends QSpinlockPicture {
    @Override
    String kind() {
        return "CNA: main and secondary queue";
    }

    @Override
    Map<Long, List<Long>> secondary(Map<String, TlaValue> st, Set<Long> nodes) {
        TlaValue vstate = st.get("vstate");
        TlaValue tails = vstate == null ? null : vstate.field("tail");
        if (tails == null) {
            return Map.of();
        }
        TlaValue nlocked = st.get("nlocked");
        Map<Long, List<Long>> out = new LinkedHashMap<>();
        Set<Long> seen = new LinkedHashSet<>();
        for (Long n : nodes) {
            long v = num(nlocked.at(new TlaValue.Int(n)));
            if (v <= 1 || nlocked.at(new TlaValue.Int(v)) == null) {
                continue;
            }
            List<Long> chain = new ArrayList<>();
            long last = num(tails.at(new TlaValue.Int(v)));
            long cur = v;
            while (cur != 0 && seen.add(cur)) {
                chain.add(cur);
                if (cur == last) {
                    break;
                }
                cur = num(st.get("nnext").at(new TlaValue.Int(cur)));
            }
            if (!chain.isEmpty()) {
                out.put(n, chain);
            }
        }
        return out;
    }

    @Override
    String lockedText(Map<String, TlaValue> st, long v) {
        return v > 1 && st.get("nlocked").at(new TlaValue.Int(v)) != null ? nodeName(v) + " (2nd queue)" : Long.toString(v);
    }

    @Override
    String gloss(String path) {
        return path.startsWith("vstate.intra[") ? "cna_node.intra_count" : path.startsWith("vstate.tail[") ? "cna_node.tail"
                : super.gloss(path);
    }

    @Override
    List<String[]> nodeExtras(Map<String, TlaValue> st, long n) {
        List<String[]> out = new ArrayList<>();
        TlaValue vstate = st.get("vstate");
        if (vstate == null || vstate.field("tail") == null) {
            return out;
        }
        TlaValue key = new TlaValue.Int(n);
        long tail = num(vstate.field("tail").at(key));
        out.add(new String[] {"tail = " + nodeName(tail), "vstate.tail[" + n + "]"});
        // The policy's own counter is drawn in every node, zero or not: a patch that changes how it
        // counts must show it (vstate.intra, the kernel's cna_node.intra_count).
        TlaValue intra = vstate.field("intra");
        if (intra != null) {
            out.add(new String[] {"intra_count = " + num(intra.at(key)), "vstate.intra[" + n + "]"});
        }
        return out;
    }
}
