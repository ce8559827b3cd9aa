"""Every cue word and pattern the rule writer reads, in one data module.

Patterns are compiled case-insensitively and matched against a turn whose typographic
apostrophes and ellipses were made plain (`normalise_turn`). Each family has a spec page
(`spec/writer-cues-*.md`). Nothing here names a benchmark item: the cues describe how people
correct, repair, return and refer, not what any particular conversation says.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from memcore.writers.stance_marks import SYMBOLS

_FLAGS = re.IGNORECASE


def _compile(*patterns: str) -> tuple[re.Pattern[str], ...]:
    return tuple(re.compile(pattern, _FLAGS) for pattern in patterns)


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


def _kinds(table: Mapping[str, str]) -> dict[str, str]:
    """Kind nouns: each key is a space-separated list of nouns for the kind it maps to."""
    return {noun: kind for nouns, kind in table.items() for noun in nouns.split()}


# An apology that is only politeness ("sorry to bother you again, ...", "sorry for asking so
# much, ..."): it takes nothing back, so the turn is read without it. A closed list of
# function phrases; a bare "sorry" stays a repair word. An apology for the time or the room
# the user takes ("sorry for the late reply", "sorry for the delay", "sorry for so many
# questions", "sorry for the long message", "sorry to keep asking") is politeness too; one for
# an error ("sorry for the confusion", "sorry for the typo") repairs and stays.
_POLITE_APOLOGY = re.compile(
    r"\bsorry\s+(?:to\s+(?:bother|trouble|disturb|interrupt|pester|ask|keep\s+asking)"
    r"|for\s+(?:bothering|troubling|asking|pestering|rambling|spamming|the\s+trouble"
    r"|(?:all|so\s+many|(?:all\s+)?(?:the|these|my)(?:\s+many)?)\s+questions"
    r"|(?:the\s+|my\s+)?(?:(?:late|slow|delayed)\s+(?:reply|response|answer)|delay|wait"
    r"|interruption|(?:long|lengthy)\s+(?:message|post|text))"
    r"|(?:being|replying|answering)\s+(?:so\s+)?(?:slow|late)))"
    r"(?:\s+you)?(?:\s+(?:again|so\s+much|once\s+more|today|tonight))?(?:\s+but)?[\s,.;:!-]*",
    re.IGNORECASE,
)


# Chat spellings of function words ("wat about", "abt"): abbreviations, not slips of the
# fingers, read as the words they stand for.
_CHAT_SPELLINGS = {
    "wat": "what",
    "wut": "what",
    "abt": "about",
    # The chat shortenings of the apology that repairs ("Rome, sry, Paris").
    "sry": "sorry",
    "srry": "sorry",
    "soz": "sorry",
    # Politeness and thanks in chat ("pls", "thx"), and the aside "btw".
    "pls": "please",
    "plz": "please",
    "thx": "thanks",
    "thnx": "thanks",
    "btw": "by the way",
    "gimme": "give me",
}
# The small words a turn's shape is read from (positions, returns, repairs, questions). A word
# typed with two neighbouring letters swapped ("lsat", "teh", "abuot", "cna", "mena"), with a
# doubled letter typed once ("sory", "midle") or, for the
# longer ones, one vowel after the first letter left out ("ment", "scond", "actully"; not
# "gain", a word of its own) is read as the word meant,
# where exactly one of these words fits that slip and the typed word is none of them.
_SHAPE_WORDS = (
    "the what about first second third last meant actually sorry wait again back which where"
    " when who how can"
    # The words that repair what the turn typed ("I mean Y", "I misspoke: Y", "my mistake").
    " mean misspoke mistake"
    # The words that point into a list or back at a turn ("the third name I gave", "the one
    # you mentioned last", "the middle suggestion, please").
    " name names listed mentioned suggestion suggestions suggested gave middle please were"
    # The possessive that points into the list as "the" does ("your third suggestion").
    " your"
    # The words that set a name aside ("dropipng X completely", "remoev X from my list").
    " dropping remove removing"
    # The words that place a member beside another ("the one jsut before the last").
    " just before after"
    # Undoing what was typed ("Udno that - Y").
    " undo"
)
_VOWELS = frozenset("aeiou")
_MIN_VOWEL_DROP = 5


def _slips(word: str) -> set[str]:
    swapped = {word[:i] + word[i + 1] + word[i] + word[i + 2 :] for i in range(len(word) - 1)}
    single = {word[:i] + word[i + 1 :] for i in range(1, len(word)) if word[i] == word[i - 1]}
    dropped = (
        {word[:i] + word[i + 1 :] for i, letter in enumerate(word) if i and letter in _VOWELS}
        if len(word) >= _MIN_VOWEL_DROP
        else set()
    )
    return (swapped | single | dropped) - {word}


def _slip_table(read: frozenset[str] = frozenset()) -> dict[str, str]:
    """Each slip of a shape word, or of a word the cues read (`read`, `_read_words`, with the
    first letter kept), mapped to the one word it fits; none that is a word of either list."""
    words = _SHAPE_WORDS.split()
    meant: dict[str, set[str]] = {}
    for word in words:
        for slip in _slips(word):
            meant.setdefault(slip, set()).add(word)
    for word in read:
        for slip in _slips(word):
            if slip[:1] == word[:1] and len(slip) >= _MIN_READ_WORD:
                meant.setdefault(slip, set()).add(word)
    table = {slip: next(iter(found)) for slip, found in meant.items() if len(found) == 1}
    for word in (*words, *read, *_REAL_WORDS):
        table.pop(word, None)
    return {**table, **_CHAT_SPELLINGS}


# Words a slip of a cue word would spell that are words of their own ("there" is no slip of
# "three", "quiet" none of "quite"): the closed check of `_slip_table` against real words,
# found by reading every slip of the cue words against the words of Python's own documentation
# (tests/test_writer_cue_slips.py keeps it complete).
_REAL_WORDS: frozenset[str] = _words(
    "quiet tried moves summaries forth warps untied cites ether scraped curse lunch signer"
)
_SPELLED_AS = _slip_table()
_TYPED_WORD = re.compile(r"(?<![\w'])[A-Za-z]{3,}(?![\w'])")


def _spelled_out(match: re.Match[str]) -> str:
    word = match.group()
    meant = _SPELLED_AS.get(word.casefold())
    if meant is None or not (word.islower() or word[1:].islower()):
        return word
    return meant.capitalize() if word[:1].isupper() else meant


# Chat shortenings of one or two letters (and "bout"), typed in lower case: each is read as
# the word it stands for only where its place in the clause shows that word, so a letter or a
# number that is a name or a value stays ("Apollo 1", "n = 3", "Leonardo da Vinci").
_PLACE_WORD = (
    r"(?:\d{1,2}(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|last|next|other|same"
    r"|one|1)\b"
)
_CHAT_SHORT_FORMS: tuple[tuple[re.Pattern[str], str], ...] = (
    # "da" and "ur" as the determiner before a place in a list ("da 2nd 1", "ur last 1").
    (re.compile(rf"(?<![\w'])da(?=\s+{_PLACE_WORD})"), "the"),
    (re.compile(r"(?<![\w'])ur(?=\s+[^\W_])"), "your"),
    # "1" as the "one" a place or pointer word names ("the 2nd 1", "that 1", "which 1?").
    (
        re.compile(
            r"(?<![\w'])((?:\d{1,2}(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|last"
            r"|next|other|that|this|which|same|your)\s+)1(?![\w.,:/-])"
        ),
        r"\1one",
    ),
    # "you" and "thanks": a lone "u", a lone "ty" that ends its clause ("ok ty.", "ty!").
    (re.compile(r"(?<![\w'.-])u(?![\w'.-])"), "you"),
    (re.compile(r"(?<![\w'])ty(?=\s*(?:[.!,;:]|$))"), "thanks"),
    # "and" and "ok" as the one letter that opens the turn or a sentence ("n in 2016??",
    # "k thx").
    (re.compile(r"(?:^|(?<=[.!?]\s))n(?=\s+[^\W\d_])"), "and"),
    (re.compile(r"^k(?=[\s,.!])"), "ok"),
    # "back to" ("bk 2 X"), and "about" after a word that asks ("wat bout X").
    (re.compile(r"(?<![\w'])bk(?![\w'])"), "back"),
    (re.compile(r"(?<![\w'])(back|go|going|get|return)\s+2(?=\s+[^\W\d_])"), r"\1 to"),
    (
        re.compile(r"(?<![\w'])((?:what|how|more|me|talk|talking|forget)\s+)bout(?![\w'])"),
        r"\1about",
    ),
)


def _chat_short_forms(text: str) -> str:
    for pattern, meant in _CHAT_SHORT_FORMS:
        text = pattern.sub(meant, text)
    return text


# A polite condition ("if it's not too much trouble, ...", "if that's ok,", "if you don't
# mind,"): its "it" stands for nothing and its "don't" takes nothing back, so the turn is read
# without it, as a polite apology is.
_POLITE_CONDITION = re.compile(
    r"\bif\s+(?:(?:it|that)(?:'s|\s+is)\s+(?:not\s+too\s+much\s+(?:trouble|bother|to\s+ask)"
    r"|no\s+trouble|ok(?:ay)?|alright|all\s+right|possible|fine)(?:\s+with\s+you)?"
    r"|you\s+(?:don't|do\s+not|dont)\s+mind)[\s,.;:!-]*",
    re.IGNORECASE,
)

# A "no" that only reassures ("no rush, just curious", "no worries if not", "no pressure"): it
# takes nothing back, so it is left out as politeness, with the reassurance that follows it.
_POLITE_NO = re.compile(
    r"\bno\s+(?:rush|hurry|pressure|worries|stress|big\s+deal)\b(?:\s+if\s+not)?"
    r"(?:[\s,;:-]+(?:(?:i'?m|i\s+am)\s+)?(?:just|only)\s+(?:curious|wondering|asking))?[\s,.;:!-]*",
    re.IGNORECASE,
)

# A doubt that the listener knows the answer ("not sure you'd know this one, but", "no idea if
# you can answer this, but", "I doubt you'd know this one"): politeness before the question,
# taking nothing back; it is left out, with the "but" that leads on to the question.
_POLITE_DOUBT = re.compile(
    r"(?:^|(?<=[.!?\n]))\s*(?:(?:i'?m|i\s+am)\s+)?(?:not\s+(?:sure|convinced|certain)|no\s+idea"
    r"|dunno|(?:i\s+)?doubt|(?:i\s+)?don'?t\s+know)\s+(?:if\s+|whether\s+)?you(?:'d|'ll)?"
    r"(?:\s+(?:would|will|could|can|might|even))*"
    r"\s+(?:know|answer|have\s+(?:the\s+answer\s+to\s+)?)\s*(?:this|that)(?:\s+one)?"
    r"(?:\s+(?:either|at\s+all))?\s*[,.;:!\-\u2013\u2014]*\s*(?:but\s+)?",
    re.IGNORECASE,
)

# Chat markup that takes back what was typed: a struck-out span ("~~Game Boy~~ Tamagotchi")
# and an edit label after the text it amends ("where was X born? edit: Y"). Both are written
# out as the spoken retraction the self-repair reading already cuts at ("X, no wait, Y").
_STRUCK_OUT = re.compile(r"~~(?P<struck>[^~\n]+?)~~[ \t]*")
_EDIT_LABEL = re.compile(
    r"(?<=\S)\s*\bedit\s*(?::|-{1,2}|[\u2013\u2014])\s*"
    # "(edit - should say Y)": the words that say what the text should have read are the label's.
    r"(?:(?:it|that|this)\s+)?(?:should(?:\s+have|'ve)?\s+(?:say|said|read|be|been)\s+)?",
    re.IGNORECASE,
)


# Replacement notation: an arrow from what was typed to what is meant ("Rome -> Paris",
# "correction: Rome \u2192 Paris") and the substitution command "s/Rome/Paris/". An arrow
# counts only where the turn has one and asks nothing: a chain ("A -> B -> C") is a route or
# a sequence, and a question may ask about an arrow.
_ARROW = re.compile(r"\s*(?:-+>|=+>|\u2192|\u21d2|\u27f6)\s*")
# The command may stand after other words ("oops. s/X/Y/ in my last message", "read that as
# s/X/Y/g") and a mark may close it ("s/X/Y/, sorry").
_SUBSTITUTION = re.compile(
    r"(?:^|(?<=[\s(]))s/(?P<old>[^/\n]+)/(?P<new>[^/\n]+)/g?(?=[\s,.;:!?)]|$)"
)


# The erratum formula "for X read Y" ("erratum: for Rome read Paris", "for 'Rome', please read
# 'Paris'"): opening the turn or after a label or a dash, what follows "for" was printed by
# mistake and what follows "read" is meant.
_ERRATUM = re.compile(
    r"(?:^|(?<=[:.!?\n])|(?<=\s[-\u2013\u2014]))\s*for\s+(?P<old>\"[^\"\n]+\"|[^,.;:!?\"\n]+?)"
    r"\s*,?\s+(?:please\s+)?read\s+(?P<new>\"[^\"\n]+\"|[^,.;:!?\"\n]+)(?![^.!\n]*\?)",
    re.IGNORECASE,
)


def _erratum_written_out(found: re.Match[str]) -> str:
    old, new = (found.group(part).strip('"') for part in ("old", "new"))
    return f"{' ' if found.start() else ''}{old}, no wait, {new}"


# A list posted again with some of its items struck out ("~~Vertigo~~, Metropolis, Chinatown",
# "- ~~A~~\n- B\n- ~~C~~", "updated list: B, ~~C~~, ~~A~~."): the struck items are taken off
# the list, the items left are options kept, neither asked about nor taken back. A piece of
# the turn (a line, or a sentence of one) that asks nothing and holds, besides its struck
# spans, only short items between list separators (commas, "and", "or", slashes, bullets,
# after a label such as "updated list:") is such a list; it is read as the refusal of its
# struck items ("not Vertigo, not Chinatown.") where the rest of the turn asks something,
# types none of the struck items again (that is a repair: "where was X born?\n~~X~~ Y"), and
# leaves the kept items nothing to carry: two or more are struck or kept, or the rest types
# a word of them again. One struck name beside one other with nothing asked about either
# ("~~Valparaiso~~ Cusco\nwhat language do people speak there?") stays a repair.
_TURN_PIECE = re.compile(r"[^\n.!?]*(?:[.!?]+(?=\s|$)|\n|$)")
_LIST_LABEL = re.compile(r"^\s*(?:[^\W\d_]+\s+){0,2}[^\W\d_]+\s*:\s*")
_LIST_SEPARATOR = re.compile(r"\s*(?:[,;/|&\u2022*]|^\s*[-\u2013\u2014]|\band\b|\bor\b)\s*")
_LIST_ITEM_WORDS = 4
_ITEM_WORD = re.compile(r"[^\W_]{3,}")


def _kept_items(piece: str) -> list[str] | None:
    """The items of a list piece left after its struck spans, or None where the piece holds
    more than short items between separators."""
    body = _LIST_LABEL.sub("", piece.strip().rstrip(".!"), count=1)
    # A struck item stands as an item: at the list's start or after a separator ("I liked
    # ~~X~~ a lot" strikes a word of a sentence).
    for found in _STRUCK_OUT.finditer(body):
        before = body[: found.start()]
        if before.strip() and not _LIST_SEPARATOR.search(before[-3:] + " "):
            return None
    rest = _STRUCK_OUT.sub(" , ", body)
    items = [item.strip() for item in _LIST_SEPARATOR.split(rest) if item.strip()]
    if any(len(item.split()) > _LIST_ITEM_WORDS for item in items):
        return None
    return items


def _bulleted(piece: str) -> bool:
    return piece.lstrip()[:1] in ("-", "*", "\u2022")


def _struck_list_read(text: str) -> str:
    """`text` with a list posted again with struck items read as their refusal (see above);
    `text` itself for any other turn."""
    pieces = [m for m in _TURN_PIECE.finditer(text) if m.group().strip()]
    chosen = {index for index, piece in enumerate(pieces) if _STRUCK_OUT.search(piece.group())}
    # The other lines of a bulleted list that holds a struck line belong to it.
    for index in sorted(chosen):
        if not _bulleted(pieces[index].group()):
            continue
        for step in (-1, 1):
            at = index
            while 0 <= at + step < len(pieces) and _bulleted(pieces[at + step].group()):
                low, high = sorted((at, at + step))
                if "\n\n" in text[pieces[low].end() - 1 : pieces[high].start()]:
                    break
                at += step
                chosen.add(at)
    listed = [pieces[index] for index in sorted(chosen)]
    struck: list[str] = []
    kept: list[str] = []
    for piece in listed:
        items = _kept_items(piece.group()) if "?" not in piece.group() else None
        if items is None:
            return text
        struck += [m.group("struck").strip() for m in _STRUCK_OUT.finditer(piece.group())]
        kept += items
    if not struck:
        return text
    rest = "".join(" " if p in listed else p.group() for p in pieces)
    folded = rest.casefold()
    if "?" not in rest or any(
        re.search(rf"(?<!\w){re.escape(name.casefold())}(?!\w)", folded) for name in struck
    ):
        return text
    rest_words = set(_ITEM_WORD.findall(folded))
    kept_words = {w for item in kept for w in _ITEM_WORD.findall(item.casefold())}
    if len(struck) + len(kept) < 3 and not kept_words & rest_words:
        return text
    refusal = ", ".join(f"not {name}" for name in struck) + ". "
    read = text[: listed[0].start()] + refusal
    at = listed[0].end()
    for piece in listed[1:]:
        read += text[at : piece.start()].strip()
        at = piece.end()
    return read + text[at:].lstrip(" \t")


# Points the user numbers in one line ("(1) skip X (2) skip Y (3) so did Z win?"): each point
# is a clause of its own, so a point that runs into the next label without a mark is closed
# with a semicolon, and what one point says does not reach into the next.
_POINT_LABEL = re.compile(r"\(\s*(?P<number>[1-9])\s*\)")


def _points_closed(text: str) -> str:
    pieces: list[str] = []
    for line in text.split("\n"):
        labels = list(_POINT_LABEL.finditer(line))
        numbers = [int(label.group("number")) for label in labels]
        if len(labels) < 2 or numbers != list(range(1, len(labels) + 1)):
            pieces.append(line)
            continue
        closed, at = "", 0
        for label in labels[1:]:
            before = line[at : label.start()].rstrip()
            closed += before + ("; " if before[-1:].isalnum() else " ")
            at = label.start()
        pieces.append(closed + line[at:])
    return "\n".join(pieces)


# The keys that undo what was typed ("cmd+Z", "ctrl-z"): written out as the word, so the "Z."
# of "cmd+Z. Lisbon" is not read as a name's initial.
_UNDO_KEYS = re.compile(r"\b(?:ctrl|cmd|command|control)\s*[+\-]\s*z\b", re.IGNORECASE)


# A later line of the message that says what the question above should have said ("...?\n
# PLOT TWIST: that should say Y", "...?\n(a second later: it should read Y, sorry)") or that
# points up at it with a caret and gives a name ("...?\n^ Y!! these gloves"): an edit of the
# question, written out as the spoken retraction. Only right after a question's mark, so a
# remark about what some text should say elsewhere is left alone.
_LINE_BELOW_FIX = re.compile(
    r"(?<=\?)[ \t]*\n+[ \t]*(?:\(?[^\n?]{0,40}?[\s:(]\s*)?"
    r"(?:that|it|this)\s+should(?:\s+have|'ve)?\s+(?:say|said|read)\s+"
    r"|(?<=\?)[ \t]*\n+[ \t]*\^+[ \t]*(?!(?:the|that|this|it|i|a|an|same)\b)"
    r"(?=(?-i:[A-Z0-9])[\w'-]*(?:\s+(?-i:[A-Z0-9])[\w'-]*){0,3}\s*!*[.!]?(?:\s|$))",
    re.IGNORECASE,
)


def _retractions_written_out(text: str) -> str:
    text = _struck_list_read(_points_closed(_UNDO_KEYS.sub("undo", text)))
    text = _LINE_BELOW_FIX.sub(" no wait, ", text)
    text = _EDIT_LABEL.sub(" no wait, ", _STRUCK_OUT.sub(r"\g<struck>, no wait, ", text))
    text = _SUBSTITUTION.sub(r"\g<old>, no wait, \g<new>", text)
    text = _ERRATUM.sub(_erratum_written_out, text)
    if len(_ARROW.findall(text)) == 1 and "?" not in text:
        text = _ARROW.sub(", no wait, ", text)
    return text


# An apology or interjection of repair that opens a sentence and runs into a capitalised word
# ("..., Y. sorry Details?", "oops Where was it?", "my bad about that Who wrote it?"): the
# capital opens the next sentence, as in chat the stop after an interjection is left out, so
# the stop is written in and the word is not read as a name typed after the repair.
_RUN_ON_INTERJECTION = re.compile(
    r"(?:^|(?<=[.!?]\s))\s*(?:sorry|oops|whoops|ugh|apologies|my\s+(?:bad|mistake))"
    r"(?:\s+(?:about|for)\s+(?:that|this|the\s+[^\W\d_]+(?:-[^\W\d_]+)?))?(?=(?-i:\s+[A-Z][a-z]))",
    re.IGNORECASE,
)
# An emoji between two words closes the sentence before it ("that's put me off X 😬 who
# invented Y?"): a face or a picture stands where the stop would. A stance symbol ("X 👎
# who directed Y?") is read by `stance_marks` where it stands and keeps its place.
_EMOJI_RUN_ON = re.compile(
    r"(?<=\w)([ \t]+)"
    r"((?:[\U0001f300-\U0001faff\u2600-\u27bf][\ufe0f\u200d\U0001f3fb-\U0001f3ff]*)+)"
    r"(?=[ \t]+\w)"
)


def _emoji_stops(text: str) -> str:
    def stop(match: re.Match[str]) -> str:
        if any(character in SYMBOLS for character in match.group(2)):
            return match.group()
        return f"{match.group(1)}{match.group(2)}."

    return _EMOJI_RUN_ON.sub(stop, text)


# An apology for moving to another subject ("new subject, sorry", "sorry, different topic",
# "sorry for the change of topic"): it apologises for the shift, takes nothing back, and is
# left out as a polite apology is; the words that announce the shift stay.
_SHIFT = (
    r"(?:(?:a|an|totally|completely|entirely|quite|somewhat)\s+)*"
    r"(?:new|different|unrelated|random|separate|other|another|off[\s-]topic)\s+"
    r"(?:subject|topic|question)"
)
_SHIFT_APOLOGY = re.compile(
    rf"(?P<shift>\b{_SHIFT})\s*[,;:\-\u2013\u2014]?\s*(?:so\s+)?sorry\b"
    rf"|\bsorry\s*[,;:\-\u2013\u2014]?\s*(?P<after>{_SHIFT}\b)"
    r"|\bsorry\s+(?:for|about)\s+(?:the\s+)?(?:(?:abrupt|sudden|quick)\s+)?"
    r"(?:change\s+of\s+(?:subject|topic)|(?:topic|subject)\s+(?:change|switch)|tangent|switch"
    r"|jump|detour)\b",
    re.IGNORECASE,
)


def _shift_announced(match: re.Match[str]) -> str:
    return match.group("shift") or match.group("after") or ""


# A signature that closes a message ("... Thanks, Sam", "cheers, K.", "Best,\nJo", "-- Jo"):
# a closing word of thanks or greeting, or a dash, after the end of a sentence or a line
# break, then a short capitalised name (a word or an initial, one to three) and nothing after.
# The name signs the message; it is no name the message speaks of.
SIGNATURE: re.Pattern[str] = re.compile(
    r"(?:(?<=[.!?\n])|(?<=[.!?][ \t])|(?<=[.!?][ \t]{2}))[ \t]*"
    r"(?P<closing>(?:(?:many|big)\s+)?(?:thanks|thank\s+you|thx|ty|cheers|ta|best|regards"
    r"|(?:kind|warm|best)\s+regards|best\s+wishes|all\s+the\s+best|love|bye|yours)"
    r"(?:\s+(?:again|so\s+much|a\s+lot|in\s+advance))?[ \t]*(?:[,\-\u2013\u2014]+[ \t]*)?\n?"
    r"|(?:--|(?<=\n)-)[ \t]*)"
    r"(?P<name>(?-i:[A-Z][a-z]*\.?)(?:[ \t]+(?-i:[A-Z][a-z]*\.?)){0,2})[ \t]*[.!]*\s*$",
    re.IGNORECASE,
)


# A line that opens with a dash: an item of a list written with dashes.
_DASHED_LINE = re.compile(r"^[ \t]*-[ \t]*\S", re.MULTILINE)


def _closes_dashed_list(text: str, found: re.Match[str]) -> bool:
    """Whether the signature `found` is a line "- Name" after other lines that open with a
    dash: the last item of a list ("Three good ones:\n- Danube\n- Mekong\n- Douro"), not a
    name signing the message."""
    closing = found.group("closing").strip()
    return closing == "-" and _DASHED_LINE.search(text, 0, found.start("closing")) is not None


def without_signature(text: str) -> str:
    """`text` without the name of a signature that closes it (`SIGNATURE`); its closing word
    stays, a remark of thanks."""
    found = SIGNATURE.search(text)
    if found is None or _closes_dashed_list(text, found):
        return text
    return text[: found.start("name")].rstrip(" \t\n-\u2013\u2014")


# A page title pasted in quotes with the site it was found on after a spaced dash or bar
# ('found this: "Amelie - Wikipedia"', '"Kyoto | Britannica"'): where the turn types the
# page's name again outside the quotes, the part after the mark names the site, not what is
# asked, and is read away.
_PASTED_TITLE = re.compile(
    r'"(?P<page>[^"\n]{1,80}?)\s+[-\u2013\u2014|\u00b7\u2022]\s+'
    r'(?P<site>(?-i:[A-Z])[\w.]*(?:\s+(?-i:[A-Z])[\w.]*){0,2})"'
)


def _without_site(text: str) -> str:
    def read(found: re.Match[str]) -> str:
        rest = (text[: found.start()] + " " + text[found.end() :]).casefold()
        page = found.group("page").strip()
        if page and page.casefold() in rest:
            return f'"{page}"'
        return found.group()

    return _PASTED_TITLE.sub(read, text)


# The mark that opens a postscript ("P.S.", "PS:", "p.s.", "ps -", "P.P.S.", "(ps: ...",
# "postscript:"): where a sentence, a line or a bracket opens. The mark says only that more
# follows; what follows is read as a sentence of its own. Without full stops the mark counts
# only before a colon, comma or dash, or before a word in lower case or "I" ("PS Vita" and
# "PS5" are names).
_POSTSCRIPT_MARK = re.compile(
    r"(?P<before>^|(?<=[.!?])[ \t]+|(?<=[(\[])[ \t]*|(?<=\n)[ \t]*)"
    r"(?:(?i:p\.(?:p\.)?s)\.?(?:[ \t]*[:,\-\u2013\u2014][ \t]*|[ \t]+|$)"
    r"|(?i:p?ps|post[- ]?script)(?:[ \t]*[:,\-\u2013\u2014.][ \t]*|[ \t]+(?=[a-z]|I\b)))",
    re.MULTILINE,
)


def without_postscript_mark(text: str) -> str:
    """`text` with the mark of each postscript taken out ("who directed Up?\n\nP.S. I'll be
    offline" reads "who directed Up?\n\nI'll be offline"); the sentence after it stays."""
    return _POSTSCRIPT_MARK.sub(lambda found: found.group("before"), text)


def spelled_slips(text: str) -> str:
    """`text` with each slip of a word the cues read spelled out (`_SPELLED_AS`: "nothnig",
    "plaese", "abuot"), case kept as typed; every other character as typed."""
    return _TYPED_WORD.sub(_spelled_out, text)


def normalise_turn(text: str) -> str:
    """`text` without the name of a signature that closes it (`without_signature`) and
    without the marks of its postscripts (`without_postscript_mark`), read as
    `normalise_words` reads it."""
    return normalise_words(_without_site(without_postscript_mark(without_signature(text))))


def normalise_words(text: str) -> str:
    """`text` with curly apostrophes and quotes made straight, an ellipsis as three dots, a
    struck-out span, an "edit:" label or a replacement notation ("X -> Y", "s/X/Y/") as a
    spoken retraction (`_retractions_written_out`), chat
    spellings and slips of the small words a turn's shape is read from written out
    (`_CHAT_SPELLINGS`, `_SPELLED_AS`), and an apology, a condition, a reassuring "no" or a
    doubt that the listener knows that is only politeness left out (`_POLITE_APOLOGY`,
    `_POLITE_CONDITION`, `_POLITE_NO`, `_POLITE_DOUBT`)."""
    straight = (
        text.replace("\u2019", "'")
        .replace("\u2018", "'")
        .replace("\u201c", '"')
        .replace("\u201d", '"')
        .replace("\u2026", "...")
    )
    spelled = _chat_short_forms(_TYPED_WORD.sub(_spelled_out, _retractions_written_out(straight)))
    spelled = _emoji_stops(_RUN_ON_INTERJECTION.sub(r"\g<0>.", spelled))
    spelled = _chat_places(spelled)
    polite = _SHIFT_APOLOGY.sub(_shift_announced, _POLITE_APOLOGY.sub("", spelled))
    return _POLITE_DOUBT.sub("", _POLITE_NO.sub("", _POLITE_CONDITION.sub("", polite)))


def _chat_places(text: str) -> str:
    """`text` with a place typed in chat spelling written out ("wat bout da 2nd 1" reads
    "what about the 2nd one"): "da"/"tha" only as the determiner of an ordinal ("da Silva"
    is a name), "1" only as the word after one, "bout" only after "what"/"how"."""
    text = _CHAT_DETERMINER.sub("the ", text)
    text = _BARE_PLACE.sub(lambda match: f"{match.group('lead')}the {match.group('word')}", text)
    text = _CHAT_ONE.sub(lambda match: match.group("ordinal").rstrip() + " one", text)
    return _CHAT_ABOUT.sub(lambda match: match.group("asking") + " about", text)


_CHAT_DETERMINER = re.compile(
    r"(?<!['\u2019])\b(?:da|tha|teh|d)\s+(?=(?:1st|2nd|3rd|[4-9]th|10th|first|second|third|fourth|fifth|last"
    r"|next|middle|other)\b)",
    re.IGNORECASE,
)
# A place said without its article where a sentence starts ("last of the three then:", "First
# one, please - ..."): chat drops it. Only before "of the <count>" or a "one" that ends the
# phrase, so "first one to climb it?" asks no place; "Last one, I promise" is the last question.
_BARE_PLACE = re.compile(
    r"(?P<lead>(?:^|[\n.!?]\s*|\b(?:ok(?:ay)?|so|right|fine|alright)[,.]?\s+))"
    r"(?P<word>(?:first|second|third|fourth|fifth|last|middle)\s+of\s+the\s+(?:two|three|four"
    r"|five|[2-5])\b|(?:first|second|third|fourth|fifth|middle)\s+"
    r"one(?=\s*(?:then|please|now)?\s*(?:[,.:!?\n]|\s[-\u2013\u2014]\s|$)))",
    re.IGNORECASE,
)
_CHAT_ONE = re.compile(
    r"\b(?P<ordinal>(?:1st|2nd|3rd|[4-9]th|10th)\s*|(?:first|second|third|fourth|fifth|last"
    r"|next|middle|other)\s+)1\b(?![\d.,:/])",
    re.IGNORECASE,
)
_CHAT_ABOUT = re.compile(r"\b(?P<asking>what|how)\s+bout\b", re.IGNORECASE)


_THINGS = "guy|person|man|woman|one|page|film|movie|album|song|band|team|company"
# Phrases that more than one family reads, each written once here.
_I_MEANT = r"\bi\s+meant\b"
_I_MEAN = r"\bi\s+mean\b"
_SORRY = r"\bsorry\b"
# "not" that rejects something, not "not really", "not sure", "not just"...
_REJECTING_NOT = r"not\s+(?!(?:really|sure|quite|exactly|yet|now|only|just)\b)"
_NOT_WHAT_I = r"\bnot\s+what\s+i\s+(?:asked|meant|wanted|was\s+asking)"
# "the other one", "the other of the two", "the other one of that pair": the one of two
# the talk is not on.
_THE_OTHER = (
    r"\bthe\s+other\s+(?:(?:one\s+)?of\s+(?:the|those|these|them|my|your|our|that|this)"
    r"(?:\s+(?:two|pair|both))?(?=\W|$)|one|guy|person|man|woman|band|team|film|company)"
)
# "the other one" set off after a name ("Now Pete Conrad, the other one I brought up: ..."):
# an apposition that says which of two the typed name is, not a correction.
OTHER_AFTER_NAME: re.Pattern[str] = re.compile(r"\s*,\s*" + _THE_OTHER + r"\b", re.IGNORECASE)
# The cue "the other one" alone, as `CORRECTION` holds it.
THE_OTHER_TEXT = rf"{_THE_OTHER}\b"
_YOU_MISUNDERSTOOD = r"\byou\s+(?:misunderstood|got\s+it\s+wrong"
_BORN = r"\bborn\b"
_GROW_UP = r"\bgr[eo]w\s+up\b"
_DIED = r"\bdied\b"

# --- corrections: the user rejects how the previous turn was understood ---------------------
# A rejection by name only: "Not X: ...", "..., not X", "X rather than Y" (or "instead of Y",
# "in place of Y"). On its own such a cue is a correction only when the name after it is a
# topic the memory holds (the writer checks); "is it safe, not harmful?" rejects nothing.
NAMED_REJECTION_TEXT: tuple[str, ...] = (
    rf"^\s*(?:no[,.!]?\s+)?{_REJECTING_NOT}[^,.;:!?]+[,.;:!-]",
    r",\s*(?:and\s+|but\s+)?not\s+(?=(?:the\s+|a\s+|an\s+)?[^\s,.;:!?])",
    r"\b(?:rather\s+than|instead\s+of|in\s+place\s+of)\b",
)
NAMED_REJECTION: tuple[re.Pattern[str], ...] = _compile(*NAMED_REJECTION_TEXT)
CORRECTION: tuple[re.Pattern[str], ...] = _compile(
    _I_MEANT,
    _I_MEAN,
    r"\bnot\s+that\s+one\b",
    rf"\bnot\s+th(?:at|is)\s+(?:{_THINGS})\b",
    # "that's not the one I had in mind", "not the film we meant": the speaker's own wish.
    rf"\bnot\s+the\s+(?:{_THINGS})\s+(?:i|we)\b",
    rf"\bwrong\s+(?:{_THINGS}|answer)\b",
    rf"\b(?:that|this|it)(?:'s|\s+is|\s+was)\s+{_NOT_WHAT_I[2:]}\b",
    r"\bthat(?:'s|\s+is|\s+was)\s+not\s+my\s+question\b",
    r"\bnot\s+what\s+i\s+(?:asked|meant)\b",
    r"\bi\s+was\s+(?:asking|talking)\s+about\b",
    r"\bi(?:'m|\s+am)\s+(?:asking|talking)\s+about\b",
    r"\bnot\s+(?:him|her|them)\b",
    THE_OTHER_TEXT,
    r"^\s*no+[,.!]",
    r"^\s*nope\b",
    rf"{_YOU_MISUNDERSTOOD}|answered\s+for\s+the\s+wrong)\b",
    # "I should have said X", "I should've asked about X": the user repairs their own wording.
    r"\bi\s+should(?:\s+have|'ve)\s+(?:said|asked|written|typed|put|been\s+clearer)\b",
    # "that last one should have been: ...", "my previous question should've read ...": the
    # user's own last question, said to be what it should have been, is repaired.
    r"\b(?:that|this|my)\s+(?:(?:last|previous|latest)\s+)?(?:one|question|message|query)\s+"
    r"(?:should(?:\s+have|'ve)|was\s+(?:supposed|meant)\s+to)\s+(?:been|be|said|say|read|asked)\b",
    # "Wait, that should have been Moonlight" as a turn of its own: the name typed after it
    # (capitalised, so not "that should have been obvious") replaces the one just asked about.
    r"^\s*(?:(?:wait|oh|oops|sorry|hmm|argh|ugh)[\s,.!\-\u2013\u2014]+)*(?:that|it|this)\s+"
    r"should(?:\s+have|'ve)\s+been\s+(?=(?:the\s+)?(?-i:[A-Z0-9]))",
    # "my question was about X", "the question is regarding X", "the question was for X"
    r"\b(?:my|the)\s+question\s+(?:was|is)\s+(?:really\s+|actually\s+)?"
    r"(?:about|regarding|concerning|on|for)\b",
    r"\bi(?:'m|\s+am|\s+was)\s+(?:referring|thinking)\s+(?:to|of|about)\b",
    r"\bwhat\s+i\s+(?:wanted|want|was\s+trying|meant)\s+(?:to\s+(?:know|ask)\s+)?(?:about\s+)?"
    r"(?:was|is)\b",
    *NAMED_REJECTION_TEXT,
)

# In a turn that corrects the question, what follows "not" (or "rather than", "instead of",
# "in place of") is what the user does not want: it is left out of the query ("I meant all
# games, not specific to the Mars game"; "can we do X rather than Y?").
REJECTED_PHRASE: re.Pattern[str] = re.compile(
    rf"\b(?:{_REJECTING_NOT}|rather\s+than\b|inste?a?d\s+of\b|in\s+place\s+of\b)[^,.;:!?]+", _FLAGS
)

# The words right after these name what the user meant ("oh I meant saturn"): a name typed
# in lower case there is looked up among page titles and the names the memory knows.
INTENDED: re.Pattern[str] = re.compile(
    r"\b(?:i\s+meant|i\s+was\s+(?:asking|talking)\s+about|i(?:'m|\s+am|\s+was)\s+"
    r"(?:referring|thinking)\s+(?:to|of|about)|i\s+should(?:\s+have|'ve)\s+(?:said|asked"
    r"(?:\s+about)?)|(?:my|the)\s+question\s+(?:was|is)\s+(?:really\s+|actually\s+)?"
    r"(?:about|regarding|on|for))[\s:,]+"
    r"(?:the\s+)?(?P<phrase>[^\s,.;:!?][^,;:!?]*)",
    _FLAGS,
)

# The words right after these correction cues may also name what was meant, in any case ("not
# that one, apollo 12", "no, the other one: apollo 12", "wrong one - saturn"). They are read as
# the words after an intended cue are: a title or known name, else a short name-like phrase.
CORRECTED_TO: re.Pattern[str] = re.compile(
    rf"(?:\bnot\s+th(?:at|is)\s+(?:{_THINGS})|\bwrong\s+(?:{_THINGS}|answer)"
    rf"|{_THE_OTHER}"
    rf"|{_NOT_WHAT_I}(?:\s+(?:about|for))?"
    r"|\bnot\s+my\s+question|\bnot\s+(?:him|her|them)|^\s*(?:no+|nope)\b"
    rf"|{_YOU_MISUNDERSTOOD}))"
    r"[\s:,.!\-]+(?:the\s+)?(?P<phrase>[^\s,.;:!?][^,;:!?]*)",
    _FLAGS,
)

# Words after the phrase an intended cue introduces that are not part of what was meant
# ("I meant X specifically").
INTENDED_TRAILERS: frozenset[str] = _words(
    "specifically exactly actually instead rather then though please really only sorry"
)

# The correction patterns that, with words of their own after them, restate the question
# rather than reject the topic.
CLARIFYING_CORRECTION: frozenset[str] = frozenset({_I_MEAN})

# --- self-repair: a correction revised inside the same turn; the last repair wins ------------
# A turn is cut at each marker; the segments are read left to right and the last one that
# names a referent decides.
SELF_REPAIR_SPLIT: re.Pattern[str] = re.compile(
    rf"(?:\.\.\.|\bwait\b|\bactually\b|\bor\s+rather\b|\bscratch\s+that\b|{_I_MEAN}"
    rf"|{_SORRY}|\bno\s+no\b|(?:^|[\s,.;!])no[,.!])",
    _FLAGS,
)

# A slip noticed late: how long it lasted ("this whole time", "all along") and the noticing
# ("I just realised", "I've been saying X"): they say when the user saw the slip, never what
# is asked, and stand beside the correction as its cue does.
SLIP_NOTICED: re.Pattern[str] = re.compile(
    r"\b(?:this|the)\s+(?:whole|entire)\s+time\b|\ball\s+(?:along|this\s+time)\b"
    r"|\bi\s+(?:just\s+|only\s+just\s+)?(?:realis|realiz|notic)(?:ed|e)\b(?:\s+that)?"
    r"|\bi(?:'ve|\s+have)\s+been\s+(?:saying|typing|writing|asking\s+about)\b"
    r"(?=[^.!?]*\bwhen\s+i\s+meant\b)|\bwhen\s+(?=i\s+meant\b)",
    _FLAGS,
)

# --- name roles: what a correcting turn binds to each name it types (spec/writer-cues-roles.md)
# A retraction takes back what the user typed before it ("Rome... no, Paris", "Rome, wait,
# Paris", "how long is X? sorry no, how long is Y?"): a name typed before the last one that
# follows a retraction is retracted. "no" as a determiner ("no one", "no longer") retracts
# nothing.
# What a search turns up about a name, after "no <name>": "no Parasite stuff please", "no Rome
# results", "(no Kyoto content)".
_NO_NAME_STUFF = (
    r"\s+[^.,;:!?()\n]{1,40}?\s(?:stuff|content|results|info|information|pages|articles"
    r"|material|links|hits)\b"
)
# An apology for the jump to another subject ("sorry for changing the subject", "apologies,
# totally different thing", "sorry, my mind's wandering", "sorry to switch topics"): the
# user excuses the move, not a slip, so the apology takes nothing back.
_JUMP_EXCUSED = (
    r"[\s,.!:\-\u2013\u2014]*"
    # "sorry, I know that's a jump", "sorry if this is a bit random"
    r"(?:(?:i\s+know|i\s+reali[sz]e|if|as)\s+(?:that|this|it)(?:['\u2019]s|\s+is|\s+was)\s+)?"
    r"(?:(?:a|an|such\s+an?|quite\s+an?|bit\s+of\s+an?|big|huge|total|weird|odd)\s+)*"
    r"(?:for\s+(?:the\s+)?|to\s+)?(?:chang|switch|jump|hopp|veer"
    r"|random|abrupt|sudden|tangent|detour|off[-\s]?topic|(?:go|going|get|getting)\s+off"
    r"|(?:(?:totally|completely|entirely|quite|a\s+bit|bit\s+of\s+an?)\s+)?(?:different|unrelated"
    r"|random|new\s+(?:topic|subject))|my\s+mind(?:'s|\s+is)?\s+wander)"
)
_FOR_THE_JUMP = rf"(?!{_JUMP_EXCUSED})"
JUMP_APOLOGY: re.Pattern[str] = re.compile(
    rf"\b(?:sorry|apolog(?:y|ies|ise|ize))\b(?={_JUMP_EXCUSED})", _FLAGS
)
# A grawlix, a swear typed as a run of symbols ("#$%&", "@#!", "!@#$"): at least two of
# "#$%&@" (so a lone "*Y" repair, "**bold**" or "C#" is none), standing as a word of its own.
GRAWLIX = r"(?<![^\s(])[!*]*[#$%&@][!*#$%&@]*[#$%&@][!*#$%&@]*(?![^\s,.;:)])"
# Thanks in English and in the languages a chat may borrow a polite "no" from ("no,
# gracias", "nein danke", "non merci").
_THANKS = r"(?:thanks?|thank\s+you|ta|gracias|merci|danke|grazie|obrigad[oa]|dank\s+je)\b"
# A clause of thanks alone ("gracias 😅)", "merci!"): it asks nothing the search should read.
THANKS_CLAUSE: re.Pattern[str] = re.compile(rf"\W*{_THANKS}\W*", _FLAGS)
# "sorry X, you're out", "sorry X and Y, you've both been eliminated": an apology addressed to
# names (a vocative) takes nothing back.
_SORRY_TO_NAMES = r"(?!\s+[A-Z][^,.!?\n]{0,60},\s*you(?:'re|'ve|\s+are|\s+have|\s+both)\b)"
RETRACTION: re.Pattern[str] = re.compile(
    # "no to X" refuses X (`SETTING_ASIDE_PHRASE`), as "X is a no" does (`REFUSED_PREDICATE`):
    # neither takes back what was typed before it.
    r"\.\.\.|\u2026"
    # "no" after an existential "there" determines its noun ("imagine there was no X",
    # "what if there were no X?"): a negation of existence, no retraction.
    r"|(?<!\ba\s)(?<!\bthere\sis\s)(?<!\bthere\swas\s)(?<!\bthere\sare\s)(?<!\bthere\swere\s)"
    r"(?<!\bthere's\s)(?<!\bthere\sbe\s)"
    # "I say no X" refuses X (`SETTING_ASIDE_PHRASE`), as "no to X" does.
    r"(?<!\bsay\s)(?<!\bsays\s)(?<!\bsaid\s)(?<!\bsaying\s)"
    r"\bno+\b(?!\s+(?:one|longer|more|matter|doubt|idea|way|sense|need|to|on)\b)"
    # "X? no thanks", "X? no, gracias": declining the name offered (`VERDICT_AFTER`), no
    # retraction of the names before it; on its own line ("> X\nno thanks.") it still is one.
    rf"(?!(?<=\?\sno)[\s,]+{_THANKS})(?!(?<=\?no)[\s,]+{_THANKS})"
    # "no X stuff please" turns X down as its object (`SETTING_ASIDE_PHRASE`), no retraction.
    rf"(?!{_NO_NAME_STUFF})"
    r"|\bnope\b(?!\s+(?:to|on)\b)|\bwait\b|\bactually\b|\bhang\s+on\b|\bhold\s+on\b"
    r"|\bscratch\s+that\b"
    rf"|\bor\s+rather\b|\bsorry\b{_FOR_THE_JUMP}{_SORRY_TO_NAMES}|\bugh\b|\boops\b|\bi\s+mean\b(?!t)|\bcorrection\b"
    # A cry of annoyance at one's own slip takes it back as "ugh" does ("1996 - argh, 1995").
    r"|\ba+r+g+h+\b|\bgah\b|\bd'?oh\b|\bdrat\b"
    # A grawlix, the typed swear ("#$%&", "@#!"), is that cry in symbols.
    rf"|{GRAWLIX}"
    # Undoing what was typed ("undo that"; the keys "ctrl+z", "cmd-Z" are read as the word).
    r"|\bundo\b"
    # An apology or an admission of a slip ("apologies, I misspoke: Y", "my mistake, Y") takes
    # back what came before it as "sorry" does.
    rf"|\bapolog(?:y|ies|ise|ize)\b{_FOR_THE_JUMP}|\bi\s+misspoke\b|\bmy\s+(?:bad|mistake)\b"
    # Owning up to a wrong name ("not that either", "I named the wrong page there, it's Y",
    # "I mixed them up, I need Y") takes back the names before it as a bare "no" does.
    r"|\bnot\s+that(?:\s+one)?\s+either\b|\bnot\s+that\s+one\b"
    r"|\b(?:named|typed|wrote|said|gave|picked|put|used)\s+the\s+wrong\b"
    r"|\bwrong\s+(?:page|one|name|title|thing)\b"
    r"|\b(?:mixed|mixing|muddled)\s+(?:them|those|these|it|that|the\s+\w+)\s+up\b"
    r"|\bconfused\s+the\s+(?:names|pages|titles)\b",
    _FLAGS,
)
# "I wrote X instead of Y" owns up to a slip: X was typed by mistake and Y is meant, the
# reverse of "Y instead of X" (spec/writer-cues-roles.md#writer-cues-roles.typed-instead).
# The one who typed may be the speaker's hands or device ("my fingers typed X", "my phone
# put X"), or the speaker left out after "and" ("I was thinking Y and wrote X").
# A tool that writes or completes text for the speaker is no chooser: what it put in, picked or
# suggested is the slip ("the suggestion bar picked X instead of Y", "autocomplete swapped in
# X"), where "the jury picked X instead of Y" reports a choice and X stands.
_TEXT_TOOL = (
    r"\b(?:(?:my|the)\s+)?(?:phone(?:'s)?\s+)?(?:keyboard|phone|auto-?correct(?:ion)?"
    r"|auto-?complete|auto-?fill|spell-?check(?:er)?|predictive\s+text"
    r"|(?:word\s+)?suggestions?(?:\s+(?:bar|strip))?|dictation|voice\s+typing|swipe\s+typing)"
)
TYPED_BY_MISTAKE: re.Pattern[str] = re.compile(
    r"(?:\bi\s+(?:wrote|typed|put|said|entered|used|gave|picked|pasted)"
    r"|\bmy\s+(?:fingers?|hands?|thumbs?)\s+(?:wrote|typed|put|entered)"
    rf"|{_TEXT_TOOL}\s+(?:wrote|typed|put|entered|picked|chose|suggested|offered|inserted"
    r"|filled\s+in|swapped\s+in|went\s+with|changed\s+it\s+to)"
    r"|\band\s+(?:wrote|typed))\s+(?:in\s+)?$",
    _FLAGS,
)
# A text tool as the subject of a verb of change ("my phone keeps changing X to Y",
# "autocorrect swapped X for Y"): the tool's change is the slip, so X, the name it changed, is
# the one meant, and Y, what it wrote, is taken back.
TOOL_SUBSTITUTING: re.Pattern[str] = re.compile(
    rf"{_TEXT_TOOL}\s+(?:(?:keeps|kept|always|just|again|has|had|will|would)\s+)*"
    r"(?:replac|swap|switch|chang|turn)\w*\s+(?:my\s+)?$",
    _FLAGS,
)
INSTEAD_OF: re.Pattern[str] = re.compile(
    r"\s*,?\s*(?:inste?a?d\s+of|in\s+place\s+of|rather\s+than)\s*", _FLAGS
)


def without_replaced(text: str, name: str) -> str:
    """`text` without "instead of", "in place of" or "rather than" and the taken-back `name`
    right after it ("could you put X in place of Y?" asks "could you put X?")."""
    if not name.strip():
        return text
    replaced = re.compile(
        INSTEAD_OF.pattern + r"(?:the\s+)?" + re.escape(name) + r"(?!\w)", re.IGNORECASE
    )
    return replaced.sub("", text)


# A negation binds to the next name of its clause ("not Rome", "I didn't ask about Rome",
# "Rome is no longer an option",
# "rather than Rome", "in place of Rome", "forget Rome", "nvm Rome"); with no name after it in
# the clause, to the
# name before
# ("Rome is wrong", "Rome isn't it").
NEGATION: re.Pattern[str] = re.compile(
    r"\b(?:not|never|neither|nor|no\s+longer|wrong|incorrect|mistaken|rather\s+than"
    r"|instead\s+of|in\s+place\s+of|forget"
    r"|ignore|scratch)\b"
    r"|\bnvm\b"
    r"|\b\w+n't\b|\b(?:dont|didnt|doesnt|isnt|wasnt|arent)\b",
    _FLAGS,
)
# Words that set the next name of their clause aside as a topic the user is done with ("skip
# Rome", "I'm done with Rome", "enough about Rome", "let's leave Rome there", "moving on from
# Rome"); they bind forward only, outside a question the turn asks.
# Being done with a name "for now" or "for today" pauses it: the user may come back to it, so
# it is left behind as a shift leaves it, not set aside ("I'm done with Rome for now"). The
# setting-aside words that can pause, and the span of time after the name that makes them do so.
PAUSING_PHRASE: re.Pattern[str] = re.compile(
    r"(?:done|finished)\s+with|enough\s+(?:about|of|on|with)", _FLAGS
)
FOR_A_WHILE: re.Pattern[str] = re.compile(
    r"\bfor\s+(?:now|today|tonight|the\s+(?:moment|time\s+being|day)|a\s+(?:bit|while))\b",
    _FLAGS,
)
SETTING_ASIDE_PHRASE: re.Pattern[str] = re.compile(
    # "skip to Rome", "skip ahead to Rome" move to Rome: no setting aside.
    r"\b(?:skip(?:s|ped|ping)?(?!\s+(?:(?:straight|right|ahead|forward|back|on|over|down"
    r"|directly)\s+)?to\b|\s+ahead\b)|done\s+with|finished\s+with|enough\s+(?:about|of|on|with)"
    # "leave for Rome" travels there.
    r"|leav(?:e|ing)(?!\s+for\b)|mov(?:e|ing)\s+on\s+from|set\s+aside|no\s+more"
    # Dropping a name in any tense ("drop Rome", "I've dropped Rome from my project", "we're
    # dropping Rome"); "drop by"/"drop in" visit, "drop off" delivers.
    r"|drop(?:s|ped|ping)?(?!\s+(?:by|in|into|off|out\s+of)\b)"
    r"|rul(?:e|es|ed|ing)\s+out"
    # Choosing against a name in any tense ("I've decided against Rome", "we opted against
    # Rome", "I'm leaning against Rome").
    r"|(?:decid|opt|vot|lean)(?:e|es|ed|ing|s)?\s+against|(?:chose|choos(?:e|es|ing))\s+against"
    # Ceasing to attend to a name ("can we stop with Rome now?", "let's stop talking about
    # Rome"); "stop at Rome", "stop over in Rome" travel.
    r"|stop(?:s|ped|ping)?\s+(?:with|talking\s+about|discussing|going\s+on\s+about)"
    # A vote or a veto that turns the name down ("the club vetoed Rome", "we voted down Rome").
    r"|veto(?:es|ed|ing)?|vot(?:e|es|ed|ing)\s+(?:down|out|off)"
    # Declining what is offered: "I'll pass on Rome", "no need for Rome".
    r"|pass(?:ing)?\s+on|(?:take|taking|took)\s+a\s+pass\s+on|sit(?:ting)?\s+out"
    r"|no\s+need\s+(?:for|of)"
    # A refusal word that takes the refused name as its object, as "yes to" takes what is
    # accepted: "no to Rome", "a firm no on Rome", "nah to Rome"
    # (spec/writer-cues-roles.md#writer-cues-roles.refusal-order).
    r"|(?:no|nope|nah)\s+(?:to|on)"
    # What an app does to what the user turns away, as a verb before it ("swiping left on
    # Rome", "muting Rome", "I've blocked Rome", "unfollowing Rome").
    r"|swip(?:e|es|ed|ing)\s+left\s+on|unfollow(?:s|ed|ing)?|mut(?:ed|ing)|block(?:ed|ing)"
    # "I say no Rome", "the kids said no to Rome": saying no to a name refuses it.
    r"|(?:say|says|said|saying)\s+(?:no|nope|nah)(?:\s+(?:to|on))?"
    # A word for a gesture of refusal takes its object the same way: "thumbs down on Rome",
    # "meh to Rome", "boo to Rome" (spec/writer-cues-roles.md#writer-cues-roles.stance-mark).
    r"|(?:meh|boo|thumbs?[\s-]*down)\s+(?:to|on|for)"
    # A referee's card as the gesture: "red card for Rome", "showing Rome the red card" is read
    # after the name ("Rome gets a red").
    r"|(?:a\s+|the\s+|straight\s+)?red[\s-]*card(?:ed)?\s+(?:for|to)"
    # Losing the wish for a name: "that's put me off Rome", "it turned me off Rome" ("I've
    # gone off Rome" is read elsewhere, "went off to Rome" travels).
    r"|(?:put(?:s|ting)?|turn(?:s|ed|ing)?)\s+(?:me|us)\s+off"
    # Striking an item from the user's own list: "I've crossed Rome off", "strike Rome".
    r"|cross(?:es|ed|ing)?(?:\s+(?:off|out))?|strik(?:e|es|ing)|struck"
    # Removing an item from it: "please remove Rome from my options", "delete Rome".
    r"|(?:remov|delet)(?:e|es|ed|ing)"
    # Giving a name up or throwing it away: "I've given up on Rome", "scrap Rome".
    r"|g(?:ive|ives|iving|iven|ave)\s+up\s+on|scrap(?:ping)?|ditch(?:ing)?|forget|ignore"
    # Taking a name out of what is weighed: "please remove Rome from my options", "delete
    # Rome", "I've eliminated Rome".
    r"|(?:remov|delet|eliminat)(?:e|es|ed|ing)"
    # Needing nothing more on a name: "I already know about Rome", "I've read enough on Rome".
    r"|already\s+(?:know|knew|read|heard|learned|learnt|covered)\s+"
    r"(?:(?:a\s+lot|enough|plenty|all|everything)\s+)?(?:about|on)"
    # Holding enough on a name already: "I already have plenty of notes on Rome", "I've got
    # enough material about Rome already"
    # (spec/writer-cues-roles.md#writer-cues-roles.lost-interest).
    r"|(?:already\s+(?:have|had|got)|(?:have|'ve)\s+(?:already\s+)?got)\s+"
    r"(?:a\s+lot|enough|plenty|loads|lots|tons|all\s+I\s+need)\s+(?:of\s+)?"
    r"(?:(?:notes|info|information|material|detail|details|facts|background|reading)\s+)?"
    r"(?:already\s+)?(?:about|on)"
    r"|(?:read|heard|seen)\s+enough\s+(?:about|on|of)"
    # Asking for nothing on a name: "Nothing about Rome please", "nothing more on Rome".
    r"|nothing\s+(?:more\s+|else\s+|further\s+)?(?:about|on|regarding|re))\b",
    _FLAGS,
)
# A negation inside a relative clause that describes a new subject ("one you didn't mention",
# "something we haven't covered", "a mission you did not list"): it takes nothing back.
NEGATED_RELATIVE: re.Pattern[str] = re.compile(
    r"\b(?:one|ones|something|anything|another|others?|(?:an?|some|any)\s+\w+)\s+"
    r"(?:(?:that|which)\s+)?(?:you|we|i)\s+(?:(?:have|has|had)\s+)?"
    r"(?:\w+n't|did\s+not|do\s+not|have\s+not|never|not\s+yet)\s+\w+",
    _FLAGS,
)
# A name held between a word that keeps it away and what is kept away of it: "keep Rome out
# of the results", "no Rome stuff please" (`KEPT_AWAY_BEFORE` ends the words before the name,
# `KEPT_AWAY_AFTER` opens those after it).
KEPT_AWAY_BEFORE: re.Pattern[str] = re.compile(r"\b(?:keep(?:s|ing)?|no)\s+(?:the\s+)?$", _FLAGS)
KEPT_AWAY_AFTER: re.Pattern[str] = re.compile(
    r"\s+(?:out\s+of\b|out\s*(?:[.,;:!?)]|$)|(?:stuff|content|results|info|information|pages"
    r"|articles|material|links|hits)\b)",
    _FLAGS,
)
# A verb of exclusion whose particle follows its object ("we ruled X out", "cross X off",
# "count me... count X out", "they voted X down"): the name between them is set aside, as
# "rule out X" sets it aside (`SETTING_ASIDE_PHRASE`).
PARTICLE_AFTER_OBJECT_BEFORE: re.Pattern[str] = re.compile(
    r"\b(?:rul(?:e|es|ed|ing)|cross(?:es|ed|ing)?|count(?:s|ed|ing)?|vot(?:e|es|ed|ing)"
    r"|strik(?:e|es|ing)|struck|scratch(?:es|ed|ing)?)\s+(?:the\s+)?$",
    _FLAGS,
)
PARTICLE_AFTER_OBJECT_AFTER: re.Pattern[str] = re.compile(
    r"\s+(?:out|off|down)\b(?!\s+(?:of|to|at|in|on|for|from|with)\b)", _FLAGS
)
# A word that stands for the name just typed, as the object of a setting-aside word ("I know
# Rome well, so let's skip that one"): the setting aside binds back to that name.
SET_ASIDE_ANAPHOR: re.Pattern[str] = re.compile(
    r"\s+(?:th(?:at|is)(?:\s+one)?|it)\b(?!\s*(?:is|was|'s)\b)", _FLAGS
)
# A question that asks the assistant to do something with the conversation ("can we leave
# Rome out?", "could you skip Rome?"): a setting-aside word there binds as in a statement.
# The mood of a request is read from its frame, whatever its words: a modal with the speaker
# or the listener as subject ("can we", "could you"), a proposal ("let's", "what if we", "why
# not", "how about", "maybe"), or a question that asks leave ("is it ok if we", "would it be
# fine to", "do you mind if", "mind if", "any chance we")
# (spec/writer-cues-roles.md#writer-cues-roles.request-mood). "why don't we" proposes what
# follows it, so its "n't" negates nothing.
REQUESTING_QUESTION: re.Pattern[str] = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|so|and|but|hmm|well|please|then|also|honestly|um|uh)\W+)*"
    r"(?:(?:can|could|would|will|shall|should|may|might)\s+(?:we|you|i)"
    r"|let's|lets|let\s+us|(?:how|what)\s+about(?:\s+(?:we|you|i|if))?"
    r"|what\s+if\s+(?:we|you|i)|why\s+(?:don't|dont|not)(?:\s+(?:we|you|i))?"
    r"|(?:do|would|will)\s+you\s+mind(?:\s+if)?|mind\s+if"
    r"|(?:is|would|will)\s+(?:it|that)\s+(?:be\s+)?(?:\w+ly\s+)?"
    r"(?:ok(?:ay)?|alright|all\s+right|fine|cool|possible|acceptable|a\s+problem)"
    r"(?:\s+(?:with\s+you|by\s+you))?\s+(?:if|to|for)"
    r"|any\s+chance\s+(?:we|you|i)|maybe|perhaps)\b",
    _FLAGS,
)
# A request whose own verb is negated ("can we not talk about Rome?", "could you please not
# bring up Rome?", "maybe not Rome?"): the negation after the frame binds as in a statement.
REQUEST_NEGATION: re.Pattern[str] = re.compile(
    r"\s*(?:(?:we|you|i|please|just|rather|really|maybe|perhaps|can|could|would|should"
    r"|shall|might)\s+)*(?:not|never)\b",
    _FLAGS,
)
# A question that asks whether the conversation must attend to a name ("do we have to talk
# about Rome?", "do I really need to read about Rome?", "must we cover Rome?"): it voices
# reluctance, so it sets the name aside as a request to skip it does. A question of need
# about the world ("do I need a visa for Rome?", "do we have to book Rome early?") asks: only
# verbs of attending to a subject make the reluctance.
RELUCTANT_QUESTION: re.Pattern[str] = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|so|and|but|hmm|well|um|uh|honestly)\W+)*"
    # A rhetorical question whose answer is "no one" ("who even cares about Rome?", "who
    # really cares about Rome anyway?") voices the same reluctance.
    r"(?:who\s+(?:(?:even|really|actually|honestly|still)\s+)*"
    r"(?:cares\s+about|gives\s+a\s+\w+\s+(?:about|for))\b"
    r"|(?:(?:do|does)\s+(?:we|i|you)\s+(?:\w+ly\s+|even\s+|still\s+)*(?:have|need)\s+to"
    r"|must\s+(?:we|i|you)(?:\s+\w+ly|\s+even|\s+still)*"
    r"|is\s+it\s+(?:\w+ly\s+)?(?:necessary|needed)\s+to)\s+"
    r"(?:talk|discuss|cover|go\s+(?:over|through|into)|keep|include|look\s+(?:at|into)"
    r"|read\s+(?:about|up\s+on)|hear\s+about|learn\s+about|stick\s+with|bother\s+with"
    r"|deal\s+with|do|spend\s+(?:time|more\s+time)\s+on|bring\s+up|get\s+into)\b)",
    _FLAGS,
)
# The chat convention for a correction: a star right before the name that replaces one typed
# earlier ("*Lisbon"); a star right after it ("Lisbon*") is read beside the name.
STARRED_NAME: re.Pattern[str] = re.compile(r"\*(?=\w)")
# Intent stated right after a name ("Y I mean", "Y, I meant", "it's Y I want"): it binds to
# that name.
# A cleft's relative clause binds the same way, in either order with a retraction ("it's Y
# I'm after", "it was Y that I wanted", "Y is what I was asking about";
# spec/writer-cues-roles.md#writer-cues-roles.cleft).
_SEEKING = (
    r"(?:after|asking\s+about|looking\s+for|interested\s+in|curious\s+about|on\s+about"
    r"|thinking\s+of|getting\s+at)"
)
TRAILING_INTENT: re.Pattern[str] = re.compile(
    r"\s*,?\s*(?:(?:that|who|which)\s+)?(?:i\s+mean(?:t)?|is\s+what\s+i\s+(?:meant|mean|want(?:ed)?)"
    r"|i\s+want(?:ed)?|i\s+had\s+in\s+mind"
    rf"|(?:is\s+what\s+|is\s+the\s+one\s+)?i(?:'m|\s+am|\s+was|'ve\s+been)\s+(?:really\s+)?{_SEEKING})"
    r"\b(?!\s+to\b)",
    _FLAGS,
)
# A question about what the speaker typed or said ("did I say X?", "did I really type X?",
# "have I written X?"): beside a statement of what the speaker means, it takes X back, in
# either order (spec/writer-cues-roles.md#writer-cues-roles.cleft).
QUESTIONED_SAYING: re.Pattern[str] = re.compile(
    r"^\W*(?:(?:wait|hmm+|hang\s+on|huh|um+|oh|oops|whoa|ugh)\W+)*(?:did|have|had)\s+i\s+"
    r"(?:(?:\w+ly|just|actually|even)\s+)*"
    r"(?:say|said|type|typed|write|written|wrote|put|ask(?:ed)?\s+about|mention(?:ed)?"
    r"|name|named)\s*$",
    _FLAGS,
)
# A user owning up to a wrong name ("I wrote the wrong name there", "my bad", "I mixed them
# up"): the turn takes back the name it replaces, wherever the phrase stands.
OWNING_UP: re.Pattern[str] = re.compile(
    r"\bmy\s+bad\b|\bi\s+(?:wrote|typed|said|put|used|gave)\s+the\s+wrong\b|\bwrong\s+name\b"
    r"|\bi\s+misspoke\b|\bi\s+mixed\s+(?:them\s+|it\s+)?up\b",
    _FLAGS,
)
# A turn that takes back its question, not its subject ("that's not what I meant to ask",
# "wrong question"): the subject stays, the new question is asked about it.
# Owning up by the shape of the sentence, not one phrase: the speaker says they got things
# in the wrong order or place ("I got the names mixed up", "I had them the wrong way round",
# "I've confused the two"), or a verb of a slip in reading, counting or typing ("miscounted",
# "I misread the list").
OWNED_SLIP: re.Pattern[str] = re.compile(
    r"\bi(?:'ve|\s+have|'d|\s+had)?\s+(?:(?:got|had|gotten)\s+)?(?:[\w']+\s+){0,6}?"
    r"(?:(?:mixed|muddled|jumbled|switched|swapped)\s+up|confused|the\s+wrong\s+way\s+round"
    r"|backwards)\b"
    # The slip verb is the speaker's: "I misread", "oops, misread the list", "that was
    # mistyped"; not "the barista misheard me", where someone else slipped.
    r"|(?:\bi(?:'ve|\s+have|\s+had)?\s+(?:[\w']+\s+)?|\b(?:was|were|got)\s+|(?:^|[.!?;:,(\-])\W*)"
    r"mis(?:counted|read|typed|spelt|spelled|remembered|heard|named|numbered)\b",
    _FLAGS,
)
# The question said to be about a name ("the question is about X", "my question was for X"):
# whatever the clause's person, the name after it is the one meant.
QUESTION_ABOUT: re.Pattern[str] = re.compile(
    r"\b(?:my|the|this|that)\s+question\s+(?:was|is|'s)\s+(?:really\s+|actually\s+)?"
    r"(?:about|regarding|concerning|on|for)\s+(?:the\s+)?$",
    _FLAGS,
)
# What the question was meant to be, said in the passive ("it was meant to be about Y", "the
# last one was supposed to be Y"): the name after it is the intent of the turn before.
PASSIVE_INTENT: re.Pattern[str] = re.compile(
    r"\b(?:was|were|is)\s+(?:meant|intended|supposed)\s+to\s+(?:be|have\s+been)"
    r"(?:\s+(?:about|on|for))?\s+(?:the\s+)?$",
    _FLAGS,
)
QUESTION_REPAIR: re.Pattern[str] = re.compile(
    r"\b(?:meant|wanted|mean|want|going|trying)\s+to\s+ask\b|\bwrong\s+question\b"
    r"|\b(?:a\s+)?different\s+question\b|\basked\s+the\s+wrong\s+thing\b",
    _FLAGS,
)
# A predicate that calls the name before it a slip ("Soyuz 11 was a mix-up", "Rome was my
# mistake", "Rome is a typo"); it binds backward only ("my mistake, Paris" means Paris).
SLIP_PREDICATE: re.Pattern[str] = re.compile(
    r"\b(?:was|is|were|'s)\s+(?:(?:a|an|my|just\s+a|just\s+my)\s+)?"
    r"(?:mix-?up|mistake|typo|slip|error|misprint|wrong\s+(?:name|one))\b",
    _FLAGS,
)
# A predicate that rules out the name before it ("Rome is out", "Rome's off the list"); it
# binds backward only, as a slip predicate does.
# Words that only grade or time the predicate may stand between ("Rome is definitely out",
# "Rome and Paris are both out", "Rome is off my list now"), and any list may be named.
# A linking verb of becoming links its subject to a predicate as "is" does ("Rome turned out to
# be a no", "Rome ended up being out", "Rome has become a no-go").
_BECOMING = (
    r"(?:turn(?:s|ed)\s+out\s+to\s+be|end(?:s|ed)\s+up(?:\s+being|\s+as)?|prov(?:es|ed)\s+to\s+be"
    r"|became|(?:has|have|'s)\s+become)"
)
# A refusal whose object is fronted: the names come first, then the speaker and a verb that
# sets them aside, ending the clause ("Rome, Oslo and Bergen I'm dropping", "the other three
# (Rome, Oslo, Bergen) I'll skip", "Rome we can leave out for now", "Oslo I can do without").
# Matched on the words right after the last name of the run (a closing bracket may come
# first).
FRONTED_REFUSAL: re.Pattern[str] = re.compile(
    r"^\s*\)?\s*,?\s*(?:i|we)(?:'ll|'m|'re|'ve|'d|\s+will|\s+am|\s+are|\s+have|\s+can|\s+could"
    r"|\s+would"
    r"|\s+(?:am|are)\s+going\s+to|'m\s+going\s+to|'re\s+going\s+to)?"
    r"(?:\s+(?:already|just|happily|probably|definitely|also))?"
    r"\s+(?:leav(?:e|ing)\s+out|left\s+out|drop(?:ped|ping)?|skip(?:ped|ping)?|scrap(?:ped|ping)?"
    r"|ditch(?:ed|ing)?|pass(?:ed|ing)?\s+on|rul(?:e|ed|ing)\s+out|cross(?:ed|ing)?\s+off"
    r"|strik(?:e|ing)\s+(?:out|off)|struck\s+(?:out|off)|bin(?:ned|ning)?"
    r"|giv(?:e|ing)\s+up\s+on|gave\s+up\s+on|(?:do|live|manage)\s+without)"
    r"(?:\s+(?:for\s+now|too|as\s+well|then|now|already|though|anyway|sorry|thanks|please))*"
    r"\W*$",
    _FLAGS,
)
# A name that has to leave the list, said as its own predicate up to the clause's end ("X goes
# too", "X can go", "X has to go as well"); "where X goes" asks.
GOING_PREDICATE: re.Pattern[str] = re.compile(
    r"^\s*(?:also\s+)?(?:goes|go|can\s+go|has\s+to\s+go|must\s+go|should\s+go|needs\s+to\s+go"
    r"|is\s+going|gets\s+the\s+(?:boot|chop|axe))(?:\s+(?:too|as\s+well|also|now|then|out))*\W*$",
    _FLAGS,
)
REFUSED_PREDICATE: re.Pattern[str] = re.compile(
    rf"\b(?:is|'s|are|was|were|{_BECOMING})\s+(?:(?:\w+ly|both|all|now|also|just|so|kind\s+of)\s+)*"
    r"(?:out|ruled\s+out|off\s+(?:the|my|your|our|this)\s+(?:list|table)|no\s+(?:good|use)"
    # Barred from the speaker's work ("Rome is off-limits for my project", "Rome is out of
    # bounds", "Rome is off the agenda").
    r"|off[\s-]+limits|out\s+of\s+bounds|off\s+the\s+(?:agenda|cards|menu|table)"
    # The one of a set the speaker leaves out ("Rome is the odd one out for me").
    r"|the\s+odd\s+one\s+out)"
    r"\b(?!\s+of\b)"
    # The one of a set picked out by a relative clause whose verb sets it aside, with the
    # speaker as its subject ("Rome is the one I'll leave out", "Rome is the one we're
    # dropping", "Rome's the one I have to skip"); "the one I can't skip" keeps it.
    r"|\b(?:is|'s|are|was)\s+(?:(?:\w+ly|also|just|now)\s+)*the\s+(?:one|ones|option|pick"
    r"|name|city|place|film|person)\s+(?:that\s+|which\s+)?(?:i|we)"
    r"(?:'ll|'m|'re|'d|'ve\s+got\s+to|\s+will|\s+am|\s+are|\s+would|\s+have\s+to|\s+must"
    r"|\s+want\s+to|\s+need\s+to|\s+(?:am|are)\s+going\s+to|'m\s+going\s+to|'re\s+going\s+to)?"
    r"\s+(?:leav(?:e|ing)\s+out|leav(?:e|ing)\s+(?:off|behind)|drop(?:ping)?|skip(?:ping)?|cut(?:ting)?"
    r"|scrap(?:ping)?|ditch(?:ing)?|pass(?:ing)?\s+on|rul(?:e|ing)\s+out|cross(?:ing)?\s+off"
    r"|strik(?:e|ing)|remov(?:e|ing)|forget(?:ting)?|giv(?:e|ing)\s+up(?:\s+on)?)\b"
    # Called off, with nothing after "off" in its clause but a word of time ("change of plan
    # - Rome is off", "Rome is off now, ..."): a plan cancelled. "off" with an object or
    # a complement ("off the coast", "off by a year") is read above or not at all.
    r"|\b(?:is|'s|are|was|were)\s+(?:(?:\w+ly|both|all|now|also|just|so)\s+)*off\b"
    r"(?=\s*(?:(?:for\s+me|then|now|too|as\s+well|after\s+all)\s*)?"
    r"(?:[,;.!\u2026]|\s[-\u2013\u2014]+\s|$))"
    # A degree too high for the speaker's use ("Rome is too touristy for me", "Rome seems far
    # too long for my project"): the name fails what the speaker needs. A degree said of the
    # world ("Rome was too expensive for most people") refuses nothing.
    r"|\b(?:is|'s|are|was|were|seems?|sounds?|looks?|feels?)\s+"
    r"(?:(?:\w+ly|a\s+bit|a\s+little|way|much|far|just|simply)\s+)*too\s+[^\W\d_]+"
    r"(?:\s+for\s+(?:me|us|my\s+[^\W\d_]+|our\s+[^\W\d_]+))\b"
    # The same degree judged now, with nothing after it in its clause ("since Rome is too
    # expensive, ...", "Rome seems way too crowded."): the speaker's reason to turn it down;
    # not a welcome degree ("too good", "too important") nor one with a complement ("too good
    # to miss", "too expensive for most people"), nor one in the past, said of the world.
    r"|\b(?:is|'s|are|seems?|sounds?|looks?|feels?)\s+"
    r"(?:(?:\w+ly|a\s+bit|a\s+little|way|much|far|just|simply)\s+)*too\s+"
    r"(?!(?:good|great|important|interesting|nice|beautiful|fun)\b)[^\W\d_]+"
    # An adjunct of time or place may follow ("too busy in August", "too hot this time of
    # year").
    r"(?=(?:\s+(?:in|at|during|on|this|these|that|by|around)\s+[^\W\d_]+(?:\s+[^\W\d_]+){0,3})?"
    r"\s*(?:[,;.!\u2026]|\s[-\u2013\u2014]+\s|$))"
    # A noun or adjective that dismisses its subject as a lead not worth following ("Rome
    # was a dead end", "Rome and Paris were dead ends", "Rome is a non-starter", "Rome was a
    # waste of time", "Rome turned out useless").
    r"|\b(?:is|'s|are|was|were|turned\s+out(?:\s+to\s+be)?|proved(?:\s+to\s+be)?)\s+"
    r"(?:(?:\w+ly|both|all|now|also|just|so|kind\s+of|a|an|total|complete)\s+)*"
    r"(?:dead[\s-]+ends?|non-?starters?|no-?gos?|(?:a\s+)?waste\s+of\s+(?:time|effort)"
    r"|useless|pointless|irrelevant|no\s+help)\b"
    # Out of the running ("Rome is out of the picture", "Rome's out of the running").
    r"|\b(?:is|'s|are|was|were)\s+(?:(?:\w+ly|both|all|now|also|just|so)\s+)*out\s+of\s+"
    r"(?:the\s+)?(?:picture|running|question|race)\b"
    # The refusal word as a noun predicated of the name ("Rome is a no from me", "Rome's a
    # hard no"), as "no to Rome" takes it as an object
    # (spec/writer-cues-roles.md#writer-cues-roles.refusal-order); not "a no-brainer".
    rf"|\b(?:is|'s|are|was|were|{_BECOMING})\s+(?:(?:\w+ly|both|all|now|also|just|so)\s+)*an?\s+"
    r"(?:[^\W\d_]+\s+)?no\b(?![-\w])"
    # A name let go as the subject of "go" after a modal, ending its clause ("Rome can go,
    # ...", "time's short, so Rome has to go", "Rome will have to go", "Rome's gotta go"):
    # permission or necessity to leave the speaker's plans. "has to go to Paris" goes
    # somewhere and is no refusal.
    r"|\b(?:can|could|may|must|should|(?:has|have|had|needs?|'s\s+got|(?:will|'ll|would|'d)"
    r"\s+(?:have|need))\s+to|(?:has|'s)\s+gotta|gotta)\s+go\b"
    r"(?=\s*(?:(?:then|now|too|as\s+well|I\s+(?:think|guess|suppose|'m\s+afraid)|I'm\s+afraid"
    r"|unfortunately|sadly)\s*)?(?:[,;.!\u2026]|\s[-\u2013\u2014]+\s|$))"
    # A name taken off a list, whatever the verb ("I'm taking Rome off my list", "knock
    # Rome off the list").
    r"|\boff\s+(?:the|my|your|our|this)\s+(?:list|table|shortlist)\b"
    # A name that loses a choice, or whose appeal is lost, ending its clause ("Rome loses",
    # "Rome lost out", "Rome has lost its appeal", "we voted and Rome lost", "Rome lost the
    # vote"; spec/writer-cues-roles.md#writer-cues-roles.lost-interest). Losing with an object
    # of the world ("Rome lost the war") is no choice of the speaker's.
    r"|\b(?:loses|lost|lost\s+out|loses\s+out|is\s+the\s+loser|(?:has|have|'s)\s+lost\s+(?:its"
    r"|their|all|much\s+of\s+its)\s+(?:appeal|charm|shine|interest|pull)"
    r"|(?:lost|loses)\s+(?:the|our|my|a)\s+(?:(?:group|club|class|team|family)\s+)?"
    r"(?:vote|poll|ballot|toss|coin\s+toss|coin\s+flip|show\s+of\s+hands))\b"
    r"(?=\s*(?:(?:for\s+me|here|then|this\s+time|today|now|in\s+the\s+end|after\s+all)\s*)?"
    r"(?:[,;.!\u2026]|\s[-\u2013\u2014]+\s|$))"
    # A lead that went nowhere ("Rome led nowhere", "Rome and Paris went nowhere").
    r"|\b(?:led|leads|lead|went|goes|go|got\s+(?:me|us))\s+(?:(?:\w+ly|both|all)\s+)?nowhere\b"
    # A name already dealt with elsewhere, by someone or in something else ("Rome has already
    # been done by two classmates", "Rome and Paris are both covered in my textbook
    # already"): the speaker has no need of it. "Rome is done" said of this talk completes it
    # (`COMPLETED_AFTER`) and is no refusal.
    r"|\b(?:(?:is|'s|are|was|were)\s+(?:(?:\w+ly|both|all|now|also|just)\s+)*already"
    r"|(?:has|have|'s|'ve)\s+(?:already\s+been|been\s+already))\s+"
    r"(?:covered|done|taken|claimed|handled)\s+(?:by|in)\b"
    r"|\b(?:is|'s|are|was|were|(?:has|have|'s|'ve)\s+been)\s+(?:(?:\w+ly|both|all|also|just)\s+)*"
    r"(?:covered|done|taken|claimed|handled)\s+(?:by|in)\s+[^.!?;,\n]*?\balready\b"
    # A name someone else has already claimed, the predicate ending its clause ("Rome is
    # taken, my colleague has it", "Rome was already claimed."): it is not the speaker's to
    # pick. "Rome was taken by the Romans in 200 BC" goes on and says something of the world.
    r"|\b(?:is|'s|are|was|were|(?:has|have|'s)\s+been)\s+(?:(?:already|now|also|just)\s+)*"
    r"(?:taken|claimed|spoken\s+for)"
    r"(?=\s*(?:(?:already|then|now|too|I'm\s+afraid|unfortunately|sadly)\s*)?"
    r"(?:[,;.!\u2026]|\s[-\u2013\u2014]+\s|$))"
    # A setting-aside verb in the passive has the name set aside as its subject ("Rome has
    # been dropped", "Rome got scrapped from the plan", "Rome was crossed off").
    r"|\b(?:is|'s|are|was|were|got|gets|has\s+been|have\s+been|had\s+been|'s\s+been)\s+"
    r"(?:(?:\w+ly|now|also|just|since)\s+)*"
    r"(?:dropped|scrapped|ditched|shelved|crossed\s+off|struck\s+off|cut\s+from|removed\s+from"
    # Turned down by a vote or a veto of the speaker's group ("Rome got outvoted", "Rome was
    # voted down", "Rome was vetoed by the others").
    r"|outvoted|voted\s+(?:down|out|off)|vetoed|overruled)"
    r"\b",
    _FLAGS,
)
# Words that appraise a subject as not worth the user's time ("dull", "boring", "a drag"):
# the appraisal's polarity, with the negations over it, decides whether a predicate turns its
# subject down ("not my thing" is a negation over a welcome appraisal, read by `NEGATION`)
# (spec/writer-cues-roles.md#writer-cues-roles.appraisal).
_UNWELCOME_APPRAISAL = (
    r"(?:dull|boring|bland|tedious|tiresome|dreary|monotonous|uninteresting|unappealing"
    r"|uninspiring|underwhelming|forgettable|overrated|overhyped|lame|meh|stale|samey"
    r"|dry|old\s+hat|a\s+(?:snooze|bore|drag|yawn)|a\s+turn-?off|off-?putting)"
)
# Words that only grade an appraisal ("a bit dull", "kind of boring", "really not my thing").
_GRADING = (
    r"(?:(?:\w+ly|a\s+(?:bit|little|tad)|kind\s+of|kinda|sort\s+of|rather|quite|pretty|too"
    r"|so|very|just|all|both|also|now|honestly|frankly)\s+)"
)
# A verb that links a subject to its appraisal ("is", "sounds", "seems", "looks", "feels",
# "strikes me as", "comes across as"), in any tense, with "to me" or "like" where it asks.
_LINKING = (
    r"(?:is|'s|are|was|were|has\s+been|have\s+been|sounds?|sounded|seems?|seemed|looks?"
    r"|looked|feels?|felt|appears?|appeared|gets?|got|strikes\s+me\s+as|struck\s+me\s+as"
    r"|comes?\s+across\s+as|came\s+across\s+as)"
)
# The subject appraised as unwelcome, after it: "X sounds a bit dull to me", "X is kind of
# boring", "X was a bit of a drag"; a name found dull by the speaker too ("I find X dull").
UNWELCOME_PREDICATE: re.Pattern[str] = re.compile(
    rf"^\s*(?:,\s*)?{_GRADING}*(?:{_LINKING}\s+{_GRADING}*(?:(?:a\s+bit|kind|sort)\s+of\s+)?"
    rf"{_UNWELCOME_APPRAISAL}|(?:bores?|bored)\s+me|leaves?\s+me\s+cold)\b",
    _FLAGS,
)
# A verb of judging right before a name makes the appraisal after it a small clause with
# no linking verb ("I find X a bit dull", "I thought X rather tedious").
JUDGING_VERB: re.Pattern[str] = re.compile(
    r"\b(?:find|finds|found|consider|considers|considered|think|thought|call|called)\s+"
    r"(?:the\s+|an?\s+)?$",
    _FLAGS,
)
# "give X a miss": a verb of giving whose second object declines the name between.
GIVING_VERB: re.Pattern[str] = re.compile(
    r"\b(?:give|gives|giving|gave|given)\s+(?:the\s+|an?\s+)?$", _FLAGS
)
DECLINED_AS_GIVEN: re.Pattern[str] = re.compile(
    r"^\s*(?:(?:a|the)\s+)?(?:miss|pass|swerve|skip|wide\s+berth|rest)\b", _FLAGS
)
UNWELCOME_SMALL_CLAUSE: re.Pattern[str] = re.compile(
    rf"^\s*{_GRADING}*(?:(?:a\s+bit|kind|sort)\s+of\s+)?{_UNWELCOME_APPRAISAL}\b", _FLAGS
)
# A negation whose scope is an unwelcome appraisal ("X isn't boring at all", "X never gets
# dull", "X doesn't sound dull"): the predicate welcomes its subject, so the negation takes
# nothing back.
NEGATED_UNWELCOME: re.Pattern[str] = re.compile(
    rf"(?:\b(?:not|never|isnt|wasnt|doesnt|dont|arent)|n't)\s+(?:(?:sounds?|seems?|looks?|feels?|gets?|be|become|turn"
    rf"|at\s+all)\s+)?{_GRADING}*(?:(?:a\s+bit|kind|sort)\s+of\s+)?{_UNWELCOME_APPRAISAL}\b",
    _FLAGS,
)
# A word for a gesture of refusal predicated of the name before it, or standing for a comment
# on it: "X gets a thumbs down from me", "X: thumbs down", "X - meh", "X is still a no"
# (spec/writer-cues-roles.md#writer-cues-roles.stance-mark).
DISMISSING_GESTURE_AFTER: re.Pattern[str] = re.compile(
    r"^\s*(?:(?:gets?|got|earns?|earned|is|'s|was)\s+)?(?:(?:a|an|my|one|big|firm)\s+)*"
    r"(?:thumbs?[\s-]*down|meh|nope|nah|boo)\b"
    # "X is still a no from me", "X is a no.": "no" as a noun after a copula, the speaker's
    # answer on X (a bare "no" after a name opens a retraction: "X\nno, Y").
    r"|^\s*(?:is|'s|was|remains)\s+(?:(?:still|also|definitely|a|an|my|one|big|firm)\s+)*"
    r"(?:no(?=\s+(?:from|for)\s+(?:me|us)\b|\s*(?:[.!)\n]|$))|no-go|non-starter)\b"
    # A referee's or a host's dismissal: "X gets a red card", "X gets a red 🟥", "X and Y
    # are both sent off", "X can pack up and go home", "X is off the pitch".
    r"|^\s*(?:(?:gets?|got|earns?|earned|is\s+shown)\s+(?:a\s+|the\s+)?(?:straight\s+)?red\b"
    r"|(?:is|are|'s|'re|was|were|gets?|got)\s+(?:(?:both|all|also)\s+)?sent\s+(?:off|packing)\b"
    r"|can\s+(?:(?:pack\s+up|pack\s+their\s+bags)\s+and\s+)?go\s+home\b"
    r"|(?:is|are|'s|'re)\s+off\s+the\s+(?:pitch|field|island|show)\b)",
    _FLAGS,
)
# A word or phrase of refusal said as a clause of its own ("nah", "meh", "nope", "pass", "no
# thanks", "not for me"): beside a name that is also a clause of its own, right after it ("X?
# nah.", "X - pass.") or, a word of appraisal, opening the sentence right before it ("meh,
# X."), it is the speaker's verdict on that name, as a stance symbol is (`stance_marks`;
# spec/writer-cues-roles.md#writer-cues-roles.stance-mark).
_VERDICT = (
    r"(?:meh|nah+|naw|nope|boo+|(?:hard\s+)?pass|no\s+thanks?(?:\s+you)?|thanks,?\s+but\s+no"
    r"(?:\s+thanks)?|no,\s+thanks?|thumbs?[\s-]*down|not\s+for\s+me|not\s+interested|no\s+way|not\s+a\s+chance"
    # Scoffing at the name is a verdict too ("X? yeah right 🙄", "lol X. nice try.", "X? pfft").
    # "X? yeah right - that's the one" agrees: an assent after it makes no verdict.
    # A polite "no" borrowed from another language ("no, gracias", "nein danke", "non merci").
    r"|(?:no|nein|non|nee|n\u00e3o),?\s+(?:gracias|danke|merci|grazie|obrigad[oa]|dank\s+je)"
    r"|nyet|niet"
    # What an app does to what the user turns away ("X: muted 🔇", "X - blocked", "swiped left").
    r"|muted|blocked|unfollowed|swiped\s+left|ghosted|left\s+on\s+read"
    # A contest's verdict ("X: eliminated", "voted off", "you're out").
    r"|eliminated|voted\s+(?:off|out)|knocked\s+out"
    # A referee's ("X: red card", "X: straight red 🟥", "X - sent off").
    r"|(?:straight\s+)?red(?:\s+card(?:ed)?)?|sent\s+off"
    r"|yeah\s+right(?!\s*[,:\-\u2013\u2014]+\s*(?:that|it|this|the|exactly|yes|yep|yup)\b)|nice\s+try|p+f+t+|as\s+if|dream\s+on|in\s+your\s+dreams|not\s+happening"
    # A verdict of removal given to the name as a label ("X: out", "X - dropped", "X: crossed
    # off"), as a line of a tally.
    r"|out|dropped|scrapped|rejected|excluded|crossed\s+(?:off|out))"
)
VERDICT_AFTER: re.Pattern[str] = re.compile(
    r"\s*[?!.,:;\u2026\-\u2013\u2014]+\s*"
    # The verdict may repeat one given to a name before ("X? nah. Y? also nah", "Y? nope,
    # same") and be followed by an emoji instead of a stop ("X? nah 😅").
    r"(?:(?:also|and|again|same)\s+)?"
    + _VERDICT
    + r"(?:\s+(?:too|either|again|as\s+well))?"
    + r"\s*(?=[.!,;\u2026\n]|\s[-\u2013\u2014]+\s|[^\w\s\d?'\"]|$)",
    _FLAGS,
)
# A clause that is only a verdict ("not interested.", "pass", "no thanks!"): beside a name
# refused it says nothing the search should read, so the query leaves it out.
VERDICT_CLAUSE: re.Pattern[str] = re.compile(
    r"\W*" + _VERDICT + r"\W*",
    _FLAGS,
)
# The speaker's own words right after a fronted name ("X I know inside out - pass.", "X we've
# covered - nah"): the name is what those words, and a verdict after them, are about.
FRONTED_SPEAKER: re.Pattern[str] = re.compile(r"\s*,?\s*(?:i|we)(?:'m|'ve|'d|'ll)?\b", _FLAGS)
# Before the name only a word of appraisal binds: "nah, X" and "nope, X" retract what came
# before and mean X (`RETRACTION`).
VERDICT_BEFORE: re.Pattern[str] = re.compile(
    r"(?:^|(?<=[.!?\n]))\s*(?:meh|boo+|thumbs?[\s-]*down|yawn)\s*[,:.!\u2026\-\u2013\u2014]+\s*$",
    _FLAGS,
)
# Words before a name that carry a verdict over to it from another ("same goes for X, not
# interested", "ditto for X - pass"): with a verdict after the name, it is refused as well.
SAME_GOES_FOR: re.Pattern[str] = re.compile(
    r"\W*(?:(?:and|also|oh|ok(?:ay)?)\W+)*(?:(?:the\s+)?same\s+(?:goes\s+|applies\s+)?"
    r"|ditto\s+|likewise\s+)(?:for|with|to)\s+(?:the\s+)?",
    _FLAGS,
)
# Words that may open a clause that only names a name ("ok, X? nah."): no content of their own.
# A laugh before the name ("lol X. nice try.") is no content either.
VERDICT_OPENERS: frozenset[str] = _words(
    "ok okay hmm hm so well and um uh oh right also then lol lmao haha ha"
)
# A negation whose scope is a gesture of refusal ("X doesn't get a thumbs down from me", "I'm
# not giving X a thumbs down", "no thumbs down for X"): it takes nothing back.
NEGATED_DISMISSAL: re.Pattern[str] = re.compile(
    r"(?:\b(?:not|never|no|dont|doesnt|didnt|wont|wouldnt)\b|[\w]*n't\b)\s+"
    r"(?:[\w']+\s+){0,6}?(?:(?:a|an|my|any)\s+)?"
    r"thumbs?[\s-]*down\b",
    _FLAGS,
)
# A request that asks for information about the name after it, whatever its noun ("give me
# the lowdown on X", "fill me in on X", "can you walk us through X?", "I'd love the rundown on
# X"): a verb of giving or telling with the speaker as receiver, or the speaker's wish, then at
# most a few words and a preposition of aboutness (or the name as the verb's own object, "show
# me X"). Its mood is the frame's, so no noun after it refuses the name
# (spec/writer-cues-roles.md#writer-cues-roles.information-request).
INFORMATION_REQUEST: re.Pattern[str] = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|so|and|now|hey|hi|please|then|also|right|alright|well|just)\W+)*"
    r"(?:(?:can|could|would|will)\s+(?:you|u)\s+(?:(?:please|just|quickly|kindly)\s+)*)?"
    r"(?:(?:please|just|quickly|kindly)\s+)*"
    r"(?:(?:give|get|tell|fill|walk|show|send|bring|teach|brief|update|catch|run|hit|clue"
    r"|school|point|talk|read)\s+(?:me|us)(?:\s+(?:in|up|through|over|with|out|along))?"
    r"|(?:i(?:'d|\s+would)\s+(?:like|love|appreciate)|i\s+(?:want|need)|i'm\s+after"
    r"|let\s+me\s+(?:know|hear|have|see|get)))"
    r"(?:(?:\s+[\w'-]+){0,5}?\s+(?:on|about|of|regarding|concerning|behind|re|into))?\s*$",
    _FLAGS,
)
# A feeling of the speaker's that sets the name after it aside ("I'm tired of X", "I'm bored
# with X", "I'm fed up with X", "I've had my fill of X", "I've gone off X").
WEARY_OF: re.Pattern[str] = re.compile(
    r"\b(?:tired|sick|bored|weary)\s+(?:of|with)|fed\s+up\s+with"
    # Coming to dislike a name ("I've gone off X", "I'm going off X"); "went off to X" travels.
    r"|(?:go|goes|going|gone|went)\s+off(?!\s+(?:to|on|at|in|into|with|for|by)\b)"
    r"|had\s+(?:enough|my\s+fill)\s+(?:of|about|on)\b"
    # Interest lost or gone cold, in any tense ("I've lost interest in X", "I'm losing all
    # interest in X", "I've gone cold on X";
    # spec/writer-cues-roles.md#writer-cues-roles.lost-interest).
    r"|\b(?:lost|losing|lose|loses)\s+(?:(?:all|any|my|much|most|some)\s+)*interest\s+in\b"
    r"|\b(?:gone|went|going|go|grown|grew|growing|turned|turning)\s+cold\s+on\b"
    # A liking or a choice that no one in the speaker's circle has ("nobody else was keen on
    # X", "no one wanted X", "none of us picked X"): a negative subject over a verb of wanting
    # or choosing turns its object down as "we don't want X" does. A negative subject over
    # any other verb ("nobody told me about X") says nothing of the speaker's plans.
    r"|\b(?:nobody|no[\s-]one|none\s+of\s+(?:us|them|the\s+others|my\s+\w+))(?:\s+else)?"
    r"(?:\s+(?:in|of|at|from|on)\s+(?:the|my|our|this)\s+[^\W\d_]+)?\s+"
    r"(?:(?:\w+ly|really|at\s+all|was|is|were|seemed|seems|'s|felt|feels|even|much)\s+)*"
    r"(?:keen\s+on|interested\s+in|into|excited\s+about|a\s+fan\s+of|fond\s+of|for"
    r"|(?:want|like|fancie|fancy|pick|chose|choose|vote\s+for|voted\s+for|back|support"
    r"|care\s+about|cared\s+about|go\s+for|went\s+for)(?:s|d|ed)?(?:\s+(?:for|about))?)\s*$",
    _FLAGS,
)
# An exception to a whole the speaker accepts: the name after "except", "but", "apart from",
# "other than" where a universal word stands before it ("anything but X", "all good except
# X", "any of those except X", "everything apart from X looks fine") is the one left out
# (spec/writer-cues-roles.md#writer-cues-roles.exception). "nothing but X" means only X, and
# "what else but X" asks: no universal word.
EXCEPTION_OF_WHOLE: re.Pattern[str] = re.compile(
    r"\b(?:any|anything|anyone|anybody|anywhere|everything|everyone|everybody|everywhere|all"
    r"|each|every|whichever|whatever|rest|others)\b(?:\s+[^\W\d_]+){0,4}?[\s,]+"
    r"(?:except(?:\s+for)?|but(?:\s+not)?|apart\s+from|other\s+than|save(?:\s+for)?|bar"
    r"|besides|aside\s+from|excluding|minus|barring)\s+(?:(?:the|for)\s+)?$",
    _FLAGS,
)
# A name addressed and sent off, as a contest does ("X, you're out", "X and Y, you've both been
# eliminated", "X, you are the weakest link. goodbye", "X, please leave the stage").
ADDRESSED_DISMISSAL: re.Pattern[str] = re.compile(
    r"\s*,\s*you(?:'re|\s+are)\s+(?:(?:now|also|so)\s+)?(?:out|eliminated|done|dismissed"
    r"|the\s+weakest\s+link)\b"
    r"|\s*,\s*you(?:'ve|\s+have)\s+(?:both\s+|all\s+)?been\s+(?:eliminated|voted\s+(?:off|out)"
    r"|knocked\s+out|kicked\s+out|dropped|cut)\b"
    r"|\s*,\s*(?:please\s+)?leave\s+the\s+(?:stage|room|show|competition|building)\b",
    _FLAGS,
)
# A name excluded in an absolute phrase right after it ("X excluded, ...", "X aside, ...",
# "X left out, ..."): it binds back to the name.
EXCLUDED_AFTER: re.Pattern[str] = re.compile(
    r"^\s*(?:(?:being|now|of\s+course)\s+)?(?:excluded|set\s+aside|left\s+out|aside|apart"
    r"|struck\s+out|crossed\s+out)\b(?!\s+(?:from|of)\b)",
    _FLAGS,
)
# A verb of substitution before a name and the word that brings in what takes its place
# ("replace X with Y", "swap X for Y", "switch X out for Y", "trade X for Y", "exchange X for
# Y"); "substitute Y for X" names the newcomer first
# (spec/writer-cues-roles.md#writer-cues-roles.substitution).
SUBSTITUTING_VERB: re.Pattern[str] = re.compile(
    r"\b(?:replac(?:e|es|ed|ing)|swap(?:s|ped|ping)?|switch(?:es|ed|ing)?|trad(?:e|es|ed|ing)"
    r"|exchang(?:e|es|ed|ing)|chang(?:e|es|ed|ing)"
    # A verb of change whose "from" names what is left and whose "to" the newcomer
    # ("we're switching from X to Y", "I've changed over from X to Y", "shifting from X to
    # Y"): the same substitution, with the old name in a prepositional phrase, where the
    # speakers change (the first person or no subject: "the capital changed from X to Y"
    # reports a change in the world). "from" typed with its inner letters swapped ("form")
    # takes no name without a determiner, so there it is the preposition.
    r"|(?:(?:^|[.!?,;:(\-]\s*|\b(?:i|we)(?:'m|'re|'ve|'ll|'d)?\s+(?:[a-z]+\s+){0,2}|\blet's\s+"
    r"|\blet\s+us\s+)(?:switch(?:es|ed|ing)?|chang(?:e|es|ed|ing)|shift(?:s|ed|ing)?)"
    r"(?:\s+(?:over|across))?\s+(?:from|form|frmo|fomr)))\s+(?:the\s+)?$",
    _FLAGS,
)
SUBSTITUTE_FIRST: re.Pattern[str] = re.compile(
    r"\bsubstitut(?:e|es|ed|ing)\s+(?:the\s+)?$|\bput\s+(?:the\s+)?$", _FLAGS
)
REPLACED_BY: re.Pattern[str] = re.compile(
    r"\s*(?:out\s+|over\s+)?(?:with|for|by|to|into)\s+(?:the\s+)?", _FLAGS
)
IN_PLACE_OF: re.Pattern[str] = re.compile(r"\s*(?:for|in\s+place\s+of|instead\s+of)\s+", _FLAGS)
# A choice of one name over others ("going with Y over X", "I'd pick Y over X or Z", "I
# prefer Y to X"): the names after "over" (or "to" after "prefer") are passed over.
CHOOSING_VERB: re.Pattern[str] = re.compile(
    r"\b(?:go(?:es|ing)?\s+with|went\s+with|gone\s+with|pick(?:s|ed|ing)?|choos(?:e|es|ing)"
    r"|chose|prefer(?:s|red|ring)?|opt(?:s|ed|ing)?\s+for|tak(?:e|es|ing)|took"
    r"|settl(?:e|es|ed|ing)\s+on|favou?r(?:s|ed|ing)?)\s+(?:the\s+)?$",
    _FLAGS,
)
CHOSEN_OVER: re.Pattern[str] = re.compile(r"\s*,?\s*(?:over|above|before)\s+(?:the\s+)?", _FLAGS)
PREFERRED_TO: re.Pattern[str] = re.compile(r"\s*,?\s*to\s+(?:the\s+)?", _FLAGS)
# Between two names, words that join them into one list ("Rome and Paris", "Rome or Paris",
# "Rome, nor Paris", "Rome and not Paris either"): a negation bound to the first binds to the
# others too.
COORDINATION: re.Pattern[str] = re.compile(
    r"\s*(?:,\s*)?(?:(?:and|or|nor|&)\s+)?(?:(?:also|even)\s+)?(?:not\s+)?(?:,\s*)?", _FLAGS
)
# A clause that confirms a name alone after a hesitation ("X? hmm, or Y? yes, Y"): the name
# confirmed is meant, and the names before it are taken back.
CONFIRMING: re.Pattern[str] = re.compile(
    r"\s*(?:yes|yeah|yep|yup|right|exactly|definitely|ok(?:ay)?)\b[\s,.!]*", _FLAGS
)
# A clause whose subject is the answer or the assistant says what the answer was about
# ("that's Rome", "that answer is about Rome", "you're talking about Rome"): in a turn that
# intends another name, that name is the one taken back.
ANSWER_SUBJECT: re.Pattern[str] = re.compile(
    r"\s*(?:(?:ok(?:ay)?|so|well|hm+|but|no|oh|and|yeah|sorry|wait)\s+)*"
    # Asking why the answer is about it says the same ("why are you telling me about Rome?",
    # "how come you answered about Rome?").
    r"(?:(?:why|how\s+come)\s+(?:(?:are|were|did|do|would|have)\s+)?you(?:'re|\s+are)?\s+"
    r"(?:tell|talk|answer|bring|mention|giv|describ|go(?:ing)?\s+on)\w*"
    # A "you" before a modal asks the assistant to do something ("you can leave out X"):
    # a request, not what the answer was about.
    r"|that|this|(?:that|this|the|your)\s+(?:answer|reply|response)"
    r"|you(?!\s+(?:can|could|may|might|should|will|would|must|need)\b))"
    r"(?:'s|'re|\s+is|\s+was|\s+are|\s+were|\s+answered|\s+gave\s+me|\s+told\s+me|\s+thought)?\b",
    _FLAGS,
)
# A question to the assistant about its own answer ("why are you telling me about Rome?", "how
# come you mentioned Rome?"): it asks nothing a search could answer.
WHY_THE_ANSWER: re.Pattern[str] = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|so|well|hm+|but|no|oh|and|wait)\W+)*(?:why|how\s+come)\s+"
    r"(?:(?:are|were|did|do|would|have)\s+)?you(?:'re|\s+are)?\s+"
    r"(?:tell|talk|answer|bring|mention|giv|describ|go(?:ing)?\s+on)\w*",
    _FLAGS,
)
# A preposition of difference or departure whose object is the name it stands before
# ("something quite different from Rome now", "moving away from Rome", "unlike Rome", "as
# opposed to Rome"): the name is where the turn starts from, not what it asks about
# (spec/writer-cues-roles.md#writer-cues-roles.contrast). A word of difference or movement
# may stand a few words before its "from" ("a change of scene from Rome").
# A disclaimer of relation ("nothing to do with Rome", "no connection to any of the above",
# "unrelated to Rome", "not related to Rome"): the turn says it does not ask about what follows,
# and its negation takes nothing back (spec/writer-cues-roles.md#writer-cues-roles.contrast).
_DISCLAIMER = (
    r"\b(?:(?:nothing|no\s+connection|no\s+link|no\s+relation)\s+(?:at\s+all\s+)?"
    r"(?:to\s+do\s+)?(?:with|to)|(?:unrelated|(?:not\s+)?(?:related|connected|linked))"
    r"\s+(?:at\s+all\s+)?(?:to|with)|independent(?:ly)?\s+of)\b"
)
RELATION_DISCLAIMER: re.Pattern[str] = re.compile(_DISCLAIMER, _FLAGS)
# A reaction to the answer's news ("huh, I didn't expect that.", "never knew that!", "I
# wouldn't have guessed", "hadn't heard of it"): a verb of knowing or expecting, negated, with
# the news as its object (a pronoun, or none) and nothing after it in its clause. It says the
# answer was new, and takes back nothing the user said: its negation is no repair
# (spec/writer-learned.md#writer-learned.news-reaction).
NEWS_REACTION: re.Pattern[str] = re.compile(
    r"\b(?:did(?:\s+not|n'?t)|never|had(?:\s+not|n'?t)|(?:would|could)(?:\s+not|n'?t)\s+have)\s+"
    r"(?:know|knew|known|expect|expected|realise|realised|realize|realized|guess|guessed"
    r"|imagine|imagined|heard|hear|think|thought|see|seen)"
    r"(?:\s+(?:(?:of|about)\s+)?(?:that|this|it)(?:\s+(?:one|coming|at\s+all))?|\s+so)?"
    r"(?=\s*(?:[.!,;:\n]|$))",
    _FLAGS,
)
CONTRAST: re.Pattern[str] = re.compile(
    # The name as the object of a disclaimer of relation.
    _DISCLAIMER + r"\s*(?:the\s+)?$"
    r"|\b(?:unlike|as\s+opposed\s+to|other\s+than|apart\s+from|aside\s+from"
    r"|(?:different(?:ly)?|away|change|break|departure|contrast|switch(?:es|ed|ing)?"
    r"|shift(?:s|ed|ing)?|mov(?:e|es|ed|ing)|turn(?:s|ed|ing)?|branch(?:es|ed|ing)?"
    r"|go(?:es|ing)?|went|head(?:s|ed|ing)?|jump(?:s|ed|ing)?|hop(?:s|ped|ping)?)"
    r"(?:\s+[^\W\d_]+){0,3}?\s+from)\s*$",
    _FLAGS,
)
# A clause that sums up the name it ends with ("so that's X.", "ok, that was X"), and the words
# that open the move to the next name ("on to Y", "moving on to Y", "next up: Y", "now for
# Y"): together they close X and go on to Y, and X is where the turn moves from, not what an
# answer was wrongly about (spec/writer-cues-roles.md#writer-cues-roles.summed-up).
SUMMED_UP: re.Pattern[str] = re.compile(
    r"^\W*(?:(?:so|ok(?:ay)?|right|well|and|alright)\W+)*(?:that|this)(?:'s|\s+is|\s+was)\s+"
    r"(?:(?:it|all|everything)\s+(?:for|on)\s+)?(?:the\s+)?$",
    _FLAGS,
)
MOVING_ON: re.Pattern[str] = re.compile(
    r"\b(?:(?:now\s+)?on(?:\s+|\s*)to|onto|moving\s+on\s+to|mov(?:e|ing)\s+to|next(?:\s+up)?"
    r"|over\s+to|now\s+for|turning\s+to|switching\s+to|and\s+now)\W*(?:the\s+)?$",
    _FLAGS,
)
# A predicate of completion after a name, ending its clause ("X is done", "that's X done",
# "X's covered now", "X is out of the way"): the turn is through with X and moves on, without
# refusing it (spec/writer-cues-roles.md#writer-cues-roles.contrast).
COMPLETED_AFTER: re.Pattern[str] = re.compile(
    r"^\s*(?:(?:is|'s|are|was|has\s+been|'s\s+been)\s+)?(?:(?:now|all|fully|properly|pretty"
    r"|well|mostly)\s+)*(?:done|finished|covered|sorted|dealt\s+with|ticked\s+off|wrapped\s+up"
    r"|out\s+of\s+the\s+way|taken\s+care\s+of)(?:\s+(?:now|then|for\s+now|at\s+last))?\s*$",
    _FLAGS,
)
# A statement that the exchange has given all the speaker needs on the name after it ("that
# covers X for my notes", "that's everything on X, thanks", "I think that's all I need on X",
# "that's it for X"): the exchange, as subject, completes the name, so the turn is through
# with it and moves on without refusing it, as after `COMPLETED_AFTER`
# (spec/writer-cues-roles.md#writer-cues-roles.contrast). "That's all about X" may say what the
# answer was about, so only "on" and "for" follow a bare "all"; "about" needs a verb of need.
_SETTLING = (
    r"(?:covers|covered|settles|settled|answers|answered|sorts|sorted|clears\s+up|cleared\s+up"
    r"|wraps\s+up|wrapped\s+up|takes\s+care\s+of|took\s+care\s+of|does\s+it\s+for)"
)
_NEEDED = (
    r"(?:i|we)(?:\s+\w+ly)?\s+(?:need|needed|want|wanted|wanted\s+to\s+know|need\s+to\s+know"
    r"|was\s+after|were\s+after|was\s+looking\s+for|had\s+in\s+mind)"
)
COMPLETED_BEFORE: re.Pattern[str] = re.compile(
    r"\b(?:that|this)(?:'s|\s+is|\s+was|\s+should\s+be|\s+will\s+be)?\s+"
    r"(?:(?:really|just|pretty\s+much|about|probably|basically)\s+)*"
    r"(?:(?:all|everything|it|the\s+lot)\s+(?:(?:for\s+now|for\s+me)\s+)?(?:on|for)"
    r"|(?:all|everything|(?:(?:just|exactly|precisely)\s+)?what)\s+"
    + _NEEDED
    + r"\s+(?:on|for|about|regarding|concerning)"
    r"|" + _SETTLING + r"(?:\s+(?:everything|all|it)\s+(?:on|for|about))?)"
    r"\s+(?:the\s+)?$"
    # Thanks for what the exchange gave on a name ("oh, and cheers for the info on X",
    # "(thanks for the help with X!)"): the speaker closes X, and another name is asked.
    r"|\b(?:thanks|thank\s+you|thx|cheers|ta)(?:\s+(?:again|so\s+much|a\s+lot|very\s+much))?"
    r"\s+for\s+(?:all\s+)?(?:the|your)\s+(?:[\w-]+\s+)?(?:info|information|help|answers?"
    r"|details|facts|rundown|overview|explanation|notes|pointers|tips)\s+"
    r"(?:on|about|with|regarding|re)\s+(?:the\s+)?$",
    _FLAGS,
)
# Thanks for what the exchange gave, the name inside the thing thanked for ("cheers for the X
# info", "thanks for the X tips!"): as with `COMPLETED_BEFORE`'s thanks, the speaker closes X
# (spec/writer-cues-roles.md#writer-cues-roles.contrast). The words before the name:
THANKED_FOR_BEFORE: re.Pattern[str] = re.compile(
    r"\b(?:thanks|thank\s+you|thx|cheers|ta)(?:\s+(?:again|so\s+much|a\s+lot|very\s+much))?"
    r"\s+for\s+(?:all\s+)?(?:the|your)\s+$",
    _FLAGS,
)
# ... and the thing thanked for, right after the name.
THANKED_FOR_AFTER: re.Pattern[str] = re.compile(
    r"^\s*(?:info|information|help|answers?|details|facts|rundown|overview|explanation|notes"
    r"|pointers|tips)\b",
    _FLAGS,
)
# A subordinator of reason that opens a clause ("since Rome is no longer an option", "seeing as
# Rome is out", "now that Rome is done"): the clause gives the ground of the question it
# hangs on and asks nothing itself, though its sentence ends in "?"
# (spec/writer-cues-roles.md#writer-cues-roles.refusal-order).
REASON_OPENER: re.Pattern[str] = re.compile(
    r"\s*(?:since(?!\s+when\b)|because|cause|seeing\s+(?:as|that)|given\s+that|now\s+that)\b",
    _FLAGS,
)
# A clause that says which names are still open once others are dropped: words before its
# list ("that leaves X and Y", "which leaves us with X", "down to X and Y", "between X and Y,
# ...", "still in the running: X and Y") or a predicate after it ("X and Y both stay on the
# list", "X and Y remain", "X and Y are still in"). The names listed stay candidates, neither
# meant now nor taken back; one the turn goes on to ask about is the one meant
# (spec/writer-cues-roles.md#writer-cues-roles.remaining).
REMAINING_BEFORE: re.Pattern[str] = re.compile(
    r"(?:\b(?:that|which|this|it)\s+(?:leaves|left)(?:\s+(?:me|us|you))?(?:\s+with)?"
    r"|\bleaving(?:\s+(?:me|us|you))?(?:\s+with)?|\b(?:i'm|we're|i\s+am|we\s+are)\s+left\s+with"
    r"|\b(?:narrow(?:s|ed|ing)?\s+(?:it\s+|them\s+)?)?down\s+to|\bnarrow(?:s|ed|ing)?\s+(?:it\s+|them\s+)?to"
    # "between" opens its clause ("between X and Y, ...", "so it's between X and Y"): after a
    # verb of its own ("I'm choosing between X and Y") it names the choice, not what is left.
    r"|^\W*(?:(?:so|and|now|ok|okay|well)\W+)*(?:(?:it's|it\s+is)\s+(?:now\s+|down\s+)?)?between"
    r"|\bstill\s+(?:in\s+the\s+running|on\s+the\s+(?:list|table))"
    r"|\b(?:the\s+)?(?:remaining\s+(?:ones|options|picks|choices)|finalists|shortlist)"
    r"(?:\s+(?:are|is))?)\s*:?\s*(?:the\s+)?(?:both\s+|just\s+)?$",
    _FLAGS,
)
REMAINING_AFTER: re.Pattern[str] = re.compile(
    r"^\s*,?\s*(?:(?:both|all|each|still|then|now)\s+)*"
    r"(?:stay(?:s|ed)?|remain(?:s|ed)?|survive(?:s|d)?|ma(?:k|d)e(?:s)?\s+the\s+cut"
    r"|(?:are|is|were|was)\s+(?:(?:both|all|still)\s+)*(?:left|in\s+the\s+running|in(?=\s*(?:[,;:.!]|$))"
    r"|on\s+the\s+(?:list|table)|standing)"
    r"|left(?=\s*(?:[,;:.!]|$|\s+(?:standing|over|on\s+the)\b)))\b",
    _FLAGS,
)
# A plan the speaker had and drops before asking ("I was going to bring up Rome but never
# mind", "thought about asking about Rome, but first: ...", "I meant to ask about Rome, but
# it can wait"): the plan's words before the name, and the words after its clause that call
# it off or put it after what is asked now. The name is put off, neither meant now nor
# refused (spec/writer-cues-roles.md#writer-cues-roles.called-off).
PLAN_BEFORE: re.Pattern[str] = re.compile(
    r"\b(?:(?:(?:i|we)\s+)?(?:was|were|had\s+been)\s+(?:(?:going|about|planning|meaning"
    r"|hoping)\s+to|gonna)|(?:(?:i|we)\s+)?(?:thought|was\s+thinking|were\s+thinking|had\s+thought)"
    r"\s+(?:about|of)|(?:i|we)\s+(?:meant|wanted|planned|intended)\s+to)\b",
    _FLAGS,
)
PLAN_CALLED_OFF: re.Pattern[str] = re.compile(
    r"^[\s,;:.\u2026-]*(?:but\s+)?(?:,\s*)?(?:never\s*mind|nevermind|nvm|first|forget\s+(?:it|that)"
    r"|not\s+now|scratch\s+that|on\s+second\s+thought|(?:it|that)\s+can\s+wait|later"
    r"|maybe\s+later|another\s+(?:day|time)|let's\s+not|no\s+matter)\b",
    _FLAGS,
)
# Words that put a name off till later ("I still want to talk about Rome afterwards", "we can
# get back to Rome after that", "let me park Rome for a minute"): the name is kept for a
# later turn, neither meant now nor rejected.
DEFERRAL: re.Pattern[str] = re.compile(
    r"\b(?:afterwards|afterward|after\s+(?:that|this|we're\s+done)|later(?:\s+on)?"
    # A bare "after" that ends a statement ("we can finish X after", "X after, please"): the
    # adverb, with no object, puts the name after what is asked now. After a form of "be"
    # it is wanting, not later ("it's X I'm after", "what we are after").
    r"|(?<!'m\s)(?<!\bam\s)(?<!'re\s)(?<!\bare\s)(?<!'s\s)(?<!\bis\s)(?<!\bwas\s)"
    r"(?<!\bwere\s)(?<!\bbe\s)after(?=\s*(?:[.!,;)\n]|$))"
    r"|in\s+a\s+(?:bit|minute|moment|second|while)"
    r"|for\s+a\s+(?:bit|minute|moment|second|while)|on\s+hold"
    # Waiting for another time ("Rome can wait till tomorrow", "Rome can wait", "let's do Rome
    # another day").
    r"|can\s+wait|(?:till|until)\s+(?:tomorrow|next\s+time|another\s+(?:day|time))"
    r"|(?:another|some\s+other)\s+(?:day|time)"
    # A time ahead of the conversation ("I'll read the rest on Rome myself tonight", "Rome
    # can be for next week"): the name is for then, not now.
    r"|tonight|tomorrow|next\s+(?:week|month|weekend)|this\s+(?:evening|weekend)"
    # Holding a thread still ("hold that thought on Rome", "let's hold off on Rome", "Rome
    # goes on the back burner", "Rome on pause").
    r"|hold\s+(?:that|the|this|your|my)\s+thought|hold\s+off"
    r"|(?:back|front)\s+burner|on\s+pause"
    # A clause ordered after the question by "then" with its own subject and a modal ("(then
    # we can carry on with Rome)", "and then I'll ask about Rome"): its business comes after.
    # A "then" after a word or comma closes a condition ("if it's free, then I should ...").
    r"|(?:(?<![\w,]\s)(?<![\w,])|(?<=\band\s))then\s+(?:we|i|you|let's)"
    r"(?:'ll|'d|\s+(?:can|could|will|shall|might|may|should|want))"
    # "then" before what the speakers do next without a modal ("then let's get back to Rome",
    # "then back to Rome"), under the same guard against a condition's "then". A name that
    # the turn itself asks about is still a return ("then back to Rome: who founded it?").
    r"|(?:(?<![\w,]\s)(?<![\w,])|(?<=\band\s))then\s+(?:let's|let\s+us|back\s+to)"
    # A statement without a finite verb that opens straight after the turn's question with
    # "then" ("...? then more on Rome, promise", "...? and then Rome again"): "then" orders it
    # after what is asked, so its names are for later. Not "then again" (on the other hand),
    # nor a clause of its own ("...? then Rome is the one to read"), which draws a conclusion.
    r"|(?:(?<=\?)|(?<=\?\s))\s*(?:and\s+)?then\b(?!\s+again\b)"
    r"(?![^.?!]*\b(?:is|are|was|were|isn't|aren't|wasn't|weren't|must|would|will|seems?)\b)"
    # "park" as a verb the speaker uses of the conversation ("let me park Rome"), not a park.
    r"|(?:let(?:'s|\s+me|\s+us)|i'll|we'll|i\s+will|we\s+can|can\s+we|i'm|we're)\s+park(?:ing)?)\b",
    _FLAGS,
)
# Words of a speaker talking about their own wish ("I meant", "my question", "what I wanted",
# "the one I had in mind"): a name in such a clause, with no negation before it, is intended.
FIRST_PERSON: frozenset[str] = _words("i i'm i've i'd my mine myself")
# A "my" that opens the subject of a verb of saying, asking or thinking ("my friend asked me
# what X is famous for", "my brother says X is better", "my kids keep asking about X"): the
# one who acts is someone near the speaker, not the speaker, so the clause states no intent of
# the user's own. Not where the noun is the user's own words ("my question asked about X",
# "my last message said X").
THIRD_PARTY_MY: re.Pattern[str] = re.compile(
    r"\bmy\s+(?!(?:question|questions|query|message|messages|post|text|point|request|turn"
    r"|words|wording|last|first|earlier|original|previous|bad|mistake|typo)\b)[a-z]+"
    r"(?:\s+(?!(?:question|message|query|text|request)\b)[a-z]+)?\s+"
    r"(?:(?:keeps?|kept)\s+)?(?:ask(?:s|ed|ing)?|say(?:s|ing)?|said|want(?:s|ed)?|told|tells?"
    r"|text(?:s|ed)?|wonder(?:s|ed)?|think(?:s)?|thought|reckons?|claim(?:s|ed)?|insist(?:s|ed)?"
    r"|heard|swears?|swore|loves?|loved|likes?|liked|hates?|hated|mentioned)\b",
    re.IGNORECASE,
)
# A first-person clause in the past ("my question was about X", "what I wanted was X", "I
# meant X") speaks of a turn already answered: it corrects. One in the present ("I'd like
# to know about X") may only move on.
PAST_INTENT: frozenset[str] = _words("was were wanted meant asked had said typed thought intended")
# A past progressive of an activity ("I was just reading about X yesterday", "my friend and I
# were arguing about X"): "was" and "were" there tell what the speaker was doing, not what a
# question was about, so they state no past intent. Verbs of asking, meaning or looking for
# ("I was asking about X", "I was thinking of X", "we were talking about X") still do.
PAST_ACTIVITY: re.Pattern[str] = re.compile(
    r"\b(?:was|were)\s+(?:(?:just|only|really|actually|recently|literally|busy)\s+)*"
    r"(?!(?:asking|talking|thinking|referring|meaning|wondering|hoping|looking|going|trying"
    r"|enquiring|inquiring|querying|getting\s+at|after)\b)[a-z]+ing\b",
    re.IGNORECASE,
)

