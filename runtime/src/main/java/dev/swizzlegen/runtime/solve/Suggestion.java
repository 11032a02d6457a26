package dev.swizzlegen.runtime.solve;

import dev.swizzlegen.runtime.swizzle.Swizzle;
import java.util.Optional;

/**
 * What a search found for a tile's geometry and accesses.
 *
 * @param swizzle the cheapest swizzle that makes every access acceptable (within its maxWays), if the
 *     family searched has one
 * @param closest the swizzle with the mildest worst conflict, among those every access can run on
 *     (empty if the accesses run on none)
 * @param closestDegree the worst conflict degree {@code closest} leaves
 * @param family the family searched, in words
 */
public record Suggestion(
    Optional<Swizzle> swizzle, Optional<Swizzle> closest, int closestDegree, String family) {}
