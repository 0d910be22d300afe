package org.handoff.crosscheck.agreement;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.handoff.core.HandoffException;
import org.handoff.models.clh.ClhLock;
import org.handoff.models.cna.CnaLock;
import org.handoff.models.mcs.McsLock;
import org.handoff.models.mlock.MLock;
import org.handoff.models.pv.Paravirt;
import org.handoff.models.pv.PvHashTable;
import org.handoff.models.pv.PvLockWord;
import org.handoff.models.pv.PvVariant;
import org.handoff.models.qspinlock.QLockWord;
import org.handoff.models.qspinlock.QNode;
import org.handoff.models.qspinlock.QSpinLock;
import org.handoff.models.ticket.TicketLock;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * The access-mode agreement of a family (docs/weak-memory.md): every shared access of its
 * weak-memory spec, with the kernel order the spec gives it (the spec's {@code Kernel} record), next
 * to the access the Java port really makes for it, read from the port's bytecode (the
 * {@link org.handoff.models.trace.Memory} method it calls, on which {@code VarHandle} field). The
 * port's order must be the spec's, or stronger where a written reason says why the JMM needs more
 * than the kernel (Java has no address dependencies); anything else is a problem. So a port
 * weakened from {@code setRelease} to a plain store, or a spec annotation changed without the port,
 * fails the build ({@code AccessModeAgreementTest}).
 */
public final class AccessModes {
    /**
     * One access of the spec, and where the port makes it: a step method and the field it touches
     * ({@code fence} for a {@code VarHandle} fence). The method is the port's, or {@code Class.method}
     * for one of the family's helper classes.
     */
    public record Access(String name, String method, String field) {
    }

    /**
     * A family's table: its weak-memory spec, the port class, the accesses, and the accesses where
     * the port is stronger than the kernel, each with the port's order and the reason. The helpers
     * are the classes the port's steps call into (the lock word's accesses, {@code QLockWord}; PV's
     * byte forms and spin phases; a node read through its own method); their calls are followed
     * like the port's.
     */
    public record FamilyModes(String family, String spec, Class<?> port, List<Access> accesses,
            Map<String, String[]> stronger, List<Class<?>> helpers) {
        public FamilyModes(String family, String spec, Class<?> port, List<Access> accesses,
                Map<String, String[]> stronger) {
            this(family, spec, port, accesses, stronger, List.of());
        }
    }

    /** One row: an access, its spec order, the port's call and its order, and the verdict. */
    public record Row(String access, String specOrder, String javaCall, String javaOrder, String note, boolean ok) {
    }

    private static final String NO_ADDRESS_DEPENDENCY = "the kernel relies on the address dependency to the"
            + " successor's node; Java has none, so the load is an acquire (pairs with link_prev)";

    public static final FamilyModes MCS = new FamilyModes("mcs", "MCSWeak.tla", McsLock.class, List.of(
            new Access("init_locked", "initNode", "LOCKED"),
            new Access("init_next", "initNode", "NEXT"),
            new Access("xchg_tail", "xchgTail", "TAIL"),
            new Access("link_prev", "linkPrev", "NEXT"),
            new Access("spin_locked", "spinLocked", "LOCKED"),
            new Access("unlock_read_next", "readNext", "NEXT"),
            new Access("unlock_cmpxchg", "cmpxchgTail", "TAIL"),
            new Access("unlock_wait_next", "waitNext", "NEXT"),
            new Access("unlock_handoff", "handoff", "LOCKED")),
            Map.of("link_prev", new String[] {"release", "the kernel's fully ordered xchg orders the node's"
                    + " initialisation before this store; the JMM gives getAndSet no such effect on later"
                    + " accesses, so the port publishes with a release"},
                    "unlock_read_next", new String[] {"acquire", NO_ADDRESS_DEPENDENCY},
                    "unlock_wait_next", new String[] {"acquire", "as unlock_read_next: no address dependency in Java"}));

