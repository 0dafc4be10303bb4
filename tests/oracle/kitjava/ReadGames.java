import games.strategy.engine.data.Attachable;
import games.strategy.engine.data.GameData;
import games.strategy.engine.data.GamePlayer;
import games.strategy.engine.data.GameStep;
import games.strategy.engine.data.IAttachment;
import games.strategy.engine.data.NamedAttachable;
import games.strategy.engine.data.ProductionFrontier;
import games.strategy.engine.data.ProductionRule;
import games.strategy.engine.data.RelationshipType;
import games.strategy.engine.data.RepairFrontier;
import games.strategy.engine.data.RepairRule;
import games.strategy.engine.data.Resource;
import games.strategy.engine.data.Territory;
import games.strategy.engine.data.TechnologyFrontier;
import games.strategy.engine.data.Unit;
import games.strategy.engine.data.UnitType;
import games.strategy.engine.data.gameparser.GameParser;
import games.strategy.engine.data.gameparser.GameParsingValidation;
import games.strategy.engine.data.gameparser.XmlGameElementMapper;
import games.strategy.engine.data.properties.GameProperties;
import games.strategy.triplea.delegate.TechAdvance;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.triplea.java.collections.IntegerMap;

/**
 * Reads each game XML (one absolute path per line on stdin) with the kit's own GameParser, invoked as
 * the kit's Parse.java invokes it (its private constructor and parse(Path, InputStream), by
 * reflection, with a new XmlGameElementMapper, the release's version where the constructor takes one,
 * and no attachment-order collection), then GameParsingValidation, and prints one JSON line per file:
 * the verdict and what the parser built (the GameData), for comparison with another reader.
 *
 * <p>Keys: path, status (OK, INVALID, PARSE-ERROR), message, and for a parsed game: territories
 * [name, water], connections [a, b] (a < b, sorted), players [name, optional, canBeDisabled,
 * hidden], alliances [player, alliance] (sorted), resources, unitTypes, relationshipTypes (sorted),
 * productionRules / repairRules {name: {costs: {resource: n}, results: {name: n}}},
 * productionFrontiers / repairFrontiers {name: [rule...]}, playerProduction / playerRepair {player:
 * frontier}, steps [{name, delegate, player, maxRunCount, properties}], technologies [name,
 * property], playerTechs {player: [[category, [tech...]]...]}, attachments [kind, attachedTo, name,
 * class] (sorted), properties {name: value as text}, diceSides, owners {territory: owner}, units
 * [territory, unitType, owner, hits, damage, count] (sorted), heldUnits {player: {unitType: count}},
 * playerResources {player: {resource: quantity}} (quantities other than 0).
 */
public final class ReadGames {
  private ReadGames() {}

  public static void main(final String[] args) throws Exception {
    final Constructor<?> constructor = parserConstructor();
    final Method parse = GameParser.class.getDeclaredMethod("parse", Path.class, InputStream.class);
    parse.setAccessible(true);
    final PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
    final BufferedReader in =
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    for (String line = in.readLine(); line != null; line = in.readLine()) {
      if (line.isBlank()) {
        continue;
      }
      final Path path = Path.of(line);
      final Json json = new Json().open('{').key("path").value(line);
      try (InputStream stream = Files.newInputStream(path)) {
        final Object parser = constructor.newInstance(arguments(constructor, path));
        final GameData data = (GameData) parse.invoke(parser, path, stream);
        final List<String> errors = new GameParsingValidation(data).validate();
        json.key("status").value(errors.isEmpty() ? "OK" : "INVALID");
        json.key("message").value(String.join(" | ", errors));
        describe(data, json);
      } catch (final InvocationTargetException e) {
        final Throwable cause = e.getCause();
        json.key("status").value("PARSE-ERROR").key("message").value(String.valueOf(cause));
      } catch (final Exception e) {
        json.key("status").value("PARSE-ERROR").key("message").value(String.valueOf(e));
      }
      out.println(json.close('}'));
      out.flush();
    }
  }

  /** GameParser's private constructor: (Path, XmlGameElementMapper, [Version,] boolean). */
  private static Constructor<?> parserConstructor() {
    for (final Constructor<?> c : GameParser.class.getDeclaredConstructors()) {
      final Class<?>[] types = c.getParameterTypes();
      if (types.length >= 3 && types[0] == Path.class && types[1] == XmlGameElementMapper.class) {
        c.setAccessible(true);
        return c;
      }
    }
    throw new IllegalStateException("no GameParser(Path, XmlGameElementMapper, ...) constructor");
  }

