package dev.swizzlegen.runtime;

import java.util.Objects;

/**
 * Why a description is invalid: the parameter at fault and one sentence a kernel author understands.
 *
 * @param parameter the parameter to blame
 * @param message the sentence, without the tile's name
 */
public record Problem(Parameter parameter, String message) {
  public Problem {
    Objects.requireNonNull(parameter, "parameter");
    Objects.requireNonNull(message, "message");
  }

  @Override
  public String toString() {
    return parameter.attributeName() + ": " + message;
  }
}
