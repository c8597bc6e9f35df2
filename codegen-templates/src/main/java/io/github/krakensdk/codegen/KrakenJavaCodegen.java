package io.github.krakensdk.codegen;

import java.io.File;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import com.google.common.collect.ImmutableMap;
import com.samskivert.mustache.Mustache;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.servers.Server;
import io.swagger.v3.oas.models.tags.Tag;
import org.openapitools.codegen.CodegenOperation;
import org.openapitools.codegen.CodegenParameter;
import org.openapitools.codegen.CodegenModel;
import io.swagger.v3.oas.models.OpenAPI;
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
 *   <li>Per model, {@code x-gen-has-array-form} when its adapter also reads the bare-array form of
 *       the object ({@link OneOfTypes}, which types the {@code oneOf}s).
 *   <li>Per model, {@code x-gen-name-table}: the member names its adapter matches on their bytes,
 *       the contract's then the service's aliases ({@code x-aliases}), with each component's
 *       case labels ({@code x-gen-name-cases}).
 *   <li>Per property and per operation parameter, {@code x-gen-checks}: the constraint checks the
 *       contract implies, as statements on the runtime's {@code Constraints}.
 *   <li>Per operation, what its service method returns and how errors are read, from the
 *       contract's {@code x-kraken-envelope}; a {@code <Family>Service} beside each interface.
 *       An operation whose success is binary ({@code type: string, format: binary}, such as a
 *       ZIP archive) is a download ({@code x-gen-binary-download}): its Retrofit method is
 *       {@code @Streaming} and returns the raw body, its service method the runtime's {@code
 *       BinaryDownload}.
 *   <li>Per operation, {@code x-gen-rate-cost}: its {@code x-kraken-rate-cost} ({@link RateCosts}),
 *       which its {@code Operation} carries for the client's pacing.
 *   <li>Javadoc: the lambda {@code javadoc} ({@link JavadocText}) renders Markdown descriptions as
 *       HTML, {@code x-gen-summary} is an operation's raw summary for it, and every generated package
 *       gets a {@code package-info.java} from the family's tag description ({@code tagJavadoc}).
 *   <li>{@code <Family>PublicServiceForms}, in the {@code internal} package: the family's table of
 *       the public service's forms ({@code x-kraken-public-service}, {@link PublicServiceForms}),
 *       which the client applies to what it sends to the public service.
 *   <li>Operations marked {@code x-kraken-browser-page: true} (pages a browser opens, such as the
 *       OAuth authorization page) are removed before anything is made: no Java code calls them.
 * </ul>
 */
public class KrakenJavaCodegen extends JavaClientCodegen {
  /** The additional property naming the family, such as {@code Spot}; it prefixes the registry. */
  public static final String FAMILY = "family";
  /** Marks an operation a browser opens rather than a client calls (CONVENTIONS.md). */
  public static final String BROWSER_PAGE = "x-kraken-browser-page";
  /** The Java type of a binary request part ({@code type: string, format: binary}). */
  static final String FILE_PART = "FilePart";

  private final OperationRequests requests = new OperationRequests();
  /** What each pattern of the contract means in words ({@link RuleTexts}), read before generation. */
  private Map<String, String> ruleTexts = Map.of();
  /** The contract's Java names of members ({@link JavaNames}), read before generation. */
  private JavaNames javaNames = JavaNames.none();
  /** The models no caller reaches ({@link PublicModels}), by class name: generated into {@link #internalModelPackage()}. */
  private Set<String> internalModels = Set.of();
  /** The routing of a message contract ({@link WebSocketRouting}); {@code null} for a REST contract. */
  private WebSocketRouting routing;

  public KrakenJavaCodegen() {
    super();
    // Templates found here win; the stock Java templates remain the fallback.
    templateDir = "kraken-java";
    setLibrary(RETROFIT_2);
    // A file sent in a multipart body is the runtime's FilePart (name, media type, bytes), not a java.io.File.
    typeMapping.put("file", FILE_PART);
    typeMapping.put("binary", FILE_PART);
    importMapping.put(FILE_PART, "io.github.krakensdk.runtime.call.FilePart");
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
    additionalProperties.put("specFile", specFile(Paths.get(getInputSpec())));
    String registry = family + "JsonAdapters";
    additionalProperties.put("jsonAdaptersClass", registry);
    String modelRegistry = family + "ModelAdapters";
    additionalProperties.put("modelAdaptersClass", modelRegistry);
    additionalProperties.put("internalModelPackage", internalModelPackage());
    apiTemplateFiles.put("service.mustache", "Service.java");
    apiTemplateFiles.put("serviceImpl.mustache", "ServiceImpl.java");
    supportingFiles.clear();
    String modelFolder = (sourceFolder + File.separator + modelPackage).replace('.', File.separatorChar);
    String internalModelFolder = (sourceFolder + File.separator + internalModelPackage()).replace('.', File.separatorChar);
    supportingFiles.add(new SupportingFile("jsonAdapters.mustache", internalModelFolder, registry + ".java"));
    supportingFiles.add(new SupportingFile("modelAdapters.mustache", modelFolder, modelRegistry + ".java"));
    supportingFiles.add(new SupportingFile("packageInfoInternalModel.mustache", internalModelFolder, "package-info.java"));
    String apiFolder = (sourceFolder + File.separator + apiPackage).replace('.', File.separatorChar);
    supportingFiles.add(new SupportingFile("packageInfoApi.mustache", apiFolder, "package-info.java"));
    supportingFiles.add(new SupportingFile("packageInfoInternal.mustache",
        apiFolder + File.separator + "internal", "package-info.java"));
    supportingFiles.add(new SupportingFile("packageInfoModel.mustache", modelFolder, "package-info.java"));
    String forms = family + "PublicServiceForms";
    additionalProperties.put("publicServiceFormsClass", forms);
    supportingFiles.add(new SupportingFile("publicServiceForms.mustache", apiFolder + File.separator + "internal",
        forms + ".java"));
  }

  /**
   * The contract's path under {@code api-spec/}: its file name ({@code spot.yaml}), with the folder
   * of a contract in a folder of {@code api-spec} ({@code ws/websocket.yaml}).
   */
  static String specFile(java.nio.file.Path spec) {
    java.nio.file.Path folder = spec.toAbsolutePath().normalize().getParent();
    boolean nested = folder != null && folder.getParent() != null && folder.getParent().getFileName() != null
        && folder.getParent().getFileName().toString().equals("api-spec");
    return nested ? folder.getFileName() + "/" + spec.getFileName() : spec.getFileName().toString();
  }

