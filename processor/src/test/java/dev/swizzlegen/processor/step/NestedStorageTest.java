package dev.swizzlegen.processor.step;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.swizzlegen.processor.testing.ClassFiles;
import dev.swizzlegen.processor.testing.Generated;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * One naming scheme (SPEC section 8): a storage nested in a top-level type has its Java twin in the
 * same holder as the helpers of the tiles nested there ({@code LibSwizzles.PlanLayout}), in both
 * forms, and code of the same compilation uses both. A helper's index functions need no runtime on
 * the class path: only {@code LAYOUT} (and {@code ACCESSES}, {@code ENGINES}) does, null where the
 * runtime is missing.
 */
class NestedStorageTest {
  private static final JavaFileObject LIB = JavaFileObjects.forSourceString("acme.Lib", """
      package acme;
      import dev.swizzlegen.annotations.*;
      public interface Lib {
        @SwizzledTile(bits = 3, base = 3, shift = 3, dtype = DType.HALF, rows = 64, cols = 64)
        interface Operand {}

        @SharedStorage(buffers = {@Buffer(tile = Operand.class), @Buffer(name = "full",
            barriers = 2)})
        interface Plan {}
      }
      """);

  private static final JavaFileObject USES = JavaFileObjects.forSourceString("acme.Uses", """
      package acme;
      public final class Uses {
        public static int[] values() {
          return new int[] {LibSwizzles.PlanLayout.BYTES, LibSwizzles.PlanLayout.FULL_OFFSET,
              LibSwizzles.OperandSwizzle.offset(3, 17)};
        }
      }
      """);

  @Test
  void aNestedStoragesTwinIsAMemberOfItsTopLevelTypesHolder() throws Exception {
    for (List<String> options : List.of(List.<String>of(), List.of("-Aswizzlegen.helpers=sources"))) {
      Generated generated = Generated.of(options, LIB, USES);
      assertThat(generated.compilation()).generatedFile(javax.tools.StandardLocation.CLASS_OUTPUT,
          "acme/LibSwizzles$PlanLayout.class");
      int[] values = (int[]) generated.helper("acme.Uses").type().getMethod("values")
          .invoke(null);
      Generated.Helper twin = generated.helper("acme.LibSwizzles$PlanLayout");
      assertEquals(twin.intConstant("BYTES"), values[0], options.toString());
      assertEquals(twin.intConstant("FULL_OFFSET"), values[1], options.toString());
      assertEquals(generated.helper("acme.LibSwizzles$OperandSwizzle").call("offset", 3, 17),
          values[2], options.toString());
      if (options.isEmpty()) {
        assertThat(ClassFiles.memberClasses(generated.classBytes("acme.LibSwizzles")))
            .containsExactly("acme.LibSwizzles$OperandSwizzle", "acme.LibSwizzles$PlanLayout");
      }
      assertThat(generated.compilation().generatedFiles().stream()
          .map(file -> file.getName()).filter(name -> name.contains("Lib_Plan")).toList())
          .isEmpty();
    }
  }

  /** The helper's class files alone, with the JDK's classes: no runtime, no annotations. */
  private static final class WithoutRuntime extends ClassLoader {
    private final Generated generated;

    WithoutRuntime(Generated generated) {
      super(ClassLoader.getPlatformClassLoader());
      this.generated = generated;
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
      if (!name.startsWith("acme.")) {
        throw new ClassNotFoundException(name);
      }
      byte[] bytes = generated.classBytes(name);
      return defineClass(name, bytes, 0, bytes.length);
    }
  }

  @Test
  void theIndexFunctionsRunWithoutTheRuntimeAndOnlyTheLayoutNeedsIt() throws Throwable {
    Generated generated = Generated.of(LIB);
    ClassLoader loader = new WithoutRuntime(generated);
    Class<?> helper = Class.forName("acme.LibSwizzles$OperandSwizzle", true, loader);
    // Initialized above: its LAYOUT, ACCESSES and ENGINES found no runtime and are null. Linked one
    // member at a time, as a call in code is (reflection's member lists would resolve every
    // signature's types, LAYOUT's TileLayout among them).
    MethodHandles.Lookup lookup = MethodHandles.publicLookup();
    assertEquals(generated.helper("acme.LibSwizzles$OperandSwizzle").call("offset", 5, 9),
        (int) lookup.findStatic(helper, "offset",
            MethodType.methodType(int.class, int.class, int.class)).invoke(5, 9));
    assertEquals(64, (int) lookup.findStaticGetter(helper, "ROWS", int.class).invoke());
    // LAYOUT alone needs the runtime: its TileLayout is not there.
    IllegalAccessException layout = assertThrows(IllegalAccessException.class,
        () -> lookup.findStaticGetter(helper, "LAYOUT",
            Class.forName("dev.swizzlegen.runtime.layout.TileLayout")));
    assertThat(layout.getCause()).hasMessageThat().contains("TileLayout not visible");
  }
}
