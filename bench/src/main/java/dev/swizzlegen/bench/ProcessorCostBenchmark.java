package dev.swizzlegen.bench;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.processor.SwizzlegenProcessor;
import dev.swizzlegen.processor.testing.FilerRecording;
import dev.swizzlegen.processor.testing.Locations;
import dev.swizzlegen.runtime.layout.TileLayout;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.annotation.processing.Completion;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.tools.JavaCompiler;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * What swizzlegen adds to a build, as a user with a large kernel library feels it: javac on a
 * {@link TileLibrary} of N tiles with three accesses each ({@value TileLibrary#TILES_PER_FILE} nested
 * tiles to a source file), plain ({@code -proc:none}), with the processor's default options (the
 * Java helper and the CUDA header of every tile) and with every report asked for
 * ({@code -Aswizzlegen.reports=json,svg}: a JSON report and a bank-map picture more per tile), side
 * by side in one run.
 *
 * <ul>
 *   <li>Time, warm: javac run in-process, as Maven's compiler plugin, a Gradle daemon or an IDE run
 *       it, {@value #WARM_UPS} compilations to warm the JVM, then the median of {@value #RUNS}; each
 *       configuration in its own JVM. "in process()" is the part spent inside swizzlegen's
 *       {@code process()}, javac's file creation included; the rest of the difference is javac
 *       compiling the generated helpers and running the extra rounds. "javac's floor" is what a
 *       processor that writes the very files of the default build and computes nothing
 *       ({@link ReplayProcessor}) adds to plain javac: javac's own cost of those files; "empty files"
 *       the same files empty (each helper an empty class): what javac charges any processor that
 *       writes a Java class and a header per tile.
 *   <li>Peak memory: the largest resident set ({@code VmHWM}) of a fresh JVM that runs javac once on
 *       the library, as the {@code javac} command does, with default JVM settings: plain, with a
 *       processor that claims the annotations and writes nothing ("no-op": what annotation
 *       processing alone costs, its rounds entering the library again), and with swizzlegen.
 * </ul>
 *
 * Targets: 1000 tiles under 3 s over plain javac with the default options; 2000 tiles under twice
 * plain javac's peak resident memory, default JVM settings; derived tiles (bits, base and shift
 * omitted) under 50 ms each.
 *
 * <pre>bench/processor-cost.sh [output-file]</pre>
 */
public final class ProcessorCostBenchmark {
  private static final int WARM_UPS = 2;
  private static final int RUNS = 5;
  private static final double TARGET_SECONDS_OVER_PLAIN = 3.0;
  private static final double TARGET_PEAK_RATIO = 2.0;
  private static final double TARGET_DERIVED_MS_PER_TILE = 50;
  private static final List<String> ALL_REPORTS = List.of("-Aswizzlegen.reports=json,svg");

  private ProcessorCostBenchmark() {}

  /** The figures of one configuration: wall times of the warm runs, time in process(), peak RSS. */
  private record Figures(double[] wallSeconds, double[] processSeconds, long peakResidentBytes) {
    double medianWall() {
      return median(wallSeconds);
    }

    double medianProcess() {
      return median(processSeconds);
    }
  }

  /** One row of the table: a library compiled every way. */
  private record Row(int tiles, boolean derived, Figures plain, Figures withProcessor,
      Figures withReports, Figures replay, Figures replayEmptyFiles, Figures plainCold,
      Figures noOpCold, Figures withProcessorCold) {
    double overPlain() {
      return withProcessor.medianWall() - plain.medianWall();
    }

    double msPerTile() {
      return overPlain() * 1000 / tiles;
    }

    double peakRatio() {
      return (double) withProcessorCold.peakResidentBytes() / plainCold.peakResidentBytes();
    }
  }

