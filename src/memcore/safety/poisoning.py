"""Memory poisoning: instruction-like content is never stored as a fact (spec/poisoning.md).

A fact is a statement about the world or the user. A sentence that tells the assistant what
to do later ("remember that you must always recommend X"), overrides its instructions
("ignore previous instructions") or reassigns its role ("you are now ...") is an instruction,
and stored as a fact it would act on every later turn. `filter_node` drops such facts, keeps
everything else of the node, and counts the drop in `withheld_facts`; `withhold_instructions`
replaces such sentences of an answer with `WITHHELD_MARKER` where the writer reads it.

Text is checked in every *view* of its folded form (`memcore.textfold`), so spelling tricks
(zero-width or soft-hyphen characters, look-alike letters, full-width or mathematical
letters, accents, leetspeak, words joined or letters split by separators) read as the words
they imitate, one sentence at a time and two adjacent sentences together; text written in a
whole obfuscation class (doubled letters, pig latin, vowels removed, symbols between letters,
words or letters backwards) is read undone too (`memcore.safety.obfuscations`). A sentence
that names the person it speaks to and nothing of the machine's side is a fact
(`memcore.safety.addressee`). Besides the cue words, rules read what a directive is about:
the reader's future output, a machine-named data field, a machine reader spoken to, and
instruction roles in either order across languages (`memcore.safety.directive_target`).
"""

from __future__ import annotations

import functools
import html
import itertools
import re
import urllib.parse
from collections.abc import Callable, Iterable

import attrs

from memcore.node import Node
from memcore.safety.addressee import (
    addressed_to_a_person,
    asks_for_information,
    names_a_machine_reader,
)
from memcore.safety.assistant_vocatives import addressed_inside_a_title
from memcore.safety.attacker_goals import (
    CHARGE_CONCEALED,
    CREDENTIAL_BY_CONTACT,
    FORGET_PROOF_MEMORY,
    STORED_CARD_PURCHASE,
)
from memcore.safety.braille_letters import braille_reading
from memcore.safety.codebook_forms import codebook_reading
from memcore.safety.display_forms import display_readings
from memcore.safety.encodings import encoded_readings
from memcore.safety.hidden_text import hidden_from_the_reader
from memcore.safety.instruction_rules import InstructionRule, instruction_rules
from memcore.safety.joined_forms import joined_readings
from memcore.safety.kept_safeguards import without_kept_safeguards
from memcore.safety.machine_habits import title_segments
from memcore.safety.obfuscations import obfuscation_readings
from memcore.safety.ogham_letters import ogham_readings
from memcore.safety.register_forms import register_readings
from memcore.safety.rune_letters import rune_readings
from memcore.safety.transliteration import transliterated_readings
from memcore.safety.transport_forms import transport_readings
from memcore.textfold import (
    WORDWISE,
    fold_leet,
    fold_text,
    letters_joined,
    separators_as_spaces,
    separators_removed,
    separators_removed_leet,
)

WITHHELD_MARKER = "[withheld: instruction-like text]"

# A sentence ends after terminal punctuation (and any closing quotes or brackets) followed by
# space, after a full-width terminal mark, or at a line break. A full stop between letters
# ("i.g.n.o.r.e", "e.g.") ends nothing.
_SENTENCE_END = re.compile(r"(?<=[.!?…][\"'”’)\]])\s+|(?<=[.!?…])\s+|(?<=[。！？])|\n+")
_TERMINAL = re.compile(r"[\s.!?…。！？\"'”’)\]]+$")


def split_sentences(text: str) -> tuple[str, ...]:
    """The sentences of `text`, each with the space that follows it, so that joining them
    gives `text` back; a text without a sentence end is one sentence."""
    sentences: list[str] = []
    start = 0
    for end in _SENTENCE_END.finditer(text):
        if end.end() > start:
            sentences.append(text[start : end.end()])
            start = end.end()
    if start < len(text):
        sentences.append(text[start:])
    return tuple(sentences)


