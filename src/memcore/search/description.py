"""The referent by description: a turn that quotes an earlier answer means that answer's page.

Rules (spec/search-description.md): a user who goes back to an earlier subject by describing
it ("the one where you said the emperors could not decide matters of religion", "re \\"you
have the flexibility to determine how points are totaled\\": any sample setting?") quotes
words of an earlier answer. When the final question holds a run of at least `min_words`
words that an earlier answer holds in the same order, introduced by a description cue (the
word "one", "re" or "where" among the few words before it, or a quotation mark),
the run is a description of the subject, not the question: the page that the described words
retrieve (1/rank votes of their top passages; the quoted turn's topic when it names one of
them) becomes the final topic, and the writer's query becomes the rest of the question, that
page's name and the described words; the template query reads the rest of the question.
Nothing changes without page titles, after the number rule, or when the described words
retrieve no page.
"""

from __future__ import annotations

import re
import unicodedata

import attrs

from memcore.search.stages import Phase, SearchState, TraceEntry
from memcore.search.template import for_retriever
from memcore.search.titles import normalise_title, same_name
from memcore.search.values import Query
from memcore.search.votes import page_votes, winning_page
from memcore.search.words import STOPWORDS

WHEN_RULE = "search-description.when"
QUOTE_RULE = "search-description.quote"
SWITCH_RULE = "search-description.switch"

MIN_WORDS = 6
"""A description is at least this many words of an earlier answer, in order."""
CUE_REACH = 4
"""A cue word counts among this many words before the described words."""
VOTE_DEPTH = 20
"""The described words' top this many passages vote for their page."""

# Words that introduce a description: "the one where ...", "re ...". Not "said": "I think I
# said List of Super Bowl halftime shows? I meant ..." quotes a name the user takes back.
CUE_WORDS: frozenset[str] = frozenset(("one", "re", "where", "wehre"))
# Words of the cue itself, taken out of the question with the described words.
CUE_DEBRIS: frozenset[str] = frozenset(
    (
        "the",
        "one",
        "where",
        "wehre",
        "re",
        "you",
        "said",
        "about",
        "how",
        "with",
        "i",
        "mean",
        "meant",
        "was",
        "thinking",
        "of",
        "were",
        "ment",
        "no",
        "nope",
        "not",
        "that",
        "sorry",
    )
)
_QUOTES = '"\u201c\u201d'
_WORD = re.compile(r"[^\W_]+(?:['\u2019][^\W_]+)*")


@attrs.frozen
class Token:
    """A word of the question, case-folded, and where it stands in the text."""

    word: str
    start: int
    end: int


def tokens(text: str) -> tuple[Token, ...]:
    """The words of `text` (already NFKC-normalised) with their character spans."""
    return tuple(
        Token(match.group().casefold().replace("\u2019", "'"), match.start(), match.end())
        for match in _WORD.finditer(text)
    )


def normalised(text: str) -> str:
    """`text` in NFKC form, so that word spans index the text the rule reads."""
    return text if text.isascii() else unicodedata.normalize("NFKC", text)


def longest_shared_run(question: tuple[str, ...], answer: tuple[str, ...]) -> tuple[int, int]:
    """The longest run of `question` words found in `answer` in the same order, as
    (start, length) in `question`; (0, 0) when they share no word. The first longest wins."""
    best = (0, 0)
    previous = [0] * (len(answer) + 1)
    for i, word in enumerate(question, start=1):
        current = [0] * (len(answer) + 1)
        for j, other in enumerate(answer, start=1):
            if word == other:
                current[j] = previous[j - 1] + 1
                if current[j] > best[1]:
                    best = (i - current[j], current[j])
        previous = current
    return best


@attrs.frozen
class Description:
    """The described words found in the final question: their span in the text, the turn
    whose answer holds them, and the rest of the question."""

    start: int
    end: int
    turn: int
    described: str
    rest: str


def has_cue(text: str, found: tuple[Token, ...], start: int) -> bool:
    """Whether a description cue introduces the words from position `start`: a cue word among
    the `CUE_REACH` words before them, or a quotation mark just before them."""
    before = found[max(0, start - CUE_REACH) : start]
    if any(token.word in CUE_WORDS for token in before):
        return True
    head = text[: found[start].start].rstrip()
    return bool(head) and head[-1] in _QUOTES


def rest_of_question(text: str, found: tuple[Token, ...], start: int, end: int) -> str:
    """`text` without the described words (tokens `start` to `end`, exclusive) and without the
    cue words just before them; quotation marks and brackets left empty go too."""
    first = start
    while first > 0 and found[first - 1].word in CUE_DEBRIS:
        first -= 1
    cut_from = found[first].start
    cut_to = found[end - 1].end
    rest = f"{text[:cut_from]} {text[cut_to:]}"
    rest = re.sub(r"[\"\u201c\u201d()]", " ", rest)
    return " ".join(rest.split())


