package dev.swizzlegen.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;

import dev.swizzlegen.processor.testing.ClassFiles;
import dev.swizzlegen.processor.testing.ModuleClasses;
import dev.swizzlegen.runtime.layout.TileLayout;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;

/**
 * The shape of the code as a law: no package of the processor is in a dependency cycle, and its
 * packages depend on one another in the order of its stages only. Read from the compiled class
 * files: every class that a class file's constant pool, descriptors and signatures name, what the
 * JVM links rather than what the sources import. The runtime's packages are read the same way and
 * held to the same law: no cycle, and an order ({@link #RUNTIME_ORDER}).
 */
class PackageCycleLawTest {
  private static final String PROCESSOR = "dev.swizzlegen.processor";
  private static final String RUNTIME = "dev.swizzlegen.runtime";

  /**
   * The processor's packages, each after the ones it may use: the words of diagnostics first, then
   * the stages a tile goes through, with the words that are not diagnostics (proofs, notes, a
   * tile's swizzle in prose) after the reader's specs they describe, the entry point last. Packages
   * of one rank use none of each other.
   */
  private static final Map<String, Integer> STAGES = Map.of(
      PROCESSOR + ".diag", 0,
      PROCESSOR + ".read", 1,
      PROCESSOR + ".text", 2,
      PROCESSOR + ".prove", 3,
      PROCESSOR + ".emit", 4,
      PROCESSOR + ".emit.cuda", 5,
      PROCESSOR + ".emit.java", 5,
      PROCESSOR + ".report", 6,
      PROCESSOR, 7);

  /**
   * The runtime's packages, each after the ones it may use: the root's enums and markers, the GF(2)
   * core, the layout, its notations (CuTe's and Triton's text), the bank model's phases, the warp
   * accesses and their analyzer, the engines, then what is built on all of them.
   */
  private static final List<String> RUNTIME_ORDER = List.of(
      RUNTIME,
      RUNTIME + ".swizzle",
      RUNTIME + ".layout",
      RUNTIME + ".notation",
      RUNTIME + ".bank",
      RUNTIME + ".access",
      RUNTIME + ".engine.tma",
      RUNTIME + ".engine.mma",
      RUNTIME + ".engine",
      RUNTIME + ".solve",
      RUNTIME + ".storage",
      RUNTIME + ".raster");

  @Test
  void noProcessorPackageIsInACycle() {
    Map<String, Set<String>> graph = packageGraph(ModuleClasses.of(SwizzlegenProcessor.class), PROCESSOR);
    assertThat(graph.keySet()).containsAtLeastElementsIn(STAGES.keySet());
    assertWithMessage("the processor's package cycles").that(cycles(graph)).isEmpty();
  }

  @Test
  void theProcessorsPackagesDependInTheOrderOfItsStages() {
    Map<String, Set<String>> graph = packageGraph(ModuleClasses.of(SwizzlegenProcessor.class), PROCESSOR);
    assertWithMessage("packages with a stage").that(STAGES.keySet())
        .containsAtLeastElementsIn(graph.keySet());
    assertThat(backwards(graph, STAGES)).isEmpty();
  }

  @Test
  void theRuntimesPackagesDependInTheirListedOrder() {
    Map<String, Set<String>> graph = packageGraph(ModuleClasses.of(TileLayout.class), RUNTIME);
    assertWithMessage("packages with a place in the order").that(RUNTIME_ORDER)
        .containsExactlyElementsIn(graph.keySet());
    Map<String, Integer> ranks = new HashMap<>();
    RUNTIME_ORDER.forEach(name -> ranks.put(name, ranks.size()));
    assertThat(backwards(graph, ranks)).isEmpty();
  }

  /** The law finds a use against the order, and only there. */
  @Test
  void backwardsAreTheUsesOfALaterOrEqualRank() {
    Map<String, Set<String>> graph = new TreeMap<>();
    graph.put("a", Set.of("a", "b"));
    graph.put("b", Set.of("a", "c"));
    graph.put("c", Set.of("a", "d"));
    graph.put("d", Set.of("b"));
    assertThat(backwards(graph, Map.of("a", 0, "b", 1, "c", 2, "d", 2)))
        .containsExactly("a -> b", "b -> c", "c -> d");
  }

  /**
   * Each use {@code from -> to} of another package whose rank is not below the user's: what the order
   * forbids.
   */
  private static List<String> backwards(Map<String, Set<String>> graph,
      Map<String, Integer> ranks) {
    List<String> backwards = new ArrayList<>();
    graph.forEach((from, uses) -> {
      for (String to : uses) {
        if (!to.equals(from) && ranks.get(to) >= ranks.get(from)) {
          backwards.add(from + " -> " + to);
        }
      }
    });
    return backwards;
  }

