package dev.swizzlegen.processor.emit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.processor.testing.Generated;
import dev.swizzlegen.processor.testing.TileCorpus;
import dev.swizzlegen.runtime.engine.mma.MmaDescriptor;
import dev.swizzlegen.runtime.engine.mma.MmaOperand;
import dev.swizzlegen.testing.HeaderCheck;
import java.lang.reflect.Method;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The descriptor functions are one expression printed twice (issue 31): for every tensor-core read of
 * every tile the corpus declares (wgmma, wgmma's MN-major second read, tcgen05), at random
 * shared-memory addresses and every stage, K slice and M or N step, the Java helper's
 * {@code long wgmmaDesc(smem_address, k_slice, mn, stage)} equals the runtime model's descriptor
 * encoder ({@link MmaOperand#descriptor}, {@code MmaDescriptor#encode}),
 * and with its start address field cleared it is the header's {@code kWgmmaDescriptor}. The header's
 * {@code wgmma_desc()} itself is compiled and compared with the same model by the header tests
 * ({@code HeaderCheck}), and with the helper by the meaning records.
 */
class DescriptorFunctionLawTest {
  private static final Pattern DESCRIPTOR_CONSTANT =
      Pattern.compile("static constexpr uint64_t (k\\w+)Descriptor = (0x[0-9a-f]+)ull;");

  @Test
  void theHelpersDescriptorIsTheModelsAndTheHeadersConstant() throws Exception {
    List<TileCorpus.Case> cases = new ArrayList<>(TileCorpus.CASES);
    cases.addAll(TileCorpus.BLACKWELL);
    cases.addAll(TileCorpus.WGMMA_TWO_MAJORS);
    Generated generated = Generated.of(TileCorpus.sources(cases));
    Random random = new Random(31);
    int reads = 0;
    long checked = 0;
    for (TileCorpus.Case tile : cases) {
      Generated.Helper helper = generated.helper(tile.helper());
      String header = generated.text(tile.header());
      HeaderCheck.Header check = TileCorpus.writeHeaders(generated,
          java.nio.file.Path.of("target", "descriptor-law", tile.type()), List.of(tile)).get(0);
      for (HeaderCheck.ReadKind kind : HeaderCheck.ReadKind.values()) {
        if (check.read(kind).isEmpty()) {
          continue;
        }
        MmaOperand operand = check.read(kind).get();
        String engine = kind.name().startsWith("UMMA") ? "umma" : "wgmma";
        String prefix = "k" + Character.toUpperCase(engine.charAt(0)) + engine.substring(1)
            + (kind.name().endsWith("_MN") ? "Mn" : "");
        Method descriptor = helper.type().getMethod(engine + "Desc"
            + (kind.name().endsWith("_MN") ? "Mn" : ""), int.class, int.class, int.class,
            int.class);
        assertEquals(long.class, descriptor.getReturnType(), descriptor.toString());
        long constant = headerConstant(header, prefix);
        assertEquals(operand.descriptorWithoutStart(), constant, tile.type() + " " + prefix);
        int alignment = operand.tile().alignment();
        for (int draw = 0; draw < 16; draw++) {
          // Any address the 18 bits can hold, at the tile's alignment, and now and then one past
          // them (the descriptor keeps the low 18 bits, as the model does).
          int address = random.nextInt((1 << 18) / alignment) * alignment
              + (draw % 4 == 3 ? 1 << 18 : 0);
          for (int stage = 0; stage < operand.tile().stages(); stage++) {
            for (int kSlice = 0; kSlice < operand.kSlices(); kSlice++) {
              for (int mn = 0; mn < operand.mnExtent(); mn += operand.mnStep()) {
                long java = (Long) descriptor.invoke(null, address, kSlice, mn, stage);
                long model = operand.descriptor(address, kSlice, mn, stage).encode();
                assertEquals(model, java, tile.type() + " " + descriptor.getName() + "(" + address
                    + ", " + kSlice + ", " + mn + ", " + stage + ")");
                assertEquals(constant, java & ~startField(operand), tile.type());
                checked++;
              }
            }
          }
        }
        reads++;
      }
    }
    assertTrue(reads >= 30, "reads checked: " + reads);
    assertTrue(checked > 10_000, "descriptors checked: " + checked);
  }

  /** The bits of the descriptor's start address field. */
  private static long startField(MmaOperand operand) {
    for (MmaDescriptor.Bits bits : operand.format().descriptor().fields()) {
      if (bits.field() == MmaDescriptor.Field.START_ADDRESS) {
        return ((1L << bits.width()) - 1) << bits.shift();
      }
    }
    throw new AssertionError("no start address in " + operand.format());
  }

  /** The header's {@code <prefix>Descriptor}. */
  private static long headerConstant(String header, String prefix) {
    Matcher matcher = DESCRIPTOR_CONSTANT.matcher(header);
    while (matcher.find()) {
      if (matcher.group(1).equals(prefix)) {
        return new BigInteger(matcher.group(2).substring(2), 16).longValue();
      }
    }
    throw new AssertionError("no " + prefix + "Descriptor in the header");
  }
}
