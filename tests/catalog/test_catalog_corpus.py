"""Cross-check of the 2.x catalog against real games: the current TripleA loads every XML of
../shared (its smoke test parses them), so every class, option, attach type and delegate they use
must be known to the 2.x catalog. Property names are looser: TripleA stores any property and reads
only its own, so maps carry custom ones; those are listed, not failed."""

from __future__ import annotations

from collections import defaultdict
from functools import cache
from pathlib import Path

from compiler.catalog import load_catalog
from compiler.catalog.values import value_problem
from compiler.model.game import GameModel
from compiler.xml.parse import parse_file
from tests.conftest import corpus_files


@cache
def _model(path: Path) -> GameModel:
    return parse_file(path).model


def _games(shared: Path) -> list[Path]:
    files = corpus_files()
    assert len(files) >= 50, "expected the 51 corpus games and the reference maps"
    return files


def test_every_attachment_class_option_and_type_is_known_to_2x(shared: Path) -> None:
    cat = load_catalog("2.x")
    unknown: dict[str, set[str]] = defaultdict(set)
    used = 0
    for path in _games(shared):
        for att in _model(path).attachments:
            info = cat.attachment_class(att.java_class)
            if info is None:
                unknown[f"class {att.java_class}"].add(path.name)
                continue
            if not cat.attachment_name_ok(att.java_class, att.name):
                unknown[f"{info.simple_name} named {att.name}"].add(path.name)
            if att.type not in info.attach_types:
                unknown[f"{info.simple_name} attached to type {att.type}"].add(path.name)
            for opt in att.options:
                used += 1
                if cat.option(att.java_class, opt.name) is None and not cat.ignored_option(opt.name, opt.value):
                    unknown[f"{info.simple_name}.{opt.name}"].add(path.name)
                elif opt.count and not cat.ignored_option(opt.name, opt.value):
                    if not cat.option(att.java_class, opt.name).count:
                        unknown[f"{info.simple_name}.{opt.name} with count"].add(path.name)
    assert used > 100_000
    assert not unknown, {k: sorted(v)[:3] for k, v in unknown.items()}


def test_every_delegate_and_step_is_known_to_2x(shared: Path) -> None:
    cat = load_catalog("2.x")
    unknown: set[str] = set()
    for path in _games(shared):
        model = _model(path)
        unknown |= {d.java_class for d in model.delegates if cat.delegate(d.java_class) is None}
        if model.loader is not None and not cat.loader_known(model.loader):
            unknown.add(f"loader {model.loader}")
    assert not unknown


# Step properties TripleA never reads, found in the corpus (Empire.xml): ignored by both engines.
UNREAD_STEP_PROPERTIES = {"resetUnitState"}


def test_step_properties_are_known_or_listed(shared: Path) -> None:
    cat = load_catalog("2.x")
    seen = {p.name for path in _games(shared) for s in _model(path).steps for p in s.properties}
    assert seen - cat.step_property_names() == UNREAD_STEP_PROPERTIES


def unknown_properties(files: list[Path], engine: str = "2.x") -> dict[str, set[str]]:
    """Property names of `files` the engine does not read, with the games that use them."""
    cat = load_catalog(engine)
    found: dict[str, set[str]] = defaultdict(set)
    for path in files:
        model = _model(path)
        alliances = {a.alliance for a in model.alliances}
        for prop in model.properties:
            if cat.property(prop.name, model.player_names(), alliances) is None:
                found[prop.name].add(path.name)
    return found


def test_most_corpus_properties_are_known_and_the_rest_listed(shared: Path) -> None:
    files = _games(shared)
    total = {p.name for path in files for p in _model(path).properties}
    unknown = unknown_properties(files)
    # Real map-specific names TripleA ignores (they drive triggers through gameProperty options
    # or are left over from older engines); a catalog that lost a real property would add e.g.
    # "Low Luck" here.
    assert {"Allied Air Dependents", "Display Sea Names", "Rocket Attacks Per Factory Infinite"} <= set(unknown)
    for real in ("Low Luck", "WW2V3", "Use Triggers", "mapName", "Germans bid", "Total Victory"):
        assert real not in unknown
    assert len(total) - len(unknown) >= 100


def test_every_corpus_value_fits_its_kind(shared: Path) -> None:
    """The kinds the checker understands accept every value TripleA 2.x loads."""
    cat = load_catalog("2.x")
    bad: dict[tuple[str, str], str] = {}
    for path in _games(shared):
        for att in _model(path).attachments:
            for opt in att.options:
                info = cat.option(att.java_class, opt.name)
                problem = info and value_problem(info.kind, opt.value, opt.count)
                if problem:
                    bad[(att.java_class.rsplit(".", 1)[-1], info.name)] = f"{path.name}: {problem}"
    assert not bad
