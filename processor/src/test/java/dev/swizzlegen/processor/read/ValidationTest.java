package dev.swizzlegen.processor.read;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.swizzlegen.processor.testing.Generated;
import java.util.List;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Every invalid attribute is one error on its own line, naming the tile; a tile with errors generates
 * nothing; javac never sees an exception.
 */
class ValidationTest {

  /** A tile whose attributes each stand on their own line, so a message's line names its attribute. */
  private static JavaFileObject tile(String type, String... attributes) {
    return JavaFileObjects.forSourceString("bad." + type,
        "package bad;\n\nimport dev.swizzlegen.annotations.*;\n\n@SwizzledTile(\n    "
            + String.join(",\n    ", attributes) + ")\ninterface " + type + " {}\n");
  }

  private static void assertOneErrorOnLine(String message, String line, String... attributes) {
    JavaFileObject source = tile("Bad", attributes);
    Compilation compilation = Generated.compile(source);
    assertThat(compilation).failed();
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("tile Bad: ").inFile(source).onLineContaining(line);
    assertThat(compilation).hadErrorContaining(message).inFile(source).onLineContaining(line);
    assertThat(Generated.filesWrittenByJavac(source)).isEmpty();
  }

  @Test
  void negativeBits() {
    assertOneErrorOnLine("bits must be 0 or more, not -1.", "bits = -1",
        "bits = -1", "base = 3", "dtype = DType.HALF");
  }

  @Test
  void negativeBase() {
    assertOneErrorOnLine("base must be 0 or more, not -2.", "base = -2",
        "bits = 3", "base = -2", "dtype = DType.HALF");
  }

  @Test
  void overlappingMasksWithoutPermission() {
    assertOneErrorOnLine("|shift| 2 is less than bits 3", "shift = 2",
        "bits = 3", "base = 0", "shift = 2", "dtype = DType.FLOAT");
  }

  @Test
  void zeroShift() {
    assertOneErrorOnLine("shift 0 XORs the 2 masked bits with themselves", "shift = 0",
        "bits = 2", "base = 0", "shift = 0", "allowOverlap = true", "dtype = DType.FLOAT");
  }

  @Test
  void masksPast31Bits() {
    assertOneErrorOnLine("Swizzle<3,20,10> reaches bit 32, past the 31 bits", "shift = 10",
        "bits = 3", "base = 20", "shift = 10", "dtype = DType.UINT8");
  }

  @Test
  void masksPast31BitsOnBytes() {
    // Found by RandomDeclarationTest: valid on elements, but the header and TMA work on bytes.
    assertOneErrorOnLine("Swizzle<5,20,5> on INT32 elements (4 bytes) is Swizzle<5,22,5> on bytes,"
        + " which reaches past the 31 bits of a byte offset", "base = 20", "bits = 5", "base = 20",
        "dtype = DType.INT32", "rows = 1", "cols = 48", "access = {}");
  }

  @Test
  void identityPast31BitsOnBytes() {
    // Issue 18: bits = 0 skipped the byte check, and the byte form escaped as "a bug in swizzlegen".
    assertOneErrorOnLine("Swizzle<0,31,0> on HALF elements (2 bytes) is Swizzle<0,32,0> on bytes,"
        + " which reaches past the 31 bits of a byte offset", "base = 31", "dtype = DType.HALF",
        "bits = 0", "base = 31", "rows = 8", "cols = 8", "access = {}");
    assertOneErrorOnLine("Swizzle<0,30,0> on FLOAT elements (4 bytes) is Swizzle<0,32,0> on bytes",
        "base = 30", "dtype = DType.FLOAT", "bits = 0", "base = 30", "rows = 8", "cols = 8",
        "access = {}");
    assertOneErrorOnLine("Swizzle<0,1,30> on TF32 elements (4 bytes) is Swizzle<0,3,30> on bytes",
        "base = 1", "dtype = DType.TF32", "bits = 0", "base = 1", "shift = 30", "rows = 8",
        "cols = 8", "access = {}");
  }

