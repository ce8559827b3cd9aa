"""The learned writer: term candidates, the logistic models, the shipped bundle, the writer."""

from __future__ import annotations

import itertools
import json
import shutil
from pathlib import Path

import numpy as np
import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from returns.result import Failure, Success

from memcore.eval.datasets.rewrites import RewriteConversation, RewriteTurn
from memcore.eval.training.fit import CHECK_ROWS, best_threshold, fit
from memcore.eval.training.train_terms import gold_terms, train_terms
from memcore.search.tokenize import tokenize
from memcore.writers.driver import Turn
from memcore.writers.factory import writer_from_spec
from memcore.writers.learned import FEATURES, History, LearnedWriter, candidates
from memcore.writers.learned.api import write_final, write_history
from memcore.writers.learned.bundle import (
    INTENDED,
    REJECTED,
    STEPS,
    TERMS,
    load_bundle,
    shipped_bundle,
    shipped_folder,
)
from memcore.writers.learned.model import load_model
from memcore.writers.learned.terms import rarity_from_counts
from memcore.writers.learned.topics import TOPIC_FEATURES, TitleIndex
from memcore.writers.learned.writer import CORRECTION_CHATTER, SMALL_WORDS, typed_others
from memcore.writers.rules.proposals import PROPOSAL_FEATURES
from memcore.writers.rules.spans import Mention

SHIPPED = Path(shipped_folder())
SHARED = Path(__file__).resolve().parents[2] / "shared" / "data"
APOLLO = [
    Turn("who walked on the moon?", "Neil Armstrong and Buzz Aldrin walked on the Moon."),
    Turn("where did he grow up?", "Buzz Aldrin grew up in Montclair, New Jersey."),
]
TITLES = ["Neil Armstrong", "Buzz Aldrin", "Apollo 11", "Apollo 12"]


def _conversations() -> list[RewriteConversation]:
    turns = (
        RewriteTurn("what is the capital of peru", "what is the capital of peru", "Lima is."),
        RewriteTurn("how big is it", "how big is lima peru", "Lima has ten million people."),
        RewriteTurn("and its history", "history of lima peru", "Lima was founded in 1535."),
    )
    other = (
        RewriteTurn("tell me about jaguars", "tell me about jaguars", "Jaguars are big cats."),
        RewriteTurn("what do they eat", "what do jaguars eat", "They eat deer and caimans."),
    )
    return [RewriteConversation("toy", "a", turns), RewriteConversation("toy", "b", other)]


def test_candidates_leave_out_the_final_questions_terms_and_single_letters() -> None:
    history = History.of(
        ["how old is Rome?", "is it big?"], ["Rome is old.", "Yes, i think"], "old Paris"
    )
    found = candidates(history)
    terms = [c.term for c in found]
    assert "old" not in terms and "paris" not in terms and "i" not in terms
    assert terms[0] == "big"  # the most recent question comes first
    assert "rome" in terms and all(len(c.features) == len(FEATURES) for c in found)


def test_gold_terms_are_what_the_rewrite_adds() -> None:
    history = History.of(["what is the capital of peru"], ["Lima."], "how big is it")
    assert gold_terms(history, "how big is lima peru") == frozenset({"lima", "peru"})


def test_rarity_is_scaled_to_one_and_falls_with_frequency() -> None:
    rarity = rarity_from_counts({"common": 99, "rare": 1}, 100)
    assert 0.0 <= rarity("common") < rarity("rare") < rarity("unseen") <= 1.0


def test_fitting_is_deterministic_and_learns_the_signal() -> None:
    rows = [(1.0, float(i % 2), float(i % 3)) for i in range(60)]
    labels = [i % 2 == 1 for i in range(60)]
    first = fit(("bias", "signal", "noise"), rows, labels)
    second = fit(("bias", "signal", "noise"), rows, labels)
    assert np.array_equal(first.weights, second.weights)
    assert first.weights[1] > 1.0 > abs(first.weights[2])
    assert first.meta["check"]["probabilities"] == [
        float(p) for p in first.probabilities(first.meta["check"]["rows"])
    ]


