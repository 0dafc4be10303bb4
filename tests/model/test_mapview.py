"""The map view on real games: borders, connected parts, distances and routes agree with networkx over
the game's connections; canals and straits sit on the borders they cross; one view per game model."""

from __future__ import annotations

import doctest
import gc
import random
import subprocess
import sys
from pathlib import Path

import networkx as nx
import pytest
from reference_data import corpus_files, or_placeholder

from compiler.model import Connection, GameModel, Info, Territory
from compiler.model import mapview as mv
from compiler.model.mapview import MapView, map_view
from compiler.xml.parse import parse_file

ROOT = Path(__file__).resolve().parents[2]
OUTPUT = sorted((ROOT / "output").glob("*.xml"))


def _game(path: Path, request: pytest.FixtureRequest) -> GameModel:
    if path not in OUTPUT:
        request.getfixturevalue("shared")
    return parse_file(path).model


def _reference(game: GameModel) -> nx.Graph:
    g: nx.Graph = nx.Graph()
    g.add_nodes_from(t.name for t in game.territories)
    g.add_edges_from((c.t1, c.t2) for c in game.connections)
    return g


def test_examples_in_the_docstring_hold() -> None:
    assert doctest.testmod(mv).failed == 0


@pytest.mark.parametrize("path", [*OUTPUT, *or_placeholder(corpus_files())], ids=lambda p: p.stem)
def test_the_view_agrees_with_networkx(path: Path, request: pytest.FixtureRequest) -> None:
    game = _game(path, request)
    view = map_view(game)
    ref = _reference(game)
    assert {t: set(ref[t]) for t in ref} == {t: set(n) for t, n in view.adjacency.items()}
    assert view.water == game.water_names() and view.names == game.territory_names()
    known = game.territory_names()
    joined = ref.edge_subgraph((a, b) for a, b in ref.edges if a in known and b in known)
    ordered = nx.Graph()  # nodes in the order connections name them, as the view orders its parts
    ordered.add_edges_from((c.t1, c.t2) for c in game.connections if c.t1 in known and c.t2 in known)
    assert view.components() == [set(part) for part in nx.connected_components(ordered)]
    assert sum(len(p) for p in view.components()) == joined.number_of_nodes()
    for t in game.territories:
        assert view.connected(t.name) == (ref.degree(t.name) > 0)
    rnd = random.Random(path.stem)
    names = list(ref)
    for _ in range(40):
        start, goal = rnd.choice(names), rnd.choice(names)
        through = None if rnd.random() < 0.5 else set(rnd.sample(names, len(names) // 2))
        allowed = ref if through is None else ref.subgraph({start, goal} | through)
        expected = nx.shortest_path_length(allowed, start, goal) if nx.has_path(allowed, start, goal) else None
        assert view.distance(start, {goal}, through) == expected
        route = view.route(start, goal, through)
        assert (route is None) == (expected is None)
        if route is not None:
            assert len(route) - 1 == expected and route[0] == start and route[-1] == goal
            assert all(view.adjacent(a, b) for a, b in zip(route, route[1:], strict=False))


def test_canals_and_straits_sit_on_the_borders_they_cross() -> None:
    game = parse_file(ROOT / "output" / "aggression_1939.xml").model
    view = map_view(game, straits={"Danish straits": ("Denmark", "Germany"), "Skagerrak": ("Denmark", "S.Norway")})
    suez = next(c for c in view.canals if c.name == "Suez Canal")
    assert suez.sea_zones == {"Sea Zone 28", "Sea Zone 41"} and suez.territories == ("Cairo", "Middle East")
    assert view.canals_between("Sea Zone 28", "Sea Zone 41") == (suez,)
    assert view.canals_between("Sea Zone 28", "Sea Zone 28") == ()
    g = view.graph()
    assert g.edges["Sea Zone 28", "Sea Zone 41"]["canals"] == ("Suez Canal",)
    assert sum(bool(data["canals"]) for _, _, data in g.edges(data=True)) == 3  # Suez, Kiel, Panama
    assert g.nodes["Sea Zone 28"]["water"] and not g.nodes["Cairo"]["water"]
    assert g.edges["Germany", "Denmark"]["strait"] == "Danish straits"
    skagerrak = view.strait_between("S.Norway", "Denmark")  # a strait without a connection adds none
    assert skagerrak is not None and skagerrak.name == "Skagerrak" and not g.has_edge("Denmark", "S.Norway")
    assert sum(data["strait"] is not None for _, _, data in g.edges(data=True)) == 1


def test_one_view_per_game_model() -> None:
    game = GameModel(info=Info(name="g"), territories=[Territory(name="A"), Territory(name="B")],
                     connections=[Connection(t1="A", t2="B")])
    view = map_view(game)
    assert map_view(game) is view
    assert map_view(game, [("A", "B")]) is not view  # other straits, another view
    assert map_view(game, [("A", "B")]).strait_between("B", "A") == mv.Strait("A-B", ("A", "B"))
    game.territories.append(Territory(name="C", water=True))
    grown = map_view(game)
    assert grown is not view and grown.is_water("C") and not grown.connected("C")
    twin = game.model_copy(deep=True)
    assert map_view(twin) is not grown  # equal models, but each its own view
    before = len(mv._VIEWS)
    del game, twin, view, grown
    gc.collect()
    assert len(mv._VIEWS) <= before - 2  # a collected model's view goes with it


def test_names_without_territories() -> None:
    view = MapView([Territory(name="A")], [Connection(t1="A", t2="Ghost")])
    assert view.neighbours("A") == {"Ghost"} and view.connected("A") and not view.knows("Ghost")
    assert view.components() == [] and view.is_land("Ghost")
    assert view.neighbours("Nowhere") == frozenset() and view.distance("Nowhere", {"A"}) is None
    assert view.distance("A", {"A"}) == 0 and view.route("A", "A") == ["A"]
    assert view.route("Nowhere", "A") is None


def test_validate_does_not_load_networkx() -> None:
    """networkx costs about 200 ms to import: validation (borders and parts only) must not pay it."""
    code = ("import sys; from click.testing import CliRunner; from compiler.cli import main; "
            f"CliRunner().invoke(main, ['validate', {str(ROOT / 'output' / 'aggression_1939.xml')!r}]); "
            "print('networkx' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == "False"
