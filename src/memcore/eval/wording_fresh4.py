"""A fourth held-out wording, for the `fresh4` build part: families no writer was tuned to.

The `fresh3` part's families (`memcore.eval.wording_fresh3`) were no longer unseen once the
writers' authors had read that part, so this module was written after that, blind: its author
opened no writer's cue lists, spec pages, docs or tests and looked at no score on any part. Only
the earlier wording modules were read, to keep each kind's name, placeholders and meaning and to
repeat none of their phrasings or family names. The voices are new again: a support ticket's
fields, newspaper headlines, a teacher marking an answer, tentative hedging ("I might be
wrong"), a long aside before the point, British understatement, old-fashioned courtesy,
Southern US idiom, role-play stage directions between asterisks (typed all in lower case),
forum abbreviations spelt correctly, sarcasm, a learner's article and preposition slips, and
thanks before the correction.

The rules are those of `memcore.eval.wording`: every slip is written out by hand and none
touches a placeholder, a `lower_names` family (typed all in lower case) lower-cases the names
filled in, and a `{request}` appears only in capitalised families.
"""

from __future__ import annotations

from memcore.eval.wording import Family, Kind

# The trouble source of a correction: a request that fits either of two topics. Names no page.
FRESH4_SHARED_QUESTIONS = Kind(
    "shared-question",
    (),
    (),
    (
        Family(
            "ticket",
            (
                "Ticket update: requesting more detail on the item above.",
                "Support request: please expand on the previous answer. Priority: normal.",
                "Issue: answer too brief. Requested action: add more detail.",
                "Re: your last reply. Could you provide the full details, please?",
                "Case note: customer would like the rest of the information on this.",
            ),
        ),
        Family(
            "headline",
            (
                "More Details Wanted On This, User Says",
                "Reader Asks: What Else Is There To Know?",
                "Breaking: Curiosity Grows As Fuller Explanation Sought",
                "The Story So Far, And What Comes Next?",
                "Exclusive: The Rest Of The Facts, Please",
            ),
        ),
        Family(
            "teacherly",
            (
                "Good start. Now walk me through it in more depth.",
                "Let's build on that. What are the key points we haven't covered?",
                "Can you expand that answer? Show me the full picture.",
                "That's the outline; now give me the supporting detail.",
                "Right, and what else belongs in a complete answer here?",
            ),
        ),
        Family(
            "tentative",
            (
                "I might be wrong, but isn't there more to it than that?",
                "This may be a silly question, but could you go further into it?",
                "Perhaps I'm missing something; is there more detail you could give?",
                "I could be off base here, but I'd guess there's more to say about it?",
                "Not sure if this is the right thing to ask, but what else is there?",
            ),
        ),
        Family(
            "long-aside",
            (
                "I was reading about something like this on the train the other day and got "
                "distracted halfway through, so anyway, what else is there to it?",
                "My neighbour brought this up over the fence last week and I nodded along "
                "without really knowing, so: could you tell me more?",
                "This came up at dinner and nobody at the table knew much beyond the basics, "
                "which was a bit embarrassing, so what are the details?",
                "I had a whole list of questions and lost it somewhere between the kitchen and "
                "my desk, but the first one was: can you go deeper on this?",
                "Long story short, a friend mentioned it, I pretended to know, and now I'd like "
                "the proper explanation.",
            ),
        ),
        Family(
            "understatement",
            (
                "I wouldn't say no to a touch more detail on that.",
                "That was rather brief, if you don't mind my saying. Any more?",
                "I suspect there may be slightly more to it than that.",
                "A little more on it wouldn't go amiss.",
                "Not the fullest of accounts, perhaps. A bit more?",
            ),
        ),
        Family(
            "old-fashioned",
            (
                "Pray, tell me more of it.",
                "Would you be so kind as to acquaint me with the particulars?",
                "I should be much obliged for a fuller account of the matter.",
                "Do go on, I beg you; what more is there?",
                "Might I trouble you for the remainder of the tale?",
            ),
        ),
        Family(
            "southern-us",
            (
                "Well, I'll be. Y'all got any more on that?",
                "Bless your heart, could you tell me a whole lot more?",
                "I'm fixin' to learn more about this, so go on ahead.",
                "Reckon you could tell me a little more about it?",
                "Mind lettin' me in on the rest of it, darlin'?",
            ),
        ),
        Family(
            "stage-directions",
            (
                "*leans in* okay tell me more",
                "*grabs notebook* go on, what else",
                "*nods slowly* and the rest of it?",
                "*scoots closer* more details please",
                "*raises hand* can you explain that further",
            ),
            lower_names=True,
        ),
        Family(
            "forum-speak",
            (
                "FWIW the basics are clear, but can you go deeper? TIA.",
                "IIRC there's more to this. Details?",
                "The TL;DR was fine, now I'd like the long version.",
                "AFAIK that's only part of it. What else is there?",
                "Bumping this: any more info on it? Thanks in advance.",
            ),
        ),
        Family(
            "sarcastic",
            (
                "Wow, so detailed. Maybe a little more?",
                "Great, that cleared up absolutely everything. Go on, then, what else?",
                "Oh sure, that's all anyone would ever need to know. More, please.",
                "Riveting. Is there a part two?",
                "Thrilling summary. Now the actual details?",
            ),
        ),
        Family(
            "article-slips",
            (
                "Can you tell me more for this thing?",
                "Please give me the more details of it.",
                "I want to know the rest informations about it.",
                "Explain me it with more detail, please.",
                "What is other important thing on this?",
            ),
        ),
    ),
)

