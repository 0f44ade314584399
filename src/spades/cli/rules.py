"""``spades rules``: the presets, one preset, or where two differ."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..errors import RuleSetError
from ..rules import (
    OPTION_NAMES,
    PRESETS,
    Preset,
    RuleSet,
    find_preset,
    presets_text,
    rules_diff_text,
    rules_text,
)
from .common import (
    InputError,
    shown,
)

__all__ = ["rules_command"]


def _preset_arg(name: str) -> Preset:
    try:
        return find_preset(name)
    except RuleSetError as error:
        raise InputError(shown(name), error.message) from None


def _preset_data(preset: Preset) -> dict[str, Any]:
    return {
        "name": preset.name,
        "title": preset.title,
        "source": preset.source,
        "aliases": list(preset.aliases),
    }


def rules_command(args: argparse.Namespace) -> int:
    names = args.presets
    if len(names) > 2:
        raise InputError("rules", f"give at most two presets to compare, not {len(names)}.")
    presets = [_preset_arg(name) for name in names]
    if not presets:
        if args.json:
            print(json.dumps([_preset_data(p) for p in PRESETS], indent=2))
        else:
            print(presets_text())
        return 0
    if len(presets) == 1:
        preset = presets[0]
        if args.json:
            values = preset.rules.to_dict()
            data = {
                **_preset_data(preset),
                "readings": list(preset.readings),
                "options": [
                    {"name": name, "value": values[name], "meaning": RuleSet.describe(name)}
                    for name in OPTION_NAMES
                ],
            }
            print(json.dumps(data, indent=2))
        else:
            print(rules_text(preset))
        return 0
    a, b = presets
    if args.json:
        left, right = a.rules.to_dict(), b.rules.to_dict()
        data = {
            "a": a.name,
            "b": b.name,
            "differences": [
                {"name": name, "a": left[name], "b": right[name], "meaning": RuleSet.describe(name)}
                for name in a.rules.diff(b.rules)
            ],
        }
        print(json.dumps(data, indent=2))
    else:
        print(rules_diff_text(a, b))
    return 0
