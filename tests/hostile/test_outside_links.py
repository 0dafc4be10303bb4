"""Map folders that lead out of themselves: a map file or a game XML that is a symbolic link to a file outside
the map folder is refused (`outside-link`, located at the link, naming where it points), never read; a zip
member whose name climbs out (`../`) refuses the zip; folder walks never enter a symlinked folder and stop
at their depth and count bounds with a located refusal (a tree 5,000 folders deep is no RecursionError)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from archives import zip_bytes
from click.testing import CliRunner
from hostile_inputs import XML, nest_folders, remove_nested

from compiler.cli import main
from compiler.mapfolder.file_index import build_index
from compiler.mapfolder.source import discover, load_map_dir
from compiler.mapfolder.walk import MAX_WALK_DEPTH, climbs_out, walk_files
from compiler.problems import InputError

CENTERS = "Westland (10,10)\n"


def _map(folder: Path) -> Path:
    (folder / "games").mkdir(parents=True)
    (folder / "games" / "g.xml").write_bytes(XML.read_bytes())
    return folder


@pytest.mark.parametrize("name", ["centers.txt", "polygons.txt", "map.properties", "map.yml"])
def test_a_map_file_linked_outside_is_refused_not_read(tmp_path: Path, name: str) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("not a map file\n", encoding="utf-8")
    folder = _map(tmp_path / "m")
    (folder / name).symlink_to(secret)
    with pytest.raises(InputError) as caught:
        load_map_dir(folder)
    error = caught.value
    assert error.code == "outside-link" and error.location.path == str(folder / name)
    assert f"symbolic link to {secret}" in error.message and "not followed" in error.message


def test_a_map_yml_linked_outside_the_repository_above_is_refused(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    folder = _map(repo / "map")
    (tmp_path / "other.yml").write_text("map_name: X\n", encoding="utf-8")
    (repo / "map.yml").symlink_to(tmp_path / "other.yml")
    with pytest.raises(InputError, match="outside the map folder") as caught:
        load_map_dir(folder)
    assert caught.value.location.path == str(repo / "map.yml")


def test_a_link_that_stays_inside_the_map_folder_is_read(tmp_path: Path) -> None:
    folder = _map(tmp_path / "m")
    (folder / "data").mkdir()
    (folder / "data" / "centers.txt").write_text(CENTERS, encoding="utf-8")
    (folder / "centers.txt").symlink_to("data/centers.txt")
    assert load_map_dir(folder).files["centers.txt"][1] == CENTERS


def test_a_game_linked_outside_is_a_located_finding_and_the_others_are_checked(tmp_path: Path) -> None:
    folder = _map(tmp_path / "m")
    (folder / "games" / "zz.xml").symlink_to(XML)
    games = discover(folder)
    assert [Path(g.path).name for g in games] == ["g.xml", "zz.xml"]
    assert games[0].read_bytes() == XML.read_bytes()
    with pytest.raises(InputError) as caught:
        games[1].read_bytes()
    assert caught.value.code == "outside-link" and caught.value.location.path == str(folder / "games" / "zz.xml")
    result = CliRunner().invoke(main, ["validate", str(folder)])
    assert result.exit_code == 2, result.output
    assert f"{folder / 'games' / 'zz.xml'}: error: game XML is a symbolic link to {XML.resolve()}" in result.output


@pytest.mark.parametrize("member", ["../m/centers.txt", "m/../../x.txt", "/etc/passwd", "C:/x.txt", "m\\..\\..\\x"])
def test_a_zip_member_climbing_out_refuses_the_zip(tmp_path: Path, member: str) -> None:
    archive = tmp_path / "m.zip"
    archive.write_bytes(zip_bytes({"m/games/g.xml": XML.read_bytes(), member: CENTERS.encode()}))
    assert climbs_out(member)
    with pytest.raises(InputError, match="climbs out") as caught:
        discover(archive)
    assert caught.value.code == "outside-link" and caught.value.location.path == f"{archive}!/{member}"


def test_ordinary_member_names_do_not_climb() -> None:
    assert not any(climbs_out(n) for n in ("m/games/g.xml", "a..b/c.txt", "m/..hidden", "games/"))


def test_a_symlinked_folder_is_not_entered(tmp_path: Path) -> None:
    folder = _map(tmp_path / "m")
    outside = _map(tmp_path / "outside")
    (folder / "loop").symlink_to(folder)  # a cycle
    (folder / "elsewhere").symlink_to(outside)
    (folder / "flags").mkdir()
    (folder / "flags" / "A.png").write_bytes(b"png")
    walk = walk_files(folder)
    assert walk.cut is None and walk.files == ["flags/A.png", "games/g.xml"]
    assert build_index(str(folder)).paths == {"flags/A.png", "games/g.xml"}
    assert [g.path for g in discover(folder)] == [str(folder / "games" / "g.xml")]


def test_a_deep_tree_is_refused_at_the_depth_bound_not_a_recursion_error(tmp_path: Path) -> None:
    folder = _map(tmp_path / "m")
    (folder / "junk").mkdir()
    nest_folders(folder / "junk", 1500)  # a recursive walk overflows at about 1,000 (the CLI cases: 5,000)
    try:
        _refused_at_the_bound(folder)
    finally:
        remove_nested(folder / "junk")


def _refused_at_the_bound(folder: Path) -> None:
    with pytest.raises(InputError, match=f"nest more than {MAX_WALK_DEPTH} levels") as caught:
        discover(folder)
    assert caught.value.code == "unreadable"
    assert caught.value.location.path == str(folder / "junk") + "/d" * MAX_WALK_DEPTH
    index = build_index(str(folder))  # the index of a map given by its game XML: cut, never a crash
    assert "games/g.xml" in index.paths
    result = CliRunner().invoke(main, ["validate", str(folder)])
    assert result.exit_code == 2 and "levels deep: refused [unreadable]" in result.output, result.output
    assert not isinstance(result.exception, RecursionError)


def test_a_tree_within_the_depth_bound_is_walked(tmp_path: Path) -> None:
    folder = _map(tmp_path / "m")
    nest_folders(folder, MAX_WALK_DEPTH - 1, "sub")
    deepest = Path(folder, *["sub"] * (MAX_WALK_DEPTH - 1))
    (deepest / "games").mkdir()
    (deepest / "games" / "h.xml").write_bytes(XML.read_bytes())
    assert len(discover(folder)) == 2


def test_the_count_bound_refuses_a_folder_of_too_many_entries(tmp_path: Path) -> None:
    folder = _map(tmp_path / "m")
    for i in range(30):
        (folder / f"f{i}").write_bytes(b"")
    walk = walk_files(folder, max_entries=20)
    assert walk.cut is not None and "more than 20 files and folders" in walk.cut and walk.cut_at == str(folder)
    with pytest.raises(InputError, match="more than 20"):
        walk.refuse()


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads every folder")
def test_an_unreadable_subfolder_is_passed_over(tmp_path: Path) -> None:
    folder = _map(tmp_path / "m")
    (folder / "locked").mkdir(mode=0)
    try:
        assert walk_files(folder).files == ["games/g.xml"]
    finally:
        (folder / "locked").chmod(0o755)