  @Override
  protected ImmutableMap.Builder<String, Mustache.Lambda> addMustacheLambdas() {
    return super.addMustacheLambdas().put("javadoc", new JavadocText());
  }

  /** Keeps the raw summary as {@code x-gen-summary}: the stock one is escaped for Java strings. */
  @Override
  public CodegenOperation fromOperation(String path, String httpMethod, Operation operation, List<Server> servers) {
    CodegenOperation result = super.fromOperation(path, httpMethod, operation, servers);
    if (operation.getSummary() != null) {
      result.vendorExtensions.put("x-gen-summary", operation.getSummary());
    }
    return result;
  }

  /**
   * The package of the models no caller reaches ({@link PublicModels}): the response envelopes,
   * body records and the like, such as {@code io.github.krakensdk.spot.internal.model}.
   */
  String internalModelPackage() {
    return apiPackage + ".internal.model";
  }

  /** Whether the model {@code classname} is plumbing, generated into {@link #internalModelPackage()}. */
  boolean isInternalModel(String classname) {
    return internalModels.contains(classname);
  }

  @Override
  public String toModelImport(String name) {
    return isInternalModel(name) ? internalModelPackage() + "." + name : super.toModelImport(name);
  }

  @Override
  public String modelFilename(String templateName, String modelName) {
    String filename = super.modelFilename(templateName, modelName);
    if (!isInternalModel(toModelName(modelName))) {
      return filename;
    }
    String name = filename.substring(filename.lastIndexOf(File.separatorChar) + 1);
    return outputFolder + File.separator + (sourceFolder + File.separator + internalModelPackage())
        .replace('.', File.separatorChar) + File.separator + name;
  }

  /**
   * The service of tag {@code Spot} is the interface {@code SpotService}; its implementation and
   * the Retrofit interface beneath it, plumbing, are {@code internal.SpotServiceImpl} and {@code
   * internal.SpotApi}.
   */
  @Override
  public String apiFilename(String templateName, String tag) {
    if (templateName.equals("api.mustache")) {
      return apiFileFolder() + File.separator + "internal" + File.separator + toApiName(tag) + ".java";
    }
    if (templateName.equals("service.mustache")) {
      return apiFileFolder() + File.separator + StringUtils.camelize(tag) + "Service.java";
    }
    if (templateName.equals("serviceImpl.mustache")) {
      return apiFileFolder() + File.separator + "internal" + File.separator + StringUtils.camelize(tag)
          + "ServiceImpl.java";
    }
    return super.apiFilename(templateName, tag);
  }

  /** Adds the per-operation request schemas before any model is made (see {@link OperationRequests}). */
  @Override
  public void preprocessOpenAPI(OpenAPI openAPI) {
    super.preprocessOpenAPI(openAPI);
    // Read first, from the contract as written: the steps below add and drop operations and schemas.
    javaNames = getInputSpec() == null ? JavaNames.none() : JavaNames.read(Paths.get(getInputSpec()));
    PublicServiceForms forms = PublicServiceForms.read(openAPI, this::propertyName);
    ruleTexts = RuleTexts.read(openAPI);
    additionalProperties.put("publicServicePaths", forms.paths);
    additionalProperties.put("publicServiceHeaders", forms.headers);
    additionalProperties.put("publicServiceMembers", forms.members);
    List<Schema<?>> browserPageParameters = browserPageParameters(openAPI);
    removeBrowserPages(openAPI);
    ShapeExtensions.rewrite(openAPI);
    requests.addTo(openAPI, javaNames);
    OneOfTypes.apply(openAPI);
    List<Tag> tags = openAPI.getTags();
    String tagDescription = tags == null || tags.isEmpty() || tags.get(0).getDescription() == null
        ? "" : tags.get(0).getDescription();
    additionalProperties.put("tagJavadoc", JavadocText.render(tagDescription));
    Set<String> internal = new HashSet<>();
    if (WebSocketRouting.isMessageContract(openAPI)) {
      routing = WebSocketRouting.read(openAPI);
      PublicModels.internalSchemas(openAPI, routing.publicRoots()).forEach(name -> internal.add(toModelName(name)));
      messageContractFiles();
    } else {
      ErrorCodes.addTo(openAPI, String.valueOf(additionalProperties.get(FAMILY)));
      PublicModels.internalSchemas(openAPI, requests, EnvelopeStyle.of(openAPI), browserPageParameters).forEach(name -> internal.add(toModelName(name)));
    }
    internalModels = Set.copyOf(internal);
  }

