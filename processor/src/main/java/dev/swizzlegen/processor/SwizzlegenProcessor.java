package dev.swizzlegen.processor;

import com.google.auto.service.AutoService;
import dev.swizzlegen.annotations.SwizzledTile;
import dev.swizzlegen.annotations.ThreadblockSwizzle;
import dev.swizzlegen.runtime.analysis.AccessReport;
import java.io.IOException;
import java.io.Writer;
import java.lang.annotation.Annotation;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.Filer;
import javax.annotation.processing.Messager;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * The one entry point: for every {@code @SwizzledTile} type, validate the tile (errors on the
 * attribute at fault), prove its accesses free of bank conflicts (errors on the {@code @Access}), then
 * write its Java helper, CUDA header, JSON report and bank maps, or nothing if it has errors; for every
 * {@code @ThreadblockSwizzle} type, write its rasterizer's CUDA header and Java twin, or nothing if
 * it has errors.
 *
 * <p>Options: {@code -Aswizzlegen.namespace=a::b} (default {@code swizzlegen}), the C++ namespace of
 * the generated structs; {@code -Aswizzlegen.conflicts=warning} (default {@code error}) reports bank
 * conflicts as warnings and generates the files anyway.
 */
@AutoService(Processor.class)
public final class SwizzlegenProcessor extends AbstractProcessor {
  static final String NAMESPACE_OPTION = "swizzlegen.namespace";
  static final String CONFLICTS_OPTION = "swizzlegen.conflicts";

  /**
   * Header path to what owns it, across rounds: a tile's qualified name, or a rasterizer's
   * {@link #rasterOwner}.
   */
  private final Map<String, String> headerOwners = new HashMap<>();

  private Messager messager;
  private Filer filer;
  private TileReader reader;
  private JavaHelperWriter javaHelperWriter;
  private final CudaHeaderWriter cudaHeaderWriter = new CudaHeaderWriter();
  private final ReportWriter reportWriter = new ReportWriter();
  private final BankMapWriter bankMapWriter = new BankMapWriter();
  private ConflictChecker conflictChecker;
  private RasterReader rasterReader;
  private final RasterHeaderWriter rasterHeaderWriter = new RasterHeaderWriter();
  private RasterJavaWriter rasterJavaWriter;
  private boolean optionsValid;
  /** The round's {@link #sourceTypes}. */
  private Set<String> sourceTypes = Set.of();

  @Override
  public synchronized void init(ProcessingEnvironment processingEnv) {
    super.init(processingEnv);
    messager = processingEnv.getMessager();
    filer = processingEnv.getFiler();
    String namespace = processingEnv.getOptions().getOrDefault(NAMESPACE_OPTION, "swizzlegen");
    Optional<String> namespaceProblem = Names.namespaceProblem(namespace);
    namespaceProblem.ifPresent(problem -> messager.printMessage(Diagnostic.Kind.ERROR, problem));
    String conflicts = processingEnv.getOptions().getOrDefault(CONFLICTS_OPTION, "error");
    boolean conflictsValid = conflicts.equals("error") || conflicts.equals("warning");
    if (!conflictsValid) {
      messager.printMessage(Diagnostic.Kind.ERROR, "-A" + CONFLICTS_OPTION + "=" + conflicts
          + " is neither error nor warning.");
    }
    optionsValid = namespaceProblem.isEmpty() && conflictsValid;
    conflictChecker = new ConflictChecker(
        conflicts.equals("warning") ? Diagnostic.Kind.WARNING : Diagnostic.Kind.ERROR);
    // The round's source types, read when a name is checked (a method reference would keep this set).
    Predicate<String> declaredInSources = name -> sourceTypes.contains(name);
    reader = new TileReader(processingEnv.getElementUtils(), namespace, declaredInSources);
    boolean generatedAvailable =
        processingEnv.getElementUtils().getTypeElement("javax.annotation.processing.Generated") != null;
    javaHelperWriter = new JavaHelperWriter(generatedAvailable);
    rasterReader = new RasterReader(processingEnv.getElementUtils(), namespace, declaredInSources);
    rasterJavaWriter = new RasterJavaWriter(generatedAvailable);
  }

  @Override
  public Set<String> getSupportedAnnotationTypes() {
    return Set.of(SwizzledTile.class.getCanonicalName(), ThreadblockSwizzle.class.getCanonicalName());
  }

  @Override
  public Set<String> getSupportedOptions() {
    return Set.of(NAMESPACE_OPTION, CONFLICTS_OPTION);
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    if (!optionsValid) {
      return false;
    }
    sourceTypes = sourceTypes(round);
    for (TypeElement tile : annotatedTypes(round, SwizzledTile.class)) {
      ValidationReport report = new ValidationReport();
      try {
        processTile(tile, report);
      } catch (AnnotationValues.Malformed javacReportsIt) {
        // An attribute javac could not attribute: javac's own error says where; add nothing.
      } catch (RuntimeException bug) {
        report.error("swizzlegen failed on tile " + tile.getSimpleName() + " (" + bug
            + "); this is a bug in swizzlegen, please report it with this annotation.", tile, null, null);
      }
      report.printTo(messager);
    }
    for (TypeElement raster : annotatedTypes(round, ThreadblockSwizzle.class)) {
      ValidationReport report = new ValidationReport();
      try {
        processRaster(raster, report);
      } catch (AnnotationValues.Malformed javacReportsIt) {
        // An attribute javac could not attribute: javac's own error says where; add nothing.
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
   * The qualified names of the top-level types the round's sources declare, which a generated Java
   * class must not repeat. Only sources: a class file of the same name may be the helper generated by
   * an earlier build.
   */
  private static Set<String> sourceTypes(RoundEnvironment round) {
    Set<String> names = new HashSet<>();
    for (Element root : round.getRootElements()) {
      if (root instanceof TypeElement type) {
        names.add(type.getQualifiedName().toString());
      }
    }
    return names;
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

  private void processTile(TypeElement type, ValidationReport report) {
    AnnotationMirror mirror = findAnnotation(type, SwizzledTile.class);
    AnnotationValues values = new AnnotationValues(mirror, processingEnv.getElementUtils());
    TileErrors errors = new TileErrors(type, values, report);
    Optional<TileSpec> read = reader.read(type, values, errors);
    if (read.isEmpty() || report.hasErrors()) {
      return;
    }
    TileSpec tile = read.get();
    List<AccessReport> reports = conflictChecker.check(tile, errors);
    if (report.hasErrors()) {
      return;
    }
    String owner = headerOwners.putIfAbsent(tile.headerPath(), type.getQualifiedName().toString());
    if (owner != null && !owner.contentEquals(type.getQualifiedName())) {
      report.error("tile " + type.getSimpleName() + ": its header " + tile.headerPath()
              + " is already generated for " + owner + "; set name to tell them apart.",
          type, mirror, values.location("name"));
      return;
    }
    List<GeneratedFile> files = new ArrayList<>();
    files.add(javaHelperWriter.write(tile, reports));
    // What the header and the report both state about TMA and wgmma, worked out once.
    HopperHeaderText hopper = HopperHeaderText.of(tile);
    files.add(cudaHeaderWriter.write(tile, reports, hopper));
    files.add(reportWriter.write(tile, reports, hopper));
    bankMapWriter.write(tile, reports).ifPresent(files::add);
    for (GeneratedFile file : files) {
      write(file, type, "tile", report);
      if (report.hasErrors()) {
        return;
      }
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
