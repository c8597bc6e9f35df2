package io.github.krakensdk.tests.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** Every published contract parses with swagger-parser with zero messages (no error, no warning). */
class ContractParsesTest {

  @TestFactory
  Stream<DynamicTest> everyContractParsesWithoutMessages() {
    return Arrays.stream(Family.values()).flatMap(family -> Stream.of(
        dynamicTest(family.fileName() + " (references resolved)", () -> {
          SwaggerParseResult result = Contracts.parse(Contracts.text(family));
          assertClean(family, result);
          assertEquals("3.0.3", result.getOpenAPI().getOpenapi(), family.fileName() + " openapi version");
        }),
        dynamicTest(family.fileName() + " (fully resolved)", () -> {
          ParseOptions options = new ParseOptions();
          options.setResolve(true);
          options.setResolveFully(true);
          assertClean(family, new OpenAPIV3Parser().readContents(Contracts.text(family), null, options));
        })));
  }

  private static void assertClean(Family family, SwaggerParseResult result) {
    List<String> messages = result.getMessages() == null ? List.of() : result.getMessages();
    assertEquals(List.of(), messages, family.resource() + " parse messages");
    assertNotNull(result.getOpenAPI(), family.resource() + " parsed to no document");
  }
}