  /**
   * A message contract ({@link WebSocketRouting}) has no operations: no service, no Retrofit
   * interface and no public-service forms, only the models, their adapters' registries, and what
   * the routing extensions say beside them (the dispatcher {@code <Family>Codec}, the request
   * builders {@code <Family>Requests}, {@code SubscriptionKey}, the {@code WsMessage} hierarchy the
   * envelopes implement), all in {@link #internalModelPackage()}. The API package is hand-written
   * (the connection), so this generator writes no {@code package-info.java} there.
   */
  private void messageContractFiles() {
    String family = String.valueOf(additionalProperties.get(FAMILY));
    apiTemplateFiles.clear();
    supportingFiles.clear();
    String modelFolder = (sourceFolder + File.separator + modelPackage).replace('.', File.separatorChar);
    String internalModelFolder = (sourceFolder + File.separator + internalModelPackage()).replace('.', File.separatorChar);
    supportingFiles.add(new SupportingFile("jsonAdapters.mustache", internalModelFolder,
        additionalProperties.get("jsonAdaptersClass") + ".java"));
    supportingFiles.add(new SupportingFile("modelAdapters.mustache", modelFolder,
        additionalProperties.get("modelAdaptersClass") + ".java"));
    supportingFiles.add(new SupportingFile("packageInfoMessageModel.mustache", modelFolder, "package-info.java"));
    supportingFiles.add(new SupportingFile("packageInfoMessageInternalModel.mustache", internalModelFolder,
        "package-info.java"));
    supportingFiles.add(new SupportingFile("wsMessage.mustache", internalModelFolder, "WsMessage.java"));
    supportingFiles.add(new SupportingFile("wsRequest.mustache", internalModelFolder, "WsRequest.java"));
    supportingFiles.add(new SupportingFile("wsUnknownMessage.mustache", internalModelFolder, "UnknownMessage.java"));
    additionalProperties.put("wsCodecClass", family + "Codec");
    supportingFiles.add(new SupportingFile("wsCodec.mustache", internalModelFolder, family + "Codec.java"));
    additionalProperties.put("wsRequestsClass", family + "Requests");
    supportingFiles.add(new SupportingFile("wsRequests.mustache", internalModelFolder, family + "Requests.java"));
    supportingFiles.add(new SupportingFile("wsSubscriptionKey.mustache", internalModelFolder, "SubscriptionKey.java"));
    Map<String, Object> values = routing.templateValues(this::toModelName, this::methodConstant,
        this::channelConstant, this::toVarName);
    additionalProperties.put("wsReplyClasses", values.get("wsReplyClasses"));
    additionalProperties.put("wsChannelMessageClasses", values.get("wsChannelMessageClasses"));
    additionalProperties.put("wsReplyRoutes", values.get("wsReplyRoutes"));
    additionalProperties.put("wsChannelRoutes", values.get("wsChannelRoutes"));
    additionalProperties.put("wsRequests", values.get("wsRequests"));
    additionalProperties.put("wsTokenRequests", values.get("wsTokenRequests"));
    additionalProperties.put("wsSubscriptions", values.get("wsSubscriptions"));
    additionalProperties.put("wsSubscriptionResultClass", values.get("wsSubscriptionResultClass"));
    List<Map<String, Object>> facades = WebSocketFacades.values(routing, this::toModelName, this::methodConstant,
        this::toVarName, schema -> getTypeDeclaration(schema));
    String apiFolder = (sourceFolder + File.separator + apiPackage).replace('.', File.separatorChar);
    for (Map<String, Object> facade : facades) {
      supportingFiles.add(new SupportingFile("wsFacade.mustache", apiFolder, facade.get("facadeClass") + ".java"));
    }
    // One template for every facade file: each rendering of {{#wsFacade}} takes the next facade,
    // in the order of the supporting files above (the generator renders them in that order; a
    // mismatch would name the class unlike its file, which fails the compilation).
    additionalProperties.put("wsFacade", new NextEach<>(facades));
    List<Map<String, Object>> listeners = WebSocketFacades.listeners(facades);
    for (Map<String, Object> listener : listeners) {
      supportingFiles.add(new SupportingFile("wsListener.mustache", apiFolder, listener.get("listenerInterface") + ".java"));
    }
    additionalProperties.put("wsListener", new NextEach<>(listeners));
  }

  /** An {@link Iterable} whose every iteration yields only the next element of {@code items}. */
  static final class NextEach<T> implements Iterable<T> {
    private final List<T> items;
    private int next;

    NextEach(List<T> items) {
      this.items = List.copyOf(items);
    }

    @Override public java.util.Iterator<T> iterator() {
      if (next >= items.size()) {
        return java.util.Collections.emptyIterator();
      }
      return List.of(items.get(next++)).iterator();
    }
  }

  /**
   * An envelope of a message contract implements the interface of its kind ({@code
   * x-gen-ws-interface}): {@code WsRequest}, {@code WsReply} or {@code WsChannelMessage}, the sealed
   * hierarchy the dispatcher answers with ({@code wsMessage}).
   */
  private void markMessageInterface(CodegenModel model) {
    String kind = null;
    for (WebSocketRouting.Request request : routing.requests) {
      kind = request.schema().equals(model.name) ? "WsRequest" : kind;
    }
    for (WebSocketRouting.Reply reply : routing.replies) {
      kind = reply.schema().equals(model.name) ? "WsMessage.WsReply" : kind;
    }
    for (WebSocketRouting.ChannelMessage message : routing.channelMessages) {
      kind = message.schema().equals(model.name) ? "WsMessage.WsChannelMessage" : kind;
    }
    if (kind != null) {
      model.vendorExtensions.put("x-gen-ws-interface", kind);
    }
  }

  /** The constant of the generated {@code Method} enum for the wire value {@code method} ({@code ADD_ORDER}). */
  private String methodConstant(String method) {
    return toEnumVarName(method, "String");
  }

  /** The constant of the generated {@code Channel} enum for the wire value {@code channel}. */
  private String channelConstant(String channel) {
    return toEnumVarName(channel, "String");
  }

  /**
   * Drops the operations marked {@code x-kraken-browser-page: true} (the OAuth authorization
   * pages): a browser opens them, so they are documented in the contract but get no Retrofit
   * method, no request and no service method. A path left without operations goes too.
   */
  static void removeBrowserPages(OpenAPI openAPI) {
    if (openAPI.getPaths() == null) {
      return;
    }
    openAPI.getPaths().entrySet().removeIf(path -> {
      PathItem item = path.getValue();
      item.readOperationsMap().forEach((method, operation) -> {
        if (isBrowserPage(operation)) {
          item.operation(method, null);
        }
      });
      return item.readOperations().isEmpty();
    });
  }

  /**
   * The schemas of the browser pages' parameters: the SDK builds those pages' addresses ({@code
   * AuthorizationRequest}), so the types of their parameters are API although no service method
   * takes them. A parameter with one allowed value ({@code response_type=code}) is no caller's
   * choice: the SDK sends that value, and its type stays internal.
   */
  static List<Schema<?>> browserPageParameters(OpenAPI openAPI) {
    List<Schema<?>> schemas = new ArrayList<>();
    if (openAPI.getPaths() != null) {
      for (PathItem path : openAPI.getPaths().values()) {
        for (Operation operation : path.readOperations()) {
          if (!isBrowserPage(operation)) {
            continue;
          }
          List<Parameter> parameters = new ArrayList<>();
          if (path.getParameters() != null) {
            parameters.addAll(path.getParameters());
          }
          if (operation.getParameters() != null) {
            parameters.addAll(operation.getParameters());
          }
          for (Parameter parameter : parameters) {
            Parameter resolved = parameter.get$ref() == null ? parameter : openAPI.getComponents().getParameters()
                .get(parameter.get$ref().substring(parameter.get$ref().lastIndexOf('/') + 1));
            Schema<?> schema = resolved == null ? null : ContractOnly.resolve(openAPI, resolved.getSchema());
            if (schema != null && (schema.getEnum() == null || schema.getEnum().size() != 1)) {
              schemas.add(resolved.getSchema());
            }
          }
        }
      }
    }
    return schemas;
  }

  /** Whether {@code operation} is marked {@code x-kraken-browser-page: true}. */
  static boolean isBrowserPage(Operation operation) {
    return operation.getExtensions() != null && Boolean.TRUE.equals(operation.getExtensions().get(BROWSER_PAGE));
  }

