/**
 * CuTe's and Triton's text: a CuTe layout parsed, printed and evaluated ({@code CuteLayout}) and the
 * tile it declares ({@code CuteTile}, {@code CuteStages}), a tile as the CuTe layout a kernel builds its
 * tensor with ({@code CuteExport}) and as Triton's shared encoding ({@code TritonEncoding}), a lane
 * map's two notations read as text ({@code LaneNotation}), and the reader of the model's one-line text
 * forms ({@code TextForm}, the plumbing of {@code AccessPattern.parse} and {@code Engine.parse}: public
 * only because the {@code access} and {@code engine} packages use it, and free to change). It comes
 * after {@code layout}, whose tiles it reads and writes, and before the accesses and engines.
 */
package dev.swizzlegen.runtime.notation;
