"""What a picture shows, in map pixels, independent of SVG or PNG: the renderers only paint it."""

from __future__ import annotations

from dataclasses import dataclass, field

from compiler.problems import Problem

XY = tuple[float, float]


@dataclass(frozen=True)
class Area:
    """One territory: its outline(s), fill colour, and what it is."""

    name: str
    rings: tuple[tuple[XY, ...], ...]
    fill: str
    water: bool = False
    owner: str | None = None
    center: XY = (0.0, 0.0)


@dataclass(frozen=True)
class Badge:
    """A number of units of one owner, drawn as a coloured disc with the count."""

    territory: str
    at: XY
    owner: str
    count: int
    fill: str
    detail: str = ""


@dataclass(frozen=True)
class Sign:
    """A capital (star) or a victory city (ring) at a territory's centre."""

    kind: str  # "capital" or "victory"
    territory: str
    at: XY
    fill: str = "#ffffff"


@dataclass(frozen=True)
class Link:
    """A line between two territories: a canal, a strait, or (schematic drawings) a connection."""

    kind: str  # "canal", "strait" or "connection"
    ends: tuple[str, str]
    a: XY
    b: XY
    label: str = ""


@dataclass(frozen=True)
class Mark:
    """A problem drawn on the map: its number in the list, where, and the problem itself."""

    number: int
    at: XY
    territory: str
    problem: Problem


@dataclass
class Scene:
    """Everything one picture shows."""

    title: str
    width: float
    height: float
    areas: list[Area] = field(default_factory=list)
    badges: list[Badge] = field(default_factory=list)
    signs: list[Sign] = field(default_factory=list)
    links: list[Link] = field(default_factory=list)
    marks: list[Mark] = field(default_factory=list)
    legend: dict[str, str] = field(default_factory=dict)
    """player -> colour, for the players shown"""
    unplaced: list[Problem] = field(default_factory=list)
    """problems listed but not drawn: no territory to draw them at"""
    labels: bool = False
    """write each territory's name (schematic drawings, which have no picture to read it from)"""
    scale: float = 1.0
    """how large signs, badges and marks are drawn (map pixels per drawing unit)"""

    def area(self, name: str) -> Area | None:
        return next((a for a in self.areas if a.name == name), None)
