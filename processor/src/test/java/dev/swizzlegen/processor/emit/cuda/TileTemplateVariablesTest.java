package dev.swizzlegen.processor.emit.cuda;

import static com.google.common.truth.Truth.assertThat;

import dev.swizzlegen.processor.emit.Template;
import org.junit.jupiter.api.Test;

/**
 * The tile header's template and its typed variables cannot drift apart: the slots, flags and
 * sections {@code tile.cuh.template} names are exactly those {@link CudaHeaderWriter.Variables}
 * gives (TMA's and the reads' among them), so a slot renamed on one side fails here, before any
 * header is rendered.
 */
class TileTemplateVariablesTest {
  @Test
  void theTemplateNamesExactlyTheVariables() {
    assertThat(Template.load(CudaHeaderWriter.class, "tile.cuh.template").names())
        .containsExactlyElementsIn(Template.variables(CudaHeaderWriter.Variables.class));
  }
}
