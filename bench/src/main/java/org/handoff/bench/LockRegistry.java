package org.handoff.bench;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import org.handoff.models.SpinPolicy;
import org.handoff.models.clh.ClhLock;
import org.handoff.models.cna.CnaLock;
import org.handoff.models.cna.Topology;
import org.handoff.models.combining.CombiningLock;
import org.handoff.models.mcs.McsLock;
import org.handoff.models.mlock.MLock;
import org.handoff.models.pv.PvQSpinLock;
import org.handoff.models.qspinlock.QSpinLock;
import org.handoff.models.ticket.TicketLock;

/**
 * Every lock the benchmarks know, by name: the ports under the names the fairness harness and the
 * manifest use, the JDK's two locks, and the two baselines of the combining comparison. A lock is
 * one line here; the report's experiments pick a lock up by name.
 */
public final class LockRegistry {

    /** What a lock is built with. */
    public record Settings(String spin, int nodes, int batch, long seed) {
        public Settings {
            spinPolicy(spin); // validates
            if (nodes < 1) {
                throw new IllegalArgumentException("virtual NUMA nodes must be at least 1, not " + nodes);
            }
            if (batch < 1) {
                throw new IllegalArgumentException("the combining batch limit must be at least 1, not " + batch);
            }
        }

        public SpinPolicy policy() {
            return spinPolicy(spin);
        }
    }

    /** The spin policies a benchmark can name. */
    public static final List<String> POLICIES = List.of("forever", "yielding");

    static SpinPolicy spinPolicy(String name) {
        return switch (name) {
            case "forever" -> SpinPolicy.FOREVER;
            case "yielding" -> SpinPolicy.YIELDING;
            default -> throw new IllegalArgumentException(
                    "unknown spin policy '" + name + "' (one of " + String.join(", ", POLICIES) + ")");
        };
    }

    private static final Map<String, Function<Settings, BenchLock>> LOCKS = new LinkedHashMap<>();

    static {
        register("mcs", s -> BenchLock.port("mcs", s.spin(), new McsLock(s.policy())));
        register("qspinlock", s -> BenchLock.port("qspinlock", s.spin(), new QSpinLock(s.policy())));
        register("cna-v1", s -> BenchLock.port("cna-v1", s.spin(), cna(new CnaLock(s.policy()), s)));
        register("cna-prob", s -> BenchLock.port("cna-prob", s.spin(), cna(new CnaLock.Prob(s.policy()), s)));
        register("cna-threshold",
                s -> BenchLock.port("cna-threshold", s.spin(), cna(new CnaLock.Threshold(s.policy()), s)));
        register("ticket", s -> BenchLock.port("ticket", s.spin(), new TicketLock(s.policy())));
        register("clh", s -> BenchLock.port("clh", s.spin(), new ClhLock(s.policy())));
        register("mlock", s -> BenchLock.port("mlock", s.spin(), new MLock(s.policy())));
        register("combining", s -> BenchLock.combining("combining", s.spin(), new CombiningLock(s.policy())));
        register("combining-batch", s -> BenchLock.combining("combining-batch", s.spin(),
                new CombiningLock.Batched(s.policy(), s.batch())));
        register("spinlock", s -> BenchLock.port("spinlock", s.spin(), new TasSpinLock(s.policy())));
        register("spinlock-llist", s -> BenchLock.llist("spinlock-llist", s.spin(), new SpinlockList(s.policy())));
        register("reentrantlock", s -> BenchLock.reentrant("reentrantlock"));
        register("synchronized", s -> BenchLock.monitor("synchronized"));
        register("pv", s -> BenchLock.port("pv", s.spin(), new PvQSpinLock(s.policy())));
        register("pv-wait-early", s -> BenchLock.port("pv-wait-early", s.spin(), new PvQSpinLock.WaitEarly(s.policy())));
        register("pv-wait-early-merged", s -> BenchLock.port("pv-wait-early-merged", s.spin(),
                new PvQSpinLock.WaitEarlyMerged(s.policy())));
    }

    private LockRegistry() {
    }

    private static CnaLock cna(CnaLock lock, Settings s) {
        // CPU i on virtual node i % nodes: the same numbering as the workload's cost model.
        return lock.topology(Topology.alternating(s.nodes())).seed(s.seed());
    }

    /** Adds a lock; the name must be new. */
    public static synchronized void register(String name, Function<Settings, BenchLock> factory) {
        if (LOCKS.putIfAbsent(name, factory) != null) {
            throw new IllegalStateException("lock '" + name + "' is registered twice");
        }
    }

    /** The registered names, in registration order. */
    public static synchronized List<String> names() {
        return List.copyOf(LOCKS.keySet());
    }

    public static synchronized boolean has(String name) {
        return LOCKS.containsKey(name);
    }

    /** The locks whose waiters do not spin under a port's SpinPolicy (the policy column says how they wait). */
    public static boolean isJdk(String name) {
        return name.equals("reentrantlock") || name.equals("synchronized");
    }

    /** A new lock {@code name}; a one-line IllegalArgumentException for an unknown name. */
    public static BenchLock create(String name, Settings settings) {
        Function<Settings, BenchLock> f;
        synchronized (LockRegistry.class) {
            f = LOCKS.get(name);
        }
        if (f == null) {
            throw new IllegalArgumentException(unknown(name));
        }
        return f.apply(settings);
    }

    /** The one-line message for an unknown lock name. */
    public static String unknown(String name) {
        return String.format(Locale.ROOT, "unknown lock '%s' (one of %s)", name, String.join(", ", names()));
    }

    /** Unmodifiable view for tests. */
    static Map<String, Function<Settings, BenchLock>> all() {
        return Collections.unmodifiableMap(LOCKS);
    }
}