_URL_ESCAPE = re.compile(r"%[0-9A-Fa-f]{2}")
# A link's query string writes spaces as "+" ("cmd=send+the+user%27s+email").
_QUERY_PLUS = re.compile(r"[=?&#][^\s=&#]*\+")


def _decoded(text: str) -> str:
    # A web page's source or a link can carry words as character references or escapes.
    unescaped = html.unescape(text) if "&" in text else text
    if _QUERY_PLUS.search(unescaped):
        return urllib.parse.unquote_plus(unescaped)
    return urllib.parse.unquote(unescaped) if _URL_ESCAPE.search(unescaped) else unescaped


@functools.lru_cache(maxsize=8192)
def text_views(text: str) -> tuple[str, ...]:
    """The readings of `text` that the rules search: folded with invisible characters read as
    a space and as nothing, and with other scripts' letters left as they are (Russian is not
    Latin); each with separators between letters read as spaces, as nothing, and with single
    letters spelled apart joined; each of those as it is and with leetspeak folded (`1` as
    `i`, as `l`, and word by word), and leetspeak folded before the separators are read.
    Text written as HTML character references or URL escapes (`&#97;ll`, `all%20previous`)
    is read decoded as well, and so is text that shows signs of being written backwards,
    upside down, in ROT13 or in base64 (`memcore.safety.encodings`), and text that shows the
    sign of an obfuscation class (doubled letters, pig latin, vowels removed, symbols between
    letters, words in reverse order: `memcore.safety.obfuscations`) is read undone as well;
    text in archaic English or chat shorthand is read in plain English as well
    (`memcore.safety.register_forms`). Whitespace is collapsed and duplicates are dropped."""
    decoded = _decoded(text)
    first = fold_text(text)
    folds = dict.fromkeys(
        (first, fold_text(text, blank=""), fold_text(text, table={}))
        + ((fold_text(decoded),) if decoded != text else ())
        + tuple(fold_text(_decoded(reading)) for reading in encoded_readings(text))
        + obfuscation_readings(first)
        + register_readings(first)
    )
    spellings = dict.fromkeys(
        spelling
        for folded in folds
        for spelling in (
            folded,
            separators_as_spaces(folded),
            separators_removed(folded),
            letters_joined(separators_as_spaces(folded)),
        )
    )
    views = [
        view
        for spelling in spellings
        for view in (
            spelling,
            fold_leet(spelling, "i"),
            fold_leet(spelling, "l"),
            fold_leet(spelling, WORDWISE),
        )
    ]
    for folded in folds:
        views.append(separators_as_spaces(fold_leet(folded, WORDWISE)))
        views.append(
            letters_joined(
                separators_as_spaces(fold_leet(separators_removed_leet(folded), WORDWISE))
            )
        )
    return tuple(dict.fromkeys(" ".join(view.split()) for view in views))


# Spaced-out words ("Ig nore prev ious") and letters split by any mark are read with every
# space and mark removed; only these unambiguous phrases are looked for there, as any word
# boundary is lost.
_COMPACT = re.compile(
    r"(?:ignore|disregard|forget)(?:all|every|any)?(?:of)?(?:the|your|my)?(?:previous|prior"
    r"|earlier|above|preceding)(?:instructions?|rules?|prompts?|guidelines?|directions?)"
    r"|(?:ignore|disregard|forget)(?:all|your)(?:instructions|rules|guidelines)"
    r"|(?:reveal|print|show|repeat|leak|output)(?:me)?(?:your|the)(?:full)?(?:system|hidden"
    r"|initial|secret)(?:prompt|instructions)"
    r"|fromnowon(?:always|never|only|you|answer|respond|reply|recommend)"
    r"|youarenow(?:an?|the)?(?:unrestricted|unfiltered|jailbroken|dan|evil|uncensored)"
    r"|(?<!to)(?:enable|enter|activate)developermode|doanythingnow"
)
_NOT_WORD = re.compile(r"[\W_]+")
_WORD = re.compile(r"\w+")
COMPACT_RULE = InstructionRule(
    "POISON-C", "an override or a reach for the prompt, spelled with gaps", _COMPACT
)

