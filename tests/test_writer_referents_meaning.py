"""Referents by meaning (`learned.referents`): a turn that names none of several topics keeps
the cascade's topic unless an earlier topic's name, put in place of the turn's reference,
keeps the turn's meaning clearly better; and the default writer where the encoder is
installed."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.writers.driver import Conversation, Driver, Turn
from memcore.writers.factory import (
    DEFAULT_WRITER,
    FALLBACK_WRITER,
    WriterKind,
    default_writer,
    default_writer_name,
)
from memcore.writers.learned import LearnedWriter
from memcore.writers.learned.bundle import shipped_bundle
from memcore.writers.learned.minilm import TopicSimilarity, shipped_minilm_models
from memcore.writers.learned.referents import (
    REFERENT_MARGIN,
    clear_referent,
    fit_in_context,
    leaves_to_cascade,
    referent_by_meaning,
    substitutions,
    texts_for_referents,
)
from memcore.writers.learned.topics import TOPIC_FEATURES, TitleIndex, TopicCandidate
from memcore.writers.learned.vector_cache import VectorCache
from memcore.writers.rules.names import TitleVocabulary


def _candidate(name: str, **set_to: float) -> TopicCandidate:
    features = [0.0] * len(TOPIC_FEATURES)
    features[0] = 1.0
    for feature, value in set_to.items():
        features[TOPIC_FEATURES.index(feature)] = value
    return TopicCandidate(name, tuple(features))


def _unit(*values: float) -> npt.NDArray[np.float32]:
    vector = np.array(values, dtype=np.float32)
    result: npt.NDArray[np.float32] = vector / np.linalg.norm(vector)
    return result


def test_a_description_or_a_person_pronoun_is_replaced_by_the_name() -> None:
    assert substitutions("where did the mission come down?", "Skylab 2") == (
        "where did Skylab 2 come down?",
    )
    assert substitutions("what was the scientist's first job?", "Rosalind Franklin") == (
        "what was Rosalind Franklin's first job?",
    )
    assert substitutions("who influenced him the most?", "Pete Conrad") == (
        "who influenced Pete Conrad the most?",
    )
    assert substitutions("what is his best work?", "Miles Davis") == (
        "what is Miles Davis's best work?",
    )
    # Each reference in turn: "the writers" and "the song" are both tried.
    assert substitutions("who were the writers of the song?", "Grenade") == (
        "who were Grenade of the song?",
        "who were the writers of Grenade?",
    )


def test_words_that_say_no_kind_are_no_reference() -> None:
    # "it" far more often means the latest topic, or nothing; "the one", "the most", "the
    # subject" say no kind.
    for question in (
        "how long is it?",
        "who influenced the one the most?",
        "what else is there on the subject?",
        "is it possible?",
    ):
        assert substitutions(question, "Lisbon") == ()
    # "it" is compared only where the cascade went back past the latest topic.
    assert texts_for_referents("how long is it?", ["Lisbon", "Kyoto"]) == (
        "how long is it?",
        "how long is Lisbon?",
        "how long is Kyoto?",
    )
    assert texts_for_referents("is it possible?", ["Lisbon"]) == ("is it possible?",)


def test_positions_and_return_cues_are_left_to_the_cascade() -> None:
    assert leaves_to_cascade("how much did the last one cost at launch?")
    assert leaves_to_cascade("going back to the scientist, when did she die?")
    assert not leaves_to_cascade("when did the scientist die?")


fits = st.lists(st.floats(min_value=-1.0, max_value=1.0, allow_nan=False), min_size=1, max_size=6)


@given(fits, st.data(), st.floats(min_value=0.0, max_value=0.5, allow_nan=False))
def test_the_cascade_s_topic_is_left_only_for_a_clearly_better_fit(
    values: list[float], data: st.DataObject, margin: float
) -> None:
    kept = data.draw(st.integers(min_value=0, max_value=len(values) - 1))
    eligible = data.draw(st.lists(st.booleans(), min_size=len(values), max_size=len(values)))
    chosen = clear_referent(values, kept, eligible, margin)
    if chosen is None:
        # Nothing eligible beats the kept topic by the margin.
        assert all(
            values[i] - values[kept] < margin for i, ok in enumerate(eligible) if ok and i != kept
        )
    else:
        assert chosen != kept and eligible[chosen]
        assert values[chosen] - values[kept] >= margin
        assert all(values[chosen] >= values[i] for i, ok in enumerate(eligible) if ok and i != kept)
    assert clear_referent(values, None, eligible, margin) is None


@given(fits, st.data())
def test_the_choice_does_not_depend_on_the_order_of_the_candidates(
    values: list[float], data: st.DataObject
) -> None:
    distinct = list(dict.fromkeys(values))
    kept = data.draw(st.integers(min_value=0, max_value=len(distinct) - 1))
    order = data.draw(st.permutations(range(len(distinct))))
    eligible = [True] * len(distinct)
    chosen = clear_referent(distinct, kept, eligible, REFERENT_MARGIN)
    shuffled = [distinct[i] for i in order]
    again = clear_referent(shuffled, order.index(kept), eligible, REFERENT_MARGIN)
    assert (None if chosen is None else distinct[chosen]) == (
        None if again is None else shuffled[again]
    )


def _vectors(close: str, far: str, turn: str) -> Mapping[str, npt.NDArray[np.float32]]:
    return {turn: _unit(1.0, 0.0), close: _unit(0.9, 0.1), far: _unit(0.2, 1.0)}


def test_an_earlier_topic_that_fits_the_description_is_taken() -> None:
    turn = "when did the scientist die?"
    vectors = _vectors("when did Rosalind Franklin die?", "when did Lisbon die?", turn)
    found = (
        _candidate("Rosalind Franklin", in_memory=1.0, recency=0.5),
        _candidate("Lisbon", in_memory=1.0, recency=1.0, previous_topic=1.0, rule_topic=1.0),
    )
    assert fit_in_context(turn, "Rosalind Franklin", vectors) > fit_in_context(
        turn, "Lisbon", vectors
    )
    assert referent_by_meaning(found, turn, vectors) == "Rosalind Franklin"
    # The same fits the other way round: the latest topic fits, and is kept.
    swapped = _vectors("when did Lisbon die?", "when did Rosalind Franklin die?", turn)
    assert referent_by_meaning(found, turn, swapped) is None


def test_a_fit_within_the_margin_keeps_the_latest_topic() -> None:
    turn = "when did the scientist die?"
    vectors = {
        turn: _unit(1.0, 0.0),
        "when did Rosalind Franklin die?": _unit(1.0, 0.30),
        "when did Lisbon die?": _unit(1.0, 0.34),
    }
    found = (
        _candidate("Rosalind Franklin", in_memory=1.0),
        _candidate("Lisbon", in_memory=1.0, previous_topic=1.0, rule_topic=1.0),
    )
    assert referent_by_meaning(found, turn, vectors) is None


def test_without_vectors_nothing_moves() -> None:
    found = (_candidate("A", in_memory=1.0), _candidate("B", in_memory=1.0, rule_topic=1.0))
    assert referent_by_meaning(found, "when did the scientist die?", {}) is None


def test_the_default_writer_follows_the_dense_encoder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("memcore.search.backends.dense_cache.encoder_installed", lambda: True)
    assert default_writer() == DEFAULT_WRITER
    assert DEFAULT_WRITER.kind is WriterKind.LEARNED_MINILM
    assert default_writer_name(None) == "learned-minilm"
    monkeypatch.setattr("memcore.search.backends.dense_cache.encoder_installed", lambda: False)
    assert default_writer() == FALLBACK_WRITER
    assert FALLBACK_WRITER.kind is WriterKind.LEARNED
    assert default_writer_name(None) == "learned"
    assert default_writer_name("rules") == "rules"


def _minilm_writer(titles: Sequence[str]) -> LearnedWriter:
    from memcore.cache import cache_root
    from memcore.writers.learned.vector_cache import minilm_encoder

    encoder = minilm_encoder(cache_root())
    return LearnedWriter(
        shipped_bundle().unwrap(),
        TitleVocabulary.of(titles),
        TitleIndex.of(titles),
        similarity=TopicSimilarity(shipped_minilm_models().unwrap(), VectorCache(encoder.unwrap())),
    )


def test_with_the_packaged_minilm_a_description_returns_past_a_digression() -> None:
    from memcore.search.backends.dense_cache import encoder_installed

    if not encoder_installed():
        pytest.skip("the dense extra is not installed")
    titles = ["Rosalind Franklin", "Lisbon", "Helsinki", "Serena Williams"]
    driver = Driver(_minilm_writer(titles))
    cases = (
        (
            [
                Turn("did Rosalind Franklin ever get married?", "Yes, once, fairly late in life."),
                Turn("when was Lisbon founded?", "Lisbon was founded many centuries ago."),
            ],
            "when did the scientist die?",
            "Rosalind Franklin",
            "Lisbon",
        ),
        (
            [
                Turn("what is the population of Helsinki?", "About two million people."),
                Turn("when did Serena Williams win her first title?", "In 1999, at 17."),
            ],
            "what's the weather like in the city in winter?",
            "Helsinki",
            "Serena Williams",
        ),
    )
    for history, question, meant, left in cases:
        conversation = Conversation()
        for turn in history:
            conversation = driver.history_turn(conversation, turn).unwrap().conversation
        node = driver.final_turn(conversation, question).unwrap().node
        assert node.topic == meant
        query = node.query or ""
        assert meant in query and left not in query


def test_a_cascade_that_went_back_on_a_description_is_kept() -> None:
    # The cascade chose an earlier topic, not the previous turn's, for a description: it
    # matched the description to a kind it knows, and meaning does not overrule it.
    turn = "when did the scientist die?"
    vectors = _vectors("when did Rosalind Franklin die?", "when did Lisbon die?", turn)
    found = (
        _candidate("Rosalind Franklin", in_memory=1.0, previous_topic=1.0),
        _candidate("Lisbon", in_memory=1.0, rule_topic=1.0),
    )
    assert referent_by_meaning(found, turn, vectors) is None


def test_a_description_the_cascade_topic_s_title_names_keeps_it() -> None:
    turn = "when was the song released?"
    vectors = _vectors("when was Moon released?", "when was Grenade (song) released?", turn)
    found = (
        _candidate("Moon", in_memory=1.0),
        _candidate("Grenade (song)", in_memory=1.0, previous_topic=1.0, rule_topic=1.0),
    )
    assert referent_by_meaning(found, turn, vectors) is None


def test_a_bare_it_goes_to_the_latest_topic_unless_the_earlier_fits_clearly_better() -> None:
    # "when did it come out?" after Parasite, then Spirited Away: the cascade went back (it
    # took the two-word title for a person's name); nothing in the turn fits Parasite better.
    turn = "when did it come out?"
    found = (
        _candidate("Parasite", in_memory=1.0, rule_topic=1.0),
        _candidate("Spirited Away", in_memory=1.0, previous_topic=1.0),
    )
    even = {
        turn: _unit(1.0, 0.0),
        "when did Parasite come out?": _unit(1.0, 0.31),
        "when did Spirited Away come out?": _unit(1.0, 0.30),
    }
    assert referent_by_meaning(found, turn, even) == "Spirited Away"
    clear = _vectors("when did Parasite come out?", "when did Spirited Away come out?", turn)
    assert referent_by_meaning(found, turn, clear) is None
    # With the latest topic kept by the cascade, "it" stays there whatever the fits.
    latest = (
        _candidate("Parasite", in_memory=1.0),
        _candidate("Spirited Away", in_memory=1.0, previous_topic=1.0, rule_topic=1.0),
    )
    assert referent_by_meaning(latest, turn, clear) is None


def test_a_person_pronoun_the_cascade_sent_back_stays_there() -> None:
    # The cascade read the pronoun's gender and person against each topic; substituted
    # sentences are no better evidence there (on the tuning returns they moved "his" from a
    # person to a gadget).
    turn = "where was she born?"
    vectors = _vectors("where was Marie Curie born?", "where was Spirited Away born?", turn)
    vectors = {**vectors, "where was Melbourne born?": _unit(0.2, 1.0)}
    found = (
        _candidate("Marie Curie", in_memory=1.0),
        _candidate("Spirited Away", in_memory=1.0, rule_topic=1.0),
        _candidate("Melbourne", in_memory=1.0, previous_topic=1.0),
    )
    assert referent_by_meaning(found, turn, vectors) is None


@given(
    st.floats(min_value=-1.0, max_value=1.0, allow_nan=False),
    st.floats(min_value=-1.0, max_value=1.0, allow_nan=False),
)
def test_a_bare_it_leaves_the_latest_topic_only_for_a_clear_margin(
    earlier: float, later: float
) -> None:
    turn = "how long is it?"
    vectors = {
        turn: _unit(1.0, 0.0),
        "how long is Parasite?": _unit(1.0, earlier),
        "how long is Spirited Away?": _unit(1.0, later),
    }
    found = (
        _candidate("Parasite", in_memory=1.0, rule_topic=1.0),
        _candidate("Spirited Away", in_memory=1.0, previous_topic=1.0),
    )
    fits = [fit_in_context(turn, c.name, vectors) for c in found]
    chosen = referent_by_meaning(found, turn, vectors)
    assert chosen == (None if fits[0] - fits[1] >= REFERENT_MARGIN else "Spirited Away")