# The trouble source of a self-repair (and the turn a value revision revises): the same kind of
# request, naming the topic.
FRESH4_NAMED_QUESTIONS = Kind(
    "named-question",
    ("topic",),
    (),
    (
        Family(
            "ticket",
            (
                "Ticket: information request. Subject: {topic}.",
                "Support request re {topic}: please send an overview.",
                "New case, topic {topic}. Customer wants a summary.",
                "Request type: explanation. Item: {topic}. Priority: normal.",
                "Opening a ticket about {topic}. What can you tell me?",
            ),
        ),
        Family(
            "headline",
            (
                "{topic}: The Facts You Need To Know",
                "What Is {topic}? An Explainer",
                "Everything About {topic}, Explained",
                "{topic} Under The Spotlight: What's The Story?",
                "Inside {topic}: Key Details Revealed?",
            ),
        ),
        Family(
            "teacherly",
            (
                "Today's topic is {topic}. What do we know about it?",
                "Let's start with {topic}. Give me the main points.",
                "Tell me what you know about {topic}, in your own words.",
                "For the next part, explain {topic} to me.",
                "Can you describe {topic} as if presenting it to the class?",
            ),
        ),
        Family(
            "tentative",
            (
                "I might be wrong to ask here, but what is {topic}?",
                "This could be a basic question, but could you explain {topic}?",
                "Perhaps you know something about {topic}?",
                "I'm not certain this is the right place, but what about {topic}?",
                "Maybe you could tell me a little about {topic}, if that makes sense?",
            ),
        ),
        Family(
            "long-aside",
            (
                "I've been meaning to ask this since a documentary I half watched last month, "
                "and fell asleep during, so: what is {topic}?",
                "My brother and I argued about this on the way back from the shops and neither "
                "of us won, so tell me about {topic}.",
                "A crossword clue sent me down a rabbit hole, and at the bottom of it was "
                "{topic}. What is it?",
                "Somebody on the radio mentioned it this morning while I was burning the toast, "
                "so I'm curious about {topic}.",
                "After a very long week and a very short lunch break, I just want to know one "
                "thing: what's {topic} about?",
            ),
        ),
        Family(
            "understatement",
            (
                "I confess I'm a touch hazy on {topic}. Any pointers?",
                "I don't suppose you'd know a bit about {topic}?",
                "My knowledge of {topic} is somewhat limited, shall we say.",
                "I'd not be entirely displeased to hear about {topic}.",
                "{topic} is not my strongest subject. Could you help a little?",
            ),
        ),
        Family(
            "old-fashioned",
            (
                "Pray, what is {topic}?",
                "Would you kindly acquaint me with {topic}?",
                "I should be glad to learn something of {topic}.",
                "Do tell me of {topic}, if you would be so good.",
                "What manner of thing is {topic}?",
            ),
        ),
        Family(
            "southern-us",
            (
                "Y'all know anything about {topic}?",
                "Tell me 'bout {topic}, would ya?",
                "I've been wonderin' about {topic}. What's the story?",
                "Well now, what's {topic} all about?",
                "Fixin' to learn about {topic}. Where do I start?",
            ),
        ),
        Family(
            "stage-directions",
            (
                "*clears throat* so what's {topic}",
                "*opens laptop* tell me about {topic}",
                "*points at map* what is {topic}",
                "*sits down* okay, explain {topic}",
                "*flips page* next up, {topic}?",
            ),
            lower_names=True,
        ),
        Family(
            "forum-speak",
            (
                "Quick Q: what's {topic}? TIA.",
                "ELI5 {topic}, please.",
                "Anyone able to explain {topic}? FWIW I've searched already.",
                "AFAIK {topic} is a thing, but what exactly is it?",
                "New here. Can someone fill me in on {topic}? Cheers.",
            ),
        ),
        Family(
            "sarcastic",
            (
                "Go on, dazzle me with {topic}.",
                "I'm sure {topic} is fascinating. Prove it.",
                "Let me guess, {topic} is super simple? Explain it anyway.",
                "Oh, {topic}, everyone's favourite. What is it, then?",
                "Right, {topic}. Enlighten me.",
            ),
        ),
        Family(
            "article-slips",
            (
                "Can you tell me about the {topic}?",
                "Please explain me {topic}.",
                "I am interesting in {topic}, what is it?",
                "What you can say on {topic}?",
                "Give me informations about {topic}.",
            ),
        ),
    ),
)