# --- value revision: "sorry, i meant 2, not 1" (the number itself is read by the number rule)
VALUE_REVISION: tuple[re.Pattern[str], ...] = _compile(
    _I_MEANT,
    r"\bnot\b",
    _SORRY,
    r"\bwhat\s+about\b",
    r"\bhow\s+about\b",
    r"^\s*and\b",
    r"\binstead\b",
)

# Words that only carry a new value for the question just asked ("make it 1998", "what about
# in 2005?", "same for 2013?", "2016, not 2018. typo"): a turn of these, numbers and
# correction chatter revises a value (`memcore.writers.rules.values`).
VALUE_WORDS: frozenset[str] = _words(
    "make change set it that to in for year what how about and same typo oops instead then"
    # "switch the year to 1999": a verb of changing a value, as "change" is.
    " switch swap"
    # "could you check 2007 instead?", "try 2005", "look up 1998": asking again for a value.
    " check try look up search"
    # "I need 2009 though", "now 2002?", "2007 next?": wanting a value, the turn moving on to it.
    " need want now next though"
)
# Nouns that name one occurrence of a recurring thing ("the 1989 edition", "the 2015 one",
# "the 1990 season", "the 2001 running"): beside a value they say which occurrence, no more.
OCCURRENCE_NOUNS: frozenset[str] = _words(
    "edition editions one ones version instalment installment iteration running season occasion"
)
# Verbs that say only that something took place ("what happened in 2002?", "what occurred in
# 1998?"): with a new value alone, they ask what the question just asked asked, for that value.
EVENT_WORDS: frozenset[str] = _words("happen happens happened happening occur occurs occurred")
# The frame of a request to the assistant (`memcore.writers.request_frame`): modals and the
# words of possibility that put it ("would you mind", "any chance you could", "would it be
# possible"), verbs of a generic act that take their content from their object ("check 2001",
# "pull up 2001", "do 2001 again"; not "show" or "run", as often nouns that ask: "what shows
# were on in 2001?"), and indefinite pronouns and the words that add ("anything
# for 1992", "2001 as well").
REQUEST_MODALS: frozenset[str] = _words(
    "would could can will may might shall mind possible able chance"
)
GENERIC_ACTS: frozenset[str] = _words(
    "check look try do get give have find search pull see fetch redo repeat"
    # "tell me 2003 instead", "tell me again": a verb of telling takes its content from the
    # question asked, as "check" does.
    " tell"
)
INDEFINITE_WORDS: frozenset[str] = _words(
    "anything something any some whatever also well too either"
)
# How sure the user is of a value ("2005, I think?", "not 100% sure", "definitely 2014",
# "2002, final"): a stance toward what is said, not a word of what is asked.
HEDGES: frozenset[str] = _words(
    "think guess suppose believe maybe perhaps probably possibly likely definitely certainly"
    " surely sure unsure final finally hm hmm"
)
# A modal of what should have been ("that should've been X", "it was supposed to be X"):
# the clause names what the speaker meant, though its subject is the answer.
SHOULD_HAVE_BEEN: re.Pattern[str] = re.compile(
    r"\b(?:should(?:'ve|\s+have)?|shoulda|ought\s+to(?:\s+have)?|(?:was|were|is)\s+supposed\s+to)"
    r"\s+(?:been|be|say|said|read)\b",
    _FLAGS,
)
# A clause with the answer as subject that says it served ("that answers my X question",
# "that covers everything I wanted about X", "that's all I needed on X"): the speaker is done
# with X, content; the name is neither what the answer wrongly gave nor turned down.
ANSWER_SERVED: re.Pattern[str] = re.compile(
    r"\s*(?:(?:really|pretty\s+much|just|nicely|perfectly|fully)\s+)?"
    r"(?:answer(?:s|ed)\s+(?=(?:my|it|that|this|everything|all|the\s+question)\b)|cover(?:s|ed)|settle(?:s|d)|sort(?:s|ed)|clear(?:s|ed)\s+up|help(?:s|ed)"
    r"|(?:is|was)?\s*(?:all|everything|enough)\s+(?:i|we)\b"
    # "that's exactly what I wanted to know": not "that's what I wanted to ask" (intent).
    r"|(?:is|was)?\s*(?:exactly\s+|just\s+)?what\s+(?:i|we)\s+(?:needed|wanted)\s+to\s+"
    r"(?:know|hear|learn|find\s+out))",
    _FLAGS,
)
# The speaker saying they have what they needed on the name right after ("I've learned
# plenty about X", "I know enough about X now", "I've got what I needed on X"): content,
# looking back, as a served answer is (`ANSWER_SERVED`); the first person states no intent.
SPEAKER_SERVED: re.Pattern[str] = re.compile(
    r"\b(?:i|we)(?:'ve|\s+have)?\s+(?:now\s+|already\s+)?(?:learned|learnt|heard|read|got|gotten|had"
    r"|know)\s+(?:plenty|enough|a\s+lot|all\s+(?:i|we)\s+need(?:ed)?|(?:what|everything)\s+(?:i|we)"
    r"\s+need(?:ed)?)\s+(?:about|on|of|regarding|re)\s+(?:the\s+)?$",
    _FLAGS,
)
# An acknowledgement of the answer before the next request ("I see.", "got it", "makes
# sense"): it says nothing of what is asked.
ACKNOWLEDGING: frozenset[str] = _words("see got it gotcha understood noted makes sense alright")

