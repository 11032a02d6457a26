package dev.swizzlegen.processor.emit.java;

import dev.swizzlegen.processor.emit.StorageConstants;
import dev.swizzlegen.processor.emit.java.JavaClass.Doc;
import dev.swizzlegen.processor.emit.java.JavaClass.IntConstant;
import dev.swizzlegen.processor.emit.java.JavaClass.Member;
import dev.swizzlegen.processor.prove.ProvenStorage;
import dev.swizzlegen.processor.read.StorageSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes {@code <Name>Layout}, a storage's Java twin for JVM launchers (JCuda, JavaCPP, Panama) that
 * pass the dynamic shared memory's size: {@code BYTES}, {@code DYNAMIC_BYTES}, {@code ALIGNMENT},
 * {@code LIMIT_BYTES}, {@code BLOCKS_PER_SM} and each buffer's offset, bytes, alignment, copies and
 * copy stride (a barriers buffer's count too): the header's {@link StorageConstants}, every one
 * (the header leaves out a single copy's), in Java's case ({@code kHopperAOffset ->
 * HOPPER_A_OFFSET}); {@code CUDA_HEADER} and {@code CUDA_TYPE}. Constants only: it needs no runtime.
 */
public final class StorageLayoutWriter {

  public JavaClass twin(ProvenStorage proven) {
    StorageSpec spec = proven.spec();
    List<Member> file = new ArrayList<>();
    for (StorageConstants.Constant constant : StorageConstants.of(proven)) {
      file.add(new IntConstant(constant.javaName(), Math.toIntExact(constant.value()), ""));
    }
    file.add(new JavaClass.StringConstant("CUDA_HEADER", spec.headerPath(),
        "The CUDA header with the same plan, under the generated sources."));
    file.add(new JavaClass.StringConstant("CUDA_TYPE", spec.cudaType(), "The header's struct."));
    return new JavaClass(spec.layoutClass(), List.of(Doc.paragraph("The shared-memory plan of "
        + spec.type().getQualifiedName() + ", as " + spec.headerPath() + " has it in C++ ("
        + spec.cudaType() + "): what a JVM launcher passes as the dynamic shared memory's size,"
        + " and each buffer's place.")), file, List.of());
  }
}
