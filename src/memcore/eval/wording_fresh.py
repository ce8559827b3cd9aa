"""Held-out wording for the `fresh` build part: families nobody has tuned a writer to.

The test families of `memcore.eval.wording` were read by the writers' authors after the
measurement they served, so they no longer measure unseen wording. These families were written
afterwards, blind: without opening any writer's cue lists, its spec pages or its docs, and
without reusing a phrasing of `memcore.eval.wording`. Each kind keeps the name, the
placeholders and the meaning of its namesake there (see the comments in that module); only the
ways of speaking are new: chatty, apologetic, text-message abbreviations, a second-language
speaker, dictated without punctuation, emphatic capitals, questions back, quoted or
parenthesised names, exasperated, rambling with filler, hand-written typos and all lower case.

The placeholder rules are those of `memcore.eval.wording`: typos are written out, never
generated, and never touch a placeholder; a `lower_names` family lower-cases the names filled in.
A `{request}` (a named question written by another family, capitalised and punctuated) is used
only where its capitals and final mark read naturally, never in an all-lower-case family.
"""

from __future__ import annotations

from memcore.eval.wording import Family, Kind

# The trouble source of a correction: a request that fits either of two topics. Names no page.
FRESH_SHARED_QUESTIONS = Kind(
    "shared-question",
    (),
    (),
    (
        Family(
            "chatty",
            (
                "Oh cool, so what's the deal there, in more detail?",
                "Huh, neat! Can you unpack that for me?",
                "Ooh, I like this. What else goes on with it?",
                "Nice, and what's the bigger picture there?",
                "Fun! Could you go a bit deeper into it?",
            ),
        ),
        Family(
            "apologetic",
            (
                "Sorry to be a pain, but could you go into that a little deeper?",
                "Sorry if this is obvious, but what's important to know about it?",
                "Apologies, I'm a bit lost. Could you explain it more fully?",
                "Sorry, I'd need a fuller picture of that one, if that's okay.",
                "I hate to ask again, but could you say a bit more on it?",
            ),
        ),
        Family(
            "sms",
            (
                "cn u say more abt it?",
                "more info pls",
                "wat else abt it?",
                "gimme more on that pls",
                "deets on tht?",
            ),
        ),
        Family(
            "second-language",
            (
                "Please, you can explain me more about this?",
                "I want to know more of this thing, please.",
                "What is more to know about it?",
                "Can you say me the important things of it?",
                "Please give more informations about this.",
            ),
        ),
        Family(
            "dictated",
            (
                "can you go into more detail on that one please",
                "ok so what else is there to know about it",
                "what are the important parts of that",
                "i'd like to hear more about it please",
                "so walk me through that in a bit more depth",
            ),
        ),
        Family(
            "emphatic",
            (
                "I REALLY want to know more about this!",
                "Tell me EVERYTHING about it.",
                "More detail please, LOTS more!",
                "What ELSE is there to it?!",
                "Give me the FULL picture, please!!",
            ),
        ),
        Family(
            "asking-back",
            (
                "Is there more you can tell me about it?",
                "Do you know anything else about it?",
                "Could we go deeper on that?",
                "Would you be able to expand on it?",
                "Anything important about it that I ought to hear?",
            ),
        ),
        Family(
            "polite-request",
            (
                "Please walk me through it.",
                "Kindly explain it in more depth.",
                "Please share whatever else you know about it.",
                "I'd be grateful for a deeper explanation of it.",
                "Would you kindly describe it in more detail?",
            ),
        ),
        Family(
            "rambling",
            (
                "Okay, so, um, I was wondering. What more can you say about it?",
                "Right, right. And what's going on with it, more generally?",
                "Huh. So basically, what do I need to know about it?",
                "Well, you know, I'm kind of new to this. Could you explain it a bit?",
                "Alright, alright. Let's hear more about it, then.",
            ),
        ),
        Family(
            "misspelt",
            (
                "coud you explain it in more detial?",
                "Whta else is there to knwo about it?",
                "Pls tell me abuot it in more depth.",
                "I'd like a fuller explantion of it",
                "what are the importnat bits about it?",
            ),
        ),
    ),
)

