package dev.swizzlegen.processor.emit.java;

import dev.swizzlegen.processor.emit.ClassFile;
import dev.swizzlegen.processor.emit.GeneratedFile;
import dev.swizzlegen.processor.prove.ProvenStorage;
import dev.swizzlegen.processor.read.StorageNames;
import dev.swizzlegen.processor.read.StorageSpec;
import dev.swizzlegen.processor.read.StorageSpec.StorageBuffer;
import dev.swizzlegen.runtime.storage.Buffer;
import dev.swizzlegen.runtime.storage.Placement;

/**
 * Writes {@code <Name>Layout}, a storage's Java twin for JVM launchers (JCuda, JavaCPP, Panama) that
 * pass the dynamic shared memory's size: {@code BYTES}, {@code DYNAMIC_BYTES}, {@code ALIGNMENT},
 * {@code LIMIT_BYTES}, {@code BLOCKS_PER_SM} and each buffer's offset, bytes, alignment, copies and
 * copy stride (a barriers buffer's count too), named as the header's constants in Java's case
 * ({@code kHopperAOffset -> HOPPER_A_OFFSET}); {@code CUDA_HEADER} and {@code CUDA_TYPE}. A class
 * file of constants, as the tiles' helpers are.
 */
public final class StorageLayoutWriter {

  public GeneratedFile write(ProvenStorage proven) {
    StorageSpec spec = proven.spec();
    Placement placement = proven.placement();
    String binaryName = spec.layoutClass().binaryName();
    ClassFile file = new ClassFile(binaryName, ClassFile.PUBLIC | ClassFile.FINAL);
    file.intConstant("BYTES", Math.toIntExact(placement.bytes()));
    file.intConstant("ALIGNMENT", placement.alignment());
    file.intConstant("DYNAMIC_BYTES", Math.toIntExact(placement.dynamicBytes()));
    file.intConstant("LIMIT_BYTES", proven.limitBytes());
    file.intConstant("BLOCKS_PER_SM", proven.blocksPerMultiprocessor());
    for (int i = 0; i < spec.buffers().size(); i++) {
      StorageBuffer buffer = spec.buffers().get(i);
      Buffer model = buffer.buffer();
      StorageNames.Members names = buffer.names();
      file.intConstant(javaName(names.offset()), Math.toIntExact(placement.offsets().get(i)));
      file.intConstant(javaName(names.bytes()), Math.toIntExact(model.bytes()));
      file.intConstant(javaName(names.alignment()), model.alignment());
      file.intConstant(javaName(names.copies()), model.copies());
      file.intConstant(javaName(names.copyStride()), Math.toIntExact(model.copyStride()));
      if (model.kind() == Buffer.Kind.BARRIERS) {
        file.intConstant(javaName(names.count()), Math.toIntExact(model.barrierCount()));
      }
    }
    file.stringConstant("CUDA_HEADER", spec.headerPath());
    file.stringConstant("CUDA_TYPE", spec.cudaType());
    file.privateConstructor();
    return GeneratedFile.classFile(binaryName, file.bytes());
  }

  /** {@code kHopperAOffset -> HOPPER_A_OFFSET}, as {@link StorageNames} reserved it. */
  static String javaName(String cudaName) {
    return StorageNames.javaName(cudaName);
  }
}
