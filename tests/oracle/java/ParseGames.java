import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Parses game XMLs with TripleA 1.9's GameParser in one JVM and prints one JSON line per file:
 * {"path": ..., "ok": true|false, "error": message|null, "millis": N, "log": [lines]}, where "log" holds
 * what the engine printed to stderr while parsing that file (DTD complaints, the cause of an "Error
 * setting property" failure, ...), without stack frames or repeated lines, at most MAX_LOG lines.
 *
 * <p>Usage: java ParseGames [--timeout SECONDS] [PATH...]; with no paths, reads one path per line from
 * stdin. Every per-file failure (any Throwable) is reported, and a file whose parse takes longer than
 * the timeout (default 60 s) is reported as timed out while the next file goes on in a fresh thread.
 */
public final class ParseGames {
  private static final int MAX_LOG = 40;

  private ParseGames() {}

  public static void main(String[] args) throws Exception {
    OracleSupport.quietStdout();
    long timeout = 60;
    List<String> paths = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--timeout") && i + 1 < args.length) {
        timeout = Long.parseLong(args[++i]);
      } else {
        paths.add(args[i]);
      }
    }
    if (paths.isEmpty()) {
      BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        if (!line.isBlank()) {
          paths.add(line.strip());
        }
      }
    }
    ExecutorService pool = newPool();
    PrintStream realErr = System.err;
    for (String path : paths) {
      ByteArrayOutputStream captured = new ByteArrayOutputStream();
      PrintStream capture = new PrintStream(captured, true, StandardCharsets.UTF_8);
      System.setErr(capture);
      System.setOut(capture);
      long start = System.nanoTime();
      String error;
      Future<?> job = pool.submit(() -> {
        OracleSupport.parse(new File(path));
        return null;
      });
      try {
        job.get(timeout, TimeUnit.SECONDS);
        error = null;
      } catch (TimeoutException e) {
        job.cancel(true);
        pool.shutdownNow();
        pool = newPool();
        error = "timeout: parsing took over " + timeout + " s";
      } catch (java.util.concurrent.ExecutionException e) {
        error = OracleSupport.describe(e.getCause());
      } catch (Throwable e) {
        error = OracleSupport.describe(e);
      }
      long millis = (System.nanoTime() - start) / 1_000_000L;
      System.setErr(realErr);
      System.setOut(realErr);
      capture.flush();
      OracleSupport.JSON_OUT.println("{\"path\": " + OracleSupport.quote(path)
          + ", \"ok\": " + (error == null) + ", \"error\": " + OracleSupport.quote(error)
          + ", \"millis\": " + millis + ", \"log\": " + logJson(captured.toString(StandardCharsets.UTF_8))
          + "}");
    }
    OracleSupport.JSON_OUT.flush();
    // Engine threads (if any) must not keep the JVM alive.
    Runtime.getRuntime().halt(0);
  }

  /** The captured stderr text as a JSON list of distinct lines, stack frames left out. */
  static String logJson(String text) {
    Set<String> lines = new LinkedHashSet<>();
    int saxLines = 0;
    for (String line : text.split("\\R")) {
      String trimmed = line.strip();
      if (trimmed.isEmpty() || trimmed.startsWith("at ") || trimmed.startsWith("... ")) {
        continue;
      }
      // DTD complaints can run to hundreds of lines; keep room for the other messages.
      if (trimmed.startsWith("SAXParseException") && ++saxLines > MAX_LOG / 2) {
        continue;
      }
      if (lines.size() >= MAX_LOG) {
        break;
      }
      lines.add(trimmed);
    }
    StringBuilder out = new StringBuilder("[");
    for (String line : lines) {
      out.append(out.length() > 1 ? ", " : "").append(OracleSupport.quote(line));
    }
    return out.append(']').toString();
  }

  private static ExecutorService newPool() {
    return Executors.newSingleThreadExecutor(task -> {
      Thread thread = new Thread(task, "oracle-parse");
      thread.setDaemon(true);
      return thread;
    });
  }
}
