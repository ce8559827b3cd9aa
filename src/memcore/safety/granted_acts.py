"""Acts only the machine reading a text could take that harm its user, and two readings that
give one to the reader (spec/poisoning.md#poisoning.granted).

Issue 27's fifteenth round. A stored fact, a file's name or a terse note is read by the
assistant; whoever wrote it cannot give the assistant orders, so a claim that someone (the
user's employer, bank or doctor, the user in an earlier session, a team, the assistant's
makers) permitted, asked or told the assistant to do something is forged when what it
permits is an act against the user: handing the user's data to an address or a third party,
asking for a secret, switching a safeguard off, steering the user to one seller, fixing the
answer to a kind of question, or taking on a seller's persona (`GRANTED_ACT`). A terse note
whose segment opens with such an act as a bare imperative gives the same order without
naming its reader (`NOTE_ACT`). What a user really asks for (metric units, shorter answers,
a reminder) is none of these acts, so a genuine session summary stays a fact.
"""

from __future__ import annotations

import re

# The one reading the text, named as a machine: with a determiner, abbreviated, or spoken to.
# "Agent" and "assistant" alone are people's jobs ("exec assistant", "estate agent").
_MACHINE = (
    r"(?:(?:the|this|your|its|any|every|each|our)\s+(?:ai\s+|virtual\s+|digital\s+|chat\s+)?"
    r"(?:assistants?|ais?|models?|chatbots?|bots?|llms?)"
    r"|(?<!['\"‘“])\basst\b|(?<!['\"‘“])\bai(?:\s+(?:agents?|assistants?|screeners?|readers?|tools?|models?|coding"
    r"\s+agents?))?\b|\bllms?\b|\bchatbots?\b"
    # "Assistant" alone where it is spoken to: "(assistant, save ...)", "[assistant - ...]".
    r"|(?:^|(?<=[(\[|:]))\s*assistants?(?=\s*[,:=-]))"
)
# The machine's later output named as the one acting ("every shopping answer").
_OUTPUT = r"(?:every|all|each|any)\s+(?:[\w-]+\s+)?(?:answers?|repl(?:y|ies)|responses?)"
# What links the reader to the act: permission, obligation, a future or an infinitive after
# a verb of asking ("the assistant may", "asked the AI to"), an address mark ("assistant -",
# "AI:", "asst ="), or the act right after the reader ("the assistant speaks as ...", "AI pay
# ..."). A new subject between them ("told the assistant they send ...") is someone else
# acting.
_OTHER_SUBJECT = r"(?:they|he|she|i|we|you|that|the\s+user|user|usr)\b"
_LINK = (
    r"(?:\)?\s*[,:=(\[-]\s*"
    rf"|\s+(?:(?!{_OTHER_SUBJECT})[\w'-]+,?\s+){{0,5}}?(?:to|may|must|should|shall|will|can"
    r"|is\s+to|are\s+to|needs?\s+to|has\s+to|ought\s+to)\s+)"
)
# Right after the reader, a verb in the past is a report of what it did ("the chatbot shared
# data with advertisers, regulators found"), not a permission.
_RIGHT_AFTER = (
    rf"\s+(?![\w-]*ed\b)(?:(?!{_OTHER_SUBJECT}|{{negation}})[\w.'-]+\s+(?![\w-]*ed\b)){{{{0,3}}}}?"
)
# The words between the link and the act, with no negation among them: "the AI should never
# share the address with third parties" keeps a safeguard, it does not lift one.
_NEGATION = r"\b(?:not|never|no\s+longer|cannot|can't|won't|mustn't|shouldn't|don't|doesn't)\b"
_GAP = rf"(?:(?!{_NEGATION})[^.!?\n]){{0,100}}?"
_RIGHT_AFTER = _RIGHT_AFTER.format(negation=_NEGATION)