def test_fit_refuses_data_without_a_positive() -> None:
    with pytest.raises(ValueError, match="no positive"):
        fit(("bias",), [(1.0,), (1.0,)], [False, False])


def test_best_threshold_takes_the_lowest_of_equal_scores() -> None:
    assert best_threshold(lambda t: 1.0 if 0.3 <= t <= 0.6 else 0.0) == 0.3


def test_term_training_is_deterministic_and_round_trips(tmp_path: Path) -> None:
    first = train_terms(_conversations())
    second = train_terms(_conversations())
    assert np.array_equal(first.weights, second.weights)
    assert first.threshold == second.threshold
    # On one machine training gives the same bytes twice in a row.
    second.save(tmp_path / "again", TERMS)
    first.save(tmp_path, TERMS)
    for suffix in (".npz", ".json"):
        again = (tmp_path / "again" / f"{TERMS}{suffix}").read_bytes()
        assert (tmp_path / f"{TERMS}{suffix}").read_bytes() == again
    loaded = load_model(tmp_path, TERMS, FEATURES).unwrap()
    assert np.array_equal(loaded.weights, first.weights)
    assert loaded.document_frequency == first.document_frequency
    history = History.of(["what is the capital of peru"], ["Lima is."], "how big is it")
    rows = [c.features for c in candidates(history, loaded.rarity())]
    assert np.array_equal(loaded.probabilities(rows), first.probabilities(rows))


def test_a_model_for_other_features_or_with_bad_values_is_refused(tmp_path: Path) -> None:
    model = train_terms(_conversations())
    model.save(tmp_path, TERMS)
    refused = load_model(tmp_path, TERMS, (*FEATURES, "extra"))
    assert isinstance(refused, Failure) and "other features" in str(refused.failure())
    meta_path = tmp_path / f"{TERMS}.json"
    meta = json.loads(meta_path.read_text())
    meta["threshold"] = 1.5
    meta_path.write_text(json.dumps(meta))
    bad = load_model(tmp_path, TERMS, FEATURES)
    assert isinstance(bad, Failure) and "probability" in str(bad.failure())
    (tmp_path / f"{TERMS}.npz").write_bytes(b"not numpy")
    assert isinstance(load_model(tmp_path, TERMS, FEATURES), Failure)
    assert isinstance(load_model(tmp_path / "absent", TERMS, FEATURES), Failure)


def test_the_shipped_models_load_and_give_the_scores_they_were_shipped_with() -> None:
    bundle = shipped_bundle().unwrap()
    for model, features in (
        (bundle.terms, FEATURES),
        (bundle.intended, TOPIC_FEATURES),
        (bundle.rejected, TOPIC_FEATURES),
        (bundle.steps, PROPOSAL_FEATURES),
    ):
        assert model.features == features
        check = model.meta["check"]
        assert np.allclose(model.probabilities(check["rows"]), check["probabilities"], atol=1e-12)
        assert model.meta["seed"] == 13 and len(model.meta["data_sha256"]) == 64
    size = sum(path.stat().st_size for path in SHIPPED.iterdir())
    assert size < 2_000_000  # "a few MB at most"


def test_a_trained_folder_loads_through_the_factory(tmp_path: Path) -> None:
    folder = tmp_path / "models"
    shutil.copytree(SHIPPED, folder)
    assert isinstance(load_bundle(folder), Success)
    writer = writer_from_spec(f"learned:{folder}").unwrap()
    assert isinstance(writer, LearnedWriter) and writer.name == "learned"
    (folder / f"{INTENDED}.npz").unlink()
    missing = writer_from_spec(f"learned:{folder}")
    assert isinstance(missing, Failure) and INTENDED in missing.failure().message
    assert isinstance(load_bundle(tmp_path / "nothing"), Failure)
    assert REJECTED in {p.stem for p in SHIPPED.iterdir()}


def test_a_bare_correction_asks_the_corrected_question_without_the_rejected_name() -> None:
    node = write_final(APOLLO, "not him, Neil Armstrong", TITLES)
    assert node.contradicts == ("Buzz Aldrin",)
    assert node.query is not None
    assert "where did he grow up?" in node.query and "Aldrin" not in node.query


