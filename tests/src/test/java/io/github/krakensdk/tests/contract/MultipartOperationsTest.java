package io.github.krakensdk.tests.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.swagger.v3.oas.models.media.Schema;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import retrofit2.http.Part;

/**
 * The multipart operations, which the JSON-built suites leave out ({@link Contract#operations()}):
 * each has one {@code @Multipart} method whose {@code @Part}s are the members of the contract's
 * multipart schema, and no other method is multipart.
 */
final class MultipartOperationsTest {
  @Test
  void everyMultipartOperationHasOneMultipartMethodWithTheSchemasParts() {
    List<String> expected = new ArrayList<>();
    for (Family family : Family.values()) {
      Contract contract = Contracts.get(family);
      List<String> operations = contract.multipartOperations().stream().map(Contract.Op::id).toList();
      List<String> methods = ApiMethods.multipart(family).stream().map(Method::getName).toList();
      assertEquals(operations, methods, family + ": multipart operations and @Multipart methods");
      for (Contract.Op op : contract.multipartOperations()) {
        expected.add(op.id());
        Method method = ApiMethods.multipart(family).stream().filter(m -> m.getName().equals(op.id())).findFirst()
            .orElseThrow();
        Schema<?> schema = contract.resolve(op.operation().getRequestBody().getContent()
            .get(Contract.MULTIPART_MEDIA_TYPE).getSchema());
        // Text and JSON parts are named on the annotation; a file part names itself (MultipartBody.Part).
        Set<String> named = new TreeSet<>();
        int files = 0;
        for (Parameter parameter : method.getParameters()) {
          for (Annotation annotation : parameter.getAnnotations()) {
            if (annotation instanceof Part part) {
              if (part.value().isEmpty()) {
                assertEquals(okhttp3.MultipartBody.Part.class, parameter.getType(), op.label() + ": unnamed part");
                files++;
              } else {
                named.add(part.value());
              }
            }
          }
        }
        Set<String> textParts = new TreeSet<>();
        int binaryParts = 0;
        for (var property : schema.getProperties().entrySet()) {
          if ("binary".equals(property.getValue().getFormat())) {
            binaryParts++;
          } else {
            textParts.add(property.getKey());
          }
        }
        assertEquals(textParts, named, op.label() + ": named parts");
        assertEquals(binaryParts, files, op.label() + ": file parts");
      }
    }
    // The one upload the service documents; a new one must be looked at here first.
    assertEquals(List.of("submitVerification"), expected);
  }
}
