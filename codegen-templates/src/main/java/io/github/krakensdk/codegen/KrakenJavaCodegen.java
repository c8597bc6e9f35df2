package io.github.krakensdk.codegen;

import java.io.File;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.openapitools.codegen.CodegenOperation;
import org.openapitools.codegen.CodegenParameter;
import org.openapitools.codegen.CodegenModel;
import io.swagger.v3.oas.models.media.Schema;
import org.openapitools.codegen.CodegenProperty;
import org.openapitools.codegen.SupportingFile;
import org.openapitools.codegen.languages.JavaClientCodegen;
import org.openapitools.codegen.model.ModelMap;
import org.openapitools.codegen.model.ModelsMap;
import org.openapitools.codegen.model.OperationsMap;
import org.openapitools.codegen.utils.ModelUtils;
import org.openapitools.codegen.utils.StringUtils;

/**
 * The stock Java client generator (library {@code retrofit2}) with the Kraken templates on top,
 * and the few facts the templates cannot compute themselves. Named by its class in the Maven
 * plugin's {@code generatorName}.
 *
 * <ul>
 *   <li>{@code specFile}: the contract's file name, for the header of every generated file.
 *   <li>Only one supporting file: {@code <family>JsonAdapters}, the registry of the family's JSON
 *       adapters, in the model package (no stock {@code ApiClient}, Gson or oltu).
 *   <li>Per model, {@code x-has-containers} when a component is a list or map (the record then
 *       copies it in its constructor).
 *   <li>Per property and per operation parameter, {@code x-checks}: the constraint checks the
 *       contract implies, as statements on the runtime's {@code Constraints}.
 *   <li>Per operation, what its service method returns and how errors are read, from the
 *       contract's {@code x-kraken-envelope}; a {@code <Family>Service} beside each interface.
 * </ul>
 */
public class KrakenJavaCodegen extends JavaClientCodegen {
  /** The additional property naming the family, such as {@code Spot}; it prefixes the registry. */
  public static final String FAMILY = "family";

  public KrakenJavaCodegen() {
    super();
    // Templates found here win; the stock Java templates remain the fallback.
    templateDir = "kraken-java";
    setLibrary(RETROFIT_2);
  }

  @Override
  public String getName() {
    return "kraken-java";
  }

  @Override
  public void processOpts() {
    super.processOpts();
    Object family = additionalProperties.get(FAMILY);
    if (family == null) {
      throw new IllegalArgumentException("additional property '" + FAMILY + "' is required (e.g. Spot)");
    }
    additionalProperties.put("specFile", Paths.get(getInputSpec()).getFileName().toString());
    String registry = family + "JsonAdapters";
    additionalProperties.put("jsonAdaptersClass", registry);
    apiTemplateFiles.put("service.mustache", "Service.java");
    supportingFiles.clear();
    String modelFolder = (sourceFolder + File.separator + modelPackage).replace('.', File.separatorChar);
    supportingFiles.add(new SupportingFile("jsonAdapters.mustache", modelFolder, registry + ".java"));
  }

  /** The service of tag {@code Spot} is {@code SpotService}, beside {@code SpotApi}. */
  @Override
  public String apiFilename(String templateName, String tag) {
    if (templateName.equals("service.mustache")) {
      return apiFileFolder() + File.separator + StringUtils.camelize(tag) + "Service.java";
    }
    return super.apiFilename(templateName, tag);
  }

  @Override
  public Map<String, ModelsMap> postProcessAllModels(Map<String, ModelsMap> objs) {
    Map<String, ModelsMap> result = super.postProcessAllModels(objs);
    List<ModelMap> allModels = new ArrayList<>();
    result.values().forEach(models -> allModels.addAll(models.getModels()));
    ConstraintChecks checks = new ConstraintChecks(enumTypes(allModels));
    for (ModelsMap models : result.values()) {
      for (ModelMap modelMap : models.getModels()) {
        CodegenModel model = modelMap.getModel();
        typeEmptyObjectReferences(model);
        model.vendorExtensions.put("x-has-containers", model.vars.stream().anyMatch(p -> p.isArray || p.isMap));
        for (CodegenProperty property : model.vars) {
          boolean signerFilled = Boolean.TRUE.equals(property.vendorExtensions.get("x-kraken-signer-filled"));
          property.vendorExtensions.put("x-checks", checks.checks(property.baseName, property.name,
              property.datatypeWithEnum, property, property.required && !signerFilled));
        }
      }
    }
    return result;
  }