def test_without_titles_no_answer_name_replaces_a_pronoun() -> None:
    history = [Turn("what do cats eat?", "Cats eat meat; the Siamese is a popular breed.")]
    node = write_final(history, "will it hurt him?")
    assert node.query is not None and node.query.startswith("will it hurt him?")
    assert "Siamese" not in node.query


RIVERS = [
    Turn("which river is best for fishing?", "Many anglers favour a few rivers."),
    Turn(
        "tell me more",
        "The Yellowstone River flows through Montana past Livingston and the Rosebud valley."
        " Montana anglers love the Yellowstone.",
    ),
]
RIVER_TITLES = ["Yellowstone River", "Androscoggin River", "Climate of Maine", "Maine"]


@pytest.mark.parametrize(
    "correction",
    [
        "Wrong one, I meant Androscoggin River.",
        "There has been a misunderstanding. I intended to ask about Androscoggin River.",
    ],
)
def test_after_a_correction_the_wrong_answers_words_stay_out_of_the_query(
    correction: str,
) -> None:
    node = write_final(RIVERS, correction, RIVER_TITLES)
    assert node.query is not None and "Androscoggin River" in node.query
    wrong = {"yellowstone", "montana", "livingston", "rosebud"}
    assert not wrong & set(tokenize(node.query))


YELLOWSTONE_ASKED = [
    RIVERS[0],
    Turn(
        "what fish live in Yellowstone River?",
        "The Yellowstone River flows through Montana past Livingston and the Rosebud valley.",
    ),
]


@pytest.mark.parametrize(
    "switch",
    ["Androscoggin River, then.", "Make that Androscoggin River.", "ok so Androscoggin River"],
)
def test_a_switch_that_asks_nothing_reasks_the_turn_before_about_the_new_topic(
    switch: str,
) -> None:
    node = write_final(YELLOWSTONE_ASKED, switch, RIVER_TITLES)
    assert node.topic == "Androscoggin River" and node.query is not None
    # The question re-asked about the switch's name, its chatter ("that", "ok so") gone: in
    # the question's own words where the turn says nothing but the name
    # (spec/writer-cues-self-repair.md#writer-cues-self-repair.notation).
    assert "Androscoggin River" in node.query and "what fish live in" in node.query
    assert not {"ok", "so", "that"} & set(node.query.casefold().split())
    wrong = {"yellowstone", "montana", "livingston", "rosebud"}
    assert not wrong & set(tokenize(node.query))


@pytest.mark.parametrize(
    "asking", ["tell me about Androscoggin River", "which fish live in Androscoggin River"]
)
def test_a_switch_that_asks_something_is_a_new_question(asking: str) -> None:
    node = write_final(YELLOWSTONE_ASKED, asking, RIVER_TITLES)
    assert node.topic == "Androscoggin River" and node.query is not None
    assert "what fish live in" not in node.query


@pytest.mark.parametrize(
    "asking",
    [
        "anything more worth knowing on Androscoggin River?",
        "something else interesting about Androscoggin River?",
    ],
)
def test_a_question_mark_by_the_name_still_asks(asking: str) -> None:
    # The question mark goes out with the name it stands by; the words left still ask.
    node = write_final(YELLOWSTONE_ASKED, asking, RIVER_TITLES)
    assert node.topic == "Androscoggin River" and node.query is not None
    assert "what fish live in" not in node.query


def test_a_name_alone_with_a_question_mark_still_repairs() -> None:
    node = write_final(YELLOWSTONE_ASKED, "sorry, Androscoggin River?", RIVER_TITLES)
    assert node.query is not None and "what fish live in" in node.query


@pytest.mark.parametrize(
    "ellipsis", ["What about Androscoggin River?", "same for Androscoggin River?"]
)
def test_an_ellipsis_asks_the_question_before_about_its_name(ellipsis: str) -> None:
    node = write_final(YELLOWSTONE_ASKED, ellipsis, RIVER_TITLES)
    assert node.topic == "Androscoggin River" and node.query is not None
    assert node.query.startswith("what fish live in Androscoggin River?")
    assert "yellowstone" not in tokenize(node.query)