def find_description(
    question: str, answers: tuple[tuple[int, str], ...], min_words: int = MIN_WORDS
) -> Description | None:
    """The longest run of `question` words (at least `min_words`) that one of `answers`
    ((turn, answer) pairs) holds in order and that a cue introduces; None without one.
    Of equally long runs the latest turn's wins."""
    text = normalised(question)
    found = tokens(text)
    words = tuple(token.word for token in found)
    best: tuple[int, int, int] | None = None
    for turn, answer in answers:
        answer_words = tuple(token.word for token in tokens(normalised(answer)))
        start, length = longest_shared_run(words, answer_words)
        if length >= min_words and (best is None or length >= best[1]):
            best = (start, length, turn)
    if best is None:
        return None
    start, length, turn = best
    if not has_cue(text, found, start):
        return None
    end = start + length
    described = text[found[start].start : found[end - 1].end]
    rest = rest_of_question(text, found, start, end)
    return Description(found[start].start, found[end - 1].end, turn, described, rest)


def described_page(
    votes: dict[str, float], quoted_topic: str | None, with_context: dict[str, float] | None = None
) -> str | None:
    """The page the described words mean: the quoted turn's topic when a page of that name
    (qualifier and case ignored) is among those they retrieve (`votes`), else the page with
    the most votes of `with_context` (the described words' votes and those of the quoted turn's
    topic and question with them; default `votes`), None without votes."""
    if quoted_topic is not None:
        named = {title: votes[title] for title in votes if same_name(title, quoted_topic)}
        if named:
            return winning_page(named)
    return winning_page(votes if with_context is None else with_context)


def has_own_words(text: str) -> bool:
    """Whether `text` holds a word that is no stopword."""
    return any(token.word not in STOPWORDS for token in tokens(normalised(text)))


@attrs.frozen
class ReferentByDescription:
    """Move the final topic to the page an earlier answer quoted in the final question
    describes (spec/search-description.md)."""

    min_words: int = MIN_WORDS

    @property
    def phase(self) -> Phase:
        return Phase.REWRITE

    @property
    def name(self) -> str:
        return "description"

    def run(self, state: SearchState) -> SearchState:
        """Switch the topic and clean the query when the final question quotes an earlier
        answer after a description cue; trace why not otherwise."""
        context = state.context
        turn = context.final.turn
        if not context.use_titles:
            return state.traced(TraceEntry(self.name, WHEN_RULE, "the corpus has no page titles"))
        if state.number_rewrite is not None:
            message = "the number rule has rewritten the query"
            return state.traced(TraceEntry(self.name, WHEN_RULE, message, turn))
        answers = tuple((node.turn, node.answer) for node in context.history.nodes if node.answer)
        found = find_description(context.final.question, answers, self.min_words)
        if found is None:
            message = "the question quotes no earlier answer after a description cue"
            return state.traced(TraceEntry(self.name, QUOTE_RULE, message, turn))
        retriever = context.retriever
        quoted = next(node for node in context.history.nodes if node.turn == found.turn)
        # The described words alone, and the whole answer they quote: a quote can name a
        # detail with a page of its own ("cured by a transplant of bone marrow") that the rest
        # of the answer ("... life expectancy for people with sickle cell ...") puts back in
        # the page it came from.
        searched = (found.described, quoted.answer or found.described)
        rankings = [
            retriever.search(for_retriever(Query.of(text), retriever), VOTE_DEPTH)
            for text in searched
        ]
        described_votes = page_votes(rankings[:1], retriever.corpus, VOTE_DEPTH)
        votes = page_votes(rankings, retriever.corpus, VOTE_DEPTH)
        page = described_page(described_votes, quoted.topic, votes)
        if page is None:
            message = f"the described words {found.described!r} retrieve no page"
            return state.traced(TraceEntry(self.name, QUOTE_RULE, message, turn))
        rest = found.rest if has_own_words(found.rest) else ""
        if not rest:
            rest = quoted.question
        name = normalise_title(page)
        message = (
            f"{state.topic!r} -> {page!r}: the question quotes turn {found.turn}'s answer "
            f"({found.described!r}); question {rest!r}"
        )
        # The described words stay in the query (they are the user's, and they point at the
        # passage the answer came from); the writer's words for another subject go.
        rewritten = f"{rest} {name} {found.described}"
        switched = attrs.evolve(state, topic=page, writer_query=rewritten, question=rest)
        return switched.traced(TraceEntry(self.name, SWITCH_RULE, message, turn))
