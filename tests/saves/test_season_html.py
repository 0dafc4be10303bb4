"""check-save --html: a season's report page on real saves, read back with lxml.html."""

from __future__ import annotations

import shutil
from pathlib import Path

import lxml.html
import pytest
from click.testing import CliRunner, Result
from lxml.html import HtmlElement

from compiler.cli import main

AIR_RANGE = 'air-range:{"ranges": {"Bomber": {"combat": 3}}}'


def _check(*args: str) -> Result:
    return CliRunner().invoke(main, ["check-save", *args])


def _page(path: Path) -> HtmlElement:
    return lxml.html.fromstring(path.read_bytes())


@pytest.fixture(scope="module")
def league_page(tmp_path_factory: pytest.TempPathFactory, shared: Path) -> tuple[Result, HtmlElement]:
    """The reference saves against revised-championship: two Revised saves break game-options, NWO is skipped."""
    out = tmp_path_factory.mktemp("league") / "season.html"
    done = _check(str(shared / "reference" / "saves"), "--league", "revised-championship", "--html", str(out))
    return done, _page(out)


@pytest.fixture(scope="module")
def air_page(tmp_path_factory: pytest.TempPathFactory, shared: Path) -> HtmlElement:
    """The NWO save against a bomber range of 3: two violations in one step (events 6 and 7), both at Marseille."""
    out = tmp_path_factory.mktemp("air") / "air.html"
    done = _check(str(shared / "reference" / "saves" / "nwo_smalls_ai_game_during_combat.tsvg"), "--rule", AIR_RANGE,
                  "--html", str(out))
    assert done.exit_code == 1, done.output
    return _page(out)


def _cells(row: HtmlElement) -> list[str]:
    return [" ".join(td.text_content().split()) for td in row.xpath("./td")]


def test_the_summary_counts_saves_games_and_violations_per_rule_and_per_save(
        league_page: tuple[Result, HtmlElement]) -> None:
    done, page = league_page
    assert done.exit_code == 1
    assert "season report written" in done.stderr
    summary = " ".join(page.get_element_by_id("summary").text_content().split())
    assert summary.startswith("3 save(s): 2 checked, 1 skipped") and "2 violation(s) in 2 save(s)" in summary
    games = {c[0]: c[1] for c in map(_cells, page.xpath("//table[@class='games']/tr[td]"))}
    assert games == {"NWO Smalls": "1", "World War II Revised": "2"}
    assert [_cells(r) for r in page.xpath("//table[@class='rules']/tr[td]")] == [["game-options", "2", "2"]]
    per_save = {Path(c[0]).name: c[1:] for c in map(_cells, page.xpath("//table[@class='saves']/tr[td]"))}
    assert per_save == {"nwo_smalls_ai_game_during_combat.tsvg": ["NWO Smalls", "skipped", "0", "0"],
                        "revised_during_land_to_land_combat.tsvg": ["World War II Revised", "checked", "1", "1"],
                        "revisted_start_of_game.tsvg": ["World War II Revised", "checked", "1", "1"]}


def test_each_violation_is_listed_with_its_moment_and_its_board(league_page: tuple[Result, HtmlElement]) -> None:
    _, page = league_page
    sections = page.xpath("//section[@class='save']")
    assert [s.get("data-status") for s in sections] == ["skipped", "checked", "checked"]
    for section in sections[1:]:
        [row] = section.xpath(".//tr[contains(@class, 'problem')]")
        number, round_, player, step, rule, message = _cells(row)
        assert (number, round_, player, step, rule) == ("1", "1", "-", "gameInitDelegate", "error game-options")
        assert message.startswith("the game is played with Low Luck off, required on")
        [board] = section.xpath(".//div[@class='board']")
        assert (board.get("data-round"), board.get("data-step")) == ("1", "gameInitDelegate")
        assert row.xpath(".//a/@href") == [f"#{board.get('id')}"]  # no territory to mark: the link goes to the board
        svg = board.xpath(".//svg")
        assert len(svg) == 1 and svg[0].xpath(".//*[@data-territory='Germany']")
        # the board at the start: Germany is German, with its units
        germany = svg[0].xpath(".//g[contains(@class, 'territory')][@data-territory='Germany']")[0]
        assert germany.get("data-owner") == "Germans"
        assert svg[0].xpath(".//g[@class='badge'][@data-territory='Germany']")
    [skipped] = sections[0].xpath(".//tr[contains(@class, 'problem')]")
    assert "league-other-game" in _cells(skipped)[4] and not sections[0].xpath(".//svg")