  @Override
  public Map<String, ModelsMap> postProcessAllModels(Map<String, ModelsMap> objs) {
    Map<String, ModelsMap> result = super.postProcessAllModels(objs);
    List<ModelMap> allModels = new ArrayList<>();
    result.values().forEach(models -> allModels.addAll(models.getModels()));
    ConstraintChecks checks = new ConstraintChecks(enumTypes(allModels), openByDecision(allModels), ruleTexts);
    for (ModelsMap models : result.values()) {
      for (ModelMap modelMap : models.getModels()) {
        CodegenModel model = modelMap.getModel();
        typeEmptyObjectReferences(model);
        // The signer fills these in on the wire; no Java type carries them.
        model.vars.removeIf(p -> Boolean.TRUE.equals(p.vendorExtensions.get(OperationRequests.SIGNER_FILLED)));
        // The WebSocket connection puts these into the frame it sends (its token): no params model carries them.
        model.vars.removeIf(p -> Boolean.TRUE.equals(p.vendorExtensions.get(WebSocketRouting.CONNECTION_SET)));
        model.requiredVars.removeIf(p -> Boolean.TRUE.equals(p.vendorExtensions.get(WebSocketRouting.CONNECTION_SET)));
        markArrayForm(model);
        Map<String, OperationRequests.Member> members = requests.members(model.name);
        model.vendorExtensions.put("x-gen-operation-request", members != null);
        Schema<?> modelSchema = openAPI.getComponents().getSchemas().get(model.name);
        boolean requiredByDecision = modelSchema != null
            && ContractOnly.marked(modelSchema.getExtensions()).contains("required");
        nameProperties(model, members);
        for (CodegenProperty property : model.vars) {
          markDecimalNumber(model, property);
          markMapRest(model, property);
          OperationRequests.Member member = members == null ? null : members.get(property.baseName);
          ValueTypes.ValueType valueType = members != null ? (member == null ? null : member.javaType())
              : javaNames.type(model.name, property.baseName);
          if (valueType != null) {
            typeProperty(models, property, valueType);
          }
          String single = members != null ? null : javaNames.single(model.name, property.baseName);
          if (single != null) {
            if (!property.isArray || model.vars.stream().anyMatch(p -> p.name.equals(single))) {
              throw new IllegalArgumentException(model.name + "." + property.baseName + ": " + JavaNames.SINGLE
                  + " names the accessor of one element of a list member, unlike the other members' names");
            }
            property.vendorExtensions.put("x-gen-single", single);
          }
          Schema<?> declared = modelSchema == null || modelSchema.getProperties() == null ? null
              : modelSchema.getProperties().get(property.baseName);
          Set<String> decided = ContractOnly.of(openAPI, declared);
          Schema<?> itemsSchema = declared == null ? null : ContractOnly.resolve(openAPI, declared).getItems();
          Set<String> itemsDecided = ContractOnly.of(openAPI, itemsSchema);
          boolean requiredDecided = property.required
              && (requiredByDecision || (member != null && member.requiredByDecision()));
          // A typed member is checked as the text it sends (OrderFlag.join(flags) against the pattern).
          property.vendorExtensions.put("x-gen-checks", checks.checks(property.baseName,
              valueType == null ? property.name : valueType.wire(property.name),
              valueType == null ? property.datatypeWithEnum : "String", property,
              property.required && !requiredDecided, decided, itemsDecided));
          String note = ContractOnly.note(decided, requiredDecided, checks.openByDecision(property.dataType)
              || (property.items != null && checks.openByDecision(property.items.dataType)), property, itemsDecided,
              property.items);
          if (note != null) {
            property.vendorExtensions.put("x-gen-contract-only-note", note);
          }
          if (members != null) {
            property.vendorExtensions.put("x-gen-in", member.in());
            if (member.description() != null) {
              property.description = escapeText(member.description());
              property.unescapedDescription = member.description();
            }
          }
        }
        markNameTable(model);
        if (routing != null) {
          markMessageInterface(model);
        }
        List<String> oneOfChecks = oneOfChecks(model);
        oneOfChecks.addAll(memberCountChecks(model));
        model.vendorExtensions.put("x-gen-one-of-checks", oneOfChecks);
        // A request without a rule to check is built without a constraint collector.
        model.vendorExtensions.put("x-gen-has-checks", !oneOfChecks.isEmpty()
            || model.vars.stream().anyMatch(p -> !((List<?>) p.vendorExtensions.get("x-gen-checks")).isEmpty()));
      }
    }
    return result;
  }

  /**
   * Gives {@code property} the Java type the contract declares ({@code x-kraken-java-type}): its
   * field, accessor and builder take the type, its JSON adapter is the type's
   * ({@code x-gen-json-adapter}), and a container type is copied by {@code x-gen-copy}.
   */
  private static void typeProperty(ModelsMap models, CodegenProperty property, ValueTypes.ValueType valueType) {
    if (!"String".equals(property.dataType)) {
      throw new IllegalArgumentException(property.baseName + ": " + ValueTypes.EXTENSION + " types a string member, not "
          + property.dataType);
    }
    property.dataType = valueType.type();
    property.datatypeWithEnum = valueType.type();
    property.baseType = valueType.type();
    property.isString = false;
    property.vendorExtensions.put("x-gen-json-adapter", valueType.jsonAdapter());
    if (valueType.copy() != null) {
      property.vendorExtensions.put("x-gen-copy", String.format(valueType.copy(), "builder." + property.name));
    }
    List<Map<String, String>> imports = models.getImports();
    for (String type : valueType.imports()) {
      if (imports.stream().noneMatch(entry -> type.equals(entry.get("import")))) {
        imports.add(new HashMap<>(Map.of("import", type)));
      }
    }
  }

  /** The Java name of member {@code wireName} of component schema {@code schema}: the contract's, or the stock one. */
  private String propertyName(String schema, String wireName) {
    String javaName = javaNames.of(schema, wireName);
    return javaName != null ? javaName : toVarName(wireName);
  }

