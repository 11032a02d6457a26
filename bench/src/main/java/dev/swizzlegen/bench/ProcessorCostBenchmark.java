package dev.swizzlegen.bench;

import dev.swizzlegen.annotations.SwizzledTile;
import dev.swizzlegen.processor.SwizzlegenProcessor;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.testing.FilerRecording;
import dev.swizzlegen.testing.Locations;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
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
 * What swizzlegen adds to a build, as a user with a large kernel library pays it: javac on a
 * {@link TileLibrary} of N tiles with three accesses each ({@value TileLibrary#TILES_PER_FILE} nested
 * tiles to a source file), plain ({@code -proc:none}) and with the processor's default options (the
 * Java helper and the CUDA header of every tile), side by side in one run.
 *
 * <ul>
 *   <li>Cold, as every {@code mvn compile} and {@code javac} command pays it: each compilation in a
 *       fresh JVM with default settings, timed from the JVM's start to its exit, plain, javac's floor
 *       and with swizzlegen interleaved, the median of {@value #COLD_RUNS} runs each. "javac's floor"
 *       is a processor that writes the very files of swizzlegen's build and computes nothing
 *       ({@link ReplayProcessor}): what javac itself charges for those files (creating them, the
 *       extra round), which no processor that generates them avoids; "headers alone" writes only
 *       the CUDA headers, not the helpers' class files. Beside them, in the same interleaved
 *       runs, the build-cost peers ({@link PeerLibrary}: AutoValue and Immutables on as many value
 *       types), each against plain javac on its own sources. Targets: below both peers at both sizes;
 *       swizzlegen's own work (with it minus javac's floor) at most {@value #TARGET_OWN_WORK_1000}x
 *       plain javac at 1000 tiles; and the older whole ratios, 100 tiles at most
 *       {@value #TARGET_COLD_RATIO_100}x plain javac, 1000 tiles at most
 *       {@value #TARGET_COLD_RATIO_1000}x.
 *   <li>Warm, as a Gradle daemon or an IDE pays it: javac run in-process, {@value #WARM_UPS}
 *       compilations to warm the JVM, then the median of {@value #RUNS}; each configuration in its
 *       own JVM. "in process()" is the part spent inside swizzlegen's {@code process()}, javac's file
 *       creation included; "empty files" is the floor with every file written empty (each helper an
 *       empty class). Also per tile: Hopper operand tiles (TMA + WGMMA, whose plans check every
 *       element the engines touch; the row that would have caught a per-element recomputation) and
 *       derived tiles (bits, base and shift omitted, target under
 *       {@value #TARGET_DERIVED_MS_PER_TILE} ms each).
 *   <li>Heap: the least maximum heap ({@code -Xmx}, in steps of {@value #HEAP_STEP_MB} MB) with which
 *       a fresh JVM compiles the 2000-tile library, plain and with swizzlegen: what the build needs,
 *       not how far a garbage collector grows a heap it may grow.
 * </ul>
 *
 * <pre>bench/processor-cost.sh [output-file]</pre>
 */
public final class ProcessorCostBenchmark {
  private static final int WARM_UPS = 2;
  private static final int RUNS = 5;
  private static final int COLD_RUNS = 5;
  private static final double TARGET_COLD_RATIO_100 = 1.6;
  private static final double TARGET_COLD_RATIO_1000 = 2.0;
  private static final double TARGET_OWN_WORK_1000 = 0.25;
  private static final double TARGET_DERIVED_MS_PER_TILE = 50;
  private static final int HEAP_STEP_MB = 16;
  private static final List<String> ALL_REPORTS = List.of("-Aswizzlegen.reports=json,svg");

  private ProcessorCostBenchmark() {}

  /** The figures of one configuration: wall times of the runs, time in process(), bytes allocated. */
  private record Figures(double[] wallSeconds, double[] processSeconds, long[] allocatedBytes) {
    double medianWall() {
      return median(wallSeconds);
    }

    double medianProcess() {
      return median(processSeconds);
    }
  }

  /**
   * Without arguments: the whole benchmark, printed; {@code cold}: its cold table alone. {@code measure <plain|processor|
   * processor-reports|replay|replay-empty-files|replay-without-classes|plain-PEER|PEER> <sources>
   * <warm-ups> <runs> [recording]} (PEER a {@link PeerLibrary#mode()}): one
   * configuration in this JVM (the benchmark's child).
   */
  public static void main(String[] args) throws Exception {
    if (args.length > 0 && args[0].equals("measure")) {
      measure(args[1], Path.of(args[2]), Integer.parseInt(args[3]), Integer.parseInt(args[4]),
          args.length > 5 ? Optional.of(Path.of(args[5])) : Optional.empty());
      return;
    }
    // Under the build's own output folder, as a user's target/ is, not the system's temporary
    // folder: there, on the machine this was measured on, creating a file in a new folder cost about
    // a millisecond (a thousand headers, a second), 0.03 to 0.2 ms beside the project.
    Path work = Files.createTempDirectory(Files.createDirectories(Path.of("bench", "target")),
        "processor-cost");
    System.out.println("java " + System.getProperty("java.version") + ", "
        + Runtime.getRuntime().availableProcessors() + " cores, " + System.getProperty("os.name")
        + "; " + TileLibrary.TILES_PER_FILE + " nested tiles per source file");
    Path library100 = library(work, "explicit-100", dir -> TileLibrary.write(dir, 100, false));
    Path library1000 = library(work, "explicit-1000", dir -> TileLibrary.write(dir, 1000, false));
    Path library2000 = library(work, "explicit-2000", dir -> TileLibrary.write(dir, 2000, false));
    Path derived = library(work, "derived-200", dir -> TileLibrary.write(dir, 200, true));
    Path operands = library(work, "operands-100", dir -> TileLibrary.writeOperands(dir, 100));

    System.out.println();
    System.out.println("Cold: a fresh JVM per compilation (as the javac command and every mvn compile),"
        + " default JVM settings, from the JVM's start to its exit; median of " + COLD_RUNS
        + " interleaved runs; each processor against plain javac on its own sources; AutoValue and"
        + " Immutables on value types of 4 properties, as many as the tiles");
    System.out.println();
    System.out.printf(Locale.ROOT, "| %-34s | %11s | %13s | %14s | %14s | %12s | %7s | %9s |%n",
        "library", "plain javac", "javac's floor", "headers alone", "with processor",
        "in process()", "ratio", "own work");
    System.out.println("|------------------------------------|-------------|---------------|"
        + "----------------|----------------|--------------|---------|-----------|");
    List<String> verdicts = new ArrayList<>();
    verdicts.addAll(cold(work, 100, library100, TARGET_COLD_RATIO_100, Optional.empty()));
    verdicts.addAll(cold(work, 1000, library1000, TARGET_COLD_RATIO_1000,
        Optional.of(TARGET_OWN_WORK_1000)));
    System.out.println();
    verdicts.forEach(System.out::println);
    if (args.length > 0 && args[0].equals("cold")) {
      return;
    }

    System.out.println();
    System.out.println("Warm: javac in-process, " + WARM_UPS + " warm-up compilations, median of "
        + RUNS + ", each configuration in its own JVM");
    System.out.println();
    System.out.printf(Locale.ROOT, "| %-23s | %11s | %15s | %10s | %8s | %12s | %12s | %13s | %11s |%n",
        "library", "plain javac", "with swizzlegen", "over plain", "per tile", "in process()",
        "with reports", "javac's floor", "empty files");
    System.out.println("|-------------------------|-------------|-----------------|------------|"
        + "----------|--------------|--------------|---------------|-------------|");
    warm("1000 tiles x 3 accesses", library1000, 1000, true);
    warm("2000 tiles x 3 accesses", library2000, 2000, false);
    double operandMs = warm("100 TMA + WGMMA tiles", operands, 100, false);
    double derivedMs = warm("200 derived tiles", derived, 200, false);
    System.out.printf(Locale.ROOT, "TMA + WGMMA operand tiles (128 to 256 x 64 or 128, 2 or 3 stages):"
        + " %.1f ms each%n", operandMs);
    System.out.printf(Locale.ROOT, "derived tiles: %.1f ms each (target: under %.0f ms): %s%n",
        derivedMs, TARGET_DERIVED_MS_PER_TILE,
        derivedMs < TARGET_DERIVED_MS_PER_TILE ? "met" : "NOT met");

    System.out.println();
    int plainHeap = leastHeapMegabytes("plain", library2000);
    int withHeap = leastHeapMegabytes("processor", library2000);
    System.out.printf(Locale.ROOT, "Heap a build needs (least -Xmx, %d MB steps, a fresh JVM): 2000 tiles"
        + " x 3 accesses compile plain in %d MB, with swizzlegen in %d MB (%d MB more)%n",
        HEAP_STEP_MB, plainHeap, withHeap, withHeap - plainHeap);
  }

  /** Writes a library into its own folder under {@code work}. */
  private static Path library(Path work, String name, Consumer<Path> writer) throws IOException {
    Path sources = Files.createDirectories(work.resolve(name));
    writer.accept(sources);
    return sources;
  }

  /**
   * The cold rows of one size: swizzlegen (plain, javac's floor, headers alone, with it) and each
   * {@link PeerLibrary} (plain, with it) on as many types, every configuration a fresh JVM, all
   * interleaved run by run; returns the verdicts on the targets.
   */
  private static List<String> cold(Path work, int types, Path sources, double targetRatio,
      Optional<Double> targetOwnWork) throws IOException {
    Path recording = record(work, sources);
    PeerLibrary[] peers = PeerLibrary.values();
    List<Path> peerSources = new ArrayList<>();
    for (PeerLibrary peer : peers) {
      peerSources.add(library(work, peer.mode() + "-" + types, dir -> peer.write(dir, types)));
    }
    double[] plain = new double[COLD_RUNS];
    double[] floor = new double[COLD_RUNS];
    double[] headersOnly = new double[COLD_RUNS];
    double[] with = new double[COLD_RUNS];
    double[] inProcess = new double[COLD_RUNS];
    double[][] peerPlain = new double[peers.length][COLD_RUNS];
    double[][] peerWith = new double[peers.length][COLD_RUNS];
    double[][] peerInProcess = new double[peers.length][COLD_RUNS];
    for (int run = 0; run < COLD_RUNS; run++) {
      plain[run] = coldWall("plain", sources, Optional.empty(), new double[1]);
      floor[run] = coldWall("replay", sources, Optional.of(recording), new double[1]);
      headersOnly[run] = coldWall("replay-without-classes", sources, Optional.of(recording),
          new double[1]);
      double[] process = new double[1];
      with[run] = coldWall("processor", sources, Optional.empty(), process);
      inProcess[run] = process[0];
      for (int p = 0; p < peers.length; p++) {
        peerPlain[p][run] = coldWall("plain-" + peers[p].mode(), peerSources.get(p),
            Optional.empty(), new double[1]);
        double[] peerProcess = new double[1];
        peerWith[p][run] = coldWall(peers[p].mode(), peerSources.get(p), Optional.empty(),
            peerProcess);
        peerInProcess[p][run] = peerProcess[0];
      }
    }
    double ratio = median(with) / median(plain);
    double ownWork = (median(with) - median(floor)) / median(plain);
    System.out.printf(Locale.ROOT, "| %-34s | %9.2f s | %11.2f s | %12.2f s | %12.2f s | %10.2f s |"
            + " %6.2fx | %8.2fx |%n", "swizzlegen, " + types + " tiles x 3 accesses",
        median(plain), median(floor), median(headersOnly), median(with), median(inProcess), ratio,
        ownWork);
    List<String> verdicts = new ArrayList<>();
    verdicts.add(String.format(Locale.ROOT, "%d tiles: %.2fx plain javac (target %.1fx: %s)", types,
        ratio, targetRatio, ratio <= targetRatio ? "met" : "NOT met"));
    for (int p = 0; p < peers.length; p++) {
      double peerRatio = median(peerWith[p]) / median(peerPlain[p]);
      System.out.printf(Locale.ROOT, "| %-34s | %9.2f s | %13s | %14s | %12.2f s | %10.2f s |"
              + " %6.2fx | %9s |%n", peers[p].label() + ", " + types + " types",
          median(peerPlain[p]), "", "", median(peerWith[p]), median(peerInProcess[p]), peerRatio, "");
      verdicts.add(String.format(Locale.ROOT, "%d types: swizzlegen %.2fx, %s %.2fx: %s", types,
          ratio, peers[p].label(), peerRatio, ratio < peerRatio ? "below the peer" : "NOT below the peer"));
    }
    targetOwnWork.ifPresent(target -> verdicts.add(String.format(Locale.ROOT,
        "%d tiles: swizzlegen's own work (with it minus javac's floor) %.2fx plain javac (target at"
            + " most %.2fx: %s)", types, ownWork, target, ownWork <= target ? "met" : "NOT met")));
    return verdicts;
  }

  /**
   * A fresh JVM's compilation, its wall time from the JVM's start to its exit in seconds;
   * {@code process[0]} gets the seconds inside swizzlegen's {@code process()}.
   */
  private static double coldWall(String mode, Path sources, Optional<Path> recording,
      double[] process) throws IOException {
    long start = System.nanoTime();
    Figures figures = child(mode, sources, 0, 1, recording, List.of());
    double wall = (System.nanoTime() - start) / 1e9;
    process[0] = figures.medianProcess();
    return wall;
  }

  /** Compiles the library with swizzlegen once, in this JVM, and saves every file it wrote. */
  private static Path record(Path work, Path sources) throws IOException {
    FilerRecording recording = new FilerRecording();
    compile(ToolProvider.getSystemJavaCompiler(), javaFiles(sources), libraryClasspath(), sources,
        List.of(recording.wrap(new SwizzlegenProcessor())), List.of());
    Path file = work.resolve(sources.getFileName() + ".recording");
    ReplayProcessor.save(recording.files(), file);
    return file;
  }

  /** One warm row; returns the milliseconds per tile over plain javac. */
  private static double warm(String label, Path sources, int tiles, boolean floors)
      throws IOException {
    Figures plain = child("plain", sources, WARM_UPS, RUNS, Optional.empty(), List.of());
    Figures with = child("processor", sources, WARM_UPS, RUNS, Optional.empty(), List.of());
    String reports = "";
    String floor = "";
    String empty = "";
    if (floors) {
      Path recording = record(sources.getParent(), sources);
      double overPlain = child("processor-reports", sources, WARM_UPS, RUNS, Optional.empty(),
          List.of()).medianWall() - plain.medianWall();
      reports = String.format(Locale.ROOT, "%10.2f s", overPlain);
      floor = String.format(Locale.ROOT, "%11.2f s", child("replay", sources, WARM_UPS, RUNS,
          Optional.of(recording), List.of()).medianWall() - plain.medianWall());
      empty = String.format(Locale.ROOT, "%9.2f s", child("replay-empty-files", sources, WARM_UPS,
          RUNS, Optional.of(recording), List.of()).medianWall() - plain.medianWall());
    }
    double overPlain = with.medianWall() - plain.medianWall();
    double msPerTile = overPlain * 1000 / tiles;
    System.out.printf(Locale.ROOT, "| %-23s | %9.2f s | %13.2f s | %8.2f s | %5.2f ms | %10.2f s"
            + " | %12s | %13s | %11s |%n", label, plain.medianWall(), with.medianWall(), overPlain,
        msPerTile, with.medianProcess(), reports, floor, empty);
    return msPerTile;
  }

  /**
   * The least {@code -Xmx} (a multiple of {@value #HEAP_STEP_MB} MB) with which a fresh JVM compiles
   * the library in {@code mode}: a bisection over 16 MB to 4 GB.
   */
  private static int leastHeapMegabytes(String mode, Path sources) throws IOException {
    int fails = 0;
    int compiles = 4096;
    while (compiles - fails > HEAP_STEP_MB) {
      int middle = (fails + compiles) / 2 / HEAP_STEP_MB * HEAP_STEP_MB;
      if (middle <= fails) {
        middle = fails + HEAP_STEP_MB;
      }
      boolean compiled;
      try {
        child(mode, sources, 0, 1, Optional.empty(), List.of("-Xmx" + middle + "m"));
        compiled = true;
      } catch (IllegalStateException e) {
        compiled = false;
      }
      if (compiled) {
        compiles = middle;
      } else {
        fails = middle;
      }
    }
    return compiles;
  }

  /** Runs one configuration in a fresh JVM, with default settings and {@code jvmOptions}. */
  private static Figures child(String mode, Path sources, int warmUps, int runs,
      Optional<Path> recording, List<String> jvmOptions) throws IOException {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    List<String> command = new ArrayList<>(List.of(java.toString()));
    command.addAll(jvmOptions);
    command.addAll(List.of("-cp", System.getProperty("java.class.path"),
        ProcessorCostBenchmark.class.getName(), "measure", mode, sources.toString(),
        Integer.toString(warmUps), Integer.toString(runs)));
    recording.ifPresent(file -> command.add(file.toString()));
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
    List<double[]> measured = new ArrayList<>();
    for (String line : output.split("\n")) {
      String[] words = line.trim().split(" ");
      if (words[0].equals("run")) {
        measured.add(new double[] {Long.parseLong(words[1]) / 1e9, Long.parseLong(words[2]) / 1e9,
            Long.parseLong(words[3])});
      }
    }
    if (measured.size() != runs) {
      throw new IllegalStateException("the measuring JVM printed no figures:\n" + output);
    }
    return new Figures(measured.stream().mapToDouble(run -> run[0]).toArray(),
        measured.stream().mapToDouble(run -> run[1]).toArray(),
        measured.stream().mapToLong(run -> (long) run[2]).toArray());
  }

  /**
   * The child: compiles the library {@code warmUps + runs} times in this JVM, each into fresh
   * directories, plain ({@code -proc:none}), with swizzlegen or with the {@link ReplayProcessor} of
   * swizzlegen's files (saved in {@code recording}), and prints
   * {@code run <wall ns> <ns in process()> <bytes allocated>} for each measured run.
   */
  private static void measure(String mode, Path sources, int warmUps, int runs,
      Optional<Path> recording) throws IOException {
    List<Path> files = javaFiles(sources);
    Optional<PeerLibrary> peer = PeerLibrary.ofMode(mode);
    String classpath = peer.map(PeerLibrary::classpath).orElseGet(ProcessorCostBenchmark::libraryClasspath);
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    List<FilerRecording.File> recorded = mode.startsWith("replay")
        ? ReplayProcessor.load(recording.orElseThrow()) : List.of();
    List<String> options = mode.equals("processor-reports") ? ALL_REPORTS : List.of();
    for (int run = 0; run < warmUps + runs; run++) {
      List<Processor> processors = peer.isPresent()
          ? (mode.equals(peer.get().mode()) ? peer.get().processors().toList() : List.of())
          : switch (mode) {
            case "plain" -> List.of();
            case "replay" -> List.of(new ReplayProcessor(recorded, ReplayProcessor.Replay.ALL));
            case "replay-empty-files" ->
                List.of(new ReplayProcessor(recorded, ReplayProcessor.Replay.EMPTY_FILES));
            case "replay-without-classes" ->
                List.of(new ReplayProcessor(recorded, ReplayProcessor.Replay.WITHOUT_CLASSES));
            case "processor", "processor-reports" -> List.of(new SwizzlegenProcessor());
            default -> throw new IllegalArgumentException("no configuration " + mode);
          };
      long[] nanos = new long[1];
      List<Processor> timed = processors.stream()
          .<Processor>map(processor -> new TimedProcessor(processor, nanos)).toList();
      long allocatedBefore = allocatedBytes();
      long wall = compile(javac, files, classpath, sources, timed, options);
      if (run >= warmUps) {
        System.out.println("run " + wall + " " + nanos[0] + " "
            + (allocatedBytes() - allocatedBefore));
      }
    }
  }

  /** The library's sources, in order. */
  private static List<Path> javaFiles(Path sources) throws IOException {
    try (Stream<Path> walk = Files.walk(sources)) {
      return walk.filter(file -> file.toString().endsWith(".java")).sorted().toList();
    }
  }

  /** The tiles need the annotations; their helpers, the runtime. */
  private static String libraryClasspath() {
    return Locations.codeSource(SwizzledTile.class) + java.io.File.pathSeparator
        + Locations.codeSource(TileLayout.class);
  }

  /**
   * Compiles {@code files} into fresh directories under {@code sources}' parent, with
   * {@code processors} and their {@code processorOptions} or plain ({@code -proc:none}) when there
   * are none,
   * and deletes them; returns the
   * wall time of javac's run in nanoseconds.
   */
  private static long compile(JavaCompiler javac, List<Path> files, String classpath, Path sources,
      List<Processor> processors, List<String> processorOptions) throws IOException {
    Path out = Files.createTempDirectory(sources.getParent(), "out");
    List<String> options = new ArrayList<>(processorOptions);
    options.addAll(List.of("-classpath", classpath,
        "-d", Files.createDirectories(out.resolve("classes")).toString(),
        "-s", Files.createDirectories(out.resolve("generated")).toString()));
    if (processors.isEmpty()) {
      options.add("-proc:none");
    }
    try (StandardJavaFileManager fileManager = javac.getStandardFileManager(null, Locale.ROOT,
        StandardCharsets.UTF_8)) {
      JavaCompiler.CompilationTask task = javac.getTask(null, fileManager, null, options, null,
          fileManager.getJavaFileObjectsFromPaths(files));
      if (!processors.isEmpty()) {
        task.setProcessors(processors);
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

  private static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }

  /**
   * A processor, with the time spent inside its {@code init} and {@code process} added to
   * {@code nanos[0]} (shared by the processors of one compilation).
   */
  private static final class TimedProcessor implements Processor {
    private final Processor delegate;
    private final long[] nanos;

    TimedProcessor(Processor delegate, long[] nanos) {
      this.delegate = delegate;
      this.nanos = nanos;
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
      nanos[0] += System.nanoTime() - start;
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
      long start = System.nanoTime();
      try {
        return delegate.process(annotations, round);
      } finally {
        nanos[0] += System.nanoTime() - start;
      }
    }

    @Override
    public Iterable<? extends Completion> getCompletions(Element element,
        AnnotationMirror annotation, ExecutableElement member, String userText) {
      return delegate.getCompletions(element, annotation, member, userText);
    }
  }
}
