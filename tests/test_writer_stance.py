"""A name's stance by meaning (spec/writer-learned.md#writer-learned.stance): the pure clause
reader, the decision from given probabilities, the shipped model on wordings of our own, and
the `learned-minilm` writer's rejection of a name a statement dismisses."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.writers.driver import Conversation, Driver, Turn
from memcore.writers.learned import LearnedWriter
from memcore.writers.learned.api import dismissed_in_turn, stance_clauses
from memcore.writers.learned.bundle import shipped_bundle
from memcore.writers.learned.minilm import TopicSimilarity, shipped_minilm_models
from memcore.writers.learned.model import shipped_model
from memcore.writers.learned.stance import (
    MASK,
    STANCE,
    STANCE_FEATURES,
    named_clauses,
    stance_row,
)
from memcore.writers.learned.topics import TitleIndex
from memcore.writers.learned.vector_cache import VectorCache
from memcore.writers.rules.names import TitleVocabulary

# Statements of our own that set the name aside, none in a behaviour set's wording, each with
# three more structures of the same dismissal (subject, object, reason, participle).
DISMISSING = (
    "Rome has been ruled out for me",
    "what about Paris? Rome led nowhere",
    "I'm taking Rome off my list",
    "who founded Paris? I've crossed Rome out",
    "since Rome didn't pan out, what about Paris?",
)
# Statements that name the name and keep it, or only mention it.
KEEPING = (
    "Rome is the one I care about",
    "someone compared it to Rome",
    "Rome was fun to read about",
    "my friend lives in Rome",
    "I keep coming back to Rome",
    "Rome has served its purpose, tell me about Paris",
)

_NAMES = st.sampled_from(
    ["Rome", "Kyoto", "Ada Lovelace", "Apollo 13", "Polaroid SX-70", "The Wire", "Oslo"]
)
_FRAMES = st.sampled_from(
    [
        "{} has been ruled out for me",
        "we looked at {} and moved on",
        "I'm not so sure about {} now",
        "{} is the one I care about",
        "someone compared it to {}",
    ]
)


def test_a_statement_with_one_name_is_read_with_the_name_masked() -> None:
    assert stance_clauses("Lima has had its turn; now tell me about Quito.", ["Lima", "Quito"]) == [
        ["Lima", "X has had its turn"],
        ["Quito", "now tell me about X"],
    ]


def test_a_question_a_bare_name_and_two_names_apart_are_not_read() -> None:
    names = ["Lima", "Quito"]
    assert stance_clauses("is Lima older than Quito?", names) == []
    assert stance_clauses("Lima. Quito!", names) == []
    assert stance_clauses("Lima was warmer than Quito, they said", names) == []
    # Two names joined as one noun phrase are read together (writer-learned.stance).
    assert stance_clauses("Lima and Quito both, please", names) == [
        ["Lima", "X both"],
        ["Quito", "X both"],
    ]
    # A name typed twice in a statement is still one name.
    twice = stance_clauses("Lima, oh Lima is done for me", names)
    assert twice == [["Lima", "oh X is done for me"]]


def test_a_longer_name_is_masked_whole() -> None:
    clauses = named_clauses("forget about apollo 13 for now", ["Apollo", "Apollo 13"])
    assert [(c.name, c.masked) for c in clauses] == [("Apollo 13", "forget about X for now")]


def test_the_decision_reads_the_threshold_and_leaves_cue_read_names_alone() -> None:
    names = ["Lima", "Quito", "Cusco"]
    question = "Lima has had its turn. what about Quito?"
    assert dismissed_in_turn(question, names, {"X has had its turn": 0.95}, 0.92) == ["Lima"]
    assert dismissed_in_turn(question, names, {"X has had its turn": 0.90}, 0.92) == []
    # "not Cusco" is a cue the cue readers bind: that rejection is theirs.
    negated = "not Cusco. Lima has had its turn"
    given_ = {"not X": 0.99, "X has had its turn": 0.99}
    assert dismissed_in_turn(negated, names, given_, 0.92) == ["Lima"]


@given(_FRAMES, _NAMES, _NAMES)
def test_masking_makes_the_reading_independent_of_the_name(
    frame: str, first: str, second: str
) -> None:
    one = named_clauses(frame.format(first), [first, "Nowhere Else"])
    other = named_clauses(frame.format(second), [second, "Nowhere Else"])
    assert [c.masked for c in one] == [c.masked for c in other]
    assert all(MASK in c.masked for c in one)


@given(st.text(alphabet=st.sampled_from("abcdefgh ,.?!;:-"), max_size=60), _NAMES)
def test_a_turn_that_types_no_known_name_has_nothing_to_dismiss(text: str, name: str) -> None:
    assert named_clauses(text, [name]) == ()
    assert dismissed_in_turn(text, [name], {}, 0.0) == []


@given(_FRAMES, _NAMES)
def test_a_clause_that_asks_is_never_read(frame: str, name: str) -> None:
    assert named_clauses(frame.format(name) + "?", [name]) == ()


def test_the_shipped_stance_model_gives_the_scores_it_was_shipped_with() -> None:
    model = shipped_model(STANCE, STANCE_FEATURES).unwrap()
    check = model.meta["check"]
    again = model.probabilities(check["rows"])
    assert again.tolist() == pytest.approx(check["probabilities"], abs=1e-9)
    assert 0.5 <= model.threshold < 1.0


def _encoder_or_skip() -> VectorCache:
    from memcore.search.backends.dense_cache import encoder_installed

    if not encoder_installed():
        pytest.skip("the dense extra is not installed")
    from memcore.cache import cache_root
    from memcore.writers.learned.vector_cache import minilm_encoder

    return VectorCache(minilm_encoder(cache_root()).unwrap())


def _probabilities(texts: Sequence[str]) -> list[float]:
    vectors = _encoder_or_skip()
    model = shipped_model(STANCE, STANCE_FEATURES).unwrap()
    found = [named_clauses(text, ["Rome", "Paris"]) for text in texts]
    rome = [next(c for c in clauses if c.name == "Rome") for clauses in found]
    encoded = vectors.vectors([c.masked for c in rome])
    return [float(p) for p in model.probabilities([stance_row(encoded[c.masked]) for c in rome])]


def test_the_shipped_model_reads_dismissals_of_our_own_wording() -> None:
    threshold = shipped_model(STANCE, STANCE_FEATURES).unwrap().threshold
    assert all(p >= threshold for p in _probabilities(DISMISSING))


def test_the_shipped_model_keeps_names_that_are_kept_or_only_mentioned() -> None:
    threshold = shipped_model(STANCE, STANCE_FEATURES).unwrap().threshold
    assert all(p < threshold for p in _probabilities(KEEPING))


def _writer(titles: Sequence[str]) -> LearnedWriter:
    vectors = _encoder_or_skip()
    return LearnedWriter(
        shipped_bundle().unwrap(),
        TitleVocabulary.of(titles),
        TitleIndex.of(titles),
        similarity=TopicSimilarity(shipped_minilm_models().unwrap(), vectors),
    )


@pytest.mark.parametrize(
    "question",
    [
        "when was Quito founded? Lima has been ruled out for me",
        "Lima has been ruled out for me. when was Quito founded?",
        "Lima led nowhere, so when was Quito founded?",
        "I'm taking Lima off my list. when was Quito founded?",
    ],
)
def test_the_writer_rejects_a_name_a_statement_dismisses(question: str) -> None:
    driver = Driver(_writer(["Lima", "Quito"]))
    history = [Turn("when was Lima founded?", "Lima was founded long ago.")]
    conversation = Conversation()
    for turn in history:
        conversation = driver.history_turn(conversation, turn).unwrap().conversation
    node = driver.final_turn(conversation, question).unwrap().node
    assert node.topic == "Quito"
    assert "Lima" in node.contradicts or any(op.topic == "Lima" for op in node.operations)
    assert "Lima" not in (node.query or "")


@pytest.mark.parametrize(
    "question",
    [
        "Lima is the one I care about. when was it founded?",
        "Lima was fun to read about. when was Quito founded?",
        "someone compared it to Lima. when was Quito founded?",
    ],
)
def test_the_writer_rejects_no_name_a_statement_keeps(question: str) -> None:
    driver = Driver(_writer(["Lima", "Quito"]))
    history = [Turn("when was Lima founded?", "Lima was founded long ago.")]
    conversation = Conversation()
    for turn in history:
        conversation = driver.history_turn(conversation, turn).unwrap().conversation
    node = driver.final_turn(conversation, question).unwrap().node
    assert "Lima" not in node.contradicts
    assert all(op.topic != "Lima" or op.kind.value != "Abandon" for op in node.operations)


_REMARKS = ("not for me", "crossed off", "keeping", "maybe", "visited 2019", "the capital")


@given(
    st.lists(
        st.sampled_from(("Rome", "Paris", "Lima", "Oslo")), min_size=2, max_size=2, unique=True
    ),
    st.sampled_from(_REMARKS),
    st.sampled_from(("\n", ", ", "; ")),
)
def test_a_bracket_after_a_name_alone_is_read_with_it(
    names: list[str], remark: str, joint: str
) -> None:
    # A recap of verdicts ("X (remark)") gives each name its own remark, whatever it says;
    # the model, not the reader, decides what the remark does with the name.
    first, second = names
    text = f"so far: {first} ({remark}){joint}{second} (ok). how old is {second}?"
    assert [first, f"{MASK} ({remark})"] in stance_clauses(text, names)
    assert [second, f"{MASK} (ok)"] in stance_clauses(text, names)


def test_a_bracket_that_names_another_name_is_an_aside() -> None:
    text = "Rome (or was it Paris) - never mind."
    assert all(name != "Rome" for name, _ in stance_clauses(text, ["Rome", "Paris"]))
