"""A third held-out wording, for the `fresh3` build part: families no writer was tuned to.

Once the writers' authors had read the `fresh2` part, its families (`memcore.eval.
wording_fresh2`) were no longer unseen either, so this module was written after that, blind:
its author opened no writer's cue lists, spec pages, docs or tests and looked at no score on
any part. Only the earlier wording modules were read, to keep each kind's name, placeholders
and meaning and to repeat none of their phrasings or family names. The voices are new once
more: someone thumb-typing on a phone (slips written out by hand), a lawyer's precise register,
a small child, Indian-English and Scottish or Irish idiom, a gamer's jargon, the passive voice,
numbered lists, shouting in capitals, speech that breaks off at dashes, statements with a
question tag, flat disagreement, and quoting back what the system answered.

The rules are those of `memcore.eval.wording`: every slip is written out by hand and none
touches a placeholder, a `lower_names` family (typed all in lower case) lower-cases the names
filled in, and a `{request}` appears only in capitalised families.
"""

from __future__ import annotations

from memcore.eval.wording import Family, Kind

# The trouble source of a correction: a request that fits either of two topics. Names no page.
FRESH3_SHARED_QUESTIONS = Kind(
    "shared-question",
    (),
    (),
    (
        Family(
            "thumb-typed",
            (
                "cna u tell me more abt that",
                "whats teh rest of it, on my phone sry",
                "more info on thsi pls, quick",
                "explain that bit more?? typing on the bus",
                "ok wat else is ther to know abt it",
            ),
            lower_names=True,
        ),
        Family(
            "legalistic",
            (
                "Kindly furnish all further particulars concerning the foregoing.",
                "Please set out, in full, any additional material facts pertaining to the above.",
                "I request a complete statement of the relevant details, without omission.",
                "For the avoidance of doubt, please provide every further detail you hold on "
                "the matter.",
                "Would you enumerate the remaining pertinent facts regarding the same?",
            ),
        ),
        Family(
            "childlike",
            (
                "Can you tell me more about it please? I want to know everything.",
                "What else? Tell me more, pretty please!",
                "Why is it like that? Tell me more stuff about it.",
                "I like this. Can you tell me the next part?",
                "Ooh! Is there more about it? Tell me!",
            ),
        ),
        Family(
            "indian-english",
            (
                "Kindly do the needful and explain it in more detail.",
                "Please tell more details about the same.",
                "I am having one more doubt on this, can you explain further?",
                "Can you elaborate it little more, please?",
                "What are the other details regarding this only?",
            ),
        ),
        Family(
            "scots-irish",
            (
                "Ach, go on and tell us a wee bit more about it.",
                "Would you ever give me the rest of it, so?",
                "Tell us more about that, aye?",
                "Go on, give us the full story there, like.",
                "I'm only dying to hear more about it, go on.",
            ),
        ),
        Family(
            "gamer",
            (
                "Unlock the rest of the lore on that for me.",
                "Need the full patch notes on this one.",
                "Okay, next level: what else is there to it?",
                "Give me the min-max breakdown on it.",
                "Drop the full guide on that, GG.",
            ),
        ),
        Family(
            "passive-formal",
            (
                "Further information on this is requested.",
                "It would be appreciated if more detail could be provided on this.",
                "A fuller account of the matter is sought.",
                "Additional details on the subject are being requested.",
                "Could more of the background be supplied?",
            ),
        ),
        Family(
            "numbered-list",
            (
                "1) more detail on that 2) the main facts",
                "Two things: 1. more background, 2. anything else worth knowing",
                "1) Explain it further. 2) Anything I'm missing?",
                "Points I'd like: (a) more detail, (b) key facts",
                "1. keep going 2. the rest of the details please",
            ),
        ),
        Family(
            "all-caps",
            (
                "COME ON, TELL ME THE REST OF IT!",
                "I NEED MORE DETAIL ON THAT, PLEASE",
                "MORE ON THAT, NOW PLEASE!!",
                "EXPLAIN THAT PROPERLY, I WANT THE FULL PICTURE",
                "OK GIVE ME EVERYTHING ELSE YOU KNOW ABOUT IT",
            ),
        ),
        Family(
            "self-interrupting",
            (
                "Can you — actually — tell me more about it?",
                "What's the — I mean, what else is there to it?",
                "Tell me — no, explain it properly — in more detail.",
                "I want — could you go a bit deeper on that?",
                "So the — sorry — what are the key details?",
            ),
        ),
        Family(
            "tag-question",
            (
                "There's more to tell about it, isn't there?",
                "You can give me more detail on that, can't you?",
                "You'll explain it a bit further, won't you?",
                "It's got more to it than that, hasn't it?",
                "You know more about this, don't you? Go on.",
            ),
        ),
    ),
)

