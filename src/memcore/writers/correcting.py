"""The node of a turn whose name roles settle a correction (spec/writer-cues-roles.md).

Where a turn takes a name back (a negation bound to it, a retraction after it, "that's X"
beside a name it means) or states in the past what it meant ("my question was about X"), and
its words leave one name meant (`name_roles.read_turn`), that name is the topic whatever
phrasing the turn used: the current topic and every memory topic taken back are abandoned.
At the final turn the query is what a person would type: the question asked after the last
retraction, or else the question the turn corrects, with the meant name in place of the one
taken back; no correction chatter, no name taken back.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import attrs

from memcore.node import Node
from memcore.operations import Operation, OpKind, abandon
from memcore.replay import Status
from memcore.search.tokenize import STOPWORDS
from memcore.writers import cues
from memcore.writers.clauses import clause_spans
from memcore.writers.name_roles import (
    LEFT_ASIDE,
    Reading,
    Role,
    declared_subject,
    read_turn,
    refusing_request,
    starred_correction,
)
from memcore.writers.protocol import WriterRequest
from memcore.writers.rules.names import Mention
from memcore.writers.rules.text import QUERY_CHARS, cut, replace_name, with_name
from memcore.writers.stance_marks import SYMBOL_MODIFIERS, SYMBOLS

_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)*")
# A stance symbol ends a clause as punctuation does ("X 👎 who directed Y?"; `stance_marks`).
_CLAUSE = re.compile(
    rf"(?<=[,;:.!?\u2026])\s+|\s+[-\u2013\u2014]+\s+|\s*[{SYMBOLS}][{SYMBOL_MODIFIERS}]*\s*"
)
# Words that only say a turn corrects ("no", "sorry", "hang on", "I meant", "either").
CHATTER: frozenset[str] = (
    cues.FILLER
    | cues.REPAIR_WORDS
    | cues.NEGATING_WORDS
    | cues.INTENT_WORDS
    | cues.MEANING_WORDS
    | cues.FIRST_PERSON
    | frozenset(
        [
            "hang",
            "on",
            "either",
            "too",
            "ugh",
            "hm",
            "hmm",
            "you",
            "your",
            "that's",
            "it's",
            "what",
            "wanted",
            "need",
            "needed",
            "answer",
            "reply",
            "one",
            "is",
            "are",
            "were",
            "day",
            "long",
            "confusion",
            "clear",
            "if",
            "for",
        ]
    )
)
# Pronouns of the corrected question that stand for the name taken back ("who directed
# it?"); a bare "it" is too often part of an idiom ("if it's not too much trouble").
_PRONOUNS = cues.PERSON_PRONOUNS | cues.PLURAL_PRONOUNS | frozenset({"its"})


def _revising(node: Node) -> bool:
    return bool(node.contradicts) or any(op.kind is OpKind.ABANDON for op in node.operations)


def arriving(name: str, request: WriterRequest) -> Operation:
    """The operation that makes `name` the topic: Refine if it is current, Reactivate if it
    is earlier or dropped, else Add."""
    view = request.state.get(name)
    status = view.status if view is not None else None
    if status is Status.CURRENT:
        return Operation(OpKind.REFINE, name)
    if status in (Status.EARLIER, Status.DROPPED):
        return Operation(OpKind.REACTIVATE, name)
    return Operation(OpKind.ADD, name)


_WH_WORDS = cues.QUESTION_WORDS


# Names joined and nothing else ("X and Y?", "X, Y or Z?"), the names replaced by "x".
_NAMES_JOINED = re.compile(r"\W*x(?:\s*(?:,|,?\s*(?:and|or|&))\s*x)+\W*", re.IGNORECASE)


def _asks(text: str, names: Sequence[str]) -> bool:
    """Whether `text`, its names left out, asks something of its own. A question to the
    assistant about its answer ("why are you telling me about X?") asks nothing of a search."""
    if cues.WHY_THE_ANSWER.match(text):
        return False
    # "Y is what I was asking about", "it's Y I'm after": a statement of intent asks nothing
    # of its own (spec/writer-cues-roles.md#writer-cues-roles.cleft).
    # "did I really type X?" asks whether the speaker typed it, nothing of a search.
    typed = [
        found
        for name in names
        if name
        for found in re.finditer(re.escape(name), text, re.IGNORECASE)
    ]
    if "?" not in text and any(cues.TRAILING_INTENT.match(text, f.end()) for f in typed):
        return False
    if any(cues.QUESTIONED_SAYING.match(text[: f.start()]) for f in typed):
        return False
    # The names stand as a placeholder word for the verbs' places ("X can go" states).
    placed = text
    for name in names:
        text = re.sub(re.escape(name), " ", text, flags=re.IGNORECASE)
        placed = re.sub(re.escape(name), " x ", placed, flags=re.IGNORECASE)
    words = {w.casefold() for w in _WORD.findall(text)}
    # "X and Y?" only names (the verdict after it answers it); "and X?" asks again.
    if _NAMES_JOINED.fullmatch(placed):
        return False
    # A question that opens with a question word asks, however small its words ("how long
    # is X?"); so does one of a question word and a verb about a name ("where is X?").
    opening = [w.casefold() for w in _WORD.findall(text)[:1]]
    # An elliptic "what about X?" asks the question before again, nothing of its own.
    named = placed != text and not any(p.match(placed) for p in cues.ELLIPSIS)
    if "?" in text and opening and opening[0] in _WH_WORDS and len(words) > (1 if named else 2):
        return True
    # A tag ("didn't you?") asks nothing: a question needs a word beyond chatter.
    if not words - CHATTER - cues.ASKING_WORDS:
        return False
    return "?" in text or bool(_asking_verbs(placed) - {"is", "was", "are", "were"})


# Words after which an asking word is a noun ("my list", "the show"), not a request.
_DETERMINERS = frozenset(["my", "your", "our", "their", "his", "her", "the", "a", "this", "that"])


def _asking_verbs(text: str) -> set[str]:
    """The asking words of `text` that are no nouns after a determiner ("crossed it off my
    list" asks nothing)."""
    words = [w.casefold() for w in _WORD.findall(text)]
    return {
        word
        for index, word in enumerate(words)
        if word in cues.ASKING_WORDS
        and (index == 0 or words[index - 1] not in _DETERMINERS)
        # An auxiliary asks only where it opens the clause ("can you ..."); after its
        # subject it states ("X can go").
        and (index == 0 or word not in _AUXILIARIES)
        and not _free_relative(words, index)
        and not _subordinate(words, index)
    }


# Words that open a clause of time or place as well as a question.
_SUBORDINATORS = frozenset(["when", "where", "whenever", "wherever"])
_SUBJECT_PRONOUNS = frozenset(["i", "we", "you", "he", "she", "they"])


def _subordinate(words: Sequence[str], index: int) -> bool:
    """Whether the "when" or "where" at `index` opens a clause of time or place inside a
    statement ("autocomplete swapped in X when I wanted Y"): it follows other words and its
    own subject follows it, where a question would invert ("when did I want Y")."""
    return (
        index > 0
        and words[index] in _SUBORDINATORS
        and index + 1 < len(words)
        and words[index + 1] in _SUBJECT_PRONOUNS
    )


# The subject of a free relative's own verb ("what I meant", "what we're after").
_RELATIVE_SUBJECTS = frozenset(
    ["i", "i'm", "i've", "i'd", "we", "we're", "we've", "we'd", "you", "you're", "you've"]
)


def _free_relative(words: Sequence[str], index: int) -> bool:
    """Whether the "what" at `index` opens a free relative, not a question: its own subject
    follows it ("what I meant", a question would invert: "what did I mean"), and it opens the
    clause as the subject of a statement ("what I really meant was X") or stands after a
    copula as its predicate ("X's not really what I'm after"). An embedded question after a
    copula ("what I want to know is when X opened") still asks."""
    if words[index] != "what" or index + 1 >= len(words):
        return False
    if words[index + 1] not in _RELATIVE_SUBJECTS:
        return False
    return index == 0 or _after_copula(words[:index])


_COPULAS = frozenset(["is", "was", "are", "were", "s", "isn't", "wasn't", "aren't", "weren't"])
# Words that may stand between a copula and its free relative ("is not really what ...").
_BETWEEN_COPULA = frozenset(
    ["not", "really", "exactly", "just", "quite", "precisely", "never", "still", "only"]
)


def _after_copula(before: Sequence[str]) -> bool:
    """Whether the words `before` a question word end in a copula and words that only grade
    or negate it ("is", "'s not really", "was exactly")."""
    words = list(before)
    while words and words[-1] in _BETWEEN_COPULA:
        words.pop()
    return bool(words) and (words[-1] in _COPULAS or words[-1].endswith("'s"))


_AUXILIARIES = frozenset(["can", "could", "would", "will", "should", "do", "does", "did"])


def _sets_aside(clause: str, taken_back: Sequence[str]) -> bool:
    """Whether `clause` sets a name taken back aside ("can we leave X out?"): it asks for
    that, not about the name."""
    for name in taken_back:
        at = clause.casefold().find(name.casefold())
        if at > 0 and (
            cues.SETTING_ASIDE_PHRASE.search(clause, 0, at) is not None
            or refusing_request(clause, 0, at)
        ):
            return True
    return False


def without_chatter(text: str) -> str:
    """`text` without the clauses that only say it corrects ("no, hang on,", "sorry")."""
    kept = [
        clause
        for clause in _CLAUSE.split(text)
        if any(w.casefold() not in CHATTER for w in _WORD.findall(clause))
    ]
    return " ".join(" ".join(kept).split())


# Small words that only offer or confirm a name again ("..., or Y? yes, Y").
_ECHO_WORDS = frozenset({"or", "and", "yes", "yeah", "yep", "right", "ok", "okay"})


def _without_echoes(text: str, intended: str) -> str:
    """`text` without the clauses after its first that only say the meant name again."""
    clauses = [c for c in _CLAUSE.split(text) if c.strip()]
    own = {w.casefold() for w in _WORD.findall(intended)}
    kept = clauses[:1] + [
        clause
        for clause in clauses[1:]
        if {w.casefold() for w in _WORD.findall(clause)} - own - CHATTER - _ECHO_WORDS
    ]
    return " ".join(kept)


def _asking_part(text: str, intended: str, taken_back: Sequence[str]) -> str | None:
    """The question a turn asks, from its first clause that asks, or None."""
    clauses = [c for c in _CLAUSE.split(text) if c.strip()]
    for index, clause in enumerate(clauses):
        if (
            _asks(clause, [intended, *taken_back])
            and not _sets_aside(clause, taken_back)
            and not _declares_refusal(clause, taken_back)
        ):
            clause = _labelled(clauses[index - 1] if index else "", clause, intended)
            # A later clause that names what is taken back and asks nothing only takes it
            # back ("... Z? never mind Y, that was a mistake"); nor does one that gives the
            # question's ground ("..., since Y is no longer an option?"), nor a verdict of
            # its own on the name taken back ("... Y - not interested.").
            kept = [
                later
                for later in clauses[index + 1 :]
                if (
                    (
                        _asks(later, [intended, *taken_back])
                        and cues.REASON_OPENER.match(later) is None
                    )
                    or not any(_has_name(later, name) for name in taken_back)
                )
                and not (taken_back and cues.VERDICT_CLAUSE.fullmatch(later))
                and not cues.THANKS_CLAUSE.fullmatch(later)
            ]
            return " ".join([clause, *kept])
    return None


def _declares_refusal(clause: str, taken_back: Sequence[str]) -> bool:
    """Whether `clause` states that a name taken back is not the one, in a statement's order
    whatever its mark ("hmm, so, like, X isn't really it?"; `name_roles.declared_subject`):
    it asks nothing."""
    return any(
        declared_subject(clause, found.start(), found.end())
        for name in taken_back
        if name
        for found in re.finditer(re.escape(name), clause, re.IGNORECASE)
    )


def _labelled(label: str, question: str, intended: str) -> str:
    """`question` with its pronoun naming `intended` where `label` is that name alone before
    a colon ("Y: how long is it?" asks how long Y is;
    spec/writer-cues-roles.md#writer-cues-roles.stance-mark)."""
    if not intended or _has_name(question, intended):
        return question
    if label.strip().rstrip(":").strip().casefold() != intended.casefold() or ":" not in label:
        return question
    return with_name(question, intended, _PRONOUNS | {"it"}, append=False)


def revised_question(request: WriterRequest) -> str:
    """The latest earlier question that was a request, not itself a correction."""
    for node in reversed(request.memory.nodes):
        if not _revising(node):
            return node.question
    return request.memory.nodes[-1].question if request.memory.nodes else ""


def _with_name_for(text: str, old: str, new: str) -> str:
    words = old.split()
    if not words:
        return text
    pattern = r"(?<!\w)" + r"\s+".join(re.escape(w) for w in words) + r"(?!\w)"
    return re.sub(pattern, lambda _: new, text, flags=re.IGNORECASE)


def _typed_forms(text: str, reading: Reading, taken: Sequence[str]) -> tuple[str, ...]:
    """How the turn `text` typed the names `taken` back where it typed them otherwise than
    whole ("Neil" for "Neil Armstrong"), longest first."""
    forms = {
        text[roled.start : roled.end]
        for roled in reading.names
        if roled.name in taken
        and text[roled.start : roled.end].strip()
        and text[roled.start : roled.end].casefold() != roled.name.casefold()
    }
    return tuple(sorted(forms, key=len, reverse=True))


def _without_names(text: str, names: Sequence[str]) -> str:
    """`text` without `names`, each matched by its words in order with any punctuation or
    spaces between them: a page title taken back leaves no word behind once the query has
    lost its dashes and bars ("Section 8 Housing - housing_selfhelp" typed, "Section 8
    Housing housing_selfhelp" left after its clauses were joined)."""
    for name in names:
        words = _WORD.findall(name)
        if words:
            between = r"[\W_]+"
            pattern = r"(?<!\w)" + between.join(re.escape(w) for w in words) + r"(?:'s)?(?!\w)"
            text = re.sub(pattern, " ", text, flags=re.IGNORECASE)
    # Marks left alone where a name was cut ("was . Let me") end nothing; a question mark
    # still asks.
    return " ".join(t for t in text.split() if _WORD.search(t) or "?" in t)


def _dropped_in(text: str, request: WriterRequest) -> tuple[str, ...]:
    """The topics the memory has dropped that `text` names."""
    return tuple(
        topic.name
        for topic in request.state.topics
        if topic.status is Status.DROPPED and _has_name(text, topic.name)
    )


def _has_name(text: str, name: str) -> bool:
    """Whether the words of `name` occur together and in order in `text` (case and
    punctuation between them ignored, a possessive "'s" too)."""
    # Both sides lose the "'s": a name that holds one ("Rubik's Cube") is found as typed.
    words = [re.sub(r"'s$", "", w.casefold()) for w in _WORD.findall(name)]
    have = [re.sub(r"'s$", "", w.casefold()) for w in _WORD.findall(text)]
    size = len(words)
    return size > 0 and any(have[i : i + size] == words for i in range(len(have) - size + 1))


# Words no searcher types: they only say the turn takes something back.
_RETRACTING_WORDS = cues.REPAIR_WORDS | frozenset({"wait", "hmm", "no", "nope", "meant", "ugh"})


def _words_of(names: Sequence[str]) -> set[str]:
    return {
        w.casefold()
        for name in names
        for w in _WORD.findall(name)
        if len(w) > 1 and w.casefold() not in STOPWORDS
    }


def _is_clean(
    query: str, intended: str, taken: Sequence[str], typed: frozenset[str] = frozenset()
) -> bool:
    """Whether `query` names the meant name and holds no retracting word and no word of a
    name taken back (beyond the words it shares with the meant name, and the `typed` words
    the user typed elsewhere than in a name taken back: "California" in a title)."""
    words = {re.sub(r"'s$", "", w.casefold()) for w in _WORD.findall(query)}
    own = {w.casefold() for w in _WORD.findall(intended)} | typed
    taken_words = _words_of(taken) - own
    # A name cut out of a question leaves a gap ("population of ? (Paris)").
    gap = " ?" in query or f"({intended.casefold()})" in query.casefold()
    return _has_name(query, intended) and not gap and not words & (_RETRACTING_WORDS | taken_words)


_PUNCTUATED = re.compile(r"[^\w\s'\-]")


def _unasked_titles(text: str, reading: Reading) -> str:
    """`text` with the punctuated titles it takes back ("How Does Our Sun Compare With Other
    Stars? | NASA Space Place") made spaces: their question words and marks ask nothing, and
    no word of theirs is left for a query."""
    chars = list(text)
    for name in reading.names:
        typed = text[name.start : name.end]
        if name.role in (Role.PLAIN, Role.INTENDED) or not _PUNCTUATED.search(typed):
            continue
        chars[name.start : name.end] = " " * (name.end - name.start)
    return "".join(chars)


def clean_query(
    request: WriterRequest, reading: Reading, rejected: Sequence[str], written: str | None
) -> str:
    """What a person would search for after the correction (see the module docstring):
    the writer's own query where it is already clean (`written`), else one built here."""
    intended = reading.intended or ""
    text = cues.normalise_turn(request.turn.question)
    if starred_correction(text, reading):
        # "*Lisbon": the writer's query is the star and the name; the question corrected is
        # what is asked, with the name in its place.
        written = None
    deferred = [n.name for n in reading.names if n.role in LEFT_ASIDE and n.name != intended]
    if deferred:
        # The smallest piece that names what is left aside goes: a whole sentence or aside
        # where that leaves the meant name, else only the clause ("something different from
        # X now: when was Y founded?"). A sentence that turns a name down goes with it
        # ("Definitely not X. Y perhaps another time. what is Z famous for?").
        refused = [n.name for n in reading.names if n.role is Role.NEGATED and n.name != intended]
        for asked_now in (
            _without_parts_naming(text, [*deferred, *refused]),
            _without_clauses_naming(text, [*deferred, *refused]),
            _without_parts_naming(text, deferred),
            _without_clauses_naming(text, deferred),
        ):
            if _has_name(asked_now, intended):
                return cut(asked_now, QUERY_CHARS)
    refused_only = [n.name for n in reading.names if n.role is Role.NEGATED and n.name != intended]
    if refused_only:
        # "how long is Y? Please keep X out of whatever you find.": the one whole question
        # about the name meant, before the parts that turn a name down and end the turn, is
        # the query.
        parts = [part.strip() for part in _PART_END.split(text) if part and part.strip()]
        kept = [part for part in parts if not any(_has_name(part, n) for n in refused_only)]
        whole_questions = [
            part
            for part in kept
            if part.endswith("?")
            and _has_name(part, intended)
            and len(part.split()) > len(intended.split()) + 1
        ]
        first_refusal = next(
            (index for index, part in enumerate(parts) if part not in kept), len(parts)
        )
        # Only where the question comes first and the turn ends with the refusals: a refusal
        # before it, or words of the turn's own after it ("... not X. and who flew it?"), are
        # read by the rest.
        if (
            len(whole_questions) == 1
            and parts.index(whole_questions[0]) < first_refusal < len(parts)
            and kept == parts[:first_refusal]
        ):
            return cut(whole_questions[0], QUERY_CHARS)
    taken = [
        name
        for name in dict.fromkeys((*reading.taken_back, *rejected))
        if name.casefold() not in intended.casefold() and intended.casefold() not in name.casefold()
    ]
    swapped = _swapped_query(text, reading, taken)
    if swapped is not None:
        return swapped
    spliced = _spliced_repair(text, reading)
    if spliced is not None:
        return cut(spliced, QUERY_CHARS)
    asking = _unasked_titles(text, reading)
    asked = _asking_part(asking[reading.after_retraction :], intended, taken)
    if asked is None and reading.after_retraction > 0:
        # "how long is Rome?... Paris, I mean": the turn's own question, before the repair,
        # is what is asked, before any question the writer carried over.
        asked = _asking_part(asking[: reading.after_retraction], intended, taken)
    if asked is None and written is not None:
        # A turn that asks nothing of its own: the words of a clause that sets a name aside
        # ("that answer is about X") are chatter, and the writer's query is kept only where
        # none of them is in it.
        # The turn asks nothing, so all its words are chatter around the names it types
        # ("I wrote the wrong name there, it's Game Boy I want").
        said = _words_of([text]) - _words_of([revised_question(request), intended, *taken])
        kept_typed = list(text)
        for roled in reading.names:
            if roled.role not in (Role.PLAIN, Role.INTENDED):
                kept_typed[roled.start : roled.end] = " " * (roled.end - roled.start)
        typed = frozenset(_words_of(["".join(kept_typed)]))
        clean = _is_clean(written, intended, taken, typed)
        if clean and not _words_of([written]) & said:
            return written
    if asked is None:
        # The turn's own question before the repair, else the question it corrects.
        asked = _asking_part(asking[: reading.after_retraction], intended, taken)
    base = asked if asked is not None else revised_question(request)
    if asked is None:
        # The question corrected can name a topic an earlier repair already took back ("how
        # long did Soyuz 11 last?", then "I meant Skylab 2", now "not Skylab 2 either - Apollo
        # 13"): the name meant now takes its place as well.
        taken = [*taken, *(n for n in _dropped_in(base, request) if n not in taken)]
    if not _has_name(base, intended):
        base = _other_named(base, intended)
    # A name taken back goes in whatever form the turn typed it (a surname, the word that
    # told a listed member from its siblings: "when was Neil born no, Buzz Aldrin").
    typed_forms = _typed_forms(text, reading, taken)
    for name in (*taken, *typed_forms):
        # "X in place of Y", "X rather than Y": the words that say what X replaces go with Y.
        base = cues.without_replaced(base, name)
        base = replace_name(base, name, intended)
        # "population of Rome": a name after "of" is no part of a longer one here.
        base = _with_name_for(base, name, intended)
    # A question asked after the name it means was stated ("it's Y I'm after. who directed
    # it?") asks about that name by its pronoun.
    pronouns = _PRONOUNS if asked is None else frozenset()
    if asked is not None and not _has_name(asked, intended) and _has_name(text, intended):
        pronouns = _PRONOUNS | {"it"}
    query = with_name(base, intended, pronouns, append=False)
    query = _without_names(
        _without_echoes(without_chatter(query), intended), (*taken, *typed_forms)
    )
    if intended.casefold() not in query.casefold():
        query = f"{query} {_named_span(text, reading)}".strip()
    query = _without_leading_repair(query)
    # A clause mark left where a retraction was cut ("married?,") ends nothing.
    query = re.sub(r"([?.!])[,;:.]+$", r"\1", query.rstrip(" ,;:")) if query else query
    return cut(query, QUERY_CHARS)


# Words that may open a question before its asking word ("and when did ...", "so who ...").
_LINKING_OPENERS = frozenset({"and", "so", "ok", "okay", "but", "then", "also", "oh", "hmm"})
_LEADING_MARKS = re.compile(r"^[\s,;:.!\-\u2013\u2014]+")
# A retraction or "I meant" that opens the words after the cut, with the marks after it.
_OPENING_REPAIR = re.compile(
    rf"^(?:{cues.RETRACTION.pattern}|\bi\s+meant\b)[\s,.:;!\-\u2013\u2014]*", re.IGNORECASE
)


def _spliced_repair(text: str, reading: Reading) -> str | None:
    """The question a repair made inside it asks, spliced as it was meant ("when did the
    Walkman, no wait, the Kindle come out?" asks "when did the Kindle come out?", "where was
    X (or rather Y) born?" asks "where was Y born?", and so with several retractions): the
    words of the question before the first name taken back, then the words from the last
    retraction on, the bracket that closed a repair typed in them gone, and a word said twice
    across the cut ("the ... the Kindle") said once. Only where the question breaks off right
    after the first name (no word between it and the retraction), does not close before the
    repair, opens with an asking word, and goes on after the repair with the name meant
    (after an article at most) and no name taken back; None otherwise."""
    intended = reading.intended
    taken = [name for name in reading.names if name.role is Role.RETRACTED]
    meant = [
        name
        for name in reading.names
        if name.name == intended and name.start >= reading.after_retraction
    ]
    if not intended or not taken or not meant or taken[0].start >= meant[0].start:
        return None
    first = taken[0]
    start = max(text.rfind(mark, 0, first.start) for mark in (".", "!", "?", "\n")) + 1
    if _SENTENCE_CLOSED.search(text, first.end, meant[0].start) is not None:
        return None
    retraction = cues.RETRACTION.search(text, first.end)
    if retraction is None or _WORD.search(text, first.end, retraction.start()) is not None:
        return None
    before = _WORD.findall(text[start : first.start])
    while before and before[0].casefold() in _LINKING_OPENERS:
        before = before[1:]
    if not before or before[0].casefold() not in cues.ASKING_WORDS:
        return None
    tail = text[reading.after_retraction :]
    while (opened := _OPENING_REPAIR.sub("", _LEADING_MARKS.sub("", tail))) != tail:
        tail = opened
    named = re.match(rf"(?:(?:the|a|an)\s+)?{re.escape(intended)}(?!\w)", tail, re.IGNORECASE)
    if named is None or any(_has_name(tail, name.name) for name in taken):
        return None
    tail = _without_unopened_brackets(tail)
    # The mark that closed the aside after the name meant ("the Kindle -- still sold?").
    closing = re.match(r"\s*(?:,|-{1,2}|[\u2013\u2014])\s+(?=[^\W\d_])", tail[named.end() :])
    if closing is not None:
        tail = tail[: named.end()] + " " + tail[named.end() + closing.end() :]
    after = _WORD.findall(tail)
    prefix = text[start : first.start]
    ending = re.search(r"([^\W_]+)\s*$", prefix)
    if ending is not None and after and ending.group(1).casefold() == after[0].casefold():
        prefix = prefix[: ending.start()]
    joined = " ".join(f"{prefix} {tail}".split())
    joined = re.sub(r"\s+([,;:?!.])", r"\1", joined)
    words = _WORD.findall(joined)
    if len(words) > 1 and words[0].casefold() in _LINKING_OPENERS:
        joined = joined[joined.casefold().find(words[1].casefold()) :]
    return joined if _has_name(joined, intended) else None


# A sentence closed between two places: a question or exclamation mark, or a full stop that is
# no part of an ellipsis ("Football. Not that either."; not "Walkman... sorry").
_SENTENCE_CLOSED = re.compile(r"[?!]|(?<!\.)\.(?!\.)")


def _without_unopened_brackets(text: str) -> str:
    """`text` without the closing brackets that close nothing opened in it: the bracket of a
    repair opened before the cut ("Miles Davis) born?"); a name's own brackets stay
    ("Repatriation (cultural heritage)")."""
    kept: list[str] = []
    depth = 0
    for char in text:
        if char in "([":
            depth += 1
        elif char in ")]":
            if depth == 0:
                kept.append(" ")
                continue
            depth -= 1
        kept.append(char)
    return "".join(kept)


def _other_named(text: str, intended: str) -> str:
    """`text` with "the other one" (or "the other film", a kind noun) naming `intended`: the
    turn took back every other name it could mean."""

    def named(match: re.Match[str]) -> str:
        noun = match.group(0).split()[-1].casefold()
        # "the other of the two" points as "the other one" does.
        pointing = (
            noun in cues.KINDLESS_NOUNS
            or noun in cues.KIND_NOUNS
            or match.group("of").casefold().startswith(("of ", "one of "))
        )
        return intended if pointing else match.group(0)

    return cues.THE_OTHER.sub(named, text, count=1)


def _swapped_query(text: str, reading: Reading, taken: Sequence[str]) -> str | None:
    """The query of a repair that swaps one of the names its question compares and keeps the
    others (spec/writer-cues-roles.md#writer-cues-roles.one-of-two): the words after the
    repair where they type every kept name and the meant one ("A or S... I mean A or T"),
    else the question as first typed with the name taken back replaced ("is A older than S?
    sorry, I meant T, not S" searches "is A older than T?"); None for other turns."""
    intended = reading.intended
    first = cues.RETRACTION.search(text)
    if intended is None or not taken or first is None:
        return None
    standing = (Role.PLAIN, Role.INTENDED)
    before = [n for n in reading.names if n.end <= first.start()]
    kept = {
        n.name for n in before if n.role in standing and n.name != intended and n.name not in taken
    }
    if not kept or not any(n.name in taken for n in before):
        return None
    after = text[reading.after_retraction :]
    if _has_name(after, intended) and all(_has_name(after, name) for name in kept):
        query = _without_leading_repair(without_chatter(after))
    else:
        query = text[: first.start()]
        for name in taken:
            query = _with_name_for(query, name, intended)
    query = _without_names(query, taken)
    if not _has_name(query, intended) or not all(_has_name(query, name) for name in kept):
        return None
    return cut(query, QUERY_CHARS)


def asked_after_rejection(request: WriterRequest, node: Node) -> str | None:
    """The final turn's own question about the node's topic, where the node takes a topic
    back and the turn asks about the topic by name in a clause apart from the rejection
    ("that's not the one I had in mind - when was Kyoto founded?"); None otherwise."""
    topic = node.topic
    if topic is None or not _revising(node):
        return None
    rejected = [
        name
        for name in dict.fromkeys(
            (*node.contradicts, *(op.topic for op in node.operations if op.kind is OpKind.ABANDON))
        )
        if name != topic
    ]
    text = cues.normalise_turn(request.turn.question)
    asked = _asking_part(text, topic, rejected)
    if asked is not None and not _has_name(asked, topic):
        # "this whole time I meant Y. when did she die?": a question asked after the name it
        # means was stated asks about that name by its pronoun.
        stated = text[: text.rfind(asked)] if asked in text else ""
        # A value stated with the name ("I got the year wrong, it should be 2010. who won it
        # then?") belongs to the question: the pronoun alone would search without it.
        if _has_name(stated, topic) and not _DIGIT.search(_without_names(stated, (topic,))):
            asked = with_name(asked, topic, _PRONOUNS | {"it"}, append=False)
    if asked is None or not _has_name(asked, topic):
        return None
    if any(_has_name(asked, name) for name in rejected):
        return None
    query = _without_leading_repair(without_chatter(asked))
    return cut(query, QUERY_CHARS) if _has_name(query, topic) else None


_DIGIT = re.compile(r"\d")
_LEADING_WORD = re.compile(r"^\s*([^\W_]+)[\s,.:;!-]*")


def _without_leading_repair(query: str) -> str:
    """`query` without the retracting words it opens with ("actually what was ...?"): they
    belonged to the repair the question follows, not to what is searched."""
    while (found := _LEADING_WORD.match(query)) is not None:
        if found.group(1).casefold() not in _RETRACTING_WORDS or found.end() >= len(query):
            break
        query = query[found.end() :]
    return query


# Where the words naming what was meant end: a sentence end, a spaced dash, a negation or a
# retraction ("I meant 2001 Budget Analysis: California Housing (2260). sorry").
_SPAN_END = re.compile(
    rf"[.!?;](?:\s|$)|\s[-\u2013\u2014]+\s|[,\s]\s*(?:{cues.NEGATION.pattern})|{cues.RETRACTION.pattern}",
    re.IGNORECASE,
)
_MAX_SPAN_WORDS = 12


def _named_span(text: str, reading: Reading) -> str:
    """The words the user typed from the meant name on, up to where they stop naming it: a
    page title longer than the name the reading found ("2001 Budget Analysis: California
    Housing Finance Agency (2260)" for "Budget Analysis"); else the meant name."""
    intended = reading.intended or ""
    starts = [n.start for n in reading.names if n.name == intended]
    if not starts:
        return intended
    typed = [n for n in reading.names if n.name == intended][-1]
    if text[typed.start : typed.end].casefold() != intended.casefold():
        # Typed in another form ("Neil" for "Neil Armstrong"): the whole name, then the words
        # the turn goes on with ("where did he, no, Neil grow up" keeps "grow up").
        rest = _SPAN_END.search(text, typed.end)
        going_on = text[typed.end : rest.start() if rest else len(text)].strip(" ,:;")
        return f"{intended} {going_on}".strip()
    found = _SPAN_END.search(text, starts[-1] + len(intended))
    span = text[starts[-1] : found.start() if found else len(text)].strip(" ,:;")
    words = _WORD.findall(span)
    if not words or len(words) > _MAX_SPAN_WORDS or not _has_name(span, intended):
        return intended
    if any(_has_name(span, name) for name in reading.taken_back if name != intended):
        return intended
    return span


_SET_ASIDE = (Role.NEGATED, Role.ANSWERED)


def _names_rejection(reading: Reading) -> bool:
    """Whether the turn names what it rejects (a negation or the answer bound to a name), not
    only its own slips."""
    return any(n.role in (Role.NEGATED, Role.ANSWERED) for n in reading.names)


def _agrees(node: Node, reading: Reading, question: str) -> bool:
    """Whether the writer's topic already is the name the turn means: the same name, or a
    longer name typed in the turn that holds it (a page title the reading only saw part of,
    "Let's talk about spam texts | Consumer Advice" for "Consumer Advice")."""
    topic, intended = node.topic, reading.intended or ""
    if topic is None or any(_has_name(topic, name) for name in reading.taken_back):
        return False
    if topic == intended:
        return True
    folded = cues.normalise_turn(question).casefold()
    return intended.casefold() in topic.casefold() and topic.casefold() in folded


_THE_REST = re.compile(r"\bthe\s+(?:other|remaining|last)\s+one\b|\bthe\s+one\s+that\b", re.I)


def _the_rest(
    text: str,
    reading: Reading,
    listings: Sequence[Sequence[str]],
    refused_before: frozenset[str] = frozenset(),
) -> str | None:
    """The one name of a list the turn leaves when it takes back all the others and says so
    ("not X, and not Y either, the other one" after "X, Y and Z"), or None. A member an
    earlier turn refused (`refused_before`) stays refused: "not X" in one turn and "Y is out
    too. the one that's left?" in a later one leave Z
    (spec/writer-cues-roles.md#writer-cues-roles.refused-before). A turn that takes one name
    back and means no other ("I meant all games, not Y") is no such turn."""
    taken = set(reading.taken_back)
    out = taken | set(refused_before)
    if not taken or len(out) < 2 or _THE_REST.search(text) is None:
        return None
    for names in listings:
        if taken <= set(names):
            rest = [name for name in dict.fromkeys(names) if name not in out]
            if len(rest) == 1 and len(out & set(names)) >= 2:
                return rest[0]
    return None


def refused_earlier(request: WriterRequest, names: Sequence[str]) -> frozenset[str]:
    """The names of `names` an earlier turn of the conversation took back: abandoned by its
    node, or taken back by the roles its own words bind ("Valparaiso is not what I'm after"),
    read here as at a final turn, since the history turns keep the cascade's decision."""
    refused = {
        op.topic
        for node in request.memory.nodes
        for op in node.operations
        if op.kind is OpKind.ABANDON
    }
    for node in request.memory.nodes:
        text = cues.normalise_turn(node.question)
        typed = sorted(
            (
                Mention(name, found.start(), found.end(), True)
                for name in dict.fromkeys(names)
                for found in re.finditer(
                    rf"(?<!\w){re.escape(name)}(?!\w)", text, flags=re.IGNORECASE
                )
            ),
            key=lambda mention: mention.start,
        )
        if typed:
            refused |= set(read_turn(node.question, typed).taken_back)
    return frozenset(refused)


def _the_other(text: str, reading: Reading, other_of: Callable[[str], str | None]) -> str | None:
    """ "X is out. when did the other one die?": the other of the one name taken back, where
    the turn points at "the other one" (or a kind noun) and types no name it means."""
    match = cues.THE_OTHER.search(text)
    if match is None or len(set(reading.taken_back)) != 1:
        return None
    noun = match.group(0).split()[-1].casefold()
    of_pair = match.group("of").casefold().startswith(("of ", "one of "))
    if noun not in cues.KINDLESS_NOUNS and noun not in cues.KIND_NOUNS and not of_pair:
        return None
    other = other_of(reading.taken_back[0])
    return other if other is not None and other not in reading.taken_back else None


def _rejected(reading: Reading) -> frozenset[str]:
    """The names the turn rejects: those a negation binds to, and those it says the answer was
    about ("why are you telling me about X?"), which it rejects as it would a negated name
    where the conversation had them."""
    return frozenset(n.name for n in reading.names if n.role in (Role.NEGATED, Role.ANSWERED))


def _abandoning_rejected(
    request: WriterRequest,
    node: Node,
    reading: Reading,
    listed: frozenset[str],
    remembered: frozenset[str],
) -> Node:
    """`node` abandoning every name the turn rejects (a negation bound to it) that was a topic,
    an item of a recent list, a name the latest answer offered or a name a recent question
    typed (`_was_named`), not only the first the
    writer saw ("neither X nor Y interest me. ... Z?", "... Z? never mind Y, that was a
    mistake", "you might also like Y" then "I'll pass on Y"), and every name the turn typed
    and then retracted (`_slips`)."""
    abandoned = {op.topic for op in node.operations if op.kind is OpKind.ABANDON}
    rejected = _rejected(reading)
    slips = _slips(reading, remembered)
    missing = [
        name
        for name in reading.taken_back
        if name not in abandoned
        and name != node.topic
        and (name in slips or (name in rejected and _was_named(request, name, listed)))
    ]
    if not missing:
        return node
    return attrs.evolve(
        node,
        operations=(*(abandon(name) for name in missing), *node.operations),
        contradicts=node.contradicts or (missing[0],),
    )


# How many of the last questions are read for a name the user typed.
_ASKED_LOOKBACK = 6


def _was_named(request: WriterRequest, name: str, listed: frozenset[str]) -> bool:
    """Whether the conversation had `name` before the turn: a topic, a member of a recent
    list or offer (`listed`), or a name one of the user's recent questions typed ("what
    language do people speak in Nairobi? and in Lisbon?" then "never mind Nairobi"). A name
    only an answer gave is not enough: "I was asking about X, not Y" after an answer about Y
    keeps X and abandons nothing (writer-cues-corrections.keep-current)."""
    if name in listed or _was_topic(request, name) or _answered_in_place(request, name):
        return True
    asked = request.memory.nodes[-_ASKED_LOOKBACK:]
    return any(_has_name(node.question, name) for node in asked)


_POINTING_WORDS = cues.PERSON_PRONOUNS | cues.THING_PRONOUNS | cues.PLURAL_PRONOUNS


def _answered_in_place(request: WriterRequest, name: str) -> bool:
    """Whether the latest answer spoke of `name` in place of the topic its question pointed at:
    the question typed its topic, or pointed at it with a pronoun or a place in a list ("what
    is X known for?", "where was it built?", "where was the first one born?"), and the answer
    names `name` and not that topic. Such an answer is about the wrong entity, and a turn that
    takes `name` back rejects it. An answer to a question that named nothing ("who flew the
    command module?") gives a name as what was asked, not in place of anything
    (writer-cues-corrections.keep-current)."""
    if not request.memory.nodes:
        return False
    last = request.memory.nodes[-1]
    topic = last.topic
    if topic is None or topic == name or _has_name(last.answer, topic):
        return False
    if not _has_name(last.answer, name):
        return False
    words = {word.casefold() for word in _WORD.findall(last.question)}
    return (
        _has_name(last.question, topic)
        or bool(words & _POINTING_WORDS)
        or cues.POSITION.search(last.question) is not None
    )


def _slips(reading: Reading, remembered: frozenset[str]) -> frozenset[str]:
    """The names the turn itself put forward and takes back: those it typed and then
    retracted ("when did X die? no wait, ... Y"), and those it negates that nothing before
    the turn named ("autocorrect: Y, not X"). The user's own proposal, withdrawn, is rejected
    though no turn was about it; a name an answer stated is not the user's."""
    own = {
        n.name
        for n in reading.names
        if n.role is Role.RETRACTED or (n.role is Role.NEGATED and n.name not in remembered)
    }
    return frozenset(own) & frozenset(reading.taken_back)


def _declines_offer(reading: Reading, offered: frozenset[str]) -> bool:
    """Whether every name the turn takes back is one the latest answer put forward: the
    turn declines a proposal and moves on, without taking the topic it was on back."""
    return bool(reading.taken_back) and set(reading.taken_back) <= offered


# Words that move the talk on to the name after them ("right, onto X", "let's do X", "next:
# X"): a slip in that name is the move's own.
_MOVE_BEFORE = re.compile(
    r"\b(?:onto|on\s+to|over\s+to|switching\s+to|moving\s+on\s+to|let'?s\s+(?:do|try|go\s+with)"
    r"|now\s+for|next(?:\s+(?:up|one))?)\W*$",
    re.IGNORECASE,
)


def _repairs_its_own_move(text: str, reading: Reading, current: str) -> bool:
    """Whether the turn's retraction repairs a name it typed right after a word of moving on
    ("Right, onto Model T - I mean Kindle", "Next one: X. Oops, I mean Y"), and the turn does
    not type `current`: the topic the talk was on is then left behind, not taken back. A slip
    inside a question the turn asks is read as before: it corrects the previous turn too."""
    if _has_name(text, current):
        return False
    taken = [name for name in reading.names if name.name in reading.taken_back]
    if not taken:
        return False
    first = min(taken, key=lambda name: name.start)
    return _MOVE_BEFORE.search(text, 0, first.start) is not None


def _keeping(node: Node, topic: str) -> Node:
    """`node` without an abandon of `topic` (nor `topic` among what it contradicts)."""
    kept = tuple(
        op for op in node.operations if not (op.kind is OpKind.ABANDON and op.topic == topic)
    )
    contradicts = tuple(name for name in node.contradicts if name != topic)
    return attrs.evolve(node, operations=kept, contradicts=contradicts)


def _listed(listings: Sequence[Sequence[str]]) -> frozenset[str]:
    return frozenset(name for names in listings for name in names)


def _was_topic(request: WriterRequest, name: str) -> bool:
    view = request.state.get(name)
    return view is not None and bool(view.turns)


def corrected_node(
    request: WriterRequest,
    node: Node,
    mentions: Sequence[Mention],
    listings: Sequence[Sequence[str]] = (),
    offered: frozenset[str] = frozenset(),
    remembered: frozenset[str] = frozenset(),
    other_of: Callable[[str], str | None] | None = None,
) -> tuple[Node, Reading] | None:
    """`_corrected` (see there), where a name the turn puts off till later is never
    abandoned, even by a turn that takes another name back ("X: no thanks. Y: maybe later.
    Z: yes please - ..." keeps Y for a later turn, the current topic or not)."""
    found = _corrected(request, node, mentions, listings, offered, remembered, other_of)
    if found is None:
        return None
    written, reading = found
    deferred = {n.name for n in reading.names if n.role in LEFT_ASIDE} - {reading.intended}
    if not deferred:
        return found
    kept = tuple(
        op for op in written.operations if not (op.kind is OpKind.ABANDON and op.topic in deferred)
    )
    if kept == written.operations:
        return found
    contradicts = tuple(t for t in written.contradicts if t not in deferred)
    return attrs.evolve(written, operations=kept, contradicts=contradicts), reading


def _corrected(
    request: WriterRequest,
    node: Node,
    mentions: Sequence[Mention],
    listings: Sequence[Sequence[str]] = (),
    offered: frozenset[str] = frozenset(),
    remembered: frozenset[str] = frozenset(),
    other_of: Callable[[str], str | None] | None = None,
) -> tuple[Node, Reading] | None:
    """`node` with the topic and rejections the turn's name roles settle, or None where they
    settle nothing (no name meant, or nothing taken back). Where the writer's topic already
    is the meant name, its decision stands and only its query may be cleaned. A turn that
    takes back every name of a list but one (`listings`, the names of recent lists) means
    that one. A name the assistant proposed in its latest answer (`offered`) and the turn
    declines is rejected as a listed one is, though no turn was about it; so is a name the
    turn itself typed and takes back, where nothing before the turn (`remembered`: the
    topics and the names of recent answers) named it. A turn that takes one name back and
    asks about "the other one" means what `other_of` says is the other of that name."""
    reading = read_turn(request.turn.question, mentions, remembered)
    if reading.intended is None and reading.corrects:
        text = cues.normalise_turn(request.turn.question)
        listed_names = [name for names in listings for name in names]
        rest = _the_rest(text, reading, listings, refused_earlier(request, listed_names))
        if rest is None and other_of is not None:
            rest = _the_other(text, reading, other_of)
        if rest is not None:
            reading = attrs.evolve(reading, intended=rest)
    intended = reading.intended
    current = request.state.current
    deferred = tuple(dict.fromkeys(n.name for n in reading.names if n.role in LEFT_ASIDE))
    if intended is not None and deferred and intended not in deferred and not reading.corrects:
        return _past_deferral(request, node, reading, deferred)
    if intended is not None and not reading.corrects:
        return _stated_move(request, node, reading)
    if intended is None or not reading.corrects:
        return None
    if _agrees(node, reading, request.turn.question):
        # A name the turn takes back rides along as no topic ("skip X and Y; ... Z?").
        kept_topics = tuple(t for t in node.topics if t not in reading.taken_back)
        if kept_topics and kept_topics != node.topics:
            node = attrs.evolve(node, topics=kept_topics)
        node = _abandoning_rejected(request, node, reading, _listed(listings) | offered, remembered)
        text = cues.normalise_turn(request.turn.question)
        if current is not None and (
            _declines_offer(reading, offered) or _repairs_its_own_move(text, reading, current.name)
        ):
            node = _keeping(node, current.name)
        # The writer's decision stands; a correction it read as a plain move still takes the
        # current topic back.
        if (
            current is None
            or current.name == node.topic
            or _revising(node)
            or _names_rejection(reading)
            or _declines_offer(reading, offered)
            or _repairs_its_own_move(text, reading, current.name)
        ):
            return node, attrs.evolve(reading, intended=node.topic)
        node = attrs.evolve(
            node, operations=(abandon(current.name), *node.operations), contradicts=(current.name,)
        )
        return node, attrs.evolve(reading, intended=node.topic)
    # A name taken back from a recent list is dropped too, though no turn was about it yet
    # ("neither X nor Y interest me" after "X, Y and Z"), and so is one a recent turn typed.
    listed = _listed(listings) | offered
    rejected = _rejected(reading)
    slips = _slips(reading, remembered)
    dropped = [
        name
        for name in reading.taken_back
        if name in request.state
        or (name in rejected and _was_named(request, name, listed))
        or name in slips
    ]
    # A turn that only declines what the latest answer put forward ("Tamagotchi isn't my cup
    # of tea. who made Rubik's Cube?") moves on from the current topic without taking it back.
    text = cues.normalise_turn(request.turn.question)
    if (
        current is not None
        and current.name != intended
        and not _declines_offer(reading, offered)
        and not _repairs_its_own_move(text, reading, current.name)
    ):
        dropped.append(current.name)
    dropped = list(dict.fromkeys(dropped))
    # The writer's own arrival on the meant name stands (it may know the name from an answer).
    arrival = next(
        (op for op in node.operations if op.topic == intended and op.kind is not OpKind.ABANDON),
        arriving(intended, request),
    )
    operations = (*(abandon(name) for name in dropped), arrival)
    revised = attrs.evolve(
        node,
        operations=operations,
        topics=(intended,),
        contradicts=tuple(dropped[:1]),
    )
    return revised, reading


# The parts of a turn: its sentences, a dash aside and a bracketed remark.
_PART_END = re.compile(r"(?<=[.?!])\s+|\s[-\u2013\u2014]+\s|[()]")


def _without_parts_naming(text: str, names: Sequence[str]) -> str:
    """`text` without its parts (sentences, dash asides, bracketed remarks) that type one of
    `names`."""
    parts = [part.strip() for part in _PART_END.split(text)]
    kept = [part for part in parts if part and not any(_has_name(part, n) for n in names)]
    return " ".join(kept)


def _without_clauses_naming(text: str, names: Sequence[str]) -> str:
    """`text` without its clauses (`clauses.clause_spans`) that type one of `names`, each
    with the mark that closes it."""
    spans = clause_spans(text)
    kept = [
        text[start : (spans[index + 1][0] if index + 1 < len(spans) else len(text))]
        for index, (start, end) in enumerate(spans)
        if not any(_has_name(text[start:end], name) for name in names)
    ]
    return " ".join("".join(kept).split()).lstrip(",;:.!?\u2026 -")


def _past_deferral(
    request: WriterRequest, node: Node, reading: Reading, deferred: Sequence[str]
) -> tuple[Node, Reading]:
    """A turn that asks about one name and puts another off till later ("how long is X? we can
    get back to Y after that"): the name asked about is the topic, as a move; the name put off
    stays in the memory, not abandoned, and out of the query."""
    intended = reading.intended or ""
    moved = node
    if node.topic != intended:
        moved = attrs.evolve(
            node, operations=(arriving(intended, request),), topics=(intended,), contradicts=()
        )
    # A name put off is kept for later, not abandoned.
    kept = tuple(
        op for op in moved.operations if not (op.kind is OpKind.ABANDON and op.topic in deferred)
    )
    if kept != moved.operations:
        contradicts = tuple(t for t in moved.contradicts if t not in deferred)
        moved = attrs.evolve(moved, operations=kept, contradicts=contradicts)
    # Nor is it a topic of the turn: the turn only names it to put it off.
    topics = tuple(t for t in moved.topics if t not in deferred)
    if topics and topics != moved.topics:
        moved = attrs.evolve(moved, topics=topics)
    return moved, reading


def _stated_move(
    request: WriterRequest, node: Node, reading: Reading
) -> tuple[Node, Reading] | None:
    """A turn that states in the first person which name it means, after a retraction ("who
    directed it? I mean Amelie, I want to go back to Amelie"), where the writer kept another
    topic: the meant name is the topic, as a move, not a rejection (nothing is taken back)."""
    intended = reading.intended or ""
    current = request.state.current
    bound = any(n.role is Role.INTENDED and n.name == intended for n in reading.names)
    # "who flew on it? hm, actually make that Vostok 1": every name the turn types follows
    # the repair, so the name is put in place of the pronoun's topic.
    repaired = all(n.start >= reading.after_retraction for n in reading.names)
    if not (bound or repaired) or reading.after_retraction <= 0:
        return None
    # The repair follows a question of the turn ("who flew on it? ..."), not a value ("1991,
    # no, 1992: ...", which the value rules read).
    text = cues.normalise_turn(request.turn.question)
    if _asking_part(text[: reading.after_retraction], intended, ()) is None:
        return None
    if current is None or current.name == intended:
        return None
    # The current topic typed beside the meant one is part of what is asked ("compare it").
    if any(n.name == current.name for n in reading.names):
        return None
    moved = node
    if not _agrees(node, reading, request.turn.question):
        moved = attrs.evolve(
            node, operations=(arriving(intended, request),), topics=(intended,), contradicts=()
        )
    # The topic moved from stays out of the query, as a name taken back would.
    return moved, attrs.evolve(reading, taken_back=(*reading.taken_back, current.name))
