package dev.swizzlegen.processor.emit.cuda;

import static com.google.common.truth.Truth.assertThat;

import dev.swizzlegen.processor.diag.ModelText;
import dev.swizzlegen.processor.read.Names;
import dev.swizzlegen.runtime.engine.mma.MmaFormat;
import org.junit.jupiter.api.Test;

/**
 * The tensor-core reads' text is one class over every format: each format has its words, the types
 * its messages list ({@link ModelText#typesRead}) and its members' names
 * ({@link Names.MmaMembers}); that those names are exactly what the header's {@code reads} section
 * declares is {@code ReservedNamesTest}'s.
 */
class OperandReadTextTest {
  @Test
  void everyFormatHasItsWords() {
    for (MmaFormat format : MmaFormat.all()) {
      assertThat(OperandReadText.words(format)).isNotNull();
      assertThat(ModelText.typesRead(format)).isNotEmpty();
      assertThat(Names.MmaMembers.majorField(format)).isNotEmpty();
    }
  }
}