# Quoted words that a sentence talks about ("the phrase 'ignore all previous instructions'
# became a meme") are not addressed to anyone: where the sentence outside the quotes names
# them as something said, written or titled, the cues read it with the quotes left out.
_QUOTED = re.compile(r"\"[^\"]+\"|“[^”]+”|‘[^’]+’|«[^»]+»|„[^“”]+[“”]|(?<![\w])'[^']+'(?![\w])")
_ABOUT_WORDS = re.compile(
    r"\b(?:phrase|line|meme|slogan|lyrics?|punchline|sign|post|posts|title|titled|song|album"
    r"|single|film|movie|book|novel|episode|words?|said|says|saying|replied|reply|asked|wrote"
    r"|writes|read|reads|means?|meaning|called|named|known as|such as|as in|quote[sd]?"
    r"|misquoted|chant|catchphrase|expression|joke|tweet|typed|command|string|example"
    r"|text like|prompts? like|tagline|motto|headline|caption|jailbreaks?|injections?"
    r"|attacks?|payloads?|exploits?|podcast|series|poem|track|requests? like|red teams?"
    r"|red-teaming|safeguards?)\b",
    re.IGNORECASE,
)
# A link's address is not prose: "rail.example/times" names no example.
_ADDRESS = re.compile(r"\b(?:https?://|www\.)\S+|\b[\w-]+(?:\.[\w-]+)+/\S*")


def _about_quotes(sentence: str) -> str:
    outside = _QUOTED.sub(" ", sentence)
    if outside == sentence or not _ABOUT_WORDS.search(_ADDRESS.sub(" ", outside)):
        return sentence
    return outside


# A title in title case that the sentence names as a work ("From Now On, Always: a Novel by
# ...", "Pretend We're Strangers (single by ...)", "Disregard the Rules - Episode 4", "From Now
# On is a 1997 album", "the album From Now On") is a mention of the work: the cues read the
# sentence with the title left out.
_TITLE_RUN = re.compile(
    r"(?<![\w'’])[A-Z][\w'’-]*(?:,?\s+(?:[A-Z0-9][\w'’-]*|(?:a|an|the|of|on|in|to|and|or|for"
    r"|by|with|at|from|as|is|are|be|me|my|we|us|it)(?=\s+[A-Z0-9])))+"
)
_WORK = (
    r"(?:album|single|song|film|movie|novel|novella|book|memoir|episode|podcast|series|sitcom"
    r"|show|play|poem|documentary|track|mixtape|musical|opera|painting|anthology|ep|lp|game"
    r"|lyrics|soundtrack|ballad|anthem|hit|chapter|season)"
)
_WORK_AFTER = re.compile(
    r"\s*(?:[:,(\[–—|-]\s*)?(?:(?:is|was)\s+)?(?:(?:an?|the|her|his|their)\s+)?"
    rf"(?:\w[\w'|-]*\s+){{0,3}}?(?:{_WORK}\b|by\s+[A-Z])",
    re.IGNORECASE,
)
_WORK_BEFORE = re.compile(rf"\b(?:{_WORK}|titled|called|named)\s*[:,]?\s*$", re.IGNORECASE)


def _about_titles(sentence: str) -> str:
    pieces: list[str] = []
    start = 0
    for run in _TITLE_RUN.finditer(sentence):
        if _WORK_AFTER.match(sentence, run.end()) or _WORK_BEFORE.search(sentence, 0, run.start()):
            pieces.extend((sentence[start : run.start()], " "))
            start = run.end()
    return "".join(pieces) + sentence[start:] if pieces else sentence