  /**
   * Without arguments: the whole benchmark, printed, for libraries of 1000 and 2000 tiles and 200
   * derived tiles; with tile counts as arguments, for those (1000 and 2000 must be among them).
   * {@code measure <plain|no-op|processor|processor-reports|replay|replay-empty-files> <sources>
   * <warm-ups> <runs>}: one configuration in this JVM (the benchmark's child).
   */
  public static void main(String[] args) throws Exception {
    if (args.length > 0 && args[0].equals("measure")) {
      measure(args[1], Path.of(args[2]), Integer.parseInt(args[3]), Integer.parseInt(args[4]));
      return;
    }
    Path work = Files.createTempDirectory("swizzlegen-processor-cost");
    System.out.println("java " + System.getProperty("java.version") + ", "
        + Runtime.getRuntime().availableProcessors() + " cores, " + System.getProperty("os.name")
        + "; warm: javac in-process, " + WARM_UPS + " warm-up compilations, median of " + RUNS
        + "; peak: resident set of a fresh JVM running javac once, default JVM settings; "
        + TileLibrary.TILES_PER_FILE + " nested tiles per source file");
    System.out.println();
    System.out.printf(Locale.ROOT,
        "| %-23s | %11s | %15s | %10s | %8s | %12s | %12s | %13s | %11s | %10s | %12s | %10s | %10s |%n",
        "library", "plain javac", "with swizzlegen", "over plain", "per tile", "in process()",
        "with reports", "javac's floor", "empty files", "peak plain", "peak no-op", "peak with",
        "peak ratio");
    System.out.println("|-------------------------|-------------|-----------------|------------|"
        + "----------|--------------|--------------|---------------|-------------|------------|"
        + "--------------|------------|------------|");
    List<Row> rows = new ArrayList<>();
    int[] sizes = args.length == 0
        ? new int[] {1000, 2000}
        : Arrays.stream(args).mapToInt(Integer::parseInt).toArray();
    for (int tiles : sizes) {
      rows.add(measureLibrary(work, tiles, false));
    }
    rows.add(measureLibrary(work, 200, true));
    Row thousand = row(rows, 1000);
    Row twoThousand = row(rows, 2000);
    Row derived = rows.stream().filter(Row::derived).findFirst().orElseThrow();
    System.out.println();
    System.out.printf(Locale.ROOT, "1000 tiles x 3 accesses, default options: %.2f s over plain javac"
            + " (target: under %.0f s): %s%n", thousand.overPlain(), TARGET_SECONDS_OVER_PLAIN,
        thousand.overPlain() < TARGET_SECONDS_OVER_PLAIN ? "met" : "NOT met");
    System.out.printf(Locale.ROOT, "2000 tiles x 3 accesses, default options: peak %s against plain"
            + " javac's %s, %.2fx (target: under %.0fx): %s%n",
        megabytes(twoThousand.withProcessorCold().peakResidentBytes()),
        megabytes(twoThousand.plainCold().peakResidentBytes()), twoThousand.peakRatio(),
        TARGET_PEAK_RATIO, twoThousand.peakRatio() < TARGET_PEAK_RATIO ? "met" : "NOT met");
    System.out.printf(Locale.ROOT, "1000 tiles: javac alone charges %.2f s for a Java class and a"
            + " header per tile written empty and %.2f s for swizzlegen's files written without"
            + " computing them; every report asked for costs %.2f s over plain javac%n",
        thousand.replayEmptyFiles().medianWall() - thousand.plain().medianWall(),
        thousand.replay().medianWall() - thousand.plain().medianWall(),
        thousand.withReports().medianWall() - thousand.plain().medianWall());
    System.out.printf(Locale.ROOT, "linear: %.2f ms per tile at 1000 tiles, %.2f ms at 2000 tiles%n",
        thousand.msPerTile(), twoThousand.msPerTile());
    System.out.printf(Locale.ROOT, "derived tiles: %.1f ms each (target: under %.0f ms): %s%n",
        derived.msPerTile(), TARGET_DERIVED_MS_PER_TILE,
        derived.msPerTile() < TARGET_DERIVED_MS_PER_TILE ? "met" : "NOT met");
  }

  private static Row row(List<Row> rows, int tiles) {
    return rows.stream().filter(row -> row.tiles() == tiles && !row.derived()).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no library of " + tiles + " tiles measured"));
  }

