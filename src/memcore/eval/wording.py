"""The builder's own wording for written turns, in families (apart from any writer's cue lists).

Every phrasing is ours, written as different users would put it, without looking at any
writer's cue lists: the point is an evaluation the writer was not tuned to. A *kind* is one
written turn of the built sets (a correction, a return cue, ...); its phrasings fall into named
*families* (formal, terse, typo'd, lower-case, ...), one family per phrasing. `memcore.eval.
families` splits each kind's families by a fixed seed into tuning families (the `dev` part) and
test families (the `test` part).

Placeholders: `{target}` the intended topic, `{wrong}` the rejected one, `{topic}` the topic a
question names, `{request}` the trouble-source request asked again about the target (a named
question), `{question}` the question a return cue goes with, `{new}` and `{old}` the numbers of
a value revision. Typos are written out, never generated, and never touch a placeholder; in a
family with `lower_names` the names filled in are lower-cased too, as a user typing all in
lower case would write them.
"""

from __future__ import annotations

import attrs


@attrs.frozen
class Family:
    """A named group of phrasings that share a way of speaking."""

    name: str
    phrasings: tuple[str, ...]
    lower_names: bool = False


@attrs.frozen
class Kind:
    """One written turn: every phrasing fills each `required` placeholder (itself or through
    `NAMES_ALSO`) and uses no placeholder outside `required` and `optional`."""

    name: str
    required: tuple[str, ...]
    optional: tuple[str, ...]
    families: tuple[Family, ...]


# Placeholders that stand for a page name (lower-cased in a `lower_names` family).
NAME_PLACEHOLDERS = ("target", "wrong", "topic")
# A placeholder filled with text that names another one's value: a restated request is the
# trouble-source question asked about the target, so it names the target.
NAMES_ALSO = {"request": "target"}

# The trouble source of a correction: a question that fits either of two topics, answered for
# the wrong one. It never names a page.
SHARED_QUESTIONS = Kind(
    "shared-question",
    (),
    (),
    (
        Family(
            "formal",
            (
                "Could you provide further details on this?",
                "I would appreciate additional information on the subject.",
                "Would you please elaborate on that topic?",
                "Could you outline the key facts about it?",
                "May I have a fuller explanation of this?",
            ),
        ),
        Family(
            "terse",
            ("More?", "Details?", "Tell me more.", "Keep going.", "What else?"),
        ),
        Family(
            "typo",
            (
                "can you tell me mroe about it?",
                "Whats the main points about it?",
                "could you give me some more detials?",
                "Tell me a bit moer about that please",
                "what else shoud I know about it?",
            ),
        ),
        Family(
            "lowercase",
            (
                "tell me more about it",
                "what's the deal with that one",
                "can you explain it a bit more",
                "what else do you know about it",
                "give me the main facts",
            ),
        ),
        Family(
            "hedged",
            (
                "Hmm, interesting, could you maybe tell me a bit more about that?",
                "I'm curious, what else is there to it?",
                "Not sure I follow yet, can you say more?",
                "If it's not too much trouble, could you expand on that?",
                "I think I'd like a little more on that, if you have it.",
            ),
        ),
        Family(
            "multi-sentence",
            (
                "That's a start. Can you tell me more?",
                "I want to understand this better. What are the main points?",
                "OK. What else is worth knowing here?",
                "I've heard a bit about it before. Could you fill in the details?",
                "Let's dig in. Give me the key facts.",
            ),
        ),
        Family(
            "british",
            (
                "Could you summarise it for me?",
                "What's the background to it, in a nutshell?",
                "I'd quite like to know more about that, please.",
                "Can you give me a rundown, if you don't mind?",
                "What's the story behind it, then?",
            ),
        ),
        Family(
            "keywords",
            (
                "more details on that",
                "key facts please",
                "background info",
                "main points",
                "overview please",
            ),
        ),
        Family(
            "pronoun",
            (
                "What is it known for?",
                "Why does it matter?",
                "How would you describe it?",
                "What's important about it?",
                "What should I know about that?",
            ),
        ),
    ),
)