# The trouble source of a self-repair (and the turn a value revision revises): the same kind of
# request, naming the topic.
FRESH_NAMED_QUESTIONS = Kind(
    "named-question",
    ("topic",),
    (),
    (
        Family(
            "chatty",
            (
                "Oh, I've always wondered about {topic}. What's it all about?",
                "Ooh, {topic}! What can you tell me?",
                "Hey, so what's the scoop on {topic}?",
                "I keep hearing about {topic}. What's that about, then?",
                "Fun one: what do you know about {topic}?",
            ),
        ),
        Family(
            "apologetic",
            (
                "Sorry if this is a basic question, but what is {topic}?",
                "Sorry to bother you, could you tell me about {topic}?",
                "Apologies if I should know this, but what's {topic} about?",
                "Sorry, I'm clueless here: what can you tell me about {topic}?",
                "Hope this isn't a silly question, but what is {topic} known for?",
            ),
        ),
        Family(
            "sms",
            (
                "wat abt {topic}?",
                "info on {topic} pls",
                "tell me abt {topic} pls",
                "u know anything abt {topic}?",
                "wats {topic}?",
            ),
        ),
        Family(
            "second-language",
            (
                "Please, you can tell me about {topic}?",
                "I want to know the things about {topic}.",
                "What is {topic}? Please explain me.",
                "Give me informations about {topic}, please.",
                "How is {topic}? Explain please.",
            ),
        ),
        Family(
            "dictated",
            (
                "so what can you tell me about {topic}",
                "i want to learn about {topic}",
                "give me some background on {topic} please",
                "what do you know about {topic} then",
                "explain {topic} to me",
            ),
        ),
        Family(
            "quoted",
            (
                'What can you tell me about "{topic}"?',
                'I\'m looking for information on "{topic}".',
                'Could you explain "{topic}" to me?',
                '"{topic}" - what is it about?',
                'Tell me about the thing called "{topic}".',
            ),
        ),
        Family(
            "emphatic",
            (
                "I NEED to know about {topic}!",
                "Tell me ALL about {topic}, please!",
                "What's {topic} REALLY about?",
                "{topic}! Explain it to me!",
                "Give me the FULL story on {topic}.",
            ),
        ),
        Family(
            "asking-back",
            (
                "Do you know much about {topic}?",
                "Can you fill me in on {topic}?",
                "Have you got any info on {topic}?",
                "Is there anything you can tell me about {topic}?",
                "Would you know what {topic} is about?",
            ),
        ),
        Family(
            "polite-request",
            (
                "Please give me an overview of {topic}.",
                "Kindly describe {topic} for me.",
                "I'd be grateful for some information on {topic}.",
                "Would you kindly explain {topic}?",
                "Please tell me what {topic} is known for.",
            ),
        ),
        Family(
            "misspelt",
            (
                "Can you tell me abuot {topic}?",
                "Whats {topic} all abuot?",
                "I'd like to knwo more about {topic}.",
                "Coudl you explain {topic}?",
                "Give me an overveiw of {topic} please.",
            ),
        ),
    ),
)

