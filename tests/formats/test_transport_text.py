"""Free-text BattleScribe transport capacities: the examples of the BSData notes, odd cases, random text."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import BSDATA_SAMPLE, NO_SAMPLE
from ost.core.catalogue import SpaceRule, TransportCapacity, WoundLimit
from ost.formats.transport_text import AskedVocabulary, Vocabulary, answers_alike, parse_transport

SAMPLE = BSDATA_SAMPLE

TRUKK = (
    "This model has a transport capacity of 12 FLASH GITZ, SPECIALIST MOB INFANTRY or INFANTRY models. "
    "Each MEGA ARMOUR or JUMP PACK model takes up the space of 2 models."
)
CHAOS_RHINO = (
    "This model has a transport capacity of 10 <LEGION> INFANTRY. "
    "It cannot transport TERMINATOR, CULT OF DESTRUCTION, JUMP PACK or POSSESSED models."
)
CHIMERA = (
    "This model can transport 12 ASTRA MILITARUM INFANTRY models. Each Heavy Weapons Team and Veteran Heavy "
    "Weapons Team takes up the space of 2 models. Each OGRYN and BULLGRYN takes up the space of 3 models."
)
GHOST_ARK = (
    "This model has a transport capacity of 10 <DYNASTY> NECRON WARRIORS or <DYNASTY> INFANTRY CHARACTER models."
)
DEVILFISH = (
    "This model has a transport capacity of 12 <SEPT> INFANTRY or <SEPT> DRONE models and 1 <SEPT> RECON DRONE "
    "model. It cannot transport BATTLESUIT models."
)
TYRANNOCYTE = (
    "One of the following:\n• 20 <HIVE FLEET> INFANTRY models. Each model with a Wounds characteristic of more "
    "than one takes up the space of 3 models.\n• 1 <HIVE FLEET> MONSTER with a Wounds characteristic of 16 or less."
)
UM_RHINO = (
    "This model can transport 10 CHAPTER INFANTRY models. "
    "It cannot transport JUMP PACK, TERMINATOR, PRIMARIS, CENTURION models."
)


def test_trukk() -> None:
    result = parse_transport(TRUKK)
    assert result.verified and result.text is None
    assert result.capacity == 12
    # "SPECIALIST MOB INFANTRY" adds nothing once plain INFANTRY may embark.
    assert result.allowed == [["FLASH GITZ"], ["INFANTRY"]]
    assert result.space == [SpaceRule(keywords=["MEGA ARMOUR"], space=2), SpaceRule(keywords=["JUMP PACK"], space=2)]
    assert result.forbidden == []


def test_trukk_with_a_vocabulary_splits_keywords_it_knows() -> None:
    text = "This model has a transport capacity of 12 SPECIALIST MOB INFANTRY or FLASH GITZ models."
    assert parse_transport(text).allowed == [["SPECIALIST MOB", "INFANTRY"], ["FLASH GITZ"]]
    assert parse_transport(text, ["Specialist Mob", "Infantry", "Flash Gitz"]).allowed == [
        ["SPECIALIST MOB", "INFANTRY"],
        ["FLASH GITZ"],
    ]


def test_chaos_rhino() -> None:
    result = parse_transport(CHAOS_RHINO)
    assert result.verified
    assert result.capacity == 10
    assert result.allowed == [["<LEGION>", "INFANTRY"]]
    assert result.forbidden == ["TERMINATOR", "CULT OF DESTRUCTION", "JUMP PACK", "POSSESSED"]


def test_chimera() -> None:
    result = parse_transport(CHIMERA)
    assert result.verified
    assert result.capacity == 12
    assert result.allowed == [["ASTRA MILITARUM", "INFANTRY"]]
    assert {tuple(r.keywords): r.space for r in result.space} == {
        ("HEAVY WEAPONS TEAM",): 2,
        ("VETERAN HEAVY WEAPONS TEAM",): 2,
        ("OGRYN",): 3,
        ("BULLGRYN",): 3,
    }


def test_chimera_with_the_catalogue_spelling() -> None:
    """The datasheets say OGRYNS; the transport text says OGRYN: the vocabulary's spelling wins."""
    result = parse_transport(CHIMERA, Vocabulary(["Ogryns", "Bullgryns", "Astra Militarum", "Infantry"]))
    assert SpaceRule(keywords=["OGRYNS"], space=3) in result.space
    assert result.allowed == [["ASTRA MILITARUM", "INFANTRY"]]