    public static final FamilyModes TICKET = new FamilyModes("ticket", "TicketWeak.tla", TicketLock.class, List.of(
            new Access("mp_lock_ticket", "mpLockTicket", "USERS"),
            new Access("mp_lock_spin", "mpLockSpin", "TICKET"),
            new Access("mp_unlock_load", "mpUnlockLoad", "TICKET"),
            new Access("mp_unlock_store", "mpUnlockStore", "TICKET")),
            Map.of("mp_lock_ticket", new String[] {"full", "VarHandle has no relaxed getAndAdd; OpenBSD's"
                    + " atomic_inc_int_nv implies no barrier"}));

    public static final FamilyModes CLH = new FamilyModes("clh", "CLHWeak.tla", ClhLock.class, List.of(
            new Access("clh_init_node", "clhInitNode", "LOCKED"),
            new Access("clh_swap_tail", "clhSwapTail", "TAIL"),
            new Access("clh_spin_pred", "clhSpinPred", "LOCKED"),
            new Access("clh_release", "clhRelease", "LOCKED")),
            Map.of());

    /** The M-lock: CLH's acquisition (ClhLock's steps, CLHWeak's access names) and its own release. */
    public static final FamilyModes MLOCK = new FamilyModes("mlock", "MLockWeak.tla", MLock.class, List.of(
            new Access("clh_init_node", "clhInitNode", "LOCKED"),
            new Access("clh_swap_tail", "clhSwapTail", "TAIL"),
            new Access("clh_spin_pred", "clhSpinPred", "LOCKED"),
            new Access("mp_unlock_cas", "mpUnlockCas", "TAIL"),
            new Access("mp_unlock_release", "mpUnlockRelease", "LOCKED")),
            Map.of());

    private static final String NO_RELAXED_CAS_RETURNING = "VarHandle has no relaxed compare-and-exchange that"
            + " returns the value found";
    private static final String NO_RELAXED_CAS = NO_RELAXED_CAS_RETURNING + ", so the port's loop uses the volatile one"
            + " (the class comment of QSpinLock)";

    /** set_locked on a whole word: a compare-and-exchange loop, volatile for want of a relaxed one. */
    private static final String[] SET_LOCKED_STRONGER = {"full", NO_RELAXED_CAS + "; the kernel's byte store has no"
            + " whole-word form weaker than a relaxed RMW"};

    /**
     * Where the queueing is stronger in the port than in qspinlock.c, for qspinlock's table and CNA's
     * (CnaLock inherits these steps from QSpinLock): one reason per access.
     */
    private static final Map<String, String[]> QUEUEING_STRONGER = Map.of(
            "xchg_tail", new String[] {"full", NO_RELAXED_CAS},
            "publish_wmb", new String[] {"full", "the port has no smp_wmb(): its tail exchange is a volatile"
                    + " compare-and-exchange, which orders the node's initialisation before the tail as the barrier"
                    + " does"},
            "link_prev", new String[] {"release", "the kernel's smp_wmb() orders the node's initialisation before"
                    + " this store; the JMM gives the volatile tail exchange no such effect on later accesses, so the"
                    + " port publishes with a release"},
            "head_cmpxchg", new String[] {"full", NO_RELAXED_CAS},
            "set_locked", SET_LOCKED_STRONGER,
            "wait_next", new String[] {"acquire", NO_ADDRESS_DEPENDENCY});

    /** {@link #QUEUEING_STRONGER} and a family's own stronger accesses. */
    private static Map<String, String[]> queueingAnd(Map<String, String[]> own) {
        Map<String, String[]> all = new LinkedHashMap<>(QUEUEING_STRONGER);
        all.putAll(own);
        return Map.copyOf(all);
    }

