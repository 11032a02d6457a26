package dev.swizzlegen.processor.step;

import dev.swizzlegen.processor.diag.Diagnostics;
import dev.swizzlegen.processor.diag.ElementError;
import dev.swizzlegen.processor.diag.ShapeError.Declaration;
import dev.swizzlegen.processor.diag.ShapeError.NameTaken;
import dev.swizzlegen.processor.emit.GeneratedFile;
import dev.swizzlegen.processor.emit.java.JavaClass;
import dev.swizzlegen.processor.emit.java.JavaHelperWriter;
import dev.swizzlegen.processor.emit.java.JavaWriter;
import dev.swizzlegen.processor.read.JavaClassName;
import dev.swizzlegen.processor.read.Names;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import javax.annotation.processing.Filer;
import javax.annotation.processing.Messager;
import javax.lang.model.element.TypeElement;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * Where every step's files go: each header claimed by one annotated type across the rounds (a
 * second claim is an error on {@code name}), a type's files written all or nothing, and a nested
 * type's held until the round's end, when their holder ({@code KernelSwizzles}) is written with
 * every member the round made: its source declares them, its class file lists them.
 */
final class Output {
  /** What claimed a header: the annotated type and which of its declarations. */
  private record Owner(Declaration declaration, String type) {}

  private final Map<String, Owner> headerOwners = new HashMap<>();
  /** The members held for each top-level type's holder, by its qualified name, this round. */
  private final Map<String, List<Step.Made>> heldMembers = new TreeMap<>();
  /** The holders written in earlier rounds, by binary name: none can be written twice. */
  private final Set<String> writtenHolders = new HashSet<>();
  private final Filer filer;
  final JavaWriter javaWriter;
  private final JavaHelperWriter holderWriter = new JavaHelperWriter();
  /** What every file passes through once made, before any is written (a test's bug stand-in). */
  final UnaryOperator<GeneratedFile> made;

  Output(Filer filer, JavaWriter javaWriter, UnaryOperator<GeneratedFile> made) {
    this.filer = filer;
    this.javaWriter = javaWriter;
    this.made = made;
  }

  /**
   * Writes the files a step made, or holds them for their holder; nothing, with an error on the
   * type, where its header is another's, its holder was written in an earlier round, or a member of
   * its holder has its Java class's name.
   */
  void take(Step.Made files) {
    Declaration declaration = files.declaration();
    Diagnostics diagnostics = files.diagnostics();
    String name = files.type().getQualifiedName().toString();
    Owner self = new Owner(declaration, name);
    Owner owner = headerOwners.putIfAbsent(files.headerPath(), self);
    if (owner != null && !owner.equals(self)) {
      diagnostics.shapeError(new NameTaken(declaration, true, files.headerPath(),
          owner.declaration(), owner.type(), owner.type().equals(name)));
      return;
    }
    JavaClassName javaClass = files.javaClass().name();
    Optional<JavaClassName> holder = javaClass.enclosingClassName();
    if (holder.isEmpty()) {
      write(files);
      return;
    }
    if (writtenHolders.contains(holder.get().binaryName())) {
      diagnostics.elementError(
          new ElementError.HolderWritten(javaClass.toString(), holder.get().toString()));
      return;
    }
    List<Step.Made> members = heldMembers.computeIfAbsent(
        Names.topLevelType(files.type()).getQualifiedName().toString(), key -> new ArrayList<>());
    for (Step.Made other : members) {
      if (other.javaClass().name().simpleName().equals(javaClass.simpleName())) {
        headerOwners.remove(files.headerPath());
        diagnostics.shapeError(new NameTaken(declaration, false, javaClass.toString(),
            other.declaration(), other.type().getQualifiedName().toString(), false));
        return;
      }
    }
    members.add(files);
  }

  /** Whether the files of the type {@code diagnostics} reports on wait for their holder. */
  boolean holds(Diagnostics diagnostics) {
    return heldMembers.values().stream().flatMap(List::stream)
        .anyMatch(held -> held.diagnostics() == diagnostics);
  }

  /**
   * The held members of each top-level type: the class that holds their Java classes, then each
   * member's own files, and their diagnostics printed. A failure while making the holder is an
   * error on each member, and nothing is written for any.
   */
  void writeHolders(Messager messager) {
    for (List<Step.Made> members : heldMembers.values()) {
      TypeElement topLevel = Names.topLevelType(members.get(0).type());
      JavaClassName name = members.get(0).javaClass().name().enclosingClassName().orElseThrow();
      writtenHolders.add(name.binaryName());
      List<GeneratedFile> holderFiles;
      try {
        List<JavaClass> classes = members.stream().map(Step.Made::javaClass).toList();
        holderFiles = javaWriter.write(holderWriter.holder(name,
            topLevel.getQualifiedName().toString(), classes)).stream().map(made).toList();
      } catch (RuntimeException bug) {
        members.forEach(files -> {
          files.diagnostics().failed(bug);
          files.diagnostics().printTo(messager);
        });
        continue;
      }
      Diagnostics holder = new Diagnostics("types of", topLevel, null);
      boolean written = writeAll(holderFiles, topLevel, holder);
      holder.printTo(messager);
      if (written) {
        members.forEach(this::write);
      }
      members.forEach(files -> files.diagnostics().printTo(messager));
    }
    heldMembers.clear();
  }

  /** Writes a type's files, then notes its summary. */
  private void write(Step.Made files) {
    if (writeAll(files.files(), files.type(), files.diagnostics())) {
      files.summary().ifPresent(files.diagnostics()::note);
    }
  }

  /**
   * Writes {@code files}, stopping at the first that cannot be written, an error on the element in
   * {@code diagnostics}; whether all were.
   */
  private boolean writeAll(List<GeneratedFile> files, TypeElement originating,
      Diagnostics diagnostics) {
    return files.stream().allMatch(file -> write(file, originating, diagnostics));
  }

  private boolean write(GeneratedFile file, TypeElement originating, Diagnostics diagnostics) {
    try {
      FileObject target = switch (file.kind()) {
        case CLASS_FILE -> filer.createClassFile(file.name(), originating);
        case SOURCE -> filer.createSourceFile(file.name(), originating);
        case SOURCE_OUTPUT_RESOURCE ->
            filer.createResource(StandardLocation.SOURCE_OUTPUT, "", file.name(), originating);
      };
      if (file.kind() == GeneratedFile.Kind.CLASS_FILE) {
        try (OutputStream out = target.openOutputStream()) {
          out.write(file.classBytes());
        }
        return true;
      }
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
      return true;
    } catch (IOException e) {
      diagnostics.elementError(new ElementError.NotWritten(file.name(), e.getMessage()));
    } catch (RuntimeException bug) {
      // Not javac's to crash on: one error on the element, as for a failure while making the file.
      diagnostics.failed(bug);
    }
    return false;
  }
}