  /**
   * Gives each property the Java name the contract declares for it ({@code x-kraken-java-name}),
   * for a request from the member it came from; the wire name stays {@code baseName}. Fails when
   * two properties of one model end up with one Java name.
   */
  private void nameProperties(CodegenModel model, Map<String, OperationRequests.Member> members) {
    Set<String> seen = new HashSet<>();
    for (CodegenProperty property : model.vars) {
      OperationRequests.Member member = members == null ? null : members.get(property.baseName);
      String javaName = members != null ? (member == null ? null : member.javaName())
          : javaNames.of(model.name, property.baseName);
      if (javaName != null) {
        property.name = javaName;
        property.nameInCamelCase = StringUtils.camelize(javaName);
        property.nameInPascalCase = property.nameInCamelCase;
        property.getter = "get" + property.nameInCamelCase;
        property.setter = "set" + property.nameInCamelCase;
      }
      if (!seen.add(property.name)) {
        throw new IllegalStateException(model.name + ": two members are named " + property.name + " in Java ("
            + JavaNames.EXTENSION + ")");
      }
    }
  }

  /** The accessor of the request member {@code wireName} of the operation of {@code shape}. */
  private String requestAccessor(OperationRequests.Shape shape, String wireName) {
    Map<String, OperationRequests.Member> members = shape.requestSchema() == null ? null
        : requests.members(shape.requestSchema());
    OperationRequests.Member member = members == null ? null : members.get(wireName);
    String javaName = member == null || member.javaName() == null ? toVarName(wireName) : member.javaName();
    return "request." + javaName + "()";
  }

  /** As {@link #requestAccessor}, as the text a form field or query parameter sends. */
  private String requestText(OperationRequests.Shape shape, String wireName) {
    Map<String, OperationRequests.Member> members = shape.requestSchema() == null ? null
        : requests.members(shape.requestSchema());
    OperationRequests.Member member = members == null ? null : members.get(wireName);
    String accessor = requestAccessor(shape, wireName);
    return member == null || member.javaType() == null ? accessor : member.javaType().wire(accessor);
  }

  /**
   * The check of an object's {@code minProperties}/{@code maxProperties} over its members (Funding's
   * {@code Scope}: exactly one of three), unless the contract marks them as its own decision.
   */
  private List<String> memberCountChecks(CodegenModel model) {
    Integer min = model.getMinProperties();
    Integer max = model.getMaxProperties();
    if ((min == null && max == null) || model.vars.isEmpty()) {
      return new ArrayList<>();
    }
    Schema<?> schema = openAPI.getComponents().getSchemas().get(model.name);
    if (schema != null && schema.getExtensions() != null
        && schema.getExtensions().get("x-kraken-contract-only") instanceof List<?> decided
        && (decided.contains("minProperties") || decided.contains("maxProperties"))) {
      return new ArrayList<>();
    }
    StringBuilder names = new StringBuilder();
    StringBuilder values = new StringBuilder();
    for (CodegenProperty property : model.vars) {
      names.append(names.length() == 0 ? "" : ", ").append(ConstraintChecks.literal(property.baseName));
      values.append(", ").append(property.name);
    }
    List<String> checks = new ArrayList<>();
    checks.add("constraints.memberCount(java.util.List.of(" + names + "), " + (min == null ? 0 : min) + ", "
        + (max == null ? "Integer.MAX_VALUE" : max) + values + ");");
    return checks;
  }

  /**
   * The checks of the request's one-of groups ({@code x-kraken-one-of}): at least one member of
   * each given, unless the contract marks the groups as its own decision.
   */
  private List<String> oneOfChecks(CodegenModel model) {
    OperationRequests.OneOfGroups oneOf = requests.oneOf(model.name);
    List<String> checks = new ArrayList<>();
    if (oneOf == null || oneOf.contractOnly()) {
      return checks;
    }
    for (List<String> group : oneOf.groups()) {
      StringBuilder names = new StringBuilder();
      StringBuilder values = new StringBuilder();
      for (String member : group) {
        CodegenProperty property = model.vars.stream().filter(p -> p.baseName.equals(member)).findFirst()
            .orElseThrow(() -> new IllegalArgumentException(model.name + " has no member " + member));
        names.append(names.length() == 0 ? "" : ", ").append(ConstraintChecks.literal(member));
        values.append(", ").append(property.name);
      }
      checks.add("constraints.anyGiven(java.util.List.of(" + names + ")" + values + ");");
    }
    return checks;
  }

