"""Pictures of a game: the map drawn from its polygons (or from its connection graph when it has no
map), with owners, units, capitals, victory cities, canals, straits and problems; SVG and PNG; an HTML
report for validate; a chart of resources per round for a save.

    from compiler.draw import draw_game
    scene = draw_game(model, map_files=files, state=save.state, problems=problems)
    svg_text = render_svg(scene)

The pieces: colors (player colours of map.properties), facts (what the board shows, from the model
and a state), locate (which territory a problem is about), scene (what to draw, in map pixels),
map_scene and schematic (the two ways of placing territories), svg and png (renderers),
html_report (the page; html_outline groups inputs by map folder and findings by check, html_map draws
each folder's map once with every mark), chart.
"""

from compiler.draw.build import draw_game
from compiler.draw.png import render_png
from compiler.draw.scene import Scene
from compiler.draw.svg import render_svg

__all__ = ["Scene", "draw_game", "render_png", "render_svg"]