# Politeness around a request ("could you help me please", "thank you so much"): no content.
POLITENESS: frozenset[str] = _words(
    "hi hello hey thanks thank thx cheers you so much very could would can help me please pls"
    " kindly bother again appreciate appreciated"
)

# Greetings and thanks around a question ("hi! what went wrong? thanks"): no term of it.
GREETING_WORDS: frozenset[str] = _words("hi hello hey thanks thank thx cheers")

# Function phrases of politeness and owning up that carry no content ("on my part", "thanks
# in advance", "if you don't mind", "could you help me"): a closed list, read as a whole
# phrase so that their words ("part", "help", "mind") are not taken for the question's.
FILLER_PHRASES: re.Pattern[str] = re.compile(
    r"\bon\s+my\s+(?:part|end|side)\b"
    r"|\bmy\s+(?:bad|mistake|fault|error)\b"
    r"|\b(?:thanks|thank\s+you)(?:\s+so\s+much|\s+a\s+lot)?(?:\s+in\s+advance)?\b"
    r"|\bif\s+you\s+(?:don't|do\s+not)\s+mind\b|\bif\s+you\s+(?:can|could|would|please)\b"
    r"|\b(?:could|can|would|will)\s+you\s+(?:please\s+|kindly\s+)?help\s+me(?:\s+out)?"
    r"(?:\s+(?:with|on)\s+(?:this|something|a\s+question))?\b"
    r"|\bi\s+(?:was\s+)?wonder(?:ing)?\s+if\s+you\s+(?:can|could)\s+(?:tell\s+me)?\b"
    r"|\bi(?:'d|\s+would)\s+(?:like|love)\s+to\s+know\b|\bi\s+want\s+to\s+know\b"
    r"|\bplease\b|\bpls\b|\bkindly\b",
    _FLAGS,
)