# After a shared question answered for the wrong page: the user rejects the answered topic and
# says which page was meant.
FRESH_CORRECTIONS = Kind(
    "correction",
    ("target",),
    ("wrong", "request"),
    (
        Family(
            "chatty",
            (
                "Ha, no, I was actually curious about {target}, not {wrong}.",
                "Oh, that's not the one I meant, I was thinking of {target}.",
                "Ah, you went with {wrong}, but I had {target} in mind.",
                "Hmm, that's {wrong}. I was really wondering about {target}.",
                "Oh no, I meant {target}! {wrong} is a whole other thing.",
            ),
        ),
        Family(
            "apologetic",
            (
                "Sorry, I should have been clearer: I meant {target}, not {wrong}.",
                "Apologies, I was too vague there. I wanted {target}.",
                "So sorry, I wasn't specific. I was asking about {target}, not {wrong}.",
                "I'm sorry, it was {target} I meant there, not {wrong}.",
                "Sorry for the mix-up, but it's {target} I'm interested in.",
            ),
        ),
        Family(
            "sms",
            (
                "nah, {target} not {wrong}",
                "not {wrong} lol, {target}",
                "wrong 1, i meant {target}",
                "i was askin abt {target} tho",
                "nope, meant {target} not {wrong} thx",
            ),
        ),
        Family(
            "second-language",
            (
                "No, not this. I was asking for {target}.",
                "You explain {wrong}, but my question is for {target}.",
                "Is not the right one. I want {target}.",
                "Sorry, I mean the {target}, not the {wrong}.",
                "This is about {wrong}. I ask about {target}.",
            ),
        ),
        Family(
            "dictated",
            (
                "no not {wrong} i was asking about {target}",
                "thats {wrong} i wanted {target}",
                "i was talking about {target} not {wrong}",
                "no sorry {target} is the one i meant",
                "not that one {target} please",
            ),
        ),
        Family(
            "emphatic",
            (
                "No! {target}, NOT {wrong}!",
                "NO. The one I wanted was {target}!",
                "It's {target}!! Forget {wrong}!!",
                "That's NOT what I asked. I meant {target}!",
                "WRONG one. {target}, please!",
            ),
        ),
        Family(
            "asking-back",
            (
                "Wasn't I asking about {target}?",
                "Why {wrong}? I was asking about {target}.",
                "Could you answer that for {target} instead of {wrong}?",
                "Hang on, isn't that about {wrong}? I wanted {target}.",
                "What about {target}? That's the one I meant, not {wrong}.",
            ),
        ),
        Family(
            "quoted",
            (
                'I had "{target}" in mind, not "{wrong}".',
                'Not "{wrong}" - I was asking about "{target}".',
                'That answer is about "{wrong}". My question was about "{target}".',
                'The one I wanted was "{target}", not that one.',
                'Wrong topic: "{target}" is what I meant.',
            ),
        ),
        Family(
            "parenthetical",
            (
                "Wrong page (I meant {target}).",
                "That's the other one ({wrong}); I was after {target}.",
                "I meant the other topic ({target}), not that one.",
                "No, sorry (wrong one): {target} is what I was asking about.",
                "Could you redo that for the one I meant ({target})?",
            ),
        ),
        Family(
            "exasperated",
            (
                "Ugh, not {wrong}. I wanted {target}.",
                "Come on, that's {wrong}. I was asking about {target}.",
                "Seriously? I meant {target}, not that.",
                "No no no. {target}. Not {wrong}.",
                "Why would I want {wrong}? {target}, obviously.",
            ),
        ),
        Family(
            "rephrased",
            (
                "Sorry, that's not it. Could you answer this instead: {request}",
                "That was about {wrong}. Let me ask again, more clearly. {request}",
                "Wrong one; I'll rephrase. {request}",
                "Not {wrong}, sorry. What I meant to ask was: {request}",
                "Please try again for the right one. {request}",
            ),
        ),
        Family(
            "misspelt",
            (
                "Thats not the one, I was thinkng of {target}.",
                "Wrong topic, I wantd {target} not {wrong}.",
                "No, I was refering to {target}.",
                "Actualy I meant {target}, not {wrong}.",
                "Not {wrong}, I was asking abut {target}.",
            ),
        ),
        Family(
            "no-caps",
            (
                "hmm no, {target} was the one",
                "that's {wrong}, i wanted {target}",
                "no, i was after {target} actually",
                "not {wrong}, it's {target} i care about",
                "wrong topic, i meant {target}",
            ),
            lower_names=True,
        ),
    ),
)

