import java.io.File;
import java.io.FileInputStream;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;

import games.strategy.engine.ClientFileSystemHelper;
import games.strategy.engine.data.GameData;
import games.strategy.engine.data.GameParser;
import games.strategy.engine.data.PlayerID;
import games.strategy.engine.framework.ServerGame;
import games.strategy.engine.framework.message.PlayerListing;
import games.strategy.engine.gamePlayer.IGamePlayer;
import games.strategy.engine.random.PlainRandomSource;
import games.strategy.net.HeadlessServerMessenger;
import games.strategy.net.Messengers;
import games.strategy.triplea.settings.ClientSetting;

/**
 * Plays a real TripleA 1.9 game, every player a "Fast (AI)", and saves it when round ROUNDS ends.
 *
 * <p>Usage: PlayAiGame19 GAME.xml OUT.tsvg ROUNDS. Run with -Duser.home set to a scratch folder.
 */
public final class PlayAiGame19 {
  private PlayAiGame19() {}

  public static void main(String[] args) throws Exception {
    System.setOut(System.err);
    final File out = new File(args[1]);
    final int rounds = Integer.parseInt(args[2]);
    ClientSetting.AI_PAUSE_DURATION.save("0");
    ClientSetting.flush();
    GameData data;
    try (InputStream in = new FileInputStream(args[0])) {
      data = new GameParser(args[0]).parse(in, new AtomicReference<>(), false);
    }
    Object mapName = data.getProperties().get("mapName");
    if (mapName != null) {
      new File(new File(ClientFileSystemHelper.getUserMapsFolder(), mapName.toString()), "map").mkdirs();
    }
    Map<String, Boolean> enabled = new LinkedHashMap<>();
    Map<String, String> types = new LinkedHashMap<>();
    for (PlayerID player : data.getPlayerList().getPlayers()) {
      enabled.put(player.getName(), true);
      types.put(player.getName(), "Fast (AI)");
    }
    PlayerListing listing = new PlayerListing(new LinkedHashMap<>(), enabled, types, data.getGameVersion(),
        data.getGameName(), String.valueOf(data.getSequence().getRound()), new ArrayList<>(),
        new LinkedHashMap<>());
    data.doPreGameStartDataModifications(listing);
    Set<IGamePlayer> players = data.getGameLoader().createPlayers(listing.getLocalPlayerTypes());
    final ServerGame game = new ServerGame(data, players, new HashMap<>(),
        new Messengers(new HeadlessServerMessenger()));
    game.setRandomSource(new PlainRandomSource());
    data.getGameLoader().startGame(game, players, true);
    game.addGameStepListener((step, delegate, player, round, display) -> {
      if (round > rounds) {
        game.saveGame(out);
        Runtime.getRuntime().halt(0);
      }
    });
    game.startGame();
    Runtime.getRuntime().halt(3);
  }
}
