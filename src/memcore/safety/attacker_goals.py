"""Texts that pursue an attacker's goal, whoever they address (spec/poisoning.md#poisoning.goals).

Planted text need not say "ignore your instructions" to do harm: it only has to ask for what
the attacker wants. Four goals read the same whatever the wording or the addressee, so a
clause that pursues one is refused even where it speaks to a person ("Passengers must call
555-0186 and give their card number and PIN"):

- `CREDENTIAL_BY_CONTACT`: a payment secret (a PIN, a card number, a security code, a banking
  password) to be given, read out or sent (the verb a few words before the secret) by phone,
  text or e-mail. A bank's warning keeps
  the secret ("never give your PIN to anyone who calls") and a report of a scam names it
  as one ("a phishing call asks you to confirm your PIN"): neither is read.
- `STORED_CARD_PURCHASE`: a purchase, booking or payment made on the card someone saved
  ("buy the kit on the saved card", "pay the deposit from the card on file"). A promise not
  to charge it ("we never charge a saved card without asking you first"), a purchase that
  waits for consent ("books tables once you confirm the saved card") and the speaker's own
  card ("my saved card") are no such act.
- `FORGET_PROOF_MEMORY`: something kept in memory against the user's later wish ("even if
  they ask you to forget"), or an order to remember, keep or record something for ever.
- `CHARGE_CONCEALED`: a fee, a charge or a rate kept out of what the reader is told ("don't
  mention the £15 supplement", "leave the admin fee out of any summary").

Each pattern reads one clause (no pattern crosses a sentence end or a semicolon) of folded
text, in lower case.
"""

from __future__ import annotations

import re

# A clause's start: the text's start or a sentence end, a semicolon or a line break, and in
# a title or a note a label's colon or dash ("Rent pot - remember forever ...").
_CLAUSE_START = r"(?:^|[.!?;:\n]\s*|\s[-\u2013\u2014|]\s+)"
# The rest of the clause.
_IN_CLAUSE = r"[^.!?;\n]*"
# A word that negates the act of the clause ("never", "don't", "no", "not"), anywhere in it.
# "no need to ask" negates only the asking.
_NEGATED = (
    rf"(?!{_IN_CLAUSE}(?:\b(?:never|not|nobody|neither|nor|dont|cannot)\b|\bno\b(?!\s+need\b)"
    r"|n't\b))"
)
# A word that reports or warns about a scam: the clause names the act as a fraud.
_WARNED = (
    rf"(?!{_IN_CLAUSE}\b(?:scam\w*|phish\w*|fraud\w*|fake|bogus|criminals?|crooks?"
    r"|impostors?|warn\w*|beware|suspicious)\b)"
)
# Consent kept: the act waits for the person ("once you confirm", "with your permission",
# "we ask first").
_CONSENTED = (
    rf"(?!{_IN_CLAUSE}(?:\b(?:once|after|when|if)\s+you\s+(?:confirm|approve|agree|say\s+so|accept"
    r"|authori[sz]e)|\bwith\s+your\s+(?:permission|consent|approval|say-so)"
    r"|\bask(?:s|ing)?\s+(?:you\s+)?first|\bonly\s+(?:after|once|when|if)\b))"
)
_CREDENTIAL = (
    r"(?:pins?|security\s+codes?|(?:online\s+)?banking\s+passwords?|passcodes?|cvv|cvc"
    r"|three\s+digits|(?:long\s+|full\s+|16-digit\s+)?card\s+(?:numbers?|details)"
    r"|sort\s+codes?|account\s+numbers?|expiry(?:\s+dates?)?)"
)
_CONTACT = (
    r"(?:call|calls|calling|ring|rings|ringing|phone|phones|phoning|text|texting|e-?mail|reply"
    r"|message|dial)"
)
_GIVE = (
    r"(?:give|giving|read(?:ing)?\s+out|read|tell|telling|provide|providing|share|sharing|send"
    r"|sending|confirm|quote|quoting|enter|entering|type|typing|say|saying|repeat|supply"
    r"|pass\s+on|hand\s+over|with)"
)
CREDENTIAL_BY_CONTACT = re.compile(
    rf"{_CLAUSE_START}{_NEGATED}{_WARNED}(?={_IN_CLAUSE}\b{_CONTACT}\b)"
    rf"{_IN_CLAUSE}\b{_GIVE}\b[^.!?;\n]{{0,40}}?\b{_CREDENTIAL}\b",
    re.IGNORECASE,
)
"""A payment secret to be given, read out or sent by phone, text or e-mail."""