# After a question that named the wrong page (the user's own slip): the user repairs it.
FRESH_SELF_REPAIRS = Kind(
    "self-repair",
    ("target",),
    ("wrong", "request"),
    (
        Family(
            "chatty",
            (
                "Oh wait, I said {wrong}, didn't I? I meant {target}.",
                "Ha, silly me, I meant {target}, not {wrong}.",
                "Oh, my brain swapped them, I was thinking of {target}.",
                "Whoops, I was actually thinking of {target} when I typed that.",
                "Heh, wrong name. It's {target} I'm curious about.",
            ),
        ),
        Family(
            "apologetic",
            (
                "Sorry, my mistake: I wrote {wrong} but meant {target}.",
                "I apologise, I named the wrong one. I meant {target}.",
                "Sorry about that, I mixed them up. {target} is what I meant.",
                "My apologies, that was a slip; I meant {target}, not {wrong}.",
                "Sorry, I got the name wrong. I was asking about {target}.",
            ),
        ),
        Family(
            "sms",
            (
                "oops typo, meant {target}",
                "my bad, {target} not {wrong}",
                "sry i meant {target}",
                "*{target}",
                "ugh autocorrect, meant {target}",
            ),
        ),
        Family(
            "second-language",
            (
                "Sorry, I write wrong name. I want to ask about {target}.",
                "I make mistake, is {target} not {wrong}.",
                "Excuse me, I wanted to say {target}.",
                "No, I mean {target}. I confuse the names.",
                "Wrong name from me, sorry. The question is for {target}.",
            ),
        ),
        Family(
            "dictated",
            (
                "sorry i said {wrong} when i wanted to say {target}",
                "scratch that i meant {target}",
                "no wait i meant {target} not {wrong}",
                "correction {target} not {wrong}",
                "i misspoke i meant to say {target}",
            ),
        ),
        Family(
            "emphatic",
            (
                "Oops, {target} is what I meant, NOT {wrong}!",
                "{target}! I typed the wrong name!",
                "Argh, wrong name! {target}!",
                "Wait, NO, I meant {target}!",
                "I meant {target}!!! Sorry!",
            ),
        ),
        Family(
            "asking-back",
            (
                "Did I say {wrong}? I meant {target}.",
                "Wait, did I write {wrong}? Sorry, {target}.",
                "Can you answer that for {target} instead? I named the wrong one.",
                "Could you redo that with {target}? I mixed up the names.",
                "Oh, did I type {wrong}? It should be {target}.",
            ),
        ),
        Family(
            "quoted",
            (
                'I typed "{wrong}" but meant "{target}".',
                'Replace "{wrong}" with "{target}" in my question, please.',
                'Sorry, "{target}", not "{wrong}".',
                'Read "{target}" where I wrote "{wrong}".',
                'That should have said "{target}".',
            ),
        ),
        Family(
            "parenthetical",
            (
                "Sorry, wrong name in my question (I meant {target}).",
                "I meant the other one ({target}), my slip.",
                "Same question, but for {target} (not {wrong}, my mistake).",
                "(Typo: {target}, not {wrong}.)",
                "Oops (I meant {target}).",
            ),
        ),
        Family(
            "rephrased",
            (
                "Let me fix my question: {request}",
                "I named the wrong thing, so again: {request}",
                "Sorry, I'll ask that properly. {request}",
                "Oops, I wrote {wrong}. What I meant: {request}",
                "Ignore my last question, I slipped. {request}",
            ),
        ),
        Family(
            "misspelt",
            (
                "Sorry, I wrote the wrogn name, I meant {target}.",
                "Oops, I meant to tpye {target}.",
                "My mistkae, it should be {target} not {wrong}.",
                "Sory, I got the nmae wrong, I meant {target}.",
                "Wait, I mixed them up, I was thinkign of {target}.",
            ),
        ),
        Family(
            "no-caps",
            (
                "ugh i typed {wrong}, meant {target}",
                "my bad, i was thinking of {target}",
                "wrong name sorry, {target}",
                "i mixed them up, it's {target} i wanted",
                "let me fix that: {target}, not {wrong}",
            ),
            lower_names=True,
        ),
    ),
)