# The trouble source of a self-repair (and the turn a value revision revises): the same kind of
# request, naming the topic.
FRESH3_NAMED_QUESTIONS = Kind(
    "named-question",
    ("topic",),
    (),
    (
        Family(
            "thumb-typed",
            (
                "wat is {topic} exactly",
                "tell me abt {topic} pls, typing fast",
                "whats teh deal w {topic}",
                "cna u explain {topic}",
                "{topic} - wht do i need to kno",
            ),
            lower_names=True,
        ),
        Family(
            "legalistic",
            (
                "Please provide a complete and accurate description of {topic}.",
                "State, with particularity, what {topic} is.",
                "I hereby request information concerning {topic}.",
                "Set out the material facts regarding {topic}, if you would.",
                "For the record, what is {topic}?",
            ),
        ),
        Family(
            "childlike",
            (
                "What is {topic}? I don't know what that is.",
                "Can you tell me about {topic} like I'm little?",
                "Is {topic} a real thing? Tell me about it!",
                "I want to learn about {topic} today.",
                "What's {topic}? Is it cool?",
            ),
        ),
        Family(
            "indian-english",
            (
                "Kindly explain about {topic}.",
                "Please tell me regarding {topic}.",
                "What is {topic} exactly? Please revert.",
                "I want to know about {topic}, please do the needful.",
                "Can you give details of {topic} only?",
            ),
        ),
        Family(
            "scots-irish",
            (
                "What's the story with {topic}, so?",
                "Tell us about {topic}, aye?",
                "Would you ever explain {topic} to me?",
                "Go on, give us the craic on {topic}.",
                "I've a wee question about {topic}. What's it all about?",
            ),
        ),
        Family(
            "gamer",
            (
                "Quick lore check: what's {topic}?",
                "Spawning in with a question: what's {topic}?",
                "Need a guide on {topic}, speedrun version.",
                "What are the base stats on {topic}?",
                "New quest unlocked: explain {topic}.",
            ),
        ),
        Family(
            "passive-formal",
            (
                "Information is requested on {topic}.",
                "An explanation of {topic} is sought.",
                "It would be appreciated if {topic} could be described.",
                "A summary of {topic} is to be provided, please.",
                "Could an overview of {topic} be given?",
            ),
        ),
        Family(
            "numbered-list",
            (
                "1) What is {topic}? 2) Why does it matter?",
                "Questions: 1. {topic}, what is it 2. key facts",
                "(a) {topic}: overview (b) main points",
                "1) {topic} 2) an explanation, please",
                "Item one: {topic}. Please explain.",
            ),
        ),
        Family(
            "all-caps",
            (
                "WHAT IS {topic}??",
                "TELL ME ABOUT {topic} RIGHT NOW",
                "I HAVE TO LEARN ABOUT {topic} TODAY!!",
                "EXPLAIN {topic} TO ME, PLEASE!",
                "OK SO WHAT'S {topic} ALL ABOUT",
            ),
        ),
        Family(
            "self-interrupting",
            (
                "What's — hang on — what's {topic}?",
                "Can you tell me — about {topic}, I mean?",
                "I was wondering — {topic}, what is it?",
                "Tell me about — yes — {topic}.",
                "So {topic} — what's that, exactly?",
            ),
        ),
        Family(
            "tag-question",
            (
                "You know about {topic}, don't you? Tell me.",
                "{topic} is a big deal, isn't it? Why?",
                "You can explain {topic}, can't you?",
                "You'll tell me about {topic}, won't you?",
                "There's a lot to {topic}, isn't there? Go on.",
            ),
        ),
    ),
)