# --- ellipsis: "what about X?" asks the previous question again, about X ------------------
# Thanks or an acknowledgement may open the turn first ("ok thanks. what about X?", "great,
# and for X?"): politeness, no part of what is asked.
_ACKNOWLEDGEMENT = (
    r"(?:(?:ok(?:ay)?|thanks|thank\s+you|cheers|cool|great|nice|perfect|awesome|alright"
    r"|got\s+it|i\s+see|interesting|lovely)(?:\s+(?:so\s+much|a\s+lot|very\s+much))?"
    r"\s*[,.!;:-]*\s+)"
)
_ACKNOWLEDGED = _ACKNOWLEDGEMENT + "*"
# After an acknowledgement, "and" may open a question of its own ("ok, and what's the story
# with X?"): only a bare "and X?" asks the previous question again.
_ASKS_ITS_OWN = (
    r"(?!(?:what|who|whom|whose|where|when|why|how|which|is|are|was|were|do|does|did|can"
    r"|could|would|will|should|tell|give|explain|describe)\b)"
)
ELLIPSIS: tuple[re.Pattern[str], ...] = _compile(
    rf"^\s*{_ACKNOWLEDGED}(?:and\s+)?(?:what|how)\s+about\s+(?P<rest>.+?)\s*[?.!]*\s*$",
    rf"^\s*(?:and\s+(?:for\s+)?|{_ACKNOWLEDGEMENT}+and\s+(?:for\s+)?{_ASKS_ITS_OWN})"
    r"(?P<rest>[^?]+?)\s*\?\s*$",
    # "same for X?", "is it the same for X?", "and is that the same with X?"
    rf"^\s*{_ACKNOWLEDGED}(?:(?:and|so|then)\s+)?(?:(?:is|was)\s+(?:it|that|this)\s+"
    r"|(?:it's|that's)\s+)?"
    r"(?:the\s+)?same\s+(?:question\s+)?(?:for|about|with)\s+(?P<rest>.+?)\s*[?.!]*\s*$",
)

