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

import itertools
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
        # General nouns a description hangs on: "the thing where", "the subject of which".
        "thing",
        "subject",
        "topic",
        "which",
    )
)
_QUOTES = '"\u201c\u201d'
# A relative "which" after a preposition ("the subject of which you said") and a "that" after
# a verb of saying ("you said that ...") introduce a statement, not a name: they cue a
# description as "where" does. An interrogative "which" opens its clause and is no cue.
RELATIVE_AFTER: frozenset[str] = frozenset(("of", "in", "about", "on", "for", "with", "from"))
SAYING_VERBS: frozenset[str] = frozenset(
    ("said", "say", "says", "mentioned", "told", "wrote", "stated", "explained", "noted")
)
# What ends a clause: the description's clause reaches no further than these.
_CLAUSE_BREAK = re.compile(r"[.?!:;,]")
QUESTION_WORDS: frozenset[str] = frozenset(
    ("what", "who", "whom", "whose", "which", "when", "why", "how", "where")
)
# The speaker and the one spoken to: words before a description that hold one of them say who
# means or said what ("I mean the one where", "you told me that"), not what is asked.
PARTICIPANTS: frozenset[str] = frozenset(
    ("i", "i'm", "i've", "i'd", "me", "my", "we", "us", "you", "you've", "your")
)
BE_FORMS: frozenset[str] = frozenset(("is", "was", "are", "were", "'s"))
SUBJECT_PRONOUNS: frozenset[str] = frozenset(
    ("it", "he", "she", "they", "there", "this", "that", "these", "those", "i", "you", "we")
)
# Finite verbs that make a clause of the words around them.
FINITE_VERBS: frozenset[str] = frozenset(
    (
        *("is", "are", "was", "were", "has", "have", "had", "do", "does", "did"),
        *("can", "could", "will", "would", "should", "may", "might", "must"),
    )
)
DO_AND_MODALS: frozenset[str] = frozenset(
    ("do", "does", "did", "can", "could", "will", "would", "should", "may", "might", "must")
)
# Words that open a question of its own ("Who was the enemy?") or an asking clause.
QUESTION_OPENERS: frozenset[str] = frozenset(
    (
        *QUESTION_WORDS,
        *("is", "are", "was", "were", "do", "does", "did", "can", "could", "would", "will"),
        *("should", "has", "have", "had", "tell", "explain", "describe", "give", "list"),
    )
)
# The subject's slot in a verbless question: a pronoun after a preposition ("Any cures for
# it?") or a possessive before a noun ("Its population?") stands for the thing described, so
# the words around it ask all they ask, as "are there any cures for it?" would.
PREPOSITIONS: frozenset[str] = frozenset(
    ("for", "about", "of", "on", "in", "to", "with", "from", "against", "by", "at", "behind")
)
OBJECT_PRONOUNS: frozenset[str] = frozenset(
    ("it", "them", "this", "that", "these", "those", "him", "her")
)
POSSESSIVES: frozenset[str] = frozenset(("its", "their", "his", "her"))
# Prepositions of topic that head the description ("Regarding the one where ...", "as for the
# subject of which ..."): they say which subject, as the cue words after them do.
_TOPIC_PREPOSITION = re.compile(
    r"(?:\b(?:as\s+(?:for|to)|(?:with|in)\s+(?:regards?|respect)\s+to|regarding|concerning"
    r"|respecting|about|re)\b)[\s,:]*$",
    re.IGNORECASE,
)
_WORD = re.compile(r"[^\W_]+(?:['\u2019][^\W_]+)*")
# The narrower sets of a quote's splice ("Any cures for it?" after a quoted answer).
_SPLICE_OBJECT_PRONOUNS: frozenset[str] = frozenset(("it", "them", "him", "her", "this", "that"))
_SPLICE_PREPOSITIONS: frozenset[str] = frozenset(
    ("for", "about", "of", "on", "with", "to", "in", "against", "behind", "from")
)


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


