"""Positions in the conversation and in earlier lists, for the rule and the learned writer
(spec/writer-cues-positions.md): the right earlier topic, a clean query."""

from __future__ import annotations

import re
from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.operations import OpKind
from memcore.writers.driver import Turn
from memcore.writers.rules.api import write_final as rules_final
from memcore.writers.rules.earlier import find_earlier
from writer_pair import WRITERS

# Cities and questions about them: every turn names its city, so each turn is one topic.
CITIES = ("Lagos", "Bergen", "Cusco", "Hanoi", "Valletta", "Quito")
ASKS = (
    ("what is the population of {}?", "About a million people live in {}."),
    ("when was {} founded?", "{} was founded many centuries ago."),
    ("what is {} famous for?", "{} is famous for its old harbour."),
)


def _history(cities: Sequence[str], asks: Sequence[int]) -> list[Turn]:
    return [
        Turn(ASKS[ask][0].format(city), ASKS[ask][1].format(city))
        for city, ask in zip(cities, asks, strict=True)
    ]


def _words(text: str) -> set[str]:
    return {w.casefold() for w in re.findall(r"[^\W_]+", text)}


def _clean(query: str, meant: str, others: Sequence[str]) -> bool:
    """The query names `meant`, no other name, and no word that only points."""
    words = _words(query)
    pointing = {"before", "talked", "discussed", "latter", "former", "meant", "sorry"}
    return (
        meant.casefold() in query.casefold()
        and not words & pointing
        and not any(_words(other) & words for other in others if other != meant)
    )


@pytest.mark.parametrize("writer", sorted(WRITERS))
@pytest.mark.parametrize(
    ("question", "meant", "rejects"),
    [
        ("no, the one before that", "Cusco", True),
        ("what is the one before that famous for?", "Cusco", False),
        ("sorry, I meant what we were on before Hanoi. when was that one founded?", "Cusco", True),
        ("go back to what we were talking about before Hanoi", "Cusco", False),
        ("how about the first thing we discussed, when was it founded?", "Lagos", False),
        ("the second topic we talked about: what is it famous for?", "Bergen", False),
    ],
)
def test_a_place_in_the_conversation_names_the_earlier_topic(
    writer: str, question: str, meant: str, rejects: bool
) -> None:
    cities = CITIES[:4]
    node = WRITERS[writer](_history(cities, (0, 1, 2, 0)), question, CITIES)
    assert node.topic == meant
    assert node.query is not None and _clean(node.query, meant, cities)
    abandoned = [op.topic for op in node.operations if op.kind is OpKind.ABANDON]
    assert abandoned == (["Hanoi"] if rejects else [])


@pytest.mark.parametrize("writer", sorted(WRITERS))
@pytest.mark.parametrize(
    ("question", "meant"),
    [
        ("how old is the latter?", "Quito"),
        ("and the former, how old is it?", "Valletta"),
        ("how old is the second one?", "Quito"),
    ],
)
def test_a_place_in_an_answers_list_names_the_member_for_both_writers(
    writer: str, question: str, meant: str
) -> None:
    history = [
        Turn("which capital is older, Valletta or Quito?", "Valletta and Quito are both old."),
    ]
    node = WRITERS[writer](history, question, CITIES)
    assert node.topic == meant
    assert node.query is not None and _clean(node.query, meant, ("Valletta", "Quito"))


def test_a_turn_that_types_a_name_beside_a_position_asks_about_the_name() -> None:
    history = [Turn("which capital is older, Valletta or Quito?", "Valletta and Quito are old.")]
    node = rules_final(history, "is Lagos older than the second one?", CITIES)
    assert node.topic != "Quito" or "Lagos" in (node.query or "")