def test_ghost_ark() -> None:
    result = parse_transport(GHOST_ARK)
    assert result.verified
    assert result.allowed == [["<DYNASTY>", "NECRON WARRIORS"], ["<DYNASTY>", "INFANTRY", "CHARACTER"]]


def test_devilfish_one_more_drone_rides_on_top() -> None:
    result = parse_transport(DEVILFISH)
    assert result.verified and result.text is None
    assert result.capacity == 12
    assert result.allowed == [["<SEPT>", "INFANTRY"], ["<SEPT>", "DRONE"], ["<SEPT>", "RECON DRONE"]]
    # "and 1 RECON DRONE model": the recon drone takes no place of the 12.
    assert SpaceRule(keywords=["<SEPT>", "RECON DRONE"], space=0) in result.space
    assert result.forbidden == ["BATTLESUIT"]


def test_tyrannocyte_one_of_the_following() -> None:
    result = parse_transport(TYRANNOCYTE)
    assert result.verified and result.text is None
    # 20 infantry, or one monster that takes the whole space; a monster above 16 wounds cannot embark.
    assert result.capacity == 20
    assert result.allowed == [["<HIVE FLEET>", "INFANTRY"], ["<HIVE FLEET>", "MONSTER"]]
    assert result.space == [
        SpaceRule(keywords=["<HIVE FLEET>", "MONSTER"], space=20),
        SpaceRule(keywords=[], space=3, min_wounds=2),
    ]
    assert result.wound_limits == [WoundLimit(keywords=["<HIVE FLEET>", "MONSTER"], min_wounds=17)]


@pytest.mark.parametrize(
    "text",
    [
        "One of the following:\n• 20 INFANTRY models.\n• 3 MONSTER models.",  # 20 is no multiple of 3
        "One of the following:\n• 10 INFANTRY models with a Wounds characteristic of 3 or more.",
        "One of the following:",
        "This model has a transport capacity as follows:\n- 24 INFANTRY models\n- One of the following: 6 "
        "BATTLESUIT models; 24 more INFANTRY models.",
    ],
)
def test_choices_that_cannot_be_kept(text: str) -> None:
    assert not parse_transport(text).verified


def test_models_that_have_the_keyword() -> None:
    text = (
        "This model has a transport capacity of 10 <CULT> INFANTRY models. "
        "It cannot transport models that have the ABERRANT or BIKER keywords."
    )
    result = parse_transport(text)
    assert result.verified and result.forbidden == ["ABERRANT", "BIKER"]


def test_ultramarines_rhino_bare_chapter_is_a_placeholder() -> None:
    result = parse_transport(UM_RHINO)
    assert result.verified
    assert result.capacity == 10
    assert result.allowed == [["<CHAPTER>", "INFANTRY"]]
    assert result.forbidden == ["JUMP PACK", "TERMINATOR", "PRIMARIS", "CENTURION"]


@pytest.mark.parametrize(
    ("text", "capacity", "allowed"),
    [
        ("This model can transport 12 <Chapter> Infantry models.", 12, [["<CHAPTER>", "INFANTRY"]]),
        (
            "This model has a transport capacity of 10 < CRAFTWORLD > INFANTRY models.",
            10,
            [["<CRAFTWORLD>", "INFANTRY"]],
        ),
        ("This model has a transport capacity of 10 <LEGION< INFANTRY models.", 10, [["<LEGION>", "INFANTRY"]]),
        ("This model has a transport capacity of 10 (ORDER) INFANTRY models.", 10, [["<ORDER>", "INFANTRY"]]),
        ("This model has a transport capacity 40 INFANTRY models.", 40, [["INFANTRY"]]),
        ("This model has a transport capacity of two INFANTRY units, up to a total of 20 models.", 20, [["INFANTRY"]]),
        ("The Storm Eagle can transport 20 <CHAPTER> INFANTRY models.", 20, [["<CHAPTER>", "INFANTRY"]]),
        ("6", 6, []),
    ],
)
def test_spellings(text: str, capacity: int, allowed: list[list[str]]) -> None:
    result = parse_transport(text)
    assert result.verified, text
    assert (result.capacity, result.allowed) == (capacity, allowed)


