"""Fuzzing every reader through the command line: mutated specs, game XML, game logs (YAML and JSON), map
zips, save games and configurations. Whatever the mutation, a command ends with 0, 1 or 2 and a message,
never an escaped exception (exit 3), a traceback, a hang (5 s a case) or a crash; the YAML reader's two
paths (libyaml and ruamel) agree on every document they both read.
"""

from __future__ import annotations

import gzip
from pathlib import Path

import yaml
from archives import zip_bytes
from fuzz_support import (
    CASES,
    JSON_SNIPPETS,
    MAP_TEXT_SNIPPETS,
    SAVE_SNIPPETS,
    XML_SNIPPETS,
    YAML_SNIPPETS,
    fuzz,
    mutated,
    run_cli,
    time_limit,
)
from hypothesis import given
from hypothesis import strategies as st

from compiler.problems import InputError
from compiler.yamlread import read_yaml, read_yaml_slowly

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "specs" / "two_fronts.yaml"
XML = ROOT / "output" / "two_fronts.xml"
SAVE = ROOT / "tests" / "saves" / "data" / "two_fronts_victory_2.7.tsvg"
SAVE_SPEC = ROOT / "tests" / "saves" / "data" / "two_fronts_victory.yaml"
LOG = b"""game: Two Fronts
initial: {owners: {Midmarch: Westerners}}
events:
  - {type: step, round: 1, player: Westerners, step: westernPurchase}
  - {type: purchase, units: {infantry: 2}, cost: {PUs: 6}}
  - {type: step, round: 1, player: Westerners, step: westernCombatMove}
  - {type: move, units: {armour: 2}, route: [Westland, Lowlands, Midmarch]}
  - {type: battle, territory: Steppes, attacker: Westerners, defender: Easterners, defender_losses: {infantry: 1},
     rounds: [{number: 1, rolls: [{firing: Westerners, units: [{type: armour, owner: Westerners}], dice: [2],
                                   hits: 1}]}]}
  - {type: ownership, territory: Steppes, new_owner: Westerners}
  - {type: political, player: Westerners, action: peace, players: [Easterners], new_relationship: Allied}
  - {type: resources, resource: PUs, amount: 12, reason: income}
  - {type: victory, winners: [League]}
"""
CONFIG = b"""engine: "2.x"
select: [unknown-unit, unknown-territory]
ignore: [isolated-territory]
severity: {missing-center: error}
per-path-ignores: {"maps/**": [unknown-property]}
strict: true
"""
MAP_TEXTS = {
    "polygons.txt": b"Westland  <  (0,0) (100,0) (100,100) (0,100)  >\n"
                    b"Lowlands  <  (100,0) (200,0) (200,100) (100,100)  >\n",
    "centers.txt": b"Westland  (50,50)\nLowlands  (150,50)\n",
    "place.txt": b"Westland  (40,40) (60,40)\nLowlands  (140,40)\n",
    "name_place.txt": b"Westland  (30,30)\n",
    "pu_place.txt": b"Lowlands  (150,70)\n",
    "vc.txt": b"Lowlands  (150,60)\n",
    "capitols.txt": b"Westland  (50,60)\n",
    "blockade.txt": b"Lowlands  (160,60)\n",
    "convoy.txt": b"Lowlands  (170,60)\n",
    "comments.txt": b"Westland  (20,20)\n",
    "kamikaze_place.txt": b"Westland  (25,25)\n",
    "territory_effects.txt": b"Lowlands  (180,80)\n",
    "decorations.txt": b"flag.png  (10,10) (20,20)\n",
    "map.properties": b"color.Westerners=0000FF\ncolor.Easterners=FF0000\nunits.scale=0.75\n"
                      b"map.width=200\nmap.height=100\n",
    "map.yml": b"map_name: two_fronts\ngames:\n  - game_name: Two Fronts\n    file_name: two_fronts.xml\n",
}


def _map_members() -> dict[str, bytes]:
    members = {f"two_fronts/map/{name}": data for name, data in MAP_TEXTS.items() if name != "map.yml"}
    members["two_fronts/map.yml"] = MAP_TEXTS["map.yml"]
    members["two_fronts/map/games/two_fronts.xml"] = XML.read_bytes()
    return members


@fuzz(600)
@given(text=mutated(SPEC.read_bytes(), YAML_SNIPPETS))
def test_specs(tmp_path: Path, text: bytes) -> None:
    spec = tmp_path / "fuzz.yaml"
    spec.write_bytes(text)
    run_cli("spec", "compile", spec, "-o", tmp_path / "out")
    run_cli("spec", "fmt", "--check", spec)
    run_cli("spec", "diff", spec, XML)


@fuzz(1000)
@given(text=mutated(XML.read_bytes(), XML_SNIPPETS))
def test_game_xml(tmp_path: Path, text: bytes) -> None:
    game = tmp_path / "fuzz.xml"
    game.write_bytes(text)
    run_cli("game XML", "validate", game)
    run_cli("game XML", "import", game)


@fuzz(800)
@given(text=mutated(LOG, YAML_SNIPPETS))
def test_yaml_logs(tmp_path: Path, text: bytes) -> None:
    log = tmp_path / "fuzz.yaml"
    log.write_bytes(text)
    run_cli("log", "check-log", log, "--spec", SPEC, "--rule", 'air-range:{"ranges": {"fighter": {"combat": 1}}}')