# After a shared question answered for the wrong page: the user rejects the answered topic and
# says which page was meant.
FRESH3_CORRECTIONS = Kind(
    "correction",
    ("target",),
    ("wrong", "request"),
    (
        Family(
            "thumb-typed",
            (
                "no thats {wrong}, i ment {target}",
                "nope wrong one, {target} pls",
                "ugh not {wrong}, {target}!! autocorrect maybe idk",
                "i was askin abt {target} not taht",
                "wrng topic, {target}",
            ),
            lower_names=True,
        ),
        Family(
            "legalistic",
            (
                "Your answer addresses {wrong}, which is not the subject of my request; the "
                "subject is {target}.",
                "I did not ask about {wrong}. The question concerns {target} and {target} alone.",
                "Let the record show my question related to {target}, not {wrong}.",
                "The foregoing response is non-responsive. I asked about {target}.",
                "To restate the question precisely and for the record: {request}",
            ),
        ),
        Family(
            "childlike",
            (
                "No, not that one! I meant {target}.",
                "That's the wrong one. I want {target}!",
                "Nooo, I wanted {target}, not {wrong}!",
                "Not {wrong}, silly. {target}!",
                "I asked about {target}, not that.",
            ),
        ),
        Family(
            "indian-english",
            (
                "No no, I am asking about {target} only, not {wrong}.",
                "This is regarding {wrong}; my query was regarding {target}.",
                "Kindly note, I meant {target} and not {wrong}.",
                "Actually I was asking for {target}, please tell about that.",
                "Sorry but this is not what I asked. Please explain {target}.",
            ),
        ),
        Family(
            "scots-irish",
            (
                "Ach no, that's {wrong}. I was after {target}.",
                "Not at all, I meant {target}, so.",
                "Ah here, that's the wrong one. {target}, I meant.",
                "Naw, it's {target} I was asking about.",
                "Sure that's {wrong}, I wanted {target}.",
            ),
        ),
        Family(
            "gamer",
            (
                "Wrong target locked, I meant {target}.",
                "Misclick on your side: {wrong} instead of {target}.",
                "That's the {wrong} questline. I'm on {target}.",
                "Respawn that answer for {target}, please.",
                "Nope, wrong map. {target}.",
            ),
        ),
        Family(
            "passive-formal",
            (
                "The question was intended to concern {target}, not {wrong}.",
                "{target} was meant, rather than {wrong}.",
                "The answer given relates to {wrong}; information on {target} was requested.",
                "It should be noted that {target} was the subject asked about.",
                "The query was meant to be taken as follows: {request}",
            ),
        ),
        Family(
            "numbered-list",
            (
                "1) not {wrong} 2) {target}",
                "1. that was {wrong} 2. I meant {target}",
                "(a) wrong topic (b) I meant {target}",
                "Two things: 1) that's not it 2) {target} is what I asked about",
                "1) ignore that answer 2) tell me about {target} instead",
            ),
        ),
        Family(
            "all-caps",
            (
                "HELLO?? I ASKED FOR {target}!",
                "STOP TALKING ABOUT {wrong}, I WANT {target}!!",
                "THAT'S THE WRONG TOPIC!!! {target}!",
                "THAT IS NOT WHAT I ASKED. {target}!",
                "THAT'S {wrong}! I WANT {target}!",
            ),
        ),
        Family(
            "self-interrupting",
            (
                "That's — no — I meant {target}.",
                "You're talking about {wrong} — no, wait — {target} is what I meant.",
                "Not — sorry — not that one, {target}.",
                "I was asking — {target}, I mean, not {wrong}.",
                "Hold on — that's {wrong} — I wanted {target}.",
            ),
        ),
        Family(
            "tag-question",
            (
                "That's {wrong}, isn't it? I meant {target}.",
                "You answered for {wrong}, didn't you? I wanted {target}.",
                "That one's {wrong}, right? No wait, I meant {target}.",
                "You thought I meant {wrong}, didn't you? It's {target}.",
                "That's not {target}, is it? {target} is what I asked about.",
            ),
        ),
        Family(
            "disagreeing",
            (
                "I don't think that's right — I was after {target}.",
                "I don't agree that I asked about {wrong}; I asked about {target}.",
                "That's not what I meant, I'm afraid. {target}.",
                "I disagree, that answer is about {wrong}. I meant {target}.",
                "Hmm, no, I don't think so. My question was about {target}.",
            ),
        ),
        Family(
            "quoting-system",
            (
                "You said this is about {wrong}, but I meant {target}.",
                "You wrote about {wrong}, but my question was {target}.",
                '"{wrong}", you say? I was asking about {target}.',
                "Your answer says {wrong}; I meant {target}.",
                "You went with {wrong} there, but it was {target} I wanted.",
            ),
        ),
    ),
)

