package dev.swizzlegen.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.swizzlegen.runtime.engine.Engine;
import dev.swizzlegen.runtime.layout.TileLayout;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What a generated tile means, frozen as text: every constant of its Java helper and of its CUDA
 * header, a digest of every value of every helper function over its whole domain, and a digest of what
 * the compiled header prints ({@link HeaderCheck}: every offset and inverse, every TMA box, every wgmma
 * descriptor). A redesign of the model or of code generation must leave these records unchanged; the
 * committed snapshot is the proof (issue 19). Rewrite it with {@code -Dswizzlegen.updateGolden=true} only
 * for an intended change of meaning, and read the diff.
 */
public final class Meaning {
  private static final Pattern HEADER_CONSTANT =
      Pattern.compile("static\\s+constexpr\\s+[\\w:]+\\s+(k\\w+)\\s*=\\s*([^;]+);");
  private static final Pattern INTEGER = Pattern.compile("(0[xX][0-9a-fA-F]+|\\d+)[uUlL]*");

  private Meaning() {}

  /**
   * One generated tile: its loaded helper, its header's text, and the lines {@link HeaderCheck}'s
   * program printed for its struct.
   */
  public static String record(Class<?> helper, String headerPath, String headerText,
      List<String> printed) {
    StringBuilder record = new StringBuilder();
    record.append("# ").append(helper.getName()).append(' ').append(headerPath).append('\n');
    record.append("java constants:").append(javaConstants(helper)).append('\n');
    record.append("java functions:").append(javaFunctions(helper)).append('\n');
    javaDescriptorsArePrinted(helper, headerText, printed);
    record.append("cuda constants:").append(headerConstants(headerText)).append('\n');
    record.append("cuda prints:");
    for (String line : printed) {
      String[] words = line.trim().split(" ", 3);
      record.append(' ').append(words[0]).append('=')
          .append(digest(words.length > 2 ? words[2] : ""));
    }
    return record.append('\n').toString();
  }

