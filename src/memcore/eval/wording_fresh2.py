"""A second held-out wording, for the `fresh2` build part: families no writer was tuned to.

The `fresh` part's families (`memcore.eval.wording_fresh`) stopped being unseen once the
writers' authors had read that part, as the test families had before them. These families were
written after that, by someone who had not opened any writer's cue lists, spec pages, docs or
tests, nor looked at any score on the new part; the only things read were the two earlier
wording modules, and those only so as to keep each kind's name, placeholders and meaning and to
reuse none of their phrasings or family names. The ways of speaking are new again: a voice
assistant's transcript with fillers, a customer-service politeness, two- or three-word
fragments, Australian idiom, teenage slang, formal academic prose, run-ons strung together with
"and then", asking for a friend or relative, rhetorical questions, the name in single quotes
after a colon, asides in square brackets, a non-native speaker whose slips differ from the
`second-language` family's, and note-taking shorthand.

The rules are those of `memcore.eval.wording`: every typo or slip is written out by hand, none
touches a placeholder, a `lower_names` family (typed all in lower case) lower-cases the names
filled in, and a `{request}` appears only in capitalised families.
"""

from __future__ import annotations

from memcore.eval.wording import Family, Kind

# The trouble source of a correction: a request that fits either of two topics. Names no page.
FRESH2_SHARED_QUESTIONS = Kind(
    "shared-question",
    (),
    (),
    (
        Family(
            "voice-assistant",
            (
                "Okay so um, can you tell me more about that one?",
                "Okay so um, what else do I need to know about it",
                "Um, okay, go into that a bit further for me",
                "Hey, uh, so, explain that a bit more",
                "Okay um so what's the rest of the story there",
            ),
        ),
        Family(
            "customer-service",
            (
                "Hi there, I was hoping you could give me a little more detail on that, thank you!",
                "Thanks so much for that. Would it be possible to get some further information?",
                "Hello again! I'd really appreciate it if you could expand on that for me.",
                "Thank you for your patience. Could you walk me through the rest of it?",
                "Much appreciated so far. Is there any more information you could share on that?",
            ),
        ),
        Family(
            "fragment",
            (
                "Expand, please.",
                "Go deeper.",
                "Elaborate?",
                "Say more.",
                "Further details?",
            ),
        ),
        Family(
            "aussie",
            (
                "Reckon you could give me the rest of the yarn on that?",
                "Go on then, what's the go with it?",
                "Give us a bit more on that, mate.",
                "Chuck us a few more details, would you?",
                "Cheers, could you flesh that out a bit?",
            ),
        ),
        Family(
            "teen-slang",
            (
                "ok but like what's the tea on it",
                "lowkey need more on this fr",
                "wait thats kinda wild, spill more",
                "ngl i need the full lore on this",
                "bruh explain it more pls",
            ),
            lower_names=True,
        ),
        Family(
            "academic",
            (
                "Could you characterise it in greater depth, with reference to its principal "
                "features?",
                "For the purposes of my research, what further aspects of it merit attention?",
                "I would welcome a more comprehensive account of the matter.",
                "What are the salient considerations pertaining to it?",
                "Might you offer a more rigorous treatment of this subject?",
            ),
        ),
        Family(
            "run-on",
            (
                "and then what else happened with it and what should I know and all that",
                "ok and then can you tell me more about it and why it matters and stuff",
                "and then what's the rest of it and how does it all fit together",
                "so and then what else is there and what do people say about it",
                "and then can you keep explaining it and give me the other details too",
            ),
        ),
        Family(
            "third-person",
            (
                "My friend wants to know more about it, what should I tell her?",
                "My dad keeps asking me about this one. What else can I tell him?",
                "A colleague asked me to find out more about it. Can you help?",
                "My teacher wants more detail on it. What would you add?",
                "Someone in my class asked what else there is to know about it.",
            ),
        ),
        Family(
            "rhetorical",
            (
                "Surely there's more to it than that?",
                "Isn't there a lot more you could say about it?",
                "Wouldn't it help to hear the rest of it?",
                "Who wouldn't want to know more about that?",
                "That can't be all there is to it, can it?",
            ),
        ),
        Family(
            "non-native",
            (
                "Please tell me still more about it.",
                "What is there else to know over it?",
                "Can you give more detail to this theme?",
                "I would like to know it more exactly.",
                "Which other things are to say about this?",
            ),
        ),
    ),
)