  private static Object[] arguments(final Constructor<?> c, final Path path) throws Exception {
    final Class<?>[] types = c.getParameterTypes();
    final Object[] args = new Object[types.length];
    for (int i = 0; i < types.length; i++) {
      if (types[i] == Path.class) {
        args[i] = path;
      } else if (types[i] == XmlGameElementMapper.class) {
        args[i] = new XmlGameElementMapper();
      } else if (types[i] == boolean.class) {
        args[i] = false;
      } else { // the engine version (2.x): ProductVersionReader.getCurrentVersion()
        args[i] =
            Class.forName("org.triplea.config.product.ProductVersionReader")
                .getMethod("getCurrentVersion")
                .invoke(null);
      }
    }
    return args;
  }

  private static void describe(final GameData data, final Json json) throws Exception {
    final List<Territory> territories = data.getMap().getTerritories();
    json.key("diceSides").value(data.getDiceSides());
    json.key("territories").open('[');
    for (final Territory t : territories) {
      json.open('[').value(t.getName()).value(t.isWater()).close(']');
    }
    json.close(']');
    final TreeSet<String> connections = new TreeSet<>();
    json.key("connections").open('[');
    for (final Territory t : territories) {
      for (final Territory n : data.getMap().getNeighbors(t)) {
        if (t.getName().compareTo(n.getName()) < 0) {
          connections.add(t.getName() + "\u0000" + n.getName());
        }
      }
    }
    for (final String pair : connections) {
      final String[] two = pair.split("\u0000", 2);
      json.open('[').value(two[0]).value(two[1]).close(']');
    }
    json.close(']');
    final List<GamePlayer> players = data.getPlayerList().getPlayers();
    json.key("players").open('[');
    for (final GamePlayer p : players) {
      json.open('[').value(p.getName()).value(p.getOptional()).value(p.getCanBeDisabled());
      json.value(p.isHidden()).close(']');
    }
    json.close(']');
    final TreeSet<String> alliances = new TreeSet<>();
    for (final String alliance : data.getAllianceTracker().getAlliances()) {
      for (final GamePlayer p : data.getAllianceTracker().getPlayersInAlliance(alliance)) {
        alliances.add(p.getName() + "\u0000" + alliance);
      }
    }
    json.key("alliances").open('[');
    for (final String pair : alliances) {
      final String[] two = pair.split("\u0000", 2);
      json.open('[').value(two[0]).value(two[1]).close(']');
    }
    json.close(']');
    final List<String> resources = new ArrayList<>();
    data.getResourceList().getResources().forEach(r -> resources.add(r.getName()));
    json.key("resources").strings(resources);
    final List<String> unitTypes = new ArrayList<>();
    data.getUnitTypeList().forEach(u -> unitTypes.add(u.getName()));
    json.key("unitTypes").strings(unitTypes);
    final TreeSet<String> relationshipTypes = new TreeSet<>();
    data.getRelationshipTypeList().forEach(r -> relationshipTypes.add(r.getName()));
    json.key("relationshipTypes").strings(relationshipTypes);

    json.key("productionRules").open('{');
    final TreeMap<String, ProductionRule> productionRules = new TreeMap<>();
    data.getProductionRuleList().getProductionRules().forEach(r -> productionRules.put(r.getName(), r));
    productionRules.forEach((name, r) -> rule(json.key(name), r.getCosts(), r.getResults()));
    json.close('}');
    json.key("repairRules").open('{');
    final TreeMap<String, RepairRule> repairRules = new TreeMap<>();
    data.getRepairRules().getRepairRules().forEach(r -> repairRules.put(r.getName(), r));
    repairRules.forEach((name, r) -> rule(json.key(name), r.getCosts(), r.getResults()));
    json.close('}');
    json.key("productionFrontiers").open('{');
    for (final String name : new TreeSet<>(data.getProductionFrontierList().getProductionFrontierNames())) {
      final List<String> rules = new ArrayList<>();
      data.getProductionFrontierList().getProductionFrontier(name).getRules().forEach(r -> rules.add(r.getName()));
      json.key(name).strings(rules);
    }
    json.close('}');
    json.key("repairFrontiers").open('{');
    for (final String name : new TreeSet<>(data.getRepairFrontierList().getRepairFrontierNames())) {
      final List<String> rules = new ArrayList<>();
      data.getRepairFrontierList().getRepairFrontier(name).getRules().forEach(r -> rules.add(r.getName()));
      json.key(name).strings(rules);
    }
    json.close('}');
    json.key("playerProduction").open('{');
    for (final GamePlayer p : players) {
      final ProductionFrontier f = p.getProductionFrontier();
      if (f != null) {
        json.key(p.getName()).value(f.getName());
      }
    }
    json.close('}');
    json.key("playerRepair").open('{');
    for (final GamePlayer p : players) {
      final RepairFrontier f = p.getRepairFrontier();
      if (f != null) {
        json.key(p.getName()).value(f.getName());
      }
    }
    json.close('}');

    json.key("steps").open('[');
    for (final GameStep step : data.getSequence()) {
      json.open('{').key("name").value(step.getName()).key("delegate").value(step.getDelegateName());
      json.key("player").value(step.getPlayerId() == null ? null : step.getPlayerId().getName());
      json.key("maxRunCount").value(step.getMaxRunCount()).key("properties").open('{');
      new TreeMap<>(step.getProperties()).forEach((k, v) -> json.key(String.valueOf(k)).value(String.valueOf(v)));
      json.close('}').close('}');
    }
    json.close(']');

    json.key("technologies").open('[');
    for (final TechAdvance advance : data.getTechnologyFrontier().getTechs()) {
      json.open('[').value(advance.getName()).value(advance.getProperty()).close(']');
    }
    json.close(']');
    json.key("playerTechs").open('{');
    for (final GamePlayer p : players) {
      json.key(p.getName()).open('[');
      for (final TechnologyFrontier f : p.getTechnologyFrontierList().getFrontiers()) {
        final List<String> techs = new ArrayList<>();
        f.getTechs().forEach(t -> techs.add(t.getName()));
        json.open('[').value(f.getName()).strings(techs).close(']');
      }
      json.close(']');
    }
    json.close('}');

    final TreeSet<List<String>> attachments = new TreeSet<>(ReadGames::compareRows);
    data.getUnitTypeList().forEach(u -> attached("unitType", u, attachments));
    territories.forEach(t -> attached("territory", t, attachments));
    data.getResourceList().getResources().forEach(r -> attached("resource", r, attachments));
    data.getTerritoryEffectList().values().forEach(e -> attached("territoryEffect", e, attachments));
    players.forEach(p -> attached("player", p, attachments));
    attached("player", data.getPlayerList().getNullPlayer(), attachments);
    data.getRelationshipTypeList().forEach(r -> attached("relationship", r, attachments));
    data.getTechnologyFrontier().getTechs().forEach(t -> attached("technology", t, attachments));
    json.key("attachments").open('[');
    attachments.forEach(row -> json.strings(row));
    json.close(']');

    json.key("properties").open('{');
    properties(data.getProperties()).forEach((k, v) -> json.key(k).value(v));
    json.close('}');

    json.key("owners").open('{');
    territories.forEach(t -> json.key(t.getName()).value(name(t.getOwner())));
    json.close('}');
    final TreeMap<List<String>, Integer> units = new TreeMap<>(ReadGames::compareRows);
    for (final Territory t : territories) {
      for (final Unit u : t.getUnitCollection()) {
        final List<String> row =
            List.of(t.getName(), u.getType().getName(), name(u.getOwner()), String.valueOf(u.getHits()),
                String.valueOf(u.getUnitDamage()));
        units.merge(row, 1, Integer::sum);
      }
    }
    json.key("units").open('[');
    units.forEach((row, n) -> json.open('[').values(row).value(n).close(']'));
    json.close(']');
    json.key("heldUnits").open('{');
    for (final GamePlayer p : players) {
      final TreeMap<String, Integer> held = new TreeMap<>();
      p.getUnitCollection().forEach(u -> held.merge(u.getType().getName(), 1, Integer::sum));
      if (!held.isEmpty()) {
        json.key(p.getName()).open('{');
        held.forEach((k, v) -> json.key(k).value(v));
        json.close('}');
      }
    }
    json.close('}');
    json.key("playerResources").open('{');
    for (final GamePlayer p : players) {
      final IntegerMap<Resource> given = p.getResources().getResourcesCopy();
      final TreeMap<String, Integer> nonZero = new TreeMap<>();
      given.keySet().stream().filter(r -> given.getInt(r) != 0).forEach(r -> nonZero.put(r.getName(), given.getInt(r)));
      if (!nonZero.isEmpty()) {
        json.key(p.getName()).open('{');
        nonZero.forEach((k, v) -> json.key(k).value(v));
        json.close('}');
      }
    }
    json.close('}');
  }