# --- returns: the user goes back to an earlier topic ----------------------------------------
RETURN: tuple[re.Pattern[str], ...] = _compile(
    r"\b(?:going|go|get|getting|coming|come)\s+back\s+to\b",
    r"\bback\s+to\b",
    r"\breturn(?:ing)?\s+to\b",
    r"\bearlier\b",
    r"\bagain\b",
    r"\bas\s+for\b",
    r"\bregarding\b",
)

# Phrases that only steer the conversation; removed before the question is read for content.
STEERING: tuple[re.Pattern[str], ...] = _compile(
    r"\b(?:ok(?:ay)?\s+)?(?:so\s+)?(?:going|go|getting|get|coming|come)\s+back\s+to\s+"
    r"(?:the\s+|that\s+|this\s+)?[\w' -]+?(?:[,;:.!?]|\s+-\s+|$)",
    r"\bback\s+to\s+(?:the\s+|that\s+|this\s+)?[\w' -]+?(?:[,;:.!?]|\s+-\s+|$)",
)

# "this one" as what the listener is to know or answer ("not sure you'd know this one, but
# ...", "can you answer this one?"): the question asked, not a topic.
QUESTION_AS_ONE: re.Pattern[str] = re.compile(
    r"\byou(?:'d|'ll|'re)?(?:\s+(?:would|will|could|can|might|may|even|ever|actually"
    r"|able\s+to|going\s+to|gonna))*\s+(?:know|answer|get|crack|solve|handle)\s+$",
    _FLAGS,
)
# "this one", "that one", "those ones", "the same one": a demonstrative with no name of its
# own refers to something the talk already holds; whatever the rest of the turn says of it
# ("what did this one leave behind in the long run?"), the turn names no new subject.
DEMONSTRATIVE_ONE: re.Pattern[str] = re.compile(
    r"\b(?:this|that|these|those|the\s+same)\s+ones?\b", _FLAGS
)

# --- positions in an earlier list ----------------------------------------------------------
ORDINALS: Mapping[str, int] = {
    "first": 1,
    "1st": 1,
    "second": 2,
    "2nd": 2,
    "third": 3,
    "3rd": 3,
    "fourth": 4,
    "4th": 4,
    "fifth": 5,
    "5th": 5,
    "sixth": 6,
    "6th": 6,
    "seventh": 7,
    "7th": 7,
    "eighth": 8,
    "8th": 8,
    "ninth": 9,
    "9th": 9,
    "tenth": 10,
    "10th": 10,
    "former": 1,
    "latter": -1,
    "last": -1,
    "final": -1,
    "penultimate": -2,
    # "the most recent one", "the latest one": the last member (or, with no list, the topic
    # the conversation is on).
    "latest": -1,
    "most recent": -1,
    # "who invented number two?": a place in a list counted out.
    "number one": 1,
    "number two": 2,
    "number three": 3,
    "number four": 4,
    "number five": 5,
}

# Places counted back from the end in words of their own ("the next-to-last one", "the last
# but one"): the words may be joined by spaces or hyphens (`ordinal_index` reads either).
FROM_END_ORDINALS: Mapping[str, int] = {
    "next to last": -2,
    "last but one": -2,
    "last but two": -3,
    # "the runner-up": the second of a ranking, a noun itself.
    "runner up": 2,
}


def ordinal_index(word: str) -> int:
    """The place an ordinal's words name ("second" 2, "last" -1, "next-to-last" -2), its words
    joined by spaces or hyphens, case ignored."""
    folded = " ".join(word.casefold().replace("-", " ").split())
    return ORDINALS.get(folded) or FROM_END_ORDINALS[folded]


# The alternation of every ordinal, longest first (so "last but one" is read before "last"),
# the words of each joined by spaces or hyphens.
_ORDINAL_WORDS = "|".join(
    word.replace(" ", r"[\s-]+")
    for word in sorted((*ORDINALS, *FROM_END_ORDINALS), key=len, reverse=True)
)
# The counting ordinals (no "former"/"latter", "latest", "number two"), for the readings below.
_COUNTING_ORDINALS = "|".join(
    word
    for word in sorted(ORDINALS, key=len, reverse=True)
    if " " not in word and word not in {"former", "latter", "latest"}
)
# What may stand between "the one" and where it is placed (`_SHORT_PLACING`): a short clause,
# with one of the speakers as subject or a participle ("you put", "I typed", "sitting",
# "that sits"), at most two words after the subject.
_SHORT_PLACING = (
    r"(?:\s+(?:(?:that|which)\s+)?(?:(?:we|you|i)\s+)?"
    r"(?!(?:in|at)\b)[a-z]+(?:\s+(?!(?:in|at)\b)[a-z]+)?)?"
)
# An ordinal that makes up a clause of its own ("Third.", "fourth and final one:", "ok,
# second one please."): with nothing else in its clause it can only name a place. It may
# stand with "one", with "and final"/"and last" (which only insist that it ends the list)
# and a particle; a comma, a colon or a dash after a bare ordinal is not enough ("First,
# where is X?", "first: same question for 2002" order what the user says).
PLACE_CLAUSE: re.Pattern[str] = re.compile(
    r"(?:^|(?<=[.!?;:,])|(?<=\s[-\u2013\u2014]))\s*(?:(?:ok|okay|so|hmm|well|then|right)[,\s]+)?"
    rf"(?P<ordinal>{_COUNTING_ORDINALS})(?P<final>\s+(?:and|&)\s+(?:final|last))?"
    # "one" may say where it stands: "second one on there", "third one from your list".
    r"(?P<one>\s+(?:one|bullet(?:\s+point)?)"
    r"(?:\s+(?:on|from|in|off)\s+(?:there|(?:the|that|your|this)\s+list))?)?"
    r"(?:,?\s+(?:please|then|it\s+is))?"
    # With "one" the clause may end at any mark or dash; a bare ordinal before a colon, a
    # comma or a dash introduces what the user says next ("first: same question for 2002").
    r"(?(one)(?=\s*(?:[.!?:;,]|\s[-\u2013\u2014]\s|$))|(?=\s*(?:[.!?;]|$)))",
    _FLAGS,
)
# "in third place", "at the second spot", "the one you put in position 3": a place said with
# a noun for a place in an order.
IN_NTH_PLACE: re.Pattern[str] = re.compile(
    rf"(?:\bthe\s+(?:one|name|item|entry|option){_SHORT_PLACING}\s+)?\b(?:in|at)\s+"
    rf"(?:(?:the\s+)?(?P<ordinal>{_COUNTING_ORDINALS})\s+(?:place|position|spot|slot)\b"
    r"|(?:position|place|spot|slot)\s+(?P<number>\d{1,2}|one|two|three|four|five)\b)",
    _FLAGS,
)
# A hesitation inside a place reference ("the... second one", "the, uh, third", "the - um -
# last"): dots, a comma, a dash or a filler sound. It says nothing, so the place reads as if
# it were not there.
PAUSE = r"(?:\s*(?:\.{2,}|,|--?|\u2013|\u2014|\b(?:u+m+|u+h+m*|e+r+m*|a+h+|h+m+)\b))"
# The determiner of a place ("the", "that"), with any pauses after it.
# A possessive determines a place as "the" does ("your fifth suggestion", "my third option"):
# it also says whose list is counted (`POSSESSED_PLACE`).
_PLACE_DETERMINER = rf"(?P<det>the|that|your|my)\b{PAUSE}*\s*"
# A place determined by a possessive: "your" counts the assistant's order, "my" the user's list.
POSSESSED_PLACE: re.Pattern[str] = re.compile(r"(?P<whose>your|my)\b", _FLAGS)

# Ordinals that name one of two ("the latter of those two"): no noun needs to follow them.
PAIR_ORDINALS: frozenset[str] = _words("former latter") | {"runner up"}
# Words after a bare ordinal that go on pointing at the list ("the first in that list").
# Discourse particles ("the second then", "number three please") are no noun either: the
# ordinal before them stands alone.
AFTER_BARE_ORDINAL: frozenset[str] = _words(
    "of in on from among mentioned listed you then please pls plz instead too again now thanks thx"
    # "the 2nd since I like chemistry", "the third bc it sounds fun": a reason for the pick.
    " because since bc cuz cos coz cause maybe probably"
)
# "your top pick", "the top suggestion": the first of a ranking, "top" before a noun that
# heads a list's member ("the top one" alone may rank rather than count: `LIST_END`).
TOP_MEMBER: re.Pattern[str] = re.compile(
    r"\b(?:the|your|my)\s+(?:very\s+)?top\s+(?:pick|choice|suggestion|recommendation|option)\b"
    r"(?!\s+(?:two|three|four|five|\d))",
    _FLAGS,
)
# What may stand between two members of an enumeration: commas, a conjunction, an article,
# or a line break with an optional item number or bullet ("2.", "3)", "-", "*", "\u2022").
# "A, B and C", "A or B", "A and then B", "A, then B": a sequence is a list too.
LIST_GAP: re.Pattern[str] = re.compile(
    # A slash or a bar separates the names of a shortlist ("A / B / C") as a comma does.
    r"^[\s,;/|]*(?:(?:\d+[.)]|[-*\u2022\u2013])\s*)?(?:(?:and|or|&|as\s+well\s+as)\s+)?"
    r"(?:then\s+)?(?:the\s+)?$",
    _FLAGS,
)
# A request for more of a list ("any others?", "can you give me a couple more?", "more please").
MORE_ASKED: re.Pattern[str] = re.compile(
    r"\b(?:any|some|a\s+(?:few|couple)|give\s+me|name|list|suggest)\s+(?:more|others?)\b"
    r"|^\W*(?:\w+\W+){0,5}?more\s+(?:please|of\s+(?:those|them|these))\b"
    r"|\b(?:anything|anyone|anywhere|what|who|which)\s+else\b"
    r"|\b(?:a\s+few|a\s+couple|couple)\s+(?:of\s+)?more\b"
    # "can you give me three more?", "more like that?", "two more please": a count or a
    # likeness after "more" asks for more of the list.
    r"|\b(?:two|three|four|five|\d)\s+more\b(?!\s+(?:than|years?|days?|times?|minutes?|hours?))"
    r"|^\W*(?:\w+\W+){0,3}?more\s+like\s+(?:that|those|these|this|them)\b",
    _FLAGS,
)
# A slash or a bar between two names offers them as alternatives, as "or" does ("A / B").
LIST_CONJUNCTION: re.Pattern[str] = re.compile(
    r"\b(?:and|or|as\s+well\s+as|then)\b|&|\n|/|\|", _FLAGS
)

