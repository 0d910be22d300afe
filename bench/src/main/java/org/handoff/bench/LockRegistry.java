package org.handoff.bench;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.LinkedHashSet;
import java.util.Set;
import org.handoff.core.Check;
import org.handoff.core.HandoffException;
import org.handoff.core.Manifest;
import org.handoff.core.Outcome;
import org.handoff.core.ProjectRoot;
import org.handoff.models.HandoffLock;
import org.handoff.models.Ports;
import org.handoff.models.SpinPolicy;
import org.handoff.models.cna.CnaLock;
import org.handoff.models.cna.Topology;
import org.handoff.models.combining.CombiningLock;

/**
 * Every lock the benchmarks know, by name: each variant the manifest registers a Java port for
 * (its {@code ports}, the registry every level uses, so a variant written by {@code handoff variant
 * new} is benchmarked as it is), the JDK's two locks, and the two baselines of the combining
 * comparison. The report's experiments pick a lock up by name.
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

    /**
     * The properties whose loss a plain lock/unlock loop runs into: a broken mutual exclusion
     * corrupts the count, and a lost waiter or wake-up parks a thread for ever. A variant the manifest
     * expects to lose one of them ({@code cna-pv} loses a wake-up) is not benchmarked. Other recorded
     * losses are kept: fairness bounds and trace conformance do not stop a run, and the deadlock the
     * manifest records for {@code cna-v1} needs a nested (interrupt) context, which no benchmark makes.
     */
    static final Set<String> UNBENCHABLE_LOSSES = Set.of("MutualExclusion", "NoLostWaiter", "NoLostWakeup");

    /** Why the manifest could not be read, or null. */
    private static String manifestError;

    static {
        // Every variant with a Java port in the manifest's "ports" (the one registry of ports), in
        // the manifest's order of families; mutants are not benchmarked.
        Manifest m;
        try {
            m = Manifest.load(ProjectRoot.find());
        } catch (HandoffException e) {
            m = null;
            manifestError = e.getMessage() + " (the benchmarks take the ports from the manifest: run them from the"
                    + " project, or set -Dhandoff.root)";
        }
        if (m != null) {
            registerPorts(m);
        }
        // The benchmarks' own baselines, which are not ports of a family.
        register("spinlock", s -> BenchLock.port("spinlock", s.spin(), new TasSpinLock(s.policy())));
        register("spinlock-llist", s -> BenchLock.llist("spinlock-llist", s.spin(), new SpinlockList(s.policy())));
        register("reentrantlock", s -> BenchLock.reentrant("reentrantlock"));
        register("synchronized", s -> BenchLock.monitor("synchronized"));
    }

    private static void registerPorts(Manifest m) {
        Set<String> broken = new java.util.HashSet<>();
        m.checks().stream().filter(LockRegistry::breaks).forEach(c -> broken.add(c.family() + "/" + c.variant()));
        Set<String> seen = new LinkedHashSet<>();
        for (Check c : m.families().stream().flatMap(f -> m.checks().stream().filter(c -> c.family().equals(f.name())))
                .toList()) {
            String port = m.port(c.family(), c.variant());
            if (!c.mutant() && port != null && seen.add(c.variant()) && !broken.contains(c.family() + "/" + c.variant())) {
                register(c.variant(), s -> port(c.variant(), port, s));
            }
        }
    }

    private LockRegistry() {
    }

    /** The one-line error of a bench run without the manifest, whose ports it lists. */
    private static void requireManifest() {
        if (manifestError != null) {
            throw new IllegalArgumentException(manifestError);
        }
    }

    /** Whether {@code c} expects its variant to lose one of {@link #UNBENCHABLE_LOSSES}. */
    private static boolean breaks(Check c) {
        if (c.expected() != Outcome.FAIL || c.isWitness()) {
            return false;
        }
        return UNBENCHABLE_LOSSES.contains(c.property()) || c.violates().stream().anyMatch(UNBENCHABLE_LOSSES::contains);
    }

    /**
     * The port of class {@code className} under {@code variant}'s name, built with its public
     * {@code (SpinPolicy)} constructor (every level builds ports that way); a batched combining lock
     * then gets the settings' batch limit, a CNA port their topology and seed.
     */
    private static BenchLock port(String variant, String className, Settings s) {
        ClassLoader loader = LockRegistry.class.getClassLoader();
        Class<?> type = Ports.load(className, Object.class, loader);
        if (CombiningLock.class.isAssignableFrom(type)) {
            CombiningLock lock = Ports.make(Ports.constructor(type.asSubclass(CombiningLock.class), false,
                    SpinPolicy.class), s.policy());
            if (lock instanceof CombiningLock.Batched batched) {
                batched.batch(s.batch());
            }
            return BenchLock.combining(variant, s.spin(), lock);
        }
        HandoffLock<?> lock = Ports.make(Ports.constructor(Ports.load(className, HandoffLock.class, loader), false,
                SpinPolicy.class), s.policy());
        if (lock instanceof CnaLock c) {
            cna(c, s);
        }
        return BenchLock.port(variant, s.spin(), lock);
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
        requireManifest();
        return List.copyOf(LOCKS.keySet());
    }

    public static synchronized boolean has(String name) {
        requireManifest();
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
            requireManifest();
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