# After a question that named the wrong page (the user's own slip): the user repairs it.
FRESH3_SELF_REPAIRS = Kind(
    "self-repair",
    ("target",),
    ("wrong", "request"),
    (
        Family(
            "thumb-typed",
            (
                "autocorrect changed it, i meant {target}",
                "sry typo, shld be {target}",
                "oops fat fingers, {target} not {wrong}",
                "argh phone put {wrong}, meant {target}",
                "my bad typed wrong, {target}",
            ),
            lower_names=True,
        ),
        Family(
            "legalistic",
            (
                "I hereby amend my question to replace {wrong} with {target}.",
                "Correction to my prior question: where it reads {wrong}, it should read {target}.",
                "My question contained an error. The intended subject is {target}.",
                "I withdraw the reference to {wrong} and substitute {target}.",
                "As amended, my question reads: {request}",
            ),
        ),
        Family(
            "childlike",
            (
                "Oops, I said the wrong one. I mean {target}!",
                "Uh oh, I got mixed up. {target}!",
                "I didn't mean {wrong}. I meant {target}.",
                "Silly me, it's {target}.",
                "Wait, I said it wrong. {target} is the one.",
            ),
        ),
        Family(
            "indian-english",
            (
                "Sorry, by mistake I wrote {wrong}, it is {target}.",
                "I typed wrongly, kindly read it as {target}.",
                "Small correction from my side: {target}, not {wrong}.",
                "Mistake from my end, I meant {target} only.",
                "Please consider {target} in place of {wrong}.",
            ),
        ),
        Family(
            "scots-irish",
            (
                "Ach, I've put {wrong}, I meant {target}.",
                "Ah sorry, my head's away. It's {target}.",
                "Och, wrong name there. {target}.",
                "God, I'm after typing {wrong}. {target}, I meant.",
                "Sorry, I'm all over the place, I meant {target}.",
            ),
        ),
        Family(
            "gamer",
            (
                "Misclick, meant {target}.",
                "Input lag on my end, that should be {target}.",
                "Oops, wrong item equipped: {target}, not {wrong}.",
                "Let me redo that input: {target}.",
                "My bad, that was a misinput. {target}.",
            ),
        ),
        Family(
            "passive-formal",
            (
                "The name {wrong} was entered in error; {target} was intended.",
                "{target} should have been written in the question.",
                "An error was made in the question: {target} was meant.",
                "The question is to be read as concerning {target}.",
                "My question should have been phrased thus: {request}",
            ),
        ),
        Family(
            "numbered-list",
            (
                "1) typo in my question 2) it should be {target}",
                "1. I wrote {wrong} 2. I meant {target}",
                "(a) my mistake (b) {target}, not {wrong}",
                "Fix: 1) drop {wrong} 2) use {target}",
                "1) sorry 2) {target} is what I meant to type",
            ),
        ),
        Family(
            "all-caps",
            (
                "SORRY, I MEANT {target}!",
                "UGH, TYPO. {target}!!",
                "NOT {wrong}, I MEANT TO TYPE {target}",
                "MY MISTAKE, IT'S {target}",
                "WRONG NAME, I MEANT {target}!",
            ),
        ),
        Family(
            "self-interrupting",
            (
                "I typed — ugh — {target}, I meant.",
                "That should say — sorry — {target}.",
                "I wrote {wrong} — no — {target}.",
                "Let me — wait — it's {target}, not {wrong}.",
                "Did I put — yes I did — I meant {target}.",
            ),
        ),
        Family(
            "tag-question",
            (
                "I wrote {wrong}, didn't I? I meant {target}.",
                "That says {wrong}, doesn't it? Should be {target}.",
                "I mixed them up, didn't I? It's {target}.",
                "I typed {wrong}, right? I meant {target}.",
                "That wasn't what I meant to type, was it? {target}.",
            ),
        ),
        Family(
            "quoting-system",
            (
                "You answered about {wrong} because I typed it, but I meant {target}.",
                "You took me at my word with {wrong}; I meant {target}.",
                "You read it as {wrong}, which is what I wrote, but I meant {target}.",
                "You went with what I typed, but {target} is the right one.",
                "Your answer follows my typo; the one I meant is {target}.",
            ),
        ),
    ),
)