# The final turn of the follow-up tier, after a correction and its answer. Names no page: the
# memory has to carry the corrected topic.
FRESH_FOLLOW_UPS = Kind(
    "follow-up",
    (),
    (),
    (
        Family(
            "chatty",
            (
                "Cool, and what else?",
                "Oh nice, tell me more!",
                "Interesting! What else is there?",
                "Ooh, keep it coming.",
                "Neat. Anything more on it?",
            ),
        ),
        Family(
            "apologetic",
            (
                "Sorry, one more thing: what else should I know about it?",
                "Sorry to keep asking, but is there more?",
                "Apologies for the extra question, but could you go on?",
                "Sorry, could you tell me a little more about it?",
                "I hope this isn't too much, but what else is there?",
            ),
        ),
        Family(
            "sms",
            (
                "n e thing else?",
                "more pls",
                "wat else?",
                "k, and?",
                "gimme more",
            ),
        ),
        Family(
            "second-language",
            (
                "And what more is there about it?",
                "Please, you can tell me more things?",
                "What other things are important for it?",
                "Is there more informations?",
                "Explain me more, please.",
            ),
        ),
        Family(
            "dictated",
            (
                "ok what else can you tell me",
                "and what else is there",
                "keep going please",
                "tell me some more about it",
                "anything else i should know",
            ),
        ),
        Family(
            "emphatic",
            (
                "Give me MORE!",
                "And?! What else?",
                "Keep going, this is GREAT!",
                "I want to hear MORE about it!",
                "Don't stop there!",
            ),
        ),
        Family(
            "asking-back",
            (
                "Is that everything?",
                "Is there anything else to it?",
                "Can you go on?",
                "Do you have more on it?",
                "What more can you say?",
            ),
        ),
        Family(
            "polite-request",
            (
                "Please continue.",
                "Kindly tell me a bit more.",
                "Please go on with the details.",
                "I'd appreciate a little more detail, please.",
                "Please share anything else you know.",
            ),
        ),
        Family(
            "rambling",
            (
                "Right, okay. So what else is there?",
                "Hm, okay, got it. And then what?",
                "Okay, that's helpful. Any other details?",
                "Alright, I see. What more can you tell me?",
                "Good, good. So, anything further?",
            ),
        ),
        Family(
            "misspelt",
            (
                "Anythign else?",
                "Waht else can you tell me?",
                "Cna you go on?",
                "Tell me morre please.",
                "Any other detalis?",
            ),
        ),
    ),
)

# Put around a spliced return's question (which the source conversation wrote). A cue never
# names the page returned to, nor how far back it was.
FRESH_RETURN_CUES = Kind(
    "return-cue",
    ("question",),
    (),
    (
        Family(
            "chatty",
            (
                "Oh, that reminds me, about the earlier thing: {question}",
                "Okay, switching back for a sec. {question}",
                "Ooh, before I forget, back to what we were on before: {question}",
                "Let's hop back over there. {question}",
                "Anyway, circling back, {question}",
            ),
        ),
        Family(
            "apologetic",
            (
                "Sorry to jump around, but back to the earlier topic: {question}",
                "Sorry, can we go back for a moment? {question}",
                "Forgive the detour. Back to what I was asking before: {question}",
                "Sorry, I got sidetracked earlier. {question}",
                "Sorry for the tangent, back to the earlier one: {question}",
            ),
        ),
        Family(
            "sms",
            (
                "bk to b4: {question}",
                "ok bk to the other thing, {question}",
                "re the earlier stuff: {question}",
                "btw going bk, {question}",
                "anyway bk 2 that, {question}",
            ),
        ),
        Family(
            "second-language",
            (
                "I go back to the topic from before: {question}",
                "Again about the thing from before: {question}",
                "Now I return to the old topic. {question}",
                "About what we speak before: {question}",
                "Please, back to the other topic. {question}",
            ),
        ),
        Family(
            "dictated",
            (
                "ok going back to what we were talking about before {question}",
                "back to the earlier subject {question}",
                "lets go back to that other topic {question}",
                "returning to before {question}",
                "so about the earlier thing {question}",
            ),
        ),
        Family(
            "emphatic",
            (
                "BACK to the earlier topic! {question}",
                "Wait, I REALLY want to go back to before: {question}",
                "Okay, back to THAT: {question}",
                "Going BACK now. {question}",
                "Back to the earlier stuff, please! {question}",
            ),
        ),
        Family(
            "asking-back",
            (
                "Can we go back to the earlier topic? {question}",
                "Mind if we return to what we discussed before? {question}",
                "Could we pick that earlier thread up again? {question}",
                "Can I go back to something from before? {question}",
                "Is it OK to revisit the earlier topic? {question}",
            ),
        ),
        Family(
            "trailing",
            (
                "{question} (that one is on the earlier topic again)",
                "{question} - back to what we discussed before.",
                "{question} That's about the earlier subject, by the way.",
                "{question} I mean the thing from before.",
                "{question} (back to before)",
            ),
        ),
        Family(
            "parenthetical",
            (
                "(This one is for the earlier subject.) {question}",
                "(Picking the older thread back up.) {question}",
                "(Earlier topic again) {question}",
                "(re: what we discussed before) {question}",
                "Switching back (the older thread): {question}",
            ),
        ),
        Family(
            "misspelt",
            (
                "Goin back to teh earlier topic, {question}",
                "Ok, retunring to what we discused before: {question}",
                "Back to the ealier subject: {question}",
                "Lets go bcak to before. {question}",
                "Abuot the earleir topic, {question}",
            ),
        ),
    ),
)

