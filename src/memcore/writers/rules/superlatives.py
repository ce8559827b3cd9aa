"""A superlative that points at the name an answer ranked ("the oldest one", "the youngest").

An answer that compares names binds a superlative to one of them in a clause of its own
("Metropolis is the oldest, then Moonlight, and Vertigo is the youngest of the three"). A
later turn that asks about "the oldest one" means that name, as "the first one" means a list
place: the turn names its referent outright (`outright`).
"""

from __future__ import annotations

import re

from memcore.caps import cut_answer
from memcore.search.tokenize import tokenize
from memcore.writers.rules.decision import Span
from memcore.writers.rules.view import View

# "the oldest", "the oldest one", "the most famous one", "the least known of them".
_SUPERLATIVE = re.compile(
    r"\bthe\s+(?P<word>(?:most|least)\s+[^\W\d_]+|[^\W\d_]{2,}est)\b"
    r"(?:\s+(?:one|of\s+(?:them|the\s+\w+)))?",
    re.IGNORECASE,
)
# Words ending in "-est" that rank nothing.
_NOT_RANKING = frozenset(
    [
        "interest",
        "request",
        "suggest",
        "forest",
        "west",
        "test",
        "rest",
        "guest",
        "nest",
        "chest",
        "contest",
        "protest",
        "harvest",
        "honest",
        "modest",
        "earnest",
        "manifest",
        "conquest",
        "quest",
        "digest",
        "invest",
        "arrest",
        "behest",
    ]
)


def ranks(word: str) -> bool:
    """Whether the lower-case `word` is a superlative ("most", "least", "best", "oldest";
    not "interest" or "west")."""
    if word in ("most", "least", "best", "worst"):
        return True
    return len(word) >= 5 and word.endswith("est") and word.isalpha() and word not in _NOT_RANKING


_ANSWER_CLAUSE = re.compile(r"[,;:.!?]+|\s(?:and|then|while|whereas|but)\s", re.IGNORECASE)


def _ranked_in(answer: str, word: str, view: View) -> str | None:
    """The one name an answer clause binds `word` to, or None (none, or several)."""
    found: set[str] = set()
    start = 0
    pieces = [*_ANSWER_CLAUSE.finditer(answer), None]
    for piece in pieces:
        end = piece.start() if piece is not None else len(answer)
        clause = answer[start:end]
        if re.search(rf"\b{re.escape(word)}\b", clause, re.IGNORECASE):
            names = {m.name for m in view.mentions(clause)}
            if len(names) == 1:
                found |= names
        start = piece.end() if piece is not None else len(answer)
    return next(iter(found)) if len(found) == 1 else None


def superlative_pick(text: str, view: View) -> tuple[str, Span] | None:
    """The name the last answer ranked with the superlative `text` uses, and where the
    superlative stands in `text`; None where the turn has none or the answer binds it to no
    single name. A comparative the answer stated ("B is older than A") is read the same way
    (`comparative_pick`)."""
    previous = view.previous
    if previous is None or not previous.answer:
        return None
    for match in _SUPERLATIVE.finditer(text):
        word = " ".join(match.group("word").split())
        if word.casefold() in _NOT_RANKING:
            continue
        name = _ranked_in(cut_answer(previous.answer), word, view) or _end_of_ranking(word, view)
        if name is not None:
            return name, (match.start(), match.end())
    return (
        comparative_pick(text, view)
        or numeric_pick(text, view)
        or label_pick(text, view)
        or described_pick(text, view)
    )


# An answer that says its list is a ranking ("Ranked by fame: A first, B second, C third",
# "in order of how well known they are: ...").
_RANKING = re.compile(r"\b(?:rank(?:ed|ing)|in\s+order)\s+(?:of|by)\b", re.IGNORECASE)


def _end_of_ranking(word: str, view: View) -> str | None:
    """The member a superlative names at an end of the newest list its answer says is a
    ranking: "the least known" the last, "the most famous" or "the best known" the first;
    None where the newest list is no ranking."""
    if not view.listings:
        return None
    listing = view.listings[0]
    answers = [node.answer for node in view.recent if node.turn == listing.turn]
    if listing.asked or not answers or _RANKING.search(answers[0]) is None:
        return None
    return listing.names[-1] if word.casefold().startswith("least") else listing.names[0]