    public static final FamilyModes QSPINLOCK = new FamilyModes("qspinlock", "QSpinlockWeak.tla", QSpinLock.class,
            List.of(new Access("fast_cmpxchg", "fastPathCmpxchg", "VAL"),
                    new Access("pending_reload", "waitPendingHandover", "VAL"),
                    new Access("set_pending", "queuedFetchSetPendingAcquire", "VAL"),
                    new Access("clear_pending", "clearPending", "VAL"),
                    new Access("pending_wait", "waitLockedClear", "VAL"),
                    new Access("clear_pending_set_locked", "clearPendingSetLocked", "VAL"),
                    new Access("init_locked", "initNode", "NODE_LOCKED"),
                    new Access("init_next", "initNode", "NEXT"),
                    new Access("queue_trylock", "queuedSpinTrylock", "VAL"),
                    new Access("publish_wmb", "xchgTail", "VAL"),
                    new Access("xchg_tail", "xchgTail", "VAL"),
                    new Access("link_prev", "linkPrev", "NEXT"),
                    new Access("mcs_spin", "spinNodeLocked", "NODE_LOCKED"),
                    new Access("head_wait", "waitHead", "VAL"),
                    new Access("head_cmpxchg", "claimAsLast", "VAL"),
                    new Access("set_locked", "setLocked", "VAL"),
                    new Access("wait_next", "waitNext", "NEXT"),
                    new Access("mcs_handoff", "mcsHandoff", "NODE_LOCKED"),
                    new Access("unlock", "releaseLockedByte", "VAL")),
            queueingAnd(Map.of("clear_pending", new String[] {"full", NO_RELAXED_CAS},
                    "clear_pending_set_locked", new String[] {"full", NO_RELAXED_CAS})),
            List.of(QLockWord.class));

    /**
     * CNA v1 as a whole (CNAWeak.tla): the queueing the port shares with qspinlock ({@code QSpinLock}'s
     * steps, which CnaLock inherits) and CNA's own steps. The port records a node's socket once, at
     * initialisation (CnaLock's class comment says why that is harmless), so both of v1's
     * {@code set_socket} stores map to that one plain field store.
     */
    public static final FamilyModes CNA = new FamilyModes("cna", "CNAWeak.tla", CnaLock.class,
            List.of(new Access("fast_cmpxchg", "fastPathCmpxchg", "VAL"),
                    new Access("init_locked", "initNode", "NODE_LOCKED"),
                    new Access("init_next", "initNode", "NEXT"),
                    new Access("init_socket", "cnaInitNode", "numaNode"),
                    new Access("queue_trylock", "queuedSpinTrylock", "VAL"),
                    new Access("publish_wmb", "xchgTail", "VAL"),
                    new Access("xchg_tail", "xchgTail", "VAL"),
                    new Access("set_socket", "cnaInitNode", "numaNode"),
                    new Access("link_prev", "linkPrev", "NEXT"),
                    new Access("head_locked", "cnaHeadOfEmptyQueue", "NODE_LOCKED"),
                    new Access("mcs_spin", "spinNodeLocked", "NODE_LOCKED"),
                    new Access("head_wait", "waitHead", "VAL"),
                    new Access("head_check", "secondaryOf", "NODE_LOCKED"),
                    new Access("sec_tail", "secondaryAsMainQueue", "tail"),
                    new Access("head_cmpxchg", "clearTailCmpxchg", "VAL"),
                    new Access("pass_secondary", "passToSecondaryHead", "NODE_LOCKED"),
                    new Access("set_locked", "setLocked", "VAL"),
                    new Access("wait_next", "waitNext", "NEXT"),
                    new Access("find_succ", "findSuccessor", "numaNode"),
                    new Access("scan", "walkRead", "NEXT"),
                    new Access("scan_socket", "findSuccessor", "numaNode"),
                    new Access("splice_head", "moveLink", "NODE_LOCKED"),
                    new Access("append_sec", "moveLink", "NEXT"),
                    new Access("cut_tail", "moveCut", "NEXT"),
                    new Access("set_sec_tail", "moveTail", "tail"),
                    new Access("mcs_handoff", "handOff", "NODE_LOCKED"),
                    new Access("flush_splice", "spliceSecondary", "NEXT"),
                    new Access("pass_flush", "passToSecondaryHead", "NODE_LOCKED"),
                    new Access("pass_next", "handOff", "NODE_LOCKED"),
                    new Access("unlock", "releaseLockedByte", "VAL")),
            queueingAnd(Map.of("scan", new String[] {"acquire", "the kernel relies on the address dependency to"
                            + " the next node; Java has none, so find_successor's READ_ONCE(cur->next) is an acquire"},
                    "flush_splice", new String[] {"release", "the port writes a next link that another CPU follows"
                            + " with a release, as linkPrev; in the kernel the release hand-off after it orders"
                            + " the plain store"})),
            List.of(QLockWord.class));

