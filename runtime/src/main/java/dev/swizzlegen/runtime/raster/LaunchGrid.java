package dev.swizzlegen.runtime.raster;

/**
 * The grid of thread blocks to launch, CUDA's {@code dim3(x, y)}; block {@code (blockIdx.x, blockIdx.y)}
 * is the {@code blockIdx.y * x + blockIdx.x}-th block of the launch.
 *
 * @param x {@code gridDim.x}
 * @param y {@code gridDim.y}
 */
public record LaunchGrid(int x, int y) {

  /** The blocks launched, {@code x * y}. */
  public long blocks() {
    return (long) x * y;
  }

  @Override
  public String toString() {
    return x + " x " + y;
  }
}