# Nouns that make an ordinal a reference to a list member ("the second guy").
REFERENT_NOUNS: frozenset[str] = _words(
    """
    one ones guy guys person people man men woman women lady name names option entry item
    options entries items choice choices pick picks suggestion suggestions recommendation
    recommendations
    astronaut astronauts actor actress singer player players writer author director artist
    company companies firm firms band bands team teams film films movie movies album albums
    song songs book books novel novels show series game games city cities country countries
    place places mission missions ship ships group groups candidate candidates member
    members president king queen episode episodes season seasons war wars event events
    character characters product products brand brands model models row rows bullet bullets
    """
)

# "the second last person", "the second to last", "the second from the end"
POSITION: re.Pattern[str] = re.compile(
    rf"\b(?:{_PLACE_DETERMINER}(?:very\s+)?)?"
    rf"(?P<ordinal>{_ORDINAL_WORDS})\b"
    r"(?:[\s-]+(?P<from_end>last|to[\s-]+(?:the\s+)?last|from\s+(?:the\s+)?(?:last|end|bottom)))?"
    r"(?:\s+(?P<noun>[a-z]+))?",
    _FLAGS,
)
ONE_BEFORE_LAST: re.Pattern[str] = re.compile(
    r"\bthe\s+one\s+(?:just\s+|right\s+|immediately\s+)?before\s+(?:the\s+)?last(?:\s+one)?\b",
    _FLAGS,
)
# "the one after Soyuz 11 on your list", "the item before Rome": the member next to a member
# the turn names; `anchor` is the words that name it, up to a tail that points at the list or
# a clause mark.
# The member may be described by how the list placed it ("the one you put right before X",
# "the one listed just after X", "the one that came after X"): the clause between the noun
# and "before"/"after" only says who placed it. `placed` holds it.
_PLACED_BY = (
    r"(?P<placed>\s+(?:(?:(?:that|which)\s+)?(?:came|comes|follows|followed|was|is|stood|stands)"
    r"|(?:(?:that|which)\s+)?(?:you|i)\s+(?:put|listed|named|mentioned|gave|wrote|said|placed|had)"
    r"|listed|named|mentioned|put|placed|given|written))?"
)
# A list read top to bottom: what stands below a member comes after it, what stands above it
# before ("the one listed right below it", "the name just above Rome").
_AFTER_SIDE = r"(?:after|following|below|under(?:neath)?|beneath)"
_BEFORE_SIDE = r"(?:before|preceding|above)"
_NEXT_TO = r"(?:right\s+|just\s+|immediately\s+|directly\s+|straight\s+)?"
# The member the conversation is on, as a pronoun ("after it", "below that one").
_THAT_MEMBER = r"(?:that|this|it)(?:\s+one)?"
# "the next one on your list", "the following one": the member after the one the
# conversation is on. Without a determiner "next" needs a word for a member or the list
# after it ("ok, next one.", "next on your list: ..."): "next year" is no member.
# "The next name after X" names its own anchor (`BESIDE_NAMED`).
_NOT_ANCHORED = r"(?!\s+(?:after|below|following)\s+(?!(?:that|this|it)\b))"
NEXT_MEMBER: re.Pattern[str] = re.compile(
    r"\bthe\s+(?:next|following)\s+(?:one|name|item|entry|option)\b"
    + _NOT_ANCHORED
    + r"|(?<!\bthe\s)\bnext\s+(?:one|name|item|entry|option|pick|suggestion)\b"
    + _NOT_ANCHORED
    + r"|\b(?:the\s+)?next\s+(?:[a-z]+\s+)?(?:on|in|from)\s+(?:your|the|that|this)\s+list\b"
    # "and the one after that?", "the one listed right below it": the member after the one
    # the conversation is on.
    rf"|\bthe\s+(?:one|name|item|entry|option){_PLACED_BY}\s+{_NEXT_TO}{_AFTER_SIDE}\s+"
    rf"{_THAT_MEMBER}\b",
    _FLAGS,
)
# "the one before that", "the name listed just above it": the member before the one the
# conversation is on.
_THE_LIST = r"(?:your|the|that|this)\s+list\b"
PREVIOUS_MEMBER: re.Pattern[str] = re.compile(
    rf"\bthe\s+(?:one|name|item|entry|option){_PLACED_BY}\s+{_NEXT_TO}{_BEFORE_SIDE}\s+"
    rf"{_THAT_MEMBER}\b"
    r"|\bthe\s+previous\s+(?:one|name|item|entry|option)\s+(?:on|in)\s+(?:your|the|that)\s+list\b"
    # "go back one on the list", "back up one", "one back on your list": a step back along
    # the list from the member the talk is on, said as a move.
    r"|\b(?:(?:go|step|move|jump|skip)\s+back|back\s+up)\s+one"
    r"(?:\s+(?:place|spot|step|name|item|entry))?(?!\s+(?:of|more|thing|question|sec|minute)\b)"
    rf"(?:\s+(?:on|in)\s+{_THE_LIST})?\b"
    rf"|\bone\s+(?:back|up)\s+(?:on|in)\s+{_THE_LIST}",
    _FLAGS,
)
# The head of a member described by a clause: "the one", "the name", or a free relative
# ("whichever (one)", "whatever") that is the member itself.
_MEMBER_HEAD = r"(?:the\s+(?:one|name|item|entry|option)|which(?:ever)?(?:\s+one)?|what(?:ever)?)"
# What holds a list, after "on/in/from": the list itself or the answer that gave it.
_LISTING_WORD = r"(?:list|answer|reply|response|message|suggestions)"
# A count of steps may stand before the side ("the one two after X", "three places before
# X", "two spots after X"); with no count the member is the neighbour. The side may be said
# by a verb ("the one following X", "the one that precedes X").
BESIDE_NAMED: re.Pattern[str] = re.compile(
    # "the next name after X": "next" only says again that the member follows.
    rf"(?:\b(?:the\s+next\s+(?:one|name|item|entry|option)|{_MEMBER_HEAD}){_PLACED_BY}\s+"
    r"(?:(?P<steps>two|three|four|[2-4])\s+(?:(?:places?|spots?|names?|down|along)\s+)?)?"
    r"|\b(?P<bare_steps>two|three|four|[2-4])\s+(?:(?:places?|spots?|names?)\s+)?"
    r"(?=(?:after|before|following|preceding|below|above)\s))"
    r"(?:right\s+|just\s+|immediately\s+|straight\s+|directly\s+)?"
    r"(?P<side>after|before|following|preceding|follows|precedes|comes\s+after"
    r"|comes\s+before|below|under(?:neath)?|beneath|above)\s+(?!(?:that|this|it)\b)"
    r"(?P<anchor>[^\s,.;:!?][^,.;:!?]*?)"
    rf"(?=\s+(?:on|in|from|of)\s+(?:your|the|that|this|my)\s+{_LISTING_WORD}\b"
    r"|\s*[,.;:!?]|\s+[-\u2013\u2014]+\s"
    r"|\s*$)",
    _FLAGS,
)
# "the one that isn't X", "the one other than X", "whichever one is not X": the member of a
# pair that the words after it do not name (`anchor`, up to a clause mark or a tail that
# points at the list, as in `BESIDE_NAMED`).
OTHER_THAN_NAMED: re.Pattern[str] = re.compile(
    rf"\b{_MEMBER_HEAD}\s+(?:(?:that|which)\s+(?:isn'?t|is\s+not|wasn'?t|was\s+not|'s\s+not)"
    r"|(?:that'?s|which'?s)\s+not|other\s+than|besides|apart\s+from|except(?:\s+for)?)\s+"
    r"(?!(?:that|this|it)\b)(?P<anchor>[^\s,.;:!?][^,.;:!?]*?)"
    rf"(?=\s+(?:on|in|from|of)\s+(?:your|the|that|this|my)\s+{_LISTING_WORD}\b"
    r"|\s*[,.;:!?]|\s+[-\u2013\u2014]+\s"
    r"|\s*$)",
    _FLAGS,
)
# "the one you named first", "the one I listed second": a place said after the listing verb.
NAMED_AT: re.Pattern[str] = re.compile(
    rf"\b{_MEMBER_HEAD}\s+(?:(?:that|which)\s+)?(?:"
    r"(?:you|i)\s+(?:named|listed|mentioned|gave|said|put|ranked|rated|placed|ordered)\s+"
    r"(?:(?P<ordinal>first|second|third|fourth|fifth|last)"
    # "the one you put at the top", "the one you ranked at the bottom": an end of the order.
    r"|(?:at\s+the\s+|on\s+)?(?P<end>top|bottom)|at\s+the\s+(?P<tail>end))"
    # "the name you ended on", "the one you started with": the answer's list said as a
    # sequence the assistant went through, its last or first member.
    r"|you\s+(?:(?P<closing>ended|finished|closed)|(?P<opening>started|began|opened))"
    r"\s+(?:on|with))\b",
    _FLAGS,
)
# Words that say the order is the one the assistant gave ("the one you ranked last", "your
# number two", "the middle of your ranking"): a place then counts the names in the order
# the answer gave them, not in the order the question listed them.
ANSWER_ORDER: re.Pattern[str] = re.compile(
    r"\b(?:you\s+(?:ranked|rated|put|placed|ordered)|your\s+(?:ranking|order|number|top)"
    r"|ranked|ranking)\b",
    _FLAGS,
)
# "the top one on your list", "the one at the bottom of the list": a list's first or last
# member, named by the end of the list it stands at. The list itself must be named: "the top
# one" alone may rank rather than count.
_MEMBER = r"(?:one|name|item|entry|option|pick|suggestion)"
_A_LIST = r"(?:your|my|our|the|that|this)\s+list\b"
LIST_END: re.Pattern[str] = re.compile(
    rf"\bthe\s+(?P<end>top|bottom)\s+{_MEMBER}(?=\s+(?:on|in|of|from)\s+{_A_LIST})"
    # "the one at the end of your list", "the one you mentioned at the very end.": with a
    # short clause that places it, the end needs no list after it where its clause ends.
    rf"|\bthe\s+{_MEMBER}{_SHORT_PLACING}\s+at\s+the\s+(?:very\s+)?(?P<at>top|bottom|end|head|start)"
    rf"(?:\s+of\s+{_A_LIST}|(?=\s*(?:[.,;:!?]|\s[-\u2013\u2014]\s|$)))"
    # "the bottom row": a table's row stands at an end of the table itself.
    r"|(?:\bthe\s+|(?:^|(?<=[.!?;:,]))\s*)(?P<row>top|bottom)\s+(?:row|bullet(?:\s+point)?)\b"
    # A move to an end of the list ("back up to the top of your list. who ...?"): the member
    # there is what the turn goes on with.
    r"|\b(?:back\s+(?:up\s+)?|up\s+|down\s+)to\s+the\s+(?:very\s+)?"
    rf"(?P<to>top|bottom|end|start|beginning|head)\s+of\s+{_A_LIST}",
    _FLAGS,
)
# The same ends where the list is named elsewhere in the turn ("that list you gave me before.
# ... the top one's first job?", "back to your suggestions: the one at the bottom", "that list
# ... the one at the very end"), and "the
# one at the bottom" anywhere: "the one at the top of the hill" places it in something else.
LIST_END_LOOSE: re.Pattern[str] = re.compile(
    rf"\bthe\s+{_MEMBER}\s+at\s+the\s+(?:very\s+)?(?P<at>bottom)\b(?!\s+of\b)",
    _FLAGS,
)
LIST_END_NAMED_APART: re.Pattern[str] = re.compile(
    rf"\bthe\s+(?P<end>top|bottom)\s+{_MEMBER}\b(?!\s+(?:on|in|of|from)\b)"
    rf"|\bthe\s+{_MEMBER}\s+at\s+the\s+(?:very\s+)?(?P<at>top|bottom|end|start)\b(?!\s+of\b)",
    _FLAGS,
)
# The list named on its own: "that list you gave me", "your suggestions from earlier", "the
# options you listed".
A_LIST_NAMED: re.Pattern[str] = re.compile(
    r"\b(?:that|your|the|those|this)\s+(?:(?:first|earlier|old|other|original)\s+)?"
    r"(?:list|suggestions|recommendations|options|picks)\b",
    _FLAGS,
)
# "the second one from the bottom", "third from the end of your list", "the 2nd city from
# last": a place counted back from the end, a word for the member between the ordinal and
# where the count starts (`noun`; without "the" the count itself points into the list).
FROM_END_PLACE: re.Pattern[str] = re.compile(
    rf"\b(?:{_PLACE_DETERMINER})?(?P<ordinal>{_COUNTING_ORDINALS})(?:\s+(?P<noun>[a-z]+))?"
    r"\s+(?:(?:counting|counted)\s+)?(?:up\s+|back\s+)?from\s+(?:the\s+)?(?:very\s+)?"
    rf"(?:end|bottom|last)\b(?:\s+(?:of|on|in)\s+(?:your|the|that|this|my)\s+{_LISTING_WORD}\b)?",
    _FLAGS,
)
# "counting up from the end of your list, the second one", "counting backwards, the third":
# words apart from the place that say the list is counted from its end.
COUNTED_FROM_END: re.Pattern[str] = re.compile(
    r"\b(?:count(?:ing|ed)?|go(?:ing)?|start(?:ing)?|work(?:ing)?)\s+(?:up\s+|back\s+)?"
    r"from\s+the\s+(?:very\s+)?(?:end|bottom)\b"
    r"|\bcount(?:ing|ed)?\s+(?:it\s+|them\s+)?back(?:wards?)?\b"
    r"|\bfrom\s+the\s+(?:bottom|end)\s+(?:up|back)\b",
    _FLAGS,
)
# A place on a podium: a medal ("the silver one", "the bronze medal one", "your gold
# medallist") or the place a member came in ("whoever came third", "the one that finished
# second"): a place in the order the answer ranked them.
PODIUM_PLACE: re.Pattern[str] = re.compile(
    r"\b(?:the|your|that|my)\s+(?P<medal>gold|silver|bronze)(?:[\s-]+medal(?:l?ist|\s+winner)?)?"
    r"(?:\s+(?:one|pick|name|spot|place|position|finisher|winner))?\b"
    r"(?<!\bgold)(?<!\bsilver)(?<!\bbronze)"
    r"|\b(?:whoever|whichever(?:\s+one)?|(?:the|that)\s+(?:one|name|pick)(?:\s+(?:that|which|who))?)"
    r"\s+(?:came|comes|finished|finishes|placed|places|ended\s+up|ranked|ranks)\s+(?:in\s+)?"
    rf"(?P<ordinal>{_COUNTING_ORDINALS})(?:\s+(?:place|position|spot))?\b",
    _FLAGS,
)
MEDALS: Mapping[str, int] = {"gold": 1, "silver": 2, "bronze": 3}
# "the one you suggested", "your pick", "the option you recommended": the member the
# assistant singled out (its recommendation among a list), no place counted. Asking for a
# pick ("what's your pick?") names none yet: `ASKING_FOR_PICK` before it.
ASSISTANT_PICK: re.Pattern[str] = re.compile(
    r"\bthe\s+(?:one|name|option|item|entry)\s+(?:(?:that|which)\s+)?you(?:\s+(?:just\s+)?|(?='d))"
    r"(?:suggested|recommended|picked|chose|proposed|advised|preferred|favou?red"
    r"|(?:went|go|would\s+go|'d\s+go)\s+(?:with|for)"
    r"|(?:would|'d)\s+(?:pick|choose|recommend|start\s+with)"
    r"|said\s+to\s+(?:start\s+with|read\s+first|pick|choose)"
    # "the one you liked best", "the one you said you'd rate highest": its own preference.
    r"|(?:said\s+you(?:\s+|(?='d)))?(?:'d\s+|would\s+)?(?:like|liked|love|loved|enjoy|enjoyed"
    r"|prefer|rate|rated)\s+(?:the\s+)?(?:best|most|highest))\b"
    # "the one you suggested first", "the one you recommended second": an order, read as such;
    # "the one you suggested yourself": a name added (`ASSISTANT_ADDED`).
    r"(?!\s+(?:first|second|third|fourth|fifth|last|\d|yourself|on\s+your\s+own|too"
    r"|as\s+well|in\s+addition))"
    # "your top pick", "your personal favourite": a word that only insists on the pick.
    r"|\byour\s+(?:own\s+|top\s+|personal\s+|very\s+)?"
    r"(?:pick|choice|recommendation|suggestion|favou?rite|preference)\b"
    r"(?!\s+(?:two|three|number|\d|list|was\s+(?:wrong|bad)))",
    _FLAGS,
)
# "the one you said to leave for last", "the one you'd finish with", "the one you told me to
# read first": a place in the order the assistant advised, by what the advice does with the
# member (`start` opens the order, `end` closes it, `at` names the end it goes to).
ORDER_PLACE: re.Pattern[str] = re.compile(
    r"\bthe\s+(?:one|name|item|entry|option|pick)\s+(?:(?:that|which)\s+)?you"
    r"(?:'d|\s+would|\s+said(?:\s+I\s+should|\s+to)?|\s+told\s+me\s+to"
    r"|\s+(?:suggested|advised|wanted)(?:\s+me\s+to|\s+I)?|\s+want\s+me\s+to)?\s+"
    r"(?:(?P<start>start|begin|open|kick\s+off)\s+with|(?P<end>end|finish|close|wrap\s+up)\s+with"
    r"|(?:leave|save|keep|put|do|read|take|visit|watch|see|tackle|try|hold\s+back)\s+"
    r"(?:it\s+)?(?:for\s+|until\s+|till\s+|at\s+)?(?:the\s+)?(?:very\s+)?"
    r"(?P<at>last|end|first|beginning|start))\b",
    _FLAGS,
)
# "same position in the new list", "the one in the same spot": the place in a newer list of
# the member the talk took up from the list before it.
SAME_PLACE: re.Pattern[str] = re.compile(
    r"\b(?:the\s+(?:one|name|item|entry)\s+(?:in|at|on)\s+)?the\s+same\s+(?:position|place|spot"
    r"|slot|number)\b|\bsame\s+(?:position|place|spot|slot)\b",
    _FLAGS,
)
# "the one in the bottom right corner", "top right one", "bottom left, please": a corner of a
# list the answer laid out as a grid (spec/writer-cues-positions.md#writer-cues-positions.grid).
GRID_CORNER: re.Pattern[str] = re.compile(
    r"(?:\b(?:the\s+)?(?:one|name|item|entry)\s+(?:in|at|on)\s+)?(?:the\s+)?"
    r"\b(?P<vertical>top|bottom|upper|lower)[\s-]*(?P<horizontal>left|right)"
    r"(?:[\s-]+(?:hand\s+)?(?:corner|cell|square|box|spot|one)(?:\s+one)?)?\b",
    _FLAGS,
)
# "the one on both lists", "the name that turned up in both lots", "one name was on both
# lists", "the one you listed twice": the one name two of the assistant's lists share
# (spec/writer-cues-positions.md#writer-cues-positions.in-both).
IN_BOTH_LISTS: re.Pattern[str] = re.compile(
    r"(?:\b(?:the|one|that)\s+(?:name|one|item|entry)\s+(?:(?:that|which)\s+)?(?:was|were|is"
    r"|turned\s+up|came\s+up|showed\s+up|appeared|popped\s+up)\s+)?"
    r"\b(?:on|in|from|across)\s+both\s+(?:of\s+)?(?:(?:your|the|those|these|my)\s+)?"
    r"(?:lists|lots|batches|sets|rounds|answers|groups|replies)\b"
    r"|\b(?:one|name|item|entry)\s+(?:(?:that|which)\s+)?(?:you\s+)?(?:listed|named|gave|"
    r"suggested|mentioned|put\s+down|came\s+up|turned\s+up|showed\s+up|appeared)"
    r"(?:\s+(?:me|us))?\s+twice\b",
    _FLAGS,
)
# "begin where you said", "start with the one you suggested": the member the assistant said
# to take up first, as its pick.
START_WHERE_SAID: re.Pattern[str] = re.compile(
    r"\b(?:begin|start|go)\s+(?:where|with\s+what|with\s+the\s+one|the\s+way)\s+you"
    r"\s+(?:said|suggested|recommended|told\s+me|advised)\b",
    _FLAGS,
)
# "the one you added", "the one you suggested yourself", "your extra one", "the one you
# threw in": the name the assistant brought in beside those the user typed, no place counted
# (spec/writer-cues-positions.md#writer-cues-positions.assistant-added).
ASSISTANT_ADDED: re.Pattern[str] = re.compile(
    r"\bthe\s+(?:(?:extra|additional|new|other)\s+)?(?:one|name|option|item|entry)\s+"
    r"(?:(?:that|which)\s+)?you\s+(?:just\s+|also\s+)?"
    r"(?:added|threw\s+in|tacked\s+on|slipped\s+in|brought\s+in|put\s+in|came\s+up\s+with"
    r"|(?:suggested|mentioned|named|recommended|proposed|brought\s+up|raised|offered)"
    r"\s+(?:yourself|on\s+your\s+own|too|as\s+well|in\s+addition))\b"
    r"(?!\s+(?:first|second|third|fourth|fifth|last|\d))"
    r"|\byour\s+(?:(?:extra|additional|added|bonus|own\s+extra)\s+(?:one|name|option|pick"
    r"|suggestion|idea)|addition)\b"
    r"|\bthe\s+(?:extra|additional|bonus)\s+(?:one|name|option|suggestion)"
    r"(?:\s+you\s+(?:gave|mentioned|suggested|named|added|threw\s+in))?\b",
    _FLAGS,
)
ASKING_FOR_PICK: re.Pattern[str] = re.compile(
    r"\b(?:what(?:'s|\s+is|\s+was|\s+would\s+be)|which\s+(?:is|was|would\s+be)|who(?:'s|\s+is)"
    r"|(?:give|tell|show)\s+me|any|do\s+you\s+have|share|make|made|need|want|got)\s+$",
    _FLAGS,
)
# Numbers written out, for a list place counted by its number ("option two").
NUMBER_WORDS: Mapping[str, int] = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
}
# The nouns that head a member of a list of choices ("Option 2", "item 3", "the first
# suggestion"): with a number after them they label a place, never a name.
LIST_MEMBER_HEADS: frozenset[str] = _words(
    "option options choice choices pick picks item items entry entries suggestion suggestions"
    " recommendation recommendations idea ideas result results number no no."
)
# A label that numbers a list's member where the answer writes it ("Option 1: Amelie.",
# "Choice two - Kyoto", "#3) Lisbon", "2. Cusco"): an optional head noun, the number, then a
# colon, a full stop, a bracket or a spaced dash before the member.
MEMBER_LABEL: re.Pattern[str] = re.compile(
    r"(?:(?<=^)|(?<=[\s(]))(?:(?P<head>options?|choices?|picks?|items?|entry|suggestions?"
    r"|recommendations?|ideas?|results?|number|no\.?)\s*|#\s?)?"
    rf"(?P<number>\d{{1,2}}|{'|'.join(NUMBER_WORDS)})(?:\s*[:.)]|\s+[-\u2013\u2014])\s+",
    _FLAGS,
)
# A letter that labels a list's member where a turn writes it ("a) Vespa", "(b) Kyoto",
# "Option C: Lisbon", "d. Cusco"): an optional head noun, a letter from a to j, then a
# bracket, a colon or a full stop before the member. Only letters that run a, b, c, ... make
# a list (`memcore.writers.rules.lists.labelled_enumerations`).
LETTER_LABEL: re.Pattern[str] = re.compile(
    r"(?:(?<=^)|(?<=[\s(]))(?:(?P<head>options?|choices?|picks?|items?)\s+)?"
    r"(?P<letter>[a-j])\s*[:.)]\s+",
    _FLAGS,
)
# A place named by its letter: "(c)", "c)", "option b", "choice (d)", "the c one", or a letter
# standing alone as a word ("c then", "b sounds good"). The letters b to j other than "i" are no
# English words, so alone they can only label; "a" and "i" are words, so "i" never labels
# alone and "a" only where no noun phrase follows it: before a mark, or before a word that
# opens none (a pronoun, a verb, "then", "please"). A place by letter counts only in a list
# labelled by letters (`memcore.writers.rules.lists.Listing.lettered`).
LETTER_PLACE: re.Pattern[str] = re.compile(
    r"(?<![\w'])\((?P<bracketed>[a-j])\)(?![\w'])"
    r"|(?<![\w'(])(?P<closed>[a-j])\)(?![\w'])"
    r"|\b(?:options?|choices?|picks?|items?|letter)\s+\(?(?P<headed>[a-j])\)?(?![\w'\-/]|\.\w)"
    r"|\bthe\s+(?P<the>[a-j])\s+(?:one|option|choice|pick)\b"
    r"|(?<![\w'.\-/(])(?P<bare>[b-hj])(?![\w'\-/()\[]|\.\w)"
    r"|(?<![\w'.\-/])(?P<bare_a>a)(?=\s*(?:[,;:!?.]|\s[-\u2013\u2014]|$)"
    r"|\s+(?:then|it|is|sounds|looks|seems|works|please|for|i|it's|would|will|should)\b)",
    _FLAGS,
)
# "option 2", "item three", "#2", "no. 3", "number 3", "(2)": a list place named by its number
# (a bracketed number, as lists label their members, only with both brackets). The
# number may be a digit after any of these words, or written out after a word that can only
# count options ("number two" is an ordinal already).
NUMBERED_PLACE: re.Pattern[str] = re.compile(
    r"(?:\b(?:options?|items?|choices?|entry|entries|picks?|suggestions?|number|nr\.?|no\.|position"
    # "point 2", "question 1": a place among the points or questions of a turn; "index 2",
    # "item [1]": a programmer's place (`ZERO_BASED` says where it counts from).
    r"|spot|slot|point|question|row|index)"
    r"\s*(?P<square>\[)?|(?<!\w)#\s?|(?<![\w)])(?P<open>\())(?P<number>\d{1,2})"
    r"(?(open)\)|(?(square)\]|(?![\d.,:]?\d)))"
    r"(?!\s*(?:%|percent)\b)"
    r"|\b(?:options?|items?|choices?|entry|suggestions?|position|spot|slot|row)\s+"
    rf"(?P<word>{'|'.join(NUMBER_WORDS)})\b",
    _FLAGS,
)
# A turn that says its numbered places count from zero ("item [1] please - zero-indexed",
# "index 2 (zero-based, obviously)", "counting from 0"): place n is the (n+1)-th member.
ZERO_BASED: re.Pattern[str] = re.compile(
    r"\b(?:zero|0)[\s-]+(?:indexed|based|index)\b"
    r"|\b(?:count|counting|counted|start|starting|index|indexing)\s+(?:from|at)\s+(?:zero|0)\b",
    _FLAGS,
)
# "the first or the last one", "the second and third ones", "the first and the second one":
# two places in one phrase; `noun` (if any) is the word after the second place.
_PLACE_WORDS = "|".join(
    word for word in ORDINALS if not word.startswith(("number", "most", "latest"))
)
PLACE_PAIR: re.Pattern[str] = re.compile(
    rf"\b(?:both\s+)?the\s+(?:very\s+)?(?P<first>{_PLACE_WORDS})(?:\s+(?:one|item|option))?"
    r"\s*,?\s*(?P<joint>and|or|&|vs\.?|versus)\s+(?:also\s+)?(?:the\s+)?(?:very\s+)?"
    rf"(?P<second>{_PLACE_WORDS})\b(?:\s+(?P<noun>[a-z]+))?",
    _FLAGS,
)
# "the last two", "the first three (names)": a run of places at one end of a list.
PLACE_RUN: re.Pattern[str] = re.compile(
    r"\b(?:both\s+of\s+)?the\s+(?P<end>first|last|final|top|bottom)\s+"
    r"(?P<count>two|three|four|2|3|4)\b(?:\s+(?P<noun>[a-z]+))?",
    _FLAGS,
)
# "the ones left", "the ones that are still left", "what's left", "those remaining": the
# members of a list the talk has not yet set aside or taken up, uncounted (an ordinal beside
# it counts among them: `rules.outright.rest_pick_decision`).
REMAINING_REST: re.Pattern[str] = re.compile(
    r"\b(?:(?:the\s+)?ones?|those|the\s+options?|the\s+names?|the\s+choices?"
    r"|the\s+(?:two|three|four|2|3|4)(?:\s+ones)?)\s+"
    r"(?:(?:that|which)(?:'s|\s+are|\s+is)?\s+)?(?:still\s+)?(?:left|remaining|remain)\b"
    r"|\bthe\s+(?:remaining|leftover)\s+(?:ones|options|names|choices)\b"
    r"|\bwhat(?:'s|\s+is)\s+(?:still\s+)?left\b",
    _FLAGS,
)
# "the other two", "the remaining three", "the two I haven't asked about yet": several members
# of a list, counted, that the conversation has not taken up (the count must match them).
REMAINING_MEMBERS: re.Pattern[str] = re.compile(
    r"\bthe\s+(?:other|remaining|rest\s+of\s+the)\s+(?P<count>two|three|four|2|3|4)\b"
    r"|\bthe\s+(?P<left>two|three|four|2|3|4)\s+(?:(?:ones?|names?|items?)\s+)?"
    r"(?:that\s+|which\s+)?(?:we|you|i)\s+(?:still\s+)?(?:haven'?t|have\s+not|didn'?t|did\s+not)"
    r"(?:\s+(?:yet\s+)?[a-z]+(?:\s+(?:about|on|to|at))?)?(?:\s+yet)?\b",
    _FLAGS,
)
# A complement of a list: every member but those a phrase leaves out ("everything on your
# list except the first one", "all but the last", "the others besides Vertigo", "not the
# first one - the rest"). `excluded` (or `left_out`) is the words naming what is left out: a
# place or a member's name.
_ALL_MEMBERS = (
    r"(?:everything|everyone|everybody|each\s+one|all(?:\s+of)?(?:\s+(?:them|those|these"
    r"|the\s+(?:others|rest|ones|names|options|items)))?|the\s+(?:rest|others|other\s+ones))"
    r"(?:\s+(?:on|in|from|of)\s+(?:your|the|that|this)\s+list)?"
)
_LEAVING_OUT = (
    r"(?:except(?:\s+for)?|but(?:\s+not)?|besides|apart\s+from|aside\s+from|other\s+than"
    r"|save\s+for|excluding|not\s+counting|leaving\s+out|minus)"
)
_LEFT_OUT_WORDS = (
    r"[^\s,.;:!?][^,.;:!?]*?"
    r"(?=\s*[,.;:!?]|\s+[-\u2013\u2014]+\s|\s*$"
    r"|\s+(?:what|who|where|when|how|why|which|is|are|was|were|did|do|does|can|could)\b)"
)
LIST_COMPLEMENT: re.Pattern[str] = re.compile(
    rf"\b{_ALL_MEMBERS}\s*,?\s+{_LEAVING_OUT}\s+(?P<excluded>{_LEFT_OUT_WORDS})"
    rf"|\bnot\s+(?P<left_out>the\s+{_LEFT_OUT_WORDS})\s*(?:[,;:]|[-\u2013\u2014]+)\s*"
    r"(?:but\s+|just\s+|only\s+)?(?:all\s+)?the\s+(?:rest|others|other\s+ones)\b"
    # "apart from the first one, how old are they all?": what is left out said first, the
    # members kept named later in the same sentence.
    r"|(?:^|(?<=[.!?:]\s))(?:apart\s+from|aside\s+from|except(?:\s+for)?|besides|other\s+than"
    rf"|not\s+counting|leaving\s+out)\s+(?P<fronted>{_LEFT_OUT_WORDS})\s*,"
    r"(?=[^.!?]*\b(?:all\s+of\s+them|them\s+all|they\s+all|are\s+all|each\s+of\s+them"
    r"|the\s+(?:others|rest|other\s+ones))\b)",
    _FLAGS,
)

