package io.github.krakensdk.runtime.json;

/**
 * A value of an enumeration in the contract that stays open: a value the service sends and the
 * contract does not list yet is kept, not rejected. Generated enum types implement this.
 *
 * <pre>{@code
 * switch (notification.priority().asEnum()) {
 *   case HIGH -> page();
 *   case UNRECOGNIZED -> log.info("new priority {}", notification.priority().value());
 *   default -> { }
 * }
 * }</pre>
 *
 * <p>Serializable, so that exceptions carrying an error code can be.
 */
public interface OpenEnum extends java.io.Serializable {
  /** The value exactly as it travels on the wire. */
  String value();

  /** True if the value is one of those the contract lists. */
  boolean isKnown();
}
