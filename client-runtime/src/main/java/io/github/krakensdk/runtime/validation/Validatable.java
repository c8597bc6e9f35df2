package io.github.krakensdk.runtime.validation;

/** A generated model that can check itself against the constraints of its schema. */
public interface Validatable {
  /** Records every rule of the contract this value breaks in {@code constraints}. */
  void validate(Constraints constraints);
}