def longest_shared_run(
    question: tuple[str, ...],
    answer: tuple[str, ...],
    question_breaks: frozenset[int] = frozenset(),
    answer_breaks: frozenset[int] = frozenset(),
) -> tuple[int, int]:
    """The longest run of `question` words found in `answer` in the same order, as
    (start, length) in `question`; (0, 0) when they share no word. The first longest wins.
    A run does not go on across a sentence end of the question (`question_breaks`: the
    indices of words that open a sentence) where the answer has none (`answer_breaks`): "...
    but it. Is there a cure?" quotes "... but it" and then asks, though the answer goes on
    "but it is"."""
    best = (0, 0)
    previous = [0] * (len(answer) + 1)
    for i, word in enumerate(question, start=1):
        current = [0] * (len(answer) + 1)
        for j, other in enumerate(answer, start=1):
            if word == other:
                parted = i - 1 in question_breaks and j - 1 not in answer_breaks
                current[j] = 1 if parted else previous[j - 1] + 1
                if current[j] > best[1]:
                    best = (i - current[j], current[j])
        previous = current
    return best


_SENTENCE_END = re.compile(r"[.?!]")


def sentence_openings(text: str, found: tuple[Token, ...]) -> frozenset[int]:
    """The indices of the words of `found` (tokens of `text`) with a full stop, question or
    exclamation mark between them and the word before."""
    return frozenset(
        index
        for index in range(1, len(found))
        if _SENTENCE_END.search(text, found[index - 1].end, found[index].start)
    )


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
    reach = max(0, start - CUE_REACH)
    before = found[reach:start]
    if any(token.word in CUE_WORDS for token in before):
        return True
    if any(relative_cue(found, index) for index in range(max(1, reach), start)):
        return True
    head = text[: found[start].start].rstrip()
    return bool(head) and head[-1] in _QUOTES


def relative_cue(found: tuple[Token, ...], index: int) -> bool:
    """Whether the word at `index` is a relative "which" after a preposition or a "that"
    after a verb of saying: it introduces a statement."""
    word, previous = found[index].word, found[index - 1].word
    return (word == "which" and previous in RELATIVE_AFTER) or (
        word == "that" and previous in SAYING_VERBS
    )


def _same_clause(text: str, left: Token, right: Token) -> bool:
    return _CLAUSE_BREAK.search(text, left.end, right.start) is None


def _names_something(text: str, part: tuple[Token, ...]) -> bool:
    """Whether `part` (after its first word) holds a capitalised word other than "I" or a
    digit: a name the user gives, which stays in the question."""
    return any(token.word.isdigit() for token in part) or any(
        text[token.start].isupper() and token.word not in {"i", "i'm"} for token in part[1:]
    )


def _talks_about_the_talk(text: str, lead: tuple[Token, ...]) -> bool:
    """Whether the words before a description speak of the conversation, not of its subject:
    the user or the assistant is in them ("I mean", "you said"), and they open no question and
    name nothing."""
    return (
        any(token.word in PARTICIPANTS for token in lead)
        and lead[0].word not in QUESTION_OPENERS
        and not _names_something(text, lead)
    )


def _with_topic_preposition(text: str, found: tuple[Token, ...], first: int) -> int:
    """`first`, moved back over a preposition of topic just before it ("Regarding", "as for",
    "with regard to"): it introduces the description, and alone it asks nothing."""
    matched = _TOPIC_PREPOSITION.search(text, 0, found[first].start)
    if matched is None:
        return first
    return next(i for i, token in enumerate(found) if token.start >= matched.start())


