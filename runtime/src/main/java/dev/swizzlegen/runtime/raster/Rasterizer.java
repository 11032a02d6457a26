package dev.swizzlegen.runtime.raster;

import dev.swizzlegen.runtime.RasterOrder;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.raster.RasterViolation.TileSizeNotPowerOfTwo;
import dev.swizzlegen.runtime.raster.RasterViolation.TileSizeOutOfRange;
import java.util.Optional;

/**
 * The threadblock rasterizers: which output tile the {@code blockIdx}-th block of a launch computes,
 * chosen so that the blocks running at one time share A row-panels and B column-panels in L2. Each
 * order is defined once, here, in Java ({@link #tile}); the processor holds the same statements in
 * CUDA ({@code RasterRoutines}), writes them into the generated header, and its tests compile that
 * header and compare its every tile with {@link #tile}. The model is the arithmetic; its CUDA text is
 * emitted code, and lives with the emitters.
 *
 * <p>Terms, the same for every order:
 *
 * <ul>
 *   <li>the grid: {@code gridX x gridY} output tiles, {@code gridX = ceil(N / BN)} columns and
 *       {@code gridY = ceil(M / BM)} rows; a tile is a {@link TileCoord} {@code (x, y)} = (column,
 *       row), {@code get_swizzle_idx}'s {@code ret.x}, {@code ret.y};
 *   <li>{@code blockIdx}: a block's place in the launch, {@code blockIdx.y * gridDim.x + blockIdx.x},
 *       the order in which the hardware roughly starts blocks;
 *   <li>{@code tileSize}: the width of a strip or panel, or the height of a group, in tiles
 *       ({@link #MORTON} ignores it).
 * </ul>
 *
 * <p>Every order launches the grid itself ({@code gridX x gridY} blocks) and maps its blocks one to
 * one onto the tiles, except {@link #CUTLASS_IDENTITY}, which launches {@link #launchGrid} and maps
 * its blocks one to one onto the tiles plus idle blocks past the last column.
 *
 * <p>Arguments: {@code gridX, gridY, tileSize >= 1}, {@code 0 <= blockIdx <} the launch's blocks,
 * and the launch's blocks, {@code tileSize * gridX} and {@code tileSize * gridY} below {@code 2^31}
 * ({@code 2^32} in CUDA, whose arithmetic is {@code uint32_t}).
 */
public enum Rasterizer {
  /**
   * The classic {@code get_swizzle_idx} (CUTLASS's threadblock swizzle): strips of {@code tileSize} columns, each walked row by row
   * from the top, the strips left to right; the last strip is {@code gridX % tileSize} wide when
   * {@code tileSize} does not divide {@code gridX}. The classic version computes the row as
   * {@code strip_flat_idx / gridDim.y}, right only on square grids; here it is
   * {@code inStrip / width}. {@code tileSize >= gridX} is row-major order.
   */
  STRIPS(RasterOrder.STRIPS),

  /**
   * CUTLASS's {@code GemmIdentityThreadblockSwizzle} with {@code tileSize = 2^log_tile}: the launch
   * is {@code (gridY * tileSize) x ceil(gridX / tileSize)} blocks ({@link #launchGrid}), and block
   * {@code (bx, by)} computes row {@code m = bx >> log_tile}, column
   * {@code n = (by << log_tile) + (bx & (tileSize - 1))}. In launch order that is {@link #STRIPS}'s
   * walk (the same tiles in the same order when {@code tileSize} divides {@code gridX}), but the last
   * strip is launched {@code tileSize} wide: its blocks past the last column are idle and return at
   * once, as CUTLASS's kernels do. Here {@code /} and {@code %} stand for the shifts, so any
   * {@code tileSize} works; the annotation requires a power of two, as CUTLASS's log tile does.
   */
  CUTLASS_IDENTITY(RasterOrder.CUTLASS_IDENTITY),

  /**
   * Triton's grouped ordering with {@code GROUP_M = tileSize}: groups of {@code tileSize} rows, each
   * walked column by column from the left (down the group's rows, then the next column), the groups
   * top to bottom; the last group has the {@code gridY % tileSize} rows left when {@code tileSize}
   * does not divide {@code gridY}. It is {@link #STRIPS} transposed.
   */
  GROUPED(RasterOrder.GROUPED),

  /**
   * Panels of {@code tileSize} columns, each walked row by row, the panels left to right; even panels
   * top to bottom, odd panels bottom to top, so that each panel starts on the rows where the previous
   * one ended (a boustrophedon). The last panel is {@code gridX % tileSize} wide when
   * {@code tileSize} does not divide {@code gridX}.
   */
  SERPENTINE(RasterOrder.SERPENTINE),