# "the younger one", "the cheaper of the two", "the more expensive one", "the older of them":
# a comparative that picks one member of a pair.
_COMPARATIVE_PICK = re.compile(
    r"\bthe\s+(?P<word>(?:more|less)\s+[^\W\d_]{3,}|[^\W\d_]{3,}er)"
    r"(?:\s+(?:one|of\s+(?:the\s+two|them|those|these|the\s+pair|both)))",
    re.IGNORECASE,
)
# Pairs of comparatives that rank the same scale in opposite directions. Which word is the
# opposite of which is knowledge of the language, not of any one conversation.
_OPPOSITES: tuple[tuple[frozenset[str], frozenset[str]], ...] = tuple(
    (frozenset(high.split()), frozenset(low.split()))
    for high, low in (
        ("older elder", "younger newer"),
        ("pricier dearer costlier", "cheaper"),
        ("bigger larger", "smaller"),
        ("taller", "shorter"),
        ("longer", "shorter"),
        ("later", "earlier sooner"),
        ("faster quicker", "slower"),
        ("heavier", "lighter"),
        ("higher", "lower"),
        ("hotter warmer", "colder cooler"),
        ("busier livelier", "quieter calmer"),
        ("harder tougher", "easier simpler"),
        ("farther further", "closer nearer"),
        ("richer", "poorer"),
        ("better", "worse"),
        ("wider", "narrower"),
        ("deeper", "shallower"),
    )
)


def _opposite(word: str, other: str) -> bool:
    """Whether comparatives `word` and `other` rank one scale in opposite directions
    ("younger" and "older", "more expensive" and "cheaper", "more famous" and "less famous")."""
    first, second = word.split(), other.split()
    if len(first) == 2 and len(second) == 2 and first[1] == second[1]:
        return {first[0], second[0]} == {"more", "less"}
    expensive = {"more expensive": "pricier", "less expensive": "cheaper"}
    word, other = expensive.get(word, word), expensive.get(other, other)
    return any(
        (word in high and other in low) or (word in low and other in high)
        for high, low in _OPPOSITES
    )


# "B is older than A", "B is a lot cheaper than A": the comparative and the name after "than".
_THAN = re.compile(
    r"\b(?P<word>(?:more|less)\s+[^\W\d_]{3,}|[^\W\d_]{3,}er)\s+than\b", re.IGNORECASE
)
# "it is the older one of the two", "the older of the two", "B is the older one": the
# answer's own pick of a pair.
_PAIR_PICK = re.compile(
    r"\bthe\s+(?P<word>(?:more|less)\s+[^\W\d_]{3,}|[^\W\d_]{3,}er)"
    r"(?:\s+one\b(?:\s+of\s+(?:the\s+two|them|both|the\s+pair)\b)?"
    r"|\s+of\s+(?:the\s+two|them|both|the\s+pair)\b)",
    re.IGNORECASE,
)


def _compared(answer: str, question: str, view: View) -> tuple[str, str, str] | None:
    """(the comparative, the name the answer gives it, the other name compared) of an answer
    that compares two names ("B is older than A"; "B, by a good margin. It is the older one
    of the two" after "A or B - which is older?"), else None. The name a clause gives the
    comparative is its subject, the first name before it in its sentence, or where that
    sentence names none ("It is the older one"), the answer's first name; the other is the
    name after "than", or the one other name of the question and the answer."""
    names = list(dict.fromkeys(m.name for m in view.mentions(answer)))
    pair = list(dict.fromkeys([*names, *(m.name for m in view.mentions(question))]))
    for pattern in (_THAN, _PAIR_PICK):
        for match in pattern.finditer(answer):
            word = " ".join(match.group("word").casefold().split())
            if word in _NOT_COMPARING:
                continue
            sentence_start = max(answer.rfind(mark, 0, match.start()) for mark in ".!?;")
            before = [m.name for m in view.mentions(answer[sentence_start + 1 : match.start()])]
            subject = before[0] if before else (names[0] if names else None)
            if pattern is _THAN:
                after = view.mentions(answer[match.end() :])
                other = after[0].name if after else None
            else:
                rest = [name for name in pair if name != subject]
                other = rest[0] if len(rest) == 1 else None
            if subject is not None and other is not None and subject != other:
                return word, subject, other
    return None


# Words ending in "-er" that compare nothing.
_NOT_COMPARING = frozenset(
    [
        "other",
        "another",
        "either",
        "neither",
        "whether",
        "rather",
        "together",
        "however",
        "never",
        "ever",
        "over",
        "under",
        "after",
        "number",
        "member",
        "answer",
        "order",
        "paper",
        "water",
        "winter",
        "summer",
        "character",
    ]
)


def comparative_pick(text: str, view: View) -> tuple[str, Span] | None:
    """The name `text`'s comparative picks of the two the last answer compared ("the younger
    one" after "B is older than A" is A, "the older of the two" is B), and where the
    comparative stands; None where the turn has none, the answer compares no pair, or the
    two comparatives rank different scales."""
    previous = view.previous
    if previous is None or not previous.answer:
        return None
    compared = _compared(cut_answer(previous.answer), previous.question, view)
    if compared is None:
        return None
    said, winner, other = compared
    for match in _COMPARATIVE_PICK.finditer(text):
        word = " ".join(match.group("word").casefold().split())
        if word in _NOT_COMPARING:
            continue
        if word == said:
            return winner, (match.start(), match.end())
        if _opposite(word, said):
            return other, (match.start(), match.end())
    return None