def test_specific_space_rules_come_first() -> None:
    text = (
        "This model has a transport capacity of 15 <CHAPTER> INFANTRY models. Each JUMP PACK model takes up the "
        "space of 2 models (a PRIMARIS JUMP PACK model takes up the space of 3 models instead)."
    )
    result = parse_transport(text, ["Primaris", "Jump Pack", "Infantry"])
    assert result.verified
    assert result.space == [
        SpaceRule(keywords=["PRIMARIS", "JUMP PACK"], space=3),
        SpaceRule(keywords=["JUMP PACK"], space=2),
    ]


def test_plural_in_forbidden_list_and_and_each() -> None:
    text = (
        "This model can transport 6 <CHAPTER> INFANTRY models. Each JUMP PACK or TERMINATOR model takes the space of "
        "two other infantry models and each CENTURION takes the space of three other models. "
        "It cannot transport TERMINATORS or PRIMARIS models."
    )
    result = parse_transport(text, ["Terminator", "Primaris", "Jump Pack", "Centurion"])
    assert result.verified
    assert result.forbidden == ["TERMINATOR", "PRIMARIS"]
    assert SpaceRule(keywords=["CENTURION"], space=3) in result.space


@pytest.mark.parametrize(
    "text",
    [
        "This model has a transport capacity of 20 FLASH GITZ or <CLAN> INFANTRY models. If this model is equipped "
        "with a killkannon, it has a transport capacity of 12 FLASH GITZ or <CLAN> INFANTRY models instead.",
        "This model can transport any number of INFANTRY CHARACTERS and one other INFANTRY unit.",
        "This model has a transport capacity of 1 <HIVE FLEET> MONSTER with a Wounds characteristic of 16 or less.",
        "This model has a transport capacity of 12 INFANTRY models. It cannot transport models with a Wounds "
        "characteristic of 3 or less.",
        "This model has a transport capacity of 3 BIKER models or 2 CAVALRY models.",
        "This model has a transport capacity of 12 INFANTRY models and 2 DRONE models.",
        "It can transport up to 2 DREADNOUGHT models, which each take up the space of 10 models.",
        "If this model has the GOFF keyword, it can transport 1 GHAZGHKULL THRAKA.",
        "This model has a transport capacity as follows:\n- 24 INFANTRY models\n- 8 DRONES models",
        "It cannot transport non-CHARACTER models with a Wounds characteristic of 4 or more.",
        "Carries stuff.",
        "",
    ],
)
def test_not_understood_is_flagged(text: str) -> None:
    result = parse_transport(text)
    assert not result.verified
    assert "4" not in result.forbidden  # conditions never leak into keyword lists


def test_harmless_unit_limit_is_ignored() -> None:
    text = "This building has a transport capacity of 12 INFANTRY models. No more than two units can be embarked."
    result = parse_transport(text)
    assert result.verified and result.capacity == 12


def test_very_long_text_is_not_parsed() -> None:
    result = parse_transport("This model can transport 10 INFANTRY models. " * 200)
    assert not result.verified and result.capacity is None


WORDS = st.sampled_from(
    [
        "This model",
        "has a transport capacity of",
        "can transport",
        "12",
        "two",
        "<CLAN>",
        "< SEPT >",
        "<LEGION<",
        "INFANTRY",
        "models",
        "or",
        "and",
        ",",
        ".",
        "(",
        ")",
        "Each",
        "takes up the space of",
        "It cannot transport",
        "with a Wounds characteristic of",
        "\n•",
        "- ",
        "CHAPTER",
        "OGRYNS",
    ]
)


@given(st.lists(WORDS, max_size=40).map(" ".join), st.lists(st.text(max_size=12), max_size=5))
def test_phrase_soup_never_crashes(text: str, vocabulary: list[str]) -> None:
    result = parse_transport(text, vocabulary)
    assert isinstance(result, TransportCapacity)
    assert result.capacity is None or result.capacity >= 0
    assert all(
        rule.space >= 0 and (rule.keywords or rule.min_wounds is not None or rule.max_wounds is not None)
        for rule in result.space
    )
    assert all(alternative for alternative in result.allowed)
    assert result.verified or result.text is not None or not text.strip()


