import games.strategy.engine.ClientFileSystemHelper;
import games.strategy.engine.data.GameData;
import games.strategy.engine.data.GamePlayer;
import games.strategy.engine.data.GameState;
import games.strategy.engine.data.ProductionRule;
import games.strategy.engine.data.Territory;
import games.strategy.engine.data.Unit;
import games.strategy.engine.data.UnitType;
import games.strategy.engine.data.gameparser.GameParser;
import games.strategy.engine.data.gameparser.GameParsingValidation;
import games.strategy.engine.data.properties.IEditableProperty;
import games.strategy.engine.framework.GameRunner;
import games.strategy.engine.framework.ServerGame;
import games.strategy.engine.framework.startup.ui.PlayerTypes;
import games.strategy.engine.player.Player;
import games.strategy.net.LocalNoOpMessenger;
import games.strategy.net.Messengers;
import games.strategy.net.websocket.ClientNetworkBridge;
import games.strategy.triplea.ai.pro.ProAi;
import games.strategy.triplea.ai.weak.WeakAi;
import games.strategy.triplea.delegate.remote.IAbstractPlaceDelegate;
import games.strategy.triplea.delegate.remote.IEditDelegate;
import games.strategy.triplea.delegate.remote.IPurchaseDelegate;
import games.strategy.triplea.delegate.remote.ITechDelegate;
import games.strategy.triplea.player.AbstractBasePlayer;
import games.strategy.triplea.settings.ClientSetting;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.prefs.AbstractPreferences;
import java.util.stream.Stream;
import org.triplea.game.server.HeadlessLaunchAction;
import org.triplea.io.FileUtils;
import org.triplea.java.collections.IntegerMap;

/**
 * Writes TripleA saves (2026-08 kit) in which players bid and edit the game through TripleA's own
 * delegates before TripleA's AI plays on: what the AI never does itself. Set up as the kit's
 * AiGame (GameTestUtils: in-memory client settings, skipped map resources, ServerGame with a
 * LocalNoOpMessenger), one game per script, all scripts in one JVM.
 *
 * <p>usage: LeagueSaves [--seed N] SCRIPT... A script is a text file, one instruction a line ('#'
 * starts a comment):
 *
 * <pre>
 * game PATH.xml              the game XML
 * out PATH.tsvg              where the save goes
 * option NAME=VALUE          a game option set as the host sets it (an editable property)
 * ai hard|weak               the AI that plays on: TripleA's Hard AI (ProAi, the default) or its
 *                            Easy AI (WeakAi, far less CPU)
 * stop STEP                  save when round 1 reaches this step (default: at the end of round 1)
 * STEP: ACTION               done by STEP's player when TripleA hands it STEP (its bid, purchase,
 *                            place or tech step), through that step's delegate or the edit delegate:
 *   buy TYPE N [TYPE N...]     IPurchaseDelegate.purchase (a bid step: the bid's PUs)
 *   place TERRITORY|TYPE N [TYPE N...]   IAbstractPlaceDelegate.placeUnits
 *   edit on|off                IEditDelegate.setEditMode
 *   add TERRITORY|PLAYER|TYPE N      IEditDelegate.addUnits (new units)
 *   remove TERRITORY|PLAYER|TYPE N   IEditDelegate.removeUnits
 *   owner TERRITORY|PLAYER           IEditDelegate.changeTerritoryOwner
 * </pre>
 *
 * An action whose line ends with " !" is one TripleA must refuse. In a bid step that the script
 * names, the script replaces the AI's bid; elsewhere the AI plays on after the script's actions.
 * Prints per action DONE or REFUSED (with TripleA's message), then SAVED PATH or FAILED PATH WHY.
 * Exit 0 when every save was written and every action was done (refused for "!") and reached.
 */
public final class LeagueSaves {
  private LeagueSaves() {}

  private static final PrintStream OUT = new PrintStream(System.out, true, StandardCharsets.UTF_8);

  /** One action of a script: its step, its words and whether TripleA must refuse it. */
  record Action(String step, String verb, String rest, boolean refused, String line) {}

  /** A script: the game, the save, the options, the step to stop at and the actions by step. */
  static final class Script {
    Path game;
    Path out;
    String stop;
    boolean weak;
    final Map<String, String> options = new LinkedHashMap<>();
    final List<Action> actions = new ArrayList<>();
    final List<Action> done = new ArrayList<>();
    boolean failed;

