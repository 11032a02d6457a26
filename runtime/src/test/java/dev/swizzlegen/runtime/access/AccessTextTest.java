package dev.swizzlegen.runtime.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.runtime.BufferUse;
import dev.swizzlegen.runtime.MatrixShape;
import dev.swizzlegen.runtime.Op;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.notation.RandomLabels;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * An access's one line of text names exactly that access, {@code parse(text(access)) == access}, for
 * every access an {@code @Access} can declare, whatever its numbers and its label; other text is
 * rejected with a message that names the word at fault.
 */
class AccessTextTest {

  @Test
  void accessesPrintAsTheirJavadocSays() {
    Map<String, AccessPattern> named = Map.ofEntries(Map.entry(
        "vector store 16 bytes", VectorAccess.coalesced(Op.STORE, 16)), Map.entry(
        "vector load 16 bytes threads 8x4 col-major rowsAsOne 2 maxWays 2 label 'column read'",
        VectorAccess.grid(Op.LOAD, 16, 8, 4, Order.COL_MAJOR).withRowsAsOne(2).withMaxWays(2)
            .withLabel("column read")),
        Map.entry("ldmatrix x4 trans", MatrixAccess.ldmatrix(4, true)),
        Map.entry("stmatrix x2", MatrixAccess.stmatrix(2, false)),
        Map.entry("ldmatrix m16n16 x2 trans",
            MatrixAccess.ldmatrix(2, true).withShape(MatrixShape.M16N16)),
        Map.entry("ldmatrix m8n16 x4", MatrixAccess.ldmatrix(4, false).withShape(MatrixShape.M8N16)),
        Map.entry("stmatrix m16n8 x4 trans maxWays 2",
            MatrixAccess.stmatrix(4, true).withShape(MatrixShape.M16N8).withMaxWays(2)),
        Map.entry("mma accumulator store label 'epilogue'",
            MmaAccumulatorAccess.of(Op.STORE).withLabel("epilogue")),
        Map.entry("lanes load 16 bytes '[[0,8],[1,0],[2,0],[4,0],[8,0]]'",
            LanesAccess.of(Op.LOAD, 16, "[[0,8],[1,0],[2,0],[4,0],[8,0]]")),
        Map.entry("lanes store 4 bytes '(_2,_16):(_0,_32)' maxWays 2 label 'pairs'",
            LanesAccess.of(Op.STORE, 4, "(_2,_16):(_0,_32)").withMaxWays(2).withLabel("pairs")),
        Map.entry("vector load 4 bytes label 'it\\'s C:\\\\users\\n\\u0001'",
            VectorAccess.coalesced(Op.LOAD, 4).withLabel("it's C:\\users\n\u0001")));
    named.forEach((text, access) -> {
      assertEquals(text, access.text());
      assertEquals(access, AccessPattern.parse(text), text);
    });
  }

  @Test
  void everyDeclarableAccessRoundTrips() {
    SplittableRandom random = new SplittableRandom(19);
    for (int i = 0; i < 20_000; i++) {
      AccessPattern access = randomAccess(random);
      String text = access.text();
      assertEquals(access, AccessPattern.parse(text), text);
      // One line, whatever the label holds.
      assertTrue(text.chars().noneMatch(c -> c == '\n' || c == '\r' || c == '\u2028'
          || c == '\u2029' || Character.isISOControl(c)), text);
    }
  }

  /**
   * What every access shares, read off {@code given()}: the conflict degree tolerated, the label as
   * given or else the description; and the bytes' use, the threads' own loads or stores.
   */
  @Test
  void everyAccessReadsItsSharedTermsOffWhatWasGiven() {
    SplittableRandom random = new SplittableRandom(41);
    for (int i = 0; i < 2_000; i++) {
      AccessPattern access = randomAccess(random);
      assertEquals(access.given().maxWays(), access.maxWays(), access.text());
      assertEquals(access.given().label().isEmpty() ? access.description() : access.given().label(),
          access.label(), access.text());
      assertEquals(access.description(), access.withLabel("").label(), access.text());
      assertEquals(new AccessPattern.Given(3, "x"), access.withMaxWays(3).withLabel("x").given());
      assertEquals(access.op() == Op.STORE ? BufferUse.GENERIC_WRITE : BufferUse.GENERIC_READ,
          access.use(), access.text());
      assertTrue(!access.use().async(), access.text());
    }
  }

