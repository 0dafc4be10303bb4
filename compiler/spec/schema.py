"""The JSON Schema of the spec language, generated from the pydantic models (for editors)."""

from __future__ import annotations

import json
from importlib.resources import files
from importlib.resources.abc import Traversable

from compiler.spec.models import Spec

# The schema as shipped in the package (the repository's schemas/ is a link to compiler/schemas/).
SCHEMA_PATH: Traversable = files("compiler") / "schemas" / "spec.schema.json"


def spec_json_schema() -> str:
    """The schema as stable, pretty JSON text (ending with a newline)."""
    schema = Spec.model_json_schema(by_alias=True)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = "https://triplea-compiler/schemas/spec.schema.json"
    schema["title"] = "triplea-compiler variant spec"
    return json.dumps(schema, indent=2, sort_keys=True) + "\n"
