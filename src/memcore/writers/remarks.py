"""The remarks of a query, not its question (spec/writer-standalone.md#writer-standalone.remarks).

A person types into a search box what they want found, not what they say around it. The
writer's query for the final turn goes without:

- a sentence of chatter only ("Not that either.", "Sorry.", "Right.", "Done."), and the
  comma clauses of chatter only that open a sentence ("hold on, that's not the one, ...");
- a statement the next sentence takes back ("It should be X. Not that either.", "I'd like
  the one on X... wait no, Y"): a sentence that asks nothing, followed by one that is, or
  opens with, chatter with a negating or retracting word;
- a sentence of thanks that asks nothing ("thanks for the info on X!"): it closes what came
  before and says nothing of what is asked now;
- a sentence that appraises what was discussed and asks nothing ("X was fascinating, but Y
  is next", "I enjoyed reading about X.", "good to know about X."), or reacts to the
  answer's news ("huh, I didn't expect that."), in a turn that asks something elsewhere: it
  closes the old topic, praising it, and neither asks about it nor turns it down (in a turn
  that asks nothing, the statements say what is wanted);
- an interjection that opens the query ("ok,", "hmm,", "so,");
- a retraction word left at the end of the query where the turn retracts something ("when
  was Buzz Aldrin born no,"): what it took back is gone, so it ends nothing.

Nothing is taken out where it would leave no sentence with words beyond chatter.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import pairwise

from memcore.writers import cues
from memcore.writers.restated import asked_again_at

_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)*")
_SENTENCE = re.compile(r"(?<=[.!?])\s+")
_COMMA_CLAUSE = re.compile(r"(?<=[,;:])\s+")
# Words that only say a turn corrects, agrees or closes ("no", "sorry", "not that either",
# "right", "done", "thanks").
_CHATTER = (
    cues.FILLER
    | cues.REPAIR_WORDS
    | cues.NEGATING_WORDS
    | cues.POLITENESS
    | frozenset(
        [
            "hang",
            "hold",
            "on",
            "either",
            "too",
            "hm",
            "hmm",
            "ugh",
            "right",
            "done",
            "that's",
            "it's",
            "is",
            "isn't",
            "nevermind",
            "never",
            "mind",
            "scratch",
            "nope",
            "alright",
            "fine",
            "good",
            "great",
            "cool",
            "perfect",
            "got",
        ]
    )
)
# Interjections that open a query and say nothing of what is asked.
_OPENERS = frozenset(["ok", "okay", "hmm", "hm", "um", "uh", "oh", "so", "well", "alright"])
_THANKS = frozenset(["thanks", "thank", "thx", "cheers"])


def _words(text: str) -> list[str]:
    return [word.casefold() for word in _WORD.findall(text)]


def _chatter_only(text: str) -> bool:
    words = _words(text)
    return bool(words) and all(word in _CHATTER for word in words)


def _asks(text: str) -> bool:
    words = _words(text)
    return "?" in text or (bool(words) and words[0] in cues.ASKING_WORDS)


# Words that may lead into a sentence of thanks ("oh, and thanks for the bit on X!").
_THANKS_LEAD = frozenset(["oh", "and", "also", "so", "btw", "ps", "plus", "again", "ok", "okay"])


def _thanks(text: str) -> bool:
    """Whether a sentence thanks and asks nothing ("thanks for the info on X!", "oh, and
    thanks for the bit on X!")."""
    words = _words(text)
    while words and words[0] in _THANKS_LEAD:
        words = words[1:]
    return bool(words) and words[0] in _THANKS and not _asks(text)


# The words of a thanks that closes a sentence ("..., thanks!", "..., thank you so much").
_THANKS_CLAUSE = _THANKS | frozenset(["you", "a", "lot", "so", "much", "very", "again", "heaps"])


def _closed_by_thanks(text: str) -> bool:
    """Whether a sentence is a statement that ends in a comma clause of thanks and asks
    nothing ("X is on my list now, thanks!", "noted X, cheers."): the thanks closes what came
    before it. A statement that wants something ("I need X's population, thanks") or turns
    something down ("not X, thanks") is not one: it says what is asked."""
    clauses = _COMMA_CLAUSE.split(text.strip())
    if len(clauses) < 2:
        return False
    closing = _words(clauses[-1])
    said = " ".join(clauses[:-1])
    words = _words(said)
    return (
        bool(closing)
        and bool(words)
        and closing[0] in _THANKS
        and all(word in _THANKS_CLAUSE for word in closing)
        and not _asks(said)
        and words[0] not in cues.REQUEST_VERBS
        and _WANTS.search(said) is None
        and not set(words) & cues.NEGATING_WORDS
    )


# A statement that says what its speaker wants ("I need ...", "I'd like ...", "we want ...").
_WANTS = re.compile(
    r"\b(?:i|we)(?:'d|\s+would|\s+need|\s+want|\s+wish|\s+am\s+looking|'m\s+looking)\b",
    re.IGNORECASE,
)


# Words that appraise what was said or read ("interesting", "I loved learning about ...",
# "good to know"): the speaker looks back, not forward.
_APPRAISING = frozenset(
    [
        "interesting",
        "fascinating",
        "helpful",
        "useful",
        "informative",
        "insightful",
        "enlightening",
        "loved",
        "enjoyed",
        "liked",
        "amazing",
        "wonderful",
        "neat",
    ]
)
_GOOD_TO_KNOW = re.compile(
    r"\b(?:good|nice|great|interesting)\s+to\s+(?:know|hear|learn)\b"
    r"|\bsounds?\s+(?:great|good|lovely|fun|fascinating|interesting)\b",
    re.IGNORECASE,
)


# A name praised by a copula ("X was a great read", "X is so good").
_PRAISED = re.compile(
    r"\b(?:was|were|is|'s)\s+(?:a\s+|an\s+)?(?:really\s+|very\s+|so\s+)?"
    r"(?:great|good|nice|lovely|fun|brilliant|excellent|superb)\b",
    re.IGNORECASE,
)


# The answer said to have served ("that answers my X question", "that covers everything I
# wanted about X", "that's all I needed on X"; `cues.ANSWER_SERVED`): content, looking back.
_SERVED = re.compile(
    r"^\W*(?:(?:perfect|great|ok(?:ay)?|cool|nice|thanks|right|lovely)\W+)*(?:that|this)"
    r"(?:'s|\s+is|\s+was)?" + cues.ANSWER_SERVED.pattern,
    re.IGNORECASE,
)


# "Thanks, I've learned plenty about X.": the speaker has what they needed (`cues.SPEAKER_SERVED`
# before the name), and the sentence says nothing more.
_SPEAKER_SERVED = re.compile(
    r"^\W*(?:(?:thanks|thank\s+you|ok(?:ay)?|great|cool|perfect|right)\W+)*"
    r"(?:i|we)(?:'ve|\s+have)?\s+(?:now\s+|already\s+)?(?:learned|learnt|heard|read|got|gotten|had"
    r"|know)\s+(?:plenty|enough|a\s+lot|all\s+(?:i|we)\s+need(?:ed)?|(?:what|everything)\s+(?:i|we)"
    r"\s+need(?:ed)?)\s+(?:about|on|of|regarding|re)\b[^,;:?!]*(?:\s+now)?\W*$",
    re.IGNORECASE,
)


def _appraises(text: str) -> bool:
    """Whether a sentence appraises what came before and asks nothing ("X was fascinating",
    "good to know about X"): no question, no negation (a turn that finds X not useful turns
    it down), and a word of appraisal."""
    words = set(_words(text))
    if _asks(text) or words & cues.NEGATING_WORDS:
        return False
    return (
        bool(words & _APPRAISING)
        or _GOOD_TO_KNOW.search(text) is not None
        or _PRAISED.search(text) is not None
        or _SERVED.search(text) is not None
        or _SPEAKER_SERVED.search(text) is not None
    )


# Words that may stand around a reaction to the answer's news ("huh, I didn't expect that",
# "wow, we never knew that!").
_REACTING = frozenset(["i", "we", "wow", "huh", "whoa", "woah", "oh", "ah", "really", "well"])


def _reacts(text: str) -> bool:
    """Whether a sentence is a reaction to the answer's news and nothing more ("huh, I didn't
    expect that.", `cues.NEWS_REACTION`): it takes nothing back and asks nothing."""
    if _asks(text) or cues.NEWS_REACTION.search(text) is None:
        return False
    return all(word in _CHATTER | _REACTING for word in _words(cues.NEWS_REACTION.sub(" ", text)))


def _retracts(text: str) -> bool:
    """Whether a sentence takes back what came before it: a chatter sentence, or the chatter
    that opens a sentence ("Not that either.", "wait no, Y ..."), with a negating or
    retracting word."""
    chatter = text if _chatter_only(text) else _opening_chatter(text)
    return bool(set(_words(chatter)) & cues.NEGATING_WORDS) or (
        bool(chatter) and cues.RETRACTION.search(chatter) is not None
    )


def _retracted_statements(sentences: list[str]) -> set[int]:
    """The indices of the sentences that ask nothing and that the next sentence takes back."""
    return {
        index
        for index, (sentence, following) in enumerate(pairwise(sentences))
        if not _asks(sentence) and _retracts(following)
    }


def _remark_sentences(sentences: list[str]) -> set[int]:
    """The indices of the sentences that are remarks (see the module docstring)."""
    # A turn that asks nothing says what it wants in its statements: an appraisal there
    # ("I liked the area around the Spanish Steps.") is what it means, not a remark.
    asking = any(_asks(sentence) for sentence in sentences)
    # A statement closed by thanks goes only where the rest names what it asks about: in
    # "X is on my list now, thanks! who invented it?" the "it" is X.
    leaning = any(
        _leans_back(sentence) for sentence in sentences if not _closed_by_thanks(sentence)
    )
    said = {
        index
        for index, sentence in enumerate(sentences)
        if _chatter_only(sentence)
        or _thanks(_without_chatter_clauses(sentence))
        or (asking and (_appraises(sentence) or _reacts(sentence)))
        or (asking and not leaning and _closed_by_thanks(sentence))
    }
    return said | _retracted_statements(sentences)


def _without_chatter_clauses(sentence: str) -> str:
    """`sentence` without the comma clauses of chatter that open it ("hold on, that's not the
    one, who ..."); a clause further on may carry the sentence's end ("is it safe, or not?")."""
    clauses = _COMMA_CLAUSE.split(sentence)
    opening = 0
    while opening < len(clauses) - 1 and _chatter_only(clauses[opening]):
        opening += 1
    return " ".join(clauses[opening:])


def _without_opener(text: str) -> str:
    opened = re.match(r"\s*([^\W\d_]+)\s*,\s*", text)
    if opened is None or opened.group(1).casefold() not in _OPENERS:
        return text
    rest = text[opened.end() :]
    return rest if _words(rest) else text


def _plain(text: str) -> str:
    # A query may end in terms a writer added after a closing word ("... thanks in advance
    # Cusco"): only the turn as typed has a signature (`_without_signature`).
    return " ".join(cues.normalise_words(text).split())


def _opening_chatter(sentence: str) -> str:
    """The opening of `sentence` that is chatter: comma clauses of chatter and an
    interjection ("hold on, that's not the one, ", "ok, "); empty where there is none."""
    rest = _without_opener(_without_chatter_clauses(sentence))
    return sentence[: len(sentence) - len(rest)] if sentence.endswith(rest) else ""


def remarks_of(text: str) -> tuple[str, ...]:
    """The remarks of `text` (see the module docstring), in order, as they stand in it once
    its spacing is collapsed; none where nothing of substance would be left."""
    sentences = [sentence for sentence in _SENTENCE.split(_plain(text)) if sentence.strip()]
    remarks = _remark_sentences(sentences)
    kept = [sentence for index, sentence in enumerate(sentences) if index not in remarks]
    if not kept or all(_chatter_only(sentence) for sentence in kept):
        return ()
    pieces = [
        sentence if index in remarks else _opening_chatter(sentence)
        for index, sentence in enumerate(sentences)
    ]
    return tuple(piece for piece in pieces if piece)


def closing_remarks(text: str) -> tuple[str, ...]:
    """The remarks of `text` that close what came before, thanks or praise ("thanks for the
    info on X!", "X was fascinating, but ..."), as they stand in it once its spacing is
    collapsed; none where nothing of substance would be left."""
    return tuple(
        piece
        for piece in remarks_of(text)
        if _thanks(_without_chatter_clauses(piece)) or _appraises(piece) or _closed_by_thanks(piece)
    )


def _without_signature(query: str, typed: str) -> str:
    """`query` without the signature that closes `typed` (`cues.SIGNATURE`), where it stands
    in it; `query` itself where it holds none or nothing else."""
    found = cues.SIGNATURE.search(typed)
    if found is None:
        return query
    plain = " ".join(query.split())
    piece = " ".join(found.group().split())
    at = plain.rfind(piece)
    if at < 0:
        # A query written from the turn as read (`cues.normalise_turn`) holds the closing
        # word alone, at its end.
        piece = " ".join(found.group("closing").split()).rstrip(" ,-\u2013\u2014")
        at = plain.rstrip(" ,.!-").rfind(piece) if piece else -1
        if at < 0 or _words(plain[at + len(piece) :]):
            return query
    rest = " ".join(f"{plain[:at]} {plain[at + len(piece) :]}".split()).rstrip(" ,-")
    return rest if _words(rest) else query


def without_remarks(query: str, typed: str | None = None) -> str:
    """`query` without the remarks of `typed`, the turn as the user typed it (by default
    `query` itself), where they stand in it: terms a writer added after the turn's words
    stay, even where a remark ends the turn ("... thanks in advance Cusco" keeps Cusco).
    `query` itself where nothing of substance would be left. A signature that closes the turn
    ("Thanks, Sam", "Best,\nJo", "-- Jo"; `cues.SIGNATURE`) goes whole, and so does the mark
    that opens a postscript ("P.S.", "PS:"; `cues.without_postscript_mark`)."""
    query = _without_signature(query, query if typed is None else typed)
    unmarked = cues.without_postscript_mark(query)
    query = unmarked if _words(unmarked) else query
    text = _plain(query)
    at = 0
    for piece in remarks_of(cues.without_postscript_mark(query if typed is None else typed)):
        found = text.find(piece, at)
        if found >= 0:
            text = text[:found] + " " + text[found + len(piece) :]
            at = found
    tidied = " ".join(text.split())
    if not tidied or _chatter_only(tidied) or tidied == _plain(query):
        return query
    return tidied


# What a repair can leave at the head of a query: the mark that closed a name taken out
# ('"X"? nah. ...' leaves "? ..."), or the thanks of a "no thanks." whose "no" went.
_LEADING_DEBRIS = re.compile(
    r"^(?:[\s?!.,;:\-\u2013\u2014>]+"
    r"|(?:thanks|thank\s+you|cheers)(?:\s+(?:anyway|though))?\s*[.!,]+\s+)+",
    re.IGNORECASE,
)


def without_leading_debris(query: str) -> str:
    """`query` without the marks and thanks a repair left at its head (`_LEADING_DEBRIS`);
    `query` itself where nothing of substance would be left."""
    kept = _LEADING_DEBRIS.sub("", query)
    return kept if _words(kept) else query


# The words that take back what came before; at the end of a query they take back nothing.
_TRAILING_RETRACTION = re.compile(
    r"(?:[\s,;:.!?-]+(?:no+|nope|sorry|oops|hmm+|um+|er))+[\s,;:.!-]*$", re.I
)


def without_trailing_retraction(query: str, typed: str) -> str:
    """`query` without a clause mark it ends in, and without the retraction words it ends
    in where the turn as typed (`typed`) retracts something, unless nothing would be left."""
    # A clause mark at the very end ends nothing ("when was he born? Neil,").
    query = query.rstrip(" ,;:")
    if cues.RETRACTION.search(typed) is None:
        return query
    trimmed = _TRAILING_RETRACTION.sub("", f" {query}").strip()
    return trimmed if _words(trimmed) else query


# A verb that reports a mention rather than asking about it: someone said, compared,
# mentioned, recommended or brought up a name, or a name came up or was seen somewhere. The
# names in such a clause are what the user heard of, the context of the question.
_REPORTING = re.compile(
    r"\b(?:said|says|say|told|tells|mentioned|mentions|mentioning|compared|compares|comparing"
    r"|recommended|recommends|suggested|suggests|brought\s+up|brings\s+up|bringing\s+up"
    r"|came\s+up|comes\s+up|coming\s+up|cropped\s+up|popped\s+up|talked\s+about|talks\s+about"
    r"|talking\s+about|wrote\s+about|writes\s+about|referred\s+to|refers\s+to|likened)\b",
    re.IGNORECASE,
)
# Where a report ends and its question begins inside one sentence: a spaced dash, a colon or
# semicolon, or a comma before a linking word ("..., so where was X born?").
_REPORT_BREAK = re.compile(
    r"\s[-\u2013\u2014]+\s|[:;]\s+|,\s+(?=(?:so|and|but|then|now)\b)", re.IGNORECASE
)
_LINKING = re.compile(r"^(?:so|and|but|then|now)\s+", re.IGNORECASE)


def _opens_question(text: str) -> bool:
    words = _words(_LINKING.sub("", text))
    # A contracted asking word opens a question as well ("what's", "who's", "how'd").
    opening = words[0].replace("\u2019", "'").split("'")[0] if words else ""
    return len(words) > 2 and opening in cues.ASKING_WORDS and text.rstrip().endswith("?")


def _reports(text: str) -> bool:
    """Whether a statement reports a mention ("someone compared X to Y the other day", "the
    article on X mentioned Y", "Y came up while I was reading about X"): a reporting verb, no
    question and no negating word (a turn that says "X was not mentioned" turns X down)."""
    return (
        "?" not in text
        and _REPORTING.search(text) is not None
        and not set(_words(text)) & cues.NEGATING_WORDS
    )


def reported_context(text: str) -> tuple[str, str] | None:
    """The report that opens `text` and the question that follows it, as they stand in it
    once its spacing is collapsed (spec/writer-standalone.md#writer-standalone.reports): the
    statements before the sentence that asks, or the part of the asking sentence before a
    break where a question opens. None where `text` opens with no report or asks nothing
    after it."""
    quoted = _quoted(text)
    if quoted is not None:
        return quoted
    return opening_context(text, _reports)


def opening_context(text: str, opens: Callable[[str], bool]) -> tuple[str, str] | None:
    """The statement that opens `text` and the question that follows it, as they stand in it
    once its spacing is collapsed, where `opens` accepts that statement: the sentences before
    the sentence that asks, or the part of the asking sentence before a break where a
    question opens. None where `text` opens with no such statement or asks nothing after it."""
    plain = _plain(text)
    sentences = [sentence for sentence in _SENTENCE.split(plain) if sentence.strip()]
    asking = next((i for i, sentence in enumerate(sentences) if _asks(sentence)), None)
    if asking is None:
        return None
    if asking > 0:
        report = " ".join(sentences[:asking])
        if opens(report):
            return report, _LINKING.sub("", " ".join(sentences[asking:]))
        return None
    for found in _REPORT_BREAK.finditer(sentences[0]):
        report, rest = sentences[0][: found.start()], sentences[0][found.end() :]
        if opens(report) and _opens_question(rest):
            return report, _LINKING.sub("", " ".join([rest, *sentences[1:]]))
    return None


def closing_context(text: str, closes: Callable[[str], bool]) -> tuple[str, str] | None:
    """The question that opens `text` and the statement that follows it, as they stand in it
    once its spacing is collapsed, where `closes` accepts that statement: the sentences after
    the last sentence that asks ("who directed X? I watched it after reading about Y"). None
    where `text` asks nothing or ends with a sentence that asks."""
    plain = _plain(text)
    sentences = [sentence for sentence in _SENTENCE.split(plain) if sentence.strip()]
    asking = [i for i, sentence in enumerate(sentences) if _asks(sentence)]
    if not asking or asking[-1] == len(sentences) - 1:
        return None
    statement = " ".join(sentences[asking[-1] + 1 :])
    if not closes(statement):
        return None
    return " ".join(sentences[: asking[-1] + 1]), statement


# A quotation that opens the turn: lines marked with ">" in the mail and chat convention, or
# a span in quotation marks before the rest ('"X is ..." - thanks. what about Y?').
_QUOTE_LINE = re.compile(r"^\s*>+")
_QUOTED_SPAN = re.compile(r'^\s*"[^"]+"\s*[-\u2013\u2014:,]*\s*')


def _quoted(text: str) -> tuple[str, str] | None:
    """The quotation that opens `text` and what the user says after it: quoted words are
    someone else's, reported, not asked. None where `text` opens with no quotation or asks
    nothing after it."""
    straight = cues.normalise_turn(text)
    lines = straight.splitlines()
    marked = 0
    while marked < len(lines) and _QUOTE_LINE.match(lines[marked]):
        marked += 1
    if marked:
        report = " ".join(_QUOTE_LINE.sub("", line) for line in lines[:marked])
        rest = " ".join(lines[marked:])
    else:
        span = _QUOTED_SPAN.match(straight)
        if span is None:
            return None
        report, rest = span.group(), straight[span.end() :]
    if not any(_asks(sentence) for sentence in _SENTENCE.split(_plain(rest))):
        return None
    return _plain(report), _plain(rest)


# Sounds of hesitation ("um", "uhh", "erm", "hmm"): never a word a searcher types. A bare "er"
# is left: it is also an abbreviation ("ER").
# "er", "err" and "erm" in lower case only: "ER" is a name.
_HESITATION = re.compile(
    r"(?<![\w'])(?:u+m+|u+h+|(?-i:[Ee]e*r+m*)|h+m+|u+h+m+)(?![\w'])", re.IGNORECASE
)
# A repair marker that opens a sentence or clause of the query: a retraction ("oops", "sorry",
# "wait", "no", "I mean", "actually") or "I meant", with the marks after it.
_OPENING_MARKER = re.compile(
    rf"\s*(?:{cues.RETRACTION.pattern}|\bi\s+meant\b|{_HESITATION.pattern})[\s,.:;!\-\u2013\u2014\u2026]*",
    re.IGNORECASE,
)
# "In 2013, I mean.": an intent marker that closes its clause binds back to what it follows,
# which stays; the marker says only that it replaces something.
_CLOSING_INTENT = re.compile(
    r"\s*,?\s*\bi\s+mean(?:t)?\b(?=\s*(?:[.!?;\u2026]|\s[-\u2013\u2014]|$))", re.IGNORECASE
)
# A hesitation with the commas or dots that set it off ("who, uh, directed it?").
_SET_OFF_HESITATION = re.compile(
    rf"\s*,?\s*(?:{_HESITATION.pattern})\s*(?:,|\.\.\.|\u2026)?", re.IGNORECASE
)
# Marks a removed word leaves with nothing to separate ("In 2013, .", "what , is").
_SPACE_BEFORE_MARK = re.compile(r"\s+([,;:.!?])")
_MARK_BEFORE_END = re.compile(r"[,;:]+\s*([.!?])")
# Of a run of clause marks ("Moonlight,;"), the last one separates.
_MARK_RUN = re.compile(r"[,;:]+(?=[,;:])")
_LEADING_MARKS = re.compile(r"^[\s,;:.!?\-\u2013\u2014\u2026]+")


def _without_opening_markers(sentence: str) -> str:
    """`sentence` without the repair markers and hesitations it opens with ("oops, I mean
    what is X?" -> "what is X?"); `sentence` itself where no word would be left."""
    rest = sentence
    while (found := _OPENING_MARKER.match(rest)) is not None and found.end() > 0:
        rest = rest[found.end() :]
    return rest if _words(rest) else sentence


def _asks_anew(sentence: str) -> bool:
    """Whether a sentence, once its opening markers are gone, opens a question of its own
    with a question word ("what is X known for?")."""
    words = _words(_without_opening_markers(sentence))
    return bool(words) and words[0] in cues.QUESTION_WORDS and "?" in sentence


def _only_markers(text: str) -> bool:
    """Whether `text` holds a repair marker and no other word ("oops, I mean", "um... no,",
    "Scratch that.")."""
    rest = _LEADING_MARKS.sub("", text)
    while (found := _OPENING_MARKER.match(rest)) is not None and found.end() > 0:
        rest = _LEADING_MARKS.sub("", rest[found.end() :])
    return not _words(rest) and _words(text) != []


def _leans_back(sentence: str) -> bool:
    """Whether a sentence says "it", "he", "they"...: the question before it names what the
    pronoun stands for ("did X win any prizes? sorry, I meant when did it come out?")."""
    pronouns = cues.PERSON_PRONOUNS | cues.THING_PRONOUNS | cues.PLURAL_PRONOUNS
    return bool(set(_words(sentence)) & pronouns)


def _asked_again_at(text: str) -> int:
    """Where the question asked after the last retraction starts in `text`: a sentence that
    opens a question of its own with a question word and no pronoun that leans on what came
    before, after an earlier question and nothing between them but repair markers; 0 where
    there is none."""
    at = 0
    offset = 0
    for sentence in _SENTENCE.split(text):
        start = text.find(sentence, offset)
        offset = start + len(sentence)
        stripped = _without_opening_markers(sentence)
        question = start + len(sentence) - len(stripped)
        asked_before = text.rfind("?", 0, start)
        if asked_before < 0 or not _asks_anew(sentence) or _leans_back(stripped):
            continue
        if _only_markers(text[asked_before + 1 : question]):
            at = question
    return at


def _tidy(text: str) -> str:
    text = _SPACE_BEFORE_MARK.sub(r"\1", " ".join(text.split()))
    text = _MARK_RUN.sub("", _MARK_BEFORE_END.sub(r"\1", text))
    return _LEADING_MARKS.sub("", text)


def repaired_query(query: str, typed: str) -> str:
    """`query` as a repaired turn is searched (spec/writer-cues-self-repair.md#writer-cues-
    self-repair.clean-query), where the turn as typed (`typed`) repairs itself: a question
    the turn retracts and asks again ("what is X known for? oops, I mean what is Y known
    for?") leaves with everything before the last retraction that opens a question of its
    own; a repair marker or hesitation that opens a sentence goes ("I mean what is Y..."); an
    intent marker that closes a clause goes, what it follows stays ("In 2013, I mean." ->
    "In 2013."); hesitation sounds go anywhere; and the marks a removed word leaves
    behind go with it. `query` itself where the turn repairs nothing or no word would be
    left."""
    plain = cues.normalise_turn(typed)
    again = asked_again_at(plain)
    if (
        not (cues.RETRACTION.search(plain) or re.search(r"\bi\s+meant\b", plain, re.IGNORECASE))
        and not _HESITATION.search(plain)
        and again is None
    ):
        return query
    text = " ".join(query.split())
    restarted = asked_again_at(text, words_between=False) if again is not None else None
    text = text[restarted if restarted is not None else _asked_again_at(text) :]
    kept = [_without_opening_markers(sentence) for sentence in _SENTENCE.split(text)]
    text = _CLOSING_INTENT.sub("", " ".join(kept))
    text = _SET_OFF_HESITATION.sub(" ", text)
    tidied = _tidy(text)
    return tidied if _words(tidied) else query