@pytest.mark.parametrize(
    "text",
    [
        "how much did the first one cost?",  # a list position
        "who was the one before last?",  # a list position
        "what happened before the war?",  # no "one", "thing" or talk
        "when was the first time it rained?",
        "the first question is easy",  # "question" needs the talk after it
        "can we return to what we were discussing before?",  # a return, maybe further back
        "who was the last one?",  # a list position
    ],
)
def test_words_that_do_not_place_a_topic_in_the_conversation(text: str) -> None:
    assert find_earlier(text) == ()


@given(
    st.lists(st.sampled_from(CITIES), min_size=3, max_size=5, unique=True),
    st.data(),
)
def test_the_one_before_that_is_the_topic_before_the_current_one(
    cities: list[str], data: st.DataObject
) -> None:
    asks = data.draw(st.lists(st.integers(0, 2), min_size=len(cities), max_size=len(cities)))
    opener = data.draw(st.sampled_from(("no, ", "sorry, I meant ", "", "hmm, ")))
    node = rules_final(_history(cities, asks), f"{opener}the one before that", CITIES)
    assert node.topic == cities[-2]
    assert node.query is not None and _clean(node.query, cities[-2], cities)


@given(
    st.lists(st.sampled_from(CITIES), min_size=3, max_size=5, unique=True),
    st.integers(0, 2),
    st.data(),
)
def test_before_a_named_topic_is_the_topic_asked_about_before_it(
    cities: list[str], repeat: int, data: st.DataObject
) -> None:
    # The anchor may have been asked about over several turns in a row: it counts once.
    anchor = data.draw(st.integers(1, len(cities) - 1))
    turns = _history(cities, [0] * len(cities))
    more = [Turn(f"and how big is {cities[anchor]}?", "It is quite big.")] * repeat
    history = [*turns[: anchor + 1], *more, *turns[anchor + 1 :]]
    question = f"I meant what we were on before {cities[anchor]}, not {cities[anchor]}"
    node = rules_final(history, question, CITIES)
    assert node.topic == cities[anchor - 1]
    assert node.query is not None and _clean(node.query, cities[anchor - 1], cities)


# --- the position grammar: counts from the current topic, a named one, the start ------------


@pytest.mark.parametrize("writer", sorted(WRITERS))
@given(
    st.lists(st.sampled_from(CITIES), min_size=3, max_size=5, unique=True),
    st.data(),
)
def test_a_count_of_places_back_names_that_earlier_subject(
    writer: str, cities: list[str], data: st.DataObject
) -> None:
    back = data.draw(st.integers(1, len(cities) - 1))
    count = ("one", "two", "three", "four")[back - 1]
    noun = data.draw(st.sampled_from(("step", "topic")))
    plural = "s" if back > 1 else ""
    phrase = data.draw(
        st.sampled_from(
            (f"take me {count} {noun}{plural} back", f"the one from {count} {noun}{plural} ago")
        )
    )
    node = WRITERS[writer](
        _history(cities, [0] * len(cities)), f"{phrase}. when was it founded?", CITIES
    )
    meant = cities[-1 - back]
    assert node.topic == meant
    assert node.query is not None and _clean(node.query, meant, cities)


@pytest.mark.parametrize("writer", sorted(WRITERS))
@given(
    st.lists(st.sampled_from(CITIES), min_size=3, max_size=5, unique=True),
    st.data(),
)
def test_the_one_after_a_named_subject_is_the_next_one_discussed(
    writer: str, cities: list[str], data: st.DataObject
) -> None:
    anchor = data.draw(st.integers(0, len(cities) - 2))
    phrase = data.draw(
        st.sampled_from(
            (
                f"the one that came after {cities[anchor]}",
                f"the one between {cities[anchor]} and {cities[-1]}",
            )
        )
    )
    if anchor + 1 == len(cities) - 1 and "between" in phrase:
        phrase = f"the one that came after {cities[anchor]}"
    node = WRITERS[writer](
        _history(cities, [1] * len(cities)), f"{phrase}: what is it famous for?", CITIES
    )
    meant = cities[anchor + 1]
    assert node.topic == meant
    assert node.query is not None and _clean(node.query, meant, cities)