# The trouble source of a self-repair (and the turn a value revision revises): the same kind of
# request, naming the topic.
FRESH2_NAMED_QUESTIONS = Kind(
    "named-question",
    ("topic",),
    (),
    (
        Family(
            "voice-assistant",
            (
                "Okay so um, tell me about {topic}",
                "Um, okay, what's {topic}?",
                "Hey, uh, what do you know about {topic}",
                "Okay so, um, I want to hear about {topic}",
                "Uh, look up {topic} and tell me about it",
            ),
        ),
        Family(
            "customer-service",
            (
                "Hi there, I was hoping you could tell me a bit about {topic}, thank you!",
                "Hello! Would it be possible to get some information on {topic}?",
                "Good afternoon. Could you kindly help me understand {topic}?",
                "Hi, I'd appreciate a quick summary of {topic}, thanks so much.",
                "Thanks in advance: what can you share about {topic}?",
            ),
        ),
        Family(
            "fragment",
            (
                "{topic}, explained?",
                "About {topic}?",
                "{topic} basics?",
                "Explain {topic}.",
                "{topic}, briefly?",
            ),
        ),
        Family(
            "aussie",
            (
                "What's the go with {topic}, mate?",
                "Reckon you could fill us in on {topic}?",
                "Give us the lowdown on {topic}, would ya?",
                "Righto, what's {topic} all about then?",
                "Chuck us a rundown of {topic}, cheers.",
            ),
        ),
        Family(
            "teen-slang",
            (
                "ok whats the tea on {topic}",
                "lowkey curious abt {topic} ngl",
                "{topic}?? explain it fr",
                "yo whats {topic} even about",
                "someone explain {topic} to me pls",
            ),
            lower_names=True,
        ),
        Family(
            "academic",
            (
                "Could you provide a scholarly overview of {topic}?",
                "What is the principal significance of {topic}?",
                "I am researching {topic}; could you summarise what is established about it?",
                "How might one characterise {topic} in broad terms?",
                "Please furnish a concise account of {topic}.",
            ),
        ),
        Family(
            "run-on",
            (
                "so I was reading about {topic} and then I wondered what it actually is and stuff",
                "and then there's {topic} and what's that about and why do people talk about it",
                "ok so {topic} and then what can you tell me about it",
                "I heard about {topic} and then I wanted to know more and so here I am",
                "and then can you explain {topic} and what it's known for",
            ),
        ),
        Family(
            "third-person",
            (
                "My friend asked me about {topic} and I had no idea. What is it?",
                "My grandpa keeps mentioning {topic}. What's that about?",
                "A coworker brought up {topic} today; can you tell me about it?",
                "My kid asked what {topic} is. How should I explain it?",
                "Someone at work wants to know about {topic}. Can you help me out?",
            ),
        ),
        Family(
            "rhetorical",
            (
                "Isn't {topic} something everyone should know about? Tell me.",
                "What's the big deal about {topic}, anyway?",
                "Why does everybody talk about {topic}?",
                "Ever wonder what {topic} is? I do. Explain?",
                "Who hasn't heard of {topic}? Me, apparently. What is it?",
            ),
        ),
        Family(
            "colon-quoted",
            (
                "Question about: '{topic}'",
                "Topic: '{topic}'. What can you tell me?",
                "Looking up: '{topic}'",
                "Next one: '{topic}' - what is it?",
                "Explain this: '{topic}'",
            ),
        ),
        Family(
            "non-native",
            (
                "Please tell me something over {topic}.",
                "What is with {topic}? I would like to know it.",
                "Can you explain to me what means {topic}?",
                "I search information to {topic}.",
                "How is the story from {topic}?",
            ),
        ),
    ),
)

