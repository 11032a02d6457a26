package dev.swizzlegen.processor.read;

import dev.swizzlegen.runtime.engine.mma.MmaDescriptor;
import dev.swizzlegen.runtime.engine.mma.MmaFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The names of the members a tile's header declares for each tensor-core read, named from the
 * read's format: here below the writers, so that {@link ReservedNames} reserves exactly what the
 * header's {@code reads} section ({@code emit.cuda.TileEngineText}) declares.
 */
public final class MmaMemberNames {
  private MmaMemberNames() {}

  /**
   * What names one format's members apart: the constant that holds the major bit, and whether a
   * tile may carry two reads of the format, one of each major (the second's members named apart).
   */
  private record Naming(String majorField, boolean readsInBothMajors) {}

  private static final Map<MmaFormat, Naming> NAMING = Map.of(
      MmaFormat.GMMA, new Naming("Transpose", true),
      MmaFormat.UMMA, new Naming("Major", false));

  /**
   * The constants every read declares after its prefix (besides its format's {@link #majorField},
   * and {@code Version} where its descriptor has one); {@code ReservedNamesTest} proves them
   * reserved.
   */
  private static final List<String> CONSTANTS = List.of("K", "KSlices", "MnExtent", "KExtent",
      "MnStep", "LeadingByteOffset", "StrideByteOffset", "BaseOffset", "LayoutType", "Descriptor");

  /**
   * The names of one read's members, from the format's engine name ({@code wgmma}, {@code umma}):
   * its constants' prefix ({@code kWgmma}), its operand functions' ({@code wgmma_row()}) and its
   * descriptor function ({@code wgmma_desc}). The second read of a tile read in both majors, the
   * MN-major one, adds {@code Mn}: {@code kWgmmaMn}, {@code wgmma_mn_row()},
   * {@code wgmma_desc_mn()}.
   */
  public record Members(String name, boolean second) {
    public static Members of(MmaFormat format, boolean second) {
      return new Members(format.engineName().toLowerCase(Locale.ROOT), second);
    }

    /** {@code kWgmma}, {@code kWgmmaMn}, {@code kUmma}. */
    public String constants() {
      return "k" + Character.toUpperCase(name.charAt(0)) + name.substring(1)
          + (second ? "Mn" : "");
    }

    /** {@code wgmma}, {@code wgmma_mn}, {@code umma}: as in {@code wgmma_mn_row()}. */
    public String functions() {
      return name + (second ? "_mn" : "");
    }

    /** The operand functions' names before {@code Row}, as {@code TileFunctions} takes them. */
    public String functionPrefix() {
      return name + (second ? "Mn" : "");
    }

    /** {@code wgmma_desc}, {@code wgmma_desc_mn}, {@code umma_desc}. */
    public String descriptor() {
      return name + "_desc" + (second ? "_mn" : "");
    }
  }

  private static Naming naming(MmaFormat format) {
    return Objects.requireNonNull(NAMING.get(format), () -> "no member names for " + format);
  }

  /** The constant, after a read's prefix, that holds {@code format}'s major bit. */
  public static String majorField(MmaFormat format) {
    return naming(format).majorField();
  }

  /** Whether a tile may carry two reads of {@code format}, one of each major. */
  public static boolean readsInBothMajors(MmaFormat format) {
    return naming(format).readsInBothMajors();
  }

  /** Whether {@code descriptor} has {@code field}. */
  public static boolean has(MmaDescriptor descriptor, MmaDescriptor.Field field) {
    return descriptor.fields().stream().anyMatch(bits -> bits.field() == field);
  }

  /** Every member name any read may have, for every format, in both majors where a tile may. */
  public static List<String> memberNames() {
    List<String> names = new ArrayList<>();
    for (MmaFormat format : MmaFormat.all()) {
      for (boolean second : readsInBothMajors(format) ? List.of(false, true) : List.of(false)) {
        Members members = Members.of(format, second);
        CONSTANTS.forEach(constant -> names.add(members.constants() + constant));
        names.add(members.constants() + majorField(format));
        if (has(format.descriptor(), MmaDescriptor.Field.VERSION)) {
          names.add(members.constants() + "Version");
        }
        names.add(members.descriptor());
        for (String function : List.of("_row", "_col", "_offset")) {
          names.add(members.functions() + function);
        }
      }
    }
    return names;
  }
}
