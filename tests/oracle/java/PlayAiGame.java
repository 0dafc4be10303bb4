import java.io.File;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import javax.swing.tree.DefaultMutableTreeNode;

import games.strategy.engine.ClientFileSystemHelper;
import games.strategy.engine.data.GameData;
import games.strategy.engine.data.PlayerID;
import games.strategy.engine.framework.ServerGame;
import games.strategy.engine.framework.message.PlayerListing;
import games.strategy.engine.gamePlayer.IGamePlayer;
import games.strategy.engine.history.Round;
import games.strategy.engine.random.PlainRandomSource;
import games.strategy.net.HeadlessServerMessenger;
import games.strategy.net.Messengers;
import games.strategy.triplea.settings.ClientSetting;

/**
 * Plays a game XML AI against AI with TripleA 1.9, headless, and writes a real .tsvg save.
 *
 * <p>Usage: java PlayAiGame --xml FILE --out FILE.tsvg [--rounds N] [--timeout SECONDS]
 * [--player-type "Fast (AI)"] [--start-only]. With --start-only the game is saved right after parsing
 * (a start-of-game save, no history) without playing. Otherwise the game is saved when round N + 1
 * begins (or when the game ends first). The save is written to a temporary file and moved into place,
 * so a failed run leaves no partial save. On success one JSON line goes to stdout:
 * {"out": ..., "history_rounds": N, "history_nodes": N, "ended": bool, "millis": N}, counting the
 * rounds and all nodes of the game history that was saved. Exit codes: 0 saved, 2 bad arguments or XML,
 * 3 the watchdog timeout struck, 4 the game failed.
 */
public final class PlayAiGame {
  private static final int EXIT_BAD_INPUT = 2;
  private static final int EXIT_TIMEOUT = 3;
  private static final int EXIT_GAME_FAILED = 4;

  private PlayAiGame() {}

  public static void main(String[] args) {
    OracleSupport.quietStdout();
    Map<String, String> options = new HashMap<>();
    boolean startOnly = false;
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--start-only")) {
        startOnly = true;
      } else if (args[i].startsWith("--") && i + 1 < args.length) {
        options.put(args[i].substring(2), args[++i]);
      } else {
        fail(EXIT_BAD_INPUT, "unexpected argument: " + args[i]);
      }
    }
    if (!options.containsKey("xml") || !options.containsKey("out")) {
      fail(EXIT_BAD_INPUT, "usage: PlayAiGame --xml FILE --out FILE.tsvg [--rounds N] [--timeout S] "
          + "[--player-type TYPE] [--start-only]");
    }
    long started = System.nanoTime();
    long timeout = Long.parseLong(options.getOrDefault("timeout", "300"));
    OracleSupport.watchdog(timeout, EXIT_TIMEOUT, "PlayAiGame");
    File out = new File(options.get("out")).getAbsoluteFile();
    GameData data;
    try {
      data = OracleSupport.parse(new File(options.get("xml")));
    } catch (Throwable e) {
      fail(EXIT_BAD_INPUT, "cannot parse: " + OracleSupport.describe(e));
      return;
    }
    try {
      if (startOnly) {
        File partial = partialFile(out);
        OracleSupport.save(data, partial);
        finish(data, partial, out, false, started);
      } else {
        int rounds = Integer.parseInt(options.getOrDefault("rounds", "1"));
        play(data, rounds, options.getOrDefault("player-type", "Fast (AI)"), out, started);
      }
    } catch (Throwable e) {
      e.printStackTrace();
      fail(EXIT_GAME_FAILED, "game failed: " + OracleSupport.describe(e));
    }
  }

  private static void play(GameData data, int rounds, String playerType, File out, long started)
      throws Exception {
    ClientSetting.AI_PAUSE_DURATION.save("0");
    ClientSetting.flush();
    // The headless display looks for the map's folder; an empty one is enough.
    Object mapName = data.getProperties().get("mapName");
    String folder = mapName == null ? data.getGameName() : mapName.toString();
    new File(ClientFileSystemHelper.getUserMapsFolder(), folder + File.separator + "map").mkdirs();

    Map<String, Boolean> enabled = new LinkedHashMap<>();
    Map<String, String> types = new LinkedHashMap<>();
    for (PlayerID player : data.getPlayerList().getPlayers()) {
      enabled.put(player.getName(), Boolean.TRUE);
      types.put(player.getName(), playerType);
    }
    PlayerListing listing = new PlayerListing(new LinkedHashMap<>(), enabled, types, data.getGameVersion(),
        data.getGameName(), String.valueOf(data.getSequence().getRound()), new ArrayList<>(),
        new LinkedHashMap<>());
    data.doPreGameStartDataModifications(listing);
    Set<IGamePlayer> players = data.getGameLoader().createPlayers(listing.getLocalPlayerTypes());
    ServerGame game = new ServerGame(data, players, new HashMap<>(),
        new Messengers(new HeadlessServerMessenger()));
    game.setRandomSource(new PlainRandomSource());
    data.getGameLoader().startGame(game, players, true);
    File partial = partialFile(out);
    game.addGameStepListener((step, delegate, player, round, display) -> {
      if (round > rounds) {
        game.saveGame(partial);
        finish(data, partial, out, false, started);
      }
    });
    game.startGame(); // runs the game loop in this thread; returns only if the game stops by itself
    game.saveGame(partial);
    finish(data, partial, out, true, started);
  }

  private static File partialFile(File out) {
    return new File(out.getPath() + ".partial");
  }

  /** Moves the finished save into place, prints the summary line and halts the JVM with code 0. */
  private static void finish(GameData data, File partial, File out, boolean ended, long started) {
    try {
      if (!partial.isFile() || partial.length() == 0) {
        fail(EXIT_GAME_FAILED, "the engine wrote no save to " + partial);
      }
      Files.move(partial.toPath(), out.toPath(), StandardCopyOption.REPLACE_EXISTING,
          StandardCopyOption.ATOMIC_MOVE);
    } catch (Throwable e) {
      fail(EXIT_GAME_FAILED, "cannot write " + out + ": " + OracleSupport.describe(e));
    }
    long millis = (System.nanoTime() - started) / 1_000_000L;
    int rounds = 0;
    int nodes = 0;
    Enumeration<?> all = ((DefaultMutableTreeNode) data.getHistory().getRoot()).breadthFirstEnumeration();
    while (all.hasMoreElements()) {
      Object node = all.nextElement();
      nodes++;
      rounds += node instanceof Round ? 1 : 0;
    }
    OracleSupport.JSON_OUT.println("{\"out\": " + OracleSupport.quote(out.getPath())
        + ", \"history_rounds\": " + rounds + ", \"history_nodes\": " + nodes
        + ", \"ended\": " + ended + ", \"millis\": " + millis + "}");
    OracleSupport.JSON_OUT.flush();
    Runtime.getRuntime().halt(0);
  }

  private static void fail(int code, String message) {
    System.err.println("PlayAiGame: " + message);
    System.err.flush();
    Runtime.getRuntime().halt(code);
  }
}