  @Test
  void identityPast31BitsOnBytesHidesNoOtherError() {
    JavaFileObject source = tile("Bad", "dtype = DType.HALF", "bits = 0", "base = 31", "rows = 8",
        "cols = 8", "stages = 0", "access = {}");
    Compilation compilation = Generated.compile(source);
    assertThat(compilation).hadErrorContaining("Swizzle<0,32,0> on bytes").inFile(source)
        .onLineContaining("base = 31");
    assertThat(compilation).hadErrorContaining("stages must be at least 1").inFile(source)
        .onLineContaining("stages = 0");
    assertThat(compilation).hadErrorCount(2);
    assertThat(Generated.filesWrittenByJavac(source)).isEmpty();
  }

  @Test
  void atomRowsNotDividingTheRows() {
    assertOneErrorOnLine("atomRows must be a positive divisor of the tile's 128 rows, not 48.",
        "atomRows = 48", "bits = 3", "dtype = DType.HALF", "rows = 128", "cols = 128",
        "atomRows = 48", "atomCols = 64");
  }

  @Test
  void atomColsNotDividingTheCols() {
    assertOneErrorOnLine("atomCols must be a positive divisor of the tile's 128 cols, not 48.",
        "atomCols = 48", "bits = 3", "dtype = DType.HALF", "rows = 128", "cols = 128",
        "atomRows = 8", "atomCols = 48");
  }

  @Test
  void masksPastTheAtom() {
    assertOneErrorOnLine("Swizzle<3,3,3> reads and writes offset bits 0..8, a pattern of 512"
        + " elements, past the 4 x 64 atom's 256 elements", "atomRows = 4",
        "bits = 3", "dtype = DType.HALF", "rows = 128", "cols = 128", "atomRows = 4",
        "atomCols = 64");
  }

  @Test
  void noStages() {
    assertOneErrorOnLine("stages must be at least 1, not 0.", "stages = 0",
        "bits = 3", "dtype = DType.HALF", "rows = 128", "cols = 64", "stages = 0");
  }

  @Test
  void stagesPast227Kilobytes() {
    assertOneErrorOnLine("the 128 x 128 HALF tile in 8 stages spans 262144 bytes", "stages = 8",
        "bits = 3", "dtype = DType.HALF", "rows = 128", "cols = 128", "atomRows = 8",
        "atomCols = 64", "stages = 8");
  }

  @Test
  void paddingAcrossSeveralAtoms() {
    assertOneErrorOnLine("rowStride pads whole rows, but the tile's rows are 2 atoms of 64 columns",
        "rowStride = 136", "bits = 3", "dtype = DType.HALF", "rows = 8", "cols = 128",
        "rowStride = 136", "atomCols = 64");
  }

  @Test
  void tmaOnRowsWiderThanABox() {
    assertOneErrorOnLine("declare the tile as column blocks of 64-element atoms (atomCols = 64)",
        "kind = AccessKind.TMA", "bits = 3", "dtype = DType.HALF", "rows = 128", "cols = 128",
        "access = @Access(kind = AccessKind.TMA, op = Op.STORE)");
  }

  /**
   * An engine is planned by the prover, after the reader has read every access, yet its errors
   * stand where it is declared among the other accesses' errors, before or after them.
   */
  @Test
  void anEnginesErrorsStandInDeclarationOrderAmongTheOtherAccesses() {
    String tma = "@Access(kind = AccessKind.TMA, op = Op.STORE)";
    String vector = "@Access(bytes = 16, maxWays = 0)";
    for (boolean engineFirst : new boolean[] {true, false}) {
      Compilation compilation = Generated.compile(List.of(), tile("Bad", "bits = 3",
          "dtype = DType.HALF", "rows = 128", "cols = 128",
          "access = {" + (engineFirst ? tma + ", " + vector : vector + ", " + tma) + "}"));
      assertThat(compilation).failed();
      List<String> errors = compilation.errors().stream()
          .map(error -> error.getMessage(null)).toList();
      assertThat(errors).hasSize(2);
      int engine = engineFirst ? 0 : 1;
      assertThat(errors.get(engine)).contains("(atomCols = 64)");
      assertThat(errors.get(1 - engine))
          .contains("maxWays must be 1 (conflict-free) or more, not 0.");
    }
  }

  @Test
  void zeroRows() {
    assertOneErrorOnLine("rows must be positive, not 0.", "rows = 0",
        "bits = 3", "base = 3", "dtype = DType.HALF", "rows = 0");
  }

  @Test
  void negativeCols() {
    assertOneErrorOnLine("cols must be positive, not -4.", "cols = -4",
        "bits = 0", "base = 0", "dtype = DType.HALF", "rows = 8", "cols = -4");
  }

