"""Text helpers of the rule writer: content words, facts, kinds, and queries with names in."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from memcore.search.tokenize import tokenize
from memcore.writers import cues

_TOKEN = re.compile(r"[^\W_]+(?:'[^\W_]+)?", re.UNICODE)
FACT_CHARS = 200
FACTS_PER_TURN = 2
FACT_MIN_WORDS = 3
QUERY_CHARS = 600
FALLBACK_TOPIC_WORDS = 4
FALLBACK_TOPIC = "untitled"
FALLBACK_SCAN_CHARS = 1_000
NAME_CHARS = 80


def words_of(text: str) -> tuple[str, ...]:
    """The lower-case words of `text` (apostrophes inside words kept)."""
    return tuple(match.group(0).casefold() for match in _TOKEN.finditer(cues.normalise_turn(text)))


def any_match(patterns: Iterable[re.Pattern[str]], text: str) -> bool:
    """Whether any of `patterns` occurs in `text`."""
    return any(pattern.search(text) for pattern in patterns)


def cut(text: str, limit: int) -> str:
    """`text` cut to at most `limit` characters at a word boundary."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    head = text[:limit].rsplit(" ", 1)[0]
    return head if head else text[:limit]


def content_words(text: str, spans: Sequence[tuple[int, int]] = ()) -> tuple[str, ...]:
    """The words of `text` outside `spans` that are neither cues nor filler."""
    kept = []
    last = 0
    pieces = []
    for start, end in sorted(spans):
        pieces.append(text[last:start])
        last = max(last, end)
    pieces.append(text[last:])
    for piece in pieces:
        for word in words_of(piece):
            if word in cues.FILLER or word in cues.PERSON_PRONOUNS or word in cues.THING_PRONOUNS:
                continue
            kept.append(word)
    return tuple(kept)


def facts_from_answer(answer: str) -> tuple[str, ...]:
    """Short statements from an answer: its first sentences, each cut to 200 characters."""
    text = " ".join(cues.normalise_turn(answer).split())
    if not text:
        return ()
    sentences = [sentence.strip() for sentence in cues.SENTENCE_END.split(text)]
    facts = [
        cut(sentence, FACT_CHARS)
        for sentence in sentences
        if len(sentence.split()) >= FACT_MIN_WORDS
    ]
    return tuple(dict.fromkeys(fact for fact in facts[:FACTS_PER_TURN] if fact))


def kind_from_answer(name: str, answer: str) -> str:
    """The kind an answer gives `name`: the kind noun after "<name> was/is a|an|the ...", or
    "person" when the sentence that names it reads like one about a person."""
    text = " ".join(cues.normalise_turn(answer).split())
    if not text or not name:
        return ""
    pattern = re.compile(
        re.escape(name)
        + r"(?:\s*\([^)]*\))?\s*,?\s+(?:was|is|were|are)\s+(?:an?|the|one\s+of\s+the)\s+"
        r"(?P<words>[\w'-]+(?:\s+[\w'-]+){0,5})",
        re.IGNORECASE,
    )
    for match in pattern.finditer(text):
        for word in match.group("words").split():
            kind = cues.KIND_NOUNS.get(word.casefold())
            if kind:
                return kind
    for sentence in cues.SENTENCE_END.split(text):
        if sentence.casefold().startswith(name.casefold()) and any_match(
            cues.PERSON_SENTENCE, sentence
        ):
            return "person"
    return ""


def fallback_topic(question: str) -> str:
    """A topic for a turn that names nothing: its first content terms, or "untitled". The
    function phrases of politeness ("could you help me please", "I'd like to know") and
    greetings ("hi!") are left out first: "help" is no topic."""
    plain = cues.FILLER_PHRASES.sub(" ", question[:FALLBACK_SCAN_CHARS])
    terms = [
        term
        for term in tokenize(plain)
        if term not in cues.FILLER
        and term not in cues.REQUEST_VERBS
        and term not in cues.GREETING_WORDS
    ]
    return cut(" ".join(terms[:FALLBACK_TOPIC_WORDS]), NAME_CHARS) or FALLBACK_TOPIC


def is_word_topic(name: str) -> bool:
    """Whether a topic is only the words of a question that named nothing ("cite website
    school report", `fallback_topic`): no capital and no digit, so no name that a pronoun or
    a description ("the film") usually stands for."""
    return not any(ch.isupper() or ch.isdigit() for ch in name)


def printable(text: str) -> str:
    """`text` with control characters turned into spaces and whitespace runs collapsed."""
    return " ".join("".join(" " if ch < " " or ch == "\x7f" else ch for ch in text).split())