# After a shared question answered for the wrong page: the user rejects the answered topic and
# says which page was meant.
FRESH2_CORRECTIONS = Kind(
    "correction",
    ("target",),
    ("wrong", "request"),
    (
        Family(
            "voice-assistant",
            (
                "Okay so um, no, I meant {target}, not {wrong}",
                "Um, no, not that one, I was asking about {target}",
                "Uh, no, that's {wrong}, I wanted {target}",
                "Okay, um, cancel that, I'm asking about {target}",
                "Hey, no, uh, {target} is the one I'm after",
            ),
        ),
        Family(
            "customer-service",
            (
                "Thanks for that, but I think there's been a small misunderstanding: I was "
                "asking about {target}.",
                "I appreciate the answer, though it covers {wrong}; could you help me with "
                "{target} instead?",
                "Thank you! Just to clarify, my question was about {target} rather than {wrong}.",
                "Thanks, but that one is {wrong}. May I ask again? {request}",
                "That's very kind, but I was hoping for information on {target}, please.",
            ),
        ),
        Family(
            "fragment",
            (
                "Rather, {target}.",
                "Nope, {target}.",
                "Not it. {target}.",
                "{target} instead.",
                "Other one: {target}.",
            ),
        ),
        Family(
            "aussie",
            (
                "Nah mate, I was on about {target}, not {wrong}.",
                "Ah, yeah nah, it's {target} I was after.",
                "Strewth, that's {wrong}. I meant {target}.",
                "Not quite, mate, I was asking about {target}.",
                "Crikey, wrong one. {target}, cheers.",
            ),
        ),
        Family(
            "teen-slang",
            (
                "nah thats {wrong}, i meant {target} fr",
                "bro i meant {target} not {wrong}",
                "lol no, {target}, obviously",
                "ok that's lowkey not it, i wanted {target}",
                "wrong one bestie, {target}",
            ),
            lower_names=True,
        ),
        Family(
            "academic",
            (
                "To clarify, my enquiry concerned {target} rather than {wrong}.",
                "I believe that response addresses {wrong}; my question pertained to {target}.",
                "Permit me to clarify: the subject of my question was {target}.",
                "That account concerns {wrong}, whereas I intended {target}.",
                "To state my question unambiguously: {request}",
            ),
        ),
        Family(
            "run-on",
            (
                "no wait that's {wrong} and then I meant {target} actually so can you do that one",
                "ok but that's about {wrong} and I was asking about {target} and not that",
                "and then you told me about {wrong} but I wanted {target} so yeah",
                "no and then I meant {target} and not {wrong} so can you redo it",
                "hmm that's {wrong} and then what I really wanted was {target}",
            ),
        ),
        Family(
            "third-person",
            (
                "My friend asked about {target}, not {wrong}.",
                "Oh, that's {wrong}, but my sister was asking about {target}.",
                "Sorry, the question's from my boss and she meant {target}.",
                "My classmate wanted {target}, not that one.",
                "It's for my dad, and he was asking about {target}, not {wrong}.",
            ),
        ),
        Family(
            "rhetorical",
            (
                "Why would I be asking about {wrong}? I meant {target}.",
                "Did it sound like I meant {wrong}? It was {target}.",
                "Who said anything about {wrong}? I'm after {target}.",
                "Isn't it obvious I meant {target}?",
                "How did we end up on {wrong}? I was asking about {target}.",
            ),
        ),
        Family(
            "colon-quoted",
            (
                "Not that one. The one I meant: '{target}'",
                "Wrong topic. Meant: '{target}'",
                "Right topic: '{target}', not '{wrong}'",
                "What I was asking about: '{target}'",
                "Intended topic: '{target}'",
            ),
        ),
        Family(
            "bracketed",
            (
                "That's about {wrong} [I meant {target}].",
                "[wrong topic: I was asking about {target}]",
                "Please answer for the other one [{target}].",
                "[meant {target}, not {wrong}]",
                "No [{target} is the one, not {wrong}].",
            ),
        ),
        Family(
            "non-native",
            (
                "No, I did not mean this. I meant the {target}.",
                "This is over {wrong}, but I asked to {target}.",
                "That is the false one. I wanted to know over {target}.",
                "Not {wrong} I meant, rather {target}.",
                "You have taken {wrong}; my question was to {target}.",
            ),
        ),
        Family(
            "shorthand",
            (
                "re prev answer: wrong topic, need {target}",
                "nb: meant {target} not {wrong}",
                "fyi q was re {target}",
                "{wrong} != what i asked, {target} pls",
                "ans was re {wrong}, q was re {target}",
            ),
            lower_names=True,
        ),
    ),
)

