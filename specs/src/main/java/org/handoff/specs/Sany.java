package org.handoff.specs;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import tla2sany.drivers.SANY;
import tla2sany.modanalyzer.SpecObj;
import tla2sany.semantic.ModuleNode;
import util.FilenameToStream;

/**
 * SANY, TLC's front end, run on one spec: its semantic tree, or what SANY said when it could not
 * build one. SANY keeps static state, so one parse runs at a time in a JVM.
 */
public final class Sany {

    /** The root module (null when the spec does not parse) and SANY's messages. */
    public record Parsed(ModuleNode root, String messages) {
    }

    private Sany() {
    }

    /**
     * Parses {@code spec}, finding the modules it uses in {@code resolver}. SANY's messages go to
     * the result, not to the console; a parse or semantic error gives a null root.
     *
     * @param quiet also silence {@code System.out} and {@code System.err} while SANY runs (it
     *     writes some errors there); only for a JVM that runs nothing else, as {@link SpecLint}'s.
     */
    public static synchronized Parsed parse(Path spec, FilenameToStream resolver, boolean quiet) {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(buf, true, StandardCharsets.UTF_8);
        String file = spec.toAbsolutePath().toString();
        SpecObj obj = new SpecObj(file, resolver);
        PrintStream sysOut = System.out;
        PrintStream sysErr = System.err;
        PrintStream toolOut = util.ToolIO.out;
        PrintStream toolErr = util.ToolIO.err;
        if (quiet) {
            System.setOut(out);
            System.setErr(out);
        }
        util.ToolIO.out = out;
        util.ToolIO.err = out;
        try {
            SANY.frontEndMain(obj, file, out);
        } catch (Exception | Error ex) {
            out.println(ex.getMessage());
        } finally {
            if (quiet) {
                System.setOut(sysOut);
                System.setErr(sysErr);
            }
            util.ToolIO.out = toolOut;
            util.ToolIO.err = toolErr;
        }
        ModuleNode root = obj.getRootModule();
        boolean failed = obj.getErrorLevel() > 2 || root == null || obj.getParseErrors().isFailure()
                || obj.getSemanticErrors().isFailure() || obj.getInitErrors().isFailure();
        return new Parsed(failed ? null : root, buf.toString(StandardCharsets.UTF_8));
    }

    /**
     * Finds modules in the given directories, then TLC's standard modules, which it copies out of
     * the TLA+ tools' jar into a directory of its own. TLC's resolver copies them into
     * {@code java.io.tmpdir} and deletes them when the JVM exits, which is safe only in a forked JVM
     * with a private temporary directory; this one is safe in a JVM that runs other work.
     */
    public static final class Modules implements FilenameToStream {
        private static Path standard;
        private final List<Path> dirs;

        public Modules(List<Path> dirs) {
            this.dirs = List.copyOf(dirs);
        }

        @Override
        public File resolve(String name, boolean isModule) {
            String file = isModule && !name.endsWith(".tla") ? name + ".tla" : name;
            Path f = TlaText.moduleFile(file, dirs);
            if (f != null) {
                return new TLAFile(f.toString(), this);
            }
            Path std = standardModule(file);
            return new TLAFile(std != null ? std.toString() : file, std != null, this);
        }

        @Override
        public String getFullPath() {
            return String.join(File.pathSeparator, dirs.stream().map(Path::toString).toList());
        }

        @Override
        public boolean isStandardModule(String name) {
            return TlaText.moduleFile(name, dirs) == null
                    && standardModule(name.endsWith(".tla") ? name : name + ".tla") != null;
        }

        private static synchronized Path standardModule(String file) {
            try (InputStream in = SANY.class.getClassLoader().getResourceAsStream("tla2sany/StandardModules/" + file)) {
                if (in == null) {
                    return null;
                }
                if (standard == null) {
                    standard = Files.createTempDirectory("handoff-sany-");
                    standard.toFile().deleteOnExit();
                }
                Path f = standard.resolve(file);
                if (!Files.isRegularFile(f)) {
                    Files.copy(in, f, StandardCopyOption.REPLACE_EXISTING);
                    f.toFile().deleteOnExit();
                }
                return f;
            } catch (IOException e) {
                return null;
            }
        }
    }
}
