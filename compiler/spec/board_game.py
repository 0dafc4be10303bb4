"""The `board_game:` section of a spec (Allies vs. Axis): board, units, costs, modes, cards and AI profiles.

`BoardGame` is the section's model; `cross_check` lists every reference inside it that does not resolve,
with its key path. The spec loader validates the section with the rest of the spec and locates each
such problem (code `invalid-board-game`); the reference engine (compiler/ava) plays what it describes.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, model_validator

BOARD_GAME_CODE = "invalid-board-game"
SideName = Literal["allies", "axis"]
SIDES: tuple[SideName, SideName] = ("allies", "axis")
SpaceKind = Literal["territory", "fortune", "strategy", "secret", "special"]
Victory = Literal["conqueror", "sudden-death"]
EffectKind = Literal[
    "money",  # amount (+/-) of money
    "units",  # units gained (+) or lost (-) from the available army
    "army-fraction",  # lose `fraction` of each unit type named in `targets` (all when empty)
    "opponent-army-fraction",  # the opponent loses `fraction` of those units
    "destroy-secret-base",  # kept: on an opponent's secret base, the base is destroyed (space neutral)
    "destroy-defence",  # kept: on a hostile territory, destroy `fraction` of `targets` defending it
    "defect-special",  # kept: ally with any special territory, even the opponent's
]
StrategicPolicy = Literal["never", "valuable", "lookahead"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


class Choice(_Strict):
    """A value the rule document does not give, chosen for this spec, with the reason."""

    topic: str
    decision: str


class Unit(_Strict):
    """An army unit: recruit cost ($M), power, support given to stronger units, recruit limit a turn."""

    name: str
    cost: int = Field(ge=0)
    power: int = Field(ge=0)
    support: int = Field(ge=0, description="power added to one unit of each stronger type, per unit")
    recruit_limit: int = Field(ge=0, description="most units of this type recruited in one turn")
    needs_seaport: bool = Field(default=False, description="defends or invades only where there is a seaport")


class Space(_Strict):
    """One of the board's spaces, numbered clockwise from the Allies' start (Britain = 1)."""

    number: int = Field(ge=1)
    name: str
    kind: SpaceKind
    income: dict[str, int] = Field(default_factory=dict, description="money and units given every turn")
    garrison: dict[str, int] = Field(default_factory=dict, description="defending army at game start")
    seaport: bool = False
    main_of: SideName | None = Field(default=None, description="the side whose main country this is")
    ally_of: SideName | None = Field(default=None, description="special spaces: the side it naturally allies")


class Side(_Strict):
    name: str = Field(description="player name used in game logs")
    main: str = Field(description="main country (sudden death when lost); the token starts there")
    special: str = Field(description="the special territory that is this side's natural ally")
    tokens: list[str] = Field(default_factory=list, description="the tokens a player of this side selects from")


class Costs(_Strict):
    strategic_move_base: int = 1000
    strategic_move_increment: int = 1000
    two_step_factor: int = 2
    treaty_base: int = 20
    treaty_increment: int = 10
    secret_base: int = 500
    alliance: int = 2000
    ransom_base: int = 2000


class Rules(_Strict):
    spinner_faces: int = Field(default=6, ge=1)
    victory: Victory = "sudden-death"
    jail_limits: list[int] = Field(default_factory=lambda: [3, 5])
    jail_limit: int = 3
    turn_limits: list[int] = Field(default_factory=lambda: [100, 300])
    safety_round_cap: int = Field(default=2000, ge=1, description="rounds after which a game is called")
    neutral_invaders: list[str] = Field(
        default_factory=lambda: ["infantry"], description="the only units that may invade a neutral territory"
    )
    unlocking_ai: str | None = Field(
        default=None, description="the AI (of ais:) a player must beat to unlock the next mode; none: all open"
    )


class Start(_Strict):
    money: int = Field(ge=0)
    army: dict[str, int] = Field(default_factory=dict)


class Mode(_Strict):
    title: str
    start_territories: dict[SideName, list[str]]
    income_factor: float = Field(default=1.0, ge=0)
    penalty_rate: float = Field(ge=0, le=1)
    luck: float = Field(ge=0, le=1, description="chance that a drawn card is a good one")


class Effect(_Strict):
    kind: EffectKind
    amount: int = 0
    units: dict[str, int] = Field(default_factory=dict)
    fraction: float = Field(default=0.0, ge=0, le=1)
    targets: list[str] = Field(default_factory=list, description="unit names; empty means every unit")
    capture: bool = Field(default=False, description="destroy-defence: the territory becomes the user's")
    main_allowed: bool = True


class Card(_Strict):
    name: str
    deck: Literal["fortune", "strategy"]
    good: bool
    text: str
    copies: int | None = Field(default=None, ge=0, description="copies per game; null = unlimited")
    keep: bool = Field(default=False, description="kept in hand for later use instead of applied at once")
    choice: bool = Field(default=True, description="true when the document does not give this card")
    effect: Effect


class Advantage(_Strict):
    name: str
    money: int = 0
    army: dict[str, int] = Field(default_factory=dict)
    cards: list[str] = Field(default_factory=list, description="names of cards (any deck) given at start")


class AIProfile(_Strict):
    """Tendencies of one AI, as numbers the AI code reads."""

    title: str
    deploy_share: float = Field(ge=0, le=1, description="share of the army placed when landing at home")
    reserve_factor: float = Field(ge=0, description="keep army power >= factor x worst hostile penalty")
    invade_share: float = Field(ge=0, le=1, description="invade when it costs at most this army share")
    recruit_share: float = Field(ge=0, le=1, description="share of money spent on recruits each turn")
    money_reserve: int = Field(default=0, ge=0, description="money kept back (ransom, strategic moves)")
    strategic_moves: StrategicPolicy = "never"
    strategic_weight: float = Field(default=2.5, ge=0, description="a strategic move must bring this x its cost")
    lookahead: float = Field(default=0.25, ge=0, description="weight of the next spin's mean (lookahead policy)")
    horizon: int = Field(default=6, ge=0, description="turns of income a newly owned space is worth")
    win_value: float = Field(default=40000, ge=0, description="money worth of taking the enemy main country")
    jail_dread: int = Field(default=8000, ge=0, description="money worth of avoiding imprisonment")
    advantages: list[Advantage] = Field(default_factory=list, description="one is drawn at game start")


class BoardGame(_Strict):
    """Allies vs. Axis: everything the reference engine needs, from the spec's `board_game:` key."""

    title: str
    sides: dict[SideName, Side]
    units: list[Unit] = Field(min_length=1)
    board: list[Space] = Field(min_length=2)
    costs: Costs = Field(default_factory=Costs)
    rules: Rules = Field(default_factory=Rules)
    start: Start
    modes: dict[str, Mode] = Field(min_length=1)
    cards: list[Card] = Field(default_factory=list)
    ais: dict[str, AIProfile] = Field(default_factory=dict)
    choices: list[Choice] = Field(default_factory=list)

    @model_validator(mode="after")
    def _cross_references(self, info: ValidationInfo) -> BoardGame:
        if info.context and info.context.get("defer_cross_check"):
            return self
        found = list(cross_check(self))
        if found:
            raise ValueError("; ".join(f"{dotted(path)}: {message}" for path, message in found))
        return self

    def space_index(self, name: str) -> int:
        """0-based board index of the space called `name`."""
        for index, space in enumerate(self.board):
            if space.name == name:
                return index
        raise KeyError(name)

    def card(self, name: str) -> Card:
        for card in self.cards:
            if card.name == name:
                return card
        raise KeyError(name)