  private static String name(final GamePlayer player) {
    return player == null ? null : player.getName();
  }

  private static <T extends NamedAttachable> void rule(
      final Json json, final IntegerMap<Resource> costs, final IntegerMap<T> results) {
    json.open('{').key("costs").open('{');
    final TreeMap<String, Integer> sorted = new TreeMap<>();
    costs.keySet().forEach(r -> sorted.put(r.getName(), costs.getInt(r)));
    sorted.forEach((k, v) -> json.key(k).value(v));
    json.close('}').key("results").open('{');
    sorted.clear();
    results.keySet().forEach(r -> sorted.put(r.getName(), results.getInt(r)));
    sorted.forEach((k, v) -> json.key(k).value(v));
    json.close('}').close('}');
  }

  private static void attached(
      final String kind, final NamedAttachable owner, final Collection<List<String>> rows) {
    for (final Map.Entry<String, IAttachment> e : ((Attachable) owner).getAttachments().entrySet()) {
      rows.add(List.of(kind, owner.getName(), e.getKey(), e.getValue().getClass().getSimpleName()));
    }
  }

  private static int compareRows(final List<String> a, final List<String> b) {
    for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
      final int c = a.get(i).compareTo(b.get(i));
      if (c != 0) {
        return c;
      }
    }
    return Integer.compare(a.size(), b.size());
  }

  /** Every property the game holds (constant, editable, per player) by name, as GameProperties.get reads it. */
  private static TreeMap<String, String> properties(final GameProperties properties) throws Exception {
    final TreeSet<String> names = new TreeSet<>(properties.getConstantPropertiesByName().keySet());
    names.addAll(properties.getEditablePropertiesByName().keySet());
    final Field field = GameProperties.class.getDeclaredField("playerProperties");
    field.setAccessible(true);
    ((Map<?, ?>) field.get(properties)).keySet().forEach(name -> names.add(String.valueOf(name)));
    final TreeMap<String, String> values = new TreeMap<>();
    names.forEach(name -> values.put(name, String.valueOf(properties.get(name))));
    return values;
  }

  /** A small JSON writer: commas between values are placed by itself. */
  private static final class Json {
    private final StringBuilder text = new StringBuilder();
    private boolean first = true;

    Json open(final char bracket) {
      separate();
      text.append(bracket);
      first = true;
      return this;
    }

    Json close(final char bracket) {
      text.append(bracket);
      first = false;
      return this;
    }

    Json key(final String key) {
      separate();
      quote(key);
      text.append(':');
      first = true;
      return this;
    }

    Json value(final String value) {
      separate();
      if (value == null) {
        text.append("null");
      } else {
        quote(value);
      }
      return this;
    }

    Json value(final boolean value) {
      separate();
      text.append(value);
      return this;
    }

    Json value(final int value) {
      separate();
      text.append(value);
      return this;
    }

    Json strings(final Collection<String> values) {
      open('[');
      return values(values).close(']');
    }

    Json values(final Collection<String> values) {
      values.forEach(this::value);
      return this;
    }

    private void separate() {
      if (!first) {
        text.append(',');
      }
      first = false;
    }

    private void quote(final String s) {
      text.append('"');
      for (int i = 0; i < s.length(); i++) {
        final char c = s.charAt(i);
        if (c == '"' || c == '\\') {
          text.append('\\').append(c);
        } else if (c < 0x20) {
          text.append(String.format("\\u%04x", (int) c));
        } else {
          text.append(c);
        }
      }
      text.append('"');
    }

    @Override
    public String toString() {
      return text.toString();
    }
  }
}
