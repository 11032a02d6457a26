package dev.swizzlegen.processor.step;

import static dev.swizzlegen.processor.diag.OptionNames.ARCH;
import static dev.swizzlegen.processor.diag.OptionNames.CONFLICTS;
import static dev.swizzlegen.processor.diag.OptionNames.HELPERS;
import static dev.swizzlegen.processor.diag.OptionNames.NAMESPACE;
import static dev.swizzlegen.processor.diag.OptionNames.REPORTS;
import static dev.swizzlegen.processor.diag.OptionNames.SUMMARY;

import dev.swizzlegen.processor.diag.OptionNames;
import dev.swizzlegen.processor.read.Names;
import dev.swizzlegen.runtime.Architecture;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import javax.tools.Diagnostic;

/**
 * The {@code -Aswizzlegen.*} options (docs/reference.md, "Options"), read once: typed values, or
 * one problem per option whose value is missing, empty or malformed. javac hands an option given as
 * {@code -Akey} (no value) as {@code null} and {@code -Akey=} as an empty string; neither may reach
 * the code that uses it.
 */
public record ProcessorOptions(String namespace, Diagnostic.Kind conflictKind, boolean json,
    boolean svg, boolean summary, Optional<Architecture> architecture, boolean sources,
    List<String> problems) {
  /** The options swizzlegen reads, for {@code getSupportedOptions}. */
  public static final Set<String> NAMES = Set.of(NAMESPACE, CONFLICTS, REPORTS, SUMMARY, ARCH, HELPERS);

  /** Reads the options javac was given; {@link #problems} is empty when all are usable. */
  public static ProcessorOptions read(Map<String, String> options) {
    List<String> problems = new ArrayList<>();
    String namespace = value(options, NAMESPACE, "a C++ namespace such as acme::kernels", problems)
        .filter(value -> Names.namespaceProblem(value).map(problems::add).isEmpty())
        .orElse("swizzlegen");
    Diagnostic.Kind conflictKind = choice(options, CONFLICTS, "error", Diagnostic.Kind.ERROR,
        "warning", Diagnostic.Kind.WARNING, problems).orElse(Diagnostic.Kind.ERROR);
    String reportsValue = value(options, REPORTS, "json, svg or json,svg", problems).orElse("");
    List<String> reports = reportsValue.isEmpty() ? List.of()
        : Arrays.stream(reportsValue.split(",", -1)).map(String::trim).toList();
    reports.stream().filter(name -> !name.equals("json") && !name.equals("svg")).findFirst()
        .ifPresent(name -> problems.add(OptionNames.notAReport(reportsValue, name)));
    // -Aswizzlegen.summary alone turns the summary on.
    String summaryValue = options.get(SUMMARY);
    boolean summary = options.containsKey(SUMMARY)
        && (summaryValue == null || summaryValue.equals("true"));
    if (summaryValue != null && !summaryValue.equals("true") && !summaryValue.equals("false")) {
      problems.add(OptionNames.summaryNotBoolean(summaryValue));
    }
    Optional<Architecture> architecture = value(options, ARCH, architectures("|"), problems)
        .flatMap(value -> Architecture.named(value).or(() -> {
          problems.add(OptionNames.noArchitecture(value, architectures(", ")));
          return Optional.empty();
        }));
    boolean sources = choice(options, HELPERS, "classes", false, "sources", true, problems)
        .orElse(false);
    return new ProcessorOptions(namespace, conflictKind, reports.contains("json"),
        reports.contains("svg"), summary, architecture, sources, List.copyOf(problems));
  }

  /** {@code "sm_80|sm_90a|..."}. */
  private static String architectures(String separator) {
    return Arrays.stream(Architecture.values()).map(Architecture::optionName)
        .collect(Collectors.joining(separator));
  }

  /**
   * The option's value where it is given; empty where it is not, and, after adding a problem, where
   * it is given without a value or a blank one.
   */
  private static Optional<String> value(Map<String, String> options, String name, String expected,
      List<String> problems) {
    String value = options.get(name);
    if (options.containsKey(name) && (value == null || value.isBlank())) {
      problems.add(OptionNames.noValue(name, value, expected));
    }
    return Optional.ofNullable(value).filter(given -> !given.isBlank());
  }

  /** An option that is one of two words: what the given one means; empty if it is neither. */
  private static <T> Optional<T> choice(Map<String, String> options, String name, String first,
      T ifFirst, String second, T ifSecond, List<String> problems) {
    Map<String, T> meanings = Map.of(first, ifFirst, second, ifSecond);
    return value(options, name, first + " or " + second, problems).flatMap(value -> {
      if (!meanings.containsKey(value)) {
        problems.add(OptionNames.neither(name, value, first, second));
      }
      return Optional.ofNullable(meanings.get(value));
    });
  }
}
