#!/usr/bin/env bash
# Acceptance check, as a newcomer: install swizzlegen, then build a separate Maven project written
# from the README alone (processor on annotationProcessorPaths) with the mission's annotation, and
# prove that its Java helper and its CUDA header equal CuTe's Swizzle<3,3,3> on every element.
# Usage: scripts/check-readme-consumer.sh [JAVA_HOME]   (nvcc optional: the header check is skipped without it)
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
if [ $# -gt 0 ]; then export JAVA_HOME="$1"; fi
(cd "$repo" && mvn -B -q -DskipTests install)

work="$(mktemp -d)"
mkdir -p "$work/src/main/java/com/acme"
cat > "$work/pom.xml" <<'POM'
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>com.acme</groupId>
  <artifactId>consumer</artifactId>
  <version>1</version>
  <properties><project.build.sourceEncoding>UTF-8</project.build.sourceEncoding></properties>
  <dependencies>
    <dependency>
      <groupId>dev.swizzlegen</groupId>
      <artifactId>swizzlegen-annotations</artifactId>
      <version>0.1.0-SNAPSHOT</version>
    </dependency>
    <dependency>
      <groupId>dev.swizzlegen</groupId>
      <artifactId>swizzlegen-runtime</artifactId>
      <version>0.1.0-SNAPSHOT</version>
    </dependency>
  </dependencies>
  <build>
    <plugins>
      <plugin>
        <groupId>org.apache.maven.plugins</groupId>
        <artifactId>maven-compiler-plugin</artifactId>
        <version>3.14.1</version>
        <configuration>
          <release>17</release>
          <annotationProcessorPaths>
            <path>
              <groupId>dev.swizzlegen</groupId>
              <artifactId>swizzlegen-processor</artifactId>
              <version>0.1.0-SNAPSHOT</version>
            </path>
          </annotationProcessorPaths>
        </configuration>
      </plugin>
    </plugins>
  </build>
</project>
POM
cat > "$work/src/main/java/com/acme/Sw128Half.java" <<'JAVA'
package com.acme;

import dev.swizzlegen.annotations.DType;
import dev.swizzlegen.annotations.SwizzledTile;

@SwizzledTile(bits = 3, base = 3, shift = 3, dtype = DType.HALF)   // the mission's form
interface Sw128Half {}
JAVA
cat > "$work/src/main/java/com/acme/Check.java" <<'JAVA'
package com.acme;

public final class Check {
  public static void main(String[] args) {
    // CuTe: bit_msk = (1 << 3) - 1; yyy_msk = bit_msk << (3 + max(0, 3)); apply = o ^ ((o & yyy) >> 3)
    int yyy = ((1 << 3) - 1) << (3 + 3);
    int checked = 0;
    for (int row = 0; row < Sw128HalfSwizzle.ROWS; row++) {
      for (int col = 0; col < Sw128HalfSwizzle.COLS; col++) {
        int o = row * Sw128HalfSwizzle.ROW_STRIDE + col;
        if (Sw128HalfSwizzle.offset(row, col) != (o ^ ((o & yyy) >> 3))) {
          throw new AssertionError("differs from CuTe at (" + row + ", " + col + ")");
        }
        checked++;
      }
    }
    System.out.println("java helper: " + checked + " elements equal CuTe's Swizzle<3,3,3>");
  }
}
JAVA
cd "$work"
mvn -B -q package
java -cp "target/classes:$HOME/.m2/repository/dev/swizzlegen/swizzlegen-runtime/0.1.0-SNAPSHOT/swizzlegen-runtime-0.1.0-SNAPSHOT.jar:$HOME/.m2/repository/dev/swizzlegen/swizzlegen-annotations/0.1.0-SNAPSHOT/swizzlegen-annotations-0.1.0-SNAPSHOT.jar" com.acme.Check

header=target/generated-sources/annotations/swizzlegen/sw128_half.cuh
test -s "$header" || { echo "no header at $header" >&2; exit 1; }
if ! command -v nvcc >/dev/null; then echo "SKIPPED the header check: no nvcc on the PATH"; exit 0; fi
cat > check.cu <<'CU'
#include <cstdio>
#include "swizzlegen/sw128_half.cuh"
// CuTe's Swizzle, transcribed from include/cute/swizzle.hpp (B, M, S >= 0 here).
template <int BBits, int MBase, int SShift = BBits>
struct CuteSwizzle {
  static constexpr int bit_msk = (1 << BBits) - 1;
  static constexpr int yyy_msk = bit_msk << (MBase + (SShift > 0 ? SShift : 0));
  __host__ __device__ static constexpr int apply(int offset) { return offset ^ ((offset & yyy_msk) >> SShift); }
};
__global__ void device_check(int* mismatches) {
  using Tile = swizzlegen::Sw128Half;
  const uint32_t o = threadIdx.y * Tile::kRowStride + threadIdx.x;
  if (Tile::offset(threadIdx.y, threadIdx.x) != uint32_t(CuteSwizzle<3, 3, 3>::apply(int(o)))) atomicAdd(mismatches, 1);
}
int main() {
  using Tile = swizzlegen::Sw128Half;
  int checked = 0;
  for (uint32_t row = 0; row < Tile::kRows; ++row)
    for (uint32_t col = 0; col < Tile::kCols; ++col, ++checked)
      if (Tile::offset(row, col) != uint32_t(CuteSwizzle<3, 3, 3>::apply(int(row * Tile::kRowStride + col)))) {
        std::printf("differs at (%u, %u)\n", row, col);
        return 1;
      }
  (void)device_check;
  std::printf("cuda header (host): %d elements equal CuTe's Swizzle<3,3,3>\n", checked);
  return 0;
}
CU
nvcc -std=c++17 -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror -arch=sm_90 -I target/generated-sources/annotations -o check check.cu
./check
