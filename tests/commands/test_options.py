"""Reading house rules and players from command-line text."""

from __future__ import annotations

import pytest

from generala_tui.commands.options import OptionError, parse_players, parse_rules, rule_choices
from generala_tui.game.model import HouseRules, Level, Player, ServedRoll, StraightRule

# --- house rules ----------------------------------------------------------


def test_no_rules_give_the_default_house_rules() -> None:
    assert parse_rules([]) == HouseRules()


def test_every_house_rule_can_be_set() -> None:
    house_rules = parse_rules(
        [
            "generala_points=60",
            "served_bonus=10",
            "served_roll=any_full_roll",
            "straight=one_replaces_two",
            "served_generala_wins=false",
            "double_generala=true",
            "double_generala_served_bonus=false",
            "two_pairs=true",
            "locked_holds=true",
            "tie_break=false",
        ]
    )
    assert house_rules == HouseRules(
        generala_points=60,
        served_bonus=10,
        served_roll=ServedRoll.ANY_FULL_ROLL,
        straight=StraightRule.ONE_REPLACES_TWO,
        served_generala_wins=False,
        double_generala=True,
        double_generala_served_bonus=False,
        two_pairs=True,
        locked_holds=True,
        tie_break=False,
    )


def test_numbers_are_read_as_numbers() -> None:
    house_rules = parse_rules(["generala_points=60", "served_bonus=10"])
    assert house_rules.generala_points == 60
    assert house_rules.served_bonus == 10


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("true", True),
        ("yes", True),
        ("on", True),
        ("1", True),
        ("TRUE", True),
        ("false", False),
        ("no", False),
        ("Off", False),
        ("0", False),
    ],
)
def test_yes_no_rules_take_the_usual_spellings(text: str, value: bool) -> None:
    assert parse_rules([f"two_pairs={text}"]).two_pairs is value


def test_spaces_and_capitals_around_a_rule_are_ignored() -> None:
    assert parse_rules([" straight = Ones_Wild "]).straight is StraightRule.ONES_WILD


def test_rules_apply_on_top_of_a_base() -> None:
    base = HouseRules(double_generala=True, generala_points=60)
    house_rules = parse_rules(["two_pairs=on"], base=base)
    assert house_rules == HouseRules(double_generala=True, generala_points=60, two_pairs=True)
    assert base.two_pairs is False


def test_a_later_rule_overrides_an_earlier_one() -> None:
    assert parse_rules(["served_bonus=10", "served_bonus=5"]).served_bonus == 5


@pytest.mark.parametrize(
    ("pair", "choices"),
    [
        ("generala_points=55", "50, 60"),
        ("served_bonus=7", "5, 10"),
        ("served_roll=second", "first_roll, any_full_roll"),
        ("straight=crooked", "standard, strict, wraparound, one_replaces_two, ones_wild"),
        ("tie_break=maybe", "true, false"),
        ("locked_holds=", "true, false"),
    ],
)
def test_a_bad_value_names_the_rule_and_its_choices(pair: str, choices: str) -> None:
    key, _, value = pair.partition("=")
    with pytest.raises(OptionError) as error:
        parse_rules([pair])
    message = str(error.value)
    assert message.startswith(f"{key} can't be {value!r}")
    assert message.endswith(f"choose one of {choices}.")


def test_an_unknown_rule_names_every_house_rule() -> None:
    with pytest.raises(OptionError, match="no house rule 'chance'") as error:
        parse_rules(["chance=on"])
    for field in HouseRules.model_fields:
        assert field in str(error.value)


def test_a_rule_without_an_equals_sign_is_refused() -> None:
    with pytest.raises(OptionError, match="KEY=VALUE, not 'tie_break'"):
        parse_rules(["tie_break"])


def test_option_errors_are_value_errors() -> None:
    assert issubclass(OptionError, ValueError)