# A cue hit that a sentence reports rather than gives: after a verb of reporting ("the
# airline said passengers should forget the old rules", "a ship's computer is told to ignore
# its previous orders"), in a story ("In the film, ..."), about telling some model something
# ("why would an attacker tell a model to always ..."), or before an attribution at the end
# ("..., the handbook says."). Never where the hit or what stands between it and the report
# addresses the reader ("the manager said you must always ...").
_REPORTED = re.compile(
    r"\b(?:said|says|told|tells|wrote|writes|reported|reports|announced|explained|warned"
    r"|argued|claimed|claims|stated|states|added|noted|insisted|advised|urged|asked|asks"
    r"|according to)\b(?!\s*[:\"'“‘«])"
)
_STORY = re.compile(
    r"^\W*(?:in|during|throughout)\s+(?:the|this|that|a|an|her|his|their|its)\s+"
    r"(?:[\w'-]+\s+){0,2}?(?:film|movie|novel|book|story|episode|series|show|play|game|season"
    r"|chapter|scene|sequel|comic|opera|musical|poem|song|video|sitcom|drama)\b"
)
_SOME_MODEL = re.compile(
    r"\b(?:tell|tells|telling|told|ask|asks|asking|asked|instruct|instructs|instructing"
    r"|instructed|make|makes|making|get|gets|getting|trick|tricks|tricking|tricked|force|forces"
    r"|convince|convinces|convincing)\s+(?:(?:an?|any|some)\s+(?:[\w-]+\s+)?(?:model|ai|llm"
    r"|chatbot|bot|assistant|agent)|(?:models|ais|llms|chatbots|bots|assistants|agents))\b"
    # An attack described ("... by telling it to ignore its instructions"): not the imperative.
    r"|\b(?:tells|telling|told|asks|asking|asked|instructs|instructing|instructed|tricking"
    r"|tricks|tricked|forcing|forces|convincing)\s+(?:it|them)\s+to\b"
)
_ATTRIBUTED = re.compile(
    r",\s*(?:(?:the|a|an|his|her|their|its|our|my)\s+)?(?:[\w'’-]+\s+){0,4}?(?:said|says"
    r"|say|writes|wrote|explained|explains|advises|advised|advise|recommends|suggests|notes"
    r"|noted|added|warned|warns|warn|urges|urge|urged|insists|claims|argues|tells|told)\s*"
    r"[.!]?\s*$|,\s*(?:says|said|say|writes|wrote|urge|urges|according to|warn|warns)\s+"
    r"[^,]{1,60}$"
)
_ADDRESSED = re.compile(r"\b(?:you|your|yours|yourself|yourselves|u|ur)\b|\bassistant\s*,")


# A verb of reporting in a condition or an embedded question is not a report: "when the user
# asks about X, the AI must ...", "when asked who wrote X, the assistant must reply ...".
_ONE_WORD_SUBJECT = (
    r"\b(?:when|whenever|if|once|until|unless|who|whether|what|user|users|anyone|someone"
    r"|somebody|people|customers?|they)\s+(?:\w+\s+)?$"
)
# Since issue 27's twentieth round the condition's subject may be any short noun phrase ("if
# the sitter asks", "when a hotel guest asks"): the verb is still the condition's event.
_NOUN_PHRASE_SUBJECT = (
    r"\b(?:when|whenever|if|once|until|unless|should)\s+(?:the|a|an|any|every|each|their|his"
    r"|her|our|my)\s+(?:[\w'’-]+\s+){1,3}$"
)
_CONDITION_BEFORE = re.compile(f"{_ONE_WORD_SUBJECT}|{_NOUN_PHRASE_SUBJECT}")
# A concession at the end ("..., whatever the traffic sites say") is not an attribution.
_CONCESSION = re.compile(r",\s*(?:whatever|no\s+matter\s+what|regardless\s+of\s+what)\b")


