"""The named rejected page: a page the final turn abandons by name loses the exclusion constant
(memcore's default), or is left alone (the paper's rule)."""

from __future__ import annotations

import attrs
from hypothesis import given
from hypothesis import strategies as st

from memcore.node import Memory, Node
from memcore.operations import abandon, add, refine
from memcore.search.config import (
    DEFAULT_SEARCH,
    PAPER,
    FactsVoteVariant,
    RejectedPage,
    SearchConfig,
    search_options,
    with_search_options,
)
from memcore.search.corpus import Corpus
from memcore.search.pipeline import DEFAULT, PAPER_TOPIOCQA, paper_pipeline, search_final_turn
from memcore.search.rejected_page import (
    NAMED_PAGE_RULE,
    NO_TITLES_RULE,
    RejectedPageDemotion,
    demote_named_pages,
    full_title_key,
)
from memcore.search.scored import Candidates, PartKind, ScoredPassage, ScorePart
from memcore.search.values import Passage
from search_support import TableRetriever


def _passage(doc_id: str, title: str, base: float, *extra: PartKind) -> ScoredPassage:
    parts = [ScorePart(PartKind.BASE, base, "r", "q", "c")]
    parts += [ScorePart(kind, 1.5, "r", "t", "c") for kind in extra]
    return ScoredPassage(doc_id, title, tuple(parts))


def test_only_the_full_title_is_lowered_spaces_and_case_aside() -> None:
    candidates = Candidates(
        (
            _passage("a", " apollo\t13 ", 2.0),
            _passage("f", "Apollo 13 (film)", 1.0),
            _passage("m", "Apollo 11", 0.5),
        )
    )
    lowered = demote_named_pages(candidates, ("Apollo 13",), 1.5, "c")
    assert lowered.scores() == {"a": 0.5, "f": 1.0, "m": 0.5}
    part = lowered.passages[lowered.ids().index("a")].parts[-1]
    assert (part.kind, part.rule, part.source) == (
        PartKind.EXCLUSION,
        NAMED_PAGE_RULE,
        "rejected Apollo 13",
    )


def test_a_passage_raised_by_the_title_prior_or_moved_by_the_exclusion_step_keeps_its_score() -> (
    None
):
    candidates = Candidates(
        (
            _passage("t", "Apollo 13", 0.5, PartKind.TITLE_PRIOR),
            _passage("x", "Apollo 13", 1.0, PartKind.EXCLUSION),
            _passage("p", "Apollo 13", 3.0),
        )
    )
    lowered = demote_named_pages(candidates, ("Apollo 13",), 1.5, "c")
    assert lowered.scores() == {"t": 2.0, "x": 2.5, "p": 1.5}


def test_no_rejected_name_changes_nothing() -> None:
    candidates = Candidates((_passage("a", "Apollo 13", 2.0),))
    assert demote_named_pages(candidates, (), 1.5, "c") == candidates
    assert demote_named_pages(candidates, ("  ",), 1.5, "c") == candidates
    assert full_title_key("  Boating   FAQ\r\n") == "boating faq"


_TITLES = st.sampled_from(("Friends", "Rachel Green", "rachel  green", "Rachel Green (film)", ""))


@given(
    rows=st.lists(
        st.tuples(_TITLES, st.floats(-5, 5), st.booleans()), min_size=1, max_size=8, unique_by=str
    ),
    rejected=st.lists(_TITLES, max_size=2),
)
def test_the_demotion_only_lowers_rejected_pages_and_keeps_every_candidate(
    rows: list[tuple[str, float, bool]], rejected: list[str]
) -> None:
    passages = tuple(
        _passage(f"p{i}", title, base, *((PartKind.TITLE_PRIOR,) if raised else ()))
        for i, (title, base, raised) in enumerate(rows)
    )
    before = Candidates(passages).scores()
    after = demote_named_pages(Candidates(passages), tuple(rejected), 1.5, "c").scores()
    assert after.keys() == before.keys()
    keys = {full_title_key(name) for name in rejected if full_title_key(name)}
    for passage in passages:
        lowered = (
            bool(passage.title)
            and full_title_key(passage.title) in keys
            and not passage.has(PartKind.TITLE_PRIOR)
        )
        expected = before[passage.doc_id] - (1.5 if lowered else 0.0)
        assert abs(after[passage.doc_id] - expected) < 1e-9


