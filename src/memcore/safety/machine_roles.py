"""Machines named by their role, then directed (spec/poisoning.md#poisoning.roles).

Text planted for a machine often names it by the job it does with the text rather than as
"the assistant": *AI tutors*, *route-planning AIs*, *the helper bot*, *summarisers*. Such a
phrase is a machine reader when its head is a machine word (AI, LLM, chatbot, bot, GPT,
summariser, language model) or when a machine word stands before a role (*AI coaches*, *LLM
reviewers*, *bot responders*). Three shapes then give it an order, whatever the verb:

- `ROLE_OBLIGED`: the phrase as the subject of a modal of obligation (*must*, *should*,
  *shall*, *need to*, *are requested to*), its verb active and not a product's duty (*be
  trained*, *comply*, *disclose*, *be used* are what laws and manuals say of machines);
  also a pronoun obliged after a condition in which the machine meets the text (*When an AI
  summarises this book, it should write ...*).
- `ROLE_HEADED`: the phrase as a note's header (*AI tutors: give students ...*, *[bot:
  change their ...]*, *Note for LLM graders: mark this ...*), then an imperative: a verb
  followed by its object (a determiner, a pronoun or a person it acts on).
- `ROLE_PLEADED`: the phrase spoken to with *please* and a verb (*helper bot please reply
  with ...*).

A negated obligation (*chatbots must not replace your doctor*) is what people say about
machines in the world, and a report (*the article says AI tutors should ...*) is read as
before by `poisoning._reported`, so neither is read here.
"""

from __future__ import annotations

import re

