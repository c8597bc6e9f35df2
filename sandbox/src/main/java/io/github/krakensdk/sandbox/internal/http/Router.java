package io.github.krakensdk.sandbox.internal.http;

import io.github.krakensdk.sandbox.internal.embed.EmbedFamily;
import io.github.krakensdk.sandbox.internal.futures.FuturesFamily;
import io.github.krakensdk.sandbox.internal.oauth.OAuthFamily;
import io.github.krakensdk.sandbox.internal.spot.SpotFamily;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;
import java.io.OutputStream;
import java.time.Clock;
import java.util.Map;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * The one handler of the server: sends each call to its family by path, checks the answer against
 * the contract when asked to, and writes it.
 *
 * <pre>
 * /0/...                              Spot
 * /oauth/authorize                    the authorize page (a browser page of the contract, not an operation)
 * /{language}/oauth/authorize         the same page in a language (de, en-us, ...)
 * /oauth/...                          OAuth
 * /b2b/...                            Embed
 * /funding/...                        Funding (Beta), on Spot's keys and funding state
 * /derivatives/api/v3/...             Futures
 * /demo-futures/derivatives/api/v3/...  Futures demo (the only base of simulate)
 * /sandbox/webhooks/{id}              the sandbox's own webhook receiver
 * /sandbox/reports/{id}               a settlement report's file (its signed download_url)
 * /sandbox                            base URLs and demo credentials, as text
 * </pre>
 */
public final class Router implements HttpHandler {
  /** The authorize page in a language: {@code /de/oauth/authorize}, {@code /en-us/oauth/authorize}. */
  private static final Pattern LOCALIZED_AUTHORIZE_PAGE = Pattern.compile("/[a-z]{2,3}(-[a-z]{2})?/oauth/authorize");
  private final SpotFamily spot;
  private final FuturesFamily futures;
  private final OAuthFamily oauth;
  private final EmbedFamily embed;
  private final ResponseCheck responseCheck;
  private final Clock clock;
  private final Supplier<String> description;

  public Router(SpotFamily spot, FuturesFamily futures, OAuthFamily oauth, EmbedFamily embed, ResponseCheck responseCheck,
      Clock clock, Supplier<String> description) {
    this.spot = spot;
    this.futures = futures;
    this.oauth = oauth;
    this.embed = embed;
    this.responseCheck = responseCheck;
    this.clock = clock;
    this.description = description;
  }

  @Override
  public void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      Reply reply;
      try {
        HttpCall call = HttpCall.read(exchange);
        reply = route(call);
      } catch (RuntimeException e) {
        reply = Reply.text(500, "kraken-sandbox failed: " + e);
      }
      for (Map.Entry<String, String> header : reply.headers.entrySet()) {
        exchange.getResponseHeaders().set(header.getKey(), header.getValue());
      }
      exchange.sendResponseHeaders(reply.status, reply.body.length == 0 ? -1 : reply.body.length);
      if (reply.body.length > 0) {
        try (OutputStream out = exchange.getResponseBody()) {
          out.write(reply.body);
        }
      }
    }
  }

  private Reply route(HttpCall call) {
    String path = call.rawPath;
    Endpoint.Served served;
    if (path.startsWith("/0/")) {
      served = spot.serve(call, path);
    } else if (call.bodyTooLarge() && !familyPath(path)) {
      // The families refuse an oversized body in their own envelope (Endpoint); elsewhere, plainly.
      return Reply.text(413, "request body larger than " + call.bodyLimit() + " bytes");
    } else if (path.equals("/oauth/authorize") || LOCALIZED_AUTHORIZE_PAGE.matcher(path).matches()) {
      return oauth.authorize(call);
    } else if (path.startsWith("/oauth/")) {
      served = oauth.serve(call, path);
    } else if (path.startsWith("/b2b/")) {
      served = embed.serve(call, path);
    } else if (path.startsWith("/funding/")) {
      served = spot.fundingBeta().serve(call, path);
    } else if (path.startsWith(FuturesFamily.PREFIX + "/")) {
      served = futures.serve(call, path, false);
    } else if (path.startsWith(FuturesFamily.DEMO_PREFIX + FuturesFamily.PREFIX + "/")) {
      served = futures.serve(call, path.substring(FuturesFamily.DEMO_PREFIX.length()), true);
    } else if (path.startsWith("/sandbox/webhooks/") && call.method.equals("POST")) {
      return receiveWebhook(call, path.substring("/sandbox/webhooks/".length()));
    } else if (path.startsWith("/sandbox/reports/") && call.method.equals("GET")) {
      return embed.reports.download(path.substring("/sandbox/reports/".length()), call.query("expires"),
          call.query("signature"));
    } else if (path.equals("/sandbox") || path.equals("/")) {
      return Reply.text(200, description.get());
    } else {
      return Reply.text(404, "kraken-sandbox serves /0/, /oauth/, /b2b/, /funding/, /derivatives/api/v3/ and "
          + "/demo-futures/derivatives/api/v3/; see /sandbox");
    }
    if (responseCheck != null) {
      responseCheck.check(call.method, served);
    }
    return served.reply();
  }

  private static boolean familyPath(String path) {
    return path.startsWith("/oauth/") && !path.equals("/oauth/authorize") || path.startsWith("/b2b/")
        || path.startsWith("/funding/")
        || path.startsWith(FuturesFamily.PREFIX + "/") || path.startsWith(FuturesFamily.DEMO_PREFIX + "/");
  }

  /** The default target of every webhook: verifies the delivery as a partner would. */
  private Reply receiveWebhook(HttpCall call, String webhookId) {
    String secret = embed.webhookSecret(webhookId);
    if (secret == null) {
      return Reply.text(404, "no webhook " + webhookId);
    }
    String problem = Signatures.webhookProblem(secret, call.header("X-Signature"), call.body,
        clock.instant().getEpochSecond());
    return problem == null ? Reply.answer(200, Map.of("received", true)) : Reply.text(401, "invalid signature: " + problem);
  }
}