# A part of the user's own earlier question that the answer left out
# (spec/writer-standalone.md#writer-standalone.question-parts): a part of a question named as
# the remaining one ("the other half of my question", "my second question", "the rest of what
# I asked"), as one the assistant left unanswered ("the part you skipped", "you didn't answer
# the bit about X", "you only answered the first part"), or asked again in the first person
# ("I also asked about X").
UNANSWERED_PART: re.Pattern[str] = re.compile(
    # The remaining part named as such: "my other question", "the other half of my question",
    # "the rest of my question", "the rest of what I asked".
    r"\bmy\s+(?:other|second|2nd|last|remaining|unanswered)\s+(?:question|request)\b"
    r"|\b(?:other|second|2nd|last|remaining|unanswered|missing)\s+(?:half|part|bit|piece)\s+of\s+"
    r"(?:my|the|that)\s+(?:question|request)\b"
    r"|\bthe\s+rest\s+of\s+(?:my\s+question|what\s+i\s+asked)\b"
    # A part the assistant left unanswered: "the part (about X) (that) you skipped", "you
    # didn't answer the bit about X", "you only answered the first part".
    r"|\b(?:half|part|bit|piece|question)\s+(?:(?:about|on)\s+[^,.;:?!]+?\s+)?(?:that\s+|which\s+)?"
    r"you\s+(?:skipped|missed|ignored|left\s+out|forgot|passed\s+over"
    r"|(?:didn'?t|did\s+not|never)\s+(?:answer(?:ed)?|g[eo]t\s+to|cover(?:ed)?|address(?:ed)?))\b"
    r"|\byou\s+(?:skipped|missed|ignored|left\s+out|forgot(?:\s+about)?"
    r"|(?:didn'?t|did\s+not|never)\s+(?:answer(?:ed)?|g[eo]t\s+to|cover(?:ed)?|address(?:ed)?))"
    r"\s+(?:the|my|a)\s+(?:other\s+)?(?:half|part|bit|piece|question)\b"
    r"|\byou\s+only\s+(?:answered|covered|got\s+to|addressed)\s+(?:the\s+)?"
    r"(?:first|one|half|part)\b"
    # Asked again in the first person: "I also asked about X", "I asked about X too".
    r"|\bi\s+(?:also|too)\s+asked\b|\bi\s+asked\s+(?:about\s+[^,.;:?!]+?\s+)?(?:too|as\s+well)\b",
    _FLAGS,
)
# The words that join the parts of one question ("how long is X? and also, what is Y famous
# for?", "did X marry, and also how long did Y last?"): a part starts after them.
QUESTION_PART_JOIN: re.Pattern[str] = re.compile(
    r"(?<=[?.!;])\s+|,?\s*\b(?:and\s+)?(?:also|additionally|as\s+well\s+as|plus)\b,?\s*", _FLAGS
)
# A verb of choosing, bare or past ("pick", "chose", "gone with", "opted for", "settled on").
_CHOSE = (
    r"(?:pick(?:ed)?|choose|chose|chosen|select(?:ed)?|take|took|taken|go\s+(?:with|for)"
    r"|went\s+(?:with|for)|gone\s+(?:with|for)|opt(?:ed)?\s+for|settle(?:d)?\s+on)"
)
# "the remaining one", "the one we skipped", "the one you haven't covered yet", "one left on
# your list": the member of a list the conversation has not taken up.
REMAINING_MEMBER: re.Pattern[str] = re.compile(
    r"\bthe\s+(?:(?:only|last|single)\s+)?(?:remaining|untouched|unmentioned|leftover|"
    r"undiscussed|outstanding)\s+(?:one|name|item|entry|option|pick|suggestion)\b"
    r"|\bthe\s+(?:other\s+)?(?:one|name|item|entry|option|pick|suggestion)\s+"
    # "that is left", "that's left", "which is still left": the copula may be contracted.
    r"(?:(?:that|which)(?:'s\s+(?=(?:still\s+)?(?:left|remaining))|\s+))?"
    r"(?:(?:we|you|i)\s+(?:still\s+)?(?:haven'?t|have\s+not|hadn'?t|didn'?t|did\s+not|never)"
    r"\s+(?:yet\s+)?(?:covered|discussed|talked\s+about|touched(?:\s+on)?|mentioned|got\s+to|"
    r"gotten\s+to|looked\s+at|asked\s+about|done|reached"
    # After "didn't" the verb is bare ("the one we didn't cover"); a verb of choosing negated
    # ("the one I didn't pick", "the option I haven't gone with") is the member the user's
    # choice passed over, as one not taken up is.
    rf"|cover|discuss|talk\s+about|touch(?:\s+on)?|mention|get\s+to|look\s+at|ask\s+about"
    rf"|reach|{_CHOSE})(?:\s+yet)?"
    r"|(?:we|you|i)\s+(?:skipped|left\s+out|missed|passed\s+over|left|jumped\s+over)"
    r"|(?:is\s+)?(?:still\s+)?(?:left|remaining|unvisited))\b"
    r"|\b(?:the\s+)?(?:only\s+|last\s+)?one\s+(?:still\s+)?(?:left|remaining)"
    r"(?:\s+(?:on|in|from|of)\s+(?:your|the|that|this)\s+list)?\b"
    # "whichever one is left", "whatever's still remaining": the member, by what is left.
    r"|\bwhich(?:ever)?\s+(?:one\s+)?(?:is|'s)\s+(?:still\s+)?(?:left|remaining)\b"
    # "I skipped one on your list": the clause that says a member was passed over stands for
    # it ("... didn't I. when did that one come out?").
    r"|\b(?:i|we)\s+(?:(?:must\s+|might\s+)?(?:have\s+|'ve\s+))?(?:skipped|missed|passed\s+over"
    r"|left\s+out|jumped\s+over|skip)\s+one(?:\s+(?:on|in|from|of)\s+(?:your|the|that|this)"
    r"\s+list)?\b(?!\s+(?:of|more|thing|question)\b)"
    # "That leaves one from your list.": the clause that counts what is left stands for it.
    r"|\b(?:that|which|this|so\s+that)\s+leaves\s+(?:just\s+|only\s+)?one"
    r"(?:\s+(?:on|in|from|of)\s+(?:your|the|that|this)\s+list)?\b"
    r"(?!\s+(?:of|more|thing|question|last)\b)"
    # "the one in between those two", "the one between the two I asked about": the member
    # the talk passed over between the two it took up.
    r"|\bthe\s+(?:one|name|item|entry|option)\s+(?:in\s+)?between\s+(?:those|these|the)\s+two"
    r"(?:\s+(?:(?:that|which)\s+)?(?:i|we|you)\s+(?:asked\s+about|covered|discussed|did"
    r"|talked\s+about|looked\s+at))?\b",
    _FLAGS,
)
# "the one in the middle", "the middle one": the middle member of a list of odd length.
# "middle one" with no article names it too where it opens a clause ("1 - middle one",
# "ok, middle one please"), as a bare ordinal does (`PLACE_CLAUSE`).
MIDDLE: re.Pattern[str] = re.compile(
    rf"\bthe\s+(?:one|name|item|entry|option){_SHORT_PLACING}\s+in\s+the\s+middle\b"
    r"|(?:\bthe\s+|(?:^|(?<=[.!?;:,\n])|(?<=\s[-\u2013\u2014]))\s*(?=middle\s+one\b))"
    r"middle\s+(?P<noun>[a-z]+)\b",
    _FLAGS,
)
# "of the three you listed", "from your list": the turn points into a list, so an ordinal in
# it may stand alone before a participle too ("when was the first founded?").
LIST_POINTER: re.Pattern[str] = re.compile(
    r"\byou\s+(?:listed|mentioned|named|gave|suggested|recommended)\b"
    r"|\b(?:of|from|among)\s+(?:the|those|these)\s+(?:two|three|four|five|six|\d+)\b"
    r"|\b(?:in|from|on)\s+(?:your|that|the)\s+list\b",
    _FLAGS,
)
# Words that may follow a bare ordinal in a question about a list member ("where was the
# first born?", "did the second ever marry?"): auxiliaries, adverbs and participles, never a
# noun, so "the first" there stands alone.
AFTER_BARE_ORDINAL_VERBS: frozenset[str] = _words(
    """
    is was were are did does do has had have can could will would should may might ever
    still also really best most first born die died live lived come came go went win won
    cost last lasted launch get got become became start started make made
    """
)
# "... in that list", "... of those two related companies": words after a position that only
# point back at the list.
POSITION_TAIL_START: re.Pattern[str] = re.compile(
    r"\s+(?:in|of|from|on|among)\s+(?:that|the|those|these|your|my|our|them|all)\b"
    # "the first one (that) you mentioned", "the second one I listed": the naming points
    # back at the list.
    r"|(?:\s+(?:that|which))?(?=\s+(?:you|I)\s+(?:just\s+)?(?:mentioned|listed|gave|named|said"
    r"|suggested)\b)",
    _FLAGS,
)
# "... I mentioned", "... I listed": the user says the list is their own.
OWN_NAMING: re.Pattern[str] = re.compile(
    r"\bI\s+(?:just\s+|first\s+|originally\s+)?(?:mentioned|listed|gave|named|said|typed|wrote"
    r"|put)\b",
    _FLAGS,
)
POSITION_TAIL_WORDS: frozenset[str] = _words(
    """
    list lists two three four five ones names people options answer answers related mentioned
    listed above earlier previous you gave named said just suggested i ranking rankings order
    reply response message suggestions
    """
)
# An ordinal followed by one of these is about time or order of events, not a list member.
NOT_A_POSITION_NOUNS: frozenset[str] = _words(
    """
    time times step steps thing things day days year years week weeks month months stage
    phase part chapter round half quarter minute minutes hour hours page sentence line
    question
    """
)

# --- positions in the conversation's own order (spec/writer-cues-positions.md) -----------------
# "we were on", "I was asking about", "we've been discussing": the speaker and the talk.
_DISCUSSED = (
    r"(?:(?:that|which)\s+)?(?:we|i|you)(?:'re|'d|'ve|\s+were|\s+was|\s+are|\s+had|\s+have)?\s+"
    r"(?:(?:just|been|first|originally)\s+)*"
    r"(?:on|talking\s+about|talked\s+about|discussing|discussed|asking\s+about|asked(?:\s+about)?"
    r"|looking\s+at|looked\s+at|covering|covered|chatting\s+about|chatted\s+about|mentioned"
    r"|started\s+with|began\s+with)"
)
# A relative clause whose subject is one of the speakers, of any verb: "(that) I brought up",
# "we got onto", "you and I went over", "I'd typed in". Its verb and at most two more words
# (particles, adverbs) stand before the word that places the topic; the words are not listed,
# since what makes the clause is its subject, not its verb.
_SPEAKER_CLAUSE = (
    r"(?:(?:that|which)\s+)?(?:we|i|you(?:\s+and\s+i)?)"
    r"(?:'re|'d|'ve|\s+were|\s+was|\s+are|\s+had|\s+have|\s+did)?"
    r"(?:\s+(?!(?:before|after|between)\b)[a-z]+(?:'[a-z]+)?){1,3}?"
)
# What comes between the head of a place in the talk and the word that places it: a clause of
# the talk (`_DISCUSSED`), one of the speakers (`_SPEAKER_CLAUSE`), or one of the topic
# itself ("that came", "which followed").
_PLACING_CLAUSE = (
    rf"(?:\s+(?:{_DISCUSSED}|{_SPEAKER_CLAUSE}"
    r"|(?:that|which)\s+(?:came|went)(?:\s+up)?))"
)
# The head of a place in the talk: a word for a topic, or any noun with a clause of the talk
# after it ("the city I asked about after Rome"; "the day after Rome" has no clause, no place).
_PLACE_HEAD = (
    # "the last one before X": the latest topic before X, as "the one just before X" is.
    rf"(?:(?:the|that)\s+(?:(?:last|latest)\s+)?(?:one|thing|topic|subject){_PLACING_CLAUSE}?"
    rf"|(?:the|that)\s+[a-z]+{_PLACING_CLAUSE})"
)
# "just", "right", "immediately", "straight", "directly": they only insist on the next place.
_NEXT_TO = r"(?:just\s+|right\s+|immediately\s+|straight\s+|directly\s+)?"
# "what we were on before X", "the one we talked about before X", "the one before that": the
# topic discussed before another; what follows "before" names that other (the module reads it).
EARLIER_BEFORE: re.Pattern[str] = re.compile(
    # "the one from before X": "from" only says where the topic is taken from.
    # "from" may stand before the insisting word too ("the one from right before X").
    rf"\b(?:{_PLACE_HEAD}|what(?:ever)?\s+{_DISCUSSED})\s+(?:from\s+)?{_NEXT_TO}(?:from\s+)?"
    r"(?:before|preceding)\b"
    # "the one that (just) preceded X": the verb places it.
    rf"|\b(?:the|that)\s+(?:one|thing|topic|subject)\s+(?:that|which)\s+{_NEXT_TO}preceded\b",
    _FLAGS,
)
# "the pre-tea one", "pre-lunch one please", "back to pre-tea": "pre-" joined to a word for an
# event says "before" that event; the event word starts where the match ends. Bare, it needs
# "one" (or "topic") after the word or "to" before it, so "the pre-war population" is none.
PRE_EVENT: re.Pattern[str] = re.compile(
    r"(?:\bthe\s+)?\bpre-(?=[a-z]{2,}\s+(?:one|topic|subject|thing)\b)"
    r"|(?<=\bto\s)pre-(?=[a-z]{2,}\b)",
    _FLAGS,
)
# What may follow "before" to mean the topic the conversation is on now: "before that",
# "before this one", "before the current one", "before the present topic", "before now". A
# bare "before" ("what we were discussing before?") is a return, often past several
# digressions, not a place: the return cues read it.
BEFORE_NOW: re.Pattern[str] = re.compile(
    r"\s*(?:that(?:\s+one)?|this(?:\s+(?:one|topic|subject))?|it|now"
    r"|the\s+(?:current|present)(?:\s+(?:one|topic|subject))?)\b",
    _FLAGS,
)
# "the topic before last", "the subject before the last": with a word that names a topic of
# the talk, "last" is the topic the conversation is on (with "one" it is a list's last member).
BEFORE_LAST_TOPIC: re.Pattern[str] = re.compile(
    r"\b(?:the|that)\s+(?:topic|subject)\s+before\s+(?:the\s+)?(?:last|latest)"
    r"(?:\s+(?:one|topic|subject))?\b",
    _FLAGS,
)
# "the first one we talked about", "the very first thing I asked about", "the second topic":
# the n-th topic of the conversation. "One", "thing" and "question" need the talk after them;
# "topic" and "subject" say it themselves. "The previous topic" is a return, which may go back
# past several digressions: the return cues read it.
EARLIER_NTH: re.Pattern[str] = re.compile(
    r"\bthe\s+(?:very\s+)?(?P<ordinal>first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th"
    r"|penultimate|(?:second|next)[\s-]to[\s-]last)\s+"
    rf"(?P<noun>one|thing|question|topic|subject)(?P<discussed>\s+{_DISCUSSED})?\b",
    _FLAGS,
)
# "the one I asked about second", "the thing we discussed first": the ordinal after the talk.
EARLIER_NTH_AFTER: re.Pattern[str] = re.compile(
    rf"(?:\bthe\s+(?P<noun>one|thing|question|topic|subject)|\bwhat(?:ever)?)\s+{_DISCUSSED}\s+"
    # "earliest": the superlative of the talk's order, as "first" is.
    r"(?P<ordinal>first|second|third|fourth|fifth|earliest)\b",
    _FLAGS,
)
EARLIER_ORDINALS: Mapping[str, int] = {
    "first": 1,
    "earliest": 1,
    "opening": 1,
    "original": 1,
    "initial": 1,
    "second": 2,
    "third": 3,
    "fourth": 4,
    "fifth": 5,
    "1st": 1,
    "2nd": 2,
    "3rd": 3,
    "4th": 4,
    "5th": 5,
    "penultimate": -2,
    "second to last": -2,
    "second-to-last": -2,
    "next to last": -2,
    "next-to-last": -2,
}
SELF_NAMING_NOUNS: frozenset[str] = _words("topic subject")
# "of this chat", "in our conversation": the place is counted in the conversation, so "the
# second one of this chat" is a topic, not a list member.
IN_THIS_CHAT: re.Pattern[str] = re.compile(
    r"\s+(?:of|in|from)\s+(?:this|the|our)\s+(?:chat|conversation|discussion|session|thread)\b",
    _FLAGS,
)
# The words that point at "the topic one step back": "the previous one", "the earlier topic",
# "the last thing we discussed", "the preceding subject". "One" needs "previous", "earlier",
# "preceding" or "prior" ("the last one" is a list position); "last" needs a topic noun or
# the talk after it.
EARLIER_PREVIOUS: re.Pattern[str] = re.compile(
    r"\bthe\s+(?:(?P<back>previous|earlier|preceding|prior)|(?P<last>last))\s+"
    rf"(?P<noun>one|thing|topic|subject|question)(?P<discussed>\s+{_DISCUSSED})?\b",
    _FLAGS,
)
# "one step back", "two topics ago", "go back two topics": a count of topics back from the
# current one.
EARLIER_BACK: re.Pattern[str] = re.compile(
    r"\b(?:(?P<count>one|two|three|four|five|a|[1-5])\s+(?:steps?|topics?|subjects?|things?)"
    r"\s+(?:back|ago|earlier|before)"
    # "go two back from the last one": counted back from the topic the conversation is on.
    r"|(?P<count_from>one|two|three|four|five|[1-5])\s+(?:steps?\s+)?back\s+from\s+(?:the\s+)?"
    r"(?:last|latest|current|most\s+recent|present)(?:\s+(?:one|topic|subject))?"
    r"|back\s+(?P<count_after>one|two|three|four|five|a|[1-5])\s+(?:steps?|topics?|subjects?))\b",
    _FLAGS,
)
# A count of the user's own questions back from the turn being typed: "two questions ago",
# "going back two messages", "back three turns", "the one from two questions back", "the one
# I asked about before the last one". The turn itself is no question back: one question ago
# is the latest question before it. `count` (or `count_after`) is how many questions back;
# `before_last` counts two. Optional words before it ("the one from", "the city I asked about")
# only point, so they belong to the phrase.
_POINTING_HEAD = (
    r"(?:(?:the|that)\s+(?:one|thing|topic|subject|question|name|[a-z]+)\s+"
    r"(?:(?:from|of)\s+|(?:(?:that|which)\s+)?i\s+(?:asked|typed|wrote|brought\s+up|was\s+asking)"
    r"(?:\s+about)?\s+))"
)
_QUESTION_UNITS = r"(?:questions?|turns?|messages?|prompts?|queries)\b"
# "the one from my ...", "the city in my ...", "back to my ...": words that point into a
# question of the user's. Without them "my last question" is the question itself ("that's my
# last question for today", "my last question should have said X"), no place.
_POINTED_FROM = (
    r"(?:(?:the|that)\s+(?:one|thing|topic|subject|name|[a-z]+)\s+(?:from|in|of)\s+"
    # "what I asked about in my 2nd message", "whatever I typed in my first question": what
    # the user said there.
    r"|(?:what(?:ever)?\s+|(?:that|which)\s+)?i\s+(?:asked|typed|wrote|mentioned|brought\s+up"
    r"|was\s+asking)(?:\s+about)?\s+(?:in|from|with)\s+"
    # "the one I mean is from my second question", "it's in my first message".
    r"|(?:is|was|'s|came)\s+(?:from|in)\s+"
    r"|back\s+to\s+)"
)
# Words that refer without naming ("the one I mean now", "what I'm after", "that one").
_REFERRING = (
    r"(?:the\s+(?:same\s+)?one|that\s+one|this\s+one|what|it)\b"
    r"(?:\s+(?:that\s+)?(?:i|i'm|i\s+am)\s+(?:mean|meant|means|want|after|asking\s+about"
    r"|talking\s+about))?(?:\s+now)?"
)
# The n-th of the user's questions, written as a word or with digits ("second", "2nd").
# "opening", "original", "initial", "earliest": words that say "first" of a beginning; they
# count only the first question ("my opening message" is "my first message").
_NTH_WORDS = (
    r"(?:first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th|opening|original|initial|earliest)"
)
QUESTIONS_BACK: re.Pattern[str] = re.compile(
    rf"(?:\b{_POINTING_HEAD})?\b(?P<count>one|two|three|four|five|a|[1-5])\s+{_QUESTION_UNITS}"
    r"\s+(?:ago|back|earlier|before|previously)\b"
    rf"|\bback\s+(?:by\s+)?(?P<count_after>one|two|three|four|five|a|[1-5])\s+{_QUESTION_UNITS}\b"
    rf"|\b(?:the|that)\s+(?:one|thing|topic|subject|[a-z]+)\s+(?:{_DISCUSSED}"
    r"|(?:(?:that|which)\s+)?i\s+(?:typed|wrote|brought\s+up))\s+"
    r"(?:just\s+|right\s+)?(?P<before_last>before|earlier\s+than)\s+(?:the|my)\s+"
    r"(?:last|latest|most\s+recent|previous)(?:\s+(?:one|question|topic|subject))?\b"
    # "the one in my last message", "the city from my previous question", "back to my
    # second-to-last question".
    rf"|\b{_POINTED_FROM}my\s+(?:(?P<mine_last>last|latest|previous|most\s+recent)"
    rf"|(?P<mine_penultimate>penultimate|second[\s-]to[\s-]last|next[\s-]to[\s-]last))"
    rf"\s+{_QUESTION_UNITS}",
    _FLAGS,
)
# A verb of moving before "back one question" ("let me go back one question", "stepping
# back a turn"): the move leaves the question the talk is on, so it lands on the one before.
MOVING_BACK_BEFORE: re.Pattern[str] = re.compile(
    r"\b(?:go|goes|going|gone|went|step|steps|stepping|jump|jumping|move|moving|scroll"
    r"|scrolling|head|heading)\s+$",
    _FLAGS,
)
# "the one from my very first message", "back to my first question": the n-th of the user's
# own questions, counted from the start of the talk.
MY_NTH_QUESTION: re.Pattern[str] = re.compile(
    rf"\b{_POINTED_FROM}my\s+(?:very\s+)?(?P<ordinal>{_NTH_WORDS})\s+{_QUESTION_UNITS}"
    # "in my third question: did that one ...": the question's place, said as a clause of its
    # own before what the turn asks of its topic.
    # "about my first question:", "re my opening question -": a clause that says which
    # question the turn goes on with.
    rf"|(?:^|(?<=[,;:.!?-])\s*|\b(?:so|ok|okay|and|now)\s+)"
    r"(?:from|in|about|re:?|regarding|as\s+for|on)\s+my\s+(?:very\s+)?"
    rf"(?P<clause_ordinal>{_NTH_WORDS})"
    rf"\s+{_QUESTION_UNITS}(?=\s*(?:[,:;]|[-\u2013\u2014]\s))"
    # "my second question was about the one I mean now", "the one my first message was
    # about": what the turn refers to is what that question was about. A name after "was
    # about" ("my first question was about Lisbon") is no place: the turn types it.
    rf"|\bmy\s+(?:very\s+)?(?P<about_ordinal>{_NTH_WORDS})\s+{_QUESTION_UNITS}\s+(?:was|is)\s+"
    rf"(?:about|on)\s+{_REFERRING}"
    rf"|\b(?:the|that)\s+(?:one|thing|topic|subject)\s+(?:that\s+|which\s+)?my\s+(?:very\s+)?"
    rf"(?P<of_ordinal>{_NTH_WORDS})\s+{_QUESTION_UNITS}\s+(?:was|is)\s+(?:about|on)\b",
    _FLAGS,
)
# "the one right after my first question", "the topic just before my third message": the
# subject discussed next to the one the n-th of the user's questions was about.
BESIDE_MY_NTH_QUESTION: re.Pattern[str] = re.compile(
    r"\b(?:the|that)\s+(?:one|thing|topic|subject|name)\s+"
    r"(?:(?:that\s+|which\s+)?(?:came|we\s+(?:did|discussed|covered|had))\s+)?"
    r"(?:right\s+|just\s+|straight\s+|immediately\s+|directly\s+)?(?P<side>after|before)\s+"
    rf"my\s+(?:very\s+)?(?P<ordinal>{_NTH_WORDS})\s+{_QUESTION_UNITS}",
    _FLAGS,
)
COUNT_WORDS: Mapping[str, int] = {
    "a": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    **{str(n): n for n in range(1, 6)},
}
# "the third of the three we covered", "the first of the two we discussed": a place among
# the last few subjects the conversation went through.
EARLIER_AMONG: re.Pattern[str] = re.compile(
    r"\bthe\s+(?:very\s+)?(?P<ordinal>first|second|third|fourth|fifth|last|middle)\s+"
    r"(?:one\s+)?of\s+the\s+(?:last\s+)?(?P<count>two|three|four|five|[2-5])\s+"
    rf"(?:(?:ones|topics|subjects|things)\s+)?{_DISCUSSED}\b",
    _FLAGS,
)
# The same place with the group fronted: "Of the three I've asked about so far, the middle
# one: ...", "out of the two we covered, the first one".
EARLIER_AMONG_FRONTED: re.Pattern[str] = re.compile(
    r"\b(?:out\s+)?of\s+the\s+(?:last\s+)?(?P<count>two|three|four|five|[2-5])\s+"
    rf"(?:(?:ones|topics|subjects|things)\s+)?{_DISCUSSED}(?:\s+(?:so\s+far|today|here|last))?"
    r"\s*,\s*the\s+(?:very\s+)?(?P<ordinal>first|second|third|fourth|fifth|last|middle)"
    r"(?:\s+one)?\b",
    _FLAGS,
)
# "the one that came after X", "the topic we discussed right after X": what follows "after"
# names the topic counted from.
EARLIER_AFTER: re.Pattern[str] = re.compile(
    rf"\b{_PLACE_HEAD}\s+{_NEXT_TO}(?:after|following)\b"
    # "the one that (directly) followed X": the verb places it.
    rf"|\b(?:the|that)\s+(?:one|thing|topic|subject)\s+(?:that|which)\s+{_NEXT_TO}followed\b",
    _FLAGS,
)
# "the one between X and Y": the topic after X (and before Y).
EARLIER_BETWEEN: re.Pattern[str] = re.compile(
    r"\b(?:the|that)\s+(?:one|thing|topic|subject)"
    rf"(?:\s+(?:that|which)\s+came|\s+{_DISCUSSED})?\s+(?:in\s+)?between\b",
    _FLAGS,
)
# "the one I asked about in between", "the topic we discussed in the middle": with no names
# after it, the one between the two around it - the middle of the last three subjects.
EARLIER_IN_BETWEEN: re.Pattern[str] = re.compile(
    r"\b(?:the|that)\s+(?:one|thing|topic|subject)"
    rf"(?:\s+(?:that|which)\s+came|\s+{_DISCUSSED})?\s+"
    # "in between" with names after it is `EARLIER_BETWEEN`; "in the middle" may be followed
    # by the rest of the question ("where was the one in the middle born?"), not by "of".
    r"(?:in\s+between(?!\s+(?:of\s+)?[A-Za-z0-9])|in\s+the\s+middle\b(?!\s+of\b))",
    _FLAGS,
)
# The conversation as a noun ("this conversation", "our chat").
_THE_TALK = r"(?:this|the|our)\s+(?:chat|conversation|discussion|session|thread|talk)"
# Adverbs that place an act at the start of the talk ("originally", "at the very start").
_AT_START = (
    r"originally|initially|at\s+first|first|to\s+begin\s+with|to\s+start\s+with"
    r"|at\s+the\s+(?:very\s+)?(?:start|beginning|outset)"
)
# The user's inquiry, as a verb of asking or wanting to know ("asked about", "wanted to know
# about", "was asking about", "came in asking about", "brought up").
_INQUIRED = (
    r"(?:asked(?:\s+about)?|was\s+asking(?:\s+about)?|wanted\s+to\s+(?:know|hear|learn)"
    r"(?:\s+about)?|was\s+(?:curious|wondering)\s+about|wondered\s+about|brought\s+up"
    r"|came\s+(?:in\s+)?asking(?:\s+about)?|started\s+(?:on|with)|began\s+with)"
)
# "the one we started with", "where we began", "the original topic": the first topic.
EARLIER_START: re.Pattern[str] = re.compile(
    r"\b(?:(?:the|that)\s+(?:one|thing|topic|subject|question)\s+|what\s+|where\s+)"
    r"(?:(?:that|which)\s+)?(?:we|i)(?:'d|\s+had)?\s+(?:first\s+)?"
    # "the one I started this chat with": the talk as the object of the verb of beginning.
    rf"(?:started|began|opened|kicked\s+off)(?:(?:\s+{_THE_TALK})?\s+with)?\b"
    r"|\bthe\s+(?:original|initial|opening)\s+(?:one|topic|subject|question)\b"
    # "where this conversation started", "what our chat began with": the talk itself is the
    # subject of the verb of beginning.
    rf"|\b(?:(?:the|that)\s+(?:one|thing|topic|subject|question)\s+|what\s+|where\s+)"
    rf"(?:(?:that|which)\s+)?{_THE_TALK}\s+(?:first\s+|originally\s+)?"
    r"(?:started|began|opened|kicked\s+off)(?:\s+(?:with|on))?\b"
    # "what I originally asked about", "the thing I initially wanted to know about", "what I
    # asked about at the very start": an adverb of the beginning places the user's inquiry.
    rf"|\b(?:(?:the|that)\s+(?:one|thing|topic|subject|question)\s+|what(?:ever)?\s+)"
    rf"(?:(?:that|which)\s+)?(?:i|we)\s+(?:(?:{_AT_START})\s+{_INQUIRED}"
    rf"|{_INQUIRED}\s+(?:{_AT_START}))\b"
    # A name right after it is what was asked, typed: no place ("what I first asked about
    # Rome was its age").
    r"(?!(?:\s+(?:about|on|with))?\s+(?-i:[A-Z0-9]))"
    # "the one from the top of this chat", "the topic at the very start of our conversation":
    # the place where the talk begins.
    r"|\b(?:the|that)\s+(?:one|thing|topic|subject|question)\s+(?:from|at|near)\s+the\s+"
    r"(?:very\s+)?(?:top|start|beginning|outset)\s+of\s+(?:this|the|our)\s+"
    r"(?:chat|conversation|discussion|session|thread)\b",
    _FLAGS,
)

