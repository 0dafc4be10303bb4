"""The registry of checks (id -> module) and the runner."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import Any

from compiler.checks import (
    action_rules,
    bad_map_property,
    buyer_without_frontier,
    canal,
    disconnected_map,
    distant_connection,
    duplicate_connection,
    duplicate_name,
    duplicate_owner,
    duplicate_territory,
    empty_polygon,
    foreach_variable,
    gated_option,
    ignored_map_property,
    isolated_territory,
    map_file_syntax,
    map_yml,
    map_yml_mismatch,
    min_version,
    missing_action_text,
    missing_center,
    missing_connection,
    missing_decoration,
    missing_flag,
    missing_map_name,
    missing_notification,
    missing_placement,
    missing_polygon,
    missing_pu_image,
    missing_relationship,
    missing_small_map,
    missing_tile,
    missing_unit_attachment,
    missing_unit_image,
    negative_placement,
    objectives_file,
    option_order,
    option_value,
    oversized_polygon,
    placement,
    player_without_step,
    point_outside_territory,
    polygon_without_center,
    production,
    property_value,
    sea_unit_on_land,
    self_connection,
    self_intersecting_polygon,
    sequence,
    structure,
    tech_ability,
    tooltips_file,
    unit_rules,
    unknown_attachment_class,
    unknown_delegate,
    unknown_frontier,
    unknown_loader,
    unknown_map_territory,
    unknown_option,
    unknown_player,
    unknown_production_rule,
    unknown_property,
    unknown_relationship_type,
    unknown_resource,
    unknown_step_property,
    unknown_technology,
    unknown_territory,
    unknown_territory_effect,
    unknown_unit,
    upload_files,
    victory_message,
)
from compiler.checks.context import CheckContext
from compiler.mapfolder.source import MapFiles, load_map_dir
from compiler.model.game import GameModel
from compiler.problems import Problem, Severity

# The check modules, in the order their problems are reported.
MODULES: tuple[ModuleType, ...] = (
    structure, min_version, unknown_loader, foreach_variable, unknown_territory, unknown_player, unknown_unit,
    unknown_resource, unknown_production_rule, unknown_frontier, unknown_relationship_type, unknown_delegate,
    unknown_territory_effect, unknown_technology, unknown_attachment_class, unknown_option, option_value,
    option_order, missing_unit_attachment, unit_rules, tech_ability, action_rules, missing_relationship,
    duplicate_name, duplicate_territory, self_connection, duplicate_connection, isolated_territory,
    disconnected_map, canal, production, buyer_without_frontier, sequence, player_without_step,
    unknown_step_property, placement, duplicate_owner, negative_placement, sea_unit_on_land, unknown_property,
    property_value, gated_option, missing_map_name, map_file_syntax, missing_polygon, missing_center,
    missing_placement,
    unknown_map_territory, oversized_polygon, empty_polygon, self_intersecting_polygon, polygon_without_center,
    point_outside_territory, distant_connection, missing_connection, map_yml, map_yml_mismatch, victory_message,
    bad_map_property, ignored_map_property, missing_small_map, missing_tile, missing_flag, missing_unit_image,
    missing_action_text, missing_notification, missing_decoration, missing_pu_image, upload_files,
    objectives_file, tooltips_file,
)

CHECKS: dict[str, ModuleType] = {module.ID: module for module in MODULES}
"""id -> check module, in reporting order"""


def run_context(ctx: CheckContext) -> list[Problem]:
    """Run every check over one context; a check that fails is reported, never raised. The catalog is
    read first: without it nothing is checked (CatalogError)."""
    ctx.catalog  # noqa: B018 (load it now: a broken installation must stop the run, not one check)
    problems: list[Problem] = []
    for check_id, module in CHECKS.items():
        try:
            problems.extend(module.check(ctx))
        except Exception as exc:  # a bug in one check must not hide the others' findings
            problems.append(
                Problem("internal-error", f"check {check_id} failed: {type(exc).__name__}: {exc}",
                        ctx.game_loc, Severity.ERROR)
            )
    return problems


def run_checks(
    model: GameModel,
    *,
    engine: str = "2.x",
    map_dir: Path | None = None,
    map_files: MapFiles | None = None,
    root: Any | None = None,
) -> list[Problem]:
    """Run every check over `model` for `engine` ('2.x' or '1.9'), with the map's text files if given."""
    if map_files is None and map_dir is not None:
        map_files = load_map_dir(Path(map_dir))
    return run_context(CheckContext(model, engine=engine, map_files=map_files, root=root))