  @Test
  void rowStrideBelowCols() {
    assertOneErrorOnLine("rowStride 32 is less than cols 64", "rowStride = 32",
        "bits = 3", "base = 3", "dtype = DType.HALF", "rowStride = 32");
  }

  @Test
  void alignmentNotAPowerOfTwo() {
    assertOneErrorOnLine("alignment must be a power of two of at least 2 bytes", "alignment = 96",
        "bits = 3", "base = 3", "dtype = DType.HALF", "alignment = 96");
  }

  @Test
  void tileLargerThanSharedMemory() {
    assertOneErrorOnLine("more than the 232448 bytes (227 KB)", "rows = 1024",
        "bits = 3", "base = 2", "dtype = DType.FLOAT", "rows = 1024", "cols = 64");
  }

  @Test
  void colsThatDoNotFitTheSwizzle() {
    assertOneErrorOnLine("Swizzle<3,3,3> does not map the 3 x 48 tile onto itself", "cols = 48",
        "bits = 3", "base = 3", "dtype = DType.HALF", "rows = 3", "cols = 48");
  }

  @Test
  void paddingThatBreaksTheSwizzle() {
    assertOneErrorOnLine("does not map the 8 x 64 tile onto itself", "rowStride = 72",
        "bits = 3", "base = 3", "dtype = DType.HALF", "rows = 8", "rowStride = 72");
  }

  @Test
  void negativeShiftPastTheTile() {
    assertOneErrorOnLine("moves (row 0, col 16) to offset 144", "rows = 2",
        "bits = 2", "base = 3", "shift = -3", "dtype = DType.HALF", "rows = 2");
  }

  @Test
  void nameThatIsNotAnIdentifier() {
    assertOneErrorOnLine("name \"9lives\" is not a C++ identifier", "name = \"9lives\"",
        "bits = 3", "base = 3", "dtype = DType.HALF", "name = \"9lives\"");
  }

  @Test
  void nameWithADoubleUnderscoreIsReserved() {
    assertOneErrorOnLine("name \"Gemm__A\" is reserved to the C++ implementation",
        "name = \"Gemm__A\"", "bits = 3", "base = 3", "dtype = DType.HALF", "name = \"Gemm__A\"");
  }

  @Test
  void nameStartingWithAnUnderscoreAndACapitalIsReserved() {
    assertOneErrorOnLine("name \"_GemmA\" is reserved to the C++ implementation",
        "name = \"_GemmA\"", "bits = 3", "base = 3", "dtype = DType.HALF", "name = \"_GemmA\"");
  }

  @Test
  void typeNameThatWouldBeAReservedStructIsAnErrorOnTheAnnotation() {
    // Outer._Inner would be the struct Outer__Inner: a double underscore.
    JavaFileObject source = JavaFileObjects.forSourceString("bad.Outer", """
        package bad;
        import dev.swizzlegen.annotations.*;
        interface Outer {
          @SwizzledTile(bits = 3, base = 3, dtype = DType.HALF)
          interface _Inner {}
        }
        """);
    Compilation compilation = Generated.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("the generated names come from the type's name, but"
        + " name \"Outer__Inner\" is reserved to the C++ implementation")
        .inFile(source).onLineContaining("@SwizzledTile(");
    assertThat(Generated.filesWrittenByJavac(source)).isEmpty();
  }

  @Test
  void nameThatIsAKeyword() {
    assertOneErrorOnLine("name \"struct\" is a C++ or Java keyword.", "name = \"struct\"",
        "bits = 3", "base = 3", "dtype = DType.HALF", "name = \"struct\"");
  }

  @Test
  void baseWithoutBits() {
    assertOneErrorOnLine("base is given but bits is not", "base = 3",
        "base = 3", "dtype = DType.HALF");
  }

  @Test
  void everyProblemOfOneTileIsReported() {
    JavaFileObject source = tile("Bad", "bits = -1", "base = -1", "dtype = DType.HALF");
    Compilation compilation = Generated.compile(source);
    assertThat(compilation).hadErrorCount(2);
    assertThat(compilation).hadErrorContaining("bits must be").inFile(source)
        .onLineContaining("bits = -1");
    assertThat(compilation).hadErrorContaining("base must be").inFile(source)
        .onLineContaining("base = -1");
  }