@pytest.mark.parametrize(
    ("key", "choices"),
    [
        ("generala_points", ["50", "60"]),
        ("served_bonus", ["5", "10"]),
        ("served_roll", ["first_roll", "any_full_roll"]),
        ("straight", ["standard", "strict", "wraparound", "one_replaces_two", "ones_wild"]),
        ("tie_break", ["true", "false"]),
    ],
)
def test_rule_choices_lists_the_valid_values(key: str, choices: list[str]) -> None:
    assert rule_choices(key) == choices


def test_every_listed_choice_is_accepted() -> None:
    for key in HouseRules.model_fields:
        for choice in rule_choices(key):
            parse_rules([f"{key}={choice}"])


# --- players --------------------------------------------------------------


def test_players_are_read_in_seating_order() -> None:
    assert parse_players("Ana,Bruno,Rita") == [
        Player(name="Ana"),
        Player(name="Bruno"),
        Player(name="Rita"),
    ]


def test_name_colon_level_is_a_computer_player() -> None:
    assert parse_players("Ana,Rita:expert, Bruno : Easy") == [
        Player(name="Ana"),
        Player(name="Rita", level=Level.EXPERT),
        Player(name="Bruno", level=Level.EASY),
    ]


def test_a_bare_level_is_a_computer_named_after_it() -> None:
    assert parse_players("Ana,medium") == [
        Player(name="Ana"),
        Player(name="Medium", level=Level.MEDIUM),
    ]


def test_computers_named_after_the_same_level_are_numbered() -> None:
    players = parse_players("expert,Ana,expert,easy")
    assert [(p.name, p.level) for p in players] == [
        ("Expert", Level.EXPERT),
        ("Ana", None),
        ("Expert 2", Level.EXPERT),
        ("Easy", Level.EASY),
    ]


@pytest.mark.parametrize(
    ("lang", "names"), [("es", ["Medio", "Medio 2", "Fácil"]), ("sv", ["Medel", "Medel 2", "Lätt"])]
)
def test_a_bare_level_names_the_computer_in_the_players_language(
    lang: str, names: list[str]
) -> None:
    from generala_tui import i18n

    i18n.set_language(lang)  # the conftest puts English back after each test
    players = parse_players("medium,medium,easy")
    assert [p.name for p in players] == names
    assert [p.level for p in players] == [Level.MEDIUM, Level.MEDIUM, Level.EASY]


def test_a_champion_is_a_computer_level_too() -> None:
    players = parse_players("Ana,Rita:champion,champion,Max:CHAMPION,champion")
    assert [(p.name, p.level) for p in players] == [
        ("Ana", None),
        ("Rita", Level.CHAMPION),
        ("Champion", Level.CHAMPION),
        ("Max", Level.CHAMPION),
        ("Champion 2", Level.CHAMPION),
    ]


@pytest.mark.parametrize(("lang", "name"), [("es", "Campeón"), ("sv", "Mästare")])
def test_a_bare_champion_is_named_in_the_players_language(lang: str, name: str) -> None:
    from generala_tui import i18n

    i18n.set_language(lang)
    assert parse_players("champion") == [Player(name=name, level=Level.CHAMPION)]


def test_a_single_player_may_play_alone() -> None:
    assert parse_players("Ana") == [Player(name="Ana")]


def test_an_unknown_level_names_the_levels() -> None:
    with pytest.raises(
        OptionError, match=r"'genius' is not a computer level: .*easy, medium, expert, champion"
    ):
        parse_players("Ana,Rita:genius")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "Player 1 needs a name"),
        ("Ana,,Bruno", "Player 2 needs a name"),
        ("Ana, ", "Player 2 needs a name"),
        ("Ana,ana", "Two players are called ana"),
        ("Ana,Bruno:expert,bruno", "Two players are called bruno"),
        (",".join(f"P{i}" for i in range(9)), "1 to 8 players, not 9"),
        ("Ana," + "x" * 21, "Player 2's name is 21 characters long; the most is 20"),
    ],
)
def test_bad_player_lists_are_refused_with_the_reason(text: str, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        parse_players(text)


def test_eight_players_are_allowed() -> None:
    assert len(parse_players(",".join(f"P{i}" for i in range(8)))) == 8