  @Override
  public OperationsMap postProcessOperationsWithModels(OperationsMap objs, List<ModelMap> allModels) {
    OperationsMap result = super.postProcessOperationsWithModels(objs, allModels);
    EnvelopeStyle envelope = EnvelopeStyle.of(openAPI);
    result.put("errorModel", envelope.errorModelExpression());
    boolean operationServers = false;
    boolean binaryDownloads = false;
    List<CodegenOperation> serviceOperations = new ArrayList<>();
    for (CodegenOperation operation : result.getOperations().getOperation()) {
      dropSignerFilledFields(operation);
      OperationRequests.Shape shape = requests.shape(operation.operationId);
      boolean inService = shape != null;
      if (inService) {
        serviceOperations.add(operation);
        operation.vendorExtensions.put("x-gen-method", serviceMethod(operation));
        String requestClass = shape.requestSchema() == null ? null : toModelName(shape.requestSchema());
        operation.vendorExtensions.put("x-gen-request-class", requestClass);
        // Every member optional and no one-of group: the call can also be made with no argument.
        operation.vendorExtensions.put("x-gen-request-optional",
            requestClass != null && findModel(allModels, requestClass).requiredVars.isEmpty()
                && requests.oneOf(shape.requestSchema()) == null);
        List<String> callArguments = new ArrayList<>();
        for (CodegenParameter parameter : operation.allParams) {
          callArguments.add(callArgument(parameter, shape, allModels, operation.isMultipart));
        }
        operation.vendorExtensions.put("x-gen-call-arguments", String.join(", ", callArguments));
      }
      @SuppressWarnings("unchecked")
      List<String> schemes = (List<String>) operation.vendorExtensions.get("x-gen-security");
      boolean authenticated = schemes != null && !schemes.isEmpty();
      operation.vendorExtensions.put("x-gen-authenticated", authenticated);
      operation.vendorExtensions.put("x-gen-rate-cost", RateCosts.of(operation.operationId,
          operation.vendorExtensions.get(RateCosts.EXTENSION), authenticated, envelope.countsSpotCalls()));
      operation.vendorExtensions.put("x-gen-security-annotation", securityAnnotation(operation));
      if (operation.isMultipart) {
        markMultipart(operation, allModels);
      }
      if (operation.isResponseFile) {
        // A binary answer (a ZIP archive) is streamed to the caller, never decoded: Retrofit hands
        // the body over unread (@Streaming) and the service returns the runtime's BinaryDownload.
        operation.vendorExtensions.put("x-gen-binary-download", true);
        operation.returnType = "okhttp3.ResponseBody";
        operation.vendorExtensions.put("x-gen-result-type", "BinaryDownload");
        binaryDownloads = true;
      } else {
        CodegenModel response = findModel(allModels, operation.returnType);
        CodegenProperty resultProperty = envelope.unwrapsResult() && response != null
            ? response.vars.stream().filter(v -> v.baseName.equals("result")).findFirst().orElse(null)
            : null;
        operation.vendorExtensions.put("x-gen-result-type",
            resultProperty != null ? resultProperty.datatypeWithEnum : operation.returnType);
        operation.vendorExtensions.put("x-gen-result-accessor",
            resultProperty != null ? operation.returnType + "::" + resultProperty.name : "Function.identity()");
        operation.vendorExtensions.put("x-gen-envelope",
            envelope.envelopeExpression(resultProperty == null ? response : null));
        if (inService) {
          Pagination.mark(operation, (String) operation.vendorExtensions.get("x-gen-request-class"),
              (String) operation.vendorExtensions.get("x-gen-result-type"), name -> findModel(allModels, name));
        }
      }
      operation.vendorExtensions.put("x-gen-safe", operation.httpMethod.equals("GET")
          || Boolean.TRUE.equals(operation.vendorExtensions.get("x-kraken-idempotent")));
      // Retrofit's @DELETE takes no body; a DELETE whose contract has one (OAuth deleteFastApiKey)
      // is declared with @HTTP(hasBody = true) instead.
      operation.vendorExtensions.put("x-gen-body-on-bodyless-method",
          operation.bodyParam != null && operation.httpMethod.equals("DELETE"));
      boolean ownServer = operation.servers != null && !operation.servers.isEmpty();
      operation.vendorExtensions.put("x-gen-own-server", ownServer);
      operationServers |= ownServer;
    }
    result.put("serviceOperations", serviceOperations);
    result.put("serviceSections", serviceSections(serviceOperations));
    result.put("serviceExample", serviceExample(serviceOperations, allModels));
    result.put("hasOperationServers", operationServers);
    result.put("hasBinaryDownloads", binaryDownloads);
    if (binaryDownloads && noFileParameters(result.getOperations().getOperation())) {
      // The stock generator imports java.io.File for a binary answer, which is a download here.
      result.getImports().removeIf(entry -> "java.io.File".equals(entry.get("import")));
    }
    // Binary schemas map to FilePart, which only request classes use: the interface takes
    // MultipartBody parts and the services the request, so the import would go unused.
    result.getImports().removeIf(entry -> importMapping.get(FILE_PART).equals(entry.get("import")));
    // The service interface is API: it imports no plumbing (the envelopes and bodies its operations carry).
    result.put("publicImports", result.getImports().stream()
        .filter(entry -> !String.valueOf(entry.get("import")).startsWith(internalModelPackage() + ".")).toList());
    return result;
  }

  /**
   * A form-encoded body (the first media type of {@code addOrder}) becomes one Retrofit field per
   * property; a property the signer fills in (the Spot {@code nonce}) is no field: the signing
   * interceptor writes it into the form, as it does into a JSON body.
   */
  private void dropSignerFilledFields(CodegenOperation operation) {
    if (operation.formParams.isEmpty() || operation.isMultipart) {
      return;
    }
    Schema<?> body = formBodySchema(operation);
    if (body == null || body.getProperties() == null) {
      return;
    }
    Predicate<CodegenParameter> signerFilled = parameter -> {
      Schema<?> property = body.getProperties().get(parameter.baseName);
      return property != null && property.getExtensions() != null
          && Boolean.TRUE.equals(property.getExtensions().get(OperationRequests.SIGNER_FILLED));
    };
    operation.formParams.removeIf(signerFilled);
    operation.allParams.removeIf(p -> p.isFormParam && signerFilled.test(p));
    operation.requiredParams.removeIf(p -> p.isFormParam && signerFilled.test(p));
    operation.optionalParams.removeIf(p -> p.isFormParam && signerFilled.test(p));
  }

  /** The named schema of an operation's form body, read from the contract. */
  private Schema<?> formBodySchema(CodegenOperation operation) {
    for (PathItem path : openAPI.getPaths().values()) {
      for (Operation candidate : path.readOperations()) {
        if (operation.operationId.equals(candidate.getOperationId()) && candidate.getRequestBody() != null
            && candidate.getRequestBody().getContent() != null) {
          for (MediaType media : candidate.getRequestBody().getContent().values()) {
            if (media.getSchema() != null) {
              return ContractOnly.resolve(openAPI, media.getSchema());
            }
          }
        }
      }
    }
    return null;
  }

  private static boolean noFileParameters(List<CodegenOperation> operations) {
    return operations.stream().flatMap(operation -> operation.allParams.stream()).noneMatch(p -> p.isFile);
  }

  /**
   * The Java expression passing {@code parameter} of the Retrofit method from the service's {@code
   * request}: a member, a body record built from the flattened members, or {@code null} for a
   * client setting (set by the client on every call of the family).
   */
  private String callArgument(CodegenParameter parameter, OperationRequests.Shape shape, List<ModelMap> allModels,
      boolean multipart) {
    if (Boolean.TRUE.equals(parameter.vendorExtensions.get(OperationRequests.CLIENT_SETTING))) {
      return "null";
    }
    if (multipart && parameter.isFormParam) {
      String member = requestAccessor(shape, parameter.baseName);
      return switch (partKind(parameter, allModels)) {
        case FILE -> "io.github.krakensdk.runtime.internal.MultipartParts.file(" + ConstraintChecks.literal(
            parameter.baseName) + ", " + member + ")";
        case JSON -> member;
        case TEXT -> "io.github.krakensdk.runtime.internal.MultipartParts.text(" + member + ")";
      };
    }
    String flattened = parameter.isBodyParam ? shape.bodySchema()
        : parameter.isQueryParam && parameter.getContent() != null ? shape.jsonQuerySchema() : null;
    if (flattened != null) {
      CodegenModel body = findModel(allModels, toModelName(flattened));
      StringBuilder built = new StringBuilder(body.classname).append(".builder()");
      for (CodegenProperty property : body.vars) {
        built.append('.').append(property.name).append('(').append(requestAccessor(shape, property.baseName)).append(')');
      }
      return built.append(".build()").toString();
    }
    return requestText(shape, parameter.baseName);
  }