# After a turn about a page with a one-number sibling: the user switches the number from {old}
# to {new}.
FRESH_VALUE_REVISIONS = Kind(
    "value-revision",
    ("new",),
    ("old",),
    (
        Family(
            "chatty",
            (
                "Oh wait, I meant {new}, not {old}, haha.",
                "Ah, hang on, make it {new} instead.",
                "Oh actually, could we do {new} instead of {old}?",
                "Hmm, no, it's {new} I'm after.",
                "Oh, {new} is the one I wanted, not {old}.",
            ),
        ),
        Family(
            "apologetic",
            (
                "Sorry, I gave the wrong number. It should be {new}.",
                "Apologies, I meant {new} rather than the {old} I wrote.",
                "Sorry about that, {new}, not {old}.",
                "So sorry, wrong number: {new}.",
                "Sorry, I got the number mixed up; {new} is right.",
            ),
        ),
        Family(
            "sms",
            (
                "srry, {new} not {old}",
                "oops meant {new}",
                "*{new}",
                "{new} not {old} lol",
                "make it {new} pls",
            ),
        ),
        Family(
            "second-language",
            (
                "Sorry, the number is not {old}, is {new}.",
                "I want to say {new}, not {old}.",
                "Please change the number to {new}.",
                "The right number is {new}, I make a mistake.",
                "No {old}. I mean the {new}.",
            ),
        ),
        Family(
            "dictated",
            (
                "correction the number is {new}",
                "no wait {new} not {old}",
                "change that to {new} please",
                "i said {old} but i meant {new}",
                "make that number {new}",
            ),
        ),
        Family(
            "emphatic",
            (
                "It's {new}, NOT {old}!",
                "{new}!! I meant {new}!!",
                "Wait, {new}! Wrong number!",
                "NO, {new} is what I meant!",
                "The number is {new}. {new}!",
            ),
        ),
        Family(
            "asking-back",
            (
                "Did I say {old}? I meant {new}.",
                "Can you do that for {new} instead?",
                "What about {new} instead of {old}?",
                "Could you check {new} instead?",
                "Wait, did I type {old}? It's {new}.",
            ),
        ),
        Family(
            "quoted",
            (
                'I meant "{new}", not "{old}".',
                'Change "{old}" to "{new}", please.',
                'That should say "{new}".',
                'Read "{new}" instead of "{old}".',
                'Sorry, the number was meant to be "{new}".',
            ),
        ),
        Family(
            "parenthetical",
            (
                "Sorry, wrong number ({new}, not {old}).",
                "Same question for the other number ({new}).",
                "(Make that {new}, my slip.)",
                "My slip (it's {new}).",
                "Same thing but {new} (not {old}), please.",
            ),
        ),
        Family(
            "misspelt",
            (
                "Oops, wrnog number, I meant {new}.",
                "Sory, it shuold be {new}, not {old}.",
                "Actualy, make it {new}.",
                "I typed {old} by mistkae, I meant {new}.",
                "Wrong nubmer, {new} please.",
            ),
        ),
    ),
)

FRESH_KINDS = (
    FRESH_SHARED_QUESTIONS,
    FRESH_NAMED_QUESTIONS,
    FRESH_CORRECTIONS,
    FRESH_SELF_REPAIRS,
    FRESH_FOLLOW_UPS,
    FRESH_RETURN_CUES,
    FRESH_VALUE_REVISIONS,
)
