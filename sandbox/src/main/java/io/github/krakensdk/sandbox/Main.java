package io.github.krakensdk.sandbox;

import io.github.krakensdk.sandbox.internal.tour.Tour;
import java.io.PrintStream;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;

/**
 * {@code java -jar kraken-sandbox.jar [--port N] [--earn-delay-ms N] [--auto-earn-delay-ms N] [--withdrawal-step-ms N]}
 * serves the sandbox until the process is stopped, after printing its base URLs and demo
 * credentials. {@code --tour} runs {@link Tour} instead: every operation through the SDK against a
 * fresh sandbox, exiting non-zero if any fails.
 */
public final class Main {
  private Main() {}

  public static void main(String[] args) throws InterruptedException {
    Sandbox.Builder builder = Sandbox.builder();
    boolean tour = false;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--tour" -> tour = true;
        case "--port" -> builder.port(number(args, ++i));
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
      System.exit(Tour.run(System.out) == 0 ? 0 : 1);
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
    out.println("usage: java -jar kraken-sandbox.jar [--port N] [--earn-delay-ms N] [--auto-earn-delay-ms N] [--withdrawal-step-ms N]");
    out.println("       java -jar kraken-sandbox.jar --tour");
  }
}