@pytest.mark.parametrize("writer", sorted(WRITERS))
@pytest.mark.parametrize(
    "question",
    [
        "what is the previous one famous for?",
        "scrap that, the previous topic: when was it founded?",
        "how about the one we started with? when was it founded?",
        "I mean the second one of this chat. what is that one famous for?",
    ],
)
def test_previous_and_start_name_their_subject(writer: str, question: str) -> None:
    cities = ["Lagos", "Bergen", "Cusco"]
    node = WRITERS[writer](_history(cities, [0, 1, 2]), question, CITIES)
    meant = {"previous": "Bergen", "started": "Lagos", "second": "Bergen"}
    expected = next(name for word, name in meant.items() if word in question)
    assert node.topic == expected
    assert node.query is not None and _clean(node.query, expected, cities)


@given(st.lists(st.sampled_from(CITIES), min_size=2, max_size=4, unique=True))
def test_a_name_asked_about_a_subject_is_not_counted_as_a_topic(cities: list[str]) -> None:
    # "did Lagos win any Oscars?" is about Lagos: the Oscars ride along and are no topic of
    # their own, so "the second topic" is the second city and each turn's topic is its city.
    history = [Turn(f"did {city} win any Oscars?", f"{city} won one award.") for city in cities]
    node = rules_final(history, "the second topic we discussed: when was it founded?", CITIES)
    assert node.topic == cities[1]
    assert node.query is not None and "Oscars" not in node.query


@pytest.mark.parametrize("writer", sorted(WRITERS))
@pytest.mark.parametrize(
    ("question", "meant"),
    [
        ("when was the one in the middle founded?", "Cusco"),
        ("what is the middle one famous for?", "Cusco"),
        ("hmm, when was the one just before the last founded?", "Hanoi"),
        ("of the four you listed, when was the first founded?", "Lagos"),
    ],
)
def test_a_place_in_a_list_by_middle_or_from_the_end(
    writer: str, question: str, meant: str
) -> None:
    names = ["Lagos", "Bergen", "Cusco", "Hanoi", "Quito"]
    if "four" in question:
        names = names[:4]
    history = [
        Turn(
            "which cities should I visit?",
            f"You could try {', '.join(names[:-1])} and {names[-1]}.",
        )
    ]
    node = WRITERS[writer](history, question, CITIES)
    assert node.topic == meant
    assert node.query is not None and _clean(node.query, meant, names)


def test_an_even_list_has_no_middle_member() -> None:
    history = [
        Turn("which cities should I visit?", "You could try Lagos, Bergen, Cusco and Hanoi.")
    ]
    node = rules_final(history, "when was the one in the middle founded?", CITIES)
    assert node.topic not in ("Bergen", "Cusco")


@pytest.mark.parametrize("thing", ["Model T", "Game Boy", "Soyuz 11"])
def test_a_person_pronoun_skips_a_thing_named_like_a_person(thing: str) -> None:
    # "she" after a person, then a thing whose name has two capitalised words ("Model T"):
    # the lone letter or the digit says it is no person's name.
    history = [
        Turn("what was Frida Kahlo's first job?", "Frida Kahlo first worked as an assistant."),
        Turn(f"how many units of {thing} were sold?", f"{thing} sold millions of units."),
    ]
    node = rules_final(history, "and when did she die?", ["Frida Kahlo", thing])
    assert node.topic == "Frida Kahlo"


ORDINAL_WORDS = ("first", "second", "third", "fourth")
COUNT_NAMES = {2: "two", 3: "three", 4: "four"}


