import games.strategy.engine.data.GameData;
import games.strategy.engine.framework.GameDataManager;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Loads each save game (one path per line on stdin) with the release's own GameDataManager.loadGame, as TripleA
 * loads a save, PASSES times over the whole list in one JVM, and prints one line of numbers per pass:
 * {@code pass N cpu_ns C wall_ns W loaded L failed F}, where C is the process CPU of the pass (every thread: JIT
 * and garbage collection included; the JVM counts it in steps of 10 ms, so give the pass many saves); then {@code start cpu_ns S}: the process CPU before the
 * first load (JVM start and class path set-up); then {@code failed PATH} for each save the first pass could not
 * load. Usage: {@code java -cp CLASSES:KIT_CLASS_PATH LoadSaves PASSES < list}.
 */
public final class LoadSaves {
  private LoadSaves() {}

  private static long processCpu() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }

  public static void main(final String[] args) throws Exception {
    final long start = processCpu();
    final int passes = Integer.parseInt(args[0]);
    final List<Path> files = new ArrayList<>();
    final BufferedReader in =
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    for (String line = in.readLine(); line != null; line = in.readLine()) {
      if (!line.isBlank()) {
        files.add(Path.of(line));
      }
    }
    final List<Path> failed = new ArrayList<>();
    final StringBuilder out = new StringBuilder();
    for (int pass = 1; pass <= passes; pass++) {
      int loaded = 0;
      int refused = 0;
      final long cpu0 = processCpu();
      final long wall0 = System.nanoTime();
      for (final Path file : files) {
        final Optional<GameData> data = GameDataManager.loadGame(file);
        if (data.isPresent()) {
          loaded++;
        } else {
          refused++;
          if (pass == 1) {
            failed.add(file);
          }
        }
      }
      final long cpu = processCpu() - cpu0;
      final long wall = System.nanoTime() - wall0;
      out.append("pass ").append(pass).append(" cpu_ns ").append(cpu).append(" wall_ns ").append(wall)
          .append(" loaded ").append(loaded).append(" failed ").append(refused).append('\n');
    }
    out.append("start cpu_ns ").append(start).append('\n');
    for (final Path file : failed) {
      out.append("failed ").append(file).append('\n');
    }
    System.out.print(out);
  }
}