  /**
   * Z-order (Morton order) over the smallest power-of-two square that holds the grid, counting only
   * the grid's tiles, so that it is a bijection on grids of any shape: the tiles of the grid sorted by
   * their Morton code (x in the even bits, y in the odd bits). {@link #tile} descends the square's
   * quadrants, skipping those whose in-grid tiles all come before {@code blockIdx}: one step per
   * level, {@code log2(side)} steps, each counting a quadrant's tiles in closed form. Ignores
   * {@code tileSize}.
   */
  MORTON(RasterOrder.MORTON);

  /** The largest {@code tileSize} an annotation may give. */
  public static final int MAX_TILE_SIZE = 1024;

  private final RasterOrder order;

  Rasterizer(RasterOrder order) {
    this.order = order;
  }

  /** The rasterizer of an annotation's {@code order}. */
  public static Rasterizer of(RasterOrder order) {
    for (Rasterizer rasterizer : values()) {
      if (rasterizer.order == order) {
        return rasterizer;
      }
    }
    throw new IllegalArgumentException("no rasterizer for " + order);
  }

  /** The annotation's {@code order} this rasterizer implements. */
  RasterOrder order() {
    return order;
  }

  /**
   * The tile that the {@code blockIdx}-th block of the launch computes, on a grid of
   * {@code gridX x gridY} tiles. Every order maps the launch's blocks one to one onto the tiles, apart
   * from {@link #CUTLASS_IDENTITY}'s idle blocks, whose tile is not {@link TileCoord#isInside inside}.
   *
   * @throws IllegalArgumentException for arguments outside those in the class comment
   */
  public TileCoord tile(int blockIdx, int gridX, int gridY, int tileSize) {
    checkArguments(blockIdx, gridX, gridY, tileSize);
    // A switch rather than a method per constant: one call site the JIT inlines, so the TileCoord
    // of a hot loop is never allocated.
    return switch (this) {
      case STRIPS -> strips(blockIdx, gridX, gridY, tileSize);
      case CUTLASS_IDENTITY -> cutlassIdentity(blockIdx, gridX, gridY, tileSize);
      case GROUPED -> grouped(blockIdx, gridX, gridY, tileSize);
      case SERPENTINE -> serpentine(blockIdx, gridX, gridY, tileSize);
      case MORTON -> morton(blockIdx, gridX, gridY);
    };
  }

  /** Receives the tiles of a launch from {@link #forEachBlock}. */
  @FunctionalInterface
  public interface BlockVisitor {
    /** The {@code blockIdx}-th block computes tile {@code (x, y)}. */
    void visit(int blockIdx, int x, int y);
  }

  /**
   * Every block of the {@link #launchGrid} launch with its tile, in launch order: {@link #tile} for
   * each {@code blockIdx}, the arguments checked once rather than per block.
   */
  public void forEachBlock(int gridX, int gridY, int tileSize, BlockVisitor visitor) {
    long launched = launchGrid(gridX, gridY, tileSize).blocks();
    if (launched > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("the launch of " + launched + " blocks overflows 31 bits");
    }
    int blocks = (int) launched;
    // One loop per order: each calls its definition directly, which the JIT inlines.
    switch (this) {
      case STRIPS -> {
        for (int block = 0; block < blocks; block++) {
          TileCoord tile = strips(block, gridX, gridY, tileSize);
          visitor.visit(block, tile.x(), tile.y());
        }
      }
      case CUTLASS_IDENTITY -> {
        for (int block = 0; block < blocks; block++) {
          TileCoord tile = cutlassIdentity(block, gridX, gridY, tileSize);
          visitor.visit(block, tile.x(), tile.y());
        }
      }
      case GROUPED -> {
        for (int block = 0; block < blocks; block++) {
          TileCoord tile = grouped(block, gridX, gridY, tileSize);
          visitor.visit(block, tile.x(), tile.y());
        }
      }
      case SERPENTINE -> {
        for (int block = 0; block < blocks; block++) {
          TileCoord tile = serpentine(block, gridX, gridY, tileSize);
          visitor.visit(block, tile.x(), tile.y());
        }
      }
      case MORTON -> {
        for (int block = 0; block < blocks; block++) {
          TileCoord tile = morton(block, gridX, gridY);
          visitor.visit(block, tile.x(), tile.y());
        }
      }
    }
  }

  /** The grid to launch for {@code gridX x gridY} tiles: the grid itself, except for CUTLASS. */
  public LaunchGrid launchGrid(int gridX, int gridY, int tileSize) {
    checkGrid(gridX, gridY, tileSize);
    return this == CUTLASS_IDENTITY
        ? new LaunchGrid(gridY * tileSize, (gridX + tileSize - 1) / tileSize)
        : new LaunchGrid(gridX, gridY);
  }

  /** Whether {@code tileSize} changes the order ({@link #MORTON}: no). */
  public boolean usesTileSize() {
    return this != MORTON;
  }