# After a question that named the wrong page (the user's own slip): the user repairs it.
FRESH2_SELF_REPAIRS = Kind(
    "self-repair",
    ("target",),
    ("wrong", "request"),
    (
        Family(
            "voice-assistant",
            (
                "Okay so um, I said {wrong} but I meant {target}",
                "Um, no, wait, I meant to say {target}",
                "Uh, sorry, that came out wrong, {target}",
                "Okay, hold on, um, swap that for {target}",
                "Hey, uh, I got the name wrong there, it's {target}",
            ),
        ),
        Family(
            "customer-service",
            (
                "Apologies for the confusion on my part, I meant to ask about {target}.",
                "Thanks for bearing with me, I put the wrong name in: it should be {target}.",
                "Sorry, that was my error. Could you help me with {target} instead?",
                "My apologies, I wrote {wrong} by accident when I meant {target}. Thank you!",
                "Could I correct my question, please? {request}",
            ),
        ),
        Family(
            "fragment",
            (
                "Slip: {target}.",
                "Scratch that: {target}.",
                "Er, {target}.",
                "Make it {target}.",
                "{target}, sorry.",
            ),
        ),
        Family(
            "aussie",
            (
                "Ah, bugger, I meant {target}, not {wrong}.",
                "Oops, my bad, mate, {target} is the one.",
                "Yeah nah, I stuffed that up, I meant {target}.",
                "Whoops, had a brain fade there. {target}.",
                "Sorry mate, got my wires crossed: it's {target}.",
            ),
        ),
        Family(
            "teen-slang",
            (
                "omg i typed {wrong}, meant {target} lol",
                "wait no i meant {target}, brain not braining",
                "ugh {wrong}?? i meant {target} fr",
                "lmao wrong one, {target}",
                "ok ignore that, {target} is what i meant ngl",
            ),
            lower_names=True,
        ),
        Family(
            "academic",
            (
                "I must correct my earlier question: I intended to refer to {target}.",
                "Erratum: for {wrong}, read {target}.",
                "My previous query misnamed the subject; it should concern {target}.",
                "Please note a correction to my question: {target} rather than {wrong}.",
                "To restate my question accurately: {request}",
            ),
        ),
        Family(
            "run-on",
            (
                "oh wait I said {wrong} and then I realised I meant {target} so yeah",
                "no hang on I wrote {wrong} and then it should be {target} instead",
                "and then I just noticed I put {wrong} when it should be {target}",
                "ok so I messed up and then I meant {target} not {wrong}",
                "wait and then I meant {target} I mixed them up and all",
            ),
        ),
        Family(
            "third-person",
            (
                "Oops, I passed on my friend's question wrong: she meant {target}.",
                "My brother just corrected me, he was asking about {target}, not {wrong}.",
                "I mixed up what my boss asked; it was {target}.",
                "My sister says I got it wrong, it's {target} she wants to know about.",
                "Sorry, I relayed that wrong, my colleague meant {target}.",
            ),
        ),
        Family(
            "rhetorical",
            (
                "Did I really just type {wrong}? I meant {target}.",
                "Why did I write {wrong}? {target}, of course.",
                "What was I thinking? I meant {target}.",
                "How did {wrong} end up in there? It should be {target}.",
                "Where did {wrong} come from? I meant {target}.",
            ),
        ),
        Family(
            "colon-quoted",
            (
                "Typo in my question. Should be: '{target}'",
                "Fixing my question, name should read: '{target}'",
                "I wrote the wrong name. Correct one: '{target}'",
                "Edited name: '{target}' (was '{wrong}')",
                "My slip. Meant to write: '{target}'",
            ),
        ),
        Family(
            "bracketed",
            (
                "[edit: {target}, not {wrong}]",
                "Same question [I meant {target}].",
                "[my mistake, should be {target}]",
                "Sorry [{wrong} was a slip for {target}].",
                "Redo that one [{target} this time].",
            ),
        ),
        Family(
            "non-native",
            (
                "Excuse, I have written falsely. It should be {target}.",
                "I have the names confused; I meant {target}.",
                "Not {wrong}, I meant {target}, I wrote false.",
                "Sorry, my question is false written, it is about {target}.",
                "Please correct: {target} instead {wrong}.",
            ),
        ),
        Family(
            "shorthand",
            (
                "correction: q should say {target}",
                "s/{wrong}/{target}/",
                "nb typo, {target}",
                "q was meant re {target}, not {wrong}",
                "edit: {target}",
            ),
            lower_names=True,
        ),
    ),
)

