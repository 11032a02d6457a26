package dev.swizzlegen.processor.emit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.processor.emit.java.ClassFileWriter;
import dev.swizzlegen.processor.emit.java.JavaClass;
import dev.swizzlegen.processor.read.JavaClassName;
import dev.swizzlegen.processor.testing.ClassFiles;
import dev.swizzlegen.runtime.raster.LaunchGrid;
import dev.swizzlegen.runtime.raster.Rasterizer;
import dev.swizzlegen.runtime.raster.TileCoord;
import java.lang.reflect.Method;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Each order's {@code get_swizzle_idx} is one {@link Routine} ({@link RasterRoutines}): the header
 * prints it ({@code Routine#cuda}, checked against the model by the raster header tests under
 * nvcc and g++), and compiled to bytecode by ASM it gives the model's tile ({@link Rasterizer#tile})
 * for every block of every grid up to 20 x 20 and every tile size the order takes up to 9, and on
 * grids of 2^15 x 2^15 (Morton's loop at its deepest the corpus reaches). ASM's CheckClassAdapter and
 * the JVM verify the class.
 */
class RasterRoutinesTest {
  private static final class Loader extends ClassLoader {
    Loader() {
      super(RasterRoutinesTest.class.getClassLoader());
    }

    Class<?> define(String binaryName, byte[] bytes) throws ClassNotFoundException {
      defineClass(binaryName, bytes, 0, bytes.length);
      return Class.forName(binaryName, true, this);
    }
  }

  @Test
  void eachCompiledRoutineIsTheModel() throws Exception {
    List<JavaClass.Member> members = new java.util.ArrayList<>();
    for (Rasterizer rasterizer : Rasterizer.values()) {
      members.add(new JavaClass.EnumValue(rasterizer.name(), Rasterizer.class,
          rasterizer.name(), ""));
      members.add(new JavaClass.RoutineMethod(rasterizer.name().toLowerCase(java.util.Locale.ROOT),
          RasterRoutines.PARAMETERS, new JavaClass.Invocation(rasterizer.name(),
              Rasterizer.class, "checkArguments",
              RasterRoutines.PARAMETERS.stream().<Expr>map(Expr::param).toList()),
          RasterRoutines.of(rasterizer), TileCoord.class, ""));
    }
    byte[] bytes = new ClassFileWriter().write(new JavaClass(
        JavaClassName.topLevel("law", "Rasters"), List.of(), members, List.of())).get(0)
        .classBytes();
    ClassFiles.verify(bytes, getClass().getClassLoader());
    Class<?> type = new Loader().define("law.Rasters", bytes);
    long checked = 0;
    for (Rasterizer rasterizer : Rasterizer.values()) {
      Method method = type.getMethod(rasterizer.name().toLowerCase(java.util.Locale.ROOT),
          int.class, int.class, int.class, int.class);
      for (int tileSize = 1; tileSize <= 9; tileSize++) {
        if (rasterizer.tileSizeViolation(tileSize).isPresent()) {
          continue;
        }
        for (int gridX = 1; gridX <= 20; gridX++) {
          for (int gridY = 1; gridY <= 20; gridY++) {
            LaunchGrid launch = rasterizer.launchGrid(gridX, gridY, tileSize);
            for (int block = 0; block < launch.x() * launch.y(); block++) {
              assertEquals(rasterizer.tile(block, gridX, gridY, tileSize),
                  method.invoke(null, block, gridX, gridY, tileSize),
                  rasterizer + " block " + block + " of " + gridX + " x " + gridY + ", tile size "
                      + tileSize);
              checked++;
            }
          }
        }
      }
      int side = 1 << 15;
      for (int block : new int[] {0, 1, side * side / 2 - 1, side * side - 2, side * side - 1}) {
        int tileSize = rasterizer == Rasterizer.CUTLASS_IDENTITY ? 8 : 4;
        if (block < rasterizer.launchGrid(side, side, tileSize).x()
            * (long) rasterizer.launchGrid(side, side, tileSize).y()) {
          assertEquals(rasterizer.tile(block, side, side, tileSize),
              (TileCoord) method.invoke(null, block, side, side, tileSize), rasterizer + " " + block);
        }
      }
    }
    assertTrue(checked > 100_000, "tiles checked: " + checked);
  }
}