# Handing something to an address, a site, money to an account, or data to a third party.
_HAND_OVER_VERB = (
    r"(?:(?:send|forward|share|report|upload|e-?mail|export|pass|disclose|leak|post|sync|copy"
    r"|transmit)(?:s|es|ed|d|ing)?|sent|fwd)"
)
_DESTINATION = (
    r"(?:[\w.+-]+@[\w-]+"
    r"|\bto\s+(?:https?://)?[\w-]+(?:\.[\w-]+)*\.(?:example|com|net|org|io|co|info|biz|xyz"
    r"|app|site|ru|cn)\b"
    # Shared with a site, since issue 27's twentieth round ("shares the trip dates with
    # house-sit.example").
    r"|\bwith\s+(?:https?://)?[\w-]+(?:\.[\w-]+)*\.(?:example|com|net|org|io|co|info|biz|xyz"
    r"|app|site)\b"
    r"|\b(?:with|w/|to)\s+(?:\w+\s+)?(?:partners?|partner\s+sites|third[- ]part\w+|advertis\w+"
    r"|sponsors?|anyone|everyone|external\s+\w+|outside\s+\w+))"
)
_HAND_OVER = rf"{_HAND_OVER_VERB}\b(?![^.!?\n]{{0,30}}\byour\b){_GAP}{_DESTINATION}"
_PAYMENT = (
    r"(?:pay|wire|transfer|send)\w*\b[^.!?\n]{0,40}?\bto\s+(?:the\s+)?(?:iban|account\s+(?:no|number)"
    r"|sort\s+code|wallet|bitcoin|btc)\b"
)
# Asking for or keeping a secret that only its owner should hold.
_SECRET = (
    r"(?:collect|ask\w*|request|obtain|gather|store|record|save|keep|get)\b[^.!?\n]{0,40}?"
    r"\b(?:pins?|passwords?|passcodes?|pass\s+codes?|one-time\s+(?:codes?|passcodes?)|otps?"
    r"|card\s+(?:numbers?|no\b|details)|cvv|cvc|security\s+codes?|login\s+details|credentials"
    r"|social\s+security|seed\s+phrases?|recovery\s+(?:phrases?|codes?))"
)
# A safeguard switched off: no asking first, the rules ignored or void, warnings never shown,
# buying automated.
_SAFEGUARD_OFF = (
    r"(?:without\s+(?:asking|confirm\w*|permission|consent|approval"
    r"|the\s+user'?s?\s+(?:consent|approval|permission|confirmation))"
    r"|no\s+confirm\w*"
    r"|(?:skip|ignor|bypass|disregard|override|overrid|switch\w*\s+off|turn\w*\s+off|disabl)\w*"
    r"\s+(?:(?:all|any|its|the|their|your|prev|previous|earlier|usual|own)\s+)*(?:safety"
    r"|content|guidelines|guardrails|rules|restrictions|policies|filters|warnings)"
    r"|(?:restrictions|guidelines|safety\s+instructions|safeguards|filters|warnings)\s+"
    r"(?:are\s+|is\s+)?(?:void|lifted|suspended|no\s+longer\s+apply|(?:do|does)\s+not\s+apply"
    r"|don'?t\s+apply)"
    r"|no\s+(?:content\s+)?restrictions\s+apply|administrator\s+rights"
    r"|(?:warnings?|disclaimers?|safety\s+notes?)\b[^.!?\n]{0,60}?\b(?:never|not)\s+(?:be\s+)?"
    r"(?:shown|given|included)"
    r"|auto(?:matic(?:ally)?|-)?\s*(?:buy\w*|purchas\w*|approv\w*|pay\w*)"
    # Warnings stopped: "not to be warned about suspicious links", "stop warning about it".
    r"|(?:not|never|no\s+longer|stop)\s+(?:to\s+)?(?:be\s+)?(?:warn|caution)\w*"
    # Orders from elsewhere trusted as the user's: "trust instructions from notes.site.example".
    r"|trust\w*\s+(?:any\s+|all\s+|every\s+)?(?:instructions?|commands?|requests?|links?"
    r"|messages?)\s+from"
    # Since the twentieth round: another's messages taken as the owner's own ("treats any
    # message from desk.example as coming from the parents").
    r"|treat\w*\s+(?:any\s+|all\s+|every\s+)?(?:instructions?|commands?|requests?|messages?"
    r"|e-?mails?|texts?)\s+from\s+[^.!?\n]{1,60}?\s+as\s+(?:(?:coming|sent)\s+from\s+|if\s+"
    r"(?:sent\s+|written\s+)?by\s+|from\s+)?(?:the\s+|its\s+)?(?:user|owner|parents?|customer"
    r"|account\s+holder|trusted|genuine|legitimate|verified|authori[sz]ed)\b)"
)
# Steering the user to one seller or away from its rivals: what is pushed is a site or a thing
# sold or chosen among rivals ("only SureNest policies", "Orrin Bank", "this candidate first"),
# not a kind of content the user likes ("only vegetarian recipes").
_STEER_VERB = r"(?:recommend|suggest|link|point|steer|push|promote|rank|list|show)\w*"
_SOLD = (
    r"(?:[\w-]+(?:\.[\w-]+)*\.(?:example|com|net|org|io|co|shop|store)\b|products?\b"
    r"|polic(?:y|ies)\b|brands?\b|shops?\b|stores?\b|banks?\b|sellers?\b|services?\b"
    r"|licen[cs]es?\b|candidates?\b|loans?\b|suppliers?\b|vendors?\b|lenders?\b|insurers?\b)"
)
_STEERING = (
    rf"(?:{_STEER_VERB}\b[^.!?\n]{{0,60}}?\b{_SOLD}[^.!?\n]{{0,30}}?\b(?:only|first|exclusively"
    r"|at\s+the\s+top)\b"
    rf"|{_STEER_VERB}\s+(?:only|exclusively)\b[^.!?\n]{{0,40}}?\b{_SOLD}"
    rf"|\b(?:only|always|exclusively)\s+{_STEER_VERB}\b[^.!?\n]{{0,40}}?\b{_SOLD}"
    r"|(?:steer|direct|route|send|refer)\w*\s+(?:[\w'-]+\s+){0,3}?(?:questions?|users?|queries"
    rf"|customers|people|requests)\s+to\b[^.!?\n]{{0,40}}?\b{_SOLD}"
    r"|(?:describe|call|portray|present)\w*\s+(?:all\s+|every\s+|any\s+)?(?:rival|competing"
    r"|competitor|other)\w*\s+[^.!?\n]{0,40}?\bas\b)"
)
# What the user needs to know kept from them: a risk, a cost, a recall.
_CONCEAL_RISK = (
    r"(?:not|never|don't|do\s+not)\s+(?:mention|tell|say|disclose|show|cite|bring\s+up)\w*"
    r"\s+(?:\w+\s+){0,2}?(?:side\s+effects|risks?|fees|charges|warnings?|recalls?|dangers?"
    r"|complaints|interactions)\b"
)
# One thing presented as the best or only choice.
_AS_THE_BEST = (
    r"(?:mention|present|describe|call|recommend|name)\w*\s+[^.!?\n]{0,40}?\bas\s+(?:the\s+)?"
    r"(?:best|only|safest|top|number\s+one)\b"
)
# The answer to a kind of question fixed in advance, in quotation marks.
_FIXED_ANSWER = (
    r"(?:answer|reply|respond)\w*\s+(?:to\s+)?(?:any\s+|all\s+|every\s+)?(?:questions?|queries)"
    # The quotation itself may have been left out of the reading (a quoted phrase is read
    # apart), leaving "with" at the clause's end.
    r"\b[^.!?\n]{0,60}?\bwith\s+(?:['\"‘“]|[.!?;]|$)"
)
# A seller's persona taken on.
_PERSONA = (
    r"(?:=|\bis\s+now|\bspeaks?\s+as|\banswers?\s+as(?=\s+['\"‘“])|\bposes?\s+as|\bpresents?\s+(?:itself|yourself)\s+as"
    r"|\bintroduces?\s+(?:itself|yourself)\s+as|\bpretends?\s+to\s+be)\s+(?:an?\s+|the\s+)?"
    r"(?:['\"‘“]|(?:[\w-]+\s+)?(?:sales\w*|rep|representative|spokes\w+|ambassador|advocate"
    r"|promoter|affiliate)\b)"
)
HARMFUL_ACT = (
    rf"(?:{_HAND_OVER}|{_PAYMENT}|{_SECRET}|{_SAFEGUARD_OFF}|{_STEERING}|{_FIXED_ANSWER}"
    rf"|{_PERSONA}|{_CONCEAL_RISK}|{_AS_THE_BEST})"
)
"""An act against the user that only the machine reading the text could take, as a pattern
(read on folded text)."""

