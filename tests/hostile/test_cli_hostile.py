"""Every command against hostile input, as a user runs it (a process of its own): a clean, located error with
the exit status of docs/commands.md, within 5 seconds and 500 MB, never a traceback, a hang or a crash.

The cases are the examples of issue #15: YAML alias bombs, Python tags, huge numbers and deep nesting in
specs and logs; devices and FIFOs given as every kind of input; XML with a million elements or 100,000
attributes; zips with many, encrypted, corrupt or oversized members; crafted saves; writes onto devices,
FIFOs, through symlinks, under a file, with a name too long; absurd numbers on the command line; and the
silent wrong answers (a save of another game, a diverging replay, unknown names in a log, a spec that does
not compile). Each runs under an address-space cap, so a blow-up fails the case instead of the machine.
"""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from hostile_inputs import SPEC, VICTORY_SAVE, VICTORY_SPEC, XML, build, clean
from reference_data import REFERENCE

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 5.0
MAX_RSS_MB = 500
ADDRESS_SPACE = 3 * 2**30  # a cap, so that a blow-up ends the process, not the machine
LEN = "n" * 300


@dataclass
class Outcome:
    status: int
    out: str
    seconds: float
    peak_mb: int


# `python -m compiler`, writing its own peak resident memory (VmHWM, kB) to the pipe PEAK_FD as it exits. wait4's
# ru_maxrss cannot tell it: Linux carries the forking test process's peak across exec into the child's.
PEAK_REPORTING_MAIN = """
import atexit, os
def report_peak():
    with open('/proc/self/status') as status:
        peak = next((line.split()[1] for line in status if line.startswith('VmHWM:')), '')
    os.write(int(os.environ['PEAK_FD']), peak.encode())
atexit.register(report_peak)
from compiler.cli import main
main(prog_name='triplea-compiler')
"""


