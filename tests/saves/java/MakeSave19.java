import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import games.strategy.engine.data.Change;
import games.strategy.engine.data.GameData;
import games.strategy.engine.data.GameParser;
import games.strategy.engine.data.GameStep;
import games.strategy.engine.data.PlayerID;
import games.strategy.engine.data.RelationshipType;
import games.strategy.engine.data.Resource;
import games.strategy.engine.data.Route;
import games.strategy.engine.data.Territory;
import games.strategy.engine.data.Unit;
import games.strategy.engine.data.UnitType;
import games.strategy.engine.data.changefactory.ChangeFactory;
import games.strategy.engine.framework.GameDataManager;
import games.strategy.engine.history.EventChild;
import games.strategy.engine.history.HistoryWriter;
import games.strategy.triplea.delegate.dataObjects.MoveDescription;
import games.strategy.triplea.delegate.dataObjects.PlacementDescription;

/**
 * Makes a real TripleA 1.9 save game with a small history, for the save reader's tests.
 *
 * <p>Usage: MakeSave19 GAME.xml OUT.tsvg MOVER FROM TO UNITTYPE COUNT BUYTYPE PLACE_IN
 * Writes one round: a purchase (BUYTYPE for MOVER, 5 PUs less), a move of COUNT units of UNITTYPE
 * from FROM to TO, a battle event that hands TO to MOVER, a placement in PLACE_IN, then a political
 * action (MOVER and the old owner of TO become allied), a 10 PUs income, and the moved units handed
 * over to the old owner of TO; last, the end-of-game event of an Axis military victory.
 */
public final class MakeSave19 {
  private MakeSave19() {}

  private static GameStep findStep(GameData data, PlayerID player, String delegate) {
    for (GameStep step : data.getSequence()) {
      if (step.getPlayerId() == player && step.getDelegate() != null
          && step.getDelegate().getName().equals(delegate)) {
        return step;
      }
    }
    throw new IllegalArgumentException("no " + delegate + " step for " + player.getName());
  }

  private static void change(GameData data, HistoryWriter writer, Change change) {
    data.performChange(change);
    writer.addChange(change);
  }

  private static void step(HistoryWriter writer, GameStep step) {
    writer.startNextStep(step.getName(), step.getDelegate().getName(), step.getPlayerId(),
        step.getDisplayName());
  }

  public static void main(String[] args) throws Exception {
    System.setOut(System.err);
    GameData data;
    try (InputStream in = new FileInputStream(args[0])) {
      data = new GameParser(args[0]).parse(in, new AtomicReference<>(), false);
    }
    PlayerID mover = data.getPlayerList().getPlayerId(args[2]);
    Territory from = data.getMap().getTerritory(args[3]);
    Territory to = data.getMap().getTerritory(args[4]);
    UnitType moveType = data.getUnitTypeList().getUnitType(args[5]);
    int count = Integer.parseInt(args[6]);
    UnitType buyType = data.getUnitTypeList().getUnitType(args[7]);
    Territory placeIn = data.getMap().getTerritory(args[8]);
    Resource pus = data.getResourceList().getResource("PUs");

    HistoryWriter writer = data.getHistory().getHistoryWriter();
    writer.startNextRound(1);

    step(writer, findStep(data, mover, "purchase"));
    List<Unit> bought = buyType.create(1, mover);
    writer.startEvent(mover.getName() + " buy 1 " + buyType.getName());
    writer.setRenderingData(bought);
    change(data, writer, ChangeFactory.addUnits(mover, bought));
    change(data, writer, ChangeFactory.changeResourcesChange(mover, pus, -5));

    step(writer, findStep(data, mover, "move"));
    List<Unit> moving = new ArrayList<>();
    for (Unit unit : from.getUnits().getUnits()) {
      if (unit.getType() == moveType && unit.getOwner() == mover && moving.size() < count) {
        moving.add(unit);
      }
    }
    Route route = new Route(from, to);
    writer.startEvent(moving.size() + " " + moveType.getName() + " moved from " + from.getName()
        + " to " + to.getName());
    writer.setRenderingData(new MoveDescription(moving, route));
    change(data, writer, ChangeFactory.moveUnits(from, to, moving));

    step(writer, findStep(data, mover, "battle"));
    writer.startEvent("Battle in " + to.getName());
    writer.setRenderingData(to);
    writer.addChildToEvent(new EventChild(mover.getName() + " attack with " + moving.size() + " "
        + moveType.getName(), new ArrayList<>(moving)));
    List<Unit> defenders = new ArrayList<>();
    for (Unit unit : to.getUnits().getUnits()) {
      if (unit.getOwner() != mover) {
        defenders.add(unit);
      }
    }
    if (!defenders.isEmpty()) {
      writer.addChildToEvent(new EventChild(defenders.size() + " units lost in " + to.getName(),
          new ArrayList<>(defenders)));
      change(data, writer, ChangeFactory.removeUnits(to, defenders));
    }
    writer.addChildToEvent(new EventChild(mover.getName() + " win", new ArrayList<>(moving)));
    change(data, writer, ChangeFactory.changeOwner(to, mover));

    step(writer, findStep(data, mover, "place"));
    writer.startEvent(mover.getName() + " place 1 " + buyType.getName() + " in " + placeIn.getName());
    writer.setRenderingData(new PlacementDescription(bought, placeIn));
    change(data, writer, ChangeFactory.removeUnits(mover, bought));
    change(data, writer, ChangeFactory.addUnits(placeIn, bought));

    PlayerID loser = defenders.isEmpty() ? null : defenders.get(0).getOwner();
    if (loser != null) {
      writer.startNextStep(mover.getName() + "Politics", "politics", mover, "Politics");
      RelationshipType allied = data.getRelationshipTypeList().getRelationshipType("default_allied_relation");
      RelationshipType old = data.getRelationshipTracker().getRelationshipType(mover, loser);
      writer.startEvent(mover.getName() + " Political Action: Make Peace");
      writer.addChildToEvent(new EventChild(mover.getName() + " succeeds on action: Make Peace: Changing "
          + "Relationship for " + mover.getName() + " and " + loser.getName() + " from " + old.getName()
          + " to " + allied.getName(), null));
      change(data, writer, ChangeFactory.relationshipChange(mover, loser, old, allied));
    }

    step(writer, findStep(data, mover, "endTurn"));
    writer.startEvent(mover.getName() + " collect 10 PUs");
    change(data, writer, ChangeFactory.changeResourcesChange(mover, pus, 10));
    if (loser != null) {
      writer.startEvent("Units handed over in " + to.getName());
      change(data, writer, ChangeFactory.changeOwner(moving, loser, to));
    }

    // the text TripleA's EndRoundDelegate writes when an alliance wins
    writer.startEvent("Axis achieve a military victory");

    try (OutputStream out = new FileOutputStream(args[1])) {
      GameDataManager.saveGame(out, data);
    }
    Runtime.getRuntime().halt(0);
  }
}
