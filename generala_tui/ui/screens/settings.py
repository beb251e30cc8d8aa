"""House rules for new games: every rule of RULES.md section 8, and presets."""

from __future__ import annotations

import typing
from enum import Enum
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Label, Select, Static, Switch

from ...game.model import HouseRules, ServedRoll
from ..names import RULE_TEXT, VALUE_TEXT

PRESETS: dict[str, HouseRules] = {
    "Classic": HouseRules(),
    "Swedish text": HouseRules(generala_points=60, served_roll=ServedRoll.ANY_FULL_ROLL),
}


def _choices(key: str) -> list[tuple[str, Any]]:
    annotation = HouseRules.model_fields[key].annotation
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return [(VALUE_TEXT.get(str(m.value), str(m.value)), m) for m in annotation]
    return [(str(value), value) for value in typing.get_args(annotation)]


class SettingsScreen(Screen[HouseRules | None]):
    """Edit the house rules; dismiss with the saved rules, or None when cancelled."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        Binding("ctrl+s", "save", "Save"),
    ]

    def __init__(self, house_rules: HouseRules) -> None:
        super().__init__()
        self.house_rules = house_rules

    def compose(self) -> ComposeResult:
        yield Static("[b]House rules[/b]  for new games", id="settings-title")
        with Horizontal(id="presets"):
            yield Label("Presets:")
            for number, name in enumerate(PRESETS):
                yield Button(name, id=f"preset-{number}", compact=True)
        with VerticalScroll(id="rules"):
            for key, (title, explanation) in RULE_TEXT.items():
                value = getattr(self.house_rules, key)
                with Horizontal(classes="rule"):
                    with Vertical(classes="rule-text"):
                        yield Label(title, classes="rule-title")
                        yield Label(explanation, classes="rule-help")
                    if isinstance(value, bool):
                        yield Switch(value, id=f"rule-{key}")
                    else:
                        yield Select(
                            _choices(key), value=value, allow_blank=False, id=f"rule-{key}"
                        )
        with Horizontal(id="settings-buttons"):
            yield Button("Save (ctrl+s)", id="save", variant="primary")
            yield Button("Cancel (Esc)", id="cancel")
        yield Footer()

    def chosen_rules(self) -> HouseRules:
        """The rules as the controls show them now."""
        values: dict[str, Any] = {}
        for key in RULE_TEXT:
            control = self.query_one(f"#rule-{key}")
            assert isinstance(control, Switch | Select)
            values[key] = control.value
        return HouseRules.model_validate(values)

    def show_rules(self, house_rules: HouseRules) -> None:
        for key in RULE_TEXT:
            control = self.query_one(f"#rule-{key}")
            assert isinstance(control, Switch | Select)
            control.value = getattr(house_rules, key)

    @on(Button.Pressed, "#presets Button")
    def _preset(self, event: Button.Pressed) -> None:
        name = str(event.button.label)
        self.show_rules(PRESETS[name])
        self.notify(f"Preset {name} chosen: Save to keep it.", markup=False)

    @on(Button.Pressed, "#save")
    def action_save(self) -> None:
        self.dismiss(self.chosen_rules())

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
