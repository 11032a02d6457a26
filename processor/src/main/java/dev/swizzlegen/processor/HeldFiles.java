package dev.swizzlegen.processor;

import dev.swizzlegen.processor.diag.Diagnostics;
import dev.swizzlegen.processor.emit.GeneratedFile;
import dev.swizzlegen.processor.emit.java.JavaClass;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.TypeElement;

/**
 * An annotated type's files, all made before any is written, and its summary note: a tile's or a
 * storage's. Where its Java class is a member of a holder ({@code KernelSwizzles}), the files wait
 * until the holder is written: the holder's source declares that class, its class file lists it.
 *
 * @param type the annotated type, the files' originating element
 * @param diagnostics what is reported on it
 * @param javaClass its Java class (helper or twin), as a definition
 * @param files its files: the class files of its Java class (none for a member written as a source),
 *     its header and the reports asked for
 * @param summary its summary note, if asked for
 */
record HeldFiles(TypeElement type, Diagnostics diagnostics, JavaClass javaClass,
    List<GeneratedFile> files, Optional<String> summary) {
  HeldFiles {
    files = List.copyOf(files);
  }
}