# After a shared question answered for the wrong page: the user rejects the answered topic and
# says which page was meant.
FRESH4_CORRECTIONS = Kind(
    "correction",
    ("target",),
    ("wrong", "request"),
    (
        Family(
            "ticket",
            (
                "Ticket reopened: the answer covered {wrong}; the request was about {target}.",
                "Issue: wrong subject in reply. Expected: {target}. Received: {wrong}.",
                "Correction to case: the customer asked about {target}, not {wrong}.",
                "Escalating: reply addressed the wrong item. Please answer for {target}.",
                "Re-submitting the original request: {request}",
            ),
        ),
        Family(
            "headline",
            (
                "Wrong Topic! User Wanted {target}, Not {wrong}",
                "{target}, Not {wrong}: Mix-Up Clarified",
                "Answer Misses Mark; {target} Was The Subject",
                "Confusion Over {wrong} As User Clarifies: It Was {target}",
                "Correction: Question Was About {target}",
            ),
        ),
        Family(
            "teacherly",
            (
                "Not quite. You've answered about {wrong}; the question was about {target}.",
                "Read the question again: it's {target} we're discussing.",
                "Good effort, but that's {wrong}. Try again with {target}.",
                "Careful, you've mixed them up. {target} was what I asked about.",
                "Let's try that once more, properly this time: {request}",
            ),
        ),
        Family(
            "tentative",
            (
                "I might be wrong, but I think I was asking about {target}, not {wrong}?",
                "Sorry if I was unclear, but I believe I meant {target}.",
                "Perhaps I didn't say it well; I had {target} in mind.",
                "I could be mistaken, but isn't that {wrong}? I was after {target}.",
                "This may be my fault, but I was thinking of {target} rather than {wrong}.",
            ),
        ),
        Family(
            "long-aside",
            (
                "That's interesting in its own way, and I may come back to it someday when I've "
                "more time, but it's {wrong}, and what I wanted was {target}.",
                "I did enjoy reading that, and my cat seemed to like the sound of it too when I "
                "read it aloud, but I was actually asking about {target}.",
                "Funny, I had a teacher once who mixed these two up all the time, which drove "
                "us mad, but anyway, I meant {target}.",
                "Before I forget, and apologies for taking the long way round to say this, the "
                "one I had in mind was {target}, not {wrong}.",
                "Everything you wrote seems perfectly sensible for what it is, and I don't "
                "doubt a word of it, it just isn't {target}, which is what I wanted.",
            ),
        ),
        Family(
            "understatement",
            (
                "That's not quite the one I had in mind. I was rather hoping for {target}.",
                "I fear we may be slightly at cross purposes: {target}, not {wrong}.",
                "Lovely answer, only it's about {wrong}. I was after {target}, rather.",
                "Perhaps not entirely what I meant. {target} was more the idea.",
                "A small mix-up, I think. It was {target} I was asking after.",
            ),
        ),
        Family(
            "old-fashioned",
            (
                "Forgive me, but I enquired after {target}, not {wrong}.",
                "Alas, you speak of {wrong}; I meant {target}.",
                "Pray, not {wrong}. It is {target} I wished to learn of.",
                "I fear my meaning was mistaken; I spoke of {target}.",
                "Permit me to correct the matter. I asked after {target}.",
            ),
        ),
        Family(
            "southern-us",
            (
                "Well shoot, that's {wrong}. I meant {target}.",
                "Naw, honey, I was askin' about {target}.",
                "Hold your horses, that ain't it. {target}, I meant.",
                "Y'all got the wrong one there. I meant {target}, not {wrong}.",
                "That's {wrong}, bless it. I was fixin' to hear about {target}.",
            ),
        ),
        Family(
            "stage-directions",
            (
                "*shakes head* no, that's {wrong}, i meant {target}",
                "*facepalms* not that one, {target}",
                "*waves hands* wait wait, i was asking about {target}",
                "*sighs* {target}, not {wrong}",
                "*taps screen* the one i meant is {target}",
            ),
            lower_names=True,
        ),
        Family(
            "forum-speak",
            (
                "Not to nitpick, but that's {wrong}. OP here, I meant {target}.",
                "Edit to clarify: my question was about {target}, not {wrong}.",
                "FWIW I was asking about {target}. Wrong thread?",
                "IMO that answers a different question. I meant {target}.",
                "Clarifying the OP: {request}",
            ),
        ),
        Family(
            "sarcastic",
            (
                "Fascinating stuff about {wrong}. Too bad I asked about {target}.",
                "Oh brilliant, {wrong}. Exactly what I didn't ask for. {target}, please.",
                "Sure, let's talk about {wrong}, since {target} was clearly too obvious.",
                "Nice try. Now how about the one I actually meant, {target}?",
                "Wow, {wrong}. Bold choice. I meant {target}.",
            ),
        ),
        Family(
            "article-slips",
            (
                "No, this is about {wrong}, I was asking for the {target}.",
                "I did not ask on {wrong}, I mean {target}.",
                "Sorry, the question was for {target}, not for {wrong}.",
                "You answer about the wrong thing, I want know about {target}.",
                "Is not this one. I mean {target}.",
            ),
        ),
        Family(
            "thankful",
            (
                "Thanks for that, though I actually meant {target}.",
                "Appreciate the answer! It's about {wrong}, though, and I was after {target}.",
                "Thank you, that's helpful, but my question was about {target}.",
                "Cheers for this. Could you do the same for {target}, which is what I meant?",
                "Thanks! One thing: I had {target} in mind, not {wrong}.",
            ),
        ),
    ),
)