# "the one most people start with": a member described by what the answer said of it, in a
# relative clause of its own (a clause of the speakers, "the one you picked", is read as a
# place or a pick in `lists`).
_DESCRIBED = re.compile(
    r"\bthe\s+one\s+(?:(?:that|which|who)\s+)?(?!(?:you|i|we|you'd|i'd|we'd)\b)"
    r"(?P<clause>[a-z][^,;:.!?\u2013\u2014]*?)(?=\s*(?:[,;:.!?]|\s[-\u2013\u2014]+\s|$))",
    re.IGNORECASE,
)
# Where an answer's clauses part: a sentence or clause mark, or a conjunction that opens one.
_ANSWER_PARTS = re.compile(r"[,;:.!?]+|\s(?:though|although|but|while|whereas)\s", re.IGNORECASE)
# The fewest content words a description needs to pick a member by what the answer said.
_DESCRIBED_WORDS = 2


def described_pick(text: str, view: View) -> tuple[str, Span] | None:
    """The name the last answer said what `text`'s relative clause says of ("the one most
    people start with" after "A is where most people start. B is good too"): the one name of
    the one answer clause that holds every content word of the description (two at least);
    None where no clause, or several, fit."""
    previous = view.previous
    if previous is None or not previous.answer:
        return None
    answer = cut_answer(previous.answer)
    clauses = [part for part in _ANSWER_PARTS.split(answer) if part.strip()]
    for match in _DESCRIBED.finditer(text):
        wanted = set(tokenize(match.group("clause"))) - {"one"}
        if len(wanted) < _DESCRIBED_WORDS:
            continue
        fitting = set()
        for clause in clauses:
            names = {m.name for m in view.mentions(clause)}
            if len(names) == 1 and wanted <= set(tokenize(clause)):
                fitting |= names
        if len(fitting) == 1:
            return next(iter(fitting)), (match.start(), match.end())
    return None


# "the cheaper of the two", "the younger one", "the oldest": a word that ranks members by a
# number their answer states of each ("A (born 1920) and B (born 1815)", "A cost about $300,
# B about $150"). `_LOW` takes the smallest number, `_HIGH` the largest; `_AGE_OLD` and
# `_AGE_NEW` rank by age, which a year counts the other way round from an age.
_NUMERIC_PICK = re.compile(
    r"\bthe\s+(?P<word>(?:more|less|most|least)\s+[^\W\d_]{3,}|[^\W\d_]{3,}(?:er|est))"
    r"(?:\s+one|\s+of\s+(?:the\s+two|the\s+three|them|those|these|the\s+pair|both|all))?"
    r"(?=\s*(?:[,;:.!?]|[-\u2013\u2014]+\s|$))",
    re.IGNORECASE,
)
_LOW = frozenset(
    (
        *("cheaper", "cheapest", "smaller", "smallest", "shorter", "shortest", "lower"),
        *("lowest", "fewer", "fewest", "earlier", "earliest", "lighter", "lightest"),
        *("slower", "slowest", "closer", "closest", "nearer", "nearest"),
        *("less expensive", "least expensive"),
    )
)
_HIGH = frozenset(
    (
        *("pricier", "priciest", "dearer", "dearest", "costlier", "costliest", "bigger"),
        *("biggest", "larger", "largest", "taller", "tallest", "longer", "longest"),
        *("higher", "highest", "heavier", "heaviest", "faster", "fastest"),
        *("more expensive", "most expensive"),
    )
)
_AGE_OLD = frozenset(("older", "oldest", "elder", "eldest"))
_AGE_NEW = frozenset(
    ("younger", "youngest", "newer", "newest", "more recent", "most recent", "latest")
)
# A number an answer states ("1920", "$300", "8,849 m", "2.5").
_NUMBER = re.compile(r"(?<![\w.])\d[\d,]*(?:\.\d+)?(?![\w])")
# Where an answer's statements of the members part: a sentence or clause mark, a line, or
# a conjunction between two members.
_STATEMENTS = re.compile(r"[,;.!?]+(?=\s|$)|\n|\s(?:and|while|whereas|but)\s", re.IGNORECASE)
# A number written as a year.
_YEAR = re.compile(r"^(?:1[0-9]|20)\d\d$")