    private static final String SPIN_THEN_ACQUIRE = "the port's QNode.readLocked is an acquire: after pv_wait_node"
            + " returns, the kernel's caller reads node->locked once more with arch_mcs_spin_lock_contended's"
            + " acquire, and the port's one read does both";

    private static final String[] WHOLE_WORD_ONCE = {"full", "the port's locked byte is part of the whole lock word"
            + " (the NR_CPUS >= 16K form), so WRITE_ONCE(lock->locked) is a compare-and-exchange loop, volatile for"
            + " want of a relaxed one"};

    private static final String[] ENTRY_FREED_RELEASE = {"release", "the port frees a hash entry with a"
            + " release, so that what was read from it is read before another CPU can claim it; the kernel has that"
            + " order from the release that follows (the unlock's smp_store_release, or the head's hand-off)"};

    /**
     * PV (PVWeak.tla): the hooks ({@code Paravirt}) make the accesses, through the lock word's methods,
     * the node's {@code readLocked} and the hash table's entries ({@code PvHashTable}).
     */
    public static final FamilyModes PV = new FamilyModes("pv", "PVWeak.tla", Paravirt.class,
            List.of(new Access("set_locked", "QSpinLock.setLocked", "VAL"),
                    new Access("mcs_handoff", "QSpinLock.mcsHandoff", "NODE_LOCKED"),
                    new Access("kick_mb", "kickCmpxchg", "fence"),
                    new Access("kick_cmpxchg", "kickCmpxchg", "STATE"),
                    new Access("slow_store", "PvLockWord.writeLocked", "VAL"),
                    new Access("hash", "PvHashTable.hash", "KEYS"),
                    new Access("unlock", "unlockCmpxchg", "VAL"),
                    new Access("unlock_rmb", "unlockSlowpath", "fence"),
                    new Access("unhash", "PvHashTable.unhash", "NODES"),
                    new Access("unhash_clear", "PvHashTable.clear", "KEYS"),
                    new Access("unlock_slow", "PvLockWord.writeLockedRelease", "VAL"),
                    new Access("spin", "PvVariant.spinNode", "NODE_LOCKED"),
                    new Access("store_halted", "storeHalted", "STATE"),
                    new Access("wait_mb", "storeHalted", "fence"),
                    new Access("recheck", "recheckUnlocked", "NODE_LOCKED"),
                    new Access("reset", "wakeCmpxchg", "STATE"),
                    new Access("head_state", "hashedByKicker", "STATE"),
                    new Access("head_running", "storeRunning", "STATE"),
                    new Access("trylock", "trylockClearPendingCas", "VAL"),
                    new Access("head_xchg", "PvLockWord.xchgLocked", "VAL"),
                    new Access("head_set_locked", "PvLockWord.writeLocked", "VAL"),
                    new Access("head_unhash", "PvHashTable.clear", "KEYS"),
                    new Access("head_store_hashed", "storeHashed", "STATE")),
            Map.ofEntries(Map.entry("set_locked", SET_LOCKED_STRONGER),
                    Map.entry("kick_cmpxchg", new String[] {"full", NO_RELAXED_CAS_RETURNING
                            + ", so the port uses the volatile one"}),
                    Map.entry("slow_store", WHOLE_WORD_ONCE),
                    Map.entry("head_set_locked", WHOLE_WORD_ONCE),
                    Map.entry("hash", new String[] {"full", NO_RELAXED_CAS_RETURNING
                            + ", so pv_hash's cmpxchg_relaxed on the entry's key is the volatile one"}),
                    Map.entry("unlock_rmb", new String[] {"acquire", "Java has no load-load fence;"
                            + " VarHandle.acquireFence orders the loads before it against the loads and stores after"
                            + " it, which covers smp_rmb()"}),
                    Map.entry("unhash", new String[] {"acquire", "the port reads an entry's key and node with"
                            + " acquires, so the node read is ordered after the key read without leaning on the fence"
                            + " before it"}),
                    Map.entry("unhash_clear", ENTRY_FREED_RELEASE),
                    Map.entry("head_unhash", ENTRY_FREED_RELEASE),
                    Map.entry("spin", new String[] {"acquire", SPIN_THEN_ACQUIRE}),
                    Map.entry("recheck", new String[] {"acquire", "the same QNode.readLocked as spin"})),
            List.of(QSpinLock.class, QLockWord.class, QNode.class, PvLockWord.class, PvVariant.class,
                    PvHashTable.class));