# After a question that named the wrong page (the user's own slip): the user repairs it.
FRESH4_SELF_REPAIRS = Kind(
    "self-repair",
    ("target",),
    ("wrong", "request"),
    (
        Family(
            "ticket",
            (
                "Amending my ticket: I entered {wrong} by mistake; it should be {target}.",
                "Correction to my request: the item should read {target}.",
                "User error on my side. Please replace {wrong} with {target}.",
                "Update to the case: wrong name submitted. Correct name: {target}.",
                "Resubmitting with the right name: {request}",
            ),
        ),
        Family(
            "headline",
            (
                "User Admits Typo: Meant {target}",
                "Slip Of The Keyboard: {wrong} Should Have Read {target}",
                "Wrong Name Typed, {target} Intended",
                "Embarrassing Mix-Up: It Was {target} All Along",
                "Update: Question Now Concerns {target}",
            ),
        ),
        Family(
            "teacherly",
            (
                "Let me correct my own mistake: I wrote {wrong}, but the right name is {target}.",
                "I should have checked my work. It's {target}.",
                "Small error on my part; read {target} where I wrote {wrong}.",
                "Let me rephrase that correctly: {request}",
                "I'd mark myself down for that one. {target}, not {wrong}.",
            ),
        ),
        Family(
            "tentative",
            (
                "I might have written that wrong. I think I meant {target}?",
                "Sorry, I may have typed the wrong name. It should probably be {target}.",
                "I'm not sure how, but I think I put {wrong} when I meant {target}.",
                "Perhaps I misspoke; {target} is probably what I was after.",
                "If I'm reading my own question right, I got the name wrong. {target}.",
            ),
        ),
        Family(
            "long-aside",
            (
                "I've been juggling four tabs and a cup of tea that's gone cold, which is "
                "probably why I typed {wrong} when I meant {target}.",
                "My eyes have been bad since I lost my glasses down the back of the sofa, so "
                "apologies, the name should be {target}.",
                "I was thinking about two things at once, as usual, and one of them leaked into "
                "my question: it should say {target}.",
                "In my defence it's been a long day and the names are similar in my head, but I "
                "meant {target}, not {wrong}.",
                "Someone was talking to me while I typed, and I don't multitask well, so just "
                "to fix it: {target}.",
            ),
        ),
        Family(
            "understatement",
            (
                "I seem to have put the wrong name in, rather. {target}.",
                "Not my finest typing, I'm afraid. It should be {target}.",
                "A slight slip on my part: {target}, not {wrong}.",
                "I may have been a touch careless there. I meant {target}.",
                "That wasn't quite the name I intended. {target}, if you would.",
            ),
        ),
        Family(
            "old-fashioned",
            (
                "Forgive my error; I wrote {wrong} where I meant {target}.",
                "Pray pardon the slip of my pen. It ought to be {target}.",
                "I misnamed the subject, I confess. It is {target}.",
                "Alas, my hand betrayed me: {target}, not {wrong}.",
                "Allow me to amend my enquiry thus: {request}",
            ),
        ),
        Family(
            "southern-us",
            (
                "Well shoot, I typed {wrong}. Meant {target}.",
                "Lord have mercy, wrong name. It's {target}.",
                "Scratch that, I meant {target}, y'all.",
                "My fingers got ahead of me. {target}, not {wrong}.",
                "Reckon I wrote that wrong. Should be {target}.",
            ),
        ),
        Family(
            "stage-directions",
            (
                "*squints at screen* oops, i meant {target}",
                "*deletes furiously* {target}, not {wrong}",
                "*blushes* wrong name, it's {target}",
                "*rereads question* ugh, should say {target}",
                "*hides face* i typed {wrong}, meant {target}",
            ),
            lower_names=True,
        ),
        Family(
            "forum-speak",
            (
                "Edit: typo in my post, should be {target}.",
                "Mods pls fix, I wrote {wrong} instead of {target}.",
                "Oops, brain fart. Meant {target}.",
                "PSA: my question has a typo, it's {target} not {wrong}.",
                "Edited for clarity: {request}",
            ),
        ),
        Family(
            "sarcastic",
            (
                "Great job, me. Typed {wrong} when I meant {target}.",
                "Oh wonderful, I can't even get my own question right. {target}.",
                "Nailed it. Wrong name. It's {target}.",
                "Typing is hard, apparently. {target}, not {wrong}.",
                "Brilliant work on my part: I meant {target}.",
            ),
        ),
        Family(
            "article-slips",
            (
                "Sorry, I write the wrong name, is {target}.",
                "I make mistake in question, I mean the {target}.",
                "Please read {target} in place of the {wrong}.",
                "By error I put {wrong}, correct one is {target}.",
                "Wrong name from me, I was asking on {target}.",
            ),
        ),
        Family(
            "thankful",
            (
                "Thanks for answering, but I typed the wrong name; I meant {target}.",
                "Appreciate it, though that's my mistake: {target}, not {wrong}.",
                "Thank you! Sorry, I should have written {target}.",
                "Cheers, but my question had a typo. It's {target}.",
                "Thanks, and apologies: the name should be {target}.",
            ),
        ),
    ),
)