  /**
   * Asserts that the records, sorted, equal {@code snapshot}. With
   * {@code -Dswizzlegen.updateMeaning=true} it first rewrites the snapshot, but only where the new
   * records keep every fact of the old ones with its value ({@link #compare}): new facts (a header's
   * new constant, a new line its check prints) are allowed, a changed or lost one fails and the
   * snapshot stays. With {@code -Dswizzlegen.updateGolden=true} it rewrites it whatever changed: only
   * for an intended change of meaning.
   */
  public static void assertUnchanged(Path snapshot, List<String> records) {
    String actual = records.stream().sorted().reduce("", String::concat);
    try {
      if (Boolean.getBoolean("swizzlegen.updateMeaning") && Files.exists(snapshot)) {
        Comparison comparison =
            compare(Files.readString(snapshot, StandardCharsets.UTF_8), actual);
        assertEquals(List.of(), comparison.problems(),
            "an old fact changed or was lost: not rewriting " + snapshot);
        System.out.println("swizzlegen meaning " + snapshot + ": " + comparison.summary());
        Files.writeString(snapshot, actual, StandardCharsets.UTF_8);
      } else if (Boolean.getBoolean("swizzlegen.updateGolden")) {
        Files.createDirectories(snapshot.getParent());
        Files.writeString(snapshot, actual, StandardCharsets.UTF_8);
      }
      String expected = Files.readString(snapshot, StandardCharsets.UTF_8);
      if (!expected.equals(actual)) {
        assertEquals(firstDifferences(expected, actual), "",
            "the generated meaning changed (" + snapshot + ")");
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * How new records stand to old ones, fact by fact: a fact is one {@code name=value} of one line
   * ({@code java constants}, {@code java functions}, {@code cuda constants}, {@code cuda prints}) of
   * one record (a helper and its header).
   *
   * @param records the old records, each found among the new ones
   * @param newRecords records only the new ones have (a new tile)
   * @param gained for each new fact, {@code "cuda constants: kWgmmaKExtent"}, how many old records
   *     gained it
   * @param problems every old record missing from the new ones, and every old fact lost or changed
   *     (its old and new value); empty when the new records keep every old fact
   */
  public record Comparison(int records, int newRecords, Map<String, Integer> gained,
      List<String> problems) {
    /** {@code "195 records, none lost; 12 gained cuda constants: kWgmmaKExtent, ..."}. */
    public String summary() {
      Map<String, List<String>> byCount = new TreeMap<>();
      gained.forEach((fact, count) -> byCount.computeIfAbsent(count + " records gained",
          key -> new ArrayList<>()).add(fact));
      StringBuilder text = new StringBuilder(records + " old records, " + newRecords
          + " new records, " + problems.size() + " old facts lost or changed");
      byCount.forEach((count, facts) -> text.append("; ").append(count).append(' ')
          .append(String.join(", ", facts)));
      return text.toString();
    }
  }

  /** Compares new snapshot text with old, fact by fact ({@link Comparison}). */
  public static Comparison compare(String before, String after) {
    Map<String, Map<String, String>> old = facts(before);
    Map<String, Map<String, String>> now = facts(after);
    Map<String, Integer> gained = new TreeMap<>();
    List<String> problems = new ArrayList<>();
    for (Map.Entry<String, Map<String, String>> record : old.entrySet()) {
      Map<String, String> newFacts = now.get(record.getKey());
      if (newFacts == null) {
        problems.add(record.getKey() + ": the record is gone");
        continue;
      }
      record.getValue().forEach((fact, value) -> {
        String newValue = newFacts.get(fact);
        if (newValue == null) {
          problems.add(record.getKey() + ": " + fact + " is gone (was " + value + ")");
        } else if (!newValue.equals(value)) {
          problems.add(record.getKey() + ": " + fact + " was " + value + ", is " + newValue);
        }
      });
      for (String fact : newFacts.keySet()) {
        if (!record.getValue().containsKey(fact)) {
          gained.merge(fact, 1, Integer::sum);
        }
      }
    }
    int newRecords = (int) now.keySet().stream().filter(key -> !old.containsKey(key)).count();
    return new Comparison(old.size(), newRecords, gained, problems);
  }

  /**
   * A snapshot's facts by record ({@code "# <helper> <header>"}): {@code "cuda constants: kRows"} to
   * its value. A line's facts are its {@code name=value} words; a value runs to the next name.
   */
  static Map<String, Map<String, String>> facts(String snapshot) {
    Map<String, Map<String, String>> records = new TreeMap<>();
    Map<String, String> current = null;
    for (String line : snapshot.split("\n")) {
      if (line.startsWith("# ")) {
        current = new TreeMap<>();
        if (records.put(line, current) != null) {
          throw new AssertionError("two records " + line);
        }
      } else if (!line.isBlank()) {
        int colon = line.indexOf(':');
        if (current == null || colon < 0) {
          throw new AssertionError("not a line of a meaning record: " + line);
        }
        String section = line.substring(0, colon);
        String rest = line.substring(colon + 1).strip();
        if (rest.isEmpty()) {
          continue;
        }
        for (String word : rest.split(" (?=[A-Za-z_][\\w/]*=)")) {
          int equals = word.indexOf('=');
          String fact = section + ": " + word.substring(0, equals);
          if (current.put(fact, word.substring(equals + 1)) != null) {
            throw new AssertionError("two values of " + fact + " in " + line);
          }
        }
      }
    }
    return records;
  }

  /** The records that differ, a few of them, so that a failure says which tiles and which facts. */
  private static String firstDifferences(String expected, String actual) {
    List<String> before = Arrays.asList(expected.split("(?=\n# )"));
    List<String> after = Arrays.asList(actual.split("(?=\n# )"));
    StringBuilder differences = new StringBuilder();
    int shown = 0;
    for (String record : before) {
      if (!after.contains(record) && shown++ < 5) {
        differences.append("was: ").append(record.strip()).append('\n');
      }
    }
    shown = 0;
    for (String record : after) {
      if (!before.contains(record) && shown++ < 5) {
        differences.append("now: ").append(record.strip()).append('\n');
      }
    }
    return differences.length() == 0 ? "the same records, in another order" : differences.toString();
  }

  /**
   * Freezes the meaning of every tile the processor generated under {@code generatedSources} (helpers
   * on the class path, headers beside them): builds and runs {@link HeaderCheck}'s program with
   * {@code compiler} in {@code workDir}, then asserts the records equal {@code snapshot}.
   */
  public static void assertUnchangedUnder(CheckCompiler compiler, Path generatedSources,
      Path workDir, String checkName, Path snapshot) {
    List<Class<?>> helpers = helpersUnder(generatedSources);
    List<HeaderCheck.Header> headers = new ArrayList<>();
    for (Class<?> helper : helpers) {
      try {
        int rows = intField(helper, "ROWS");
        int cols = intField(helper, "COLS");
        int stages = intField(helper, "STAGES");
        Method offset = method(helper, "offset", 3);
        @SuppressWarnings("unchecked")
        List<Engine> engines = (List<Engine>) helper.getField("ENGINES").get(null);
        headers.add(new HeaderCheck.Header((String) helper.getField("CUDA_HEADER").get(null),
            (String) helper.getField("CUDA_TYPE").get(null),
            HeaderCheck.expectedOffsets(rows, cols, stages,
                (row, col, stage) -> call(offset, row, col, stage)),
            (TileLayout) helper.getField("LAYOUT").get(null), engines));
      } catch (ReflectiveOperationException e) {
        throw new AssertionError(helper.getName(), e);
      }
    }
    Map<String, List<String>> printed =
        HeaderCheck.verify(compiler, generatedSources, workDir, headers, checkName);
    List<String> records = new ArrayList<>();
    try {
      for (int i = 0; i < helpers.size(); i++) {
        HeaderCheck.Header header = headers.get(i);
        records.add(record(helpers.get(i), header.include(),
            Files.readString(generatedSources.resolve(header.include())),
            printed.get(header.cudaType())));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    assertUnchanged(snapshot, records);
  }

  /**
   * The helpers the processor generated with the headers under {@code generatedSources} (as a Maven
   * module's {@code target/generated-sources/annotations}), loaded from the class path: each
   * {@code <Name>Swizzle} class file in a directory of the class path (the module's
   * {@code target/classes}), top-level or a member of a {@code <Type>Swizzles}, that has a
   * {@code LAYOUT} and a {@code CUDA_HEADER} naming a header under {@code generatedSources}. The helpers
   * are class files, written to the class output, not sources beside their headers.
   */
  public static List<Class<?>> helpersUnder(Path generatedSources) {
    List<Class<?>> helpers = new ArrayList<>();
    for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
      Path directory = Path.of(entry);
      if (!Files.isDirectory(directory)) {
        continue;
      }
      try (Stream<Path> files = Files.walk(directory)) {
        for (Path file : files.sorted().toList()) {
          String relative = directory.relativize(file).toString().replace('\\', '/');
          if (!relative.endsWith("Swizzle.class")) {
            continue;
          }
          Class<?> type = Class.forName(
              relative.substring(0, relative.length() - ".class".length()).replace('/', '.'), false,
              Meaning.class.getClassLoader());
          if (isHelperOf(type, generatedSources)) {
            helpers.add(type);
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      } catch (ClassNotFoundException e) {
        throw new AssertionError("a class file of the class path does not load", e);
      }
    }
    helpers.sort(Comparator.comparing(Class::getName));
    return helpers;
  }

  private static boolean isHelperOf(Class<?> type, Path generatedSources) {
    try {
      Field header = type.getField("CUDA_HEADER");
      return type.getField("LAYOUT").getType() == TileLayout.class
          && Files.isRegularFile(generatedSources.resolve((String) header.get(null)));
    } catch (NoSuchFieldException | IllegalAccessException
        | ClassCastException notAHelper) {
      return false;
    }
  }

  /** Every public static int, long or String constant, by name. */
  static String javaConstants(Class<?> helper) {
    Map<String, String> constants = new TreeMap<>();
    for (Field field : helper.getFields()) {
      Class<?> type = field.getType();
      if (Modifier.isStatic(field.getModifiers())
          && (type == int.class || type == long.class || type == String.class)) {
        try {
          constants.put(field.getName(), String.valueOf(field.get(null)));
        } catch (IllegalAccessException e) {
          throw new AssertionError(field.toString(), e);
        }
      }
    }
    StringBuilder text = new StringBuilder();
    constants.forEach((name, value) -> text.append(' ').append(name).append('=').append(value));
    return text.toString();
  }

  /**
   * A digest of every public static function of the helper over its domain: {@code (row, col)} and
   * {@code (row, col, stage)} over the whole tile, {@code swizzle}/{@code unswizzle} over an atom (or
   * a stage's offsets), and the inverses ({@code row}, {@code col}, {@code stage}) over every offset
   * the tile stores. A function of another shape fails the record: extend it first.
   */
  static String javaFunctions(Class<?> helper) {
    int rows = intField(helper, "ROWS");
    int cols = intField(helper, "COLS");
    int stages = hasField(helper, "STAGES") ? intField(helper, "STAGES") : 1;
    Method offset3 = method(helper, "offset", 3);
    List<Integer> stored = new ArrayList<>();
    int stageEnd = 0;
    for (int stage = 0; stage < stages; stage++) {
      for (int row = 0; row < rows; row++) {
        for (int col = 0; col < cols; col++) {
          int offset = call(offset3, row, col, stage);
          stored.add(offset);
          if (stage == 0) {
            stageEnd = Math.max(stageEnd, offset + 1);
          }
        }
      }
    }
    int swizzleDomain = hasField(helper, "ATOM_ELEMENTS") ? intField(helper, "ATOM_ELEMENTS") : stageEnd;
    Map<String, String> digests = new TreeMap<>();
    for (Method method : Stream.of(helper.getMethods())
        .filter(m -> Modifier.isStatic(m.getModifiers()) && m.getDeclaringClass() == helper)
        .sorted(Comparator.comparing(Method::getName).thenComparing(Method::getParameterCount))
        .toList()) {
      if (method.getParameterCount() == 0 && method.getReturnType() != int.class) {
        // The model's values, built on first use (LAYOUT, ACCESSES, ENGINES): what the
        // record's other lines say of the tile.
        continue;
      }
      if (method.getReturnType() == long.class && DESCRIPTOR.matcher(method.getName()).matches()) {
        // The reads' descriptor functions: the header's, whose values the record's cuda prints
        // hold; javaDescriptorsArePrinted holds the helper's to them.
        continue;
      }
      if (method.getReturnType() != int.class
          || Stream.of(method.getParameterTypes()).anyMatch(type -> type != int.class)) {
        throw new AssertionError("a helper function the meaning record does not cover: " + method);
      }
      List<Integer> values = new ArrayList<>();
      switch (method.getParameterCount()) {
        case 3 -> {
          for (int stage = 0; stage < stages; stage++) {
            for (int row = 0; row < rows; row++) {
              for (int col = 0; col < cols; col++) {
                values.add(call(method, row, col, stage));
              }
            }
          }
        }
        case 2 -> {
          for (int row = 0; row < rows; row++) {
            for (int col = 0; col < cols; col++) {
              values.add(call(method, row, col));
            }
          }
        }
        case 1 -> {
          if (method.getName().equals("swizzle") || method.getName().equals("unswizzle")) {
            for (int offset = 0; offset < swizzleDomain; offset++) {
              values.add(call(method, offset));
            }
          } else {
            for (int offset : stored) {
              values.add(call(method, offset));
            }
          }
        }
        default -> throw new AssertionError("a helper function the meaning record does not cover: "
            + method);
      }
      digests.put(method.getName() + "/" + method.getParameterCount(), digest(values));
    }
    StringBuilder text = new StringBuilder();
    digests.forEach((name, value) -> text.append(' ').append(name).append('=').append(value));
    return text.toString();
  }

  /**
   * The helper's descriptor functions ({@code long wgmmaDesc(smem_address, k_slice, mn, stage)},
   * {@code wgmmaDescMn}, {@code ummaDesc}) give, for every stage, K slice and M or N step, what the
   * header's ({@code wgmma_desc()}, ...) printed at {@link HeaderCheck#SMEM_ADDRESS}: the same
   * expression, compiled for Java and printed for CUDA. Each read the header prints has its Java
   * twin, and none other.
   */
  static void javaDescriptorsArePrinted(Class<?> helper, String headerText, List<String> printed) {
    Map<String, String> constants = headerConstantMap(headerText);
    int stages = hasField(helper, "STAGES") ? intField(helper, "STAGES") : 1;
    int methods = 0;
    for (Method method : helper.getMethods()) {
      Matcher name = DESCRIPTOR.matcher(method.getName());
      if (method.getDeclaringClass() != helper || !name.matches()) {
        continue;
      }
      methods++;
      String engine = name.group(1);
      boolean second = name.group(2) != null;
      String key = engine + (second ? "_mn" : "");
      String prefix = "k" + Character.toUpperCase(engine.charAt(0)) + engine.substring(1)
          + (second ? "Mn" : "");
      String line = printed.stream().filter(l -> l.trim().startsWith(key + " ")).findFirst()
          .orElseThrow(() -> new AssertionError(helper.getName() + "." + method.getName()
              + ": the header prints no " + key + " descriptors"));
      int kSlices = Integer.parseInt(constants.get(prefix + "KSlices"));
      int mnStep = Integer.parseInt(constants.get(prefix + "MnStep"));
      int mnExtent = Integer.parseInt(constants.get(prefix + "MnExtent"));
      List<String> expected = new ArrayList<>();
      for (int stage = 0; stage < stages; stage++) {
        for (int kSlice = 0; kSlice < kSlices; kSlice++) {
          for (int mn = 0; mn < mnExtent; mn += mnStep) {
            try {
              expected.add(Long.toUnsignedString((Long) method.invoke(null,
                  HeaderCheck.SMEM_ADDRESS, kSlice, mn, stage)));
            } catch (ReflectiveOperationException e) {
              throw new AssertionError(method.toString(), e);
            }
          }
        }
      }
      List<String> words = List.of(line.trim().split(" "));
      if (!words.subList(words.size() - expected.size(), words.size()).equals(expected)) {
        throw new AssertionError(helper.getName() + "." + method.getName() + " differs from the"
            + " header's " + key + " descriptors");
      }
    }
    long reads = printed.stream().map(l -> l.trim().split(" ")[0])
        .filter(word -> word.equals("wgmma") || word.equals("wgmma_mn") || word.equals("umma"))
        .count();
    if (reads != methods) {
      throw new AssertionError(helper.getName() + ": " + methods + " descriptor functions for "
          + reads + " reads in the header");
    }
  }

  /** {@code wgmmaDesc}, {@code wgmmaDescMn}, {@code ummaDesc}: the engine, and Mn if the second. */
  private static final Pattern DESCRIPTOR = Pattern.compile("(wgmma|umma)Desc(Mn)?");

  /** Every {@code static constexpr} constant of a header, integers in decimal, by name. */
  static String headerConstants(String header) {
    StringBuilder text = new StringBuilder();
    headerConstantMap(header).forEach((name, value) -> text.append(' ').append(name).append('=')
        .append(value));
    return text.toString();
  }

  private static Map<String, String> headerConstantMap(String header) {
    Map<String, String> constants = new TreeMap<>();
    Matcher matcher = HEADER_CONSTANT.matcher(header);
    while (matcher.find()) {
      String value = matcher.group(2).strip();
      Matcher integer = INTEGER.matcher(value);
      if (integer.matches()) {
        String digits = integer.group(1);
        value = digits.startsWith("0x") || digits.startsWith("0X")
            ? new BigInteger(digits.substring(2), 16).toString()
            : new BigInteger(digits).toString();
      }
      String previous = constants.put(matcher.group(1), value);
      if (previous != null && !previous.equals(value)) {
        throw new AssertionError("two values for " + matcher.group(1) + ": " + previous + ", " + value);
      }
    }
    return constants;
  }

  private static String digest(List<Integer> values) {
    ByteBuffer bytes = ByteBuffer.allocate(4 * values.size() + 4);
    bytes.putInt(values.size());
    values.forEach(bytes::putInt);
    return values.size() + ":" + sha(bytes.array());
  }

  private static String digest(String words) {
    return (words.isEmpty() ? 0 : words.split(" ").length) + ":"
        + sha(words.getBytes(StandardCharsets.US_ASCII));
  }

  private static String sha(byte[] bytes) {
    try {
      byte[] hash = MessageDigest.getInstance("SHA-256").digest(bytes);
      return String.format("%016x", new BigInteger(1, Arrays.copyOf(hash, 8)));
    } catch (NoSuchAlgorithmException e) {
      throw new AssertionError(e);
    }
  }

  private static boolean hasField(Class<?> helper, String name) {
    return Stream.of(helper.getFields()).anyMatch(field -> field.getName().equals(name));
  }

  private static int intField(Class<?> helper, String name) {
    try {
      return helper.getField(name).getInt(null);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(helper.getName() + "." + name, e);
    }
  }

  private static Method method(Class<?> helper, String name, int arity) {
    Class<?>[] types = new Class<?>[arity];
    Arrays.fill(types, int.class);
    try {
      return helper.getMethod(name, types);
    } catch (NoSuchMethodException e) {
      throw new AssertionError(helper.getName() + "." + name, e);
    }
  }

  private static int call(Method method, int... args) {
    Object[] boxed = new Object[args.length];
    for (int i = 0; i < args.length; i++) {
      boxed[i] = args[i];
    }
    try {
      return (Integer) method.invoke(null, boxed);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(method + Arrays.toString(args), e);
    }
  }
}