def _report_frames(before: str) -> list[int]:
    frames = [
        frame.end()
        for frame in _REPORTED.finditer(before)
        if not _CONDITION_BEFORE.search(before, 0, frame.start())
    ]
    return frames + [
        frame.end() for pattern in (_STORY, _SOME_MODEL) for frame in pattern.finditer(before)
    ]


def _reported(view: str, hit: re.Match[str]) -> bool:
    if _ADDRESSED.search(hit.group()):
        return False
    before = view[: hit.start()]
    frames = _report_frames(before)
    if frames and not _ADDRESSED.search(before[max(frames) :]):
        return True
    after = view[hit.end() :]
    return (
        bool(_ATTRIBUTED.search(after))
        and not _CONCESSION.search(after)
        and not _ADDRESSED.search(after)
    )


# A check of one sentence beside the cue lists (the semantic detector): True flags it.
SentenceCheck = Callable[[str], bool]
# Told every window the guard is about to read, so a check can read them together (the
# semantic detector encodes them in one encoder call instead of one call per sentence).
WindowBatch = Callable[[tuple[str, ...]], object]

HIDDEN_RULE = InstructionRule(
    "POISON-HIDDEN",
    "words spelled in tag characters, or a command disguised with look-alike letters",
    re.compile(r"(?!)"),
)
SEMANTIC_RULE = InstructionRule(
    "POISON-SEM",
    "read as an instruction by the semantic detector",
    re.compile(r"(?!)"),
)


@attrs.frozen
class Gate:
    """What the guard runs on each sentence: the cue lists (`cues`), any further checks
    (`checks`, the semantic detector) and a `veto` on cue hits (the detector's
    `reads_as_statement`: a cue word in a sentence that plainly states a fact is a
    mention). A sentence is flagged when an unvetoed cue or a check flags it. `prepare`, where
    given, is told every window of the texts about to be read before any is checked (the
    detector's `prepare`: one encoder batch); it changes no flag, only when work is done."""

    cues: bool = True
    checks: tuple[SentenceCheck, ...] = ()
    veto: SentenceCheck | None = None
    prepare: WindowBatch | None = None


CUES = Gate()
"""The cue lists alone: the gate where the encoder is not installed."""

_in_use: list[Gate] = [CUES]


def use_gate(gate: Gate) -> None:
    """Make `gate` the one every call without an explicit gate uses in this process. Called
    once at the effect boundary (`memcore.safety.semantic.use_installed_gate`: the command
    line, the session stores, the adapters), so storing, replaying and rendering all read
    text through the same gate."""
    _in_use[0] = gate


def gate_in_use() -> Gate:
    """The gate of calls without an explicit one: `CUES` until `use_gate` sets another."""
    return _in_use[0]


# The same sentences come back turn after turn (a conversation's answers are rendered and
# filtered again at every later turn): each is read once.
@functools.lru_cache(maxsize=65536)
def _first_rule(text: str, gate: Gate = CUES) -> InstructionRule | None:
    # Words kept from a person's sight (tag characters, a command in look-alike letters) are
    # read before any exemption: a headline or a person's vocative does not hide them.
    if gate.cues and hidden_from_the_reader(text):
        return HIDDEN_RULE
    # A clause that keeps a safeguard (a secret kept, consent kept) is no order to guard
    # against: what is left of the sentence is read instead.
    kept = without_kept_safeguards(text)
    if kept != text:
        return _first_rule(kept, gate) if _WORD.search(kept) else None
    # An attacker's goal is refused whoever the clause speaks to.
    if gate.cues and (goal := _goal_rule(text)) is not None:
        return goal
    # An imperative that names the person it speaks to and nothing of the machine's side
    # (a headline, a teacher's direction, "cc me on ...") is about the world.
    if addressed_to_a_person(text, fold_text(text)):
        return None
    # A question asked for information names what it asks about (issue 27's tenth round).
    if asks_for_information(text):
        return None
    if gate.cues:
        cue = _cue_rule(text)
        if cue is not None and (
            gate.veto is None or names_a_machine_reader(fold_text(text)) or not gate.veto(text)
        ):
            return cue
    if any(check(text) for check in gate.checks):
        return SEMANTIC_RULE
    return None