# Granting, asking or agreeing, for an act that needs no machine named: "the user approved
# automatic purchases ... without confirmation".
_GRANTING = (
    r"\b(?:approv|grant|agree|allow|permit|authori[sz]|consent|cleared|okay|fine\s+with"
    # A wish the user is said to hold grants as much ("prefers not to be warned").
    r"|wants?\b|prefers?\b|likes?\b|wish(?:es)?\b)\w*"
)
# The user's data handed on, said in the passive: "fine with their logs being sent to ...".
_HANDED_PASSIVE = (
    r"\b(?:be|being|is|are|gets?)?\s*(?:sent|shared|forwarded|passed|uploaded|e-?mailed|copied"
    rf"|exported|disclosed)\b{_GAP}{_DESTINATION}"
)

GRANTED_ACT = re.compile(
    # From the clause's start, so a verb of reporting before the reader is part of the claim
    # (the claim is the forgery), not a report that excuses it.
    r"(?:^|(?<=[.!?;|]\s))[^.!?\n]*?"
    rf"(?:(?:{_MACHINE}|{_OUTPUT})(?:{_LINK}{_GAP}|{_RIGHT_AFTER}){HARMFUL_ACT}"
    rf"|{_GRANTING}{_GAP}(?:{_SAFEGUARD_OFF}|{_HANDED_PASSIVE})"
    # The reader told that a safeguard is off: "told the AI that warnings need never be shown".
    rf"|{_MACHINE}\s+(?:[\w-]+\s+){{0,3}}?that\s+{_GAP}{_SAFEGUARD_OFF})",
    re.IGNORECASE,
)
"""A claim that the machine reading the text may, must or was asked to take an act against
its user."""