# The final turn of the follow-up tier, after a correction and its answer. Names no page: the
# memory has to carry the corrected topic.
FRESH4_FOLLOW_UPS = Kind(
    "follow-up",
    (),
    (),
    (
        Family(
            "ticket",
            (
                "Follow-up on this ticket: is there any further information?",
                "Status update requested: anything more to add?",
                "Ticket still open. Please share any remaining details.",
                "Additional question on the same case: what else should I know?",
                "Before closing this ticket, are there more details?",
            ),
        ),
        Family(
            "headline",
            (
                "More To The Story? User Wants Details",
                "What Happens Next: Further Facts Sought",
                "Part Two: The Rest Of The Details",
                "Follow-Up: Is There More?",
                "Still Curious: Further Information Requested",
            ),
        ),
        Family(
            "teacherly",
            (
                "Good. Now, what else should a complete answer include?",
                "Well done. Can you add one more point?",
                "Excellent. Let's go a step further: what else?",
                "That's correct so far. Keep going.",
                "Nice work. What would you add to that?",
            ),
        ),
        Family(
            "tentative",
            (
                "I might be pushing my luck, but is there more?",
                "Sorry to keep asking, but could there be anything else?",
                "Perhaps there's a bit more you could add?",
                "I'm not sure if there's more, but if so, I'd like to hear it.",
                "This may be all there is, but is anything else worth knowing?",
            ),
        ),
        Family(
            "long-aside",
            (
                "That was genuinely useful, and I've already told my partner half of it over "
                "the washing-up, so what else is there?",
                "I've written some of that down on the back of an envelope, which is how I take "
                "notes apparently, so, anything more?",
                "Now that my tea has finally brewed and I can concentrate properly, could you "
                "tell me a little more?",
                "I had a feeling there'd be more to this than I thought, and I'm rarely right "
                "about these things, so go on, what else?",
                "Given that I have exactly ten minutes before my next meeting and nothing better "
                "to do, what else can you tell me?",
            ),
        ),
        Family(
            "understatement",
            (
                "That was moderately illuminating. Any more?",
                "Not bad at all. I wouldn't object to a little more.",
                "Quite useful, that. Is there a touch more?",
                "I could probably stand to hear a bit more.",
                "Reasonably helpful, I'd say. Anything further?",
            ),
        ),
        Family(
            "old-fashioned",
            (
                "Capital! Pray continue.",
                "Most edifying. Is there more?",
                "Splendid; do tell me further.",
                "I am obliged. What more can be said?",
                "How very interesting. Pray, what else?",
            ),
        ),
        Family(
            "southern-us",
            (
                "Well ain't that something. What else?",
                "Keep it comin', what more you got?",
                "Mighty fine. Anything else on it?",
                "Go on ahead, I'm listenin'.",
                "That's a heap of good stuff. Got more?",
            ),
        ),
        Family(
            "stage-directions",
            (
                "*takes notes* and what else",
                "*nods* keep going",
                "*eyes widen* there's more, right?",
                "*turns page* what's next",
                "*sips coffee* go on",
            ),
            lower_names=True,
        ),
        Family(
            "forum-speak",
            (
                "Thanks, upvoted. Any more info?",
                "Great answer TBH. Anything else?",
                "Saving this thread. What else should I know?",
                "IMO that's helpful, but is there more?",
                "Following. Any further details?",
            ),
        ),
        Family(
            "sarcastic",
            (
                "Wow, that's all? Surely there's more.",
                "Oh, don't stop now, it was just getting exciting.",
                "Gripping. What else have you got?",
                "Such suspense. Part two, please?",
                "Amazing, a whole paragraph. Anything more?",
            ),
        ),
        Family(
            "article-slips",
            (
                "Okay, and what is the other things about it?",
                "Thanks, give me more of information.",
                "Good, what else I should to know?",
                "Please continue with more the details.",
                "And which other facts are there on it?",
            ),
        ),
    ),
)