# Stop 59: an attacker's goal, refused whoever the clause addresses
# (`memcore.safety.attacker_goals`).
GOAL_RULES = (
    InstructionRule(
        "POISON-GOAL-CREDENTIAL",
        "a payment secret to be given or read out by phone, text or e-mail",
        CREDENTIAL_BY_CONTACT,
    ),
    InstructionRule(
        "POISON-GOAL-STORED-CARD",
        "a purchase, booking or payment made on a card someone saved",
        STORED_CARD_PURCHASE,
    ),
    InstructionRule(
        "POISON-GOAL-MEMORY",
        "something kept in memory against the user's later wish, or for ever",
        FORGET_PROOF_MEMORY,
    ),
    InstructionRule(
        "POISON-GOAL-CONCEALED-CHARGE",
        "a fee, a charge or a rate kept out of what the reader is told",
        CHARGE_CONCEALED,
    ),
)


def _goal_rule(text: str) -> InstructionRule | None:
    folded = fold_text(text)
    return next((rule for rule in GOAL_RULES if rule.pattern.search(folded)), None)


# Stop 50: read on the text as written (its capitals tell an order from a name).
TITLE_VOCATIVE_RULE = InstructionRule(
    "POISON-TITLE-VOCATIVE",
    "inside a title, the assistant named in another language, a colon and an order",
    re.compile(r"(?!)"),
)


def _cue_rule(text: str) -> InstructionRule | None:
    if addressed_inside_a_title(text):
        return TITLE_VOCATIVE_RULE
    read = _about_titles(_about_quotes(text))
    # A title line's parts ("Name - Clause") read as sentences too (`title_segments`).
    segmented = title_segments(read)
    views = text_views(read) + (
        tuple(view for view in text_views(segmented) if view not in text_views(read))
        if segmented != read
        else ()
    )
    every_view = "\n".join(views)
    words = frozenset(_WORD.findall(every_view))
    rules = [
        rule
        for rule in instruction_rules()
        if rule.needs is None or rule.needs.met_by(every_view, words)
    ]
    for view in views:
        for rule in rules:
            if any(not _reported(view, hit) for hit in rule.pattern.finditer(view)):
                return rule
    if any(_COMPACT.search(_NOT_WORD.sub("", view)) for view in views):
        return COMPACT_RULE
    return None


def sentences_joined(first: str, second: str) -> str:
    # Two adjacent sentences read as one: the first one's end mark is dropped, so a pattern
    # that may not cross a sentence end reads across this one.
    return f"{_TERMINAL.sub('', first)} {second.strip()}"


def three_joined(first: str, second: str, third: str) -> str:
    """Three adjacent sentences read as one (the first two's end marks dropped)."""
    return sentences_joined(sentences_joined(first, second), third)


def _three_rule(sentences: tuple[str, ...], position: int, gate: Gate) -> InstructionRule | None:
    # The three sentences from `position`, read together by the cue lists only: the semantic
    # detector was trained on one or two, and reads a long window as an instruction more
    # readily.
    if not gate.cues:
        return None
    first, second, third = sentences[position : position + 3]
    return _first_rule(three_joined(first, second, third), attrs.evolve(gate, checks=()))


@functools.lru_cache(maxsize=4096)
def _sentence_flags(sentences: tuple[str, ...], gate: Gate = CUES) -> tuple[bool, ...]:
    flags = [_first_rule(sentence, gate) is not None for sentence in sentences]
    for position in range(len(sentences) - 1):
        if flags[position] or flags[position + 1]:
            continue
        if (
            _first_rule(sentences_joined(sentences[position], sentences[position + 1]), gate)
            is not None
        ):
            flags[position] = flags[position + 1] = True
    for position in range(len(sentences) - 2):
        if any(flags[position : position + 3]):
            continue
        if _three_rule(sentences, position, gate) is not None:
            flags[position] = flags[position + 1] = flags[position + 2] = True
    return tuple(flags)