def test_staying_on_the_topic_is_no_switch() -> None:
    node = write_final(YELLOWSTONE_ASKED, "Yellowstone River, then.", RIVER_TITLES)
    assert node.query is not None and "what fish live in" not in node.query


def test_a_rejected_name_leaves_the_query_whole_not_word_by_word() -> None:
    history = [
        Turn("when did Maine become a state?", "Maine became a state in 1820."),
        Turn("what are the key facts about Climate of Maine?", "It snows a lot in winter."),
    ]
    node = write_final(history, "Sorry, I meant Maine, not Climate of Maine.", RIVER_TITLES)
    assert node.topic == "Maine" and node.contradicts == ("Climate of Maine",)
    assert node.query is not None
    assert "Climate" not in node.query and " of " not in f" {node.query} "
    assert "Maine" in node.query


def test_titles_are_found_whatever_spacing_the_corpus_keeps_around_them() -> None:
    index = TitleIndex.of(["\n\tRestraining Orders: Superior Court\n", "Court"])
    found = index.typed_in("I meant restraining orders: superior court please")
    assert [m.name for m in found] == ["Restraining Orders: Superior Court"]


WATER = [
    Turn(
        "how do I purify water at home?",
        "Options include Remote Sensing of quality, Reverse Osmosis filters and boiling.",
    )
]


@pytest.mark.parametrize("question", ["what does it cost?", "tell me more about that"])
def test_without_titles_a_name_read_only_from_an_answer_is_never_the_topic(
    question: str,
) -> None:
    node = write_final(WATER, question)
    said = set(tokenize(f"{WATER[0].question} {question}"))
    assert node.topic is not None and set(tokenize(node.topic)) <= said
    assert all(set(tokenize(op.topic)) <= said for op in node.operations)


def test_without_titles_a_name_the_user_types_is_the_topic() -> None:
    node = write_final(WATER, "I meant Reverse Osmosis")
    assert node.topic == "Reverse Osmosis"


def test_typed_titles_prefer_the_longest_title_at_a_position() -> None:
    index = TitleIndex.of(["FAQs", "FAQs • Where do toxins come from?", "CA"])
    found = index.typed_in("about faqs • where do toxins come from? in CA")
    assert [m.name for m in found] == ["FAQs • Where do toxins come from?"]


@given(
    title=st.sampled_from(["Friends", "Family", "Parasite", "Vertigo"]),
    owner=st.sampled_from(["my", "your", "our", "their", "her"]),
    capital=st.booleans(),
)
def test_a_lower_case_title_after_a_possessive_is_a_common_noun(
    title: str, owner: str, capital: bool
) -> None:
    """ "so my friends can guess it" types no page "Friends"; "my Friends box set" does."""
    typed = title if capital else title.casefold()
    index = TitleIndex.of([title, "Helsinki"])
    found = index.typed_in(f"clues about Helsinki so {owner} {typed} can guess it")
    names = [mention.name for mention in found]
    assert names == (["Helsinki", title] if capital else ["Helsinki"])
    # Without the possessive the lower-case title is typed in full as before.
    assert title in [m.name for m in index.typed_in(f"is {title.casefold()} on tonight?")]


# Questions are built from the parts users type (an opener, a question about a name or a
# pronoun, a correction after it) rather than from a bag of words: a bag ("where he no
# Armstrong where") has no reading a person would agree on, so no query could be right.
_OPENERS = st.sampled_from(["", "sorry", "no", "wait", "hmm", "ok", "and"])
_SUBJECTS = st.sampled_from(
    ["he", "Neil", "Neil Armstrong", "Buzz Aldrin", "Aldrin", "Apollo 11", "the first one"]
)
_FRAMES = st.sampled_from(
    [
        "where did {} grow up",
        "what about {}",
        "{}",
        "tell me about {}",
        "when was {} born",
        "did {} walk on the moon",
        "{} please",
    ]
)
_REPAIRS = st.sampled_from(["", "not {}", "no, {}", "I meant {}", "sorry, {}", "{} not {}"])


@st.composite
def _questions(draw: st.DrawFn) -> list[str]:
    frame = draw(_FRAMES).format(draw(_SUBJECTS))
    repair = draw(_REPAIRS)
    repair = repair.format(*(draw(_SUBJECTS) for _ in range(repair.count("{}"))))
    return " ".join(part for part in (draw(_OPENERS), frame, repair) if part).split()


