package dev.swizzlegen.processor.emit.java;

import dev.swizzlegen.processor.emit.java.JavaClass.Doc;
import dev.swizzlegen.processor.emit.java.JavaClass.IntConstant;
import dev.swizzlegen.processor.emit.java.JavaClass.Member;
import dev.swizzlegen.processor.prove.ProvenStorage;
import dev.swizzlegen.processor.read.StorageNames;
import dev.swizzlegen.processor.read.StorageSpec;
import dev.swizzlegen.processor.read.StorageSpec.StorageBuffer;
import dev.swizzlegen.runtime.storage.Buffer;
import dev.swizzlegen.runtime.storage.Placement;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes {@code <Name>Layout}, a storage's Java twin for JVM launchers (JCuda, JavaCPP, Panama) that
 * pass the dynamic shared memory's size: {@code BYTES}, {@code DYNAMIC_BYTES}, {@code ALIGNMENT},
 * {@code LIMIT_BYTES}, {@code BLOCKS_PER_SM} and each buffer's offset, bytes, alignment, copies and
 * copy stride (a barriers buffer's count too), named as the header's constants in Java's case
 * ({@code kHopperAOffset -> HOPPER_A_OFFSET}); {@code CUDA_HEADER} and {@code CUDA_TYPE}. Constants
 * only: it needs no runtime.
 */
public final class StorageLayoutWriter {

  public JavaClass twin(ProvenStorage proven) {
    StorageSpec spec = proven.spec();
    Placement placement = proven.placement();
    List<Member> file = new ArrayList<>();
    file.add(new IntConstant("BYTES", Math.toIntExact(placement.bytes()), ""));
    file.add(new IntConstant("ALIGNMENT", placement.alignment(), ""));
    file.add(new IntConstant("DYNAMIC_BYTES", Math.toIntExact(placement.dynamicBytes()), ""));
    file.add(new IntConstant("LIMIT_BYTES", proven.limitBytes(), ""));
    file.add(new IntConstant("BLOCKS_PER_SM", proven.blocksPerMultiprocessor(), ""));
    for (int i = 0; i < spec.buffers().size(); i++) {
      StorageBuffer buffer = spec.buffers().get(i);
      Buffer model = buffer.buffer();
      StorageNames.Members names = buffer.names();
      file.add(new IntConstant(javaName(names.offset()),
          Math.toIntExact(placement.offsets().get(i)), ""));
      file.add(new IntConstant(javaName(names.bytes()), Math.toIntExact(model.bytes()), ""));
      file.add(new IntConstant(javaName(names.alignment()), model.alignment(), ""));
      file.add(new IntConstant(javaName(names.copies()), model.copies(), ""));
      file.add(new IntConstant(javaName(names.copyStride()), Math.toIntExact(model.copyStride()),
          ""));
      if (model.kind() == Buffer.Kind.BARRIERS) {
        file.add(new IntConstant(javaName(names.count()), Math.toIntExact(model.barrierCount()),
            ""));
      }
    }
    file.add(new JavaClass.StringConstant("CUDA_HEADER", spec.headerPath(),
        "The CUDA header with the same plan, under the generated sources."));
    file.add(new JavaClass.StringConstant("CUDA_TYPE", spec.cudaType(), "The header's struct."));
    return new JavaClass(spec.layoutClass(), List.of(Doc.paragraph("The shared-memory plan of "
        + spec.type().getQualifiedName() + ", as " + spec.headerPath() + " has it in C++ ("
        + spec.cudaType() + "): what a JVM launcher passes as the dynamic shared memory's size,"
        + " and each buffer's place.")), file, List.of());
  }

  /** {@code kHopperAOffset -> HOPPER_A_OFFSET}, as {@link StorageNames} reserved it. */
  static String javaName(String cudaName) {
    return StorageNames.javaName(cudaName);
  }
}