# The trouble source of a self-repair (and the turn a value revision revises): the same kind
# of request, naming the topic.
NAMED_QUESTIONS = Kind(
    "named-question",
    ("topic",),
    (),
    (
        Family(
            "formal",
            (
                "Could you provide further details on {topic}?",
                "I would appreciate more information about {topic}.",
                "Would you please elaborate on {topic}?",
                "Could you outline the key facts about {topic}?",
                "Please describe {topic} in more detail.",
            ),
        ),
        Family(
            "terse",
            (
                "{topic}?",
                "More on {topic}.",
                "{topic} details?",
                "Tell me about {topic}.",
                "And {topic}?",
            ),
        ),
        Family(
            "typo",
            (
                "can you tell me mroe about {topic}?",
                "whats the main points about {topic}?",
                "could you give me some more detials on {topic}?",
                "tell me a bit moer about {topic} please",
                "what else shoud I know abuot {topic}?",
            ),
        ),
        Family(
            "lowercase",
            (
                "tell me more about {topic}",
                "what's the deal with {topic}",
                "can you explain {topic} a bit",
                "what do you know about {topic}",
                "give me the main facts on {topic}",
            ),
            lower_names=True,
        ),
        Family(
            "name-first",
            (
                "{topic}: what should I know?",
                "{topic} - can you tell me more?",
                "{topic}, what's the story there?",
                "{topic}. What are the main points?",
                "{topic}; any details?",
            ),
        ),
        Family(
            "hedged",
            (
                "I'm curious, could you maybe tell me a bit about {topic}?",
                "If it's no trouble, what can you say about {topic}?",
                "I think I'd like to know more about {topic}, if you have anything.",
                "Not sure where to start, but what's {topic} about?",
                "Would you mind telling me a bit about {topic}?",
            ),
        ),
        Family(
            "multi-sentence",
            (
                "Let's switch gears. Tell me about {topic}.",
                "I have another one. What can you tell me about {topic}?",
                "OK, next thing. What is worth knowing about {topic}?",
                "I keep hearing about {topic}. Could you fill me in?",
                "Moving on. What are the key facts about {topic}?",
            ),
        ),
        Family(
            "british",
            (
                "Could you summarise {topic} for me?",
                "What's the background to {topic}, in a nutshell?",
                "I'd quite like to know more about {topic}, please.",
                "Can you give me a rundown of {topic}, if you don't mind?",
                "What's the story behind {topic}, then?",
            ),
        ),
        Family(
            "keywords",
            (
                "{topic} overview",
                "key facts {topic}",
                "info on {topic} please",
                "{topic} background",
                "main points of {topic}",
            ),
        ),
    ),
)

# After a shared question answered for the wrong page: the user says which page was meant.
CORRECTIONS = Kind(
    "correction",
    ("target",),
    ("wrong", "request"),
    (
        Family(
            "formal",
            (
                "I apologize for the confusion, but I was asking about {target}, not {wrong}.",
                "To clarify, my question concerned {target} rather than {wrong}.",
                "That answer addresses {wrong}; my question, however, was about {target}.",
                "Allow me to clarify: the subject I had in mind is {target}.",
                "I believe there has been a misunderstanding. I intended to ask about {target}.",
            ),
        ),
        Family(
            "terse",
            (
                "Meant {target}.",
                "I meant {target}.",
                "Wrong one, want {target}.",
                "No. Asking about {target}.",
                "Wanted {target}.",
            ),
        ),
        Family(
            "verbless",
            (
                "Not {wrong} - {target}.",
                "{target}, not {wrong}.",
                "No, {target}.",
                "Not {wrong}. {target}.",
                "{wrong}? No, {target}.",
                "Nope, {target} not {wrong}",
            ),
        ),
        Family(
            "typo",
            (
                "No, I ment {target}, not {wrong}.",
                "thats the wrong one, i was askign about {target}",
                "Sory, I meant {target} not {wrong}",
                "wrong one, I wnated {target}",
                "No no, I was talkng about {target}.",
            ),
        ),
        Family(
            "lowercase",
            (
                "no i meant {target}",
                "not that one, i was asking about {target}",
                "i meant {target} not {wrong}",
                "wrong one. {target}",
                "no, {target} is what i'm after",
            ),
            lower_names=True,
        ),
        Family(
            "restated",
            (
                "No, I meant {target}. {request}",
                "Sorry, wrong one. {request}",
                "Not {wrong}. {request}",
                "What's the story with {target} then?",
                "Let me rephrase: {request}",
                "{request} That's the one I meant, not {wrong}.",
            ),
        ),
        Family(
            "name-first",
            (
                "{target} is what I meant, not {wrong}.",
                "{target} was my question, sorry.",
                "{target} - that's the one I was asking about.",
                "{target} is the page I wanted, not that one.",
                "{target} was the one I had in mind.",
            ),
        ),
        Family(
            "reject-first",
            (
                "No, not {wrong}; I meant {target}.",
                "That's not the one I meant. I was asking about {target}.",
                "Not that one, I wanted {target}.",
                "Wrong topic, I was after {target}.",
                "That's about {wrong}, but I was asking about {target}.",
            ),
        ),
        Family(
            "reject-after",
            (
                "I meant {target}, not {wrong}.",
                "I was asking about {target} rather than {wrong}.",
                "My question was about {target}, not the other one.",
                "Tell me about {target} instead of {wrong}.",
                "I wanted {target}; that answer was about {wrong}.",
            ),
        ),
        Family(
            "multi-sentence",
            (
                "Hold on, that's not the one I was asking about. I meant {target}.",
                "Hmm, I think we got our wires crossed. My question was about {target}. "
                "Could you answer for that one?",
                "Wait. That's {wrong}. I wanted to know about {target}.",
                "That's interesting, but it's not what I asked. I asked about {target}.",
                "OK, that's on the wrong thing. I'm interested in {target}. Please try again.",
            ),
        ),
        Family(
            "hedged",
            (
                "Sorry, I don't think I was clear, I meant {target}.",
                "Ah, my bad, I was thinking of {target} the whole time.",
                "Hmm, I think you might have answered about {wrong}? I was asking about {target}.",
                "Oh, sorry, I was actually wondering about {target}.",
                "I might have been unclear, but I had {target} in mind, not {wrong}.",
            ),
        ),
        Family(
            "british",
            (
                "Sorry, I realise I wasn't clear: I meant {target}, not {wrong}.",
                "Apologies, I was enquiring about {target}.",
                "That's not quite right, I'm afraid. I meant {target}.",
                "I'm afraid you've answered about {wrong}; I was after {target}.",
                "Ah, I'd got in a muddle. I meant {target}.",
            ),
        ),
    ),
)

