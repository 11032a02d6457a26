package dev.swizzlegen.processor;

import static dev.swizzlegen.processor.diag.OptionNames.ARCH;
import static dev.swizzlegen.processor.diag.OptionNames.CONFLICTS;
import static dev.swizzlegen.processor.diag.OptionNames.HELPERS;
import static dev.swizzlegen.processor.diag.OptionNames.NAMESPACE;
import static dev.swizzlegen.processor.diag.OptionNames.REPORTS;
import static dev.swizzlegen.processor.diag.OptionNames.SUMMARY;

import dev.swizzlegen.processor.read.Names;
import dev.swizzlegen.runtime.Architecture;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import javax.tools.Diagnostic;

/**
 * The {@code -Aswizzlegen.*} options, read once: typed values, or one problem per option whose value
 * is missing, empty or malformed. javac hands an option given as {@code -Akey} (no value) as
 * {@code null} and {@code -Akey=} as an empty string; neither may reach the code that uses it.
 *
 * <ul>
 *   <li>{@code swizzlegen.namespace=a::b}: the C++ namespace of the generated structs (default
 *       {@code swizzlegen});
 *   <li>{@code swizzlegen.conflicts=error|warning}: how bank conflicts are reported (default
 *       {@code error});
 *   <li>{@code swizzlegen.reports=json,svg}: the reports to write beside the helper and the header,
 *       the JSON report and the picture (a tile's bank map, a storage's bytes by phase) (default
 *       none: they cost build time and disk in large libraries);
 *   <li>{@code swizzlegen.summary} (or {@code =true}): a javac note per tile and rasterizer saying what
 *       was derived, the TMA boxes, the wgmma and tcgen05 reads and every access's verdict, and the
 *       same text in {@code swizzlegen/<name>.summary.txt} beside its header, for builds whose
 *       notes are hidden ({@code mvn -q});
 *   <li>{@code swizzlegen.arch=sm_80|sm_90a|sm_100a|sm_103a|sm_120a}: the architecture the tiles are
 *       for ({@link Architecture}): its shared memory per thread block, and an error for each access
 *       it has no instruction or engine for (default none: every feature allowed, 227 KB);
 *   <li>{@code swizzlegen.helpers=classes|sources}: the Java helpers as class files (the default) or
 *       as Java sources with Javadoc (what Eclipse's compiler always gets).
 * </ul>
 */
record ProcessorOptions(String namespace, Diagnostic.Kind conflictKind, Set<Report> reports,
    boolean summary, Optional<Architecture> architecture, boolean sources, List<String> problems) {
  /** The options swizzlegen reads, for {@code getSupportedOptions}. */
  static final Set<String> NAMES = Set.of(NAMESPACE, CONFLICTS, REPORTS, SUMMARY, ARCH, HELPERS);

  /** A report written on request, by its name in {@code -Aswizzlegen.reports}. */
  enum Report {
    JSON,
    SVG;

    String optionName() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** Reads the options javac was given; {@link #problems} is empty when all are usable. */
  static ProcessorOptions read(Map<String, String> options) {
    List<String> problems = new ArrayList<>();
    String namespace = "swizzlegen";
    if (options.containsKey(NAMESPACE)) {
      Optional<String> value = value(options, NAMESPACE, "a C++ namespace such as acme::kernels",
          problems);
      if (value.isPresent()) {
        Optional<String> problem = Names.namespaceProblem(value.get());
        problem.ifPresent(problems::add);
        namespace = problem.isEmpty() ? value.get() : namespace;
      }
    }
    Diagnostic.Kind conflictKind = Diagnostic.Kind.ERROR;
    if (options.containsKey(CONFLICTS)) {
      Optional<String> value = value(options, CONFLICTS, "error or warning", problems);
      if (value.isPresent()) {
        switch (value.get()) {
          case "error" -> conflictKind = Diagnostic.Kind.ERROR;
          case "warning" -> conflictKind = Diagnostic.Kind.WARNING;
          default -> problems.add(option(CONFLICTS, value.get()) + " is neither error nor warning.");
        }
      }
    }
    Set<Report> reports = EnumSet.noneOf(Report.class);
    if (options.containsKey(REPORTS)) {
      Optional<String> value = value(options, REPORTS, "json, svg or json,svg", problems);
      if (value.isPresent()) {
        for (String name : value.get().split(",", -1)) {
          Optional<Report> report = report(name.trim());
          if (report.isEmpty()) {
            problems.add(option(REPORTS, value.get()) + ": \"" + name.trim() + "\" is not a report;"
                + " the reports are json and svg, separated by commas.");
            break;
          }
          reports.add(report.get());
        }
      }
    }
    boolean summary = false;
    if (options.containsKey(SUMMARY)) {
      String value = options.get(SUMMARY);
      if (value == null || value.equals("true")) {
        summary = true;
      } else if (!value.equals("false")) {
        problems.add(option(SUMMARY, value) + " is neither true nor false (-A" + SUMMARY
            + " alone turns the summary on).");
      }
    }
    Optional<Architecture> architecture = Optional.empty();
    if (options.containsKey(ARCH)) {
      Optional<String> value = value(options, ARCH, architectures("|"), problems);
      if (value.isPresent()) {
        architecture = Architecture.named(value.get());
        if (architecture.isEmpty()) {
          problems.add(option(ARCH, value.get()) + " names no architecture swizzlegen knows; give"
              + " one of " + architectures(", ") + " (nvcc's -arch names), or omit the option to"
              + " allow every feature.");
        }
      }
    }
    boolean sources = false;
    if (options.containsKey(HELPERS)) {
      Optional<String> value = value(options, HELPERS, "classes or sources", problems);
      if (value.isPresent()) {
        switch (value.get()) {
          case "classes" -> sources = false;
          case "sources" -> sources = true;
          default -> problems.add(option(HELPERS, value.get()) + " is neither classes nor sources.");
        }
      }
    }
    return new ProcessorOptions(namespace, conflictKind, Set.copyOf(reports), summary,
        architecture, sources, List.copyOf(problems));
  }

  /** {@code "sm_80|sm_90a|..."}: every architecture's name, joined. */
  private static String architectures(String separator) {
    return Arrays.stream(Architecture.values()).map(Architecture::optionName)
        .collect(Collectors.joining(separator));
  }

  boolean valid() {
    return problems.isEmpty();
  }

  boolean writes(Report report) {
    return reports.contains(report);
  }

  /** The option's value, or empty after adding a problem when it is missing or blank. */
  private static Optional<String> value(Map<String, String> options, String name, String expected,
      List<String> problems) {
    String value = options.get(name);
    if (value == null || value.isBlank()) {
      problems.add("-A" + name + (value == null ? "" : "=" + value) + " has no value; give it one: -A"
          + name + "=<" + expected + ">.");
      return Optional.empty();
    }
    return Optional.of(value);
  }

  private static Optional<Report> report(String name) {
    for (Report report : Report.values()) {
      if (report.optionName().equals(name)) {
        return Optional.of(report);
      }
    }
    return Optional.empty();
  }

  private static String option(String name, String value) {
    return "-A" + name + "=" + value;
  }
}