    /** Every family with a weak-memory spec, in the order the tables are printed. */
    public static final List<FamilyModes> FAMILIES = List.of(MCS, QSPINLOCK, CNA, PV, TICKET, CLH, MLOCK);

    private static final String MEMORY = "org/handoff/models/trace/Memory";
    private static final String VAR_HANDLE = "java/lang/invoke/VarHandle";
    private static final Pattern KERNEL = Pattern.compile("(?s)\\nKernel\\s*==\\s*\\[(.*?)\\]");
    private static final Pattern PAIR = Pattern.compile("(\\w+)\\s*\\|->\\s*\"(\\w+)\"");

    private AccessModes() {
    }

    /** The orders of the spec's {@code Kernel} record, by access name, from the spec's text. */
    public static Map<String, String> specOrders(String specText, String where) {
        Matcher m = KERNEL.matcher(specText);
        if (!m.find()) {
            throw new HandoffException(where + ": no record 'Kernel == [access |-> \"order\", ...]'");
        }
        Map<String, String> out = new LinkedHashMap<>();
        Matcher p = PAIR.matcher(m.group(1));
        while (p.find()) {
            out.put(p.group(1), p.group(2));
        }
        return out;
    }

    /** The order a {@code Memory} method gives its access, in the spec's words. */
    static String orderOf(String memoryMethod) {
        String n = memoryMethod;
        String fence = switch (n) {
            case "fullFence" -> "full";
            case "acquireFence" -> "acquire";
            case "releaseFence" -> "release";
            default -> null;
        };
        if (fence != null) {
            return fence;
        }
        if (n.contains("Release")) {
            return "release";
        }
        if (n.contains("Acquire")) {
            return "acquire";
        }
        if (n.contains("Opaque")) {
            return "once";
        }
        if (n.contains("Volatile") || n.startsWith("getAnd") || n.startsWith("compareAnd")) {
            return "full";
        }
        return "plain";
    }

    private static boolean isRmw(String memoryMethod) {
        return memoryMethod.startsWith("compareAnd") || memoryMethod.startsWith("weakCompareAnd")
                || memoryMethod.startsWith("getAnd");
    }

    /** How strong an order is, for a comparison of one access (plain and once are alike). */
    private static int rank(String order) {
        return switch (order) {
            case "plain", "once", "relaxed", "none" -> 0;
            case "acquire", "release", "wmb", "rmb" -> 1;
            case "acq_rel" -> 2;
            case "full", "mb" -> 3;
            default -> throw new HandoffException("unknown order '" + order + "'");
        };
    }

    /**
     * Whether the port's order is more than the spec's: a higher rank, or an acquire fence for
     * {@code smp_rmb()} (same rank: it orders earlier loads against later loads, as smp_rmb() does,
     * and against later stores as well).
     */
    private static boolean stronger(String java, String spec) {
        return rank(java) > rank(spec) || (java.equals("acquire") && spec.equals("rmb"));
    }

    private static boolean same(String spec, String java) {
        return rank(spec) == rank(java) && (rank(spec) != 1 || spec.equals(java));
    }