@given(st.text(max_size=400))
def test_random_text_never_crashes(text: str) -> None:
    result = parse_transport(text)
    assert isinstance(result, TransportCapacity)
    TransportCapacity.model_validate(result.model_dump())


@pytest.mark.bsdata
@pytest.mark.skipif(not SAMPLE.is_dir(), reason=NO_SAMPLE)
def test_every_transport_text_of_the_sample() -> None:
    """Most real texts are understood; the rest are flagged, none crashes."""
    import xml.etree.ElementTree as ET

    texts: set[str] = set()
    for path in SAMPLE.iterdir():
        if path.suffix not in (".cat", ".gst"):
            continue
        for element in ET.parse(path).getroot().iter():
            if element.tag.endswith("}profile") and element.get("typeName") == "Transport":
                texts.update(c.text or "" for c in element.iter() if c.tag.endswith("}characteristic"))
    results = [parse_transport(text) for text in sorted(texts)]
    verified = sum(r.verified for r in results)
    assert len(texts) >= 60
    assert verified >= 0.9 * len(texts), f"{verified} of {len(texts)} understood"
    assert all(r.capacity is not None for r in results if r.verified)


# -- the phrasings of every faction ----------------------------------------------------------------------------------


def test_wounds_take_more_space_and_too_many_wounds_cannot_embark() -> None:
    text = (
        "This building has a transport capacity of 30 INFANTRY models. Each model with a Wounds characteristic of 3 "
        "takes up the space of 2 models, and each model with a Wounds characteristic of 4 or more takes up the space "
        "of 3 models. It cannot transport non-CHARACTER models with a Wounds characteristic of 5 or more. "
        "No more than two units can be embarked within this building."
    )
    result = parse_transport(text)
    assert result.verified and result.capacity == 30 and result.allowed == [["INFANTRY"]]
    # The toughest rule first: the validator takes the first that fits.
    assert result.space == [
        SpaceRule(keywords=[], space=3, min_wounds=4),
        SpaceRule(keywords=[], space=2, min_wounds=3, max_wounds=3),
    ]
    assert result.wound_limits == [WoundLimit(keywords=[], min_wounds=5, unless=["CHARACTER"])]


def test_a_dreadnought_with_13_wounds_or_more_cannot_embark() -> None:
    text = (
        "This model can transport 12 CHAPTER INFANTRY models and 1 CHAPTER DREADNOUGHT. Each JUMP PACK or TERMINATOR "
        "model takes the space of two other infantry models and each CENTURION takes space of 3 other infantry "
        "models. It cannot transport PRIMARIS models or a DREADNOUGHT with a wounds characteristic of 13 or more"
    )
    result = parse_transport(text, ["Jump Pack", "Terminator", "Centurion", "Dreadnought", "Primaris", "Infantry"])
    assert result.verified
    assert result.capacity == 12
    assert result.allowed == [["<CHAPTER>", "INFANTRY"], ["<CHAPTER>", "DREADNOUGHT"]]
    assert result.forbidden == ["PRIMARIS"]
    assert result.wound_limits == [WoundLimit(keywords=["DREADNOUGHT"], min_wounds=13)]
    assert {tuple(r.keywords): r.space for r in result.space} == {
        ("<CHAPTER>", "DREADNOUGHT"): 0,
        ("JUMP PACK",): 2,
        ("TERMINATOR",): 2,
        ("CENTURION",): 3,
    }


def test_drop_pod_style_wounds_limit_that_have() -> None:
    text = (
        "This model has a transport capacity of 1 <CHAPTER> DREADNOUGHT model. It cannot transport DREADNOUGHT "
        "models that have a wounds characteristic of 10 or more."
    )
    result = parse_transport(text)
    assert result.verified and result.capacity == 1
    assert result.wound_limits == [WoundLimit(keywords=["DREADNOUGHT"], min_wounds=10)]