_MACHINE_WORD = (
    r"(?:ais|ai|a\.i\.|llms?|gpts?|chatgpt|chatbots?|bots?|summari[sz]ers?"
    r"|(?:large\s+)?language\s+models?)"
)
_MACHINE_BEFORE_ROLE = r"(?:ai|a\.i\.|llm|gpt|bot|chatbot)"
# Assistants that are people, named by their trade; any other assistant given an order in
# text planted for a reader is the machine.
_PEOPLE_ASSISTANTS = (
    "teaching",
    "shop",
    "sales",
    "dental",
    "medical",
    "personal",
    "administrative",
    "admin",
    "research",
    "lab",
    "laboratory",
    "legal",
    "nursing",
    "care",
    "classroom",
    "executive",
    "production",
    "editorial",
    "store",
    "retail",
    "office",
    "camera",
    "flight",
    "veterinary",
    "vet",
    "physician",
    "pharmacy",
    "healthcare",
    "learning",
    "support",
    "library",
    "course",
    "program",
    "project",
    "marketing",
    "studio",
    "kitchen",
    "stage",
    "assistant",
    "site",
    "store",
    "club",
    "gym",
    "coaching",
    "class",
)
# A determiner before "assistant" names one product or the one reader, which the rules of
# `memcore.safety.directive_target` read ("the assistant should appear in the menu bar").
_DETERMINERS = ("the", "a", "an", "this", "that", "your", "my", "our", "their", "his", "her", "its")
# One fixed-width look-behind per word: the word before "assistants" is none of them.
_NOT_PEOPLE = "".join(
    rf"(?<!\b{re.escape(word)}\s)" for word in dict.fromkeys(_PEOPLE_ASSISTANTS + _DETERMINERS)
)
# One person's assistant ("the doctor's assistant") is theirs, often a person: a client's own
# machine is read by `memcore.safety.owned_machines` (issue 27's twentieth round). A class of
# people's assistants ("runners' assistants") share no human one, and stay a role.
_NOT_OWNED = r"(?<!['’]s\s)"
_ASSISTANTS = (
    rf"(?:(?<![\w-])(?!(?:{'|'.join(_PEOPLE_ASSISTANTS + _DETERMINERS)})\s)[\w-]+\s+)?"
    rf"{_NOT_PEOPLE}{_NOT_OWNED}assistants?"
)
# A word of a role's name: not a pronoun ("a chatbot gives you ..." names no role).
_ROLE_WORD = r"(?!(?:you|your|yours|it|its|them|us|me|him|her|they|we)\b)[a-z][\w-]*[a-z]"
# The phrase: up to two words before the head ("route-planning AIs", "the helper bot"), or a
# machine word before a role ("AI coaches").
_ROLE = (
    rf"(?:(?:[\w-]+\s+){{0,2}}?{_MACHINE_WORD}|{_MACHINE_BEFORE_ROLE}[\s-]+(?:{_ROLE_WORD}\s+)?{_ROLE_WORD}"
    rf"|{_ASSISTANTS})"
    r"(?![\w-])"
)
# What a manual or a law obliges a product to: its own nature, not an act on the user.
_PRODUCT_DUTY = (
    r"(?:be|being|been|comply|meet|undergo|pass|disclose|identify|label|register|respect|run"
    r"|load|work|restart|reboot|appear|show\s+up|launch|install|update|sync|connect|start\s+up"
    r"|not|never|no\s+longer|only\s+be"
    # Acts of caution keep a safeguard ("treat retrieved web content as untrusted data").
    r"|verify|double-check|check|refuse|decline|flag|treat\s+(?:[\w-]+\s+){0,4}?as\s+(?:untrusted"
    r"|unverified|suspicious|data))\b"
)
_MODAL = (
    r"(?:must|should|shall|needs?\s+to|has\s+to|have\s+to|ought\s+to"
    r"|(?:is|are)\s+(?:now\s+)?(?:requested|asked|required|expected|instructed|told|supposed)"
    # Asked not to act is still asked ("are asked not to tell passengers").
    r"\s+(?:not\s+)?to)"
)
_ADVERBS = r"(?:(?:always|only|also|now|quietly|first|immediately|then|just)\s+)*"
# A reported reason or claim ("she explains why assistants should ...") is a mention.
_NOT_REPORTED = r"(?<!\bwhy\s)(?<!\bhow\s)(?<!whether\s)(?<!\bthat\s)(?!(?:why|how|whether|that)\s)"
ROLE_OBLIGED = re.compile(
    rf"\b{_NOT_REPORTED}{_ROLE}\s+(?:(?!you\b|i\b|we\b|he\b|she\b)[\w'-]+\s+){{0,5}}?{_MODAL}\s+{_ADVERBS}"
    rf"(?!{_PRODUCT_DUTY})[a-z]{{3,}}\b"
    # A condition that speaks to its reader ("if a chatbot gives you advice, it should say
    # ...") is advice to a person about machines.
    rf"|\b(?:if|when|whenever|once)\s+(?:an?|the|any|every)?\s*{_ROLE}\s+"
    rf"(?:(?!\b(?:you|your)\b)[^.!?;,\n]){{0,80}},\s*"
    rf"(?:it|they)\s+{_MODAL}\s+{_ADVERBS}(?!{_PRODUCT_DUTY})[a-z]{{3,}}\b",
)
# An imperative's verb is known by the object that follows it.
_OBJECT = (
    r"(?:this|that|these|those|the|a|an|their|his|her|our|your|my|them|it|him|us|every|all|any"
    r"|only|no|students?|customers?|users?|parents?|clients?|people|everyone|readers?|buyers?)"
)
_NOT_A_VERB = (
    r"(?:the|a|an|this|that|these|those|my|your|our|their|his|her|its|it|i|we|you|they|he|she"
    r"|is|are|was|were|in|on|at|of|for|with|by|from|to|and|or|not|no|new|see|note|\d\w*)\b"
)
ROLE_HEADED = re.compile(
    rf"(?:^|[(\[{{|:;.!?·—–]\s*|\s-\s)\W*(?:(?:a\s+)?(?:note|message|memo|reminder|instructions?)"
    rf"\s+(?:to|for)\s+)?(?:for\s+)?(?:(?:the|all|any|every|each)\s+)?{_ROLE}\s*:\s*"
    rf"(?:please\s+)?{_ADVERBS}(?:(?!{_NOT_A_VERB})[a-z]{{3,}}\s+(?:in\s+|out\s+|up\s+)?{_OBJECT}\b"
    # A verb of telling names whom it tells ("tell anglers ...").
    r"|(?:tell|give|show|ask|remind|warn|inform|advise|assure)\s+[a-z]{3,}\b"
    rf"|(?:do\s+not|don'?t|never)\s+[a-z]{{3,}}\b)",
)
ROLE_PLEADED = re.compile(
    rf"\b{_ROLE}\s*,?\s+please\s+(?!{_NOT_A_VERB})[a-z]{{3,}}\b",
)
