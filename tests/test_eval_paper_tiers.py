"""The paper-faithful tiers: who is meant, what is stale, no cue where none belongs, and the
tuning/test wording kept apart."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.eval.datasets import build, paper_tiers
from memcore.eval.datasets.families import TUNING, Phrasing, placeholders, split_kind
from memcore.eval.datasets.mtrag import Context, MtragConversation, MtragTurn, PoolPassage
from memcore.eval.datasets.questions import Question
from memcore.eval.datasets.split import TEST
from memcore.eval.datasets.write_sets import build_mtrag

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data" / "mtrag"
# Page names none of which holds another, so the last one named in a turn is well defined.
PAGES = (
    "Nile",
    "Amazon River",
    "Danube",
    "Rhine",
    "Volga",
    "Mekong",
    "Yangtze",
    "Ganges",
    "Zambezi",
    "Orinoco",
)
FACTS = {
    page: f"It is long and wide. Many towns along its banks trade fish and grain ({index})."
    for index, page in enumerate(PAGES)
}


def _turn(number: int, question: str, page: str, doc: str) -> MtragTurn:
    return MtragTurn(
        number, question, FACTS[page], "N/A", (Context(doc, page, f"{page} text {doc}", True),)
    )


def _conversation(name: str, pages: tuple[str, ...]) -> MtragConversation:
    turns: list[MtragTurn] = []
    for page in pages:
        for ask in (f"what is {page}?", "how long is it?"):
            number = len(turns) + 1
            turns.append(_turn(number, ask, page, f"{name}-{PAGES.index(page)}-{number}"))
    return MtragConversation(name, f"{name}.json", "clapnq", tuple(turns))


@st.composite
def domains(draw: st.DrawFn) -> tuple[tuple[MtragConversation, ...], tuple[PoolPassage, ...]]:
    """Five to eight conversations of two or three distinct pages each, and their pool."""
    count = draw(st.integers(min_value=5, max_value=8))
    conversations = tuple(
        _conversation(
            f"c{index}",
            tuple(draw(st.lists(st.sampled_from(PAGES), min_size=2, max_size=3, unique=True))),
        )
        for index in range(count)
    )
    pool = tuple(
        PoolPassage(context.document_id, "clapnq", context.title, context.text)
        for conversation in conversations
        for turn in conversation.turns
        for context in turn.contexts
    )
    return conversations, pool


def _titles(pool: tuple[PoolPassage, ...]) -> dict[str, str]:
    return {passage.id: passage.title for passage in pool}


def _last_named(text: str) -> str | None:
    found = {page: text.casefold().rfind(page.casefold()) for page in PAGES}
    page, at = max(found.items(), key=lambda item: item[1])
    return page if at >= 0 else None


def _pages_of(ids: tuple[str, ...], titles: Mapping[str, str]) -> set[str]:
    return {titles[doc] for doc in ids}


@given(domains(), st.integers(min_value=0, max_value=10_000), st.sampled_from([TUNING, TEST]))
def test_every_paper_item_meets_its_tiers_definition(
    domain: tuple[tuple[MtragConversation, ...], tuple[PoolPassage, ...]], seed: int, side: str
) -> None:
    conversations, pool = domain
    titles = _titles(pool)
    built = paper_tiers.build_paper_domain(conversations, {}, pool, seed, side)
    assert built, "a domain of several two-page conversations makes items"
    for question in built:
        judgement = question.judgement
        gold, stale = set(judgement.gold), set(judgement.stale)
        final = question.dialogue.final
        assert gold and not gold & stale, question.id
        (target,) = _pages_of(judgement.gold, titles)
        if judgement.tier == paper_tiers.SELF_REPAIR:
            # The page named after the last retraction is the one meant; every other page the
            # turn names is stale, and there are as many of those as retractions (or one more:
            # the rejected answer).
            assert _last_named(final) == target, final
            named = {page for page in PAGES if page.casefold() in final.casefold()} - {target}
            retractions = int(question.id.split(".r")[-1][0])
            assert 1 <= retractions <= paper_tiers.MAX_RETRACTIONS
            assert retractions <= len(named) <= retractions + 1, final
            assert named <= _pages_of(judgement.stale, titles), final
        elif judgement.tier == paper_tiers.INTENT_CORRECTION:
            assert target.casefold() in final.casefold(), final
            assert target not in _pages_of(judgement.stale, titles)
        else:
            # Returns and spliced corrections never name the page they go to, and returns carry
            # no return cue.
            assert target.casefold() not in final.casefold(), final
            if judgement.tier != paper_tiers.SPLICED_CORRECTION:
                assert not paper_tiers.has_return_cue(final), final
        if judgement.family is not None:
            assert _family_side(judgement.tier, judgement.family, side), question.id


_FINAL_KINDS = {
    paper_tiers.SELF_REPAIR: "repair-retraction",
    paper_tiers.INTENT_CORRECTION: "intent-correction",
    paper_tiers.SPLICED_CORRECTION: "described-correction",
    paper_tiers.RETURN_DESCRIPTION: "described-return",
}


def _family_side(tier: str, family: str, side: str) -> bool:
    kind = paper_tiers.paper_kinds()[_FINAL_KINDS[tier]]
    return family in split_kind(kind).side(side)


def test_the_two_sides_use_disjoint_families_and_every_kind_has_both() -> None:
    for kind in paper_tiers.paper_kinds().values():
        split = split_kind(kind)
        assert split.tuning and split.test and not set(split.tuning) & set(split.test), kind.name
        assert len(kind.families) >= 6, kind.name


def test_every_paper_phrasing_fills_its_placeholders() -> None:
    for kind in paper_tiers.paper_kinds().values():
        for family in kind.families:
            for text in family.phrasings:
                assert set(kind.required) <= placeholders(text), text
                assert placeholders(text) <= {*kind.required, *kind.optional}, text
                if kind.name == "described-return":
                    assert not paper_tiers.has_return_cue(text), text


def _every_phrasing(name: str) -> list[Phrasing]:
    kind = paper_tiers.paper_kinds()[name]
    return [
        Phrasing(kind.name, family.name, text, family.lower_names)
        for family in kind.families
        for text in family.phrasings
    ]


@given(
    st.lists(st.sampled_from(PAGES), min_size=2, max_size=4, unique=True),
    st.sampled_from(PAGES),
    st.sampled_from(_every_phrasing("repair-first")),
    st.lists(st.sampled_from(_every_phrasing("repair-retraction")), min_size=3, max_size=3),
    st.none() | st.sampled_from(_every_phrasing("repair-rejection")),
    st.none() | st.sampled_from(_every_phrasing("repair-close")),
)
def test_a_self_repair_ends_on_the_name_after_its_last_retraction(
    names: list[str],
    answered: str,
    first: Phrasing,
    retractions: list[Phrasing],
    rejection: Phrasing | None,
    close: Phrasing | None,
) -> None:
    pieces = {"first": first, "rejection": rejection, "close": close}
    text = paper_tiers.repair_turn(names, pieces, retractions[: len(names) - 1], answered)
    assert _last_named(text) == names[-1], text
    for name in names:
        assert name.casefold() in text.casefold()


def test_a_describing_fact_never_names_its_page_and_drops_empty_openings() -> None:
    answer = "Yes, the Nile is long. Yes, it flows north through eleven countries to the sea."
    assert (
        paper_tiers.describing_fact(answer, "Nile")
        == "it flows north through eleven countries to the sea"
    )
    assert (
        paper_tiers.describing_fact("Short one. Nile is the longest river on earth.", "nile")
        is None
    )
    assert paper_tiers.describing_fact("We went back to the river in the end.", "Nile") is None


@pytest.mark.parametrize(
    ("question", "leans"),
    [
        ("what was its religion?", True),
        ("any awards", True),
        ("Who founded the Roman Empire?", False),
    ],
)
def test_a_return_question_must_lean_on_its_context(question: str, leans: bool) -> None:
    assert paper_tiers.refers_back(question) is leans


def test_return_cues_are_found_and_plain_questions_pass() -> None:
    assert paper_tiers.has_return_cue("Going back to the river, how long is it?")
    assert paper_tiers.has_return_cue("as we said earlier, what is it")
    assert not paper_tiers.has_return_cue("what was its religion?")


def _read(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.mark.skipif(not SHARED.is_dir(), reason="needs ../shared/data/mtrag")
def test_the_mtrag_build_writes_paper_parts_beside_unchanged_tiers(tmp_path: Path) -> None:
    build_mtrag(SHARED, tmp_path, 13).unwrap()
    dev = _read(tmp_path / "dev" / "clapnq.jsonl")
    assert {record["tier"] for record in dev} >= {build.LATER_REPAIR, build.CORRECTION}
    assert paper_tiers.SELF_REPAIR not in {record["tier"] for record in dev}
    families = json.loads((tmp_path / "paper-families.json").read_text(encoding="utf-8"))
    for part, side in ((paper_tiers.PAPER_TUNING, TUNING), (paper_tiers.PAPER_TEST, TEST)):
        records = [
            record
            for domain in ("clapnq", "govt")
            for record in _read(tmp_path / part / f"{domain}.jsonl")
        ]
        assert {record["tier"] for record in records} == set(paper_tiers.PAPER_TIERS)
        for record in records:
            family, tier = record.get("family"), str(record["tier"])
            if family is not None:
                assert family in families[_FINAL_KINDS[tier]][side], record["id"]
    assert not (tmp_path / paper_tiers.PAPER_TUNING / "cloud.jsonl").exists()


def test_the_structure_stream_alone_decides_the_items() -> None:
    conversations = tuple(
        _conversation(f"c{index}", (PAGES[index], PAGES[index + 1], PAGES[index + 3]))
        for index in range(6)
    )
    pool = tuple(
        PoolPassage(context.document_id, "clapnq", context.title, context.text)
        for conversation in conversations
        for turn in conversation.turns
        for context in turn.contexts
    )
    tuning = paper_tiers.build_paper_domain(conversations, {}, pool, 3, TUNING)
    test = paper_tiers.build_paper_domain(conversations, {}, pool, 3, TEST)

    def shape(questions: tuple[Question, ...]) -> list[tuple[str, tuple[str, ...]]]:
        return sorted((q.id, q.judgement.gold) for q in questions if q.judgement.family is None)

    # Items without written wording (plain returns) are the same whatever the side's wording.
    assert shape(tuning) and shape(tuning) == shape(test)