def test_more_than_one_wound() -> None:
    text = (
        "This model has a transport capacity of 20 INFANTRY models. Each model with a Wounds characteristic of more "
        "than one takes up the space of 3 models."
    )
    result = parse_transport(text)
    assert result.verified
    assert result.space == [SpaceRule(keywords=[], space=3, min_wounds=2)]


def test_models_with_the_keyword() -> None:
    text = (
        "This model can transport 10 models with the ADEPTA SORORITAS or ADEPTUS MINISTORUM keyword. "
        "It cannot transport JUMP PACK models."
    )
    result = parse_transport(text)
    assert result.verified
    assert result.allowed == [["ADEPTA SORORITAS"], ["ADEPTUS MINISTORUM"]]
    assert result.forbidden == ["JUMP PACK"]


def test_another_count_as_alternative_gives_space() -> None:
    result = parse_transport(
        "This model has a transport capacity of 1 ELYSIAN TAUROS model or 2 ELYSIAN DROP SENTINEL models.",
        ["Elysian", "Tauros", "Drop Sentinel"],
    )
    assert result.verified and result.capacity == 2
    assert ["ELYSIAN", "DROP SENTINEL"] in result.allowed
    assert result.space == [SpaceRule(keywords=["ELYSIAN", "TAUROS"], space=2)]


def test_plural_take_and_a_list_of_keywords() -> None:
    text = (
        "This model has a transport capacity of 10 <CHAPTER> INFANTRY models. JUMP PACK, TERMINATOR and CENTURION "
        "models take up the space of 2 models. It cannot transport PRIMARIS models."
    )
    result = parse_transport(text)
    assert result.verified
    assert [r.keywords for r in result.space] == [["JUMP PACK"], ["TERMINATOR"], ["CENTURION"]]
    assert result.forbidden == ["PRIMARIS"]


def test_each_model_that_takes() -> None:
    text = (
        "This model has a transport capacity of 35 ASTRA MILITARUM INFANTRY models. Each Heavy Weapon Team model "
        "that takes the space of 2 models and each OGRYN model takes the space of 3 models."
    )
    result = parse_transport(text)
    assert result.verified
    assert {tuple(r.keywords): r.space for r in result.space} == {("HEAVY WEAPON TEAM",): 2, ("OGRYN",): 3}


def test_any_number_of_characters_and_one_other_unit_in_total() -> None:
    text = (
        "This model can transport any number of T'AU EMPIRE INFANTRY CHARACTERS and one other T'AU EMPIRE INFANTRY "
        "unit, but no more than 10 models in total."
    )
    result = parse_transport(text)
    assert result.verified and result.capacity == 10
    assert result.allowed == [["T'AU EMPIRE", "INFANTRY"]]


def test_drones_and_tau_keywords() -> None:
    text = "This model has a transport capacity of 14 <SEPT> TACTICAL DRONES models."
    result = parse_transport(text)
    assert result.verified and result.allowed == [["<SEPT>", "TACTICAL DRONES"]]


@pytest.mark.parametrize(
    "text",
    [
        "A" + " " * 5000 + "TAKES",
        "EACH " + "MODEL " * 400 + "TAKES UP THE SPACE OF",
        "IT CANNOT TRANSPORT " + "A, " * 600 + "WITH A WOUNDS CHARACTERISTIC OF",
        "<" * 3000,
        "THIS MODEL CAN TRANSPORT 12 " + "OR 1 " * 400,
    ],
)
def test_adversarial_texts_are_refused_quickly(text: str) -> None:
    # Long texts are refused; shorter hostile ones are read by linear patterns (no timing: steps are bounded).
    result = parse_transport(text[:1999])
    assert isinstance(result, TransportCapacity)


# -- Forms of the full release (issue 22): each on the real phrase ----------------------------------------------------