def description_clause(
    text: str, found: tuple[Token, ...], start: int, end: int
) -> tuple[int, int]:
    """The tokens (from, to) of the clause that holds the described words (tokens `start` to
    `end`): the words before them back to the clause's start ("Please understand that I mean
    the one where", "Regarding the subject of which you said that") and after them up to its
    end ("is what i meant"): the words before from the first word of the user or the
    assistant and the small words just before it, when they speak of the conversation
    (`_talks_about_the_talk`), otherwise only the cue words just before the described ones;
    the words after when a form of "be" opens them and they name nothing."""
    first = start
    while first > 0 and _same_clause(text, found[first - 1], found[first]):
        first -= 1
    lead = found[first:start]
    if lead and _talks_about_the_talk(text, lead):
        # From the first word of the user or the assistant, and the small words before it
        # ("Thinking of the topic of which you said"); words of a subject before stay ("the
        # later councils I mean the one where ...").
        speaker = first + next(i for i, token in enumerate(lead) if token.word in PARTICIPANTS)
        first = speaker
        while first > 0 and _same_clause(text, found[first - 1], found[first]):
            if found[first - 1].word not in CUE_DEBRIS | STOPWORDS:
                break
            first -= 1
    else:
        first = start
        while first > 0 and found[first - 1].word in CUE_DEBRIS:
            first -= 1
    first = _with_topic_preposition(text, found, first)
    last = end
    while last < len(found) and _same_clause(text, found[last - 1], found[last]):
        last += 1
    tail = found[end:last]
    # Right after the described words a form of "be" is the verb of their own clause ("...
    # is what i meant"), and the rest of that clause says which subject; any other word
    # starts words of the user's own ("... stores other indian industries").
    # A form of "be" before a subject pronoun asks ("... was it ever replaced").
    asks = len(tail) > 1 and tail[1].word in SUBJECT_PRONOUNS
    if not tail or tail[0].word not in BE_FORMS or asks or _names_something(text, tail):
        last = end
    return first, last


# An intent marker that closes the description's sentence after a comma ("the one where ...,
# I mean.", "..., I meant"): it says only that the described subject is meant.
_INTENT_AFTER = re.compile(r"\s*,\s*i\s+mean[t]?\b(?=\s*(?:[.?!;]|$))", re.IGNORECASE)


def rest_of_question(text: str, found: tuple[Token, ...], start: int, end: int) -> str:
    """`text` without the clause that holds the described words (tokens `start` to `end`,
    exclusive; `description_clause`); quotation marks and brackets left empty go too, and
    punctuation the cut leaves at the start."""
    first, last = description_clause(text, found, start, end)
    cut_from = found[first].start
    cut_to = found[last - 1].end
    # "..., I mean.": an intent marker set off after the description binds back to it.
    after = _INTENT_AFTER.match(text, cut_to)
    cut_to = after.end() if after is not None else cut_to
    rest = f"{text[:cut_from]} {text[cut_to:]}"
    rest = re.sub(r"[\"\u201c\u201d()]", " ", rest)
    # Punctuation the cut leaves alone: before the gap, doubled, or at the start.
    rest = re.sub(r"\s+(?=[.,:;!?])", "", " ".join(rest.split()))
    return re.sub(r"([.,:;!?])[.,:;]+", r"\1", rest).lstrip(".,:;!? ")


def find_description(
    question: str, answers: tuple[tuple[int, str], ...], min_words: int = MIN_WORDS
) -> Description | None:
    """The longest run of `question` words (at least `min_words`) that one of `answers`
    ((turn, answer) pairs) holds in order and that a cue introduces; None without one.
    Of equally long runs the latest turn's wins."""
    text = normalised(question)
    found = tokens(text)
    words = tuple(token.word for token in found)
    openings = sentence_openings(text, found)
    best: tuple[int, int, int] | None = None
    for turn, answer in answers:
        answer_text = normalised(answer)
        answer_found = tokens(answer_text)
        answer_words = tuple(token.word for token in answer_found)
        start, length = longest_shared_run(
            words, answer_words, openings, sentence_openings(answer_text, answer_found)
        )
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


