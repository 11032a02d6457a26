package subbyte;

import dev.swizzlegen.annotations.*;

@SwizzledTile(bits = 3, base = 4, shift = 3, dtype = DType.FP4_E2M1, rows = 64, cols = 256, access = {@Access(op = Op.STORE, bytes = 16), @Access(kind = AccessKind.TMA, op = Op.STORE)})
interface PackedFp4 {}