LEGION_RHINO_6 = (
    "This model has a transport capacity of 6 <LEGION> Infantry models, Each JUMP PACK or TERMINATOR model takes up "
    "the space of 2 models and each CULT OF DESTRUCTION model takes up the space of 3 models. Each POSSESSED models "
    "takes up the space of 2 models."
)
DREADCLAW = (
    "This model has one of the following transport capacities:\n- 10 <LEGION> INFANTRY models. Each JUMP PACK or "
    "TERMINATOR model takes up the space of two models and each CULT OF DESTRUCTION model takes up the space of 3 "
    "models.  Each POSSESSED models takes up the space of 2 models.\n- 1 <LEGION> CHAOS CONTEMPTOR DREADNOUGHT "
    "model.\n- 1 <LEGION> HELBRUTE model."
)
CHAOS_THUNDERHAWK = (
    "The Chaos Thunderhawk Gunship haas a transport capacity of 30 <LEGION> INFANTRY  or <LEGION> BIKER models. "
    "Each JUMP PACK or TERMINATOR model takes up the space of 2 models, and each BIKER or CULT OF DESTRUCTION model "
    "takes up the space of 3 models. Each POSSESSED models takes up the space of 2 models."
)
GOLIATH = "10 <CULT> INFANTRY models. Each PATRIARCH model takes up the space of 5 models."
CHAOS_STORM_EAGLE = (
    "This model can transport 40 <LEGION> INFANTRY models. Each JUMP PACK or TERMINATOR model takes up the space of 2 "
    "models and each CULT OF DESTRUCTION model takes up the space of 3 models. It can transport up to two <LEGION> "
    "HELBRUTE or <LEGION> CHAOS CONTEMPTOR DREADNOUGHT models, which each take up the space of 10 models. Each "
    "POSSESSED models takes up the space of 2 models."
)
STORMBIRD = (
    "The Sokar Pattern Stormbird can transport 50 <CHAPTER> INFANTRY or <CHAPTER> BIKER models. Each JUMP PACK, "
    "WULFEN, Mk X GRAVIS or TERMINATOR model takes the space of 2 models (a PRIMARIS JUMP PACK model takes up the "
    "space of 3 models instead). Each CENTURION or BIKER takes the space of 3 models (a PRIMARIS BIKER takes up the "
    "space of 4 models instead). It can transport 1 <CHAPTER> RHINO model, which (inculding any models embarked "
    "within it) take up the space of 25 models"
)


def test_a_space_rule_after_a_comma_is_a_clause_of_its_own() -> None:
    result = parse_transport(LEGION_RHINO_6)
    assert result.verified and result.capacity == 6
    assert result.allowed == [["<LEGION>", "INFANTRY"]]
    assert SpaceRule(keywords=["CULT OF DESTRUCTION"], space=3) in result.space
    assert SpaceRule(keywords=["POSSESSED"], space=2) in result.space
    # The same words as one sentence that is not a space rule stay unread.
    assert not parse_transport("This model has a transport capacity of 6 INFANTRY models, Each model is fine.").verified


def test_one_of_the_following_transport_capacities() -> None:
    result = parse_transport(DREADCLAW)
    assert result.verified and result.capacity == 10
    assert result.allowed == [
        ["<LEGION>", "INFANTRY"],
        ["<LEGION>", "CHAOS CONTEMPTOR DREADNOUGHT"],
        ["<LEGION>", "HELBRUTE"],
    ]
    assert SpaceRule(keywords=["<LEGION>", "HELBRUTE"], space=10) in result.space
    assert SpaceRule(keywords=["JUMP PACK"], space=2) in result.space
    # "one of the following transport capacities" with no load after it is not understood.
    assert not parse_transport("This model has one of the following transport capacities:").verified


def test_the_has_typo_of_the_chaos_thunderhawk() -> None:
    result = parse_transport(CHAOS_THUNDERHAWK)
    assert result.verified and result.capacity == 30
    assert result.allowed == [["<LEGION>", "INFANTRY"], ["<LEGION>", "BIKER"]]
    assert SpaceRule(keywords=["BIKER"], space=3) in result.space
    assert not parse_transport("The gunship hass a transport capacity of 30 INFANTRY models.").verified


@pytest.mark.parametrize(
    ("text", "capacity", "allowed"),
    [
        (GOLIATH, 10, [["<CULT>", "INFANTRY"]]),
        ("6 ADEPTUS CUSTODES INFANTRY models", 6, [["ADEPTUS CUSTODES", "INFANTRY"]]),
        ("20 <HIVE FLEET> GARGOYLES models.", 20, [["<HIVE FLEET>", "GARGOYLES"]]),
    ],
)
def test_a_text_that_is_the_load_alone(text: str, capacity: int, allowed: list[list[str]]) -> None:
    result = parse_transport(text)
    assert result.verified and result.capacity == capacity and result.allowed == allowed
    if text == GOLIATH:
        assert result.space == [SpaceRule(keywords=["PATRIARCH"], space=5)]


