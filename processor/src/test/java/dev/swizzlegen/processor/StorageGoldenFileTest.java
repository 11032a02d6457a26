package dev.swizzlegen.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.processor.emit.Template;
import dev.swizzlegen.processor.emit.cuda.StorageHeaderWriter;
import dev.swizzlegen.processor.testing.ClassFiles;
import dev.swizzlegen.processor.testing.Golden;
import dev.swizzlegen.testing.ReadableHeaders;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The exact text of the storage header and Java twin of {@link StorageTest}'s plan, and of its
 * reports (the JSON report and the picture of its bytes by phase). After an
 * intended change to their writers, regenerate with {@code mvn -pl processor test
 * -Dtest=StorageGoldenFileTest -Dswizzlegen.updateGolden=true} and review the diff.
 */
class StorageGoldenFileTest {
  private static final Path GOLDEN = Path.of("src", "test", "resources", "golden", "storage");

  /** The template names exactly what the writer's variables give. */
  @Test
  void theTemplateAndItsVariablesAgree() {
    assertEquals(Template.variables(StorageHeaderWriter.Variables.class),
        Template.load(StorageHeaderWriter.class, "storage.cuh.template").names());
  }

  @Test
  void theStorageHeaderAndItsTwin() throws IOException {
    Generated generated = Generated.of(StorageSources.sources(
        StorageSources.storage(StorageSources.BUFFERS)));
    String header = generated.text(StorageSources.HEADER);
    Golden.assertMatches(GOLDEN, "gemm_storage.cuh", header);
    // A plan of six buffers, its CuTe tensors included, reads in at most 200 lines (one placement
    // check, not one per pair; every fact said once).
    long lines = header.lines().count();
    assertTrue(lines <= 200, lines + " lines");
    assertEquals(List.of(), ReadableHeaders.faults("gemm_storage.cuh", header, false));
    Golden.assertMatches(GOLDEN, "GemmStorageLayout.class.txt",
        ClassFiles.text(generated.classBytes(StorageSources.LAYOUT)));
  }

  @Test
  void theStorageReports() throws IOException {
    Generated generated = Generated.of(Generated.REPORTS, StorageSources.sources(
        StorageSources.storage(StorageSources.BUFFERS)));
    Golden.assertMatches(GOLDEN, "gemm_storage.json",
        generated.text("swizzlegen/gemm_storage.json"));
    Golden.assertMatches(GOLDEN, "gemm_storage-storage-map.svg",
        generated.text("swizzlegen/gemm_storage-storage-map.svg"));
  }
}