    static Script read(final Path file) throws IOException {
      final Script s = new Script();
      for (final String raw : Files.readAllLines(file, StandardCharsets.UTF_8)) {
        final String line = raw.replaceAll("#.*", "").strip();
        if (line.isEmpty()) {
          continue;
        }
        final int colon = line.indexOf(": ");
        final String head = line.split(" ", 2)[0];
        final String arg = line.contains(" ") ? line.split(" ", 2)[1].strip() : "";
        if (head.equals("game")) {
          s.game = Path.of(arg);
        } else if (head.equals("out")) {
          s.out = Path.of(arg).toAbsolutePath();
        } else if (head.equals("ai")) {
          s.weak = arg.equals("weak");
        } else if (head.equals("stop")) {
          s.stop = arg;
        } else if (head.equals("option")) {
          final String[] kv = arg.split("=", 2);
          s.options.put(kv[0].strip(), kv[1].strip());
        } else if (colon > 0) {
          String body = line.substring(colon + 2).strip();
          final boolean refused = body.endsWith(" !");
          if (refused) {
            body = body.substring(0, body.length() - 2).strip();
          }
          final String[] words = body.split(" ", 2);
          s.actions.add(
              new Action(line.substring(0, colon), words[0], words.length > 1 ? words[1] : "",
                  refused, line));
        } else {
          throw new IllegalArgumentException(file + ": not an instruction: " + raw);
        }
      }
      if (s.game == null || s.out == null) {
        throw new IllegalArgumentException(file + ": needs game and out");
      }
      return s;
    }
  }

  /** A script's actions in the steps it names, done for the AI player that TripleA hands them. */
  static final class Scripted {
    private final Script script;
    private final AbstractBasePlayer player;

    Scripted(final Script script, final AbstractBasePlayer player) {
      this.script = script;
      this.player = player;
    }

    private GameData data() {
      return player.getGameData();
    }

    /** Runs the script's actions for the current step; whether the script names the step. */
    boolean run() {
      final String step = data().getSequence().getStep().getName();
      boolean named = false;
      for (final Action a : script.actions) {
        if (a.step().equals(step) && !script.done.contains(a)) {
          named = true;
          script.done.add(a);
          final String error = act(a);
          final boolean ok = (error == null) != a.refused();
          if (!ok) {
            script.failed = true;
          }
          OUT.println((error == null ? "DONE" : "REFUSED") + "\t" + a.line()
              + (error == null ? "" : "\t" + error.replace('\n', ' '))
              + (ok ? "" : "\tUNEXPECTED"));
        }
      }
      return named;
    }

    private String act(final Action a) {
      try {
        return switch (a.verb()) {
          case "buy" -> buy(a.rest());
          case "place" -> place(a.rest());
          case "edit" -> {
            edit().setEditMode(a.rest().equals("on"));
            yield null;
          }
          case "add" -> editUnits(a.rest(), true);
          case "remove" -> editUnits(a.rest(), false);
          case "owner" -> owner(a.rest());
          default -> throw new IllegalArgumentException("unknown action " + a.verb());
        };
      } catch (final RuntimeException e) {
        return "exception: " + e;
      }
    }

    private IEditDelegate edit() {
      return (IEditDelegate) player.getPlayerBridge().getRemotePersistentDelegate("edit");
    }

    private UnitType type(final String name) {
      return data().getUnitTypeList().getUnitTypeOrThrow(name);
    }

    private Territory territory(final String name) {
      return data().getMap().getTerritoryOrThrow(name);
    }

    private GamePlayer player(final String name) {
      final GamePlayer p = data().getPlayerList().getPlayerId(name);
      if (p == null) {
        throw new IllegalArgumentException("no player " + name);
      }
      return p;
    }

    /** "TYPE N TYPE N ..." as counts by unit type. */
    private IntegerMap<UnitType> counts(final String words) {
      final String[] w = words.strip().split(" ");
      final IntegerMap<UnitType> counts = new IntegerMap<>();
      for (int i = 0; i + 1 < w.length; i += 2) {
        counts.add(type(w[i]), Integer.parseInt(w[i + 1]));
      }
      return counts;
    }

    private String buy(final String words) {
      final IntegerMap<ProductionRule> rules = new IntegerMap<>();
      final IntegerMap<UnitType> wanted = counts(words);
      for (final UnitType t : wanted.keySet()) {
        final ProductionRule rule =
            player.getGamePlayer().getProductionFrontier().getRules().stream()
                .filter(r -> r.getResults().keySet().contains(t))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no rule buys " + t.getName()));
        rules.add(rule, wanted.getInt(t));
      }
      return ((IPurchaseDelegate) player.getPlayerBridge().getRemoteDelegate()).purchase(rules);
    }