Path_ = tuple[str | int, ...]


def cross_check(game: BoardGame) -> Iterator[tuple[Path_, str]]:
    """Every reference between parts of the section that does not resolve, with the path to it."""
    unit_names = [unit.name for unit in game.units]
    units = set(unit_names)
    if len(units) != len(unit_names):
        yield ("units",), "unit names must be unique"
    powers = [unit.power for unit in game.units]
    if powers != sorted(powers):
        yield ("units",), "list units from weakest to strongest (support goes to stronger units)"
    income_keys = units | {"money"}
    names = [space.name for space in game.board]
    if len(set(names)) != len(names):
        yield ("board",), "space names must be unique"
    spaces = {space.name: space for space in game.board}
    for i, space in enumerate(game.board):
        if space.number != i + 1:
            yield ("board", i, "number"), f"space {space.name!r} is listed as number {i + 1}, not {space.number}"
        for key in space.income:
            if key not in income_keys:
                yield ("board", i, "income", key), f"unknown resource {key!r} (money or a unit)"
        for key in space.garrison:
            if key not in units:
                yield ("board", i, "garrison", key), f"unknown unit {key!r}"
        if space.ally_of and space.kind != "special":
            yield ("board", i, "ally_of"), "only special spaces have a natural ally"
        if space.main_of and space.kind != "territory":
            yield ("board", i, "main_of"), "a main country must be a territory"
    for side, cfg in game.sides.items():
        if cfg.main not in spaces or spaces[cfg.main].main_of != side:
            yield ("sides", side, "main"), f"{cfg.main!r} is not a territory with main_of: {side}"
        if cfg.special not in spaces or spaces[cfg.special].ally_of != side:
            yield ("sides", side, "special"), f"{cfg.special!r} is not a special space with ally_of: {side}"
        if len(set(cfg.tokens)) != len(cfg.tokens):
            yield ("sides", side, "tokens"), "token names must be unique"
    if set(game.sides) != set(SIDES):
        yield ("sides",), "give both sides: allies and axis"
    for key in game.start.army:
        if key not in units:
            yield ("start", "army", key), f"unknown unit {key!r}"
    for mode_name, mode in game.modes.items():
        for side, owned in mode.start_territories.items():
            for j, name in enumerate(owned):
                if name not in spaces:
                    yield ("modes", mode_name, "start_territories", side, j), f"unknown space {name!r}"
    card_names = {card.name for card in game.cards}
    for i, card in enumerate(game.cards):
        for key in list(card.effect.units) + card.effect.targets:
            if key not in units:
                yield ("cards", i, "effect"), f"unknown unit {key!r}"
    for ai_name, ai in game.ais.items():
        for j, adv in enumerate(ai.advantages):
            for key in adv.army:
                if key not in units:
                    yield ("ais", ai_name, "advantages", j, "army", key), f"unknown unit {key!r}"
            for name in adv.cards:
                if name not in card_names:
                    yield ("ais", ai_name, "advantages", j, "cards"), f"unknown card {name!r}"
    for j, name in enumerate(game.rules.neutral_invaders):
        if name not in units:
            yield ("rules", "neutral_invaders", j), f"unknown unit {name!r}"
    if game.rules.unlocking_ai is not None and game.rules.unlocking_ai not in game.ais:
        yield ("rules", "unlocking_ai"), f"unknown AI {game.rules.unlocking_ai!r}"
    if game.rules.jail_limit not in game.rules.jail_limits:
        yield ("rules", "jail_limit"), f"must be one of {game.rules.jail_limits}"


def dotted(path: Path_) -> str:
    """A key path as the messages show it: `board.3.income`."""
    return ".".join(str(part) for part in path) or "board_game"
