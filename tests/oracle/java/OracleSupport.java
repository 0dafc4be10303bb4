import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.concurrent.atomic.AtomicReference;

import games.strategy.engine.data.GameData;
import games.strategy.engine.data.GameParser;
import games.strategy.engine.framework.GameDataManager;

/** Helpers shared by the oracle harnesses: clean stdout, JSON text, parsing, saving, a watchdog. */
final class OracleSupport {
  /** The real standard output; System.out is pointed at stderr so engine chatter cannot mix in. */
  static final PrintStream JSON_OUT =
      new PrintStream(new FileOutputStream(java.io.FileDescriptor.out), true, StandardCharsets.UTF_8);

  private OracleSupport() {}

  /** Sends System.out to stderr, so the only stdout lines are the ones written to JSON_OUT. */
  static void quietStdout() {
    System.setOut(System.err);
  }

  /** Quotes a string as a JSON string literal ("null" for null). */
  static String quote(String text) {
    if (text == null) {
      return "null";
    }
    StringBuilder out = new StringBuilder(text.length() + 2).append('"');
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '"': out.append("\\\""); break;
        case '\\': out.append("\\\\"); break;
        case '\n': out.append("\\n"); break;
        case '\r': out.append("\\r"); break;
        case '\t': out.append("\\t"); break;
        default:
          if (c < 0x20) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
      }
    }
    return out.append('"').toString();
  }

  /** The message of a failure: class name plus message, with the first cause when it adds to it. */
  static String describe(Throwable error) {
    String text = error.getClass().getName() + ": " + error.getMessage();
    Throwable cause = error.getCause();
    if (cause != null && cause != error && cause.getMessage() != null
        && (error.getMessage() == null || !error.getMessage().contains(cause.getMessage()))) {
      text += " (caused by " + cause.getClass().getName() + ": " + cause.getMessage() + ")";
    }
    return text;
  }

  /** Parses one game XML with TripleA's own GameParser (throws on the first error it finds). */
  static GameData parse(File xml) throws Exception {
    try (InputStream in = Files.newInputStream(xml.toPath())) {
      return new GameParser(xml.getPath()).parse(in, new AtomicReference<>(), false);
    }
  }

  /** Writes a real .tsvg of the game's current state through GameDataManager.saveGame. */
  static void save(GameData data, File out) throws IOException {
    File parent = out.getAbsoluteFile().getParentFile();
    if (parent != null) {
      parent.mkdirs();
    }
    try (OutputStream stream = new FileOutputStream(out)) {
      GameDataManager.saveGame(stream, data);
    }
  }

  /** Starts a daemon thread that halts the JVM with the given code after the given seconds. */
  static void watchdog(long seconds, int code, String what) {
    Thread dog = new Thread(() -> {
      try {
        Thread.sleep(seconds * 1000L);
      } catch (InterruptedException e) {
        return;
      }
      System.err.println("oracle watchdog: " + what + " took over " + seconds + " s, halting");
      System.err.flush();
      Runtime.getRuntime().halt(code);
    }, "oracle-watchdog");
    dog.setDaemon(true);
    dog.start();
  }
}
