package io.github.krakensdk.websocket.internal;

import static java.util.Objects.requireNonNull;

import java.util.ArrayDeque;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.logging.Level;
import java.util.logging.Logger;

/** Runs tasks one at a time, in order, on another executor (the client's completion executor). */
public final class SerialExecutor implements Executor {
  private static final Logger logger = Logger.getLogger(SerialExecutor.class.getName());

  private final Executor executor;
  private final ArrayDeque<Runnable> tasks = new ArrayDeque<>();
  private boolean running;

  public SerialExecutor(Executor executor) {
    this.executor = requireNonNull(executor, "executor == null");
  }

  @Override public void execute(Runnable task) {
    requireNonNull(task, "task == null");
    synchronized (this) {
      tasks.addLast(task);
      if (running) return;
      running = true;
    }
    try {
      executor.execute(this::drain);
    } catch (RejectedExecutionException e) {
      drain();
    }
  }

  private void drain() {
    while (true) {
      Runnable next;
      synchronized (this) {
        next = tasks.pollFirst();
        if (next == null) {
          running = false;
          return;
        }
      }
      try {
        next.run();
      } catch (RuntimeException e) {
        logger.log(Level.WARNING, "a listener threw; ignored", e);
      }
    }
  }
}
