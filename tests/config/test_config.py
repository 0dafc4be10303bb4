"""compiler.config: found upward from each file, read once, every mistake located."""

from __future__ import annotations

from pathlib import Path

import pytest

import compiler.config as config_module
from compiler.config import NO_CONFIG, ConfigError, ConfigFinder, glob_pattern, load_config
from compiler.problems import Severity

TABLE = "[tool.triplea-compiler]\n"


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def errors(path: Path) -> list[str]:
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    return [str(p) for p in caught.value.problems]


# --- finding -------------------------------------------------------------------------------------------


def test_the_nearest_yaml_wins(tmp_path: Path) -> None:
    write(tmp_path / ".triplea-compiler.yaml", "strict: true\n")
    inner = write(tmp_path / "maps" / ".triplea-compiler.yml", "engine: '1.9'\n")
    finder = ConfigFinder()
    deep = finder.for_file(tmp_path / "maps" / "big" / "games" / "a.xml")
    assert (deep.path, deep.engine, deep.strict) == (inner, "1.9", False)  # the nearest only: no merging
    top = finder.for_file(tmp_path / "b.xml")
    assert (top.path, top.strict) == (tmp_path / ".triplea-compiler.yaml", True)


def test_a_pyproject_counts_only_with_the_table(tmp_path: Path) -> None:
    write(tmp_path / "pyproject.toml", f'[project]\nname = "x"\n\n{TABLE}ignore = ["isolated-territory"]\n')
    write(tmp_path / "game" / "pyproject.toml", '[project]\nname = "triplea-compiler-maps"\n')
    found = ConfigFinder().for_file(tmp_path / "game" / "a.xml")
    assert found.path == tmp_path / "pyproject.toml"  # the inner pyproject, without the table, is passed over
    assert found.ignore == {"isolated-territory"}


def test_yaml_wins_over_pyproject_in_the_same_folder(tmp_path: Path) -> None:
    write(tmp_path / "pyproject.toml", f"{TABLE}strict = true\n")
    write(tmp_path / ".triplea-compiler.yaml", "strict: false\n")
    assert ConfigFinder().for_file(tmp_path / "a.xml").path == tmp_path / ".triplea-compiler.yaml"


def test_a_subtable_and_a_dotted_key_are_tables_too(tmp_path: Path) -> None:
    write(tmp_path / "a" / "pyproject.toml", '[tool.triplea-compiler.severity]\nmissing-center = "error"\n')
    write(tmp_path / "b" / "pyproject.toml", '[tool]\ntriplea-compiler.strict = true\n')
    finder = ConfigFinder()
    assert finder.for_file(tmp_path / "a" / "x.xml").severity == {"missing-center": Severity.ERROR}
    assert finder.for_file(tmp_path / "b" / "x.xml").strict