    private String place(final String words) {
      final String[] parts = words.split("\\|", 2);
      final IntegerMap<UnitType> wanted = counts(parts[1]);
      final List<Unit> units = new ArrayList<>();
      for (final UnitType t : wanted.keySet()) {
        final Collection<Unit> held =
            player.getGamePlayer().getUnitCollection().getUnits(t, wanted.getInt(t));
        if (held.size() < wanted.getInt(t)) {
          return "the player holds only " + held.size() + " " + t.getName();
        }
        units.addAll(held);
      }
      final Optional<String> error =
          ((IAbstractPlaceDelegate) player.getPlayerBridge().getRemoteDelegate())
              .placeUnits(units, territory(parts[0].strip()), IAbstractPlaceDelegate.BidMode.BID);
      return error.orElse(null);
    }

    private String editUnits(final String words, final boolean add) {
      final String[] parts = words.split("\\|", 3);
      final Territory where = territory(parts[0].strip());
      final GamePlayer owner = player(parts[1].strip());
      final IntegerMap<UnitType> wanted = counts(parts[2]);
      final List<Unit> units = new ArrayList<>();
      for (final UnitType t : wanted.keySet()) {
        if (add) {
          units.addAll(t.create(wanted.getInt(t), owner));
        } else {
          where.getUnitCollection().getUnits().stream()
              .filter(u -> u.getType().equals(t) && u.getOwner().equals(owner))
              .limit(wanted.getInt(t))
              .forEach(units::add);
        }
      }
      return add ? edit().addUnits(where, units) : edit().removeUnits(where, units);
    }

    private String owner(final String words) {
      final String[] parts = words.split("\\|", 2);
      return edit().changeTerritoryOwner(territory(parts[0].strip()), player(parts[1].strip()));
    }
  }

  /** The Hard AI (ProAi), with the script's actions first in the steps it names. */
  static final class ScriptedProAi extends ProAi {
    private final Scripted script;

    ScriptedProAi(final String name, final String label, final Script script) {
      super(name, label);
      this.script = new Scripted(script, this);
    }

    @Override
    public void purchase(final boolean bid, final int pus, final IPurchaseDelegate delegate,
        final GameData data, final GamePlayer player) {
      if (!script.run() || !bid) {
        super.purchase(bid, pus, delegate, data, player);
      }
    }

    @Override
    public void place(final boolean bid, final IAbstractPlaceDelegate delegate,
        final GameState data, final GamePlayer player) {
      if (!script.run() || !bid) {
        super.place(bid, delegate, data, player);
      }
    }

    @Override
    public void tech(final ITechDelegate delegate, final GameData data, final GamePlayer player) {
      script.run();
      super.tech(delegate, data, player);
    }
  }

  /** The Easy AI (WeakAi: far cheaper to run), with the script's actions first where it names. */
  static final class ScriptedWeakAi extends WeakAi {
    private final Scripted script;

    ScriptedWeakAi(final String name, final String label, final Script script) {
      super(name, label);
      this.script = new Scripted(script, this);
    }

    @Override
    public void purchase(final boolean bid, final int pus, final IPurchaseDelegate delegate,
        final GameData data, final GamePlayer player) {
      if (!script.run() || !bid) {
        super.purchase(bid, pus, delegate, data, player);
      }
    }

    @Override
    public void place(final boolean bid, final IAbstractPlaceDelegate delegate,
        final GameState data, final GamePlayer player) {
      if (!script.run() || !bid) {
        super.place(bid, delegate, data, player);
      }
    }

    @Override
    public void tech(final ITechDelegate delegate, final GameData data, final GamePlayer player) {
      script.run();
      super.tech(delegate, data, player);
    }
  }

  /** In-memory preferences, as the kit's AiGame (TripleA's tests use a test library's). */
  static final class MemPrefs extends AbstractPreferences {
    private final Map<String, String> values = new HashMap<>();
    private final Map<String, MemPrefs> kids = new HashMap<>();

    MemPrefs(final MemPrefs parent, final String name) {
      super(parent, name);
    }

    @Override
    protected void putSpi(final String k, final String v) {
      values.put(k, v);
    }

    @Override
    protected String getSpi(final String k) {
      return values.get(k);
    }

    @Override
    protected void removeSpi(final String k) {
      values.remove(k);
    }

    @Override
    protected void removeNodeSpi() {}

    @Override
    protected String[] keysSpi() {
      return values.keySet().toArray(new String[0]);
    }

    @Override
    protected String[] childrenNamesSpi() {
      return kids.keySet().toArray(new String[0]);
    }

    @Override
    protected AbstractPreferences childSpi(final String n) {
      return kids.computeIfAbsent(n, x -> new MemPrefs(this, x));
    }

    @Override
    protected void syncSpi() {}

    @Override
    protected void flushSpi() {}
  }

