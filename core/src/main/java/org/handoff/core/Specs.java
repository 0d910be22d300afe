package org.handoff.core;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a family's files live: {@code specs/<family>/} holds its specs, {@code models/} (TLC
 * configs), {@code mutants/} (spec mutants), {@code trace/} (the trace map), its manifest file
 * ({@code <family>.json}) and the manifest files of proposed variants ({@code <variant>.json}).
 * Modules every family uses (the memory layer, the critical section, the property catalogue's
 * operators) are in {@code specs/common/}.
 *
 * <p>A manifest entry names its spec, config and trace map relative to its family's folder, so a
 * family's manifest reads the same wherever the project is. TLC is given every folder as its module
 * library ({@link #library}), so a spec may extend a module of another family (CNA's PV port
 * extends CNA) and module names stay unique across the tree.
 */
public final class Specs {
    /** The folder, under the project root, that holds every family's folder. */
    public static final String DIR = "specs";
    /** The folder of the modules shared by the families. */
    public static final String COMMON = "common";
    private static final List<String> SUBDIRS = List.of("mutants", "trace");

    private Specs() {
    }

    /** {@code specs/} under {@code root}. */
    public static Path dir(Path root) {
        return root.resolve(DIR);
    }

    /** The folder of {@code family}: {@code specs/<family>/}. */
    public static Path family(Path root, String family) {
        return dir(root).resolve(family);
    }

    /** A file an entry names ({@code spec}, {@code config}), resolved in its family's folder. */
    public static Path file(Path root, Check c, String key) {
        return fileIn(dir(root), c, key);
    }

    /** {@link #file}, given {@code specs/} itself instead of the project root. */
    public static Path fileIn(Path specsDir, Check c, String key) {
        return specsDir.resolve(c.family()).resolve(c.param(key));
    }

    /**
     * The family folders: the folders of {@code specs/} that hold a manifest file of their own name
     * ({@code specs/mcs/mcs.json}), in name order.
     */
    public static List<Path> families(Path root) {
        return folders(root).stream().filter(d -> Files.isRegularFile(d.resolve(d.getFileName() + ".json"))).toList();
    }

    /**
     * TLC's module library: {@code specs/common/}, then every family folder with its
     * {@code mutants/} and {@code trace/} where they exist.
     */
    public static List<Path> library(Path root) {
        List<Path> out = new ArrayList<>();
        out.add(dir(root).resolve(COMMON));
        for (Path d : families(root)) {
            out.add(d);
            for (String sub : SUBDIRS) {
                if (Files.isDirectory(d.resolve(sub))) {
                    out.add(d.resolve(sub));
                }
            }
        }
        return out;
    }

    /**
     * Every manifest file under {@code specs/}: in each family folder, its {@code *.json}, in path
     * order (a family's own file and its proposed variants' files).
     */
    public static List<Path> manifestFiles(Path root) {
        List<Path> out = new ArrayList<>();
        for (Path d : families(root)) {
            try (var s = Files.list(d)) {
                s.filter(p -> p.getFileName().toString().endsWith(".json") && Files.isRegularFile(p)).sorted()
                        .forEach(out::add);
            } catch (IOException e) {
                throw new HandoffException(d + ": cannot list the family folder: " + e.getMessage(), e);
            }
        }
        return out;
    }

    private static List<Path> folders(Path root) {
        Path specs = dir(root);
        if (!Files.isDirectory(specs)) {
            return List.of();
        }
        try (var s = Files.list(specs)) {
            return s.filter(Files::isDirectory).sorted().toList();
        } catch (IOException e) {
            throw new HandoffException(specs + ": cannot list the spec folders: " + e.getMessage(), e);
        }
    }
}
