package dev.swizzlegen.processor;

import com.google.auto.service.AutoService;
import dev.swizzlegen.annotations.SwizzledTile;
import dev.swizzlegen.annotations.ThreadblockSwizzle;
import dev.swizzlegen.runtime.analysis.AccessReport;
import java.io.IOException;
import java.io.Writer;
import java.lang.annotation.Annotation;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.Filer;
import javax.annotation.processing.Messager;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;
import javax.tools.Diagnostic;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * The one entry point: for every {@code @SwizzledTile} type, validate the tile (errors on the
 * attribute at fault), prove its accesses free of bank conflicts (errors on the {@code @Access}), then
 * write its Java helper and CUDA header (and, on request, its JSON report and bank map), or nothing if
 * it has errors; for every {@code @ThreadblockSwizzle} type, write its rasterizer's CUDA header and
 * Java twin, or nothing if it has errors.
 *
 * <p>An annotation whose attributes javac cannot attribute yet (a constant of a class another round
 * generates, such as another tile's helper) is deferred to the next round, by name, as Dagger defers
 * elements; one still unresolved when processing is over is an error on its attribute. The options
 * are {@link ProcessorOptions}'.
 */
@AutoService(Processor.class)
public final class SwizzlegenProcessor extends AbstractProcessor {
  /**
   * Header path to what owns it, across rounds: a tile's qualified name, or a rasterizer's
   * {@link #rasterOwner}.
   */
  private final Map<String, String> headerOwners = new HashMap<>();

  /** Qualified names of the types whose tile, or rasterizer, waits for a later round. */
  private final Set<String> deferredTiles = new TreeSet<>();
  private final Set<String> deferredRasters = new TreeSet<>();

  private Messager messager;
  private Filer filer;
  private Elements elements;
  private ProcessorOptions options;
  private TileReader reader;
  private JavaHelperWriter javaHelperWriter;
  private final CudaHeaderWriter cudaHeaderWriter = new CudaHeaderWriter();
  private final ReportWriter reportWriter = new ReportWriter();
  private final BankMapWriter bankMapWriter = new BankMapWriter();
  private ConflictChecker conflictChecker;
  private RasterReader rasterReader;
  private final RasterHeaderWriter rasterHeaderWriter = new RasterHeaderWriter();
  private RasterJavaWriter rasterJavaWriter;

  @Override
  public synchronized void init(ProcessingEnvironment processingEnv) {
    super.init(processingEnv);
    messager = processingEnv.getMessager();
    filer = processingEnv.getFiler();
    elements = processingEnv.getElementUtils();
    options = ProcessorOptions.read(processingEnv.getOptions());
    for (String problem : options.problems()) {
      messager.printMessage(Diagnostic.Kind.ERROR, problem);
    }
    conflictChecker = new ConflictChecker(options.conflictKind());
    reader = new TileReader(elements, options.namespace());
    boolean generatedAvailable =
        elements.getTypeElement("javax.annotation.processing.Generated") != null;
    javaHelperWriter = new JavaHelperWriter(generatedAvailable);
    rasterReader = new RasterReader(elements, options.namespace());
    rasterJavaWriter = new RasterJavaWriter(generatedAvailable);
  }

  @Override
  public Set<String> getSupportedAnnotationTypes() {
    return Set.of(SwizzledTile.class.getCanonicalName(), ThreadblockSwizzle.class.getCanonicalName());
  }

  @Override
  public Set<String> getSupportedOptions() {
    return ProcessorOptions.NAMES;
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    if (!options.valid()) {
      return false;
    }
    for (List<TypeElement> group : byTopLevelType(
        typesToProcess(round, SwizzledTile.class, deferredTiles))) {
      processTiles(group, round);
    }
    for (TypeElement raster : typesToProcess(round, ThreadblockSwizzle.class, deferredRasters)) {
      ValidationReport report = new ValidationReport();
      try {
        processRaster(raster, report);
      } catch (AnnotationValues.Malformed notYet) {
        report = new ValidationReport();   // what was found before it is found again later
        if (round.processingOver()) {
          unresolved(raster, notYet, round, ThreadblockSwizzle.class, "rasterizer", report);
        } else {
          deferredRasters.add(raster.getQualifiedName().toString());
        }
      } catch (RuntimeException bug) {
        report.error("swizzlegen failed on rasterizer " + raster.getSimpleName() + " (" + bug
            + "); this is a bug in swizzlegen, please report it with this annotation.", raster, null,
            null);
      }
      report.printTo(messager);
    }
    return false;
  }

  /**
   * This round's types carrying {@code annotation}, and the ones deferred from earlier rounds (looked
   * up again by name: a round's elements are not the next round's), by qualified name; empties
   * {@code deferred}, which the round fills again.
   */
  private List<TypeElement> typesToProcess(RoundEnvironment round,
      Class<? extends Annotation> annotation, Set<String> deferred) {
    Map<String, TypeElement> types = new TreeMap<>();
    for (TypeElement type : annotatedTypes(round, annotation)) {
      types.put(type.getQualifiedName().toString(), type);
    }
    for (String name : deferred) {
      TypeElement type = elements.getTypeElement(name);
      if (type != null) {
        types.putIfAbsent(name, type);
      }
    }
    deferred.clear();
    return new ArrayList<>(types.values());
  }

  /**
   * An annotation with an attribute javac could not attribute when processing is over (until then,
   * such a type waits for the round that generates what it refers to): an error on that attribute,
   * unless javac has already reported an error of its own that stops the build (a value of the wrong
   * type: javac's message says it).
   */
  private void unresolved(TypeElement type, AnnotationValues.Malformed attribute,
      RoundEnvironment round, Class<? extends Annotation> annotation, String subject,
      ValidationReport report) {
    if (round.errorRaised()) {
      return;
    }
    AnnotationMirror mirror = findAnnotation(type, annotation);
    report.error(subject + " " + type.getSimpleName() + ": the value of " + attribute.attribute()
            + " could not be resolved in any round of annotation processing, so nothing was generated"
            + " for it; give " + attribute.attribute() + " a constant javac can evaluate.",
        type, mirror, new AnnotationValues(mirror, elements).location(attribute.attribute()));
  }

  /** The types carrying {@code annotation} in this round, by qualified name. */
  private static List<TypeElement> annotatedTypes(
      RoundEnvironment round, Class<? extends Annotation> annotation) {
    List<TypeElement> types = new ArrayList<>();
    for (Element element : round.getElementsAnnotatedWith(annotation)) {
      if (element instanceof TypeElement type) {
        types.add(type);
      }
    }
    types.sort(Comparator.comparing(type -> type.getQualifiedName().toString()));
    return types;
  }

  /** A tile that passed every check: what its files are written from. */
  private record ProvenTile(TileSpec spec, List<AccessReport> reports, ValidationReport report) {}

  /** The tiles grouped by the top-level type they are or are nested in, in order. */
  private static Collection<List<TypeElement>> byTopLevelType(List<TypeElement> tiles) {
    Map<String, List<TypeElement>> groups = new TreeMap<>();
    for (TypeElement tile : tiles) {
      groups.computeIfAbsent(Names.topLevelType(tile).getQualifiedName().toString(),
          topLevel -> new ArrayList<>()).add(tile);
    }
    return groups.values();
  }

  /**
   * The tiles of one top-level type: each is validated and proven; the helpers of the nested ones
   * share one source, so the whole group waits for a later round while any of its annotations cannot
   * be read yet. Then each tile's diagnostics are printed and every tile without errors gets its
   * files.
   */
  private void processTiles(List<TypeElement> group, RoundEnvironment round) {
    List<ProvenTile> proven = new ArrayList<>();
    List<ValidationReport> reports = new ArrayList<>();
    for (TypeElement tile : group) {
      ValidationReport report = new ValidationReport();
      reports.add(report);
      try {
        prove(tile, report).ifPresent(proven::add);
      } catch (AnnotationValues.Malformed notYet) {
        if (!round.processingOver()) {
          // What was found so far is found again in the round that can read the whole group.
          group.forEach(type -> deferredTiles.add(type.getQualifiedName().toString()));
          return;
        }
        report = new ValidationReport();
        reports.set(reports.size() - 1, report);
        unresolved(tile, notYet, round, SwizzledTile.class, "tile", report);
      } catch (RuntimeException bug) {
        report.error("swizzlegen failed on tile " + tile.getSimpleName() + " (" + bug
            + "); this is a bug in swizzlegen, please report it with this annotation.", tile, null, null);
      }
    }
    List<ProvenTile> nested = new ArrayList<>();
    Map<String, TileSpec> nestedHelpers = new HashMap<>();
    for (ProvenTile tile : proven) {
      if (!ownsItsNames(tile.spec(), nestedHelpers, tile.report())) {
        continue;
      }
      if (tile.spec().helper().enclosingClassName() == null) {
        writeTile(tile, javaHelperWriter.write(tile.spec(), tile.reports()));
      } else {
        nested.add(tile);
      }
    }
    if (!nested.isEmpty()) {
      TypeElement topLevel = Names.topLevelType(nested.get(0).spec().type());
      GeneratedFile helpers = javaHelperWriter.write(
          nested.get(0).spec().helper().enclosingClassName(), topLevel,
          nested.stream().map(ProvenTile::spec).toList(),
          nested.stream().map(ProvenTile::reports).toList());
      ValidationReport holder = new ValidationReport();
      write(helpers, topLevel, "tiles of", holder);
      holder.printTo(messager);
      if (!holder.hasErrors()) {
        for (ProvenTile tile : nested) {
          writeTile(tile, null);
        }
      }
    }
    reports.forEach(report -> report.printTo(messager));
  }

  /** Reads, validates and proves one tile; empty, with the errors in {@code report}, if it fails. */
  private Optional<ProvenTile> prove(TypeElement type, ValidationReport report) {
    AnnotationMirror mirror = findAnnotation(type, SwizzledTile.class);
    AnnotationValues values = new AnnotationValues(mirror, processingEnv.getElementUtils());
    TileErrors errors = new TileErrors(type, values, report);
    Optional<TileSpec> read = reader.read(type, values, errors);
    if (read.isEmpty() || report.hasErrors()) {
      return Optional.empty();
    }
    List<AccessReport> reports = conflictChecker.check(read.get(), errors);
    if (report.hasErrors()) {
      return Optional.empty();
    }
    return Optional.of(new ProvenTile(read.get(), reports, report));
  }

  /**
   * Whether the tile's header is its own across the build and its nested helper's name its own in
   * its top-level type's {@code <TopLevel>Swizzles}; else an error on {@code name}.
   */
  private boolean ownsItsNames(TileSpec tile, Map<String, TileSpec> nestedHelpers,
      ValidationReport report) {
    TypeElement type = tile.type();
    AnnotationValue name = new AnnotationValues(tile.annotation(), elements).location("name");
    String owner = headerOwners.putIfAbsent(tile.headerPath(), type.getQualifiedName().toString());
    if (owner != null && !owner.contentEquals(type.getQualifiedName())) {
      report.error("tile " + type.getSimpleName() + ": its header " + tile.headerPath()
              + " is already generated for " + owner + "; set name to tell them apart.",
          type, tile.annotation(), name);
      return false;
    }
    if (tile.helper().enclosingClassName() != null) {
      TileSpec other = nestedHelpers.putIfAbsent(tile.helper().simpleName(), tile);
      if (other != null) {
        headerOwners.remove(tile.headerPath());
        report.error("tile " + type.getSimpleName() + ": its Java helper " + tile.helper()
                + " is already generated for " + other.type().getQualifiedName()
                + "; set name to tell them apart.", type, tile.annotation(), name);
        return false;
      }
    }
    return true;
  }

  /**
   * Writes a proven tile's files: its own helper source ({@code helper}; null for a nested tile,
   * whose helper its top-level type's source holds), its header and the reports asked for; then the
   * summary note, if asked for.
   */
  private void writeTile(ProvenTile proven, GeneratedFile helper) {
    TileSpec tile = proven.spec();
    List<AccessReport> reports = proven.reports();
    ValidationReport report = proven.report();
    List<GeneratedFile> files = new ArrayList<>();
    if (helper != null) {
      files.add(helper);
    }
    // What the header, the report and the summary state about TMA and wgmma, worked out once.
    HopperHeaderText hopper = HopperHeaderText.of(tile);
    files.add(cudaHeaderWriter.write(tile, reports, hopper));
    Optional<GeneratedFile> bankMap = options.writes(ProcessorOptions.Report.SVG)
        ? bankMapWriter.write(tile, reports)
        : Optional.empty();
    if (options.writes(ProcessorOptions.Report.JSON)) {
      files.add(reportWriter.write(tile, reports, hopper, bankMap.isPresent()));
    }
    bankMap.ifPresent(files::add);
    for (GeneratedFile file : files) {
      write(file, tile.type(), "tile", report);
      if (report.hasErrors()) {
        return;
      }
    }
    if (options.summary()) {
      report.add(Diagnostic.Kind.NOTE, TileSummary.of(tile, reports, hopper), tile.type(), null, null);
    }
  }

  private void processRaster(TypeElement type, ValidationReport report) {
    AnnotationMirror mirror = findAnnotation(type, ThreadblockSwizzle.class);
    AnnotationValues values = new AnnotationValues(mirror, processingEnv.getElementUtils());
    Optional<RasterSpec> read = rasterReader.read(type, values, report);
    if (read.isEmpty() || report.hasErrors()) {
      return;
    }
    RasterSpec raster = read.get();
    String self = rasterOwner(type);
    String owner = headerOwners.putIfAbsent(raster.headerPath(), self);
    if (owner != null && !owner.equals(self)) {
      String ownerName = owner.contentEquals(type.getQualifiedName())
          ? "the @SwizzledTile of this type" : owner;
      RasterReader.error(report, type, values, "name", "its header " + raster.headerPath()
          + " is already generated for " + ownerName + "; set name to tell them apart.");
      return;
    }
    for (GeneratedFile file : List.of(rasterJavaWriter.write(raster), rasterHeaderWriter.write(raster))) {
      write(file, type, "rasterizer", report);
      if (report.hasErrors()) {
        return;
      }
    }
    if (options.summary()) {
      report.add(Diagnostic.Kind.NOTE, TileSummary.of(raster), type, null, null);
    }
  }

  /** A rasterizer's entry in {@link #headerOwners}, distinct from a tile's on the same type. */
  private static String rasterOwner(TypeElement type) {
    return "the @ThreadblockSwizzle of " + type.getQualifiedName();
  }

  private static AnnotationMirror findAnnotation(
      TypeElement type, Class<? extends Annotation> annotation) {
    for (AnnotationMirror mirror : type.getAnnotationMirrors()) {
      TypeElement annotationType = (TypeElement) mirror.getAnnotationType().asElement();
      if (annotationType.getQualifiedName().contentEquals(annotation.getCanonicalName())) {
        return mirror;
      }
    }
    throw new IllegalStateException("no @" + annotation.getSimpleName() + " on " + type);
  }

  /** Writes one file; {@code subject} ("tile", "rasterizer") names the element in a message. */
  private void write(GeneratedFile file, TypeElement originating, String subject,
      ValidationReport report) {
    try {
      FileObject target = switch (file.kind()) {
        case JAVA_SOURCE -> filer.createSourceFile(file.name(), originating);
        case SOURCE_OUTPUT_RESOURCE ->
            filer.createResource(StandardLocation.SOURCE_OUTPUT, "", file.name(), originating);
      };
      try (Writer writer = target.openWriter()) {
        // In pieces: Writer.write(String) copies the whole text into a new char[] first.
        String content = file.content();
        char[] piece = new char[8192];
        for (int start = 0; start < content.length(); start += piece.length) {
          int end = Math.min(content.length(), start + piece.length);
          content.getChars(start, end, piece, 0);
          writer.write(piece, 0, end - start);
        }
      }
    } catch (IOException e) {
      report.error(subject + " " + originating.getSimpleName() + ": could not write " + file.name() + ": "
          + e.getMessage(), originating, null, null);
    }
  }
}
