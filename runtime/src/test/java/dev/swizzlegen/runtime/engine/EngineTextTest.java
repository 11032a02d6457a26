package dev.swizzlegen.runtime.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.Op;
import dev.swizzlegen.runtime.engine.mma.MmaFormat;
import dev.swizzlegen.runtime.notation.RandomLabels;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * An engine's one line of text names exactly that engine, {@code parse(text(engine)) == engine}, for
 * every engine an {@code @Access} can declare (TMA either way, wgmma and UMMA of either major, any
 * label);
 * other text is rejected with a message that names the word at fault.
 */
class EngineTextTest {

  @Test
  void enginesPrintAsTheirJavadocSays() {
    Map<String, Engine> named = Map.of(
        "TMA load into the tile", Tma.of(Op.STORE),
        "TMA store from the tile label 'C out'", Tma.of(Op.LOAD).withLabel("C out"),
        "wgmma K-major", MmaRead.of(MmaFormat.GMMA, Major.K),
        "wgmma MN-major label 'B read by the MMA'", MmaRead.of(MmaFormat.GMMA, Major.MN).withLabel("B read by the MMA"),
        "UMMA K-major", MmaRead.of(MmaFormat.UMMA, Major.K),
        "UMMA MN-major label 'B, tcgen05'", MmaRead.of(MmaFormat.UMMA, Major.MN).withLabel("B, tcgen05"),
        // A label that is the description is no label: the engine is named by its description.
        "TMA store from the tile", Tma.of(Op.LOAD).withLabel("TMA store from the tile"));
    named.forEach((text, engine) -> {
      assertEquals(text, engine.text());
      assertEquals(engine, Engine.parse(text), text);
    });
  }

  @Test
  void everyDeclarableEngineRoundTrips() {
    SplittableRandom random = new SplittableRandom(19);
    for (int i = 0; i < 5_000; i++) {
      Major major = random.nextBoolean() ? Major.K : Major.MN;
      Engine engine = switch (random.nextInt(3)) {
        case 0 -> Tma.of(random.nextBoolean() ? Op.LOAD : Op.STORE);
        case 1 -> MmaRead.of(MmaFormat.GMMA, major);
        default -> MmaRead.of(MmaFormat.UMMA, major);
      };
      engine = engine.withLabel(random.nextInt(8) == 0 ? engine.description() : RandomLabels.next(random));
      String text = engine.text();
      assertEquals(engine, Engine.parse(text), text);
      assertTrue(text.chars().noneMatch(c -> c == '\n' || c == '\r' || Character.isISOControl(c)),
          text);
    }
  }

  @Test
  void badTextIsRejectedNamingWhatIsWrong() {
    Map<String, String> messages = Map.of(
        "TMA", "expected load into the tile or store from the tile at column 4, found the end",
        "TMA load", "expected load into the tile or store from the tile at column 5, found \"load\"",
        "tma load into the tile", "expected TMA, wgmma or UMMA at column 1, found \"tma\"",
        "umma K-major", "expected TMA, wgmma or UMMA at column 1, found \"umma\"",
        "UMMA", "expected K-major or MN-major at column 5, found the end",
        "wgmma K", "expected K-major or MN-major at column 7, found \"K\"",
        "wgmma K-major trans", "expected label or the end at column 15, found \"trans\"",
        "wgmma MN-major label 'B", "the label that starts at column 22 has no closing quote");
    messages.forEach((text, message) -> {
      IllegalArgumentException error =
          assertThrows(IllegalArgumentException.class, () -> Engine.parse(text), text);
      assertTrue(error.getMessage().startsWith("not an engine, \""), error.getMessage());
      assertTrue(error.getMessage().contains(message), text + ": " + error.getMessage());
    });
  }
}
