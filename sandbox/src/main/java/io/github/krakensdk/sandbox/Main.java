package io.github.krakensdk.sandbox;

import java.io.PrintStream;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;

/**
 * {@code java -jar kraken-sandbox.jar [--port N] [--ws-port N] [--earn-delay-ms N] [--auto-earn-delay-ms N] [--withdrawal-step-ms N]}
 * serves the sandbox until the process is stopped, after printing its base URLs and demo
 * credentials. Spot WebSocket v2 listens on {@code --ws-port} (by default the HTTP port plus one). The tour of every operation through the SDK, once {@code --tour}, is its own program
 * since 1.1.0 ({@code java -jar tour/target/kraken-tour.jar}); {@code --tour} says so and exits.
 */
public final class Main {
  /** How to run the tour, which left the sandbox jar for its own module in 1.1.0. */
  static final String TOUR_COMMAND = "mvn -B install -DskipTests && java -jar tour/target/kraken-tour.jar";

  private Main() {}

  public static void main(String[] args) throws InterruptedException {
    // The WebSocket library logs through the SLF4J API, and the standalone jar carries no binding on
    // purpose: without this SLF4J would print a warning about it over the banner.
    if (System.getProperty("slf4j.internal.verbosity") == null) {
      System.setProperty("slf4j.internal.verbosity", "ERROR");
    }
    Sandbox.Builder builder = Sandbox.builder();
    boolean tour = false;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--tour" -> tour = true;
        case "--port" -> builder.port(number(args, ++i));
        case "--ws-port" -> builder.webSocketPort(number(args, ++i));
        case "--earn-delay-ms" -> builder.earnCompletionDelay(Duration.ofMillis(number(args, ++i)));
        case "--auto-earn-delay-ms" -> builder.autoEarnSwitchDelay(Duration.ofMillis(number(args, ++i)));
        case "--withdrawal-step-ms" -> builder.withdrawalStep(Duration.ofMillis(number(args, ++i)));
        case "--help", "-h" -> {
          usage(System.out);
          return;
        }
        default -> {
          System.err.println("unknown argument: " + args[i]);
          usage(System.err);
          System.exit(2);
        }
      }
    }
    if (tour) {
      System.err.println("The tour is no longer part of kraken-sandbox.jar: run it from the SDK's sources with");
      System.err.println("  " + TOUR_COMMAND);
      System.exit(2);
    }
    Sandbox sandbox = builder.start();
    Runtime.getRuntime().addShutdownHook(new Thread(sandbox::close, "kraken-sandbox-shutdown"));
    System.out.print(sandbox.describe());
    System.out.println("Serving until stopped (Ctrl-C).");
    System.out.flush();
    new CountDownLatch(1).await();
  }

  private static int number(String[] args, int index) {
    if (index >= args.length) {
      System.err.println(args[index - 1] + " needs a number");
      System.exit(2);
    }
    try {
      return Integer.parseInt(args[index]);
    } catch (NumberFormatException e) {
      System.err.println(args[index - 1] + " needs a number (was " + args[index] + ")");
      System.exit(2);
      return 0;
    }
  }

  private static void usage(PrintStream out) {
    out.println("usage: java -jar kraken-sandbox.jar [--port N] [--ws-port N] [--earn-delay-ms N] [--auto-earn-delay-ms N] [--withdrawal-step-ms N]");
    out.println("The tour of every operation through the SDK: " + TOUR_COMMAND);
  }
}