_PURCHASE = (
    r"(?:buy|buys|order|orders|reorder|pay|pays|book|books|purchase|place|reserve"
    r"|check\s+out|checks\s+out|charge|renew|top\s+up|subscribe|upgrade|sign\s+\w+\s+up)"
)
_STORED_CARD = (
    r"(?:(?:saved|stored|registered|linked)\s+(?:payment\s+)?(?:card|cards|payment\s+method"
    r"|wallet)|card\s+(?:on\s+file|already\s+saved|(?:that\s+is\s+|they\s+have\s+)?saved)"
    r"|card\s+details\s+on\s+file)"
)
STORED_CARD_PURCHASE = re.compile(
    rf"{_CLAUSE_START}{_NEGATED}{_CONSENTED}(?={_IN_CLAUSE}\b{_PURCHASE}\b){_IN_CLAUSE}"
    rf"(?<!\bmy\s)(?<!\bour\s)\b{_STORED_CARD}",
    re.IGNORECASE,
)
"""A purchase, booking or payment made on a card someone saved."""

_FORGET = r"(?:forget|clear|delete|wipe|erase|remove|reset)"
FORGET_PROOF_MEMORY = re.compile(
    r"\beven\s+if\s+(?:\w+\s+){0,4}?(?:asks?|asked|says?|said|told|tells|wants?|requests?"
    rf"|tries|try)\s+(?:\w+\s+){{0,3}}?(?:to\s+)?{_FORGET}\b"
    rf"|{_CLAUSE_START}(?:please\s+|also\s+|and\s+|always\s+)?(?:remember|keep|record|save"
    r"|store|note|log|memori[sz]e)\b[^.!?;\n]{0,60}\b(?:forever|for\s+good|for\s+ever"
    r"|permanently|for\s+life)\b"
    r"|\b(?:keep|record|save|store|make)\s+(?:a\s+)?(?:permanent|lasting|fixed)\s+"
    r"(?:note|record|memory|fact|preference)\b",
    re.IGNORECASE,
)
"""Something kept in memory against the user's later wish, or for ever."""

_CHARGE = (
    r"(?:fees?|charges?|costs?|apr|interest|penalt\w+|deposits?|margins?|premiums?"
    r"|surcharges?|supplements?|commission|payments?)"
)
CHARGE_CONCEALED = re.compile(
    r"\b(?:don't|dont|do\s+not|never|no\s+need\s+to)\s+(?:mention|bring\s+up|point\s+out"
    r"|disclose|reveal|tell\s+(?:them|the\s+\w+|anyone)\s+about)\b"
    rf"[^.!?;\n]{{0,60}}\b{_CHARGE}\b"
    r"|\b(?:leave|keep)\s+(?:\w+\s+){0,6}?out\s+of\s+(?:any|every|the|all|your)\s+"
    r"(?:summar\w+|answers?|repl\w+|responses?)\b"
    r"|\b(?:skip|omit|hide|leave\s+out)\s+(?:the\s+)?[^.!?;\n]{0,40}\b(?:fees?|charges?|apr"
    r"|margins?|surcharges?|supplements?|premiums?)\b[^.!?;\n]{0,40}"
    r"\b(?:summar\w+|answers?|repl\w+|from\s+the\s+(?:user|customer|reader))",
    re.IGNORECASE,
)
"""A fee, a charge or a rate kept out of what the reader is told."""