    /**
     * The Memory calls a step method of {@code port} (or {@code Helper.method} of one of
     * {@code helpers}) makes, as "FIELD.method", following calls to other steps of the port and the
     * helpers; direct {@code VarHandle} accesses count the same, and its fences as "fence.fullFence"
     * and the like.
     */
    static List<String> memoryCalls(Class<?> port, List<Class<?>> helpers, String step) {
        List<String> out = new ArrayList<>();
        int dot = step.indexOf('.');
        Class<?> start = port;
        String method = step;
        if (dot > 0) {
            String simple = step.substring(0, dot);
            start = helpers.stream().filter(h -> h.getSimpleName().equals(simple)).findFirst()
                    .orElseThrow(() -> new HandoffException(step + ": " + simple + " is not a helper class of "
                            + port.getName()));
            method = step.substring(dot + 1);
        }
        collect(port, helpers, start, method, out, new LinkedHashSet<>());
        return out;
    }

    private static void collect(Class<?> port, List<Class<?>> helpers, Class<?> in, String method, List<String> out,
            Set<String> seen) {
        if (!seen.add(in.getName() + "." + method)) {
            return;
        }
        MethodNode m = find(in, method);
        String lastField = null;
        for (AbstractInsnNode i : m.instructions) {
            if (i instanceof FieldInsnNode f && i.getOpcode() == Opcodes.GETSTATIC
                    && f.desc.equals("Ljava/lang/invoke/VarHandle;")) {
                lastField = f.name;
            } else if (i instanceof FieldInsnNode f && (i.getOpcode() == Opcodes.GETFIELD || i.getOpcode() == Opcodes.PUTFIELD)) {
                // A plain Java field (CNA's per-node secondary tail): a plain access, named by the field.
                out.add(f.name + "." + (i.getOpcode() == Opcodes.GETFIELD ? "get" : "set"));
            } else if (i instanceof InvokeDynamicInsnNode d) {
                // A step written as a lambda (CnaLock's cnaStep(() -> ...)) or a method reference
                // (QLockWord::cmpxchgAcquire passed to fetchUpdate): its body is the port's code.
                for (Object arg : d.bsmArgs) {
                    if (arg instanceof Handle h) {
                        Class<?> owner = classOf(port, helpers, h.getOwner());
                        if (owner != null && (h.getName().startsWith("lambda$") || declares(owner, h.getName()))) {
                            collect(port, helpers, owner, h.getName(), out, seen);
                        }
                    }
                }
            } else if (i instanceof MethodInsnNode c) {
                Class<?> owner = classOf(port, helpers, c.owner);
                if (c.owner.equals(MEMORY) && !c.name.equals("recordTo")) {
                    out.add(lastField + "." + c.name);
                } else if (c.owner.equals(VAR_HANDLE) && c.getOpcode() == Opcodes.INVOKESTATIC) {
                    out.add("fence." + c.name);
                } else if (c.owner.equals(VAR_HANDLE) && lastField != null) {
                    out.add(lastField + "." + c.name);
                } else if (owner != null && !c.name.startsWith("<") && declares(owner, c.name)) {
                    collect(port, helpers, owner, c.name, out, seen);
                }
            }
        }
    }

