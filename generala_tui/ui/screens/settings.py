"""House rules for new games: every house rule, with presets."""

from __future__ import annotations

from enum import Enum
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Button, Label, Select, Static, Switch

from ... import i18n, words
from ...game.model import HouseRules
from ...game.rule_choices import PRESETS, idle_rules, preset_in_effect, rule_values
from .. import vocabulary
from ..host import host_of, own_keys
from ..widgets.footer import Footer
from . import settings_words
from .modal import Page


def _preference(key: str, title: str, explanation: str, on: bool) -> ComposeResult:
    """A row for one of the player's own preferences: its words, and its switch."""
    with Horizontal(classes="rule", id=f"row-{key}"):
        with Vertical(classes="rule-text"):
            yield Label(title, classes="rule-title")
            yield Label(explanation, classes="rule-help")
        with Horizontal(classes="rule-control"):
            yield Switch(on, id=key, animate=False)
            yield Label(settings_words.on_off(on), id=f"state-{key}", classes="switch-state")


def _choices(key: str) -> list[tuple[str, Any]]:
    labels = settings_words.value_text()
    return [
        (labels.get(str(v.value), str(v.value)) if isinstance(v, Enum) else str(v), v)
        for v in rule_values(key)
    ]


def inapplicable(house_rules: HouseRules) -> dict[str, str]:
    """The rules that change nothing under the others, each with the reason."""
    return {
        key: settings_words.applies_only_when(switch)
        for key, switch in idle_rules(house_rules).items()
    }


