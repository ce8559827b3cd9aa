"""The builder's own wording for written turns (kept apart from any writer's cue lists).

Every template is ours. `{target}` is the intended topic, `{wrong}` the rejected one, `{new}` and
`{old}` the numbers of a value revision.
"""

from __future__ import annotations

# A question that applies to either of two topics, answered for the wrong one.
SHARED_QUESTIONS = (
    "Can you tell me more about it?",
    "What else is worth knowing here?",
    "Could you give me some more detail on that?",
    "What are the main points about it?",
)

# The same, naming the topic (the self-repair's trouble source).
NAMED_QUESTIONS = (
    "Can you tell me more about {wrong}?",
    "What else is worth knowing about {wrong}?",
    "Could you give me more detail on {wrong}?",
)

CORRECTIONS = (
    "No, I meant {target}, not {wrong}.",
    "That's the wrong one. I was asking about {target}.",
    "Not {wrong}: my question was about {target}.",
    "Sorry, I should have said: {target}, not {wrong}.",
)

SELF_REPAIRS = (
    "Oh, I said {wrong}, sorry, I meant {target}.",
    "Oops, I typed {wrong} but I meant {target}.",
    "I said {wrong} by mistake; I meant {target}.",
)

FOLLOW_UPS = (
    "What else should I know about it?",
    "Anything more on that?",
    "And what are the key details?",
)

VALUE_REVISIONS = (
    "Sorry, I meant {new}, not {old}.",
    "Make that {new} instead of {old}.",
    "Oops, {new}, not {old}.",
)

# Put before a spliced return; the empty cue leaves the question as the source wrote it.
RETURN_CUES = (
    "",
    "",
    "Going back to before: ",
    "Back to what we were discussing earlier, ",
)

# How long an answer written from a passage may be.
ANSWER_CHARS = 300