  @Override
  public OperationsMap postProcessOperationsWithModels(OperationsMap objs, List<ModelMap> allModels) {
    OperationsMap result = super.postProcessOperationsWithModels(objs, allModels);
    ConstraintChecks checks = new ConstraintChecks(enumTypes(allModels));
    EnvelopeStyle envelope = EnvelopeStyle.of(openAPI);
    result.put("errorModel", envelope.errorModelExpression());
    boolean operationServers = false;
    for (CodegenOperation operation : result.getOperations().getOperation()) {
      for (CodegenParameter parameter : operation.allParams) {
        parameter.vendorExtensions.put("x-checks", checks.checks(parameter.isBodyParam ? "body" : parameter.baseName,
            parameter.paramName, parameter.dataType, parameter, parameter.required));
      }
      List<CodegenParameter> serviceParams = new ArrayList<>();
      List<String> callArguments = new ArrayList<>();
      for (CodegenParameter parameter : operation.allParams) {
        boolean clientSetting = Boolean.TRUE.equals(parameter.vendorExtensions.get("x-kraken-client-setting"));
        if (!clientSetting) {
          serviceParams.add(parameter);
        }
        callArguments.add(clientSetting ? "null" : parameter.paramName);
      }
      operation.vendorExtensions.put("x-service-params", serviceParams);
      operation.vendorExtensions.put("x-call-arguments", String.join(", ", callArguments));
      CodegenModel response = findModel(allModels, operation.returnType);
      CodegenProperty resultProperty = envelope.unwrapsResult() && response != null
          ? response.vars.stream().filter(v -> v.baseName.equals("result")).findFirst().orElse(null)
          : null;
      operation.vendorExtensions.put("x-result-type",
          resultProperty != null ? resultProperty.datatypeWithEnum : operation.returnType);
      operation.vendorExtensions.put("x-result-accessor",
          resultProperty != null ? operation.returnType + "::" + resultProperty.name : "Function.identity()");
      operation.vendorExtensions.put("x-envelope", envelope.envelopeExpression(resultProperty == null ? response : null));
      operation.vendorExtensions.put("x-safe", operation.httpMethod.equals("GET")
          || Boolean.TRUE.equals(operation.vendorExtensions.get("x-kraken-idempotent")));
      boolean ownServer = operation.servers != null && !operation.servers.isEmpty();
      operation.vendorExtensions.put("x-own-server", ownServer);
      operationServers |= ownServer;
    }
    result.put("hasOperationServers", operationServers);
    return result;
  }

  private static CodegenModel findModel(List<ModelMap> allModels, String classname) {
    for (ModelMap modelMap : allModels) {
      if (modelMap.getModel().classname.equals(classname)) {
        return modelMap.getModel();
      }
    }
    return null;
  }

  /**
   * A property referring to an empty object schema marked {@code x-is-free-form: false} (Embed
   * {@code EmptyResult}) is typed as that schema's record; the stock generator makes it a map.
   */
  private void typeEmptyObjectReferences(CodegenModel model) {
    Schema<?> schema = openAPI.getComponents().getSchemas().get(model.name);
    if (schema == null || schema.getProperties() == null) {
      return;
    }
    for (CodegenProperty property : model.vars) {
      Schema<?> declared = schema.getProperties().get(property.baseName);
      String type = emptyObjectType(declared);
      if (type != null) {
        property.dataType = type;
        property.datatypeWithEnum = type;
        property.baseType = type;
        property.complexType = type;
        property.isMap = false;
        property.isContainer = false;
        property.isFreeFormObject = false;
        property.isModel = true;
      }
    }
  }

  /**
   * The record name if {@code declared} is, or refers to, a component schema marked {@code
   * x-is-free-form: false}; the generator has often replaced the reference by the schema itself.
   */
  private String emptyObjectType(Schema<?> declared) {
    if (declared == null) {
      return null;
    }
    for (Map.Entry<String, Schema> component : openAPI.getComponents().getSchemas().entrySet()) {
      Schema<?> candidate = component.getValue();
      boolean marked = candidate.getExtensions() != null
          && Boolean.FALSE.equals(candidate.getExtensions().get("x-is-free-form"));
      boolean same = candidate == declared
          || ("#/components/schemas/" + component.getKey()).equals(declared.get$ref());
      if (marked && same) {
        return toModelName(component.getKey());
      }
    }
    return null;
  }

  private static Set<String> enumTypes(List<ModelMap> allModels) {
    Set<String> enums = new HashSet<>();
    for (ModelMap modelMap : allModels) {
      if (modelMap.getModel().isEnum) {
        enums.add(modelMap.getModel().classname);
      }
    }
    return enums;
  }

  @Override
  public ModelsMap postProcessModels(ModelsMap objs) {
    ModelsMap result = super.postProcessModels(objs);
    for (ModelMap modelMap : result.getModels()) {
      CodegenModel model = modelMap.getModel();
      if (model.isEnum) {
        describeEnumValues(model);
      }
    }
    return result;
  }

  /**
   * Open enums hold their wire value as a string whatever the schema type, so each value gets a
   * string literal ({@code wireLiteral}); a numeric enum is flagged to be written back as a number.
   */
  @SuppressWarnings("unchecked")
  private static void describeEnumValues(CodegenModel model) {
    List<Map<String, Object>> enumVars = (List<Map<String, Object>>) model.allowableValues.get("enumVars");
    boolean numeric = false;
    for (Map<String, Object> enumVar : enumVars) {
      String value = String.valueOf(enumVar.get("value"));
      boolean isString = Boolean.TRUE.equals(enumVar.get("isString"));
      numeric |= !isString;
      enumVar.put("wireLiteral", isString ? value : '"' + value + '"');
    }
    if (numeric) {
      model.vendorExtensions.put("x-numeric-enum", true);
    }
  }
}