class SettingsScreen(Page[HouseRules | None]):
    """Edit the house rules; dismiss with the saved rules, or None when cancelled."""

    BINDINGS = [
        Binding("escape", "cancel", vocabulary.Keys.CANCEL, id="settings.cancel"),
        Binding("ctrl+s", "save", vocabulary.Keys.SAVE, id="settings.save"),
    ]

    # Parsed when the settings are first shown. Below 60 columns each control goes under its
    # rule's words; below 24 rows the buttons take one line.
    DEFAULT_CSS = """
    SettingsScreen {
        align-horizontal: center;

        #settings {
            width: 100;
            max-width: 100%;
            height: 1fr;
        }

        #settings-title {
            padding: 0 1;
            background: $panel;
        }

        #preferences-title {
            margin-top: 1;
            padding: 0 1;
            background: $panel;
        }

        #presets {
            height: auto;
            padding: 0 1;
        }

        #presets Label {
            margin-right: 1;
        }

        #presets Button {
            margin-right: 1;
        }

        #presets Button.-in-effect {
            text-style: bold;
            color: $success;
        }

        /* A compact button's own focus is a faint tint: a preset replaces every rule at
           once, so the one Enter would press must show plainly (a Classic pressed by
           mistake). */
        #presets Button:focus {
            background: $accent;
            color: $text;
            text-style: bold;
        }

        #preset-about {
            width: 100%;
            color: $text-muted;
            padding: 0 1;
        }

        #preset-about.-chosen {
            color: $text-success;
            text-style: bold;
        }

        #rules {
            height: 1fr;
            padding: 0 1;
            scrollbar-size-vertical: 1;
        }

        .rule {
            height: auto;
            margin-bottom: 1;
        }

        .rule-text {
            width: 1fr;
            height: auto;
        }

        .rule-text Label {
            width: 1fr;
        }

        .rule-title {
            text-style: bold;
        }

        .rule-help {
            color: $text-muted;
        }

        .rule.-inapplicable {
            .rule-title {
                color: $text-disabled;
                text-style: none;
            }
            .rule-help {
                color: $text-warning;
            }
        }

        .rule-control {
            width: 32;
            height: auto;
            margin-left: 1;
        }

        .rule Select {
            width: 30;
        }

        .rule Switch {
            width: auto;
            height: 1;
            border: none;
            padding: 0 1;
        }

        .rule Switch:focus {
            border: none;
            background: $accent 40%;
        }

        .switch-state {
            width: 4;
            margin-left: 1;
        }

        #settings-buttons {
            height: auto;
            align-horizontal: right;
            padding: 0 1;
        }

        #settings-buttons Button {
            margin-left: 1;
        }

        &.-narrow {
            #presets-label {
                display: none;
            }
            .rule {
                layout: vertical;
            }
            .rule-control {
                margin-left: 2;
            }
            #settings-buttons {
                align-horizontal: left;
            }
        }

        &.-short {
            .rule {
                margin-bottom: 0;
            }
            #settings-buttons Button {
                height: 1;
                border: none;
                min-width: 0;
            }
        }
    }
    """
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (60, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (24, "-tall")]

    def __init__(self, house_rules: HouseRules) -> None:
        super().__init__()
        self.house_rules = house_rules
        self.preset_pressed: str | None = None
        """The preset just pressed, while the rules are still that preset's."""

    def compose(self) -> ComposeResult:
        with Vertical(id="settings"):
            yield Static(settings_words.settings_title(), id="settings-title")
            with Horizontal(id="presets"):
                yield Label(settings_words.presets_label(), id="presets-label")
                for number, name in enumerate(PRESETS):
                    yield Button(name, id=f"preset-{number}", compact=True)
            yield Label("", id="preset-about")
            with VerticalScroll(id="rules"):
                for key, (title, explanation) in words.rule_text().items():
                    yield from self._rule(key, title, explanation)
                yield Static(settings_words.preferences_heading(), id="preferences-title")
                yield from self._language()
                yield from self._theme()
                yield from self._roll_animation()
                yield from self._sorted_dice()
                yield from self._turn_nudge()
            with Horizontal(id="settings-buttons"):
                yield Button(
                    settings_words.save_button(own_keys(self)), id="save", variant="primary"
                )
                yield Button(settings_words.cancel_button(own_keys(self)), id="cancel")
        yield Footer()

    def _rule(self, key: str, title: str, explanation: str) -> ComposeResult:
        value = getattr(self.house_rules, key)
        with Horizontal(classes="rule", id=f"row-{key}"):
            with Vertical(classes="rule-text"):
                yield Label(title, classes="rule-title")
                yield Label(explanation, classes="rule-help", id=f"help-{key}")
            with Horizontal(classes="rule-control"):
                if isinstance(value, bool):
                    yield Switch(value, id=f"rule-{key}", animate=False)
                    yield Label(
                        settings_words.on_off(value), id=f"state-{key}", classes="switch-state"
                    )
                else:
                    yield Select(
                        _choices(key),
                        value=value,
                        allow_blank=False,
                        compact=True,
                        id=f"rule-{key}",
                    )

    def _language(self) -> ComposeResult:
        """The player's language, not a house rule: changed at once, on every screen."""
        with Horizontal(classes="rule", id="row-language"):
            with Vertical(classes="rule-text"):
                yield Label(settings_words.language_title(), classes="rule-title")
                yield Label(settings_words.language_help(), classes="rule-help")
            with Horizontal(classes="rule-control"):
                yield Select(
                    [(i18n.LANGUAGE_NAMES[lang], lang) for lang in i18n.LANGUAGES],
                    value=i18n.language(),
                    allow_blank=False,
                    compact=True,
                    id="language",
                )

    def _theme(self) -> ComposeResult:
        """The window's colours, not a house rule: changed at once (the app remembers the
        theme it shows, as when it is chosen in the command palette)."""
        with Horizontal(classes="rule", id="row-theme"):
            with Vertical(classes="rule-text"):
                yield Label(settings_words.theme_title(), classes="rule-title")
                yield Label(settings_words.theme_help(), classes="rule-help")
            with Horizontal(classes="rule-control"):
                themes = sorted(self.app.available_themes)
                yield Select(
                    [(name, name) for name in themes],
                    value=self.app.theme if self.app.theme in themes else Select.BLANK,
                    allow_blank=self.app.theme not in themes,
                    compact=True,
                    id="theme",
                )

    def _roll_animation(self) -> ComposeResult:
        """The player's own preference, not a house rule: changed at once, not on Save."""
        yield from _preference(
            "roll-animation",
            settings_words.roll_animation_title(),
            settings_words.roll_animation_help(),
            host_of(self).roll_animation,
        )

    def _sorted_dice(self) -> ComposeResult:
        """The player's own preference, changed at once (not on Save)."""
        yield from _preference(
            "sorted-dice",
            settings_words.sorted_dice_title(),
            settings_words.sorted_dice_help(),
            host_of(self).sorted_dice,
        )

    def _turn_nudge(self) -> ComposeResult:
        """The player's own preference, changed at once (not on Save)."""
        yield from _preference(
            "turn-nudge",
            settings_words.turn_nudge_title(),
            settings_words.turn_nudge_help(),
            host_of(self).turn_nudge,
        )

    @on(Switch.Changed, "#roll-animation, #sorted-dice, #turn-nudge")
    def _preference_changed(self, event: Switch.Changed) -> None:
        event.stop()
        host = host_of(self)
        if event.switch.id == "roll-animation":
            host.set_roll_animation(event.value)
        elif event.switch.id == "sorted-dice":
            host.set_sorted_dice(event.value)
        else:
            host.set_turn_nudge(event.value)
        state = self.query_one(f"#state-{event.switch.id}", Label)
        state.update(settings_words.on_off(event.value))

    def on_mount(self) -> None:
        self._show_state()
        # The first rule, not a preset: Enter must never replace every rule at once.
        self.query_one(f"#rule-{next(iter(words.rule_text()))}").focus()

    def chosen_rules(self) -> HouseRules:
        """The rules as the controls show them now."""
        values: dict[str, Any] = {}
        for key in words.rule_text():
            control = self.query_one(f"#rule-{key}")
            assert isinstance(control, Switch | Select)
            values[key] = control.value
        return HouseRules.model_validate(values)

    def show_rules(self, house_rules: HouseRules) -> None:
        for key in words.rule_text():
            control = self.query_one(f"#rule-{key}")
            assert isinstance(control, Switch | Select)
            control.value = getattr(house_rules, key)
        self._show_state()

    def _show_state(self) -> None:
        """Words for each switch, the rules that don't apply greyed out, the preset marked."""
        rules = self.chosen_rules()
        idle = inapplicable(rules)
        for key, (_, explanation) in words.rule_text().items():
            control = self.query_one(f"#rule-{key}")
            control.disabled = key in idle
            self.query_one(f"#row-{key}").set_class(key in idle, "-inapplicable")
            self.query_one(f"#help-{key}", Label).update(
                Content(idle[key]) if key in idle else Content(explanation)
            )
            if isinstance(control, Switch):
                self.query_one(f"#state-{key}", Label).update(settings_words.on_off(control.value))
        chosen = preset_in_effect(rules)
        for number, name in enumerate(PRESETS):
            button = self.query_one(f"#preset-{number}", Button)
            button.label = settings_words.preset_label(name, name == chosen)
            button.set_class(name == chosen, "-in-effect")
            button.tooltip = settings_words.about_preset(name)
        if chosen != self.preset_pressed:
            self.preset_pressed = None
        about = self.query_one("#preset-about", Label)
        if chosen is None:
            about.update(Content(settings_words.custom_rules()))
        elif chosen == self.preset_pressed:
            about.update(Content(settings_words.preset_chosen(chosen)))
        else:
            about.update(Content(settings_words.about_preset(chosen)))
        about.set_class(chosen is not None and chosen == self.preset_pressed, "-chosen")

    @on(Switch.Changed)
    @on(Select.Changed, ".rule-control Select")
    def _changed(self) -> None:
        self._show_state()

    @on(Select.Changed, "#language")
    def _language_chosen(self, event: Select.Changed) -> None:
        """The language changes at once, on every screen (it is no house rule: Cancel
        leaves it as chosen)."""
        if isinstance(event.value, str) and event.value != i18n.language():
            host_of(self).set_language(event.value)

    @on(Select.Changed, "#theme")
    def _theme_chosen(self, event: Select.Changed) -> None:
        """The colours change at once (no house rule: Cancel leaves them as chosen)."""
        event.stop()
        if isinstance(event.value, str) and event.value != self.app.theme:
            self.app.theme = event.value

    async def language_changed(self) -> None:
        """Say it all again in the current language, keeping the rules chosen so far."""
        chosen = self.chosen_rules()
        self.refresh_bindings()
        await self.recompose()
        self.show_rules(chosen)
        self.query_one("#language", Select).focus()  # where the player just chose it

    @on(Button.Pressed, "#presets Button")
    def _preset(self, event: Button.Pressed) -> None:
        number = int((event.button.id or "preset-0").removeprefix("preset-"))
        name = list(PRESETS)[number]
        # Said under the presets, where the eye is, while its rules stand (what it sets stays
        # in its tooltip): a notice covered Save and Cancel, the buttons pressed next.
        self.preset_pressed = name
        self.show_rules(PRESETS[name])

    @on(Button.Pressed, "#save")
    def action_save(self) -> None:
        self.dismiss(self.chosen_rules())

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
