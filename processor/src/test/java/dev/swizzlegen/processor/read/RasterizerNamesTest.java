package dev.swizzlegen.processor.read;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;

import dev.swizzlegen.processor.emit.RasterRoutines;
import dev.swizzlegen.processor.emit.cuda.HeaderNames;
import dev.swizzlegen.processor.emit.cuda.RasterHeaderWriter;
import dev.swizzlegen.runtime.raster.Rasterizer;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The reserved names hold the rasterizers' CUDA: every identifier of the code a rasterizer's header
 * copies ({@link RasterHeaderWriter}) is a name no struct can take, because the printers' names
 * ({@link HeaderNames}, kept by {@link Names}) include them.
 */
class RasterizerNamesTest {
  private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_]\\w*");

  /** The identifiers of every rasterizer's CUDA, comments left out. */
  private static Set<String> identifiers() {
    Set<String> names = new TreeSet<>();
    for (Rasterizer rasterizer : Rasterizer.values()) {
      String code = String.join("\n", RasterRoutines.of(rasterizer).cuda(),
          RasterHeaderWriter.launchGrid(rasterizer),
          String.join(",", RasterHeaderWriter.parameters(rasterizer)),
          String.join(",", RasterHeaderWriter.deviceArguments(rasterizer)))
          .replaceAll("//[^\n]*|/\\*.*?\\*/", " ");
      Matcher matcher = IDENTIFIER.matcher(code);
      while (matcher.find()) {
        names.add(matcher.group());
      }
    }
    return names;
  }

  @Test
  void everyIdentifierOfTheRasterizersIsReserved() {
    Set<String> identifiers = identifiers();
    assertThat(identifiers.size()).isAtLeast(30);
    for (String identifier : identifiers) {
      assertWithMessage(identifier).that(Names.identifierProblem(identifier).isPresent()).isTrue();
    }
  }

  @Test
  void thePrintersNamesHoldEveryIdentifierOfTheRasterizers() {
    assertThat(HeaderNames.identifiers()).containsAtLeastElementsIn(identifiers());
  }
}