# Put around a spliced return's question (which the source conversation wrote). A cue never
# names the page returned to, nor how far back it was.
FRESH4_RETURN_CUES = Kind(
    "return-cue",
    ("question",),
    (),
    (
        Family(
            "ticket",
            (
                "Reopening an earlier ticket: {question}",
                "Related to a previous case: {question}",
                "Linking back to the earlier request: {question}",
                "Additional query on an older ticket. {question}",
                "Ticket reference: earlier topic. Question: {question}",
            ),
        ),
        Family(
            "headline",
            (
                "Back To The Earlier Story: {question}",
                "Return Of An Old Topic: {question}",
                "Revisited Topic Raises New Question. {question}",
                "Earlier Topic Resurfaces. {question}",
                "Flashback Edition: {question}",
            ),
        ),
        Family(
            "teacherly",
            (
                "Let's go back to what we covered earlier. {question}",
                "Before we finish, a review question on the earlier material: {question}",
                "Recall the earlier topic for a moment. {question}",
                "Revisiting an earlier lesson: {question}",
                "Think back to what we discussed before: {question}",
            ),
        ),
        Family(
            "tentative",
            (
                "I might be jumping around, but about the earlier thing: {question}",
                "Sorry if this is out of order, but going back: {question}",
                "Perhaps it's too late to ask, but on the earlier topic, {question}",
                "I'm not sure I should go back to this, but {question}",
                "This may be a step backwards, but {question}",
            ),
        ),
        Family(
            "long-aside",
            (
                "Something from earlier has been nagging at me the whole time, like a song "
                "stuck in my head, so: {question}",
                "I was about to let it go, then remembered I'd promised myself I'd ask properly "
                "this time, so back to the earlier thing: {question}",
                "While I was making a sandwich the earlier topic came back to me, and I "
                "wondered: {question}",
                "I know we've moved on, and I appreciate your patience with my wandering mind, "
                "but {question}",
                "It's a jump back, the sort I'm known for in meetings, but {question}",
            ),
        ),
        Family(
            "understatement",
            (
                "If it's not too much bother, a small return to the earlier topic: {question}",
                "I'd rather like to go back a bit, if I may. {question}",
                "Slightly unfinished business from earlier, I think. {question}",
                "Perhaps one tiny detour back to before: {question}",
                "I'm not entirely done with the earlier matter. {question}",
            ),
        ),
        Family(
            "old-fashioned",
            (
                "Pray permit me to return to the earlier matter: {question}",
                "To revisit what we spoke of before, {question}",
                "If I may revert to our former subject, {question}",
                "Returning, with your leave, to the previous matter: {question}",
                "On the subject we discussed aforetime, {question}",
            ),
        ),
        Family(
            "southern-us",
            (
                "Hold on now, back to that other thing: {question}",
                "Before I forget, y'all, about earlier: {question}",
                "Circlin' back to before, {question}",
                "Now about that earlier business, {question}",
                "Reckon I'll ask one more on the old topic: {question}",
            ),
        ),
        Family(
            "stage-directions",
            (
                "*flips back through notes* {question}",
                "*scrolls up* wait, {question}",
                "*remembers something* oh, the earlier thing: {question}",
                "*rewinds* back to before, {question}",
                "*raises hand again* about earlier, {question}",
            ),
            lower_names=True,
        ),
        Family(
            "forum-speak",
            (
                "Necroing the earlier topic: {question}",
                "Going back to an earlier post: {question}",
                "Slightly OT now, but re the earlier topic: {question}",
                "Back on topic (the earlier one): {question}",
                "Quick follow-up to the earlier discussion. {question}",
            ),
        ),
        Family(
            "sarcastic",
            (
                "Oh, remember that earlier topic? I do. {question}",
                "Sure, let's totally forget the earlier thing. Or not: {question}",
                "Plot twist: back to the earlier thing. {question}",
                "Because I clearly can't let things go: {question}",
                "Surprise, I'm not done with the earlier topic. {question}",
            ),
        ),
        Family(
            "article-slips",
            (
                "Going back on the earlier topic, {question}",
                "I return to the before thing: {question}",
                "Is one more question for the previous subject: {question}",
                "About the thing from the before, {question}",
                "Again to earlier topic, {question}",
            ),
        ),
        Family(
            "thankful",
            (
                "Thanks for all that. Now, back to the earlier topic: {question}",
                "Appreciate it! One more on the earlier subject: {question}",
                "Thank you, and going back to before: {question}",
                "Cheers. Returning to the earlier thing, {question}",
                "Thanks, that helps. About the earlier topic though, {question}",
            ),
        ),
    ),
)