# After a question that named the wrong page (the user's own slip): the user repairs it.
SELF_REPAIRS = Kind(
    "self-repair",
    ("target",),
    ("wrong", "request"),
    (
        Family(
            "formal",
            (
                "My apologies, I wrote {wrong} in error; I meant {target}.",
                "Correction: I intended to ask about {target}, not {wrong}.",
                "Please disregard my mention of {wrong}. I meant {target}.",
                "I misspoke earlier. The question was meant to be about {target}.",
                "Kindly note that I named the wrong topic; it should have been {target}.",
            ),
        ),
        Family(
            "terse",
            (
                "Typo. {target}.",
                "Meant {target}, sorry.",
                "Oops, {target}.",
                "Said the wrong one. {target}.",
                "Misspoke: {target}.",
            ),
        ),
        Family(
            "verbless",
            (
                "{wrong}? No - {target}.",
                "Not {wrong} but {target}.",
                "{target}, not {wrong}, sorry.",
                "Er, {target}. Not {wrong}.",
                "No, {target}!",
            ),
        ),
        Family(
            "typo",
            (
                "Oops, I typed {wrong} but I ment {target}.",
                "sorry i said {wrong} by mistke, i meant {target}",
                "Oh, wrong name, I meant to tpye {target}",
                "Ugh, autocorect. I meant {target}.",
                "my bad, I wrote {wrong} insted of {target}",
            ),
        ),
        Family(
            "lowercase",
            (
                "oops i meant {target} not {wrong}",
                "sorry i said {wrong}, i meant {target}",
                "wait i meant {target}",
                "ugh wrong name, i meant {target}",
                "i typed the wrong name, {target}",
            ),
            lower_names=True,
        ),
        Family(
            "restated",
            (
                "Sorry, I meant to ask: {request}",
                "Let me try that again. {request}",
                "Oops, wrong name. {request}",
                "I said {wrong} but meant {target}, so: {request}",
                "What I meant to ask was what's the story with {target}.",
            ),
        ),
        Family(
            "name-first",
            (
                "{target} is what I meant, sorry, not {wrong}.",
                "{target}, I mean. Sorry.",
                "{target} is the one I meant to write.",
                "{target} - I mixed up the names.",
                "{target} was the one, I said the wrong name.",
            ),
        ),
        Family(
            "reject-first",
            (
                "I said {wrong}, sorry, I meant {target}.",
                "I said {wrong} by mistake; I meant {target}.",
                "Not {wrong}, I got that wrong, I meant {target}.",
                "I named the wrong one. I meant {target}.",
                "That name was a slip, I meant {target}.",
            ),
        ),
        Family(
            "reject-after",
            (
                "I meant {target}, not {wrong}, sorry.",
                "I meant to say {target} instead of {wrong}.",
                "Should be {target} rather than {wrong}, my mistake.",
                "I was thinking of {target} when I wrote {wrong}.",
                "I wanted {target}; {wrong} was a slip.",
            ),
        ),
        Family(
            "multi-sentence",
            (
                "Hang on, I got the name wrong. I meant {target}. Sorry about that.",
                "Oh no. I wrote {wrong}. I was thinking of {target}.",
                "Wait, that's my fault. I typed the wrong name. It should be {target}.",
                "Scratch that. I meant {target}, not {wrong}.",
                "Sorry, long day. I said {wrong} but it's {target} I want to know about.",
            ),
        ),
        Family(
            "hedged",
            (
                "Oh, I think I said {wrong}? Sorry, I meant {target}.",
                "Hmm, I may have mixed them up, I actually meant {target}.",
                "Sorry, my brain slipped there, I was thinking of {target}.",
                "Ah, I think I named the wrong one, I meant {target}.",
                "Oh dear, I meant {target}, I think I said {wrong}.",
            ),
        ),
        Family(
            "british",
            (
                "Sorry, I got muddled: I meant {target}, not {wrong}.",
                "Apologies, I put {wrong} by mistake; I meant {target}.",
                "Bother, I wrote the wrong one. I meant {target}.",
                "I'm afraid I named {wrong} by mistake; I was after {target}.",
                "Sorry, I realise I said {wrong}; I meant {target}.",
            ),
        ),
    ),
)