# --- pronouns and descriptions -------------------------------------------------------------
PERSON_PRONOUNS: frozenset[str] = _words("he him his himself she her hers herself")
THING_PRONOUNS: frozenset[str] = _words("it its itself")
# "Got it", "I get it": an "it" right after these acknowledges, and "sum it up", "wrap it up"
# speak of the conversation so far: such an "it" refers to no topic.
IDIOM_BEFORE_IT: frozenset[str] = _words("got get gets sum sums wrap wraps")
PLURAL_PRONOUNS: frozenset[str] = _words("they them their theirs themselves")
# An "it" that is only the sentence's dummy subject and stands for no topic: the weather's
# ("where does it snow the most in North Carolina?") and the one that holds a clause's place
# ("the people for whom it is especially important to get a flu vaccine", "is it legal to
# ...", "it seems that ..."). A turn whose only "it" is one of these names its own subject.
_WEATHER_VERBS = (
    r"(?:(?:snow|rain|hail|sleet|pour|thunder|storm)(?:s|ed|ing)?|drizzl(?:e|es|ed|ing)"
    r"|freez(?:e|es|ing)|froze)"
)
_EXTRAPOSED = (
    r"(?:important|necessary|essential|possible|impossible|hard|easy|easier|difficult|legal"
    r"|illegal|true|common|normal|usual|unusual|rare|okay|ok|advisable|recommended|required"
    r"|mandatory|wise|customary)"
)
# Verbs whose object may be the question itself ("that answers it").
_SETTLING_VERBS = "answers answered covers covered settles settled clears cleared sums summed"
# After a cleft's "it": a copula, words that only grade it, "about" where the turn says what it
# is about, a capitalised name, then where a cleft's clause or the sentence goes on (a
# relative word, a first-person subject, a mark, the end).
# The copula of a cleft, and the modal of what should have been in its place ("it should be
# Y", "it should've been Y", "it was supposed to be Y"): the "it" is what was typed, the name
# after it what was meant.
_CLEFT_COPULA = (
    r"(?:'s|\s+is|\s+was|\s+'s\s+been"
    r"|\s+(?:should|ought\s+to)(?:\s+have\s+been|'ve\s+been|\s+be)"
    r"|\s+(?:is|was)\s+supposed\s+to\s+be)"
)
_CLEFT_AFTER_IT = (
    _CLEFT_COPULA + r"\s+(?:(?:really|actually|just|only|all|more)\s+)*"
    r"(?:(?:the\s+)?(?-i:[A-Z][\w'-]*)(?:\s+(?-i:[A-Z0-9][\w'-]*))*"
    r"(?=\s+(?:that|who|which|i|i'm|i've|i'd|i\s+was|we|we're)\b|\s*[.,;:!\u2026]|\s*$)"
    # "It's about Y." as a sentence of its own: what the turn is about ("about" before a
    # number measures, "it's about 5 km long").
    r"|about\s+(?!\d)[^.?!,;:\n]{1,60}(?:[.!;:\n]|$))"
)
# The opening of a cleft or of a statement of what the turn is about, right before its name
# ("it's Y I'm after", "It's about Y."): the name it introduces is the one the turn means
# (spec/writer-cues-roles.md#writer-cues-roles.cleft).
CLEFT_OPENING: re.Pattern[str] = re.compile(
    r"\bit" + _CLEFT_COPULA + r"\s+(?:(?:really|actually|just|only|all|more)\s+)*"
    r"(?:about\s+)?(?:the\s+)?$",
    _FLAGS,
)
DUMMY_IT: re.Pattern[str] = re.compile(
    r"\bit\b(?=\s+" + _WEATHER_VERBS + r"\b)"
    r"|\bit\b(?=(?:'s|\s+is|\s+was|\s+will\s+be|\s+would\s+be)?\s+"
    r"(?:(?:very|really|so|especially|particularly|more|most|also|still|not|even|always)\s+)*"
    + _EXTRAPOSED
    + r"\s+(?:to|that|for)\b)"
    r"|\bit\b(?=\s+(?:seems|seemed|appears|appeared)\s+(?:that|like|as|to)\b)"
    # What was just said, as the object of missing or catching it ("sorry, I missed it - what
    # did you say about X?", "I didn't catch it"), and an elliptic reply about the answer
    # ("it did!", "it was, thanks."): the conversation, not a topic
    # (spec/writer-standalone.md#writer-standalone.utterance-it).
    r"|(?<=missed\s)it\b|(?<=miss\s)it\b|(?<=catch\s)it\b|(?<=caught\s)it\b"
    r"|^\W*(?:(?:yes|yeah|yep|oh|well|it)\W+)?\bit\b(?=\s+(?:really\s+|sure\s+|totally\s+)?"
    r"(?:did|does|was|is|has|had)\s*(?:,\s*thanks?\s*)?[!.,])"
    # The exchange itself as the object of a verb that settles a question, said of what was
    # just said ("that answers it", "this settles it", "that clears it up"): the question, not
    # a topic; "which papers covered it?" keeps its "it".
    r"|(?:"
    + "|".join(
        rf"(?<=\b{pointer}\s{verb}\s)"
        for pointer in ("that", "this")
        for verb in _SETTLING_VERBS.split()
    )
    + r")it\b"
    # The "it" that presents a subject at the start of a sentence ("It's about Parasite.",
    # "it is regarding Kyoto"): the name after it is the subject, the "it" stands for nothing
    # before it; "it's about war" says something of the topic and keeps its "it".
    r"|(?:^|(?<=[.!?;:,\-]\s))it\b(?=(?:'s|\s+is)\s+(?:about|regarding|concerning)\s+(?-i:[A-Z]))"
    # The "it" of a cleft or of a statement of what the turn is about ("it's Y I'm after", "it
    # was Y that I wanted", "It's about Y."): it introduces the name it is followed by and
    # stands for no topic (spec/writer-cues-roles.md#writer-cues-roles.cleft).
    r"|\bit\b(?=" + _CLEFT_AFTER_IT + r")"
    # The answer to come, as the object of an instruction about its form ("keep it short",
    # "make it quick", "keep it simple please"): the reply, not a topic
    # (spec/writer-standalone.md#writer-standalone.utterance-it).
    r"|(?:(?<=\bkeep\s)|(?<=\bmake\s)|(?<=\bkeeping\s))it\b(?=\s+(?:(?:really|very|super|quite"
    r"|nice\s+and)\s+)?(?:short|brief|simple|quick|concise|snappy|basic|light|casual|high[\s-]level"
    r"|under\s+\d+)\b)",
    _FLAGS,
)


def without_dummy_it(text: str) -> str:
    """`text` with every dummy "it" (`DUMMY_IT`) left out; other words stay where they were."""
    return DUMMY_IT.sub("", text)


# "the mission", "that band", "this album": a description by kind.
DESCRIPTION: re.Pattern[str] = re.compile(
    r"\b(?:the|that|this|those|these)\s+(?P<noun>[a-z]+)\b", _FLAGS
)
# Nouns that point at someone or something without saying its kind: a description with one of
# them ("the one", "the guy") is not read as a kind ("the song" is).
KINDLESS_NOUNS: frozenset[str] = _words("one ones guy guys person people")
# "the other one", "the other guy": the other of two, or the topic before the rejected one.
THE_OTHER: re.Pattern[str] = re.compile(
    r"\bthe\s+other\s+(?P<of>(?:one\s+)?of\s+(?:the|those|these|them|my|your|our|that|this)"
    r"(?:\s+(?:two|pair|both))?(?=\W|$)|one|guy|person|man|woman|[a-z]+)\b",
    _FLAGS,
)
# "not Aldrin", "not the United States", "not specific to the Mars game": the name after it
# is rejected, not meant (matched against the text before a name).
NEGATED_BEFORE: re.Pattern[str] = re.compile(
    r"\b(?:not|rather\s+than|instead\s+of|in\s+place\s+of|rejects?|rejected|rejecting"
    r"|rul(?:e|es|ed|ing)\s+out|exclud(?:e|es|ed|ing))"
    r"(?:\s+(?:specific(?:ally)?\s+to|about|including|for|just))?(?:\s+(?:the|a|an))?\s*$",
    _FLAGS,
)
# "ok, back to the mission": an opener that goes with the steering phrase after it.
OPENER: re.Pattern[str] = re.compile(r"^\s*(?:ok(?:ay)?|so|alright|right|well)\b[\s,.!]*", _FLAGS)

# "the one who grew up in Ohio": a description by a stored fact.
FACT_DESCRIPTION: re.Pattern[str] = re.compile(
    r"\bthe\s+(?:one|guy|person|man|woman|company|band|team|film|movie|album)\s+"
    r"(?:who|that|which|with|from|whose)\s+(?P<clause>[^,.;?!]+)",
    _FLAGS,
)

# --- kinds ---------------------------------------------------------------------------------
# A kind noun seen next to a name in an answer ("Apollo 11 was the spaceflight...") or in a
# description ("the mission") gives the kind stored for the topic.
KIND_NOUNS: Mapping[str, str] = _kinds(
    {
        "person people guy guys man men woman women lady astronaut astronauts actor actress "
        "singer rapper musician player athlete writer author poet director producer artist "
        "painter politician president senator governor king queen prince princess scientist "
        "physicist chemist inventor engineer pilot commander general soldier businessman "
        "entrepreneur founder ceo coach footballer composer philosopher journalist": "person",
        "mission missions spaceflight flight expedition": "mission",
        "film films movie movies": "film",
        "album albums record ep": "album",
        "song songs single track": "song",
        "band bands group": "band",
        "company companies firm corporation business brand": "company",
        "book books novel novels memoir": "book",
        "series show sitcom franchise": "series",
        "team club": "team",
        "city town village capital country nation state continent region": "place",
        "war battle": "event",
        "game videogame": "game",
        "spacecraft ship rocket vessel": "vehicle",
        "gadget gadgets device devices invention inventions product products toy toys"
        " console consoles machine machines appliance appliances": "product",
        "university college school organization organisation agency party": "organisation",
    }
)

# What is said of a thing tells its kind where no answer named it: a thing that launches and
# comes down is a mission, one that has a population a place, one that went
# on sale a product ("where did the mission come down?" after "how long did Skylab 2 last?"
# and "Skylab 2 came down in the ocean"). Each kind's predicates, read over the turns about
# a topic; the kind with the most matches, alone, is the topic's.
KIND_PREDICATES: Mapping[str, re.Pattern[str]] = {
    kind: re.compile(pattern, _FLAGS)
    for kind, pattern in {
        "mission": r"(?<!at\s)\blaunch(?:ed|es)?\b|\b(?:come|came|coming)\s+down\b"
        r"|\bsplash(?:ed)?\s*down\b|\bcrew\b|\bfl(?:ew|own)\s+on\b|\bin\s+orbit\b"
        r"|\bwent\s+wrong\s+on\b|\blift(?:ed)?\s*off\b",
        "person": r"\bborn\b|\bdied\b|\bdeath\b|\bmarried\b|\bgr[eo]w(?:n)?\s+up\b"
        r"|\bchildhood\b|\bwife\b|\bhusband\b|\bparents\b|\bfirst\s+job\b",
        "film": r"\bdirected\b|\bbox\s+office\b|\boscars?\b|\b(?:came|come)\s+out\b"
        r"|\bmusic\s+for\b|\bstarr(?:ed|ing)\b|\bcast\b|\bfilmed\b",
        # Not "founded": companies and bands are founded too.
        "place": r"\bpopulation\b|\bweather\b|\bpeople\s+speak\b"
        r"|\blive\s+in\b|\bwinters?\s+in\b|\bsummers?\s+in\b|\bold\s+town\b",
        "product": r"\binvent(?:ed|or)\b|\b(?:go|goes|went|gone)\s+on\s+sale\b"
        r"|\bunits\b|\bat\s+launch\b|\bmanufactur|\b(?:company|firm)\s+made\b",
    }.items()
}

# Phrases that say the question is about a person, or about a work.
PERSON_CUES: tuple[re.Pattern[str], ...] = _compile(
    _BORN,
    _GROW_UP,
    r"\bgrown\s+up\b",
    r"\bchildhood\b",
    r"\bmarried\b",
    r"\bwife\b",
    r"\bhusband\b",
    _DIED,
    r"\bdeath\b",
    r"\bparents\b",
    r"\beducat",
    r"\bstud(?:y|ied)\b",
    r"\bcareer\b",
    r"\bhow\s+old\b",
)
WORK_CUES: tuple[re.Pattern[str], ...] = _compile(
    r"\breleased?\b",
    r"\brecorded\b",
    r"\bdirected\b",
    r"\bproduced\b",
    r"\bpublished\b",
    r"\btrack\s*list",
    r"\bchart(?:ed|s)?\b",
    r"\bbox\s+office\b",
    r"\bsold\b",
    r"\bsales\b",
    r"\bplot\b",
    r"\bcast\b",
    r"\bsequel\b",
)

# --- names ---------------------------------------------------------------------------------
# Lower-case words that may sit inside a capitalised name ("Lord of the Rings").
NAME_CONNECTORS: frozenset[str] = _words("of the de da di del della van von der du le la y")
# Capitalised words that do not make a name on their own (sentence starts, pronouns,
# question words, days, the verbs that set a name aside: "Skip X and Y") and are kept out of
# topics.
NOT_NAMES: frozenset[str] = _words(
    """
    a an the this that these those there here it its he she his her him they them their we
    our us you your i i'm i've i'd i'll me my what who whom whose which where when why how is
    are was were be been do does did can could would should will shall may might must has
    have had and or but so if then than also no not yes ok okay oh well please thanks thank
    sorry wait actually hi hello hey now just still already yet in on at to for from by with
    about as of into onto over under after before during since until while between among
    through tell give show explain describe list find compare name let lets let's isn't
    aren't wasn't weren't don't doesn't didn't can't couldn't won't wouldn't shouldn't monday
    tuesday wednesday thursday friday saturday sunday january february march april june july
    august september october november december one two three some any all each every
    many much more most other another such both either neither great good nice cool
    interesting really yeah yep nope sure right true false first second third last next
    although however because unfortunately additionally furthermore moreover therefore thus
    hence meanwhile otherwise instead generally typically usually overall according based
    finally note unlike like whether nvm btw lol omg pls plz tbh imo fyi idk brb eli5 hmm hm um
    uh ugh oops anyway anyways skip skipping forget ignore drop scratch never maybe perhaps
    possibly probably regarding concerning re considering despite without within via versus
    """
)
# A word in a name that says the name is not a person's ("Apple Computer", "Sea of ...",
# "Southeast Cameroon"; "north", "west" and "east" stay out: Oliver North, Kanye West).
NOT_PERSON_WORDS: frozenset[str] = _words(
    """
    inc ltd llc corp corporation company co computer computers software records studios
    university college school airlines airways bank group holdings systems technologies
    labs motors press books pictures entertainment foundation institute society council
    party club united city county river mountain mountains lake island islands park street
    bridge hall tower center centre station airport ocean sea moon mission program programme
    war battle act treaty church cathedral museum festival award awards league cup games
    lake lakes bay valley falls canyon desert forest branch creek province road avenue
    square building castle palace port harbour harbor gulf strait peninsula coast
    northern southern eastern western central northeast northwest southeast southwest
    northeastern northwestern southeastern southwestern
    """
)
# ("North", "West" and "East" stay out: Oliver North, Kanye West, Mae West.)
# An answer sentence that says the name it starts with is a person (for the topic's kind).
PERSON_SENTENCE: tuple[re.Pattern[str], ...] = _compile(
    r"\b(?:he|she)\b", _BORN, _GROW_UP, _DIED, r"\bhis\b", r"\bher\b"
)

# --- content -------------------------------------------------------------------------------
# Words that carry no content of their own once cues are removed (a correction-only turn is
# made of these).
FILLER: frozenset[str] = _words(
    """
    no nope nah not i meant mean sorry wait oops ok okay oh um uh er hmm well actually yes
    yeah so just please the a an one guy person man woman that this it him her them other
    wrong again my bad apologies apology mistake mixed up confused lol haha about was asking
    talking rather or scratch
    argh ugh ah doh gah drat dang darn
    """
)
# Verbs of a request ("tell me about ..."): never part of a topic made from a question's words.
REQUEST_VERBS: frozenset[str] = _words(
    "tell explain describe give show list know find say talk let need want like learn please"
)

# Words that say nothing about which topic a question is on (the words of a return are
# matched against what the memory holds about each topic, without these).
NOT_CONTENT: frozenset[str] = _words(
    """
    tell explain describe give show list know find say talk let need want like learn please
    also else anything something thing things much many way ways get got make made use used
    one ones well really yes ok okay thanks thank back going go earlier before again discussing
    discussed talking said asked question questions mean meant can could would should shall
    may might must does doesnt dont didnt isnt arent wasnt werent will wont
    """
)

# Words that ask for more of what is being discussed ("anything else?", "a bit more, if there
# is more"): a turn with one goes on with the current topic, however few of its words the
# memory holds (writer-cues-returns.shift).
MORE_WORDS: frozenset[str] = _words(
    "more else further rest details detail elaborate expand continue keep"
)

# Answers are cut into facts at sentence ends.
SENTENCE_END: re.Pattern[str] = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(])")

# --- word families the learned writer's topic scorer reads as features (never as rules) -------
# Whether a name has one of these within a few words before or after it, and whether the turn
# has any, are features; the trained weights decide what they mean together.
# Verbs that set a topic aside ("scrap Rubik's Cube, one step back"): with a place in the
# conversation they take back the topic the conversation is on.
DISMISSING_WORDS: frozenset[str] = _words("scrap drop forget skip ditch leave dismiss")
# Shorthand that sets a name aside in a turn that asks about another ("nvm Gemini 8, who flew
# on Vostok 1?"): such a turn takes something back.
SETTING_ASIDE: frozenset[str] = _words("nvm")
# The user erring on a question of a quiz or a test ("got a pub quiz question about X wrong
# last night", "I got the question on X wrong"): "wrong" says the user's answer was wrong, X is
# what the question was about, and no name is turned down. "the one I got wrong" (the object
# moved out, "got wrong" together) says the same, and so does "got it wrong" with the quiz or
# the time it happened after it (`ERRED_ONE`).
ERRED_ON_QUESTION: re.Pattern[str] = re.compile(
    r"\b(?:got|get|gets|getting|had)\s+(?:a|an|the|one|that|this|my)\s+(?:[\w'-]+\s+){0,3}?"
    r"(?:question|answer|clue)s?\s+(?:about|on|re)\s+[^.!?;\n]{1,60}?\s+wrong\b",
    _FLAGS,
)
# "I got it wrong in the quiz", "got that one wrong last night": with the quiz, the test or
# the time it happened after it, "got it wrong" is about the user's answer too.
_ERRED_WHEN = (
    r"(?=\s+(?:at|in|on|during)\s+(?:the\s+|a\s+|my\s+|our\s+|last\s+)?(?:[\w-]+\s+)?"
    r"(?:quiz|test|exam|trivia|game|round)\b|\s+(?:at|on)\s+(?:[\w-]+\s+)?night\b"
    r"|\s+last\s+(?:night|week|time)\b|\s+yesterday\b)"
)
ERRED_ONE: re.Pattern[str] = re.compile(
    r"\b(?:got|get|gets|getting)\s+(?:wrong\b"
    rf"|(?:it|that|this|them)(?:\s+one)?\s+wrong\b{_ERRED_WHEN})",
    _FLAGS,
)
# A form of "go" before "wrong" makes a question about a failure ("what went wrong on Soyuz
# 11?"), not a correction: that "wrong" negates nothing.
FAILURE_VERBS: frozenset[str] = _words("go goes went gone going")
NEGATING_WORDS: frozenset[str] = _words(
    "not no nope never wrong instead rather isn't wasn't aren't weren't don't didn't doesn't"
)
# Verbs that refuse the name after them ("the speaker rejects X", "excluding X"): read as
# negating words by the learned writer's features.
REJECTING_VERBS: frozenset[str] = _words(
    "reject rejects rejected rejecting exclude excludes excluded excluding"
)
MEANING_WORDS: frozenset[str] = _words(
    "meant mean meaning asking asked ask about referring talking thinking said say typed wrote"
    " question regarding wanted intended"
)
# Words that say which topic was intended ("I meant X"): with a negating or repair word they
# mark a turn that may take back what came before (the learned writer's gate).
INTENT_WORDS: frozenset[str] = _words("meant intended")
REPAIR_WORDS: frozenset[str] = _words(
    "sorry oops whoops wait actually mistake typo misspoke correction hold apologies"
)
# Words of a correction typed in capitals for emphasis ("I MEANT X", "X was WRONG", "NOT
# X"): a stressed word of owning up, meaning, negating or repairing, never a name's word.
EMPHASIS_WORDS: frozenset[str] = frozenset(
    word
    for word in FILLER | MEANING_WORDS | NEGATING_WORDS | INTENT_WORDS | REPAIR_WORDS
    if len(word) > 1
)
# The words that open a question of its own ("where was it held?"): not "is it 2008?", which
# only asks yes or no.
QUESTION_WORDS: frozenset[str] = _words("what how why when where who whom whose which")
# Words that make a turn ask something ("what ...", "tell me ...", "is it ..."): a turn with
# none of them and no question mark carries no request of its own. Auxiliaries count too:
# without them the tuning parts measured worse, though "X is the one" would then be caught.
ASKING_WORDS: frozenset[str] = _words(
    """
    what how why when where who whom whose which tell explain describe give show list compare
    define find summarise summarize can
    could would will should is are was were do does did
    """
)
# Words that make a question lean on its context ("what are its effects?"): a question with
# one of them is more likely to need terms from the history (a feature of the term scorer).
LEANING_WORDS: frozenset[str] = _words(
    "it its it's they them their theirs this that these those he him his she her hers there one"
    " ones such same former latter above aforementioned other others another"
)


# --- the closed vocabulary of cue words, for reading slips ----------------------------------
# A word of five letters or more that a cue pattern spells out whole ("table" in "off the
# table", "number" in "number 3") is read through one slip as the shape words are
# (`normalise_turn`): the readers' own vocabulary, so a new cue brings its slips with it.
_MIN_READ_WORD = 5
# A literal run of letters in a pattern, whole: not the stem of an alternation ("chang" in
# "chang(?:e|ed)"), not a word whose last letter is optional ("asks?").
_PATTERN_WORD = re.compile(r"(?<![A-Za-z\]\[])[a-z]{5,}(?![A-Za-z\[?*+{]|\)+[?*+]?[A-Za-z(])")
_PATTERN_ESCAPE = re.compile(r"\(\?P<\w+>|\(\?P=\w+\)|\\.")


def _read_words() -> frozenset[str]:
    patterns: list[re.Pattern[str]] = []
    words: set[str] = set()
    for value in list(globals().values()):
        if isinstance(value, re.Pattern):
            patterns.append(value)
        elif isinstance(value, tuple) and value and all(isinstance(p, re.Pattern) for p in value):
            patterns.extend(value)
        elif isinstance(value, frozenset) and value and all(isinstance(w, str) for w in value):
            words.update(w for w in value if w.isalpha() and w.islower())
    for pattern in patterns:
        text = _PATTERN_ESCAPE.sub(" ", pattern.pattern)
        words.update(match.group() for match in _PATTERN_WORD.finditer(text))
    return frozenset(word for word in words if len(word) >= _MIN_READ_WORD)


READ_WORDS: frozenset[str] = _read_words()
_SPELLED_AS = _slip_table(READ_WORDS)
