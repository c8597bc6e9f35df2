package io.github.krakensdk.sandbox.internal.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.krakensdk.sandbox.internal.contract.Contract;
import io.github.krakensdk.sandbox.internal.contract.Operation;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** sandbox/README.md's table of the control plane's operations is sandbox.yaml's, in its order. */
class ControlPlaneReadmeTest {
  @Test
  void theReadmeListsEveryOperationOfTheDocument() throws IOException {
    String readme = Files.readString(Path.of("README.md"), StandardCharsets.UTF_8);
    String table = readme.substring(readme.indexOf("<!-- control-plane-operations"),
        readme.indexOf("<!-- /control-plane-operations -->"));
    List<String> listed = new ArrayList<>();
    for (String line : table.lines().toList()) {
      if (line.startsWith("| `")) {
        String[] cells = line.split("\\|");
        listed.add(cells[1].trim().replace("`", "") + " " + cells[2].trim().replace("`", ""));
      }
    }
    List<String> documented = new ArrayList<>();
    for (Operation operation : Contract.load("sandbox").all()) {
      documented.add(operation.method() + " " + operation.path() + " " + operation.operationId());
    }
    assertEquals(documented, listed);
  }
}