# The final turn of the follow-up tier, after a correction and its answer. Names no page: the
# memory has to carry the corrected topic.
FRESH2_FOLLOW_UPS = Kind(
    "follow-up",
    (),
    (),
    (
        Family(
            "voice-assistant",
            (
                "Okay so um, what else?",
                "Um, okay, and anything else on that?",
                "Okay, uh, keep telling me about it",
                "Hey so, um, what else you got",
                "Okay um go on",
            ),
        ),
        Family(
            "customer-service",
            (
                "Thank you, that's helpful! Is there anything else I should be aware of?",
                "Great, thanks. Could you share any further details?",
                "I appreciate that. Would you mind telling me a little more?",
                "Wonderful, thank you. Anything else you could add?",
                "Thanks for clarifying! What else can you let me know?",
            ),
        ),
        Family(
            "fragment",
            (
                "And next?",
                "Keep explaining.",
                "Carry on.",
                "Anything further?",
                "Next bit?",
            ),
        ),
        Family(
            "aussie",
            (
                "Good on ya. What else is there?",
                "Ripper, give us a bit more then.",
                "Cheers for that, mate. Anything else worth knowing?",
                "No worries, keep it coming, yeah?",
                "Too right. What else you got on it?",
            ),
        ),
        Family(
            "teen-slang",
            (
                "ok and what else, spill",
                "wait thats lowkey interesting, more?",
                "ngl i need more on this",
                "fr tho whats the rest",
                "ok bet, keep going",
            ),
            lower_names=True,
        ),
        Family(
            "academic",
            (
                "Could you elaborate further on the remaining aspects?",
                "What additional considerations are pertinent here?",
                "I would welcome any further elaboration you can offer.",
                "Are there other dimensions of the topic worth examining?",
                "Please expand on any points not yet addressed.",
            ),
        ),
        Family(
            "run-on",
            (
                "ok and then what else is there and can you keep going",
                "and then what and is there more about it",
                "and then tell me the next bit and anything else that matters",
                "so and then what else and what about the rest of it",
                "and then keep going and tell me more and stuff",
            ),
        ),
        Family(
            "third-person",
            (
                "My friend is still curious, what else could I tell her?",
                "My brother wants to hear more. Anything else?",
                "A classmate asked what else there is. Can you add more?",
                "My mum wants the rest of it too. What else is there?",
                "My colleague asked me for more detail on it. What else can you give me?",
            ),
        ),
        Family(
            "rhetorical",
            (
                "There's surely more, isn't there?",
                "That can't be all, can it?",
                "Isn't there a bit more you could add?",
                "Why stop there?",
                "Who'd stop at that? What else is there?",
            ),
        ),
        Family(
            "non-native",
            (
                "And what is there still more?",
                "Please tell me further about it.",
                "Which more things are to know?",
                "Can you tell still something over it?",
                "I would like to hear it further, please.",
            ),
        ),
    ),
)