@given(_questions())
# Found by this property: a correction the cascade marks as a revision, with no number in it,
# once took the number rule's query ("where did Neil grow up?") instead of the user's words.
@example(["not", "him", "Neil"])
@example(["he", "Neil", "he", "Aldrin"])
# Found under random seeds: a bare place in a list ("the first") moves to that member; a
# correction inside the question ("he no Neil") keeps its names and drops its chatter.
@example(["the", "first"])
@example(["where", "did", "he", "no", "Neil", "grow", "up"])
@example(["where", "did", "Buzz", "Aldrin", "grow", "up", "Neil", "not", "Apollo", "11"])
# Found under random seeds: a repair rebuilt from the frame ("and what about Neil no, Buzz
# Aldrin" searches "what about Buzz Aldrin") drops the opening "and" that joined the turn on.
@example(["and", "what", "about", "Neil", "no,", "Buzz", "Aldrin"])
def test_property_the_query_keeps_every_word_of_the_question_but_rejected_names_and_chatter(
    words: list[str],
) -> None:
    question = " ".join(words)
    node = write_final(APOLLO, question, TITLES)
    assert node.query is not None
    query_words = [_bare(w) for w in node.query.split()]
    # A rejected name leaves as a whole, so a word it shares with the topic may go with it.
    rejected = {term for name in node.contradicts for term in tokenize(name)}
    rejected |= {
        term for op in node.operations if op.kind.value == "Abandon" for term in tokenize(op.topic)
    }
    # A turn that re-asks a question before ("what about Neil" asks where Neil grew up; an
    # unasked switch, writer-learned.unasked-switch, does too) keeps the names it typed ...
    reasks = any(
        {_bare(w) for w in turn.question.split()} - _PRONOUNS <= set(query_words) for turn in APOLLO
    )
    # A name the user refuses by "not" ("Neil not Apollo 11") need not stay, whether or not the
    # memory held it as a topic to abandon (found under random seeds).
    for at, word in enumerate(words):
        if _bare(word) == "not":
            refused = itertools.takewhile(_named, words[at + 1 :])
            rejected |= {term for name in refused for term in tokenize(name)}
    previous = write_history(APOLLO, TITLES)[-1].topic
    if previous and node.topic != previous and reasks:
        # ... and leaves the topic before as a rejected one ("he Neil he Aldrin").
        rejected |= set(tokenize(previous))
    # Chatter and small words may go from any turn (writer-standalone.remarks); the content
    # words and names stay.
    kept = [
        (at, w)
        for at, w in enumerate(words)
        if _bare(w) not in CORRECTION_CHATTER | SMALL_WORDS
        and not set(tokenize(w)) & rejected
        # An opening "and" only joins the turn to the last one; a query may start without it.
        and not (at == 0 and _bare(w) == "and")
    ]
    if node.topic is not None and node.topic.casefold() in node.query.casefold():
        # A pronoun may give way to the name it stands for ("when was Neil Armstrong born").
        kept = [(at, w) for at, w in kept if _bare(w) not in _PRONOUNS]
    retractions = [at for at, w in enumerate(words) if _bare(w) in _RETRACTING]
    if retractions:
        # A name typed before a retraction may be the slip it takes back ("Neil, I meant
        # Buzz Aldrin").
        kept = [(at, w) for at, w in kept if at > retractions[-1] or not _named(w)]
    if reasks:
        # The question asked again is an earlier one, so only the names typed must be there.
        kept = [(at, w) for at, w in kept if _named(w)]
    if reasks or retractions or node.contradicts:
        # The name meant takes the place of the one taken back ("when was Neil born? no,
        # Buzz Aldrin" searches "when was Buzz Aldrin born"), so no order is checked.
        assert {_bare(w) for _, w in kept} <= set(query_words)
        return
    position = 0
    for _, word in kept:  # the kept words appear in order: nothing replaced in place
        position = query_words.index(_bare(word), position) + 1


def _bare(word: str) -> str:
    return word.strip(",.?!;:").casefold()