def _stated_numbers(answer: str, view: View) -> dict[str, float] | None:
    """The one number the answer states of each name it states one of, each statement (a
    clause or a line) naming one name and stating one number outside it; None where two
    statements give one name different numbers or fewer than two names have one."""
    numbers: dict[str, float] = {}
    for statement in _STATEMENTS.split(answer):
        mentions = view.mentions(statement)
        names = {mention.name for mention in mentions}
        if len(names) != 1:
            continue
        spans = [(mention.start, mention.end) for mention in mentions]
        found = [
            float(match.group().replace(",", ""))
            for match in _NUMBER.finditer(statement)
            if not any(start <= match.start() < end for start, end in spans)
        ]
        if len(found) != 1:
            continue
        name = next(iter(names))
        if numbers.get(name, found[0]) != found[0]:
            return None
        numbers[name] = found[0]
    return numbers if len(numbers) >= 2 else None


def numeric_pick(text: str, view: View) -> tuple[str, Span] | None:
    """The name `text`'s comparative or superlative picks by the numbers the last answer
    states of the names it gives ("the younger one" after "A (born 1920) and B (born 1815)"
    is A; "the cheaper of the two" after "A cost about $300, B about $150" is B), and where
    the word stands; None where the turn ranks by no such word, or the answer states no
    number of two names or more, or two names share the winning number."""
    previous = view.previous
    if previous is None or not previous.answer:
        return None
    for match in _NUMERIC_PICK.finditer(text):
        word = " ".join(match.group("word").casefold().split())
        if word not in _LOW | _HIGH | _AGE_OLD | _AGE_NEW:
            continue
        numbers = _stated_numbers(cut_answer(previous.answer), view)
        if numbers is None:
            return None
        years = all(_YEAR.match(f"{value:g}") for value in numbers.values())
        # A year counts up as age counts down: the older one has the smaller year.
        lowest = word in _LOW or (word in _AGE_OLD and years) or (word in _AGE_NEW and not years)
        wanted = min(numbers.values()) if lowest else max(numbers.values())
        winners = [name for name, value in numbers.items() if value == wanted]
        if len(winners) == 1:
            return winners[0], (match.start(), match.end())
        return None
    return None


# "the harder one", "the easy one", "the easier of the two": a member picked by a word the
# answer said of it ("A is the easier start; B is harder but rewarding").
_LABEL_PICK = re.compile(
    r"\bthe\s+(?P<word>[a-z]{3,})\s+(?:one\b|of\s+(?:the\s+two|them|both)\b)",
    re.IGNORECASE,
)
# Words before "one" that say no quality of a member.
_NOT_LABELS = frozenset(
    (
        *("other", "first", "second", "third", "last", "next", "previous", "same", "middle"),
        *("new", "newest", "latest", "final", "only", "right", "wrong", "whole", "bonus"),
        *("extra", "former", "latter", "top", "bottom", "main", "earlier", "original"),
    )
)
# Where an answer's sentences part: a sentence mark, a semicolon, a line, or a conjunction
# that sets one member against another.
_SENTENCES = re.compile(r"[.;!?]+(?=\s|$)|\n|\s(?:while|whereas)\s", re.IGNORECASE)


def _forms(word: str) -> frozenset[str]:
    """The positive, comparative and superlative forms of an adjective ("harder": hard,
    harder, hardest; "easy": easy, easier, easiest)."""
    stem = word
    for ending in ("est", "er"):
        if word.endswith(ending) and len(word) > len(ending) + 2:
            stem = word[: -len(ending)]
            break
    if stem.endswith("i"):
        stem = stem[:-1] + "y"
    if len(stem) > 3 and stem[-1] == stem[-2] and stem[-1] not in "aeiouls":
        stem = stem[:-1]
    base = stem[:-1] + "i" if stem.endswith("y") else stem
    doubled = stem + stem[-1] if len(stem) <= 3 else stem
    return frozenset({stem, base + "er", base + "est", doubled + "er", doubled + "est"})


def label_pick(text: str, view: View) -> tuple[str, Span] | None:
    """The one name an answer's sentence says `text`'s quality of ("the harder one" after "A
    is the easier start; B is harder but rewarding" is B), the word in any of its degrees,
    and where the description stands; None where no sentence, or sentences of two names,
    say it."""
    previous = view.previous
    if previous is None or not previous.answer:
        return None
    sentences = [part for part in _SENTENCES.split(cut_answer(previous.answer)) if part.strip()]
    for match in _LABEL_PICK.finditer(text):
        word = match.group("word").casefold()
        if word in _NOT_LABELS or word in _NOT_COMPARING or word in _NOT_RANKING:
            continue
        forms = _forms(word)
        found: set[str] = set()
        for sentence in sentences:
            said = {w.casefold() for w in re.findall(r"[^\W\d_]+", sentence)}
            names = {m.name for m in view.mentions(sentence)}
            if forms & said and len(names) == 1:
                found |= names
        if len(found) == 1:
            return next(iter(found)), (match.start(), match.end())
    return None