def run_limited(args: list[str], cwd: Path) -> Outcome:
    """`triplea-compiler ARGS` in its own process, under the caps; killed after TIMEOUT seconds. The peak
    memory is the process's own, as it reports it (PEAK_REPORTING_MAIN)."""

    def limits() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))
        os.setsid()

    env = {**os.environ, "NO_COLOR": "1"}
    env.pop("TRIPLEA_COMPILER_TRACEBACK", None)
    peak_read, peak_write = os.pipe()
    env["PEAK_FD"] = str(peak_write)
    with tempfile.TemporaryFile() as output:
        start = time.monotonic()
        proc = subprocess.Popen([sys.executable, "-c", PEAK_REPORTING_MAIN, *args], cwd=cwd,
                                stdin=subprocess.DEVNULL, stdout=output, stderr=subprocess.STDOUT,
                                preexec_fn=limits, env=env, pass_fds=(peak_write,))
        timer = threading.Timer(TIMEOUT, os.killpg, (proc.pid, signal.SIGKILL))
        timer.start()
        try:
            _, status, _ = os.wait4(proc.pid, 0)
        finally:
            timer.cancel()
        seconds = time.monotonic() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        output.seek(0)
        out = output.read().decode("utf-8", "replace")
    os.close(peak_write)
    with os.fdopen(peak_read, "rb") as pipe:
        peak_kb = pipe.read().decode() or "0"  # nothing: killed before it could say (the timeout fails it)
    if seconds >= TIMEOUT:
        pytest.fail(f"triplea-compiler {' '.join(args)} ran over {TIMEOUT} s:\n{out[-2000:]}")
    return Outcome(proc.returncode, out, seconds, int(peak_kb) // 1024)


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    folder = tmp_path_factory.mktemp("hostile")
    build(folder, deep_tree=True)
    yield folder
    clean(folder)


# (id, arguments ({name}: a hostile input, {out}: a folder not made yet, {here}: one that exists, {spec}/{xml}:
#  Two Fronts), exit status, what the output must say)
CASES: list[tuple[str, list[str], int, list[str]]] = [
    # YAML: alias bombs, Python tags, huge numbers, deep nesting
    ("compile-alias-bomb", ["compile", "{bomb.yaml}", "-o", "{out}"], 2, ["bomb.yaml:", "alias bomb", "[unreadable]"]),
    ("diff-alias-bomb", ["diff", "{bomb.yaml}", "{xml}"], 2, ["bomb.yaml:", "alias bomb"]),
    ("fmt-alias-bomb", ["fmt", "--check", "{bomb.yaml}"], 2, ["bomb.yaml:", "alias bomb"]),
    ("rules-alias-bomb", ["rules", "{bomb.yaml}"], 2, ["bomb.yaml:", "alias bomb"]),
    ("check-log-alias-bomb", ["check-log", "{bomb_log.yaml}", "--spec", "{spec}"], 2, ["bomb_log.yaml:", "alias bomb"]),
    ("check-log-spec-alias-bomb", ["check-log", "{good_log.yaml}", "--spec", "{bomb.yaml}"], 2, ["alias bomb"]),
    ("play-alias-bomb", ["play", "{bomb.yaml}"], 2, ["bomb.yaml:", "alias bomb"]),
    ("compile-python-tag", ["compile", "{pyobj.yaml}", "-o", "{out}"], 2, ["pyobj.yaml:4:", "Python object tags"]),
    ("fmt-python-tag", ["fmt", "--check", "{pyobj.yaml}"], 2, ["pyobj.yaml:4:", "Python object tags"]),
    ("compile-big-integer", ["compile", "{bigint.yaml}", "-o", "{out}"], 2, ["bigint.yaml:21:20:", "5000 characters"]),
    ("rules-big-integer", ["rules", "{bigint.yaml}"], 2, ["bigint.yaml:21:20:", "TripleA holds"]),
    ("fmt-big-integer", ["fmt", "--check", "{bigint.yaml}"], 2, ["bigint.yaml:21:20:"]),
    ("compile-deep-flow", ["compile", "{deep.yaml}", "-o", "{out}"], 2, ["deep.yaml:1:201:", "nested more than 200"]),
    ("compile-deep-block", ["compile", "{deep_block.yaml}", "-o", "{out}"], 2, ["deep_block.yaml:1:", "nested"]),
    ("fmt-deep", ["fmt", "--check", "{deep.yaml}"], 2, ["deep.yaml:1:201:"]),
    ("check-log-deep-yaml", ["check-log", "{deep.yaml}", "--spec", "{spec}"], 2, ["deep.yaml:1:201:"]),
    ("check-log-deep-json", ["check-log", "{deep_log.json}", "--spec", "{spec}"], 2, ["deep_log.json:", "nested"]),
    ("check-log-big-json-integer", ["check-log", "{bigint_log.json}", "--spec", "{spec}"], 2,
     ["bigint_log.json:1:", "TripleA holds"]),
    ("validate-config-deep", ["validate", "--config", "{deep.yaml}", "{xml}"], 2, ["deep.yaml:1:201:"]),
    ("check-log-rule-deep-json", ["check-log", "{good_log.yaml}", "--spec", "{spec}", "--rule",
                                  "strait-crossing:" + "[" * 100_000], 2, ["--rule strait-crossing"]),
    # game XML: a million elements, 100,000 attributes, deep nesting
    ("validate-million-elements", ["validate", "{million.xml}"], 2, ["million.xml:", "more than 250,000 elements"]),
    ("import-million-elements", ["import", "{million.xml}"], 2, ["million.xml:", "250,000"]),
    ("validate-attributes", ["validate", "{attrs.xml}"], 2, ["attrs.xml:7:1:", "100,001 attributes"]),
    ("validate-1.9-attributes", ["validate", "--engine", "1.9", "{attrs.xml}"], 2, ["100,001 attributes"]),
    ("validate-deep-xml", ["validate", "{deep.xml}"], 2, ["deep.xml:", "[xml-syntax]"]),
    # zips
    ("validate-many-members", ["validate", "{many.zip}"], 2, ["many.zip:", "25001 members"]),
    ("validate-encrypted-member", ["validate", "{encrypted.zip}"], 2, ["encrypted.zip!/m/games/g.xml:", "encrypted"]),
    ("validate-corrupt-member", ["validate", "{corrupt.zip}"], 2, ["corrupt.zip", "[unreadable]"]),
    ("validate-corrupt-map-text", ["validate", "{corrupt_text.zip}"], 2,
     ["corrupt_text.zip!/m/polygons.txt:", "corrupt"]),
    ("validate-oversized-member", ["validate", "{bomb_member.zip}"], 2, ["bomb_member.zip!/m/games/g.xml:", "64 MiB"]),
    ("draw-many-members", ["draw", "{many.zip}", "-o", "{out}/map.svg"], 2, ["many.zip:"]),
    ("validate-member-climbing-out", ["validate", "{climbing.zip}"], 2,
     ["climbing.zip!/../m/centers.txt:", "climbs out", "[outside-link]"]),
    # map folders: symbolic links out of the folder, a tree 5,000 folders deep
    ("validate-map-file-linked-outside", ["validate", "{link_map}"], 2,
     ["link_map/centers.txt:", "symbolic link to {a_file}", "not followed [outside-link]"]),
    ("validate-game-linked-outside", ["validate", "{link_game}"], 2,
     ["link_game/games/g.xml:", "symbolic link to", "[outside-link]"]),
    ("draw-map-file-linked-outside", ["draw", "{link_map}", "-o", "{out}/l.svg"], 2, ["[outside-link]"]),
    ("validate-deep-folder-tree", ["validate", "{deep_tree}"], 2,
     ["deep_tree/junk/d/d/", "folders nest more than 64 levels deep: refused [unreadable]"]),
    ("draw-deep-folder-tree", ["draw", "{deep_tree}", "-o", "{out}/d.svg"], 2, ["nest more than 64 levels"]),
    # saves
    ("show-save-null-array", ["show-save", "{null_array.tsvg}"], 2,
     ["null_array.tsvg:", "object array", "[save-corrupt]"]),
    ("check-save-null-array", ["check-save", "{null_array.tsvg}", "--spec", "{spec}"], 2, ["null_array.tsvg:"]),
    ("show-save-million-step-references", ["show-save", "--history", "{step_refs.tsvg}"], 2,
     ["step_refs.tsvg:", "java.util.ArrayList of 1,000,", "more than 500,000", "[save-corrupt]"]),
    ("show-save-json-million-step-references", ["show-save", "--format", "json", "--history", "{step_refs.tsvg}"],
     2, ["step_refs.tsvg:", "more than 500,000"]),
    ("check-save-million-step-references", ["check-save", "{step_refs.tsvg}", "--spec", str(VICTORY_SPEC)], 2,
     ["step_refs.tsvg:", "more than 500,000"]),
    ("draw-save-million-step-references", ["draw", "{xml}", "--save", "{step_refs.tsvg}", "-o", "{out}/s.svg"], 2,
     ["step_refs.tsvg:", "more than 500,000"]),
    ("show-save-top-level-nulls", ["show-save", "{top_level_nulls.tsvg}"], 2, ["top-level objects"]),
    ("show-save-gzip-bomb", ["show-save", "{gzip_bomb.tsvg}"], 2, ["gzip_bomb.tsvg:", "[save-too-large]"]),
    ("show-save-not-gzip", ["show-save", "{not_gzip.tsvg}"], 2, ["[save-not-gzip]"]),
    ("draw-save-null-array", ["draw", "{xml}", "--save", "{null_array.tsvg}", "-o", "{out}/s.svg"], 2,
     ["null_array.tsvg:"]),
    # writes: devices, FIFOs, symlinks, a file on the path, a name too long; the old file is left
    ("import-to-device", ["import", "{xml}", "-o", "/dev/null"], 2, ["/dev/null:", "character device", "[unwritable]"]),
    ("import-to-fifo", ["import", "{xml}", "-o", "{fifo}"], 2, ["fifo:", "FIFO", "[unwritable]"]),
    ("import-under-a-file", ["import", "{xml}", "-o", "{a_file}/x.yaml"], 2, ["a_file/x.yaml:", "[unwritable]"]),
    ("import-name-too-long", ["import", "{xml}", "-o", "{out}/" + LEN + ".yaml"], 2, ["File name too long"]),
    ("import-to-folder", ["import", "{xml}", "-o", "{here}"], 2, ["Invalid value"]),
    ("compile-under-a-file", ["compile", "{spec}", "-o", "{a_file}/sub"], 2, ["[unwritable]"]),
    ("compile-check-fifo", ["compile", "--check", "{spec}", "-o", "{fifo_dir}"], 2, ["two_fronts.xml:", "FIFO"]),
    ("play-log-to-device", ["play", "specs/allies_vs_axis.yaml", "--seed", "3", "--log", "/dev/null"], 2,
     ["/dev/null:", "[unwritable]"]),
    ("draw-to-device", ["draw", "{xml}", "-o", "{device.svg}"], 2, ["device.svg:", "[unwritable]"]),
    ("schema-under-a-file", ["schema", "-o", "{a_file}/s.json"], 2, ["[unwritable]"]),
    ("validate-html-under-a-file", ["validate", "{xml}", "--html", "{a_file}/r.html"], 2, ["[unwritable]"]),
    ("show-save-chart-to-device", ["show-save", str(VICTORY_SAVE), "--chart", "/dev/null"], 2, ["[unwritable]"]),
    # devices and FIFOs as input, for every reader
    *[(f"{command}-{kind}", [*args[:1], *(a.replace("@", path) for a in args[1:])], 2, ["not a regular file"])
      for kind, path in (("dev-zero", "/dev/zero"), ("dev-urandom", "/dev/urandom"), ("fifo", "{fifo}"))
      for command, args in (
          ("validate", ["validate", "@"]), ("compile", ["compile", "@", "-o", "{out}"]), ("import", ["import", "@"]),
          ("diff", ["diff", "@", "{xml}"]), ("fmt", ["fmt", "--check", "@"]), ("rules", ["rules", "@"]),
          ("show-save", ["show-save", "@"]), ("check-save", ["check-save", "@", "--spec", "{spec}"]),
          ("check-log", ["check-log", "@", "--spec", "{spec}"]), ("check-log-spec", ["check-log", "{good_log.yaml}",
                                                                                      "--spec", "@"]),
          ("draw", ["draw", "@", "-o", "{out}/d.svg"]), ("play", ["play", "@"]),
          ("validate-config", ["validate", "--config", "@", "{xml}"]))],
    # the command line
    ("validate-jobs-huge", ["validate", "--jobs", "99999999999999999999", "{xml}"], 2, ["--jobs"]),
    ("play-seed-float", ["play", "specs/allies_vs_axis.yaml", "--seed", "-1e30"], 2, ["--seed"]),
    ("play-seed-huge", ["play", "specs/allies_vs_axis.yaml", "--seed", "9" * 40], 2, ["--seed"]),
    ("play-games-huge", ["play", "specs/allies_vs_axis.yaml", "--games", "99999999999"], 2, ["--games"]),
    # no silent wrong answer
    ("check-save-diverging", ["check-save", str(VICTORY_SAVE), "--spec", "{diverging.yaml}"], 2,
     ["[replay-diverged]", "Isle"]),
    ("check-log-unknown-unit", ["check-log", "{unknown_unit_log.yaml}", "--spec", "{spec}"], 2,
     ["unknown_unit_log.yaml:4:", "unknown unit type 'infantri'", "[bad-event]"]),
    ("check-log-unknown-territory", ["check-log", "{unknown_territory_log.yaml}", "--spec", "{spec}"], 2,
     ["unknown_territory_log.yaml:4:", "unknown territory 'Nowhere'"]),
    ("check-log-unknown-player", ["check-log", "{unknown_player_log.yaml}", "--spec", "{spec}"], 2,
     ["unknown_player_log.yaml:4:", "unknown player 'Martians'"]),
    ("check-log-absent-units", ["check-log", "{absent_units_log.yaml}", "--spec", "{spec}"], 2,
     ["absent_units_log.yaml:4:", "takes 9 armour (Westerners) from Westland, which holds 2"]),
    ("import-game-with-error", ["import", "{error_game.xml}", "-o", "{out}/e.yaml"], 1, ["[unknown-unit]"]),
    ("diff-spec-that-does-not-compile", ["diff", "{check_error.yaml}", "{xml}"], 2,
     ["check_error.yaml:", "[unknown-unit]"]),
]


def _expand(text: str, inputs: dict[str, str]) -> str:
    for key, value in inputs.items():
        text = text.replace("{" + key + "}", value)
    return text


def case_inputs(hostile: Path, scratch: Path) -> dict[str, str]:
    """What a case's `{name}` placeholders stand for: the hostile inputs, and a FIFO, a device and output
    places made in the empty folder `scratch`."""
    fifo_dir = scratch / "fifo_dir"
    fifo_dir.mkdir()
    os.mkfifo(fifo_dir / "two_fronts.xml")
    device = scratch / "device.svg"
    device.symlink_to("/dev/null")
    inputs = {p.name: str(p) for p in hostile.iterdir()}
    return inputs | {"out": str(scratch / "out"), "here": str(scratch), "spec": str(SPEC), "xml": str(XML),
                     "fifo_dir": str(fifo_dir), "device.svg": str(device)}


def run_case(args: list[str], inputs: dict[str, str]) -> Outcome:
    """One case's command line, its placeholders filled in, run as a user runs it."""
    return run_limited([_expand(a, inputs) for a in args], ROOT)


@pytest.mark.parametrize(("args", "status", "says"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_hostile_input_gives_a_clean_located_error(hostile: Path, tmp_path: Path, args: list[str], status: int,
                                                   says: list[str]) -> None:
    inputs = case_inputs(hostile, tmp_path)
    outcome = run_case(args, inputs)
    assert "Traceback" not in outcome.out and "internal error" not in outcome.out, outcome.out
    assert outcome.status == status, outcome.out
    for words in says:
        assert _expand(words, inputs) in outcome.out, outcome.out
    assert outcome.peak_mb < MAX_RSS_MB, f"{outcome.peak_mb} MB"
    assert outcome.seconds < TIMEOUT


def test_writing_through_a_symlink_keeps_the_link(hostile: Path) -> None:
    link, target = hostile / "link.yaml", hostile / "target.yaml"
    outcome = run_limited(["import", str(XML), "-o", str(link)], ROOT)
    assert outcome.status == 0, outcome.out
    assert link.is_symlink() and os.readlink(link) == "target.yaml"
    assert target.read_text(encoding="utf-8").startswith("# Imported by triplea-compiler")


def test_a_failed_write_leaves_the_old_file_and_nothing_else(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "two_fronts.xml").write_text("old", encoding="utf-8")
    (out / "two_fronts.xml").chmod(0o444)
    out.chmod(0o555)  # a read-only folder (root writes anyway: then the compile succeeds, and is checked)
    try:
        outcome = run_limited(["compile", str(SPEC), "-o", str(out)], ROOT)
    finally:
        out.chmod(0o755)
    if outcome.status == 2:
        assert f"{out / 'two_fronts.xml'}: error: cannot write here: Permission denied [unwritable]" in outcome.out
        assert (out / "two_fronts.xml").read_text(encoding="utf-8") == "old"
    else:
        assert outcome.status == 0 and os.geteuid() == 0, outcome.out
    assert sorted(p.name for p in out.iterdir()) == ["two_fronts.xml"]


def test_check_save_refuses_a_save_of_another_game_unless_forced(shared: Path) -> None:
    save = REFERENCE / "saves" / "nwo_smalls_ai_game_during_combat.tsvg"
    classic = REFERENCE / "maps" / "world_war_ii_classic" / "map" / "games" / "classic.xml"
    refused = run_limited(["check-save", str(save), "--game", str(classic)], ROOT)
    assert refused.status == 2 and "[save-other-game]" in refused.out, refused.out
    forced = run_limited(["check-save", str(save), "--game", str(classic), "--force"], ROOT)
    assert forced.status == 2 and "[replay-diverged]" in forced.out and "event " in forced.out, forced.out


def test_the_victory_save_checks_clean_against_its_own_game() -> None:
    """The diverging case above differs from this one by one infantry: the check itself works."""
    outcome = run_limited(["check-save", str(VICTORY_SAVE), "--spec", str(VICTORY_SPEC)], ROOT)
    assert outcome.status == 0, outcome.out


def test_a_long_history_is_written_as_it_is_read(hostile: Path, tmp_path: Path) -> None:
    """40,000 more steps in a real save's history: show-save's JSON and text hold every one, as the history has
    them, in bounded memory (the records are encoded one at a time)."""
    import json

    from compiler.saves import read_save
    from compiler.saves.summary import as_dict

    save = case_inputs(hostile, tmp_path)["long_history.tsvg"]
    shown = run_limited(["show-save", "--format", "json", "--history", save], tmp_path)
    assert shown.status == 0, shown.out[-2000:]
    events = json.loads(shown.out)["events"]
    game = read_save(save, history=True)
    assert len(events) == len(game.events) > 40_000
    assert events == as_dict(game, history=True)["events"]
    first_step = next(event for event in events if event["type"] == "step")
    assert events[-1]["type"] == "step" and events[-1]["step"] == first_step["step"]
    assert shown.peak_mb < MAX_RSS_MB, f"{shown.peak_mb} MB"
    text = run_limited(["show-save", "--history", save], tmp_path)
    assert text.status == 0 and text.out.count("\n  [round ") == len(game.events)
