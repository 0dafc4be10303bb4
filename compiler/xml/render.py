"""Render a GameModel into TripleA game XML through the Jinja2 templates shipped in compiler/templates/."""

from __future__ import annotations

from functools import cache

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape
from markupsafe import Markup, escape

from compiler.model import GameModel, Rule
from compiler.model.game import Frontier


def _attr(name: str, value: str | None) -> Markup:
    """` name="value"` when value is given, else nothing."""
    if value is None or value == "":
        return Markup("")
    return Markup(f' {name}="{escape(value)}"')


def _bool(value: bool) -> str:
    return "true" if value else "false"


def _rule(tag: str, rule: Rule) -> Markup:
    lines = [f'\n    <{tag} name="{escape(rule.name)}">']
    lines += [f'\n      <cost resource="{escape(c.name)}" quantity="{escape(c.quantity)}"/>' for c in rule.costs]
    lines += [
        f'\n      <result resourceOrUnit="{escape(r.name)}" quantity="{escape(r.quantity)}"/>' for r in rule.results
    ]
    lines.append(f"\n    </{tag}>")
    return Markup("".join(lines))


def _frontier(tag: str, child: str, frontier: Frontier) -> Markup:
    lines = [f'\n    <{tag} name="{escape(frontier.name)}">']
    lines += [f'\n      <{child} name="{escape(r)}"/>' for r in frontier.rules]
    lines.append(f"\n    </{tag}>")
    return Markup("".join(lines))


@cache
def _environment() -> Environment:
    env = Environment(
        loader=PackageLoader("compiler", "templates"),
        autoescape=select_autoescape(["xml", "j2"], default=True),
        undefined=StrictUndefined,
        keep_trailing_newline=True,
    )
    env.globals.update(a=_attr, b=_bool, rule=_rule, frontier=_frontier)
    return env


def render_game(model: GameModel, header: str | None = None) -> str:
    """The game XML of `model`: deterministic, byte-identical for equal models."""
    template = _environment().get_template("game.xml.j2")
    return template.render(g=model, header=header)