FRIENDS = Corpus(
    (
        Passage("f1", "friends is a sitcom", "Friends"),
        Passage("r1", "rachel green is a character of friends", "Rachel Green"),
        Passage("o1", "an actress", "Jennifer Aniston"),
    )
)
HISTORY = Memory(
    (Node(1, "tell me about friends", "", operations=(add("Friends"),), topics=("Friends",)),)
)
FINAL = Node(
    2,
    "Not Rachel Green I sought, but Friends.",
    operations=(abandon("Rachel Green"), refine("Friends")),
    topics=("Friends",),
    query="friends tell me more",
)
SCORES = {"r1": 5.0, "f1": 3.0, "o1": 1.0}
TABLE = {"friends tell me more": SCORES, "Friends Not Rachel Green I sought, but Friends.": SCORES}


def _ranked(config: SearchConfig, final: Node = FINAL) -> tuple[str, ...]:
    retriever = TableRetriever(FRIENDS, TABLE)
    pipeline = paper_pipeline(FactsVoteVariant.TOPIOCQA, config)
    return search_final_turn(HISTORY, final, retriever, pipeline).unwrap().ids()


def test_memcores_default_lowers_the_named_page_below_the_intended_one() -> None:
    assert _ranked(DEFAULT_SEARCH) == ("f1", "r1", "o1")
    # The paper's rule leaves a page without namesakes alone.
    assert _ranked(PAPER) == ("r1", "f1", "o1")


def test_without_an_abandon_or_without_titles_the_stage_does_nothing() -> None:
    calm = attrs.evolve(FINAL, operations=(refine("Friends"),))
    retriever = TableRetriever(FRIENDS, TABLE)
    searched = search_final_turn(HISTORY, calm, retriever, DEFAULT).unwrap()
    assert "rejected page" in {entry.stage for entry in searched.trace}
    assert all(part.kind is not PartKind.EXCLUSION for hit in searched.hits for part in hit.parts)
    untitled = search_final_turn(HISTORY, FINAL, retriever, DEFAULT.without_titles()).unwrap()
    assert NO_TITLES_RULE in untitled.fired()
    assert untitled.ids()[0] == "r1"


def test_the_default_pipeline_runs_the_stage_last_and_the_papers_does_not_run_it() -> None:
    assert isinstance(DEFAULT.stages[-1], RejectedPageDemotion)
    # Besides this stage, the default differs from the paper only in the template's weight
    # and the referents by fit and by description.
    leaning = attrs.evolve(
        PAPER,
        template_weight=DEFAULT_SEARCH.template_weight,
        referent_margin=DEFAULT_SEARCH.referent_margin,
        description_words=DEFAULT_SEARCH.description_words,
    )
    assert DEFAULT.stages[:-1] == paper_pipeline(config=leaning).stages
    assert not any(isinstance(stage, RejectedPageDemotion) for stage in PAPER_TOPIOCQA.stages)
    assert PAPER.rejected_page is RejectedPage.LEFT
    assert DEFAULT_SEARCH.rejected_page is RejectedPage.DEMOTED
    paper = attrs.evolve(
        DEFAULT_SEARCH,
        rejected_page=RejectedPage.LEFT,
        template_weight=1.0,
        referent_margin=None,
        description_words=None,
    )
    assert paper == PAPER


def test_the_option_is_offered_on_the_command_line_with_memcores_default() -> None:
    option = next(o for o in search_options() if o.field == "rejected_page")
    assert option.flag == "--rejected-page"
    assert option.default is RejectedPage.DEMOTED
    assert {choice.value for choice in option.choices} == {"left", "demoted"}
    assert with_search_options({"rejected_page": "left"}) == attrs.evolve(
        PAPER,
        template_weight=DEFAULT_SEARCH.template_weight,
        referent_margin=DEFAULT_SEARCH.referent_margin,
        description_words=DEFAULT_SEARCH.description_words,
    )