  @Test
  void badTextIsRejectedNamingWhatIsWrong() {
    Map<String, String> messages = Map.ofEntries(
        Map.entry("", "expected vector, ldmatrix, stmatrix, mma or lanes at column 1, found the end"),
        Map.entry("lds 16", "expected vector, ldmatrix, stmatrix, mma or lanes at column 1, found \"lds\""),
        Map.entry("vector lod 16 bytes", "expected load or store at column 8, found \"lod\""),
        Map.entry("vector load sixteen bytes",
            "expected the bytes per lane at column 13, found \"sixteen\""),
        Map.entry("vector load 16", "expected bytes at column 15, found the end"),
        Map.entry("vector load +16 bytes", "expected the bytes per lane at column 13, found \"+16\""),
        Map.entry("ldmatrix x04", "expected the matrices per instruction (x1, x2 or x4) at column 10,"
            + " found \"x04\""),
        Map.entry("vector load 16 bytes threads 8x4x1 row-major",
            "expected the threads as rows x cols (8x4) at column 30, found \"8x4x1\""),
        Map.entry("vector load 99999999999 bytes",
            "expected the bytes per lane at column 13, found \"99999999999\""),
        Map.entry("vector load 16 bytes threads 8by4 col-major",
            "expected the threads as rows x cols (8x4) at column 30, found \"8by4\""),
        Map.entry("vector load 16 bytes threads 8x4",
            "expected row-major or col-major at column 33, found the end"),
        Map.entry("vector load 16 bytes  threads 8x4 row-major",
            "expected threads, rowsAsOne, maxWays, label or the end at column 22, found no word"),
        Map.entry("ldmatrix 4", "expected the matrices per instruction (x1, x2 or x4) at column 10,"
            + " found \"4\""),
        Map.entry("ldmatrix m16n32 x1", "expected the matrices per instruction (x1, x2 or x4) at"
            + " column 10, found \"m16n32\""),
        Map.entry("ldmatrix x4 transposed",
            "expected trans, maxWays, label or the end at column 13, found \"transposed\""),
        Map.entry("mma accumulator", "expected load or store at column 16, found the end"),
        Map.entry("stmatrix x2 label 'x' maxWays 2",
            "the label must end the text, but \" maxWays 2\" follows it"),
        Map.entry("stmatrix x2 label x", "expected a label in single quotes at column 19"),
        Map.entry("stmatrix x2 label 'open", "the label that starts at column 19 has no closing quote"),
        Map.entry("stmatrix x2 label 'a\\q'", "the escape at column 21 of the label is not one of"),
        Map.entry("stmatrix x2 label 'a\\u00g1'",
            "the escape at column 21 of the label is \\u without four hex digits"),
        Map.entry("stmatrix x2 maxWays 2 trans", "expected label or the end at column 23, found \"trans\""),
        Map.entry("lanes load 4 bytes [[0,1]]",
            "expected the lane map in single quotes at column 20, found \"[[0,1]]\""),
        Map.entry("lanes load 4 bytes '[[0,1]]", "the lane map that starts at column 20 has no closing quote"),
        Map.entry("lanes load 4 bytes '_32:_1' trans",
            "expected maxWays, label or the end at column 29, found \"trans\""));
    messages.forEach((text, message) -> {
      IllegalArgumentException error =
          assertThrows(IllegalArgumentException.class, () -> AccessPattern.parse(text), text);
      assertTrue(error.getMessage().startsWith("not a warp access, \""), error.getMessage());
      assertTrue(error.getMessage().contains(message), text + ": " + error.getMessage());
    });
  }

  /** An access as an {@code @Access} may declare it: any numbers javac accepts, any label. */
  static AccessPattern randomAccess(SplittableRandom random) {
    Op op = random.nextBoolean() ? Op.LOAD : Op.STORE;
    int maxWays = number(random);
    String label = RandomLabels.next(random);
    return switch (random.nextInt(4)) {
      case 0 -> {
        VectorAccess vector = random.nextBoolean()
            ? VectorAccess.coalesced(op, number(random))
            : VectorAccess.grid(op, number(random), number(random), number(random),
                random.nextBoolean() ? Order.ROW_MAJOR : Order.COL_MAJOR);
        yield vector.withRowsAsOne(number(random)).withMaxWays(maxWays).withLabel(label);
      }
      case 1 -> (random.nextBoolean()
          ? MatrixAccess.ldmatrix(number(random), random.nextBoolean())
          : MatrixAccess.stmatrix(number(random), random.nextBoolean()))
          .withShape(MatrixShape.values()[random.nextInt(MatrixShape.values().length)])
          .withMaxWays(maxWays).withLabel(label);
      case 2 -> LanesAccess.of(op, number(random), RandomLabels.next(random)).withMaxWays(maxWays)
          .withLabel(label);
      default -> MmaAccumulatorAccess.of(op).withMaxWays(maxWays).withLabel(label);
    };
  }

  /** Mostly the small numbers annotations hold, sometimes 1, 0, negative or extreme ones. */
  private static int number(SplittableRandom random) {
    return switch (random.nextInt(6)) {
      case 0 -> 1;
      case 1 -> List.of(0, -1, Integer.MIN_VALUE, Integer.MAX_VALUE).get(random.nextInt(4));
      default -> random.nextInt(1, 65);
    };
  }
}