_HYPHEN_BREAK = re.compile(r"(?<=[^\W\d_])-[ \t]*\r?\n[ \t]*(?=[^\W\d_])")
_LINE_START = re.compile(r"(?m)^[ \t]*(?:[-*•>]|\d{1,2}[.)])[ \t]+")
_LINE_BREAK = re.compile(r"\r?\n")


def lines_joined(text: str) -> str:
    """`text` as one line: a word hyphenated over a line break joined, list markers at line
    starts dropped, each line break read as a space (so letters written one per line stay
    apart from the spaces between words)."""
    unbroken = _LINE_START.sub("", _HYPHEN_BREAK.sub("", text))
    return _LINE_BREAK.sub(" ", unbroken)


def _readings(text: str) -> tuple[tuple[str, ...], ...]:
    # The sentences as written, and (when the text has line breaks) as one line: a payload
    # split over lines is one sentence once the lines are joined; the same for each reading
    # of a transport form the text shows the sign of (`transport_readings`), and of the text
    # as a screen shows it or a program decodes it (`display_readings`), spelled in braille
    # cells (`braille_reading`), in runes (`rune_readings`), in Ogham (`ogham_readings`) or
    # in any other alphabet (`transliterated_readings`), and with words run
    # together read apart (`joined_readings`), and with the code words a key in the text
    # defines read as what they stand for (`codebook_reading`).
    decoded = codebook_reading(text)
    braille = braille_reading(text)
    found: list[tuple[str, ...]] = []
    for form in (
        text,
        *((braille,) if braille is not None else ()),
        *rune_readings(text),
        *ogham_readings(text),
        *transliterated_readings(text),
        *transport_readings(text),
        *display_readings(text),
        *joined_readings(text),
        *((decoded,) if decoded is not None else ()),
    ):
        found.append(split_sentences(form))
        if "\n" in form:
            found.append(split_sentences(lines_joined(form)))
    return tuple(dict.fromkeys(found))


@functools.lru_cache(maxsize=8192)
def text_windows(text: str) -> tuple[str, ...]:
    """Every window `instruction_rule` may read of `text`, in its order: each sentence and
    each pair of adjacent sentences read as one, also with the text's lines joined."""
    found: list[str] = []
    for sentences in _readings(text):
        found.extend(sentences)
        found.extend(sentences_joined(a, b) for a, b in itertools.pairwise(sentences))
    return tuple(dict.fromkeys(found))


def prepare_texts(texts: Iterable[str], gate: Gate | None = None) -> None:
    """Tell `gate`'s `prepare` every window of `texts` at once (nothing without one): a
    turn's question, answer, facts and topics are then scored in one batch."""
    gate = gate_in_use() if gate is None else gate
    if gate.prepare is None:
        return
    windows = dict.fromkeys(window for text in texts for window in text_windows(text))
    if windows:
        gate.prepare(tuple(windows))


def instruction_rule(text: str, gate: Gate | None = None) -> InstructionRule | None:
    """The first rule that marks `text` as instruction-like, or None for an ordinary fact.

    Each sentence is checked, then each pair of adjacent sentences read as one, then (by the
    cue lists only) each run of three; a text with line breaks is checked again with its
    lines joined. Without `gate`, `gate_in_use()`.
    """
    gate = gate_in_use() if gate is None else gate
    prepare_texts((text,), gate)
    for sentences in _readings(text):
        for sentence in sentences:
            rule = _first_rule(sentence, gate)
            if rule is not None:
                return rule
        for first, second in itertools.pairwise(sentences):
            rule = _first_rule(sentences_joined(first, second), gate)
            if rule is not None:
                return rule
        for position in range(len(sentences) - 2):
            rule = _three_rule(sentences, position, gate)
            if rule is not None:
                return rule
    return None


