"""The 1.9 catalog agrees with the real TripleA 1.9 jar: its option names are exactly the public
`setX(String)` methods the 1.9 parser looks up, its delegates are the names 1.9's element mapper
resolves, and its property names are TripleA's own constants."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from compiler.catalog import load_catalog

HARNESS = r"""
import java.lang.reflect.*;
import java.util.*;

public class CatalogProbe {
  public static void main(String[] args) throws Exception {
    for (String name : args[0].split(",")) {
      Class<?> c = Class.forName(name);
      for (Method m : c.getMethods()) {
        boolean oneString = m.getParameterCount() == 1 && m.getParameterTypes()[0] == String.class;
        if (m.getName().startsWith("set") && oneString && !Modifier.isStatic(m.getModifiers())
            && !m.getDeclaringClass().getSimpleName().equals("DefaultAttachment")) {
          String option = Character.toLowerCase(m.getName().charAt(3)) + m.getName().substring(4);
          System.out.println("option\t" + name + "\t" + option);
        }
      }
    }
    Object mapper = Class.forName("games.strategy.engine.data.gameparser.XmlGameElementMapper")
        .getConstructor().newInstance();
    Method getDelegate = mapper.getClass().getMethod("getDelegate", String.class);
    for (String name : args[1].split(",")) {
      Optional<?> found = (Optional<?>) getDelegate.invoke(mapper, name);
      System.out.println("delegate\t" + name + "\t" + found.isPresent());
    }
    for (Field f : Class.forName("games.strategy.triplea.Constants").getFields()) {
      if (f.getType() == String.class) System.out.println("constant\t" + f.get(null));
    }
  }
}
"""


@pytest.fixture(scope="module")
def probe(triplea_jar: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[tuple[str, ...]]]:
    cat = load_catalog("1.9")
    work = tmp_path_factory.mktemp("probe19")
    (work / "CatalogProbe.java").write_text(HARNESS)
    subprocess.run(["javac", "-cp", str(triplea_jar), "CatalogProbe.java"], cwd=work, check=True, capture_output=True)
    classes = ",".join(info.java_class for info in cat.attachment_classes())
    delegates = sorted(cat.delegate_names()) + ["games.strategy.triplea.delegate.TwoIfBySeaEndTurnDelegate"]
    run = subprocess.run(
        ["java", "-Djava.awt.headless=true", f"-Duser.home={work}", "-cp", f"{triplea_jar}:{work}",
         "CatalogProbe", classes, ",".join(delegates)],
        cwd=triplea_jar.parent, capture_output=True, text=True, timeout=120,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    rows: dict[str, list[tuple[str, ...]]] = {}
    for line in run.stdout.splitlines():
        kind, *rest = line.split("\t")
        rows.setdefault(kind, []).append(tuple(rest))
    return rows


def test_options_are_the_1_9_setters(probe: dict[str, list[tuple[str, ...]]]) -> None:
    cat = load_catalog("1.9")
    real = {(c, o) for c, o in probe["option"]}
    ours = {(info.java_class, name) for info in cat.attachment_classes() for name in info.options}
    assert len(real) > 290
    assert ours == real, {"missing": sorted(real - ours)[:10], "extra": sorted(ours - real)[:10]}


def test_delegates_resolve_in_1_9(probe: dict[str, list[tuple[str, ...]]]) -> None:
    answers = {name: found == "true" for name, found in probe["delegate"]}
    assert answers.pop("games.strategy.triplea.delegate.TwoIfBySeaEndTurnDelegate") is False
    assert answers and all(answers.values()), [n for n, ok in answers.items() if not ok]


def test_properties_are_tripleas_constants(probe: dict[str, list[tuple[str, ...]]]) -> None:
    constants = {value for (value,) in probe["constant"]}
    names = load_catalog("1.9").property_names()
    assert len(names) > 120
    assert names - constants <= {"notes"}, sorted(names - constants)