@fuzz(600)
@given(text=mutated(b'{"game": "Two Fronts", "events": [\n  {"type": "step", "round": 1, "player": "Westerners", '
                    b'"step": "westernCombatMove"},\n  {"type": "move", "units": {"armour": 2}, "route": ["Westland", '
                    b'"Lowlands"]},\n  {"type": "ownership", "territory": "Lowlands", "new_owner": "Westerners"}\n]}\n',
                    JSON_SNIPPETS))
def test_json_logs(tmp_path: Path, text: bytes) -> None:
    log = tmp_path / "fuzz.json"
    log.write_bytes(text)
    run_cli("log", "check-log", log, "--game", XML)


@fuzz(450)
@given(member=st.sampled_from(sorted(_map_members())), data=st.data())
def test_map_zips(tmp_path: Path, member: str, data: st.DataObject) -> None:
    """A member of a map zip (any text file TripleA reads) mutated, the zip itself sound, or the zip's own bytes
    mutated; reported in any output format, none of whose lines a CI system takes as a command."""
    members = _map_members()
    snippets = (XML_SNIPPETS if member.endswith(".xml") else YAML_SNIPPETS if member.endswith(".yml")
                else MAP_TEXT_SNIPPETS)
    members[member] = data.draw(mutated(members[member], snippets), label="member")
    raw = zip_bytes(members)
    if data.draw(st.booleans(), label="break the zip too"):
        raw = data.draw(mutated(raw, [b"PK\x03\x04", b"PK\x01\x02", b"PK\x05\x06", b"\xff\xff\xff\xff"]), label="zip")
    archive = tmp_path / "fuzz.zip"
    archive.write_bytes(raw)
    fmt = data.draw(st.sampled_from(["text", "json", "sarif", "github"]), label="format")
    _, output = run_cli("map zip", "validate", "--format", fmt, archive)
    commands = [line for line in output.splitlines() if line.lstrip().startswith("::")]
    assert fmt == "github" or not commands, commands


@fuzz(500)
@given(data=st.data())
def test_saves(tmp_path: Path, data: st.DataObject) -> None:
    """The save's Java stream mutated and compressed again, or its compressed bytes mutated."""
    raw = SAVE.read_bytes()
    if data.draw(st.booleans(), label="mutate the stream"):
        raw = gzip.compress(data.draw(mutated(gzip.decompress(raw), SAVE_SNIPPETS), label="stream"), 6)
    else:
        raw = data.draw(mutated(raw, SAVE_SNIPPETS), label="file")
    save = tmp_path / "fuzz.tsvg"
    save.write_bytes(raw)
    run_cli("save", "show-save", save, "--history")
    run_cli("save", "check-save", save, "--spec", SAVE_SPEC)


@fuzz(400)
@given(text=mutated(CONFIG, YAML_SNIPPETS))
def test_configurations(tmp_path: Path, text: bytes) -> None:
    config = tmp_path / ".triplea-compiler.yaml"
    config.write_bytes(text)
    run_cli("configuration", "validate", "--config", config, XML)


# Text without NEL, LS and PS: libyaml counts them as line breaks (YAML 1.1), ruamel does not (YAML 1.2), so
# the two paths place what follows them on different lines (the data read is the same).
_TEXT = st.text(st.characters(exclude_characters="\x85\u2028\u2029"), max_size=12)
_SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-(2**31), 2**31 - 1), _TEXT, st.floats(allow_nan=False))
_DOCUMENTS = st.recursive(_SCALARS, lambda inner: st.lists(inner, max_size=4)
                          | st.dictionaries(_TEXT, inner, max_size=4), max_leaves=30)


@fuzz(800)
@given(document=_DOCUMENTS, flow=st.booleans())
def test_yaml_reader_paths_agree(document: object, flow: bool) -> None:
    """What PyYAML writes, both paths of the one YAML reader read back alike (keys as text)."""
    CASES["YAML reader"] += 1
    text = yaml.safe_dump(document, default_flow_style=flow, allow_unicode=True)
    try:
        with time_limit():
            fast = read_yaml(text, "doc.yaml")
    except InputError:
        fast = None
    try:
        with time_limit():
            slow = read_yaml_slowly(text, "doc.yaml")
    except InputError:
        slow = None
    assert (fast is None) == (slow is None), text
    if fast is not None and slow is not None:
        assert repr(fast[0]) == repr(slow[0]), text
        assert fast[1].at == slow[1].at, text


@fuzz(600)
@given(text=mutated(SPEC.read_bytes(), YAML_SNIPPETS))
def test_yaml_reader_on_mutated_text(text: bytes) -> None:
    """The reader itself: data, or a located InputError; the two paths agree when both read the text
    (ruamel refuses a few things libyaml reads, such as a tab after a plain scalar)."""
    CASES["YAML reader"] += 1
    source = text.decode("utf-8", "replace")
    results = []
    for read in (read_yaml, read_yaml_slowly):
        try:
            with time_limit():
                results.append(read(source, "m.yaml")[0])
        except InputError as err:
            assert err.location.path == "m.yaml" and err.code in ("yaml-syntax", "unreadable")
    if len(results) == 2:
        assert repr(results[0]) == repr(results[1])