# The final turn of the follow-up tier, after a correction and its answer. Names no page: the
# memory has to carry the corrected topic.
FRESH3_FOLLOW_UPS = Kind(
    "follow-up",
    (),
    (),
    (
        Family(
            "thumb-typed",
            (
                "ok ty, wat else",
                "cool n whats more abt it",
                "anythign else?? sry typing fast",
                "gr8, more pls",
                "ok go on, whats nxt",
            ),
            lower_names=True,
        ),
        Family(
            "legalistic",
            (
                "Please continue, setting out any remaining particulars.",
                "Are there any further material facts to be disclosed?",
                "Kindly supplement the foregoing with any additional relevant information.",
                "Is that the entirety of the relevant information, or is there more?",
                "Please state any further details not yet addressed.",
            ),
        ),
        Family(
            "childlike",
            (
                "Okay! What else?",
                "And then what? Tell me more!",
                "That's cool! Is there more?",
                "More please! I like this one.",
                "What else is there? Tell me another thing.",
            ),
        ),
        Family(
            "indian-english",
            (
                "Okay, and what are the other points also?",
                "Fine, please tell some more details.",
                "Good, what else is there regarding the same?",
                "Thank you, kindly share further information also.",
                "Understood. Any other points to be noted?",
            ),
        ),
        Family(
            "scots-irish",
            (
                "Grand, and what else?",
                "Lovely, tell us a wee bit more.",
                "Aye, go on then, what else is there?",
                "Brilliant, so. Anything more on it?",
                "Right you are, keep going there.",
            ),
        ),
        Family(
            "gamer",
            (
                "Nice, what's the next level?",
                "GG, keep the lore coming.",
                "Level up: what else is there?",
                "Continue the questline, what's next?",
                "Unlock more details, please.",
            ),
        ),
        Family(
            "passive-formal",
            (
                "Further details would be appreciated.",
                "Any remaining information is requested.",
                "Could more be said on this?",
                "Further points, if any, are requested.",
                "Is anything further to be added?",
            ),
        ),
        Family(
            "numbered-list",
            (
                "1) thanks 2) what else?",
                "1. got it 2. anything more?",
                "(a) good (b) what else should I know",
                "1) keep going 2) any other details",
                "Next: 1) more detail 2) anything I've missed",
            ),
        ),
        Family(
            "all-caps",
            (
                "OK, WHAT ELSE?",
                "YES!! MORE OF THAT PLEASE",
                "DON'T STOP NOW, KEEP IT COMING!!",
                "WHAT ELSE?? I NEED THE REST",
                "GREAT, TELL ME MORE!",
            ),
        ),
        Family(
            "self-interrupting",
            (
                "And — oh — what else?",
                "What's — sorry — what's next?",
                "Go on — yes — tell me more.",
                "Is there — hmm — anything more?",
                "Right — and the rest of it?",
            ),
        ),
        Family(
            "tag-question",
            (
                "You've got more on that, haven't you?",
                "That's not all, is it?",
                "You can keep going, can't you?",
                "There's a bit more, surely, isn't there?",
                "You'll tell me the rest, won't you?",
            ),
        ),
        Family(
            "disagreeing",
            (
                "I don't think that's the whole story. What else?",
                "I'm not convinced that's everything. Go on.",
                "I don't think you've covered it all. What's left?",
                "I'd disagree that's all there is. What else?",
                "I don't agree that's enough detail. More?",
            ),
        ),
    ),
)

