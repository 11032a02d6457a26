package dev.swizzlegen.processor.emit.java;

import dev.swizzlegen.processor.emit.GeneratedFile;
import java.util.List;

/**
 * Writes the generated Java classes in the build's form: class files ({@link ClassFileWriter}, the
 * default: javac pays far less for them than for sources it must compile) or Java sources
 * ({@link SourceWriter}: {@code -Aswizzlegen.helpers=sources}, and under Eclipse's compiler, which
 * does not feed class files a processor creates back into the compilation).
 *
 * @param sources whether it writes sources, whose classes carry Javadoc
 */
public record JavaWriter(boolean sources) {
  /** The files of {@code type}: as a source, none for a member class (its holder's has it). */
  public List<GeneratedFile> write(JavaClass type) {
    if (!sources) {
      return new ClassFileWriter().write(type);
    }
    // A build of class files never loads JavaPoet (cold JVMs pay per class).
    return type.name().enclosingClassName().isPresent() ? List.of()
        : List.of(new SourceWriter().write(type));
  }
}