  /**
   * The service's operations grouped by the sections of the service's documentation, for its
   * Javadoc: the family tag's {@code x-kraken-sections} in their order, each with the operations
   * whose {@code x-kraken-section} names it. Empty when the tag declares no sections; fails when an
   * operation has no section, or one the tag does not declare.
   */
  private List<Map<String, Object>> serviceSections(List<CodegenOperation> operations) {
    List<Tag> tags = openAPI.getTags();
    Object declared = tags == null || tags.isEmpty() || tags.get(0).getExtensions() == null ? null
        : tags.get(0).getExtensions().get("x-kraken-sections");
    List<Map<String, Object>> sections = new ArrayList<>();
    if (!(declared instanceof List<?> names)) {
      return sections;
    }
    Map<String, List<String>> bySection = new java.util.LinkedHashMap<>();
    names.forEach(name -> bySection.put(String.valueOf(name), new ArrayList<>()));
    for (CodegenOperation operation : operations) {
      Object section = operation.vendorExtensions.get("x-kraken-section");
      List<String> members = section == null ? null : bySection.get(String.valueOf(section));
      if (members == null) {
        throw new IllegalArgumentException(operation.operationId + ": x-kraken-section must name one of the tag's "
            + "x-kraken-sections " + bySection.keySet() + " (was " + section + ")");
      }
      members.add((String) operation.vendorExtensions.get("x-gen-method"));
    }
    bySection.forEach((name, members) -> {
      if (!members.isEmpty()) {
        sections.add(Map.of("name", name, "operations", members));
      }
    });
    return sections;
  }

  /** How one part of a {@code multipart/form-data} body travels. */
  private enum PartKind {
    /** A file ({@code format: binary}): a part with a file name and its own media type. */
    FILE,
    /** An object of the contract: a part of JSON, written by Retrofit's JSON converter. */
    JSON,
    /** Anything else (strings, numbers, enums): a text part holding its wire form. */
    TEXT
  }

  private PartKind partKind(CodegenParameter parameter, List<ModelMap> allModels) {
    if (parameter.isFile || parameter.isBinary || FILE_PART.equals(parameter.dataType)) {
      return PartKind.FILE;
    }
    CodegenModel model = findModel(allModels, parameter.dataType);
    return model != null && !model.isEnum ? PartKind.JSON : PartKind.TEXT;
  }

  /**
   * A {@code multipart/form-data} operation: its Retrofit method is {@code @Multipart}, and each
   * form parameter a {@code @Part} ({@code x-gen-part}: the whole parameter declaration), typed by
   * how the part travels ({@link PartKind}); the service fills them from the request's members.
   */
  private void markMultipart(CodegenOperation operation, List<ModelMap> allModels) {
    operation.vendorExtensions.put("x-gen-multipart", true);
    for (CodegenParameter parameter : operation.allParams) {
      if (!parameter.isFormParam) {
        continue;
      }
      String required = parameter.required ? "@Required " : "";
      String declaration = switch (partKind(parameter, allModels)) {
        case FILE -> "@retrofit2.http.Part okhttp3.MultipartBody.Part " + parameter.paramName;
        case JSON -> "@retrofit2.http.Part(\"" + parameter.baseName + "\") " + parameter.dataType + " "
            + parameter.paramName;
        case TEXT -> "@retrofit2.http.Part(\"" + parameter.baseName + "\") okhttp3.RequestBody " + parameter.paramName;
      };
      parameter.vendorExtensions.put("x-gen-part", required + declaration);
    }
  }

  /**
   * A call for the service's Javadoc: its first operation that takes a request, with the
   * request's required members, such as {@code kraken.spot().cancelWithdrawal(r -> r.asset(...))}.
   */
  private String serviceExample(List<CodegenOperation> operations, List<ModelMap> allModels) {
    String family = String.valueOf(additionalProperties.get(FAMILY));
    String accessor = Character.toLowerCase(family.charAt(0)) + family.substring(1);
    accessor = accessor.equals("oAuth") ? "oauth" : accessor;
    for (CodegenOperation operation : operations) {
      Object requestClass = operation.vendorExtensions.get("x-gen-request-class");
      if (requestClass == null) {
        continue;
      }
      CodegenModel request = findModel(allModels, (String) requestClass);
      StringBuilder members = new StringBuilder("r");
      for (CodegenProperty member : request.requiredVars.isEmpty() ? request.vars.subList(0, 1) : request.requiredVars) {
        members.append('.').append(member.name).append("(...)");
      }
      return operation.vendorExtensions.get("x-gen-result-type") + " result = kraken." + accessor + "()."
          + operation.vendorExtensions.get("x-gen-method") + "(r -> " + members + ");";
    }
    CodegenOperation first = operations.get(0);
    return first.vendorExtensions.get("x-gen-result-type") + " result = kraken." + accessor + "()." + first.vendorExtensions.get("x-gen-method") + "();";
  }

  /**
   * The service method's name: the operation's {@code x-kraken-java-name} (Spot's {@code
   * getWithdrawalMethods} is {@code listWithdrawalMethods}), else its operationId, which stays the
   * operation's key everywhere else (the Retrofit method, errors, listeners, tests).
   */
  private static String serviceMethod(CodegenOperation operation) {
    Object javaName = operation.vendorExtensions.get(JavaNames.EXTENSION);
    if (javaName == null) {
      return operation.operationId;
    }
    if (!JavaNames.isJavaIdentifier(String.valueOf(javaName))) {
      throw new IllegalArgumentException(operation.operationId + ": " + JavaNames.EXTENSION
          + " must be a lowerCamelCase Java identifier, not " + javaName);
    }
    return String.valueOf(javaName);
  }

  /** {@code @Security(...)} with the operation's schemes and scopes, read by the interceptors. */
  @SuppressWarnings("unchecked")
  private static String securityAnnotation(CodegenOperation operation) {
    List<String> schemes = (List<String>) operation.vendorExtensions.getOrDefault("x-gen-security", List.of());
    List<String> scopes = (List<String>) operation.vendorExtensions.getOrDefault("x-gen-scopes", List.of());
    return "@Security(schemes = {" + quoted(schemes) + "}, scopes = {" + quoted(scopes) + "})";
  }