def test_the_page_is_self_contained(league_page: tuple[Result, HtmlElement]) -> None:
    _, page = league_page
    assert not page.xpath("//script | //link | //iframe | //img | //*[@src]")
    assert not [h for h in page.xpath("//@href") if not h.startswith("#")]
    ids = page.xpath("//@id")
    assert len(ids) == len(set(ids))
    assert all(page.xpath(f"//*[@id='{h[1:]}']") for h in page.xpath("//@href"))


def test_violations_of_one_step_share_one_board_with_each_marked_on_its_territory(air_page: HtmlElement) -> None:
    rows = air_page.xpath("//tr[contains(@class, 'problem')]")
    assert [_cells(r)[:5] for r in rows] == [[n, "1", "Germans", "germanCombatMove", "error air-range"] for n in "12"]
    [board] = air_page.xpath("//div[@class='board']")
    marks = board.xpath(".//g[contains(@class, 'mark')]")
    assert [(m.get("id"), m.get("data-territory")) for m in marks] == [("v1-mark-1", "Marseille"),
                                                                      ("v1-mark-2", "Marseille")]
    assert [r.xpath(".//a/@href") for r in rows] == [["#v1-mark-1"], ["#v1-mark-2"]]
    assert [m.xpath("./a/@href") for m in marks] == [["#v1-problem-1"], ["#v1-problem-2"]]
    circles = [(c.get("cx"), c.get("cy")) for c in board.xpath(".//g[contains(@class, 'mark')]/a/circle")]
    assert len(set(circles)) == 2  # side by side, not one over the other
    # the board after the step: both bombers have flown to Marseille, which the German move reached
    assert "Bomber" in " ".join(board.xpath(".//g[@class='badge'][@data-territory='Marseille']/title/text()"))


def test_names_and_paths_are_escaped_and_a_bad_save_is_reported(tmp_path: Path, shared: Path) -> None:
    folder = tmp_path / "<b>week&"
    folder.mkdir()
    shutil.copy(shared / "reference" / "saves" / "revisted_start_of_game.tsvg", folder / "a&<i>x<i>.tsvg")
    (folder / "broken.tsvg").write_bytes(b"not a save")
    league = tmp_path / "l.yaml"
    league.write_text("name: <script>alert(1)</script>\ndescription: '<em>strict</em>'\noptions: {Low Luck: true}\n",
                      encoding="utf-8")
    out = tmp_path / "report.html"
    done = _check(str(folder), "--league", str(league), "--html", str(out))
    assert done.exit_code == 2  # the broken save could not be judged
    page = _page(out)
    assert not page.xpath("//script | //b | //i | //em")
    text = page.text_content()
    assert "<script>alert(1)</script>" in text and "<em>strict</em>" in text and "a&<i>x<i>.tsvg" in text
    statuses = [s.get("data-status") for s in page.xpath("//section[@class='save']")]
    assert statuses == ["checked", "unreadable"]
    assert "not a TripleA save game" in page.xpath("//section[@class='save'][2]")[0].text_content()


def test_an_unwritable_report_is_refused_before_the_season_is_judged(tmp_path: Path, shared: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    done = _check(str(shared / "reference" / "saves"), "--html", str(blocker / "report.html"))
    assert done.exit_code == 2 and "report.html" in done.stderr and "season" not in done.stderr
    assert not done.stdout