  @Test
  void twoTilesMappingToOneHeader() {
    JavaFileObject first = JavaFileObjects.forSourceString("a.First", """
        package a;
        import dev.swizzlegen.annotations.*;
        @SwizzledTile(bits = 3, base = 3, dtype = DType.HALF,
            name = "Shared")
        interface First {}
        """);
    JavaFileObject second = JavaFileObjects.forSourceString("b.Second", """
        package b;
        import dev.swizzlegen.annotations.*;
        @SwizzledTile(bits = 2, base = 3, dtype = DType.HALF,
            name = "Shared")
        interface Second {}
        """);
    Compilation compilation = Generated.compile(first, second);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining("tile Second: its header swizzlegen/shared.cuh is already generated for a.First")
        .inFile(second).onLineContaining("name = \"Shared\"");
    assertThat(Generated.filesWrittenByJavac(Generated.REPORTS, first, second))
        .containsExactly("classes/a/SharedSwizzle.class", "generated/swizzlegen/shared.cuh",
            "generated/swizzlegen/shared.json", "generated/swizzlegen/shared-bank-map.svg");
  }

  @Test
  void errorsInOneTileLeaveTheOthersGenerated() {
    JavaFileObject bad = tile("Bad", "bits = -1", "base = 3", "dtype = DType.HALF");
    JavaFileObject good = JavaFileObjects.forSourceString("good.Good", """
        package good;
        import dev.swizzlegen.annotations.*;
        @SwizzledTile(bits = 3, base = 3, dtype = DType.HALF)
        interface Good {}
        """);
    Compilation compilation = Generated.compile(bad, good);
    assertThat(compilation).hadErrorCount(1);
    assertThat(Generated.filesWrittenByJavac(Generated.REPORTS, bad, good))
        .containsExactly("classes/good/GoodSwizzle.class", "generated/swizzlegen/good.cuh",
            "generated/swizzlegen/good.json", "generated/swizzlegen/good-bank-map.svg");
  }

  @Test
  void invalidNamespaceOptionIsAnError() {
    JavaFileObject source = tile("Fine", "bits = 3", "base = 3", "dtype = DType.HALF");
    Compilation compilation =
        Generated.compile(List.of("-Aswizzlegen.namespace=acme.kernels"), source);
    assertThat(compilation).hadErrorContaining("-Aswizzlegen.namespace=acme.kernels is not a C++ namespace");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void namespaceStdIsAnErrorAndWritesNothing() {
    JavaFileObject source = tile("Fine", "bits = 3", "base = 3", "dtype = DType.HALF");
    for (String namespace : List.of("std", "std::kernels")) {
      List<String> options = List.of("-Aswizzlegen.namespace=" + namespace);
      Compilation compilation = Generated.compile(options, source);
      assertThat(compilation).hadErrorCount(1);
      assertThat(compilation).hadErrorContaining("-Aswizzlegen.namespace=" + namespace
          + " would declare the generated structs in namespace std, which is undefined behaviour");
      assertThat(Generated.filesWrittenByJavac(options, source)).isEmpty();
    }
  }

  @Test
  void reservedNamespacesAreErrors() {
    JavaFileObject source = tile("Fine", "bits = 3", "base = 3", "dtype = DType.HALF");
    for (String namespace : List.of("std2", "posix", "_acme", "acme::__detail", "acme::_Detail")) {
      Compilation compilation =
          Generated.compile(List.of("-Aswizzlegen.namespace=" + namespace), source);
      assertThat(compilation).hadErrorCount(1);
      assertThat(compilation).hadErrorContaining("-Aswizzlegen.namespace=" + namespace);
    }
  }

  @Test
  void attributeOfTheWrongTypeIsLeftToJavac() {
    JavaFileObject source = tile("Typo", "bits = \"three\"", "base = 3", "dtype = DType.HALF");
    Compilation compilation = Generated.compile(source);
    assertThat(compilation).failed();
    for (Diagnostic<? extends JavaFileObject> error : compilation.errors()) {
      assertThat(error.getMessage(null)).doesNotContain("swizzlegen");
    }
  }

  @Test
  void derivedTileNeedsRowsAndCols() {
    assertOneErrorOnLine("bits, base and shift are omitted, so swizzlegen derives the swizzle; give"
        + " rows and cols too", "@SwizzledTile(", "dtype = DType.HALF");
  }
}