# After a turn about a page with a one-number sibling: the user switches the number from {old}
# to {new}.
FRESH4_VALUE_REVISIONS = Kind(
    "value-revision",
    ("new",),
    ("old",),
    (
        Family(
            "ticket",
            (
                "Ticket amendment: value {old} should be {new}.",
                "Correction to my request: please use {new}.",
                "Update: wrong figure submitted ({old}). Correct figure: {new}.",
                "Please reprocess the request with {new} instead.",
                "Field correction: {new}, replacing {old}.",
            ),
        ),
        Family(
            "headline",
            (
                "It's {new}, Not {old}: User Corrects Figure",
                "Number Switch: {new} Replaces {old}",
                "Update: Question Now About {new}",
                "Wrong Number? User Meant {new}",
                "Correction Issued: Make It {new}",
            ),
        ),
        Family(
            "teacherly",
            (
                "Check the number again: it should be {new}.",
                "Let's correct that value. Use {new}, not {old}.",
                "Almost right, but the figure we want is {new}.",
                "Careful with the numbers; I meant {new}.",
                "Redo it with {new} in place of {old}, please.",
            ),
        ),
        Family(
            "tentative",
            (
                "I might have the number wrong. Could it be {new}?",
                "Sorry, I think I meant {new}, if that's not confusing.",
                "Perhaps {new} would be the right one, rather than {old}?",
                "I may have mixed up the numbers. {new}, I believe.",
                "If I'm not mistaken, it should have been {new}.",
            ),
        ),
        Family(
            "long-aside",
            (
                "I wrote that from memory, which is never a good idea with numbers as my bank "
                "will tell you, so: {new}, not {old}.",
                "I was looking at the wrong line of my notes, the ones with coffee spilled on "
                "them, and the number I meant is {new}.",
                "My calendar, my calculator and my brain all disagree today, but after checking "
                "twice it's {new}.",
                "Before you go any further down that road, and sorry for only noticing now, I "
                "meant {new}.",
                "There was a number on the whiteboard behind me and I think I copied that by "
                "accident; the right one is {new}.",
            ),
        ),
        Family(
            "understatement",
            (
                "I may have been slightly off with the number. {new}, rather.",
                "Not quite the figure I intended. {new}, I think.",
                "A minor numerical hiccup: {new}, not {old}.",
                "I rather think {new} was what I meant.",
                "That number was a tad wrong. Perhaps {new}?",
            ),
        ),
        Family(
            "old-fashioned",
            (
                "Pray pardon me, I meant {new}.",
                "Forgive my error: the figure is {new}, not {old}.",
                "Alas, I misstated it. It ought to be {new}.",
                "I beg your pardon; {new} was my meaning.",
                "Permit me to amend the figure to {new}.",
            ),
        ),
        Family(
            "southern-us",
            (
                "Well shoot, I meant {new}.",
                "Hold up, that's {old}. I meant {new}, y'all.",
                "Naw, it oughta be {new}.",
                "My mistake, darlin', {new}.",
                "Reckon I meant {new} all along.",
            ),
        ),
        Family(
            "stage-directions",
            (
                "*checks notes* oh, {new} not {old}",
                "*winces* sorry, {new}",
                "*crosses out {old}* {new}",
                "*double-checks* it's {new}",
                "*scribbles* make that {new}",
            ),
            lower_names=True,
        ),
        Family(
            "forum-speak",
            (
                "Edit: number should be {new}, not {old}.",
                "Typo in my OP, meant {new}.",
                "Correction for anyone reading: {new}.",
                "Oops, {new}. Mods, ignore the {old}.",
                "FWIW the right number is {new}.",
            ),
        ),
        Family(
            "sarcastic",
            (
                "Wow, I can't even get a number right. {new}.",
                "Great, I typed {old}. Obviously I meant {new}.",
                "Numbers, my great strength. It's {new}.",
                "Sure, {old}, why not. Except I meant {new}.",
                "Brilliant, wrong number. {new}, please.",
            ),
        ),
        Family(
            "article-slips",
            (
                "Sorry, I mean the {new}, not the {old}.",
                "Please make it for {new} instead.",
                "The number is wrong, correct is {new}.",
                "I wanted to ask on {new}, not {old}.",
                "Change in {new}, please.",
            ),
        ),
        Family(
            "thankful",
            (
                "Thanks, but I meant {new}.",
                "Appreciate that! Could you redo it for {new}, though?",
                "Thank you, though the number should be {new}, not {old}.",
                "Cheers, but I got the number wrong: {new}.",
                "Thanks a lot. Actually, {new} is the one I meant.",
            ),
        ),
    ),
)

FRESH4_KINDS = (
    FRESH4_SHARED_QUESTIONS,
    FRESH4_NAMED_QUESTIONS,
    FRESH4_CORRECTIONS,
    FRESH4_SELF_REPAIRS,
    FRESH4_FOLLOW_UPS,
    FRESH4_RETURN_CUES,
    FRESH4_VALUE_REVISIONS,
)