# The final turn of the follow-up tier, after a correction and its answer. It never names a
# page: the memory has to carry the corrected topic.
FOLLOW_UPS = Kind(
    "follow-up",
    (),
    (),
    (
        Family(
            "formal",
            (
                "What further information can you provide on this subject?",
                "Are there any other significant details I should be aware of?",
                "Could you elaborate further, please?",
                "What else would be relevant to know here?",
                "Is there anything else of importance regarding this?",
            ),
        ),
        Family("terse", ("And?", "Anything else?", "Go on.", "Other details?", "More, please.")),
        Family(
            "typo",
            (
                "waht else should I know about it?",
                "anythign more on that?",
                "And what are the key detials?",
                "can you tell me more abotu it?",
                "is ther anything else?",
            ),
        ),
        Family(
            "lowercase",
            (
                "anything else about it",
                "what else",
                "ok tell me more then",
                "ok and what else should i know",
                "any other details",
            ),
        ),
        Family(
            "hedged",
            (
                "Interesting, is there anything more you could tell me?",
                "Hmm, I'd love to hear a bit more, if there is more.",
                "Maybe you could add a few more details?",
                "I'm curious, what else is there?",
                "Not sure if there's more, but anything else worth knowing?",
            ),
        ),
        Family(
            "multi-sentence",
            (
                "Thanks. What else should I know about it?",
                "Great, that helps. Anything more on that?",
                "OK. Can you go on?",
                "Got it. What are the key details?",
                "That's what I wanted. Tell me more about it.",
            ),
        ),
        Family(
            "british",
            (
                "Brilliant, anything else worth knowing?",
                "Could you tell me a bit more, please?",
                "Cheers. What else is there?",
                "Lovely, and what are the main points I ought to know?",
                "Right, is there more to it?",
            ),
        ),
        Family(
            "pronoun",
            (
                "What else is it known for?",
                "What's notable about it?",
                "How would you sum it up?",
                "What's the most interesting thing about it?",
                "Why is it significant?",
            ),
        ),
        Family(
            "keywords",
            (
                "more details",
                "key facts",
                "further info please",
                "other details",
                "the main points",
            ),
        ),
    ),
)