def test_no_config_anywhere_gives_the_defaults(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(config_module, "config_in", lambda folder: None)
    assert ConfigFinder().for_file(tmp_path / "a.xml") is NO_CONFIG


def test_every_folder_is_searched_and_every_config_read_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write(tmp_path / ".triplea-compiler.yaml", "strict: true\n")
    searched: list[Path] = []
    loaded: list[Path] = []
    real_in, real_load = config_module.config_in, config_module.load_config
    monkeypatch.setattr(config_module, "config_in", lambda folder: searched.append(folder) or real_in(folder))
    monkeypatch.setattr(config_module, "load_config", lambda path: loaded.append(path) or real_load(path))
    finder = ConfigFinder()
    files = [tmp_path / d / f"{n}.xml" for d in ("m1/games", "m2/games", "m1/games") for n in range(5)]
    assert all(finder.for_file(f).strict for f in files)
    assert loaded == [tmp_path / ".triplea-compiler.yaml"]
    assert len(searched) == len(set(searched)) == 5  # m1/games, m1, tmp_path, m2/games, m2


def test_an_explicit_config_is_used_without_a_search(tmp_path: Path) -> None:
    write(tmp_path / "maps" / ".triplea-compiler.yaml", "strict: true\n")
    chosen = write(tmp_path / "ci.toml", f'{TABLE}engine = "1.9"\n')
    found = ConfigFinder(chosen).for_file(tmp_path / "maps" / "a.xml")
    assert (found.path, found.engine, found.strict) == (chosen, "1.9", False)


def test_a_zip_member_and_stdin_find_the_config_of_their_folder(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    write(tmp_path / ".triplea-compiler.yaml", "strict: true\n")
    monkeypatch.chdir(tmp_path)
    finder = ConfigFinder()
    assert finder.for_file(f"{tmp_path}/maps/x.zip!/games/a.xml").strict
    assert finder.for_file("<stdin>").strict


# --- reading every key ---------------------------------------------------------------------------------


def test_every_key_read_alike_from_yaml_and_toml(tmp_path: Path) -> None:
    yaml = write(tmp_path / "y" / ".triplea-compiler.yaml", """\
engine: "1.9"
select: [unknown-unit, isolated-territory]
ignore: [missing-center]
severity: {isolated-territory: error}
per-path-ignores:
  "old/**": [unknown-unit]
strict: true
""")
    toml = write(tmp_path / "t" / "pyproject.toml", f"""\
{TABLE}engine = "1.9"
select = ["unknown-unit", "isolated-territory"]
ignore = ["missing-center"]
severity = {{ isolated-territory = "error" }}
per-path-ignores = {{ "old/**" = ["unknown-unit"] }}
strict = true
""")
    a, b = load_config(yaml), load_config(toml)
    for config in (a, b):
        assert config.engine == "1.9" and config.strict
        assert config.select == {"unknown-unit", "isolated-territory"}
        assert config.ignore == {"missing-center"}
        assert config.severity == {"isolated-territory": Severity.ERROR}
        assert [(e.glob, e.codes) for e in config.per_path_ignores] == [("old/**", {"unknown-unit"})]


def test_an_empty_yaml_is_all_defaults(tmp_path: Path) -> None:
    config = load_config(write(tmp_path / ".triplea-compiler.yaml", "# nothing yet\n"))
    assert (config.select, config.ignore, config.strict, config.engine) == (None, frozenset(), False, None)


def test_per_path_ignores_match_relative_to_the_config_folder(tmp_path: Path) -> None:
    config = load_config(write(tmp_path / ".triplea-compiler.yaml", """\
per-path-ignores:
  "maps/**/games/*.xml": [unknown-unit]
  "legacy.xml": [isolated-territory]
  "maps/z.zip/**": [missing-center]
"""))
    assert config.ignored_at(str(tmp_path / "maps" / "a" / "b" / "games" / "g.xml"), "unknown-unit")
    assert config.ignored_at(str(tmp_path / "maps" / "games" / "g.xml"), "unknown-unit")
    assert not config.ignored_at(str(tmp_path / "maps" / "games" / "sub" / "g.xml"), "unknown-unit")
    assert not config.ignored_at(str(tmp_path / "maps" / "games" / "g.xml"), "isolated-territory")
    assert config.ignored_at(str(tmp_path / "deep" / "legacy.xml"), "isolated-territory")  # no '/': any folder
    assert config.ignored_at(f"{tmp_path}/maps/z.zip!/games/g.xml", "missing-center")
    assert not config.ignored_at(str(tmp_path.parent / "maps" / "games" / "g.xml"), "unknown-unit")
    assert not config.ignored_at("<stdin>", "unknown-unit")


@pytest.mark.parametrize(
    ("glob", "path", "matches"),
    [
        ("*.xml", "a.xml", True), ("*.xml", "d/a.xml", False), ("**/*.xml", "a.xml", True),
        ("**/*.xml", "d/e/a.xml", True), ("d/**", "d/e/a.xml", True), ("d/?.xml", "d/a.xml", True),
        ("d/[ab].xml", "d/b.xml", True), ("d/[!ab].xml", "d/b.xml", False), ("a+b.xml", "a+b.xml", True),
    ],
)
def test_glob_patterns(glob: str, path: str, matches: bool) -> None:
    assert bool(glob_pattern(glob).match(path)) is matches


# --- every mistake is located ----------------------------------------------------------------------------


def test_yaml_mistakes_are_located(tmp_path: Path) -> None:
    path = write(tmp_path / ".triplea-compiler.yaml", """\
engine: "2.5x"
select: [unknown-unit, isolated-teritory]
strcit: true
severity: {missing-center: fatal}
ignore: [xml-syntax]
per-path-ignores: {"a/*": oops}
""")
    assert errors(path) == [
        f"{path}:1:1: error: 'engine': unknown engine '2.5x' (choose from latest, 2.x, 2026-08, "
            "2026-07, 2026-06, 2.7, 2.6, 2.5, 1.9, or a full version such as 2026-08.16.15726) [config-error]",
        f"{path}:2:24: error: unknown id 'isolated-teritory' (did you mean 'isolated-territory'?) [config-error]",
        f"{path}:3:1: error: unknown key 'strcit' (did you mean 'strict'?) [config-error]",
        f"{path}:4:12: error: 'severity.missing-center': Input should be 'error' or 'warning' [config-error]",
        f"{path}:5:10: error: 'xml-syntax' cannot be ignored or downgraded: unreadable input is always reported"
        " [config-error]",
        f"{path}:6:20: error: 'per-path-ignores.a/*': Input should be a valid list [config-error]",
    ]


def test_yaml_syntax_and_shape(tmp_path: Path) -> None:
    broken = write(tmp_path / "a" / ".triplea-compiler.yaml", "select: [unknown-unit\n")
    assert errors(broken)[0].startswith(f"{broken}:2:1: error: YAML syntax error")
    listed = write(tmp_path / "b" / ".triplea-compiler.yaml", "- strict\n")
    assert errors(listed) == [f"{listed}:1:1: error: a configuration is a mapping of keys (engine:, select:, "
                              "ignore:, ...) [config-error]"]
    typed = write(tmp_path / "c" / ".triplea-compiler.yaml", "strict: yes\nselect: unknown-unit\n")
    assert errors(typed) == [f"{typed}:1:1: error: 'strict': Input should be a valid boolean [config-error]",
                             f"{typed}:2:1: error: 'select': Input should be a valid list [config-error]"]


def test_toml_mistakes_are_located(tmp_path: Path) -> None:
    path = write(tmp_path / "pyproject.toml", f"""\
[project]
name = "maps"

{TABLE}select = ["unknown-unit", "isolated-teritory"]
strict = "yes"

[tool.triplea-compiler.severity]
missing-center = "fatal"
""")
    assert errors(path) == [
        f"{path}:5:27: error: unknown id 'isolated-teritory' (did you mean 'isolated-territory'?) [config-error]",
        f"{path}:6:1: error: 'strict': Input should be a valid boolean [config-error]",
        f"{path}:9:1: error: 'severity.missing-center': Input should be 'error' or 'warning' [config-error]",
    ]
    broken = write(tmp_path / "b" / "pyproject.toml", f"{TABLE}strict = \n")
    assert errors(broken) == [f"{broken}:2:10: error: TOML syntax error: Invalid value [config-error]"]
    no_table = write(tmp_path / "c" / "other.toml", "[tool.ruff]\n")
    assert errors(no_table) == [f"{no_table}:1:1: error: no [tool.triplea-compiler] table in this file"
                                " [config-error]"]


def test_a_missing_explicit_config_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as caught:
        ConfigFinder(tmp_path / "nope.yaml")
    assert "cannot read configuration" in str(caught.value)
