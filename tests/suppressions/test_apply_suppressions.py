"""apply_suppressions: which problems it drops, and the unused / unknown suppressions it reports."""

from __future__ import annotations

from compiler.problems import Location, Problem, Severity
from compiler.suppressions import Suppression, apply_suppressions, find_xml_suppressions, find_yaml_suppressions

PATH = "game.xml"
KNOWN = ["unknown-unit", "unknown-territory", "bad-value", "unknown-element"]


def problem(code: str, line: int, path: str = PATH) -> Problem:
    return Problem(code, f"{code} on line {line}", Location(path, line, 1))


def suppression(codes: set[str], first: int, last: int, comment_line: int, whole_file: bool = False) -> Suppression:
    return Suppression(frozenset(codes), first, last, Location(PATH, comment_line, 5), whole_file)


def unused(line: int, message: str) -> Problem:
    return Problem("unused-suppression", message, Location(PATH, line, 5), Severity.WARNING)


def test_drops_covered_problems_and_keeps_the_rest_in_order() -> None:
    problems = [problem("unknown-unit", 12), problem("bad-value", 11), problem("unknown-unit", 9),
                problem("unknown-unit", 11, "other.xml"), problem("unknown-unit", 20)]
    kept = apply_suppressions(problems, [suppression({"unknown-unit"}, 10, 15, 9)], KNOWN)
    assert kept == [problems[1], problems[2], problems[3], problems[4]]


def test_multiple_ids_each_used_or_reported() -> None:
    problems = [problem("unknown-unit", 12), problem("bad-value", 13)]
    kept = apply_suppressions(problems, [suppression({"unknown-unit", "bad-value", "unknown-territory"}, 10, 15, 9)])
    assert kept == [unused(9, "unused suppression of 'unknown-territory'")]


def test_every_id_suppression_reports_when_it_covers_nothing() -> None:
    problems = [problem("bad-value", 3)]
    kept = apply_suppressions(problems, [suppression(set(), 10, 15, 9), suppression(set(), 1, 5, 1)])
    assert kept == [unused(9, "unused suppression (no problem here)")]


def test_whole_file_covers_every_line_of_its_path_only() -> None:
    problems = [problem("bad-value", 3), problem("bad-value", 3000), problem("bad-value", 3, "other.xml")]
    kept = apply_suppressions(problems, [suppression({"bad-value"}, 0, 40, 1, whole_file=True)])
    assert kept == [problems[2]]


def test_unused_reports_come_after_the_problems_sorted_by_line() -> None:
    problems = [problem("bad-value", 50)]
    sups = [suppression({"unknown-unit"}, 31, 35, 30), suppression({"bad-value"}, 0, 60, 40, whole_file=True),
            suppression({"unknown-territory"}, 11, 12, 10)]
    kept = apply_suppressions(problems, sups)
    assert kept == [unused(10, "unused suppression of 'unknown-territory'"),
                    unused(30, "unused suppression of 'unknown-unit'")]


def test_unknown_ids_are_reported_with_a_suggestion() -> None:
    kept = apply_suppressions([problem("bad-value", 12)],
                              [suppression({"bad-value", "unknwn-unit", "zzz"}, 10, 15, 9)], KNOWN)
    assert kept == [unused(9, "unknown check id 'unknwn-unit' in suppression (did you mean 'unknown-unit'?)"),
                    unused(9, "unknown check id 'zzz' in suppression")]


def test_an_id_that_suppressed_a_problem_is_not_called_unknown() -> None:
    assert apply_suppressions([problem("xml-syntax", 12)], [suppression({"xml-syntax"}, 10, 15, 9)], KNOWN) == []


def test_a_report_is_never_silenced_by_its_own_comment() -> None:
    sups = [suppression(set(), 0, 40, 1, whole_file=True)]
    assert apply_suppressions([], sups) == [unused(1, "unused suppression (no problem here)")]
    sups = [suppression({"unused-suppression"}, 0, 40, 1, whole_file=True)]
    assert apply_suppressions([], sups, KNOWN) == [unused(1, "unused suppression of 'unused-suppression'")]


def test_other_comments_may_silence_unused_reports() -> None:
    sups = [suppression({"unused-suppression"}, 0, 40, 1, whole_file=True), suppression({"bad-value"}, 10, 11, 9),
            suppression({"nope"}, 20, 21, 19)]
    assert apply_suppressions([], sups, KNOWN) == []
    bare = [suppression(set(), 5, 30, 4), suppression({"bad-value"}, 10, 11, 9)]
    assert apply_suppressions([problem("bad-value", 40)], bare) == [problem("bad-value", 40)]


def test_without_suppressions_problems_are_returned_as_they_are() -> None:
    problems = [problem("bad-value", 1), problem("bad-value", 1)]
    assert apply_suppressions(problems, []) == problems


def test_xml_and_yaml_comments_end_to_end() -> None:
    xml = (b"<game>\n  <!-- triplea-compiler: disable=bad-value,unknown-unit -->\n  <a>\n    <b/>\n  </a>\n"
           b"  <c/>\n</game>\n")
    yml = "a:\n  b: 1  # triplea-compiler: disable=bad-value\n  c: 2\n"
    sups = find_xml_suppressions(xml, PATH) + find_yaml_suppressions(yml, "spec.yaml")
    problems = [problem("bad-value", 4), problem("bad-value", 6), problem("bad-value", 2, "spec.yaml"),
                problem("bad-value", 3, "spec.yaml")]
    kept = apply_suppressions(problems, sups, KNOWN)
    assert kept == [problems[1], problems[3], Problem("unused-suppression", "unused suppression of 'unknown-unit'",
                                                      Location(PATH, 2, 3), Severity.WARNING)]