# Put around a spliced return's question (which the source conversation wrote). A cue never
# names the page returned to, nor how far back it was.
FRESH3_RETURN_CUES = Kind(
    "return-cue",
    ("question",),
    (),
    (
        Family(
            "thumb-typed",
            (
                "ok bak to the earlier thing, {question}",
                "goin back to b4, {question}",
                "wait earlier topic agian: {question}",
                "re teh thing from before {question}",
                "sry one more on the old topic {question}",
            ),
            lower_names=True,
        ),
        Family(
            "legalistic",
            (
                "Reverting to the earlier matter: {question}",
                "With respect to the matter previously discussed, {question}",
                "Returning to the prior subject, and without prejudice to the above: {question}",
                "As regards the earlier subject of this conversation: {question}",
                "On the earlier matter, a further question: {question}",
            ),
        ),
        Family(
            "childlike",
            (
                "Can we go back to the other thing? {question}",
                "Ooh, the thing from before! {question}",
                "I want to ask about the old thing again. {question}",
                "Back to the other one please! {question}",
                "I remembered something about before. {question}",
            ),
        ),
        Family(
            "indian-english",
            (
                "Coming back to the previous topic only, {question}",
                "One more doubt regarding the earlier topic: {question}",
                "Regarding what we discussed before, {question}",
                "Going back to the earlier one, kindly tell: {question}",
                "Also on the previous matter, {question}",
            ),
        ),
        Family(
            "scots-irish",
            (
                "Ach, back to the other thing there: {question}",
                "Going back to before, so: {question}",
                "Here, about the earlier thing, {question}",
                "Sure while I think of it, back to before: {question}",
                "Och, one more on the earlier bit. {question}",
            ),
        ),
        Family(
            "gamer",
            (
                "Backtracking to the earlier checkpoint: {question}",
                "Reloading the previous save: {question}",
                "Fast travel back to the earlier area: {question}",
                "Revisiting an old zone: {question}",
                "Respawning at the earlier topic: {question}",
            ),
        ),
        Family(
            "passive-formal",
            (
                "A question is raised about the earlier topic: {question}",
                "The earlier subject is returned to here. {question}",
                "It is asked, regarding the earlier matter: {question}",
                "The following is asked about what was discussed before: {question}",
                "Attention is drawn back to the earlier subject. {question}",
            ),
        ),
        Family(
            "numbered-list",
            (
                "1) back to the earlier topic 2) {question}",
                "1. going back 2. {question}",
                "(a) earlier topic (b) {question}",
                "Next question, re point from before: 1) {question}",
                "1) returning to before: {question}",
            ),
        ),
        Family(
            "all-caps",
            (
                "HOLD ON, EARLIER STUFF AGAIN!! {question}",
                "WAIT, GOING BACK: {question}",
                "I STILL HAVE A QUESTION ON THE OLD ONE!! {question}",
                "OK BACK TO BEFORE. {question}",
                "ONE MORE ON THE OLD TOPIC: {question}",
            ),
        ),
        Family(
            "self-interrupting",
            (
                "Going back — sorry — to the earlier thing: {question}",
                "Oh — before I forget — the earlier topic: {question}",
                "Back to — yes, that one — {question}",
                "On the — the earlier thing, I mean — {question}",
                "Wait — back to before — {question}",
            ),
        ),
        Family(
            "tag-question",
            (
                "We talked about something else earlier, didn't we? {question}",
                "We can go back to before, can't we? {question}",
                "That earlier topic's still open, isn't it? {question}",
                "You remember the earlier one, don't you? {question}",
                "We didn't finish the earlier topic, did we? {question}",
            ),
        ),
        Family(
            "quoting-system",
            (
                "You mentioned something earlier I want to go back to. {question}",
                "Earlier you were telling me about something else. {question}",
                "You said something before that I want to follow up: {question}",
                "About what you told me before: {question}",
                "Going back to your earlier answer, {question}",
            ),
        ),
    ),
)