def _named(word: str) -> bool:
    return word[:1].isupper() or word[:1].isdigit()


_RETRACTING = frozenset({"no", "not", "sorry", "wait", "meant", "nope"})
_PRONOUNS = frozenset({"he", "him", "she", "her", "it", "they", "them"})


# What a run on another machine may change in a model's metadata: the float path it ran on
# and the check rows chosen by rank of its own (equal to the last digits) probabilities.
MACHINE_KEYS = ("environment", "check")


def _portable(meta: dict[str, object]) -> dict[str, object]:
    return {key: value for key, value in meta.items() if key not in MACHINE_KEYS}


@pytest.mark.shared_data
def test_training_on_the_shared_data_reproduces_the_shipped_models(tmp_path: Path) -> None:
    if not SHARED.is_dir():
        pytest.skip(f"{SHARED} is absent")
    from memcore.eval.training.model_agreement import BLAS_PATH, against_shipped
    from memcore.eval.training.train_writer import train_writer

    trained = train_writer(SHARED, 13).unwrap()
    judged = against_shipped(trained.models).unwrap()
    assert [one.agreement.name for one in judged] == [TERMS, INTENDED, REJECTED, STEPS]
    for one in judged:
        # Same decisions on the shipped check rows, probabilities within 1e-6, weights within
        # a relative 1e-6 (not the same bytes: another BLAS sums in another order).
        assert one.tolerance == BLAS_PATH and one.problems() == ()
        assert one.agreement.rows == CHECK_ROWS
    trained.models.save(tmp_path)
    for name in (TERMS, INTENDED, REJECTED, STEPS):
        made = json.loads((tmp_path / f"{name}.json").read_text())
        shipped = json.loads((SHIPPED / f"{name}.json").read_text())
        assert _portable(made) == _portable(shipped)
        assert {"python", "numpy", "blas", "machine"} <= set(shipped["environment"])


TROUT = [
    Turn("tell me about Maine", "Maine is a state in New England."),
    Turn("which rivers have trout?", "Anglers fish the Yellowstone River in Montana and Maine."),
]
TROUT_TITLES = ["Yellowstone River", "Androscoggin River", "Climate of Maine", "Maine", "Montana"]


def test_a_revising_turn_takes_back_every_other_page_it_types() -> None:
    question = "You thought I meant Yellowstone River, didn't you? It's Androscoggin River."
    node = write_final(TROUT, question, TROUT_TITLES)
    assert node.topic == "Androscoggin River" and node.query is not None
    terms = set(tokenize(node.query))
    assert "androscoggin" in terms and not {"yellowstone"} & terms


def test_other_typed_titles_leave_out_the_topic_its_pieces_and_what_overlaps_it() -> None:
    question = (
        "Meant The Waters are Rising on NASA Shores, not Global Warming or Montana or history"
    )
    titles = TitleIndex.of(
        ["The Waters are Rising on NASA Shores", "Global Warming", "NASA", "Montana", "History"]
    )
    typed = titles.typed_in(question)
    # The first title is typed where the topic read from capitals is; "history" is typed
    # without the title's capital.
    assert typed_others(question, typed, "Meant The Waters") == ("Global Warming", "Montana")
    topic = "The Waters are Rising on NASA Shores"
    assert typed_others(question, typed, topic) == ("Global Warming", "Montana")
    assert typed_others(question, typed, "Global Warming") == (topic, "Montana")
    piece = Mention("NASA", 0, 4, known=True)  # a piece of the topic is no other page
    assert typed_others("NASA, not the other", (piece,), topic) == ()


@pytest.mark.parametrize(
    "question",
    [
        "Which is longer, Yellowstone River or Androscoggin River?",
        "compare Yellowstone River and Androscoggin River",
    ],
)
def test_a_question_about_two_new_pages_rejects_nothing_and_keeps_both(question: str) -> None:
    node = write_final(TROUT[:1], question, TROUT_TITLES)
    assert node.contradicts == () and node.query is not None
    assert not any(op.kind.value == "Abandon" for op in node.operations)
    assert {"yellowstone", "androscoggin"} <= set(tokenize(node.query))
