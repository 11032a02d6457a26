package crosswise;

import dev.swizzlegen.annotations.*;

@SwizzledTile(dtype = DType.HALF, bits = 2, base = 3, shift = 2, rows = 128, cols = 96, atomRows = 2, atomCols = 32, atomOrder = Order.ROW_MAJOR, swizzleRow = 192, access = @Access(kind = AccessKind.LDMATRIX))
interface Declared {}