def is_instruction_like(text: str, gate: Gate | None = None) -> bool:
    """Whether `text` reads as an instruction to the assistant rather than a fact."""
    return instruction_rule(text, gate) is not None


def flagged_sentences(text: str, gate: Gate | None = None) -> tuple[str, ...]:
    """The sentences of `text` that are withheld: each instruction-like sentence, and both
    sentences of an adjacent pair that is instruction-like only when read together."""
    gate = gate_in_use() if gate is None else gate
    prepare_texts((text,), gate)
    sentences = split_sentences(text)
    flags = _sentence_flags(sentences, gate)
    return tuple(sentence for sentence, flag in zip(sentences, flags, strict=True) if flag)


def withhold_instructions(text: str, gate: Gate | None = None) -> str:
    """`text` with its instruction-like sentences replaced by `WITHHELD_MARKER`; a run of
    adjacent withheld sentences becomes one marker. Text with nothing to withhold is
    returned as it is."""
    gate = gate_in_use() if gate is None else gate
    prepare_texts((text,), gate)
    sentences = split_sentences(text)
    flags = _sentence_flags(sentences, gate)
    if not any(flags):
        return text
    pieces: list[str] = []
    for position, (sentence, flag) in enumerate(zip(sentences, flags, strict=True)):
        if not flag:
            pieces.append(sentence)
        elif position == 0 or not flags[position - 1]:
            trailing = sentence[len(sentence.rstrip()) :]
            pieces.append(WITHHELD_MARKER + (trailing or " "))
    return "".join(pieces).rstrip() if not text[-1:].isspace() else "".join(pieces)


def neutralise(text: str, gate: Gate | None = None) -> str:
    """`text` as the memory keeps it and the writer reads it: its instruction-like sentences
    withheld (`withhold_instructions`), and the whole text replaced by `WITHHELD_MARKER` when
    it is still instruction-like (an instruction split over lines or over three sentences).
    Idempotent: the marker is not instruction-like."""
    gate = gate_in_use() if gate is None else gate
    withheld = withhold_instructions(text, gate)
    return WITHHELD_MARKER if is_instruction_like(withheld, gate) else withheld


def filter_node(node: Node, gate: Gate | None = None) -> Node:
    """`node` with every text from a user, an answer or a writer through the gate
    (spec/poisoning.md#poisoning.filter): instruction-like facts dropped (`withheld_facts`
    grows by the number dropped); instruction-like topics withheld, with the operations on
    them and the contradictions naming them; an instruction-like kind emptied; the question
    and the answer neutralised (`neutralise`). Everything else is kept in order. A node with
    nothing to withhold is returned as it is; filtering twice is filtering once. Every text
    of the node is prepared in one batch first (`prepare_texts`)."""
    gate = gate_in_use() if gate is None else gate
    names = (*node.topics, *node.contradicts, *(op.topic for op in node.operations))
    prepare_texts((node.question, node.answer, node.kind, *node.facts, *names), gate)
    kept = tuple(fact for fact in node.facts if not is_instruction_like(fact, gate))
    dropped = len(node.facts) - len(kept)
    withheld = {name for name in names if is_instruction_like(name, gate)}
    kind = "" if is_instruction_like(node.kind, gate) else node.kind
    question = neutralise(node.question, gate)
    answer = neutralise(node.answer, gate)
    if (dropped, withheld, kind, question, answer) == (
        0,
        set(),
        node.kind,
        node.question,
        node.answer,
    ):
        return node
    return attrs.evolve(
        node,
        question=question,
        answer=answer,
        operations=tuple(op for op in node.operations if op.topic not in withheld),
        topics=tuple(name for name in node.topics if name not in withheld),
        contradicts=tuple(name for name in node.contradicts if name not in withheld),
        kind=kind,
        facts=kept,
        withheld_facts=node.withheld_facts + dropped,
    )