# Put around a spliced return's question (which the source conversation wrote). A cue never
# names the page returned to, nor how far back it was.
FRESH2_RETURN_CUES = Kind(
    "return-cue",
    ("question",),
    (),
    (
        Family(
            "voice-assistant",
            (
                "Okay so um, back to the thing from before, {question}",
                "Um, okay, going back to that other thing, {question}",
                "Hey, uh, about that earlier thing, {question}",
                "Okay, um, return to the previous topic. {question}",
                "Uh, so, earlier topic, {question}",
            ),
        ),
        Family(
            "customer-service",
            (
                "Thank you! If I could return to my earlier question: {question}",
                "Thanks for that. I'd also like to follow up on what we discussed before: "
                "{question}",
                "Much appreciated. Going back to the earlier subject, {question}",
                "Hi again, just following up on the earlier topic: {question}",
                "Thanks. One more on the previous subject, if that's alright: {question}",
            ),
        ),
        Family(
            "fragment",
            (
                "Earlier thing: {question}",
                "Back there: {question}",
                "Previous topic. {question}",
                "Rewinding: {question}",
                "{question} Earlier one.",
            ),
        ),
        Family(
            "aussie",
            (
                "Righto, back to the earlier yarn: {question}",
                "Hang on, mate, going back to before: {question}",
                "Anyhoo, back to that other bit: {question}",
                "Cheers. Now, back to what we were on about: {question}",
                "Yeah, so, back to the earlier stuff, mate. {question}",
            ),
        ),
        Family(
            "teen-slang",
            (
                "ok but back to the other thing, {question}",
                "wait going back to before fr, {question}",
                "lowkey still thinking about the earlier thing, {question}",
                "ok rewind, {question}",
                "back to that other topic real quick, {question}",
            ),
            lower_names=True,
        ),
        Family(
            "academic",
            (
                "Returning to the subject discussed previously: {question}",
                "To revisit the earlier line of inquiry, {question}",
                "With reference to our prior discussion, {question}",
                "Reverting to an earlier point of discussion: {question}",
                "I should like to return to a matter raised earlier. {question}",
            ),
        ),
        Family(
            "run-on",
            (
                "ok and then going back to the earlier stuff {question}",
                "and then about the other thing from before {question}",
                "so and then back to what we talked about earlier {question}",
                "and then one more about the earlier topic {question}",
                "ok so and then the thing from before, {question}",
            ),
        ),
        Family(
            "third-person",
            (
                "My friend had a question about the earlier topic: {question}",
                "Back to before, my sister asked: {question}",
                "My colleague wants to know this about the earlier thing: {question}",
                "About the earlier subject, my dad is wondering: {question}",
                "Someone asked me about the thing we covered before: {question}",
            ),
        ),
        Family(
            "rhetorical",
            (
                "Remember the earlier topic? {question}",
                "Who says we can't go back? {question}",
                "Wasn't there something earlier I forgot to ask? {question}",
                "Why not go back to the earlier one? {question}",
                "Didn't we leave the earlier thing unfinished? {question}",
            ),
        ),
        Family(
            "non-native",
            (
                "I come back to the before topic: {question}",
                "Once more to the earlier theme: {question}",
                "Back to the former thing, please: {question}",
                "To the topic from earlier I have still a question. {question}",
                "Again to what we had before: {question}",
            ),
        ),
        Family(
            "bracketed",
            (
                "[back to earlier] {question}",
                "{question} [re: the earlier topic]",
                "[earlier thread] {question}",
                "{question} [going back to before]",
                "[returning to the previous subject] {question}",
            ),
        ),
    ),
)