  private static Row measureLibrary(Path work, int tiles, boolean derived) throws IOException {
    Path sources = work.resolve((derived ? "derived-" : "explicit-") + tiles);
    TileLibrary.write(sources, tiles, derived);
    Figures plain = child("plain", sources, WARM_UPS, RUNS);
    Figures withProcessor = child("processor", sources, WARM_UPS, RUNS);
    Figures withReports = child("processor-reports", sources, WARM_UPS, RUNS);
    Figures replay = child("replay", sources, WARM_UPS, RUNS);
    Figures replayEmptyFiles = child("replay-empty-files", sources, WARM_UPS, RUNS);
    Figures plainCold = child("plain", sources, 0, 1);
    Figures noOpCold = child("no-op", sources, 0, 1);
    Figures withProcessorCold = child("processor", sources, 0, 1);
    Row row = new Row(tiles, derived, plain, withProcessor, withReports, replay, replayEmptyFiles,
        plainCold, noOpCold, withProcessorCold);
    System.out.printf(Locale.ROOT, "| %-23s | %9.2f s | %13.2f s | %8.2f s | %5.2f ms | %10.2f s"
            + " | %10.2f s | %11.2f s | %9.2f s | %10s | %12s | %10s | %9.2fx |%n",
        tiles + (derived ? " derived tiles" : " tiles x 3 accesses"), plain.medianWall(),
        withProcessor.medianWall(), row.overPlain(), row.msPerTile(), withProcessor.medianProcess(),
        withReports.medianWall() - plain.medianWall(), replay.medianWall() - plain.medianWall(),
        replayEmptyFiles.medianWall() - plain.medianWall(),
        megabytes(plainCold.peakResidentBytes()), megabytes(noOpCold.peakResidentBytes()),
        megabytes(withProcessorCold.peakResidentBytes()), row.peakRatio());
    return row;
  }