def test_a_load_alone_is_a_capacity_only_as_the_first_clause() -> None:
    late = "Each PATRIARCH model takes up the space of 5 models. 10 <CULT> INFANTRY models."
    assert not parse_transport(late).verified
    assert not parse_transport("10 <CULT> INFANTRY models. 6 <CULT> INFANTRY models.").verified


def test_up_to_two_dreadnoughts_beside_the_capacity() -> None:
    result = parse_transport(CHAOS_STORM_EAGLE)
    assert result.verified and result.capacity == 40
    assert ["<LEGION>", "HELBRUTE"] in result.allowed
    # One unit rides: two Helbrutes fit in 40 places and a third never does, so each takes 20.
    assert SpaceRule(keywords=["<LEGION>", "HELBRUTE"], space=20) in result.space
    assert SpaceRule(keywords=["<LEGION>", "CHAOS CONTEMPTOR DREADNOUGHT"], space=20) in result.space
    # Said before any capacity, or under a condition, such a load is not understood.
    assert not parse_transport(
        "It can transport up to two HELBRUTE models, which each take up the space of 10 models."
    ).verified
    assert not parse_transport(
        "This model can transport 40 INFANTRY models. If it has a winch, it can transport up to two HELBRUTE models, "
        "which each take up the space of 10 models."
    ).verified


def test_a_rhino_aboard_counts_with_its_passengers() -> None:
    result = parse_transport(STORMBIRD)
    assert result.verified and result.capacity == 50
    assert result.allowed == [["<CHAPTER>", "INFANTRY"], ["<CHAPTER>", "BIKER"], ["<CHAPTER>", "RHINO"]]
    assert result.space[:3] == [
        SpaceRule(keywords=["<CHAPTER>", "RHINO"], space=50),
        SpaceRule(keywords=["PRIMARIS", "JUMP PACK"], space=3),
        SpaceRule(keywords=["PRIMARIS", "BIKER"], space=4),
    ]
    # Any other remark in the middle of the sentence still leaves it unread.
    assert not parse_transport(STORMBIRD.replace("inculding any models embarked within it", "if it is empty")).verified


def test_a_parse_serves_any_vocabulary_that_answers_its_questions_alike() -> None:
    """Two catalogues that know the same names the text asks about (their own names aside) parse it alike."""
    first = Vocabulary(["Flash Gitz", "Specialist Mob", "Mega Armour", "Goff"])
    second = Vocabulary(["Flash Gitz", "Specialist Mob", "Mega Armour", "Deathskulls", "Blood Axes"])
    asking = AskedVocabulary(first)
    parsed = parse_transport(TRUKK, asking)
    assert parsed == parse_transport(TRUKK, first)
    assert any(question == "find" for question, _, _ in asking.asked)
    assert answers_alike(asking.asked, first)
    assert answers_alike(asking.asked, second)
    assert parse_transport(TRUKK, second) == parsed


def test_a_parse_is_not_taken_for_a_vocabulary_that_answers_otherwise() -> None:
    """A catalogue that knows neither name splits the run otherwise: the first parse serves no catalogue that
    answers one of its questions otherwise (parsed again, whatever that gives)."""
    text = "This model has a transport capacity of 6 FLASH GITZ SPECIALIST MOB models."
    asking = AskedVocabulary(Vocabulary(["Flash Gitz", "Specialist Mob"]))
    parsed = parse_transport(text, asking)
    assert parsed.allowed == [["FLASH GITZ", "SPECIALIST MOB"]]
    assert not answers_alike(asking.asked, Vocabulary())
    assert parse_transport(text, Vocabulary()).allowed == [["FLASH GITZ SPECIALIST MOB"]]
    assert not answers_alike(asking.asked, Vocabulary(["Flash Gitz", "Specialist Mobs", "Goff"]))
