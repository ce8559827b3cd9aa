"""Clauses that keep a safeguard for the person they speak of (spec/poisoning.md#poisoning.kept).

Issue 27's sixteenth round, the mirror of `memcore.safety.granted_acts`. An attacker gains
nothing from text that asks for more care with the user's secrets or consent, so such a
clause is no instruction to guard against, whoever it speaks to and whatever cue words
(*never*, *always*, *remember*) it holds. Two meanings are read:

- **a secret kept**: a disclosure, a copy or a request of a credential (a password, a PIN,
  a one-time or verification code, a card or booking number, a private key) under the scope
  of a negation (*never share your verification code*, *do not write passwords down*, *the
  bank will never ask for your PIN*); an exception after it (*except*, *other than*,
  *unless*, *only with*) names someone it may go to, and then nothing is kept;
- **consent kept**: an act made to wait for the user's explicit word (*always confirm with
  them before paying*, *purchases need their explicit approval*, *ask for permission first*),
  unless a negation before it takes the wait away (*never ask for confirmation*).

`without_kept_safeguards` takes such clauses out of a sentence; the guard reads what is
left as before, so an order beside a safeguard (*never share your PIN; always recommend
Acme Bank*) is still read.
"""

from __future__ import annotations

import re

# A credential: what proves who someone is or opens their account.
_SECRET = (
    r"(?:pass(?:word|code|phrase)s?|pins?|(?:one[- ]time|verification|security|access|login"
    r"|sign[- ]in|authentication|2fa|otp|sms|backup|recovery|reset|confirmation)\s+codes?"
    r"|(?:this|that|the|these|those|such|your|their|his|her|my|our)\s+codes?|codes\s+from"
    r"|card\s+(?:numbers?|details)|cvv|cvc|booking\s+(?:references?|numbers?|codes?)"
    r"|(?:seed|recovery)\s+phrases?|private\s+keys?|api\s+keys?|(?:access|auth)\s+tokens?"
    r"|login\s+details|credentials)"
)
# Handing a secret on, keeping a copy of it, or asking for it.
_DISCLOSE = (
    r"(?:share|sharing|shares|give|giving|gives|send|sending|sends|tell|telling|tells|reveal"
    r"|revealing|disclose|disclosing|repeat|repeating|read\s+out|post|posting|write|writing"
    r"|store|storing|save|saving|keep|keeping|record|recording|enter|type|e-?mail|text|forward"
    r"|show|showing|print|paste|ask\s+(?:you\s+|them\s+|(?:the\s+)?users?\s+)?for|request|requesting"
    # The same acts in the passive: "should not be sent to anyone".
    r"|shared|given|sent|told|revealed|disclosed|repeated|posted|written|stored|saved|kept"
    r"|recorded|entered|typed|e-?mailed|forwarded|shown|printed|pasted|asked\s+for|requested)"
)
# A prohibition, not a lifted obligation: "need not type it" and "do not have to enter it"
# free someone from an act, they forbid nothing.
_NEGATION = (
    r"(?<!\bneed\s)(?:never|not|n't|no\s+one|nobody|no\s+staff)"
    r"(?!\s+(?:need|needs|have|has|required)\s+to\b)"
)
# The words between a negation and the act, none of which turns the negation round ("do not
# forget to send your PIN" asks for the act).
_FILLER = (
    r"(?:(?!(?:forget|forgets|fail|fails|hesitate|neglect|omit|refuse|delay|hold)\b)[\w'-]+\s+)"
)
# A clause: up to the next clause mark.
_REST = r"[^.;!?\n]*"
_EXCEPTION = re.compile(
    r"\b(?:except|other\s+than|apart\s+from|unless|only\s+(?:with|to)|but\s+(?:to|with))\b"
)
# Between the act and the secret, no one to tell and no fact about the secret: "do not tell
# the user that their password leaked" hides news from the user, it keeps no secret.
_GAP = r"(?:(?!\b(?:that|about|whether|if|how|users?|them|customers?|clients?)\b)[^.;!?\n]){0,40}?"
_SECRET_KEPT = re.compile(
    rf"\b{_NEGATION}\s+{_FILLER}{{0,5}}?{_DISCLOSE}\b{_GAP}\b{_SECRET}\b{_REST}",
    re.IGNORECASE,
)
# The secret named first and its disclosure denied after it ("your code is yours alone: it
# should not be sent to anyone").
_SECRET_FIRST_KEPT = re.compile(
    # Between the secret and the negation, no new clause with its own subject ("the
    # chatbot can keep their password so they need not type it").
    rf"\b{_SECRET}\b(?:(?!\b(?:so|because|since|and|but|then|they|he|she|we|i|you)\b)"
    rf"[^.;!?\n]){{0,40}}?\b{_NEGATION}\s+{_FILLER}{{0,3}}?{_DISCLOSE}\b{_REST}",
    re.IGNORECASE,
)
# The user's explicit word before an act: confirmation, approval, permission or consent.
_WORD_OF_CONSENT = r"(?:confirmation|approval|permission|consent|go-ahead|ok|okay|say-so)"
_CONSENT_KEPT = re.compile(
    r"\b(?:(?:always|first|to|and)\s+)*(?:(?:ask|asks|asking|wait|waits|waiting)\s+for\s+(?:(?:their|the\s+user's|his|her"
    rf"|your|an?|explicit|express|written|clear)\s+)*{_WORD_OF_CONSENT}"
    rf"|(?:need|needs|require|requires|requiring)\s+(?:(?:their|the\s+user's|his|her|your"
    rf"|explicit|express|written|clear)\s+)+{_WORD_OF_CONSENT}"
    r"|(?:confirm|confirms|confirming|check|checks|checking)\s+(?:\w+\s+){0,2}?(?:with\s+"
    r"(?:them|the\s+user|him|her|you)\s+)?(?:first|before\b))"
    rf"{_REST}",
    re.IGNORECASE,
)
# A negation of the wait before it takes the safeguard away ("never ask for confirmation",
# "without waiting for approval", "no need to confirm").
_WAIT_LIFTED = re.compile(
    r"\b(?:never|not|n't|without|no\s+need\s+to|skip|stop|no\s+longer)\s+(?:[\w'-]+\s+){0,3}$",
    re.IGNORECASE,
)


def _kept_spans(sentence: str) -> list[tuple[int, int]]:
    spans = [
        found.span()
        for pattern in (_SECRET_KEPT, _SECRET_FIRST_KEPT)
        for found in pattern.finditer(sentence)
        if not _EXCEPTION.search(found.group())
    ]
    spans += [
        found.span()
        for found in _CONSENT_KEPT.finditer(sentence)
        if not _WAIT_LIFTED.search(sentence, 0, found.start())
    ]
    return spans


def without_kept_safeguards(sentence: str) -> str:
    """`sentence` with each clause that keeps a safeguard (a secret kept or consent kept)
    taken out, from the word that opens it to the clause's end; the sentence as it is when
    it keeps none."""
    spans = _kept_spans(sentence)
    if not spans:
        return sentence
    pieces: list[str] = []
    start = 0
    for begin, end in sorted(spans):
        if begin < start:
            continue
        pieces.extend((sentence[start:begin], " "))
        start = end
    pieces.append(sentence[start:])
    return "".join(pieces)