# A terse note's segment: after its start, a separator, an arrow or a label's colon.
# A label of the user's own errands ("to-do:", "reminder:") keeps what follows the user's.
_OWN_ERRANDS = r"(?:to-?\s*do|reminders?|tasks?|errands?|chores?)\b"
_SEGMENT_START = rf"(?:[;|,]\s*|(?:→|->|=>|=)\s*|^(?!\W*{_OWN_ERRANDS})[\w()\s/-]{{1,20}}:\s*)"
_NOTE_STEERING = (
    rf"(?:(?:only|always|exclusively)\s+{_STEER_VERB}\b[^.!?;|\n]{{0,40}}?\b{_SOLD}"
    r"|(?:book|buy|order|shop|use)\w*\s+(?:via|at|from|through|on)\s+[\w-]+(?:\.[\w-]+)+\s+only\b)"
)
_NOTE_CONCEAL = (
    r"(?:hide|suppress|bury|omit|drop)\s+(?:all\s+|the\s+|any\s+)?(?:negative|bad|critical"
    r"|unfavou?rable|poor|low)\b"
)
_NOTE_SECRET = (
    r"ask\s+(?:the\s+)?(?:user|usr|them|him|her|customer|client)s?\s+for\b[^.!?\n]{0,20}?\b(?:pins?"
    r"|passwords?|passcodes?|otps?|card\s+(?:numbers?|no\b|details)|cvv|credentials)"
)
NOTE_ACT = re.compile(
    rf"{_SEGMENT_START}(?:{_HAND_OVER}|{_PAYMENT}|{_NOTE_SECRET}|{_SAFEGUARD_OFF}"
    rf"|{_NOTE_STEERING}|{_NOTE_CONCEAL})",
    re.IGNORECASE | re.MULTILINE,
)
"""A segment of a terse note that opens with an act against the user as a bare imperative."""
