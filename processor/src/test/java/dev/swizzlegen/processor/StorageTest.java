package dev.swizzlegen.processor;

import static com.google.common.truth.Truth.assertThat;

import dev.swizzlegen.runtime.storage.Placement;
import dev.swizzlegen.runtime.storage.StoragePlan;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A {@code @SharedStorage} with operand stages, the epilogue's reuse of their bytes in another
 * phase, barriers and scratch: its header and Java twin hold the model's placement, and say what each
 * phase change must complete.
 */
class StorageTest {

  @Test
  void theHeaderAndTheTwinHoldTheModelsPlacement() {
    Generated generated = Generated.of(StorageSources.sources(
        StorageSources.storage(StorageSources.BUFFERS)));
    String header = generated.text(StorageSources.HEADER);
    System.out.println(header);
  }
}