# After a turn about a page with a one-number sibling: the user switches the number from {old}
# to {new}.
FRESH3_VALUE_REVISIONS = Kind(
    "value-revision",
    ("new",),
    ("old",),
    (
        Family(
            "thumb-typed",
            (
                "sry meant {new}",
                "oops {new} not {old}, typo",
                "wait {new}!! phone changed it",
                "no shld be {new}",
                "ugh, {new} i mean",
            ),
            lower_names=True,
        ),
        Family(
            "legalistic",
            (
                "I amend the figure from {old} to {new}.",
                "Please substitute {new} wherever {old} appears in my question.",
                "The correct figure, for the record, is {new}.",
                "I withdraw {old} and substitute {new}.",
                "My question is to be read with {new} in place of {old}.",
            ),
        ),
        Family(
            "childlike",
            (
                "Oops, I mean {new}!",
                "No, {new}! Not {old}.",
                "I got the number wrong. It's {new}.",
                "Silly me, {new}.",
                "Can you do {new} instead? Please?",
            ),
        ),
        Family(
            "indian-english",
            (
                "Sorry, it is {new} only, not {old}.",
                "Kindly check for {new} instead.",
                "Small correction, please take it as {new}.",
                "Not {old}, I am asking for {new}.",
                "Please revise to {new} and tell.",
            ),
        ),
        Family(
            "scots-irish",
            (
                "Ach, I meant {new}, not {old}.",
                "Sorry, make that {new}, so.",
                "Och, it's {new} I'm after.",
                "Would you ever do {new} instead?",
                "Naw, {new}, I meant.",
            ),
        ),
        Family(
            "gamer",
            (
                "Patch that to {new}.",
                "Swap the loadout to {new}.",
                "Wrong version, I'm on {new}.",
                "Reroll with {new} instead of {old}.",
                "Switch to the {new} build.",
            ),
        ),
        Family(
            "passive-formal",
            (
                "The figure {new} was intended, not {old}.",
                "{new} should have been given.",
                "The question was meant to concern {new}.",
                "It is {new} that is being asked about.",
                "{old} was given in error; {new} is correct.",
            ),
        ),
        Family(
            "numbered-list",
            (
                "1) not {old} 2) {new}",
                "1. wrong number 2. {new}",
                "(a) drop {old} (b) use {new}",
                "1) sorry 2) it's {new}",
                "Change: 1) {old} out 2) {new} in",
            ),
        ),
        Family(
            "all-caps",
            (
                "NOOO, {new}!!! FORGET {old}!!!",
                "ARGH, THE NUMBER IS {new}!",
                "NO, {new}!",
                "WRONG NUMBER, {new}",
                "MAKE IT {new}!",
            ),
        ),
        Family(
            "self-interrupting",
            (
                "It's — no — {new}.",
                "I meant — sorry — {new}.",
                "The number's {old} — wait — {new}.",
                "Not — hang on — not {old}, {new}.",
                "Try — yes — {new}.",
            ),
        ),
        Family(
            "tag-question",
            (
                "It's {new}, isn't it, not {old}?",
                "I said {old}, didn't I? I meant {new}.",
                "That should be {new}, shouldn't it?",
                "{old}, right? No wait, {new}.",
                "You'll check {new} instead, won't you?",
            ),
        ),
        Family(
            "disagreeing",
            (
                "I don't think {old} is right, it's {new}.",
                "I don't think that's the number I wanted — {new}.",
                "No, I'd disagree, {new} is the one.",
                "I'm not sure {old} is what I meant. {new}.",
                "That's not right, I don't think. {new}.",
            ),
        ),
        Family(
            "quoting-system",
            (
                "You used {old}, but I meant {new}.",
                "You went with {old}; I wanted {new}.",
                "Your answer is for {old}, but it should be {new}.",
                "You said {old} but I'm after {new}.",
                '"{old}", you say? {new}, please.',
            ),
        ),
    ),
)

FRESH3_KINDS = (
    FRESH3_SHARED_QUESTIONS,
    FRESH3_NAMED_QUESTIONS,
    FRESH3_CORRECTIONS,
    FRESH3_SELF_REPAIRS,
    FRESH3_FOLLOW_UPS,
    FRESH3_RETURN_CUES,
    FRESH3_VALUE_REVISIONS,
)