  public static void main(final String[] args) throws Exception {
    final List<String> files = new ArrayList<>(List.of(args));
    Long seed = null;
    if (files.size() >= 2 && files.get(0).equals("--seed")) {
      seed = Long.parseLong(files.get(1));
      files.subList(0, 2).clear();
      oraclekit.Seeding.install(seed); // before any TripleA code runs
      oraclekit.Seeding.synchronousBattleCalculator();
    }
    HeadlessLaunchAction.setSkipMapResourceLoading(true);
    ClientSetting.setPreferences(new MemPrefs(null, ""));
    ClientSetting.aiMovePauseDuration.setValue(0);
    ClientSetting.aiCombatStepPauseDuration.setValue(0);
    final Path tempRoot = FileUtils.newTempFolder();
    FileUtils.writeToFile(tempRoot.resolve(".triplea-root"), "");
    Files.createDirectory(tempRoot.resolve("assets"));
    ClientFileSystemHelper.setCodeSourceFolder(tempRoot);
    ClientSetting.saveGamesFolderPath.setValue(tempRoot.resolve("savedGames"));
    System.setProperty(GameRunner.TRIPLEA_HEADLESS, "true");
    boolean allOk = true;
    for (final String file : files) {
      final Script script = Script.read(Path.of(file));
      String why;
      try {
        why = play(script, seed);
      } catch (final Exception e) {
        why = e.toString();
      }
      for (final Action a : script.actions) {
        if (!script.done.contains(a)) {
          OUT.println("MISSED\t" + a.line());
          script.failed = true;
        }
      }
      if (why == null) {
        OUT.println("SAVED\t" + script.out);
      } else {
        OUT.println("FAILED\t" + script.out + "\t" + why.replace('\n', ' '));
      }
      allOk &= why == null && !script.failed;
    }
    deleteTree(tempRoot);
    System.exit(allOk ? 0 : 1);
  }

  /** Plays one script's game and saves it; null, or why it could not. */
  private static String play(final Script script, final Long seed) throws IOException {
    final GameData data = GameParser.parse(script.game, false).orElse(null);
    if (data == null) {
      return "the game does not parse (parse.sh says why)";
    }
    final List<String> errors = new GameParsingValidation(data).validate();
    if (!errors.isEmpty()) {
      return "invalid game: " + String.join(" | ", errors);
    }
    for (final Map.Entry<String, String> o : script.options.entrySet()) {
      final IEditableProperty<?> property =
          data.getProperties().getEditablePropertiesByName().get(o.getKey());
      if (property == null) {
        return "the game has no option the host may set called " + o.getKey();
      }
      final Object current = property.getValue();
      final Object value =
          current instanceof Boolean
              ? (Object) Boolean.parseBoolean(o.getValue())
              : current instanceof Integer ? (Object) Integer.parseInt(o.getValue()) : o.getValue();
      property.validateAndSet(value);
    }
    final PlayerTypes.Type scripted =
        new PlayerTypes.Type("Hard (AI)") {
          @Override
          public Player newPlayerWithName(final String name) {
            return script.weak
                ? new ScriptedWeakAi(name, getLabel(), script)
                : new ScriptedProAi(name, getLabel(), script);
          }
        };
    final Map<String, PlayerTypes.Type> types = new HashMap<>();
    for (final GamePlayer p : data.getPlayerList().getPlayers()) {
      types.put(p.getName(), scripted);
    }
    final Set<Player> players = data.getGameLoader().newPlayers(types);
    final HeadlessLaunchAction launchAction = new HeadlessLaunchAction(null);
    final ServerGame game =
        new ServerGame(data, players, new HashMap<>(), new Messengers(new LocalNoOpMessenger()),
            ClientNetworkBridge.NO_OP_SENDER, launchAction);
    game.setDelegateAutosavesEnabled(false);
    if (seed != null) {
      game.setRandomSource(new oraclekit.Seeding.SeededRandomSource(seed));
    }
    data.getGameLoader().startGame(game, players, launchAction, null);
    game.setStopGameOnDelegateExecutionStop(true);
    game.setUpGameForRunningSteps();
    while (!game.isGameOver()
        && !(game.getData().getSequence().getRound() > 1
            || game.getData().getSequence().getStep().getName().equals(script.stop))) {
      game.runNextStep();
    }
    Files.deleteIfExists(script.out);
    game.saveGame(script.out);
    if (!game.isGameOver()) {
      game.stopGame();
    }
    return Files.isRegularFile(script.out) && Files.size(script.out) > 0 ? null : "no save written";
  }

  private static void deleteTree(final Path root) {
    try (Stream<Path> s = Files.walk(root)) {
      s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (final IOException ignored) {
      // temp folder, best effort
    }
  }
}
