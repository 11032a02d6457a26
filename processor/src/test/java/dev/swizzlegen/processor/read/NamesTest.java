package dev.swizzlegen.processor.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class NamesTest {

  @Test
  void snakeCaseSplitsWords() {
    assertEquals("gemm_a", Names.snakeCase("GemmA"));
    assertEquals("sw128_half", Names.snakeCase("Sw128Half"));
    assertEquals("http_tile", Names.snakeCase("HTTPTile"));
    assertEquals("outer_inner", Names.snakeCase("Outer_Inner"));
    assertEquals("sm80_operand_a", Names.snakeCase("Sm80OperandA"));
    assertEquals("tile", Names.snakeCase("tile"));
    assertEquals("bytes128b", Names.snakeCase("Bytes128B"));
    assertEquals("seed002_patterns_half64b", Names.snakeCase("Seed002Patterns_Half64B"));
  }

  @Test
  void identifiersMustBeCppAndJava() {
    assertTrue(Names.identifierProblem("GemmA").isEmpty());
    assertTrue(Names.identifierProblem("_tile").isEmpty());
    assertTrue(Names.identifierProblem("9lives").orElseThrow().contains("not a C++ identifier"));
    assertTrue(Names.identifierProblem("has-dash").isPresent());
    assertTrue(Names.identifierProblem("café").isPresent());
    assertTrue(Names.identifierProblem("struct").orElseThrow().contains("keyword"));
    assertTrue(Names.identifierProblem("interface").orElseThrow().contains("keyword"));
    assertTrue(Names.identifierProblem("a__b").orElseThrow().contains("reserved"));
    assertTrue(Names.identifierProblem("_Tile").orElseThrow().contains("reserved"));
  }

  @Test
  void namespacesAreIdentifiersJoinedByColons() {
    assertTrue(Names.namespaceProblem("swizzlegen").isEmpty());
    assertTrue(Names.namespaceProblem("acme::kernels").isEmpty());
    assertTrue(Names.namespaceProblem("acme::").isPresent());
    assertTrue(Names.namespaceProblem("acme.kernels").isPresent());
  }

  @Test
  void namespacesTheStandardKeepsAreRejected() {
    assertTrue(Names.namespaceProblem("std").orElseThrow().contains("undefined behaviour"));
    assertTrue(Names.namespaceProblem("std::swizzlegen").orElseThrow().contains("namespace std"));
    assertTrue(Names.namespaceProblem("std1").orElseThrow().contains("future C++ standardization"));
    assertTrue(Names.namespaceProblem("posix").orElseThrow().contains("future C++ standardization"));
    assertTrue(Names.namespaceProblem("_acme").orElseThrow().contains("underscore"));
    assertTrue(Names.namespaceProblem("acme::__detail").orElseThrow().contains("reserved"));
    assertTrue(Names.namespaceProblem("acme::_Detail").orElseThrow().contains("reserved"));
    // Only the outermost namespace is the standard's: these are the user's own.
    assertTrue(Names.namespaceProblem("acme::std").isEmpty());
    assertTrue(Names.namespaceProblem("acme::_detail").isEmpty());
    assertTrue(Names.namespaceProblem("standard").isEmpty());
  }
}
