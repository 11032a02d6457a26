package dev.swizzlegen.processor.read;

import dev.swizzlegen.processor.diag.AttributeSource;
import dev.swizzlegen.runtime.storage.Buffer;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.TypeElement;

/**
 * A {@code @SharedStorage} as read and validated: the model's buffers, each with the tile it holds
 * (a proven tile's spec) and the names of what is generated for it.
 *
 * @param type the annotated type, the one originating element of every generated file
 * @param name the CUDA struct's name and the stem of the generated names
 * @param cudaNamespace the C++ namespace of the struct
 * @param layoutClass the Java twin, {@code <name>Layout}
 * @param headerPath the header, relative to the source output: {@code swizzlegen/gemm_storage.cuh}
 * @param phases the kernel's phases, in its order, as declared; empty when every buffer is live in
 *     every phase
 * @param buffers the buffers, as declared
 */
public record StorageSpec(TypeElement type, String name, String cudaNamespace,
    JavaClassName layoutClass, String headerPath, List<String> phases,
    List<StorageBuffer> buffers) {

  public StorageSpec {
    phases = List.copyOf(phases);
    buffers = List.copyOf(buffers);
  }

  /**
   * One buffer of a storage.
   *
   * @param buffer the model's buffer
   * @param tile the proven tile of a tile buffer; empty for barriers and bytes
   * @param names the members the header declares for it
   * @param annotation its {@code @Buffer}, to report on
   */
  public record StorageBuffer(Buffer buffer, Optional<TileSpec> tile, StorageNames.Members names,
      AttributeSource annotation) {}

  /** The model's buffers, as declared. */
  public List<Buffer> modelBuffers() {
    return buffers.stream().map(StorageBuffer::buffer).toList();
  }

  /** The generated non-Java files' path without extension: {@code swizzlegen/gemm_storage}. */
  public String outputStem() {
    return headerPath.substring(0, headerPath.length() - ".cuh".length());
  }

  /** The JSON report, beside the header: {@code swizzlegen/gemm_storage.json}, as a tile's. */
  public String reportPath() {
    return outputStem() + ".json";
  }

  /** {@code swizzlegen::GemmStorage}. */
  public String cudaType() {
    return cudaNamespace + "::" + name;
  }
}