  /**
   * Why {@code tileSize} cannot be the tile size of this order, or empty: it must be 1 to
   * {@link #MAX_TILE_SIZE}, and for {@link #CUTLASS_IDENTITY} a power of two.
   */
  public Optional<Violation> tileSizeViolation(int tileSize) {
    if (tileSize < 1 || tileSize > MAX_TILE_SIZE) {
      return Optional.of(new TileSizeOutOfRange(tileSize, MAX_TILE_SIZE));
    }
    if (this == CUTLASS_IDENTITY && Integer.bitCount(tileSize) != 1) {
      return Optional.of(new TileSizeNotPowerOfTwo(tileSize, Integer.highestOneBit(tileSize),
          Integer.highestOneBit(tileSize) * 2));
    }
    return Optional.empty();
  }

  private static void checkGrid(int gridX, int gridY, int tileSize) {
    if (gridX < 1 || gridY < 1 || tileSize < 1) {
      throw new IllegalArgumentException("grid " + gridX + " x " + gridY + " and tile size " + tileSize
          + " must be positive");
    }
    if ((long) tileSize * gridX > Integer.MAX_VALUE || (long) tileSize * gridY > Integer.MAX_VALUE
        || (long) gridX * gridY > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("grid " + gridX + " x " + gridY + " with tile size " + tileSize
          + " overflows 31 bits");
    }
  }

  /**
   * The argument check of {@link #tile}, on its own: returns where the grid and tile size are within
   * the bounds of the class comment and {@code blockIdx} is one of the blocks of the
   * {@link #launchGrid} launch. The generated Java twin calls it before its compiled
   * {@code get_swizzle_idx}, so that it throws as {@link #tile} does.
   *
   * @throws IllegalArgumentException for arguments outside those in the class comment, naming them
   */
  public void checkArguments(int blockIdx, int gridX, int gridY, int tileSize) {
    checkGrid(gridX, gridY, tileSize);
    long blocks = this == CUTLASS_IDENTITY
        ? (long) gridY * tileSize * ((gridX + tileSize - 1) / tileSize)
        : (long) gridX * gridY;
    if (blockIdx < 0 || blockIdx >= blocks) {
      throw new IllegalArgumentException("block " + blockIdx + " is not one of the " + blocks
          + " blocks launched for grid " + gridX + " x " + gridY + " (" + this + ", tile size "
          + tileSize + ")");
    }
  }

  // One definition per order; the same statements in CUDA are the processor's (RasterRoutines).

  private static TileCoord strips(int blockIdx, int gridX, int gridY, int tileSize) {
    int stripBlocks = tileSize * gridY;
    int strip = blockIdx / stripBlocks;
    int inStrip = blockIdx % stripBlocks;
    int width = strip < gridX / tileSize ? tileSize : gridX % tileSize;
    return new TileCoord(strip * tileSize + inStrip % width, inStrip / width);
  }


  private static TileCoord cutlassIdentity(int blockIdx, int gridX, int gridY, int tileSize) {
    int launchX = gridY * tileSize;
    int bx = blockIdx % launchX;
    int by = blockIdx / launchX;
    return new TileCoord(by * tileSize + bx % tileSize, bx / tileSize);
  }


  private static TileCoord grouped(int blockIdx, int gridX, int gridY, int tileSize) {
    int groupBlocks = tileSize * gridX;
    int group = blockIdx / groupBlocks;
    int inGroup = blockIdx % groupBlocks;
    int firstRow = group * tileSize;
    int height = gridY - firstRow < tileSize ? gridY - firstRow : tileSize;
    return new TileCoord(inGroup / height, firstRow + inGroup % height);
  }


  private static TileCoord serpentine(int blockIdx, int gridX, int gridY, int tileSize) {
    int panelBlocks = tileSize * gridY;
    int panel = blockIdx / panelBlocks;
    int inPanel = blockIdx % panelBlocks;
    int width = panel < gridX / tileSize ? tileSize : gridX % tileSize;
    int row = inPanel / width;
    return new TileCoord(panel * tileSize + inPanel % width, panel % 2 == 0 ? row : gridY - 1 - row);
  }


  private static TileCoord morton(int blockIdx, int gridX, int gridY) {
    int side = (gridX > gridY ? gridX : gridY) - 1;
    side |= side >>> 1;
    side |= side >>> 2;
    side |= side >>> 4;
    side |= side >>> 8;
    side |= side >>> 16;
    side += 1;
    int x = 0;
    int y = 0;
    int rank = blockIdx;
    for (int half = side >>> 1; half > 0; half >>>= 1) {
      int left = gridX - x < half ? gridX - x : half;
      int right = gridX - x - left < half ? gridX - x - left : half;
      int top = gridY - y < half ? gridY - y : half;
      int bottom = gridY - y - top < half ? gridY - y - top : half;
      int topTiles = (left + right) * top;
      if (rank < topTiles) {
        if (rank >= left * top) {
          rank -= left * top;
          x += half;
        }
      } else {
        rank -= topTiles;
        y += half;
        if (rank >= left * bottom) {
          rank -= left * bottom;
          x += half;
        }
      }
    }
    return new TileCoord(x, y);
  }

}
