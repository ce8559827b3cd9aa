"""A machine named as a product or as a thing someone makes (spec/poisoning.md#poisoning.made).

Issue 27's sixteenth round. Documentation and how-to text name assistants, bots and models
all the time, but as **things**: a product by its maker's name (*Watson Assistant*, *Google
Assistant*), or the object of a person's work (*build a high-quality assistant*, *configure
how your assistant handles calls*, *a condition that triggers the assistant*, *use the
universal language model*). Text written to the machine that reads it names it as the one
who acts or is spoken to (*the assistant must ...*, *Assistant, ...*, *you are now Sales
Assistant*). `without_made_machines` takes the first kind of mention out of a part, so the
semantic detector reads the part as one that does not speak of the machine (its higher
threshold) unless something else in it does.
"""

from __future__ import annotations

import re

from memcore.safety.addressee import is_headline

_MACHINE_NOUN = r"(?:assistants?|bots?|chatbots?|(?:language\s+|ai\s+|ml\s+)?models?|ai|llms?)"
# The machine as the object of making, setting up or using: what a builder does to it.
_MADE = re.compile(
    r"\b(?:build|builds|building|built|create|creates|creating|created|configure|configures"
    r"|configuring|configured|design|designs|designing|designed|deploy|deploys|deploying"
    r"|deployed|develop|develops|developing|developed|customi[sz]e|customi[sz]es|customi[sz]ing"
    r"|set\s+up|sets\s+up|setting\s+up|integrate|integrates|integrating|connect|connects"
    r"|connecting|trigger|triggers|triggering|triggered|utili[sz]e|utili[sz]es|utili[sz]ing"
    r")"
    r"\s+(?:how\s+)?(?:(?:a|an|the|your|our|their|this|that|its|own|custom|new|simple|first"
    rf"|(?!(?:to|by|for|with|from|in|on|at|of|and|or|as)\b)[\w-]+)\s+){{0,3}}?{_MACHINE_NOUN}\b(?!\s*[,:]|'s\b|\s+(?:is|are)\s+reading)",
    re.IGNORECASE,
)
# A product by its maker's name: one capitalised name (not a determiner or a greeting, not
# in capitals throughout) before "Assistant", inside a sentence, and then a word in lower
# case that says what the product is or does ("the Watson Assistant service", "Watson
# Assistant can't ..."), not an obligation ("Acme Assistant must ...") and not a mark of
# address ("Watson Assistant," or "Voice Assistant:").
_PRODUCT = re.compile(
    r"\b(?!(?:The|A|An|Any|Every|Each|All|No|Some|This|That|These|Those|Your|Our|My|Its"
    r"|Their|His|Her|Dear|Hi|Hey|Hello|To|For|Note|Attention|Only)\b)"
    r"[A-Z][a-z][\w-]*\s+Assistant\b(?=\s+[a-z])"
    r"(?!\s+(?:must|should|shall|will|would|may|might|needs?|has|have|is|are|ought)\b)"
)
# The word before a name that makes it no product: a greeting, or a role being given ("you
# are now Sales Assistant", "act as Support Bot").
_NOT_A_PRODUCT_BEFORE = re.compile(
    r"\b(?:hi|hey|dear|hello|now|as|be|is|are|am|become|becomes|play|playing|called|named)\s*$",
    re.IGNORECASE,
)


def _product_mention(found: re.Match[str]) -> str:
    before = found.string[: found.start()]
    # The first word of a sentence is capitalised whatever it is.
    if not re.search(r"[\w,)]\s+$", before) or _NOT_A_PRODUCT_BEFORE.search(before):
        return found.group()
    return " "


def without_made_machines(part: str) -> str:
    """`part` with each mention of the machine as a product or a thing made taken out (the
    text as it is when it holds none, or when it is set as a headline, where every word is
    capitalised and a name cannot be told from a title)."""
    if is_headline(part):
        return part
    return _MADE.sub(" ", _PRODUCT.sub(_product_mention, part))