  @Test
  void theRootPackageKeepsAtMostThreeClasses() {
    Set<String> root = new TreeSet<>();
    for (String name : ModuleClasses.of(SwizzlegenProcessor.class).keySet()) {
      String simple = name.substring(name.lastIndexOf('/') + 1);
      if (packageOf(name).equals(PROCESSOR) && !simple.contains("$")) {
        root.add(simple);
      }
    }
    assertThat(root).contains("SwizzlegenProcessor");
    assertThat(root.size()).isAtMost(3);
  }

  /**
   * No package of the model is in a cycle either: each concept keeps its violations beside it, and
   * the marker they share is in the root, which uses none of them.
   */
  @Test
  void noRuntimePackageIsInACycle() {
    Map<String, Set<String>> graph = packageGraph(ModuleClasses.of(TileLayout.class), RUNTIME);
    assertThat(graph.keySet()).containsAtLeast(RUNTIME, RUNTIME + ".layout", RUNTIME + ".swizzle",
        RUNTIME + ".engine.mma", RUNTIME + ".engine.tma", RUNTIME + ".storage");
    assertWithMessage("the runtime's package cycles").that(cycles(graph)).isEmpty();
  }

  /** The law finds a cycle where there is one, and only there. */
  @Test
  void cyclesAreTheStronglyConnectedPackages() {
    Map<String, Set<String>> graph = new TreeMap<>();
    graph.put("a", Set.of("a", "b"));
    graph.put("b", Set.of("c"));
    graph.put("c", Set.of("a", "d"));
    graph.put("d", Set.of("e"));
    graph.put("e", Set.of("d"));
    graph.put("f", Set.of("a"));
    assertThat(cycles(graph)).containsExactly(Set.of("a", "b", "c"), Set.of("d", "e"));
  }

  /**
   * Which packages of {@code prefix} each package's classes use, itself included where one of its
   * classes uses another; every package of the module is a key.
   */
  private static Map<String, Set<String>> packageGraph(Map<String, byte[]> classes,
      String prefix) {
    Map<String, Set<String>> graph = new TreeMap<>();
    classes.forEach((name, bytes) -> {
      String from = packageOf(name);
      if (!inModule(from, prefix)) {
        return;
      }
      Set<String> uses = graph.computeIfAbsent(from, key -> new TreeSet<>());
      for (String used : ClassFiles.classReferences(bytes)) {
        String to = packageOf(used);
        if (inModule(to, prefix)) {
          uses.add(to);
        }
      }
    });
    return graph;
  }

  private static boolean inModule(String packageName, String prefix) {
    return packageName.equals(prefix) || packageName.startsWith(prefix + ".");
  }

  /** {@code dev.swizzlegen.processor.read} for {@code dev/swizzlegen/processor/read/TileReader}. */
  private static String packageOf(String internalName) {
    int slash = internalName.lastIndexOf('/');
    return slash < 0 ? "" : internalName.substring(0, slash).replace('/', '.');
  }

  /**
   * The packages in a cycle, each cycle once: the strongly connected components of more than one
   * package (Tarjan's algorithm), in the graph's order.
   */
  static List<Set<String>> cycles(Map<String, Set<String>> graph) {
    Map<String, Integer> index = new HashMap<>();
    Map<String, Integer> lowest = new HashMap<>();
    Deque<String> stack = new ArrayDeque<>();
    Set<String> onStack = new TreeSet<>();
    List<Set<String>> cycles = new ArrayList<>();
    for (String start : graph.keySet()) {
      if (!index.containsKey(start)) {
        connect(start, graph, index, lowest, stack, onStack, cycles);
      }
    }
    return cycles;
  }

  private static void connect(String node, Map<String, Set<String>> graph,
      Map<String, Integer> index, Map<String, Integer> lowest, Deque<String> stack,
      Set<String> onStack, List<Set<String>> cycles) {
    index.put(node, index.size());
    lowest.put(node, index.get(node));
    stack.push(node);
    onStack.add(node);
    for (String next : graph.getOrDefault(node, Set.of())) {
      if (!index.containsKey(next)) {
        connect(next, graph, index, lowest, stack, onStack, cycles);
        lowest.put(node, Math.min(lowest.get(node), lowest.get(next)));
      } else if (onStack.contains(next)) {
        lowest.put(node, Math.min(lowest.get(node), index.get(next)));
      }
    }
    if (lowest.get(node).equals(index.get(node))) {
      Set<String> component = new TreeSet<>();
      String member;
      do {
        member = stack.pop();
        onStack.remove(member);
        component.add(member);
      } while (!member.equals(node));
      if (component.size() > 1) {
        cycles.add(component);
      }
    }
  }
}