def asks_a_whole_question(text: str) -> bool:
    """Whether `text` is a clause that says all it asks: it opens with a question word or an
    auxiliary, or holds a finite verb or a subject pronoun before another word ("Who was the
    enemy?", "I heard the county fines it: explain"), and does not end on a verb right after
    "do" or a modal and its subject ("How do I apply?", which leaves open what for; "when was
    it reorganized?" is whole), or ends on a pronoun after a preposition ("Any cures for
    it?": the pronoun stands for the described subject). A fragment ("The West branch.",
    "other indian industries") is no whole question; clauses of two words or fewer ("You
    know,", "Who won?") are left out."""
    # An aside of two words or fewer ("You know,", "I see.") asks nothing and is left out.
    clauses = (tokens(normalised(part)) for part in _CLAUSE_BREAK.split(text))
    words = [token.word for clause in clauses if len(clause) > 2 for token in clause]
    if not words:
        return False
    clause = (
        words[0] in QUESTION_OPENERS
        or any(word in FINITE_VERBS for word in words)
        or any(word in SUBJECT_PRONOUNS for word in words[:-1])
        or holds_the_subject_slot(words)
    )
    # "Any cures for it?": a pronoun as the object of a preposition ends the question on the
    # described subject, which the page name the query gets says.
    # "More on it?" asks to go on where the quote points, and keeps the quote.
    on_the_subject = (
        len(words) >= 3
        and words[-1] in _SPLICE_OBJECT_PRONOUNS
        and words[-2] in _SPLICE_PREPOSITIONS
        and words[-3] not in {"more", "else"}
    )
    clause = clause or on_the_subject
    open_ended = (
        len(words) >= 3
        and words[-3] in DO_AND_MODALS
        and words[-2] in SUBJECT_PRONOUNS - {"there", "that", "this"}
    )
    return clause and not open_ended


def holds_the_subject_slot(words: list[str]) -> bool:
    """Whether verbless `words` ask about a thing they leave to a pronoun: a word of their own
    (no stopword) with a pronoun after a preposition ("any cures for it", "treatments for
    them?") or a possessive before a word ("its population?", "their rivals?"). "The West
    branch." holds no such slot: it gives a thing, it does not ask about one."""
    if not any(word not in STOPWORDS for word in words):
        return False
    pairs = list(itertools.pairwise(words))
    return any(
        (first in PREPOSITIONS and second in OBJECT_PRONOUNS)
        or (first in POSSESSIVES and second not in STOPWORDS)
        for first, second in pairs
    )


# A rejection that opens the turn ("not X, ...", "no, not X. ..."): it names what the user
# does not ask about. "not really", "not sure" reject nothing.
_OPENING_REJECTION = re.compile(
    r"^\s*(?:no[,.!]?\s+)?not\s+(?!(?:really|sure|quite|exactly|yet|now|only|just)\b)"
    r"[^,.;:!?]+[,.;:!]\s*",
    re.IGNORECASE,
)


def without_opening_rejection(rest: str) -> str:
    """`rest` without a rejection that opens it ("not the telescope, other repairs" asks
    "other repairs"), unless nothing of its own would be left."""
    kept = _OPENING_REJECTION.sub("", rest, count=1)
    return kept if kept != rest and has_own_words(kept) else rest


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
        asks = has_own_words(found.rest)
        rest = without_opening_rejection(found.rest) if asks else quoted.question
        whole = asks and asks_a_whole_question(found.rest)
        name = normalise_title(page)
        message = (
            f"{state.topic!r} -> {page!r}: the question quotes turn {found.turn}'s answer "
            f"({found.described!r}); question {rest!r}"
        )
        # The described words say which subject, and they point at the passage that answered
        # before: a whole question of its own asks for something else, and they go; a turn
        # that only describes, a fragment or a question ending on its verb leaves open what
        # they say, and keeps them. The writer's words for another subject go either way.
        rewritten = f"{rest} {name}" if whole else f"{rest} {name} {found.described}"
        switched = attrs.evolve(state, topic=page, writer_query=rewritten, question=rest)
        return switched.traced(TraceEntry(self.name, SWITCH_RULE, message, turn))