  private static String quoted(List<String> values) {
    return String.join(", ", values.stream().map(ConstraintChecks::literal).toList());
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

  /** The enums whose list of values the contract marks as its own decision ({@code enum} in {@link ContractOnly}). */
  private Set<String> openByDecision(List<ModelMap> allModels) {
    Set<String> open = new HashSet<>();
    for (ModelMap modelMap : allModels) {
      CodegenModel model = modelMap.getModel();
      Schema<?> schema = openAPI.getComponents().getSchemas().get(model.name);
      if (model.isEnum && schema != null && ContractOnly.marked(schema.getExtensions()).contains("enum")) {
        open.add(model.classname);
      }
    }
    return open;
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

  /**
   * An object whose {@code x-kraken-array-form} names a list member ({@link OneOfTypes}): its
   * adapter also reads a bare JSON array, into that member ({@code x-gen-array-form} on it, {@code
   * x-gen-has-array-form} on the model).
   */
  private static void markArrayForm(CodegenModel model) {
    Object member = model.vendorExtensions.get(OneOfTypes.ARRAY_FORM);
    if (member == null) {
      return;
    }
    CodegenProperty property = model.vars.stream().filter(p -> p.baseName.equals(member)).findFirst()
        .orElseThrow(() -> new IllegalStateException(model.name + ": " + OneOfTypes.ARRAY_FORM + " names " + member
            + ", which is not one of its properties"));
    if (!property.isArray) {
      throw new IllegalStateException(model.name + ": " + OneOfTypes.ARRAY_FORM + " names " + member
          + ", which is not a list");
    }
    property.vendorExtensions.put("x-gen-array-form", true);
    model.vendorExtensions.put("x-gen-has-array-form", true);
  }

  /**
   * A JSON number with {@code format: decimal} (a Unix time with a fraction) is a {@code
   * BigDecimal} whose adapter is qualified with {@code DecimalNumber}, so it is written back as a
   * number. Moshi's collection adapters drop qualifiers, so a list or map of them cannot keep the
   * number form: that is refused here rather than silently written as strings.
   */
  private static void markDecimalNumber(CodegenModel model, CodegenProperty property) {
    if (isDecimalNumber(property)) {
      property.vendorExtensions.put("x-gen-decimal-number", true);
    } else if ((property.isArray || property.isMap) && property.items != null && isDecimalNumber(property.items)) {
      throw new IllegalStateException(model.name + "." + property.baseName + ": a list or map of `type: number, "
          + "format: decimal` is not supported (name the item schema, or use decimal strings)");
    }
  }

  /**
   * The map that holds the members a schema's properties do not name ({@link ShapeExtensions}):
   * it must be the record's last component (the template's indexes skip it), and a member is
   * taken into it only when its JSON starts as the map's values do ({@code x-gen-map-rest-token}), so
   * that a new scalar sibling of {@code last} is ignored rather than failing the whole answer.
   */
  private static void markMapRest(CodegenModel model, CodegenProperty property) {
    if (!Boolean.TRUE.equals(property.vendorExtensions.get(ShapeExtensions.MAP_REST))) {
      return;
    }
    if (model.vars.get(model.vars.size() - 1) != property || !property.isMap || property.items == null) {
      throw new IllegalStateException(model.name + "." + property.baseName + ": the map of the other members "
          + "must be the last component and a map");
    }
    CodegenProperty values = property.items;
    String token = values.isArray ? "BEGIN_ARRAY"
        : values.isMap || (values.isModel && !values.isEnum && !values.isEnumRef) ? "BEGIN_OBJECT" : null;
    if (token != null) {
      property.vendorExtensions.put("x-gen-map-rest-token", token);
    }
    model.vendorExtensions.put("x-gen-map-rest", property.name);
    List<String> named = new ArrayList<>();
    for (CodegenProperty other : model.vars) {
      if (other != property) {
        named.add("{@code " + other.baseName + "}");
      }
    }
    model.vendorExtensions.put("x-gen-map-rest-doc", "Every JSON member other than " + String.join(", ", named)
        + " is an entry of {@link #" + property.name + "()}, by member name.");
  }

  /**
   * The member names a generated adapter matches on their bytes ({@code JsonReader.Options},
   * {@code x-gen-name-table}): the contract's names, then the public service's names for the same
   * members ({@code x-aliases}), each with the case labels of its component ({@code
   * x-gen-name-cases}). A name outside the table is then skipped unread, or taken into the map of the
   * other members.
   */
  @SuppressWarnings("unchecked")
  private static void markNameTable(CodegenModel model) {
    List<String> table = new ArrayList<>();
    for (CodegenProperty property : model.vars) {
      if (!Boolean.TRUE.equals(property.vendorExtensions.get(ShapeExtensions.MAP_REST))) {
        table.add(property.baseName);
        property.vendorExtensions.put("x-gen-name-cases", new ArrayList<>(List.of(table.size())));
      }
    }
    for (CodegenProperty property : model.vars) {
      Object aliases = property.vendorExtensions.get("x-aliases");
      if (aliases == null) {
        continue;
      }
      if (!(aliases instanceof List<?> list) || !property.vendorExtensions.containsKey("x-gen-name-cases")) {
        throw new IllegalStateException(model.name + "." + property.baseName + ": x-aliases must be a list of names"
            + " on a named member");
      }
      for (Object alias : list) {
        if (table.contains(String.valueOf(alias))) {
          throw new IllegalStateException(model.name + "." + property.baseName + ": alias " + alias
              + " is already a name of " + model.name);
        }
        table.add(String.valueOf(alias));
        ((List<Integer>) property.vendorExtensions.get("x-gen-name-cases")).add(table.size());
      }
    }
    model.vendorExtensions.put("x-gen-name-table", table);
  }

  private static boolean isDecimalNumber(CodegenProperty property) {
    return "number".equals(property.openApiType) && "decimal".equals(property.dataFormat);
  }

  @Override
  public ModelsMap postProcessModels(ModelsMap objs) {
    ModelsMap result = super.postProcessModels(objs);
    for (ModelMap modelMap : result.getModels()) {
      CodegenModel model = modelMap.getModel();
      if (model.isEnum) {
        describeEnumValues(model);
      }
      boolean internal = isInternalModel(model.classname);
      model.vendorExtensions.put("x-gen-internal", internal);
      if (internal) {
        result.put("package", internalModelPackage());
        // An internal model may hold public ones, some typed after the imports were made (EmptyResult).
        result.getImports().add(0, new HashMap<>(Map.of("import", modelPackage + ".*")));
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
      model.vendorExtensions.put("x-gen-numeric-enum", true);
    }
  }
}
