import games.strategy.engine.framework.map.file.system.loader.InstalledMapsListing;
import java.nio.file.Path;

/**
 * What a TripleA release lists in a downloaded-maps folder, read by its own InstalledMapsListing (the
 * "select game" list): one line per game, GAME TAB game name TAB the XML TripleA opens for it (or -), then
 * per map name given, CONTENT TAB map name TAB the folder TripleA takes the map's files from (or -).
 * usage: InstalledGames DOWNLOADED_MAPS_FOLDER [MAP_NAME...]
 */
public final class InstalledGames {
  private InstalledGames() {}

  public static void main(final String[] args) {
    final InstalledMapsListing listing = InstalledMapsListing.parseMapFiles(Path.of(args[0]));
    for (final String game : listing.getSortedGameList()) {
      System.out.println("GAME\t" + game + "\t"
          + listing.findGameXmlPathByGameName(game).map(Path::toString).orElse("-"));
    }
    for (int i = 1; i < args.length; i++) {
      System.out.println("CONTENT\t" + args[i] + "\t"
          + listing.findContentRootForMapName(args[i]).map(Path::toString).orElse("-"));
    }
  }
}