# Put around a spliced return's question (which the source conversation wrote). A cue never
# names the page returned to, nor how far back it was.
RETURN_CUES = Kind(
    "return-cue",
    ("question",),
    (),
    (
        Family(
            "formal",
            (
                "Returning to our earlier topic: {question}",
                "To return to what we discussed before, {question}",
                "Regarding the subject we covered earlier: {question}",
                "If we may go back to the earlier subject: {question}",
                "Coming back to the previous topic, {question}",
            ),
        ),
        Family(
            "terse",
            (
                "Back to before: {question}",
                "Earlier topic: {question}",
                "Back to that: {question}",
                "Previous one: {question}",
                "Going back, {question}",
            ),
        ),
        Family(
            "typo",
            (
                "Goign back to before: {question}",
                "back to waht we were discussing, {question}",
                "Anyway, bakc to the earlier thing: {question}",
                "ok back to the erlier topic, {question}",
                "Retruning to what we talked about earlier: {question}",
            ),
        ),
        Family(
            "lowercase",
            (
                "back to the earlier thing, {question}",
                "anyway going back, {question}",
                "ok back to what we had before: {question}",
                "so about the earlier topic, {question}",
                "going back a bit, {question}",
            ),
        ),
        Family(
            "question-first",
            (
                "{question} (going back to the earlier topic)",
                "{question} I mean about what we discussed before.",
                "{question} That's about the earlier thing, by the way.",
                "{question} - back to where we were.",
                "{question} Just going back to before.",
            ),
        ),
        Family(
            "multi-sentence",
            (
                "I want to go back to something. {question}",
                "Let's return to what we were talking about before. {question}",
                "Sorry to jump around. Back to the earlier topic. {question}",
                "One more thing about the earlier subject. {question}",
                "Never mind that for now. Going back: {question}",
            ),
        ),
        Family(
            "hedged",
            (
                "Hmm, if we could go back to the earlier thing for a moment, {question}",
                "Sorry, I'd like to go back a bit, {question}",
                "Maybe we can return to what we were discussing before? {question}",
                "I think I'd like to revisit the earlier topic: {question}",
                "Just circling back, if that's OK: {question}",
            ),
        ),
        Family(
            "british",
            (
                "Right, back to the earlier topic: {question}",
                "Going back to what we were on about before, {question}",
                "Sorry to dot about, but back to the earlier bit: {question}",
                "Coming back round to the other topic, {question}",
                "Returning to the earlier matter, if I may: {question}",
            ),
        ),
        Family(
            "pointer",
            (
                "About the earlier one, {question}",
                "On that thing from a few questions back, {question}",
                "Re the one from before, {question}",
                "About what we were discussing a while ago, {question}",
                "On the earlier subject, {question}",
            ),
        ),
    ),
)

# After a turn about a page with a one-number sibling: the user switches the number.
VALUE_REVISIONS = Kind(
    "value-revision",
    ("new",),
    ("old",),
    (
        Family(
            "formal",
            (
                "My apologies, I meant {new} rather than {old}.",
                "Correction: the number should be {new}, not {old}.",
                "Please consider {new} instead of {old}.",
                "I intended {new}; {old} was an error.",
                "To clarify, I was asking about {new}.",
            ),
        ),
        Family(
            "terse",
            (
                "{new}, not {old}.",
                "Make that {new}.",
                "Meant {new}.",
                "{new} instead.",
                "Sorry, {new}.",
            ),
        ),
        Family(
            "typo",
            (
                "Sory, I ment {new}, not {old}.",
                "oops, shoud be {new} not {old}",
                "I mena {new}, not {old}.",
                "Make taht {new} instead of {old}.",
                "wrong numbre, {new}",
            ),
        ),
        Family(
            "lowercase",
            (
                "oops i meant {new} not {old}",
                "make that {new} please",
                "no wait, {new}",
                "sorry {new} not {old}",
                "i meant {new}",
            ),
        ),
        Family(
            "restated",
            (
                "What about the {new} one instead?",
                "Same question but for {new}, please.",
                "And what about {new}? That's the one I meant.",
                "Actually, tell me about {new} rather than {old}.",
                "Can you answer that for {new} instead of {old}?",
            ),
        ),
        Family(
            "new-first",
            (
                "{new} is what I meant, not {old}.",
                "{new}, sorry, not {old}.",
                "{new} was the one I wanted.",
                "{new}! I typed the wrong number.",
                "{new} - I got the number wrong.",
            ),
        ),
        Family(
            "reject-first",
            (
                "Not {old}, I meant {new}.",
                "Wrong number, I meant {new}.",
                "I said {old} but meant {new}.",
                "That's {old}; I wanted {new}.",
                "Not {old}. {new}.",
            ),
        ),
        Family(
            "multi-sentence",
            (
                "Hold on, wrong number. I meant {new}. Sorry.",
                "Wait. I said {old}. It should be {new}.",
                "Oops. That's the wrong one. I was after {new}, not {old}.",
                "Hmm, that isn't right. I meant {new}. Can you check that one?",
                "Sorry, my mistake. The number is {new}.",
            ),
        ),
        Family(
            "hedged",
            (
                "Oh, I think I said {old}? I meant {new}, sorry.",
                "Hmm, I might have mixed up the numbers, I meant {new}.",
                "Sorry, I think I meant {new} actually.",
                "Ah, wait, it was {new} I was thinking of.",
                "I may have typed {old} by mistake; I meant {new}.",
            ),
        ),
    ),
)

KINDS = (
    SHARED_QUESTIONS,
    NAMED_QUESTIONS,
    CORRECTIONS,
    SELF_REPAIRS,
    FOLLOW_UPS,
    RETURN_CUES,
    VALUE_REVISIONS,
)

# How long an answer written from a passage may be.
ANSWER_CHARS = 300