def _possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def _in_name(word: str) -> bool:
    """Whether `word` may be part of a name: capitalised, not ending a sentence or clause."""
    return word[:1].isupper() and not word.endswith((".", "?", "!", ",", '"'))


def replace_name(text: str, old: str, new: str) -> str:
    """`text` with each standalone `old` (case ignored) replaced by `new`.

    An occurrence inside a longer name is left alone: "America" in "United States of America"
    or "Apollo 11" in "Apollo 11 (film)".
    """
    # A possessive "'s" may follow ("Aldrin's" becomes "Neil Armstrong's").
    pattern = re.compile(r"(?<![\w'])" + re.escape(old) + r"(?![\w])(?!'(?!s\b))", re.IGNORECASE)

    def swap(match: re.Match[str]) -> str:
        earlier = text[: match.start()].split()
        before = earlier[-1] if earlier else ""
        # "of" joins a longer name only after a capitalised word ("States of America"); after
        # a plain word the name is the question's own ("units of Vespa"). An article or a
        # particle still marks a longer name or a common word ("the sun", "van Gogh").
        joined = before.casefold() != "of" or (len(earlier) > 1 and _in_name(earlier[-2]))
        # "how much did the Walkman cost?": after a bare article, the name typed with its own
        # capitals is the name itself; "the" joins a longer name only after a word of one,
        # connectors between ("Alexander the Great", "Pirates of the Caribbean"), and "the
        # sun" in lower case is a common word.
        if before.casefold() == "the" and match.group(0) == old and old != old.casefold():
            lead = earlier[:-1]
            while lead and lead[-1].casefold() in cues.NAME_CONNECTORS:
                lead = lead[:-1]
            joined = bool(lead) and _in_name(lead[-1])
        after = text[match.end() :].lstrip()
        inside = (
            (before.casefold() in cues.NAME_CONNECTORS and joined)
            or _in_name(before)
            or after[:1] == "("
            or (after[:1].isupper() and text[match.end() : match.end() + 1] == " ")
        )
        return match.group(0) if inside else new

    return pattern.sub(swap, text)


def with_name(
    question: str,
    name: str,
    pronouns: frozenset[str],
    replace_names: Iterable[str] = (),
    spans: Sequence[tuple[int, int]] = (),
    append: bool = True,
) -> str:
    """`question` with references replaced by `name`, cut to the query cap.

    Replaced, in order: the character `spans` (descriptions and positions), names in
    `replace_names` (a rejected topic), then the `pronouns` of the right type; a possessive
    pronoun becomes "<name>'s". If `name` is still absent it is added in brackets at the end,
    unless `append` is off.
    """
    text = cues.normalise_turn(question)
    for start, end in sorted(spans, reverse=True):
        text = text[:start] + name + text[end:]
    for old in replace_names:
        if old and old != name:
            text = replace_name(text, old, name)

    # "does it snow there?": a dummy "it" stands for no topic, so no name takes its place.
    dummy = {found.start() for found in cues.DUMMY_IT.finditer(text)}

    def replace(match: re.Match[str]) -> str:
        word = match.group(0)
        folded = word.casefold()
        # "IT management" is an acronym, not the pronoun.
        if folded not in pronouns or (word.isupper() and len(word) > 1) or match.start() in dummy:
            return word
        following = text[match.end() : match.end() + 2]
        possessive = folded in ("his", "its", "their") or (
            folded == "her" and following[:1] == " " and following[1:2].isalpha()
        )
        return _possessive(name) if possessive else name

    if pronouns:
        text = re.sub(r"\b[A-Za-z]+\b", replace, text)
    text = " ".join(text.split())
    if name.casefold() not in text.casefold() and (append or not text):
        text = f"{text} ({name})" if text else name
    return cut(text, QUERY_CHARS)


def asks_itself(rest: str) -> bool:
    """Whether the words after an elliptic "and" make a question of their own: they, or a
    clause of them after a label ("and number three: who wrote the music for Amelie?"), open
    with a question word or an auxiliary and go on for more than a name ("and who won it in
    2008?"; not "and Gemini 8?", "and what about Rome?")."""
    return any(_opens_a_question(clause) for clause in _LABEL_BREAK.split(rest))


# Where a label ends and what it labels begins: a colon or semicolon, or a spaced dash.
_LABEL_BREAK = re.compile(r"[:;]\s+|\s[-\u2013\u2014]+\s")


def _opens_a_question(words_after: str) -> bool:
    words = words_after.split()
    return (
        len(words) > 2
        and words[0].casefold() in cues.ASKING_WORDS
        and not re.match(r"(?:what|how)\s+about\b", words_after, re.IGNORECASE)
    )
