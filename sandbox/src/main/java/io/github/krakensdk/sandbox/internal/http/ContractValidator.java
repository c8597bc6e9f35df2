package io.github.krakensdk.sandbox.internal.http;

import io.github.krakensdk.sandbox.internal.contract.Contract;
import io.github.krakensdk.sandbox.internal.contract.Operation;
import io.github.krakensdk.sandbox.internal.contract.Problem;
import io.github.krakensdk.sandbox.internal.http.Family;
import io.github.krakensdk.sandbox.internal.http.HttpCall;
import io.github.krakensdk.sandbox.internal.http.Reply;
import io.github.krakensdk.sandbox.internal.params.BodyParameters;
import io.github.krakensdk.sandbox.internal.params.ServiceForms;
import java.util.ArrayList;
import java.util.List;

/**
 * The contract of one family as the sandbox checks a call against it: the compiled {@link
 * Contract} ({@code internal.contract}), handed what an {@link HttpCall} and a {@link Reply} hold.
 * Requests are checked strictly (a member the schema does not declare is refused); answers with
 * objects open, as the generated records that write them cannot hold an undeclared member.
 */
public final class ContractValidator {
  final Family family;
  /** The operations as the families read them (rate costs, permissions, body schemas). */
  public final Contract operations;
  /** The public service's forms of the family, which the sandbox accepts too. */
  public final ServiceForms serviceForms;

  private ContractValidator(Family family, Contract contract) {
    this.family = family;
    this.operations = contract;
    this.serviceForms = new ServiceForms(contract);
  }

  public static ContractValidator load(Family family) {
    return of(family, Contract.load(family.name().toLowerCase(java.util.Locale.ROOT)));
  }

  /** {@code contract} as the contract of {@code family} (tests compile a changed copy). */
  public static ContractValidator of(Family family, Contract contract) {
    return new ContractValidator(family, contract);
  }

  /**
   * The errors the contract finds in {@code call}, empty when it passes. A form body is checked as
   * the JSON it reads as ({@link HttpCall#parameters()}), a multipart body as the JSON object of
   * its parts, after what its parts' reading found.
   *
   * @param contractPath the path as the contract's servers see it (the demo prefix removed).
   */
  public List<Problem> checkRequest(HttpCall call, String contractPath) {
    Operation op = operations.find(call.method, contractPath);
    if (op == null) {
      return List.of(new Problem("request.operation.unknown", call.method + " " + contractPath
          + ": not an operation of the contract"));
    }
    List<Problem> problems = new ArrayList<>();
    String mediaType = null;
    byte[] body = null;
    if (call.hasBody()) {
      BodyParameters parameters = call.parameters();
      mediaType = BodyParameters.mediaType(call);
      body = parameters.json();
      problems.addAll(parameters.problems());
    }
    problems.addAll(operations.checkRequest(op, contractPath, call.query, call.headers, mediaType, body));
    return problems;
  }

  /** The errors the contract finds in {@code reply} to {@code method contractPath}. */
  public List<Problem> checkResponse(String method, String contractPath, Reply reply) {
    Operation op = operations.find(method, contractPath);
    if (op == null) {
      return List.of(new Problem("response.operation.unknown", method + " " + contractPath
          + ": not an operation of the contract"));
    }
    String contentType = null;
    for (var header : reply.headers.entrySet()) {
      if (header.getKey().equalsIgnoreCase("Content-Type")) {
        contentType = header.getValue();
      }
    }
    return operations.checkResponse(op, reply.status, contentType, reply.body);
  }
}
