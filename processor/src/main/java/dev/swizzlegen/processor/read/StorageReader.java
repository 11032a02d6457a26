package dev.swizzlegen.processor.read;

import dev.swizzlegen.processor.diag.Diagnostics;
import dev.swizzlegen.processor.diag.Messages;
import dev.swizzlegen.processor.diag.Phrase;
import dev.swizzlegen.processor.diag.StorageError;
import dev.swizzlegen.processor.read.StorageSpec.StorageBuffer;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.storage.Buffer;
import dev.swizzlegen.runtime.storage.StoragePlan;
import dev.swizzlegen.runtime.storage.StorageViolation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * Turns a {@code @SharedStorage} mirror into a {@link StorageSpec}, or into errors on the attributes
 * at fault: each {@code @Buffer} into the model's {@link Buffer}, the plan's rules checked by the
 * model ({@link StoragePlan#check}), the names the header declares checked against one another.
 */
public final class StorageReader {
  /** What became of a tile a storage names, in this compilation. */
  public enum TileState {
    PROVEN,
    FAILED,
    DEFERRED,
    NOT_A_TILE,
    /** A tile on the class path whose build did not generate its files (no helper of it). */
    NOT_GENERATED
  }

  /** A tile's state, and its proven spec where it is proven. */
  public record TileOutcome(TileState state, Optional<TileSpec> spec) {}

  /** What became of the tile a type declares. */
  public interface Tiles {
    TileOutcome of(TypeElement type);
  }

  private final Names.Scope scope;

  public StorageReader(Names.Scope scope) {
    this.scope = scope;
  }

  /**
   * The storage {@code values} declare on {@code type}, or empty with its errors; throws
   * {@link AnnotationValues.Malformed} while a value or a tile waits for a later round.
   */
  public Optional<StorageSpec> read(TypeElement type, AnnotationValues values, Tiles tiles,
      Diagnostics diagnostics) {
    Optional<String> name = storageName(type, values, diagnostics);
    List<String> phases = values.arrayOf("phases", String.class);
    boolean valid = true;
    for (String phase : phases) {
      if (!Names.IDENTIFIER.matcher(phase).matches()) {
        diagnostics.storageFault(null, new StorageError.PhaseNotIdentifier(phase));
        valid = false;
      }
    }
    List<StorageBuffer> buffers = new ArrayList<>();
    Map<String, TileUse> tileTypes = new HashMap<>();
    for (AnnotationMirror mirror : values.arrayOf("buffers", AnnotationMirror.class)) {
      Optional<StorageBuffer> buffer = buffer(new AnnotationValues(mirror, scope.elements()),
          buffers.size(), tileTypes, tiles, diagnostics);
      // A placeholder keeps the buffers' numbers those of the declaration.
      buffers.add(buffer.orElse(null));
      valid &= buffer.isPresent();
    }
    if (!valid || name.isEmpty() || !modelRules(phases, buffers, diagnostics)
        || !membersOwnTheirNames(name.get(), phases, buffers, diagnostics)) {
      return Optional.empty();
    }
    return Optional.of(new StorageSpec(type, name.get(), scope.namespace(),
        twinName(type, values.stringValue("name"), name.get()),
        Names.outputStem(name.get()) + ".cuh", phases, buffers));
  }

  private Optional<String> storageName(TypeElement type, AnnotationValues values,
      Diagnostics diagnostics) {
    String override = values.stringValue("name");
    String name = override.isEmpty() ? Names.typeName(type) : override;
    // The source the twin is written in: its own, or its top-level type's <TopLevel>Swizzles.
    Optional<String> problem = Names.nameProblem(name, scope.namespace())
        .or(() -> Names.STORAGE_MEMBERS.contains(name)
            ? Names.problem(new Phrase.StorageMember(name)) : Optional.empty())
        .or(() -> scope.javaClassProblem(name, twinName(type, override, name).topLevelClassName()));
    if (problem.isPresent()) {
      diagnostics.storageFault(null, new StorageError.BadName(problem.get(), true,
          override.isEmpty()));
      return Optional.empty();
    }
    return Optional.of(name);
  }

  /** The Java twin, {@code <name>Layout}, beside its storage or in its holder. */
  private JavaClassName twinName(TypeElement type, String override, String name) {
    return scope.javaClass(type, override, name, "Layout");
  }

  /** The first buffer of a tile type, and whether it was given its own name. */
  private record TileUse(int index, boolean named) {}

  /** One {@code @Buffer} as the model's buffer, or empty with its errors. */
  private Optional<StorageBuffer> buffer(AnnotationValues values, int index,
      Map<String, TileUse> tileTypes, Tiles tiles, Diagnostics diagnostics) {
    TypeMirror tileType = values.typeValue("tile");
    boolean tileGiven = tileType.getKind() != TypeKind.VOID;
    List<String> given = Stream.of("tile", "barriers", "bytes").filter(attribute ->
        attribute.equals("tile") ? tileGiven : values.isExplicit(attribute)).toList();
    if (given.size() != 1) {
      diagnostics.storageFault(values, new StorageError.NotOneKind(
          given.size() > 1 ? given.get(1) : "tile", given.size()));
      return Optional.empty();
    }
    Buffer.Kind kind = Buffer.Kind.valueOf(given.get(0).toUpperCase(Locale.ROOT));
    int copies = values.intValue("copies");
    Optional<String> phase =
        Optional.of(values.stringValue("phase")).filter(text -> !text.isEmpty());
    boolean valid = true;
    if (kind != Buffer.Kind.BYTES && values.isExplicit("alignment")) {
      diagnostics.storageFault(values, new StorageError.AlignmentNotApplicable(kind));
      valid = false;
    }
    int alignment = values.intValue("alignment");
    if (kind == Buffer.Kind.BYTES && (alignment < 1 || Integer.bitCount(alignment) != 1)) {
      diagnostics.storageFault(values, new StorageError.AlignmentNotPowerOfTwo(alignment));
      valid = false;
    }
    Optional<TileSpec> tile = Optional.empty();
    if (kind == Buffer.Kind.TILE) {
      if (tileType.getKind() != TypeKind.DECLARED) {
        throw new AnnotationValues.Malformed("tile");
      }
      TypeElement tileElement = (TypeElement) ((DeclaredType) tileType).asElement();
      String qualified = tileElement.getQualifiedName().toString();
      boolean named = values.isExplicit("name");
      TileUse first = tileTypes.putIfAbsent(qualified, new TileUse(index, named));
      TileOutcome outcome = tiles.of(tileElement);
      if (first != null && !(first.named() && named)) {
        // Several buffers of one tile type are several names; without them, two of one name.
        diagnostics.storageFault(values, new StorageError.RepeatedTile(qualified, first.index(),
            index));
        valid = false;
      } else {
        Optional<StorageError> fault = switch (outcome.state()) {
          case DEFERRED -> throw new AnnotationValues.Malformed("tile");
          case NOT_A_TILE -> Optional.of(new StorageError.NotATile(qualified));
          case NOT_GENERATED -> Optional.of(new StorageError.TileNotGenerated(qualified));
          case FAILED -> Optional.of(new StorageError.TileHasErrors(qualified));
          case PROVEN -> Optional.empty();
        };
        fault.ifPresent(error -> diagnostics.storageFault(values, error));
        valid &= fault.isEmpty();
        tile = outcome.spec();
      }
    }
    String override = values.stringValue("name");
    if (override.isEmpty() && kind != Buffer.Kind.TILE) {
      diagnostics.storageFault(values, new StorageError.NameRequired(kind));
      return Optional.empty();
    }
    if (!valid) {
      return Optional.empty();
    }
    String name = override.isEmpty() ? tile.orElseThrow().name() : override;
    // Declared inside the storage's struct: only its own members (below), keywords and the names of
    // C++ and CUDA its code uses can collide.
    Names.BufferMembers members = Names.BufferMembers.of(name);
    Optional<String> problem = Names.cppNameProblem(name).or(() -> Names.cppNameProblem(
        members.accessor()).flatMap(why -> Names.problem(
            new Phrase.Accessor(members.accessor(), why))));
    if (problem.isPresent()) {
      diagnostics.storageFault(values, new StorageError.BadName(problem.get(), false,
          override.isEmpty()));
      return Optional.empty();
    }
    Buffer buffer = switch (kind) {
      case TILE -> Buffer.tile(name, stages(tile.orElseThrow().layout()),
          tile.get().layout().alignment(), copies, phase);
      case BARRIERS -> Buffer.barriers(name, values.intValue("barriers"), copies, phase);
      case BYTES -> Buffer.bytes(name, values.intValue("bytes"), alignment, copies, phase);
    };
    return Optional.of(new StorageBuffer(buffer, tile, members, values));
  }

  /** How a tile's bytes grow with its stages: its stage stride and one stage's extent, in bytes. */
  private static Buffer.Stages stages(TileLayout layout) {
    int strideBytes = layout.bytesOf(layout.stageStride());
    int oneStage = Math.subtractExact(layout.extentBytes(),
        Math.multiplyExact(layout.stages() - 1, strideBytes));
    return new Buffer.Stages(layout.stages(), strideBytes, oneStage);
  }

  /** Whether the plan keeps the model's rules; else an error on the buffer at fault. */
  private static boolean modelRules(List<String> phases, List<StorageBuffer> buffers,
      Diagnostics diagnostics) {
    List<Buffer> model = buffers.stream().map(StorageBuffer::buffer).toList();
    List<StorageViolation> problems = StoragePlan.check(phases, model);
    for (StorageViolation problem : problems) {
      StorageBuffer at = null;
      if (problem instanceof StorageViolation.RepeatedName repeated) {
        at = buffers.get(repeated.second());
      } else if (problem instanceof StorageViolation.UndeclaredPhase undeclared) {
        at = buffers.get(undeclared.index());
      } else if (problem instanceof StorageViolation.BelowOne below) {
        at = named(buffers, below.name());
      } else if (problem instanceof StorageViolation.BeyondEveryTarget beyond) {
        at = named(buffers, beyond.name());
      } else if (problem instanceof StorageViolation.PhasesNotDeclared) {
        // Buffers that name phases the storage does not declare: on the first of them.
        at = buffers.stream().filter(buffer -> buffer.buffer().phase().isPresent()).findFirst()
            .orElseThrow();
      }
      diagnostics.storageFault(at == null ? null : at.annotation(), problem);
    }
    return problems.isEmpty();
  }

  /** The first buffer named {@code name}. */
  private static StorageBuffer named(List<StorageBuffer> buffers, String name) {
    return buffers.stream().filter(buffer -> buffer.buffer().name().equals(name)).findFirst()
        .orElseThrow();
  }

  /** What declares a member, in words. */
  private static String owner(Phrase owner) {
    return Messages.PHRASES.render(owner);
  }

  /**
   * Whether every member the header and the twin declare is declared once: the storage's own, each
   * buffer's and each phase change's; else an error on the buffer whose member is declared again.
   */
  private static boolean membersOwnTheirNames(String storage, List<String> phases,
      List<StorageBuffer> buffers, Diagnostics diagnostics) {
    Map<String, String> owners = new LinkedHashMap<>();
    owners.put(storage, owner(new Phrase.OwnedByStruct(storage)));
    for (String member : Names.STORAGE_MEMBERS) {
      owners.put(member, owner(new Phrase.OwnedByStorage(member)));
    }
    if (phases.size() > 1) {
      for (int i = 0; i < phases.size(); i++) {
        String helper = Names.phaseChange(phases.get(i), phases.get((i + 1) % phases.size()));
        owners.putIfAbsent(helper, owner(new Phrase.OwnedByPhaseChange(helper)));
      }
    }
    Map<String, String> twin = new LinkedHashMap<>();
    for (String constant : Names.TWIN_CONSTANTS) {
      twin.put(constant, owner(new Phrase.OwnedByTwin(constant)));
    }
    boolean valid = true;
    for (StorageBuffer buffer : buffers) {
      String name = buffer.buffer().name();
      for (String member : buffer.names().all()) {
        String other = owners.putIfAbsent(member, owner(new Phrase.OwnedByBuffer(name, member)));
        String constant = Names.javaConstant(member);
        String otherConstant = !buffer.names().constants().contains(member) ? null
            : twin.putIfAbsent(constant, owner(new Phrase.OwnedByBuffer(name, constant)));
        if (other != null || otherConstant != null) {
          diagnostics.storageFault(buffer.annotation(), other != null
              ? new StorageError.MemberCollision(name, member, other)
              : new StorageError.MemberCollision(name, constant, otherConstant));
          valid = false;
          break;
        }
      }
    }
    return valid;
  }
}