# After a turn about a page with a one-number sibling: the user switches the number from {old}
# to {new}.
FRESH2_VALUE_REVISIONS = Kind(
    "value-revision",
    ("new",),
    ("old",),
    (
        Family(
            "voice-assistant",
            (
                "Okay so um, not {old}, {new}",
                "Um, no, I meant {new}",
                "Uh, hang on, change it to {new}",
                "Okay, um, the number should be {new}",
                "Hey, uh, make that {new} instead of {old}",
            ),
        ),
        Family(
            "customer-service",
            (
                "Thanks! Could I adjust that to {new}, please?",
                "Apologies, would you mind checking {new} rather than {old}?",
                "Thank you, and could you look at {new} instead?",
                "Sorry for the trouble, I meant {new}. Thanks so much!",
                "I appreciate it. Could we switch that to {new}, please?",
            ),
        ),
        Family(
            "fragment",
            (
                "{new}, actually.",
                "Try {new}.",
                "Now {new}.",
                "Or {new}?",
                "{new}, rather.",
            ),
        ),
        Family(
            "aussie",
            (
                "Ah, stuff it, I meant {new}, mate.",
                "Whoops, {new}, not {old}, cheers.",
                "Righto, let's try {new} instead.",
                "Yeah nah, {new} is the one, mate.",
                "Hang on, I was on about {new}.",
            ),
        ),
        Family(
            "teen-slang",
            (
                "wait no {new} not {old} lol",
                "ok actually {new} fr",
                "nvm, {new}",
                "ugh i meant {new}, my bad",
                "lowkey meant {new} tho",
            ),
            lower_names=True,
        ),
        Family(
            "academic",
            (
                "I should clarify that the intended figure is {new}, not {old}.",
                "Please substitute {new} for {old} in my question.",
                "To be precise, the relevant figure is {new}.",
                "Might you address {new} instead?",
                "The question properly concerns {new}.",
            ),
        ),
        Family(
            "run-on",
            (
                "oh and then I meant {new} not {old} sorry",
                "wait and then can you do {new} instead",
                "ok and then it should be {new} and not {old}",
                "and then I realised it's {new} actually",
                "so and then change it to {new} if that's ok",
            ),
        ),
        Family(
            "third-person",
            (
                "My friend says it's {new}, not {old}.",
                "My brother meant {new}, sorry.",
                "Actually my colleague needs it for {new}.",
                "My teacher said {new}, not {old}, my mistake.",
                "Oops, my sister was asking about {new}.",
            ),
        ),
        Family(
            "rhetorical",
            (
                "Why did I put {old}? It's {new}.",
                "What about {new} though, wouldn't that be the one?",
                "Isn't it {new} I wanted, not {old}?",
                "How about {new}, then?",
                "Who said {old}? I meant {new}.",
            ),
        ),
        Family(
            "colon-quoted",
            (
                "Number should be: '{new}'",
                "Correct figure: '{new}'",
                "Change to: '{new}'",
                "Not '{old}'. Meant: '{new}'",
                "Use this one instead: '{new}'",
            ),
        ),
        Family(
            "non-native",
            (
                "Excuse, not {old}, I mean the {new}.",
                "The number is false, it should be {new}.",
                "Please take {new} instead {old}.",
                "I have meant {new}, not {old}.",
                "Can you make it with {new}?",
            ),
        ),
    ),
)

FRESH2_KINDS = (
    FRESH2_SHARED_QUESTIONS,
    FRESH2_NAMED_QUESTIONS,
    FRESH2_CORRECTIONS,
    FRESH2_SELF_REPAIRS,
    FRESH2_FOLLOW_UPS,
    FRESH2_RETURN_CUES,
    FRESH2_VALUE_REVISIONS,
)