    private static boolean isPortClass(Class<?> port, String owner) {
        for (Class<?> k = port; k != null && k != Object.class; k = k.getSuperclass()) {
            if (k.getName().replace('.', '/').equals(owner)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The class whose code a call to {@code owner} runs: the port (its most derived class, for
     * virtual dispatch) when the owner is in the port's class chain, else the helper of that name,
     * else null (a call the table does not follow).
     */
    private static Class<?> classOf(Class<?> port, List<Class<?>> helpers, String owner) {
        if (isPortClass(port, owner)) {
            return port;
        }
        for (Class<?> h : helpers) {
            if (isPortClass(h, owner)) {
                return h;
            }
        }
        return null;
    }

    private static boolean declares(Class<?> port, String method) {
        try {
            find(port, method);
            return true;
        } catch (HandoffException e) {
            return false;
        }
    }

    /** The method as the most derived class of {@code port} declares it (virtual dispatch). */
    private static MethodNode find(Class<?> port, String method) {
        for (Class<?> k = port; k != null && k != Object.class; k = k.getSuperclass()) {
            for (MethodNode m : classNode(k).methods) {
                if (m.name.equals(method) && ((m.access & Opcodes.ACC_SYNTHETIC) == 0 || method.startsWith("lambda$"))) {
                    return m;
                }
            }
        }
        throw new HandoffException(port.getName() + ": no method " + method);
    }

    private static ClassNode classNode(Class<?> k) {
        String res = "/" + k.getName().replace('.', '/') + ".class";
        try (InputStream in = k.getResourceAsStream(res)) {
            if (in == null) {
                throw new HandoffException("no class file for " + k.getName());
            }
            ClassNode n = new ClassNode();
            new ClassReader(in).accept(n, ClassReader.SKIP_FRAMES);
            return n;
        } catch (IOException e) {
            throw new HandoffException("cannot read the class file of " + k.getName() + ": " + e.getMessage(), e);
        }
    }

    /** The table of {@code f} with {@code port} in place of the family's port (a mutant, say). */
    public static List<Row> rows(FamilyModes f, Map<String, String> spec, Class<?> port) {
        List<Row> rows = new ArrayList<>();
        Set<String> mapped = new LinkedHashSet<>();
        for (Access a : f.accesses()) {
            mapped.add(a.name());
            String specOrder = spec.get(a.name());
            List<String> calls = memoryCalls(port, f.helpers(), a.method()).stream().filter(c -> c.startsWith(a.field() + ".")).toList();
            // A compare-and-exchange loop reads its first guess with a load: the access is the RMW.
            List<String> rmw = calls.stream().filter(c -> isRmw(c.substring(c.indexOf('.') + 1))).toList();
            if (!rmw.isEmpty()) {
                calls = rmw;
            }
            if (specOrder == null) {
                rows.add(new Row(a.name(), "—", String.join(", ", calls), "—", "the spec's Kernel record has no such access", false));
                continue;
            }
            if (calls.isEmpty()) {
                rows.add(new Row(a.name(), specOrder, "—", "—", a.method() + " makes no Memory access to " + a.field(), false));
                continue;
            }
            Set<String> orders = new LinkedHashSet<>();
            calls.forEach(c -> orders.add(orderOf(c.substring(c.indexOf('.') + 1))));
            String javaOrder = String.join("/", orders);
            String[] stronger = f.stronger().get(a.name());
            boolean ok;
            String note;
            if (orders.size() != 1) {
                ok = false;
                note = "the port makes this access with several orders";
            } else if (stronger != null) {
                ok = stronger[0].equals(javaOrder) && stronger(javaOrder, specOrder);
                note = ok ? "stronger than the kernel: " + stronger[1]
                        : "recorded as " + stronger[0] + " over the spec's order, but the port makes it " + javaOrder
                                + " and the spec says " + specOrder;
            } else {
                ok = same(specOrder, javaOrder);
                note = ok ? "" : "the port makes it " + javaOrder + ", the spec " + specOrder;
            }
            rows.add(new Row(a.name(), specOrder, a.method() + ": " + String.join(", ", calls), javaOrder, note, ok));
        }
        for (String s : spec.keySet()) {
            if (!mapped.contains(s)) {
                rows.add(new Row(s, spec.get(s), "—", "—", "no port step is mapped to this access", false));
            }
        }
        return rows;
    }

    /** The family's table against its own port and spec file. */
    public static List<Row> rows(Path root, FamilyModes f) {
        String name = "specs/" + f.family() + "/" + f.spec();
        try {
            return rows(f, specOrders(Files.readString(root.resolve(name)), name), f.port());
        } catch (IOException e) {
            throw new HandoffException("cannot read " + name + ": " + e.getMessage(), e);
        }
    }

    public static String markdown(FamilyModes f, List<Row> rows) {
        StringBuilder s = new StringBuilder();
        s.append("| access (`").append(f.spec()).append("`) | kernel order | port (`")
                .append(f.port().getSimpleName()).append("`): step and Memory call | port order | agrees |\n");
        s.append("|---|---|---|---|---|\n");
        for (Row r : rows) {
            s.append("| `").append(r.access()).append("` | ").append(r.specOrder()).append(" | ").append(r.javaCall())
                    .append(" | ").append(r.javaOrder()).append(" | ").append(r.ok() ? "yes" : "NO")
                    .append(r.note().isEmpty() ? "" : ": " + r.note()).append(" |\n");
        }
        return s.toString();
    }
}