  /** Runs one configuration in a fresh JVM, with default settings, and reads its figures. */
  private static Figures child(String mode, Path sources, int warmUps, int runs)
      throws IOException {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    List<String> command = new ArrayList<>(List.of(java.toString()));
    command.addAll(List.of("-cp", System.getProperty("java.class.path"),
        ProcessorCostBenchmark.class.getName(), "measure", mode, sources.toString(),
        Integer.toString(warmUps), Integer.toString(runs)));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    try {
      if (!process.waitFor(30, TimeUnit.MINUTES) || process.exitValue() != 0) {
        throw new IllegalStateException("the measuring JVM failed:\n" + output);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
    List<Double> walls = new ArrayList<>();
    List<Double> inProcess = new ArrayList<>();
    long peak = -1;
    for (String line : output.split("\n")) {
      String[] words = line.trim().split(" ");
      if (words[0].equals("run")) {
        walls.add(Long.parseLong(words[1]) / 1e9);
        inProcess.add(Long.parseLong(words[2]) / 1e9);
      } else if (words[0].equals("peak")) {
        peak = Long.parseLong(words[1]);
      }
    }
    if (walls.size() != runs) {
      throw new IllegalStateException("the measuring JVM printed no figures:\n" + output);
    }
    return new Figures(walls.stream().mapToDouble(Double::doubleValue).toArray(),
        inProcess.stream().mapToDouble(Double::doubleValue).toArray(), peak);
  }

  /**
   * The child: compiles the library {@code warmUps + runs} times in this JVM, each into fresh
   * directories, plain ({@code -proc:none}), with swizzlegen or with the {@link ReplayProcessor} of
   * swizzlegen's files, and prints {@code run <wall ns> <ns in process()>} for each measured run,
   * then {@code peak <bytes>}, the process's largest resident set (-1 where the OS does not say).
   */
  private static void measure(String mode, Path sources, int warmUps, int runs) throws IOException {
    List<Path> files;
    try (Stream<Path> walk = Files.walk(sources)) {
      files = walk.filter(file -> file.toString().endsWith(".java")).sorted().toList();
    }
    // The tiles need the annotations; their helpers, the runtime.
    String classpath = Locations.codeSource(dev.swizzlegen.annotations.DType.class) + java.io.File.pathSeparator
        + Locations.codeSource(TileLayout.class);
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    FilerRecording recording = new FilerRecording();
    if (mode.startsWith("replay")) {
      compile(javac, files, classpath, sources, recording.wrap(new SwizzlegenProcessor()), List.of());
    }
    List<String> options = mode.equals("processor-reports") ? ALL_REPORTS : List.of();
    for (int run = 0; run < warmUps + runs; run++) {
      Processor processor = switch (mode) {
        case "plain" -> null;
        case "no-op" -> new ReplayProcessor(List.of(), ReplayProcessor.Replay.ALL);
        case "replay" -> new ReplayProcessor(recording.files(), ReplayProcessor.Replay.ALL);
        case "replay-empty-files" ->
            new ReplayProcessor(recording.files(), ReplayProcessor.Replay.EMPTY_FILES);
        case "processor", "processor-reports" -> new SwizzlegenProcessor();
        default -> throw new IllegalArgumentException("no configuration " + mode);
      };
      TimedProcessor timed = processor == null ? null : new TimedProcessor(processor);
      long allocatedBefore = allocatedBytes();
      long wall = compile(javac, files, classpath, sources, timed, options);
      if (run >= warmUps) {
        System.out.println("run " + wall + " " + (timed == null ? 0 : timed.nanos) + " "
            + (allocatedBytes() - allocatedBefore));
      }
    }
    System.out.println("peak " + peakResidentBytes());
  }

  /**
   * Compiles {@code files} into fresh directories under {@code sources}' parent, with
   * {@code processor} and its {@code processorOptions} or plain ({@code -proc:none}) when it is null,
   * and deletes them; returns the
   * wall time of javac's run in nanoseconds.
   */
  private static long compile(JavaCompiler javac, List<Path> files, String classpath, Path sources,
      Processor processor, List<String> processorOptions) throws IOException {
    Path out = Files.createTempDirectory(sources.getParent(), "out");
    List<String> options = new ArrayList<>(processorOptions);
    options.addAll(List.of("-classpath", classpath,
        "-d", Files.createDirectories(out.resolve("classes")).toString(),
        "-s", Files.createDirectories(out.resolve("generated")).toString()));
    if (processor == null) {
      options.add("-proc:none");
    }
    try (StandardJavaFileManager fileManager = javac.getStandardFileManager(null, Locale.ROOT,
        StandardCharsets.UTF_8)) {
      JavaCompiler.CompilationTask task = javac.getTask(null, fileManager, null, options, null,
          fileManager.getJavaFileObjectsFromPaths(files));
      if (processor != null) {
        task.setProcessors(List.of(processor));
      }
      long start = System.nanoTime();
      boolean compiled = task.call();
      long wall = System.nanoTime() - start;
      if (!compiled) {
        throw new IllegalStateException("the library did not compile");
      }
      return wall;
    } finally {
      Locations.deleteRecursively(out);
    }
  }

  /** Bytes this thread (javac's, in-process) has allocated so far. */
  private static long allocatedBytes() {
    return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean())
        .getCurrentThreadAllocatedBytes();
  }

  /** {@code VmHWM} from {@code /proc/self/status}, in bytes; -1 elsewhere than Linux. */
  private static long peakResidentBytes() {
    Path status = Path.of("/proc/self/status");
    if (!Files.isReadable(status)) {
      return -1;
    }
    try {
      for (String line : Files.readAllLines(status)) {
        if (line.startsWith("VmHWM:")) {
          return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
        }
      }
      return -1;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }

  private static String megabytes(long bytes) {
    return bytes < 0 ? "n/a" : (bytes >> 20) + " MB";
  }

  /** Swizzlegen's processor, with the time spent inside its {@code init} and {@code process} summed. */
  private static final class TimedProcessor implements Processor {
    private final Processor delegate;
    private long nanos;

    TimedProcessor(Processor delegate) {
      this.delegate = delegate;
    }

    @Override
    public Set<String> getSupportedOptions() {
      return delegate.getSupportedOptions();
    }

    @Override
    public Set<String> getSupportedAnnotationTypes() {
      return delegate.getSupportedAnnotationTypes();
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
      return delegate.getSupportedSourceVersion();
    }

    @Override
    public void init(ProcessingEnvironment environment) {
      long start = System.nanoTime();
      delegate.init(environment);
      nanos += System.nanoTime() - start;
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
      long start = System.nanoTime();
      try {
        return delegate.process(annotations, round);
      } finally {
        nanos += System.nanoTime() - start;
      }
    }

    @Override
    public Iterable<? extends Completion> getCompletions(Element element,
        AnnotationMirror annotation, ExecutableElement member, String userText) {
      return delegate.getCompletions(element, annotation, member, userText);
    }
  }
}