@pytest.mark.parametrize("writer", sorted(WRITERS))
@given(
    cities=st.lists(st.sampled_from(CITIES), min_size=2, max_size=5, unique=True),
    asks=st.lists(st.integers(min_value=0, max_value=2), min_size=5, max_size=5),
    move=st.sampled_from(
        ("Let me go back one question.", "going back a turn -", "Step back 1 question:")
    ),
)
def test_moving_back_one_question_leaves_the_question_just_asked(
    writer: str, cities: list[str], asks: list[int], move: str
) -> None:
    history = _history(cities, asks[: len(cities)])
    node = WRITERS[writer](history, f"{move} when was that one founded?", CITIES)
    assert node.topic == cities[-2]
    assert node.query is not None
    assert _clean(node.query, cities[-2], cities)


@pytest.mark.parametrize("writer", sorted(WRITERS))
@given(
    cities=st.lists(st.sampled_from(CITIES), min_size=3, max_size=5, unique=True),
    asks=st.lists(st.integers(min_value=0, max_value=2), min_size=5, max_size=5),
    among=st.sampled_from((2, 3)),
    place=st.sampled_from(("first", "middle", "last")),
    lead=st.sampled_from(("Of", "Out of", "so, of")),
)
def test_a_fronted_group_places_the_subject_among_its_members(
    writer: str, cities: list[str], asks: list[int], among: int, place: str, lead: str
) -> None:
    """ "Of the three I've asked about so far, the middle one: ..." is the middle of the last
    three subjects, and the query names it, not the group."""
    if place == "middle" and among % 2 == 0:
        place = "first"
    history = _history(cities, asks[: len(cities)])
    question = (
        f"{lead} the {COUNT_NAMES[among]} I've asked about so far, the {place} one:"
        " when was that one founded?"
    )
    node = WRITERS[writer](history, question, CITIES)
    members = cities[-among:]
    expected = {"first": members[0], "middle": members[among // 2], "last": members[-1]}[place]
    assert node.topic == expected
    assert node.query is not None
    assert _clean(node.query, expected, cities)
    assert "far" not in _words(node.query)


@pytest.mark.parametrize("writer", sorted(WRITERS))
@given(
    cities=st.lists(st.sampled_from(CITIES), min_size=2, max_size=5, unique=True),
    asks=st.lists(st.integers(min_value=0, max_value=2), min_size=5, max_size=5),
    among=st.integers(min_value=2, max_value=4),
    place=st.integers(min_value=1, max_value=4),
)
def test_the_nth_of_the_last_few_is_counted_among_them(
    writer: str, cities: list[str], asks: list[int], among: int, place: int
) -> None:
    among = min(among, len(cities))
    place = min(place, among)
    history = _history(cities, asks[: len(cities)])
    question = (
        f"the {ORDINAL_WORDS[place - 1]} of the {COUNT_NAMES[among]} we covered"
        " - when was it founded?"
    )
    node = WRITERS[writer](history, question, CITIES)
    expected = cities[-among:][place - 1]
    assert node.topic == expected
    assert node.query is not None and expected.casefold() in node.query.casefold()


@pytest.mark.parametrize("writer", sorted(WRITERS))
@given(
    cities=st.lists(st.sampled_from(CITIES), min_size=2, max_size=4, unique=True),
    asks=st.lists(st.integers(min_value=0, max_value=2), min_size=4, max_size=4),
    first=st.booleans(),
)
def test_without_a_list_a_list_place_counts_the_conversation(
    writer: str, cities: list[str], asks: list[int], first: bool
) -> None:
    history = [*_history(cities, asks[: len(cities)]), Turn("thanks, that was interesting", "")]
    place = "the very first one" if first else "the most recent one"
    node = WRITERS[writer](history, f"{place}, please: when was it founded?", CITIES)
    assert node.topic == (cities[0] if first else cities[-1])


@pytest.mark.parametrize("writer", sorted(WRITERS))
@given(
    cities=st.lists(st.sampled_from(CITIES), min_size=3, max_size=5, unique=True),
    visited=st.integers(min_value=0, max_value=3),
)
def test_the_next_one_on_the_list_follows_the_member_the_talk_is_on(
    writer: str, cities: list[str], visited: int
) -> None:
    visited = min(visited, len(cities) - 2)
    listed = ", ".join(cities[:-1]) + f" and {cities[-1]}"
    history = [
        Turn("which cities should I visit?", f"Worth a visit: {listed}."),
        Turn(
            f"when was the {ORDINAL_WORDS[visited]} one founded?",
            f"{cities[visited]} was founded many centuries ago.",
        ),
    ]
    node = WRITERS[writer](
        history, "ok, now the next one on your list. what is it famous for?", CITIES
    )
    assert node.topic == cities[visited + 1]


REST_OF_LIST = ("and the other two?", "what about the two I haven't asked about yet?")
FILMS = ("Metropolis", "Moonlight", "Amelie", "Vertigo")


@pytest.mark.parametrize("writer", sorted(WRITERS))
@given(
    st.permutations(FILMS).map(lambda films: tuple(films[:3])),
    st.integers(0, 2),
    st.sampled_from(REST_OF_LIST),
    st.booleans(),
)
def test_the_other_two_are_the_members_not_asked_about_in_the_lists_order(
    writer: str, films: tuple[str, ...], asked: int, turn: str, lower: bool
) -> None:
    typed = films[asked].casefold() if lower else films[asked]
    history = [
        Turn(
            "can you recommend some classic films?", f"Sure: {films[0]}, {films[1]} and {films[2]}."
        ),
        Turn(f"when did {typed} come out?", f"{films[asked]} came out in the autumn."),
    ]
    node = WRITERS[writer](history, turn, FILMS)
    left = [film for film in films if film != films[asked]]
    assert node.query is not None
    assert node.query.index(left[0]) < node.query.index(left[1])
    assert films[asked] not in node.query


@pytest.mark.parametrize("writer", sorted(WRITERS))
@given(
    st.permutations(FILMS).map(lambda films: tuple(films[:3])),
    st.permutations(range(3)).map(lambda order: tuple(order[:2])),
    st.sampled_from(("That leaves one from your list.", "so that leaves just one -")),
)
def test_a_clause_that_counts_one_left_is_the_member_not_asked_about(
    writer: str, films: tuple[str, ...], asked: tuple[int, ...], lead: str
) -> None:
    history = [
        Turn(
            "can you recommend some classic films?", f"Sure: {films[0]}, {films[1]} and {films[2]}."
        ),
        *(Turn(f"who directed {films[i]}?", f"{films[i]} had a young director.") for i in asked),
    ]
    node = WRITERS[writer](history, f"{lead} when did that one come out?", FILMS)
    (left,) = [film for index, film in enumerate(films) if index not in asked]
    assert node.topic == left
    assert node.query is not None and left in node.query
    assert not any(films[i] in node.query for i in asked)


@pytest.mark.parametrize("writer", sorted(WRITERS))
def test_a_count_that_does_not_match_the_members_left_picks_none(writer: str) -> None:
    history = [
        Turn("can you recommend some classic films?", "Sure: Metropolis, Moonlight and Amelie."),
        Turn("when did Moonlight come out?", "Moonlight came out in the autumn."),
    ]
    node = WRITERS[writer](history, "and the other three?", FILMS)
    assert node.query is not None and "Amelie" not in node.query


# The member next to the one the talk is on, by where it stands in the list, said many ways
# (spec/writer-cues-positions.md#writer-cues-positions.neighbour-of-current).
AFTER_IT = (
    "next one on your list. how big is that one?",
    "ok, next on the list: how big is it?",
    "and the one listed right below it?",
    "what about the name just under that one?",
)
BEFORE_IT = ("and the one right above it?", "what about the one listed just before it?")


@pytest.mark.parametrize("writer", sorted(WRITERS))
@given(
    cities=st.lists(st.sampled_from(CITIES), min_size=3, max_size=5, unique=True),
    visited=st.integers(min_value=1, max_value=3),
    after=st.booleans(),
    wording=st.integers(min_value=0, max_value=3),
)
def test_the_member_below_or_above_the_one_the_talk_is_on(
    writer: str, cities: list[str], visited: int, after: bool, wording: int
) -> None:
    visited = min(visited, len(cities) - 2)
    listed = ", ".join(cities[:-1]) + f" and {cities[-1]}"
    history = [
        Turn("which cities should I visit?", f"Worth a visit: {listed}."),
        Turn(
            f"when was the {ORDINAL_WORDS[visited]} one founded?",
            f"{cities[visited]} was founded many centuries ago.",
        ),
    ]
    turn = AFTER_IT[wording] if after else BEFORE_IT[wording % len(BEFORE_IT)]
    node = WRITERS[writer](history, turn, CITIES)
    meant = cities[visited + 1] if after else cities[visited - 1]
    assert node.topic == meant
    assert node.query is not None and meant in node.query
    assert cities[visited] not in node.query


FROM_THE_BOTTOM = (
    "who founded the {} one from the bottom?",
    "{} from the end of your list: who founded it?",
    "counting backwards, the {} one. who founded it?",
    "ok, counting up from the bottom of the list - the {} one: who founded it?",
)


@pytest.mark.parametrize("writer", sorted(WRITERS))
@given(
    cities=st.lists(st.sampled_from(CITIES), min_size=3, max_size=5, unique=True),
    place=st.integers(min_value=1, max_value=2),
    wording=st.sampled_from(FROM_THE_BOTTOM),
)
def test_a_place_counted_from_the_bottom_counts_back_from_the_last_member(
    writer: str, cities: list[str], place: int, wording: str
) -> None:
    listed = ", ".join(cities[:-1]) + f" and {cities[-1]}"
    history = [Turn("which cities should I visit?", f"Worth a visit: {listed}.")]
    node = WRITERS[writer](history, wording.format(ORDINAL_WORDS[place]), CITIES)
    meant = cities[-1 - place]
    assert node.topic == meant
    assert node.query is not None and meant in node.query
    assert not any(city in node.query for city in cities if city != meant)


PICK_TAKEN = (
    "ok, the one you recommended: how old is it?",
    "your pick it is. when was that one founded?",
    "I'll take your suggestion - what is it famous for?",
)


@pytest.mark.parametrize("writer", sorted(WRITERS))
@given(
    cities=st.permutations(CITIES).map(lambda cities: tuple(cities[:3])),
    chosen=st.integers(min_value=0, max_value=2),
    wording=st.sampled_from(PICK_TAKEN),
)
def test_the_assistants_pick_is_the_member_its_answer_singles_out(
    writer: str, cities: tuple[str, ...], chosen: int, wording: str
) -> None:
    others = [city for city in cities if city != cities[chosen]]
    history = [
        Turn(
            f"{cities[0]}, {cities[1]} or {cities[2]}: which should I visit first?",
            f"Go to {cities[chosen]} first; {others[0]} and {others[1]} can wait.",
        )
    ]
    node = WRITERS[writer](history, wording, CITIES)
    assert node.topic == cities[chosen]
    assert node.query is not None and not any(city in node.query for city in others)


@pytest.mark.parametrize("writer", sorted(WRITERS))
@given(
    pair=st.permutations(CITIES).map(lambda cities: tuple(cities[:2])),
    wording=st.sampled_from(
        (
            "and the one that isn't {}?",
            "how old is the one other than {}?",
            "same question for the other of the two",
        )
    ),
)
def test_the_member_of_a_pair_that_is_not_the_one_named(
    writer: str, pair: tuple[str, ...], wording: str
) -> None:
    history = [
        Turn(
            f"I'm torn between {pair[0]} and {pair[1]}. when was {pair[0]} founded?",
            f"{pair[0]} was founded many centuries ago.",
        )
    ]
    node = WRITERS[writer](history, wording.format(pair[0].casefold()), CITIES)
    assert node.topic == pair[1]
