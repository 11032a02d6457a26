package subbyte;

import dev.swizzlegen.annotations.*;

@SwizzledTile(bits = 3, base = 4, dtype = DType.FP4_E2M1_PADDED, rows = 32, cols = 128, access = @Access(kind = AccessKind.LDMATRIX, shape = MatrixShape.M8N16))
interface PaddedFp4 {}
