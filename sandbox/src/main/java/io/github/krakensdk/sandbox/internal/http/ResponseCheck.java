package io.github.krakensdk.sandbox.internal.http;

import io.github.krakensdk.sandbox.internal.contract.Problem;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Checks every answer to an operation of the contract against the contract, and keeps what it
 * found: the problems, and which operation and status pairs were checked.
 */
public final class ResponseCheck {
  private final Map<Family, ContractValidator> validators;
  private final List<String> problems = new ArrayList<>();
  private final Set<String> checked = new TreeSet<>();

  public ResponseCheck(Map<Family, ContractValidator> validators) {
    this.validators = new EnumMap<>(validators);
  }

  public void check(String method, Endpoint.Served served) {
    if (served.operationId() == null) {
      return; // not an operation of the contract (unknown path): nothing to check against
    }
    Reply reply = served.reply();
    List<Problem> found =
        validators.get(served.family()).checkResponse(method, served.contractPath(), reply);
    synchronized (this) {
      checked.add(served.operationId() + " " + reply.status);
      for (Problem problem : found) {
        problems.add(served.operationId() + " " + reply.status + ": " + problem + "\n    body: " + reply.bodyText());
      }
    }
  }

  public synchronized List<String> problems() {
    return List.copyOf(problems);
  }

  public synchronized Set<String> checked() {
    return Set.copyOf(checked);
  }
}
