"""A fifth held-out wording, for the `fresh5` build part: families no writer was tuned to.

The `fresh4` part's families (`memcore.eval.wording_fresh4`) were no longer unseen once that part
had been read, so this module was written after that, blind: its author opened no writer's cue
lists, spec pages, writer docs or writer tests and looked at no score on any part. Only the
earlier wording modules were read, to keep each kind's name, placeholders and meaning and to
repeat none of their phrasings or family names. The voices are new again: a pilot's radio
register ("correction, correction", "over"), a chef calling orders, a sports commentator, a
detective's reasoning, a poet's inversions, a bored one-word typist (all in lower case), a
software bug report ("expected X, got Y"), a chat trailing off in ellipses, a pedant's precision,
a disclaimer's small print, a rambling grandparent, a translator's bracketed notes and a
sailor's orders.

The rules are those of `memcore.eval.wording`: every phrasing is written out by hand and no slip
touches a placeholder, a `lower_names` family (typed all in lower case) lower-cases the names
filled in, and a `{request}` appears only in capitalised families.
"""

from __future__ import annotations

from memcore.eval.wording import Family, Kind

# The trouble source of a correction: a request that fits either of two topics. Names no page.
FRESH5_SHARED_QUESTIONS = Kind(
    "shared-question",
    (),
    (),
    (
        Family(
            "radio",
            (
                "Copy the last. Request further details on that, over.",
                "Roger, received. Send the rest of the information, over.",
                "Say again with more detail on that subject, over.",
                "Affirm, understood so far. Need the full picture on it, how copy?",
                "Request amplification on last transmission, over.",
            ),
        ),
        Family(
            "chef",
            (
                "That's just the starter. Bring me the main course on this one.",
                "Needs more seasoning. What else goes into it?",
                "Give me the full recipe on that, not just the garnish.",
                "Taste test says thin. Can you add more substance to it?",
                "Back in the oven with that, please; I'd like it fully cooked. What else is there?",
            ),
        ),
        Family(
            "commentator",
            (
                "And the answer's in, but the crowd wants more! What else have we got on this?",
                "A solid opening there, folks, but can it go the distance? Tell me more.",
                "What a start! Now let's see the replay in detail.",
                "And we're only at half-time on this one. What comes next?",
                "The fans are on their feet asking for the rest of the story!",
            ),
        ),
        Family(
            "detective",
            (
                "The facts so far are suggestive, but incomplete. What else do we know?",
                "A promising lead. Let us follow it further: what more is there?",
                "Every detail matters here. Leave nothing out, and tell me the rest.",
                "Interesting. And what does the rest of the evidence say about it?",
                "Something's missing from that account. Fill in the gaps for me.",
            ),
        ),
        Family(
            "poetic",
            (
                "Of this, tell me more, I pray.",
                "More of it, I would hear.",
                "Deeper still, let the telling go.",
                "What more lies hidden there, unsaid?",
                "Unfold the rest of it, slowly, line by line.",
            ),
        ),
        Family(
            "bored",
            (
                "more. i guess.",
                "ok. and. what else.",
                "fine. details. whatever.",
                "meh. keep going i suppose.",
                "sure. more of that. or whatever.",
            ),
            lower_names=True,
        ),
        Family(
            "bug-report",
            (
                "Expected: a full explanation. Actual: a short summary. Please expand.",
                "Bug: answer truncated. Steps to reproduce: ask about this. Please send the rest.",
                "Observed: only the basics. Expected: the details. Could you fix that?",
                "Defect: previous response lacks depth. Desired behaviour: more information on it.",
                "Severity: minor. Summary: need more detail on this. Expected: the complete "
                "picture.",
            ),
        ),
        Family(
            "ellipses",
            (
                "Hmm... and... what else is there...?",
                "So... more on that...?",
                "Okay... but... could you go on...?",
                "Right... I'd like to hear... the rest of it...",
                "And then...? Tell me more...",
            ),
        ),
        Family(
            "pedantic",
            (
                "Strictly speaking, that was a summary, not an explanation. May I have the "
                "explanation?",
                "To be precise: I would like every further detail, not merely the main one.",
                "Technically that answered half of it. What's the other half?",
                "Accurately put, you gave the headline and I asked, in effect, for the article. "
                "More, please.",
                "For precision's sake, could you state the remaining facts about it?",
            ),
        ),
        Family(
            "small-print",
            (
                "Please provide further details. This request is made in good faith and without "
                "obligation.",
                "More information is requested. Terms and conditions may apply.",
                "Subject to availability, please send the remaining details on this.",
                "Disclaimer: the user reserves the right to ask for more detail, and now does.",
                "Nothing in the previous answer shall be deemed complete. Please elaborate.",
            ),
        ),
        Family(
            "grandparent",
            (
                "Oh, that's lovely, dear. Now tell your old gran a bit more about it.",
                "In my day we'd have had the whole story. Go on, what else?",
                "My eyes aren't what they were, but I'd like to hear the rest of it, love.",
                "Goodness me. And what else is there to it, sweetheart?",
                "That reminds me of something my father used to say... anyway, tell me more, dear.",
            ),
        ),
        Family(
            "translator-note",
            (
                "Could you explain further? [Translator's note: the speaker asks for more detail.]",
                "(T.N.: literally 'open it more') Please tell me more about it.",
                "More, please. [Note from the translator: the user wants the full account.]",
                "Translator's note: the original asks for the remaining details. Please give them.",
                "Say more about this one. (Tr.: the phrase implies 'in depth'.)",
            ),
        ),
    ),
)

# The trouble source of a self-repair (and the turn a value revision revises): a request naming
# the topic.
FRESH5_NAMED_QUESTIONS = Kind(
    "named-question",
    ("topic",),
    (),
    (
        Family(
            "radio",
            (
                "Request information on {topic}, over.",
                "Tower, this is the user. Send details on {topic}, over.",
                "Next item: {topic}. How copy? Send the facts, over.",
                "Roger. New request: {topic}, full briefing, over.",
                "Standby for new subject... {topic}. Go ahead with the details, over.",
            ),
        ),
        Family(
            "chef",
            (
                "Next order up: {topic}. What's in it?",
                "Fire one {topic}, full recipe please.",
                "On the menu today: {topic}. Walk me through it.",
                "Let's prep {topic}. What are the main ingredients there?",
                "Yes chef. Tell me everything about {topic}.",
            ),
        ),
        Family(
            "commentator",
            (
                "And now, stepping up to the plate: {topic}! What can you tell us?",
                "Here comes {topic}, folks. Give us the background!",
                "Next on the field is {topic}. What's the story there?",
                "Big moment now with {topic} taking centre stage. What do we know?",
                "The spotlight turns to {topic}! Talk me through it.",
            ),
        ),
        Family(
            "detective",
            (
                "The next case concerns {topic}. What are the facts?",
                "Let us examine {topic} closely. What do we know for certain?",
                "I have a hunch about {topic}. Lay out the evidence.",
                "Everything leads back to {topic}. Tell me what you've found.",
                "The file on {topic}, please. Start from the beginning.",
            ),
        ),
        Family(
            "poetic",
            (
                "Of {topic}, sing to me.",
                "{topic}, whose story I would know: tell it.",
                "Tell me, what is {topic}, and whence?",
                "Upon {topic} now my wondering turns. Speak of it.",
                "Of {topic} I know but little; more I would learn.",
            ),
        ),
        Family(
            "bored",
            (
                "{topic}. i guess.",
                "ugh. {topic}. go.",
                "next. {topic}. whatever.",
                "{topic} i suppose. details.",
                "fine. tell me about {topic} or whatever.",
            ),
            lower_names=True,
        ),
        Family(
            "bug-report",
            (
                "Feature request: information about {topic}.",
                "Input: {topic}. Expected output: an explanation of it.",
                "Test case: describe {topic}. Expected: the key facts.",
                "Query: {topic}. Expected: an overview.",
                "New item: {topic}. Please return the details.",
            ),
        ),
        Family(
            "ellipses",
            (
                "So... {topic}... what's that about...?",
                "And... {topic}...? Tell me...",
                "Hmm... what about {topic}...?",
                "Okay... {topic} next... what should I know...?",
                "I was wondering... about {topic}... any details...?",
            ),
        ),
        Family(
            "pedantic",
            (
                "Precisely what is {topic}? I want the exact facts.",
                "Strictly speaking, what do we know about {topic}?",
                "Define {topic} for me, accurately and in full.",
                "I'd like the precise facts of {topic}, please, nothing approximate.",
                "To be exact, my question is this: what is known about {topic}?",
            ),
        ),
        Family(
            "small-print",
            (
                "Request for information regarding {topic}. No warranty implied.",
                "Please describe {topic}. This request does not constitute an endorsement.",
                "Subject to the usual terms: what can you say about {topic}?",
                "For information purposes only: tell me about {topic}.",
                "Without prejudice, I'd like the details on {topic}.",
            ),
        ),
        Family(
            "grandparent",
            (
                "Now, dear, what's all this about {topic}?",
                "My grandson keeps going on about {topic}. What is it, love?",
                "Tell your old grandad about {topic}, would you, dear?",
                "In my day nobody talked about {topic}. What's it all about, sweetheart?",
                "Oh, {topic}, I've heard of that. Remind me what it is, dear?",
            ),
        ),
        Family(
            "translator-note",
            (
                "Tell me about {topic}. [Translator's note: the speaker wants an overview.]",
                "What is {topic}? (T.N.: asked with curiosity.)",
                "[Note from the translator: the next question concerns {topic}.] Please explain "
                "it.",
                "Please explain {topic}. (Tr.: literally 'open up' the subject.)",
                "Translator's note: the user asks for the main facts on {topic}.",
            ),
        ),
    ),
)

# After a shared question answered for the wrong page: the user says which page was meant.
FRESH5_CORRECTIONS = Kind(
    "correction",
    ("target",),
    ("wrong", "request"),
    (
        Family(
            "radio",
            (
                "Negative, negative. I asked about {target}, not {wrong}, over.",
                "Correction, correction: subject is {target}. Say again, over.",
                "Break, break. Wrong station. {target}, I say again, {target}, over.",
                "You've got {wrong} on the line; I need {target}. {request} Over.",
                "Negative on {wrong}. Request was {target}, how copy?",
            ),
        ),
        Family(
            "chef",
            (
                "Wrong table! That plate is {wrong}; I ordered {target}.",
                "Send it back, chef. I asked for {target}, not {wrong}.",
                "That's not my order. {request}",
                "Take the {wrong} off the pass. What I wanted was {target}.",
                "This plate's {wrong}. My ticket says {target}. {request}",
            ),
        ),
        Family(
            "commentator",
            (
                "Oh, and that's gone to the wrong end entirely! It was {target} we were after, not "
                "{wrong}.",
                "A misread there! The play was for {target}.",
                "And the system goes for {wrong}... but no, folks, the call was {target}!",
                "Offside! That answer's about {wrong}. {request}",
                "What a miss! {target} was the aim, and we've ended up with {wrong}.",
            ),
        ),
        Family(
            "detective",
            (
                "Elementary error: you've investigated {wrong}. The case was {target}.",
                "The clues pointed to {target}, yet you followed {wrong}. Let's correct that.",
                "A false trail. My question concerned {target}. {request}",
                "You've named the wrong suspect. It's {target}, not {wrong}.",
                "Consider the facts: I never mentioned {wrong}. I was asking about {target}.",
            ),
        ),
        Family(
            "poetic",
            (
                "Not {wrong} I sought, but {target}.",
                "Of {target} I asked; of {wrong} you spoke.",
                "Wrong the answer, {wrong} its theme; {target} was my meaning.",
                "{target} it was I meant, not {wrong} you chose.",
                "Astray you went, to {wrong}. To {target} turn instead.",
            ),
        ),
        Family(
            "bored",
            (
                "no. {target}. obviously.",
                "ugh. wrong one. {target}.",
                "not {wrong}. {target}. whatever.",
                "{target}. not that. {target}.",
                "wrong thing. meant {target}. ok.",
            ),
            lower_names=True,
        ),
        Family(
            "bug-report",
            (
                "Expected: answer about {target}. Got: answer about {wrong}.",
                "Bug: wrong topic resolved. Expected {target}, actual {wrong}.",
                "Repro: asked about {target}, received {wrong}. Please fix. {request}",
                "Wrong entity returned ({wrong}). Correct entity: {target}.",
                "Actual result: {wrong}. Expected result: {target}. {request}",
            ),
        ),
        Family(
            "ellipses",
            (
                "Wait... that's {wrong}... I meant {target}...",
                "Hmm... no... {target}...",
                "Um... not {wrong}... {target}, actually...",
                "Oh... that's the wrong one... {request}",
                "Sorry... I was thinking of {target}... not {wrong}...",
            ),
        ),
        Family(
            "pedantic",
            (
                "Strictly speaking, that answer concerns {wrong}. The subject of my question was "
                "{target}.",
                "To be precise: {target}. Not {wrong}, which is a different thing altogether.",
                "Technically correct, but about the wrong subject. I meant {target}.",
                "Let me be exact. The referent of 'it' was {target}, not {wrong}.",
                "A small but important point: I meant {target}. {request}",
            ),
        ),
        Family(
            "small-print",
            (
                "Please note: the foregoing answer concerns {wrong}, which was not requested. The "
                "request concerns {target}.",
                "Correction notice: all references to {wrong} should be read as {target}.",
                "Disclaimer: the user did not ask about {wrong}. {request}",
                "For the avoidance of doubt, the topic is {target}.",
                "Errors and omissions excepted: I meant {target}, not {wrong}.",
            ),
        ),
        Family(
            "grandparent",
            (
                "Oh no, dear, not {wrong}. I was asking about {target}.",
                "Bless you, but that's {wrong}. It's {target} your gran meant.",
                "No, no, love. {target}. My fault for not saying, I'm sure.",
                "That's not it, sweetheart. {request}",
                "Goodness, {wrong}? No, I was thinking of {target}, dear.",
            ),
        ),
        Family(
            "translator-note",
            (
                "No, {target}. [Translator's note: the speaker rejects {wrong}.]",
                "(T.N.: the user means {target}, not {wrong}.) Please answer again.",
                "Not that one. [Note from the translator: the intended subject is {target}.]",
                "{request} (Tr.: the previous reply was about {wrong}.)",
                "Translator's note: the speaker objects that the answer concerns the wrong "
                "subject; {target} was meant.",
            ),
        ),
        Family(
            "nautical",
            (
                "Belay that! It's {target} I'm after, not {wrong}.",
                "Wrong heading, mate. Steer for {target}.",
                "Avast! You've charted {wrong}. {request}",
                "Hard about: {target}, not {wrong}.",
                "That's off course. {target} was the bearing.",
            ),
        ),
    ),
)

# After a question that named the wrong page (the user's own slip): the user repairs it.
FRESH5_SELF_REPAIRS = Kind(
    "self-repair",
    ("target",),
    ("wrong", "request"),
    (
        Family(
            "radio",
            (
                "Correction, correction: {target}, not {wrong}, over.",
                "Disregard last. I say again: {target}, over.",
                "Break. My error, I said {wrong}. Read {target}. Over.",
                "Correction: {request} Over.",
                "Negative on {wrong}, that was my mistake. {target}, how copy?",
            ),
        ),
        Family(
            "chef",
            (
                "Scratch that order, chef. I meant {target}.",
                "My mistake on the ticket: not {wrong}, {target}.",
                "Hold the {wrong}! Change my order to {target}.",
                "I fired the wrong dish. {request}",
                "Sorry, I read the menu wrong. {target}, not {wrong}.",
            ),
        ),
        Family(
            "commentator",
            (
                "And the questioner has fumbled it! {wrong}, they said, but they meant {target}.",
                "A slip from the questioner there. Let's go again: {target}.",
                "Oh, an own goal from me! {target}, not {wrong}.",
                "And I'll take that back, folks. {request}",
                "Replay shows I said {wrong}. The call should be {target}.",
            ),
        ),
        Family(
            "detective",
            (
                "I've made an error in my notes: {wrong} should read {target}.",
                "On reflection, the name I gave was wrong. It's {target}.",
                "A slip of mine, I confess. The case is {target}, not {wrong}.",
                "Strike my last statement. {request}",
                "I misidentified it myself: {target} is the one we want.",
            ),
        ),
        Family(
            "poetic",
            (
                "{wrong} I said, but {target} I meant.",
                "My tongue misspoke; {target} is the name.",
                "Unsay {wrong}; say {target} in its place.",
                "Not {wrong}, as my careless words would have it, but {target}.",
                "Let {wrong} be unspoken. {target} I seek.",
            ),
        ),
        Family(
            "bored",
            (
                "meh. said {wrong}. meant {target}.",
                "ugh. {target}. typo.",
                "whatever. {target}. not {wrong}. my bad.",
                "oops. {target}. yeah.",
                "{target}. wrong name before. whatever.",
            ),
            lower_names=True,
        ),
        Family(
            "bug-report",
            (
                "Bug in my input: typed {wrong}, intended {target}.",
                "User error: {wrong} should be {target}. Please rerun.",
                "Patch: replace {wrong} with {target} in my last message.",
                "Known issue: I named the wrong item. Fix: {request}",
                "Regression in my question: expected {target}, wrote {wrong}.",
            ),
        ),
        Family(
            "ellipses",
            (
                "Wait... did I say {wrong}...? I meant {target}...",
                "Oh... no... {target}... sorry...",
                "Hmm... that came out wrong... {request}",
                "Er... not {wrong}... {target}...",
                "Sorry... wrong name... it's {target}...",
            ),
        ),
        Family(
            "pedantic",
            (
                "Let me correct myself precisely: the word should have been {target}, not {wrong}.",
                "Strictly, I wrote the wrong name. Please read {target}.",
                "An erratum in my question: for {wrong}, read {target}.",
                "To be accurate about my own words: I meant {target}. {request}",
                "Technically I asked about {wrong}, but that's not what I meant. {target}.",
            ),
        ),
        Family(
            "small-print",
            (
                "Amendment to the previous message: {wrong} is replaced by {target}.",
                "The sender withdraws the reference to {wrong}. {request}",
                "My earlier mention of {wrong} was made in error and is withdrawn. The subject is "
                "{target}.",
                "Errata: {target}. All other terms remain unchanged.",
                "This message supersedes my last: {target}, not {wrong}.",
            ),
        ),
        Family(
            "grandparent",
            (
                "Oh, listen to me, I said {wrong}. I meant {target}, dear.",
                "My memory, honestly. {target}, not {wrong}.",
                "Silly old me. {request}",
                "Did I say {wrong}? Goodness. It's {target} I was thinking of, love.",
                "I always mix those two up, dear. {target}.",
            ),
        ),
        Family(
            "translator-note",
            (
                "{target}. [Translator's note: the speaker corrects their own slip; earlier they "
                "said {wrong}.]",
                "(T.N.: the speaker misspoke.) {request}",
                "Sorry, I mean {target}. [Note from the translator: {wrong} was a slip of the "
                "tongue.]",
                "Translator's note: for {wrong} in the previous line, read {target}.",
                "I said it wrongly. {target}. (Tr.: self-correction.)",
            ),
        ),
        Family(
            "nautical",
            (
                "Belay my last! {target}, not {wrong}.",
                "I gave the wrong heading. {target} it is.",
                "Strike that from the log: {request}",
                "Avast, my error. Make it {target}.",
                "Wrong port named. Set course for {target}, not {wrong}.",
            ),
        ),
    ),
)

# The final turn of the follow-up tier, after a correction and its answer. Names no page.
FRESH5_FOLLOW_UPS = Kind(
    "follow-up",
    (),
    (),
    (
        Family(
            "radio",
            (
                "Copy that. Any further traffic on it? Over.",
                "Roger. Continue with the details, over.",
                "Received. Send the next part, over.",
                "Understood. What else on that subject? Over.",
                "Good copy. Keep it coming, over.",
            ),
        ),
        Family(
            "chef",
            (
                "That's better. What's the next course?",
                "Now we're cooking. What else goes in?",
                "Good plate. Anything for dessert on this one?",
                "Right, that's the base. What do we add next?",
                "Lovely. Keep it coming from the kitchen.",
            ),
        ),
        Family(
            "commentator",
            (
                "And they're off and running! What happens next?",
                "Now we're into the second half. What else?",
                "That's more like it! Keep the commentary coming.",
                "Great run so far. Where does it go from here?",
                "The crowd's loving it. Give us more!",
            ),
        ),
        Family(
            "detective",
            (
                "Now we're on the right trail. What else turned up?",
                "Good. Now follow that thread. What follows from it?",
                "The picture is clearer. Any further clues?",
                "That fits. What other facts are there?",
                "Excellent. And the rest of the evidence?",
            ),
        ),
        Family(
            "poetic",
            (
                "And then? Speak on.",
                "Yet more of this I'd hear.",
                "Continue, let the story flow.",
                "What follows, tell.",
                "On, and further on.",
            ),
        ),
        Family(
            "bored",
            (
                "ok. and.",
                "cool. more i guess.",
                "sure. next bit.",
                "k. what else. whatever.",
                "fine. keep going.",
            ),
            lower_names=True,
        ),
        Family(
            "bug-report",
            (
                "Fixed, thanks. Next: more detail, please.",
                "Verified. Requesting further information on the same item.",
                "Status: resolved. Follow-up request: what else is there?",
                "Works now. Additional detail expected.",
                "Confirmed correct. Please continue with the remaining facts.",
            ),
        ),
        Family(
            "ellipses",
            (
                "Okay... and...?",
                "Right... what else...?",
                "Hmm... more...?",
                "Ah... and then...?",
                "I see... go on...",
            ),
        ),
        Family(
            "pedantic",
            (
                "Correct, as far as it goes. What else, precisely?",
                "That's accurate. Now the remaining details, exactly.",
                "Right subject this time. What further facts apply?",
                "Precisely. Is there anything else to add, strictly speaking?",
                "Noted. And the rest, to be complete?",
            ),
        ),
        Family(
            "small-print",
            (
                "Acknowledged. Further information is requested on the same terms.",
                "Receipt confirmed. Please continue, subject to availability.",
                "Noted without prejudice. What further details are there?",
                "The foregoing is accepted. Additional information is requested.",
                "Thank you; this does not waive my right to ask for more.",
            ),
        ),
        Family(
            "grandparent",
            (
                "That's it, dear. Go on, tell me more.",
                "Oh, how lovely. And what else, love?",
                "Well I never. What else is there, sweetheart?",
                "Now that's more like it. Keep going for your gran.",
                "Fancy that! Tell me the rest, dear.",
            ),
        ),
        Family(
            "translator-note",
            (
                "And then? [Translator's note: the speaker asks to continue.]",
                "More. (T.N.: in the sense of 'go on'.)",
                "What else? [Note from the translator: same subject as before.]",
                "Translator's note: the user thanks you and asks for further detail.",
                "Please continue. (Tr.: polite form.)",
            ),
        ),
    ),
)

# Put around a spliced return's question. A cue never names the page returned to, nor how far
# back it was.
FRESH5_RETURN_CUES = Kind(
    "return-cue",
    ("question",),
    (),
    (
        Family(
            "radio",
            (
                "Return to previous frequency. {question} Over.",
                "Back on the earlier channel: {question}",
                "Switching back. {question} Over.",
                "Resume earlier traffic: {question}",
                "{question} That's for the earlier subject, over.",
            ),
        ),
        Family(
            "chef",
            (
                "Back to the earlier dish: {question}",
                "Pull the earlier order back up. {question}",
                "Let's return to what was on the stove before. {question}",
                "{question} That's about the one we were cooking earlier.",
                "Re-fire the earlier plate: {question}",
            ),
        ),
        Family(
            "commentator",
            (
                "And we're back to the earlier action! {question}",
                "Cutting back to the earlier game now: {question}",
                "Let's go back to that earlier moment, folks. {question}",
                "{question} That's back on the earlier play, of course.",
                "Returning to the earlier match for a second: {question}",
            ),
        ),
        Family(
            "detective",
            (
                "Let us revisit an earlier line of inquiry. {question}",
                "Back to the earlier case: {question}",
                "A loose end from before: {question}",
                "{question} I'm reopening the earlier file here.",
                "The earlier trail is worth another look. {question}",
            ),
        ),
        Family(
            "poetic",
            (
                "Back to what was, my thoughts now go: {question}",
                "To the earlier theme I turn again. {question}",
                "Once more to what came before: {question}",
                "{question} So asks my mind, of the former thing.",
                "Returning, as the tide returns: {question}",
            ),
        ),
        Family(
            "bored",
            (
                "ugh. the earlier thing. {question}",
                "back to before i guess. {question}",
                "whatever. earlier stuff. {question}",
                "{question} the old one. yeah.",
                "ok the previous thing again. {question}",
            ),
            lower_names=True,
        ),
        Family(
            "bug-report",
            (
                "Reopening the earlier issue: {question}",
                "Reverting to the previous context. {question}",
                "Rollback to earlier topic. Query: {question}",
                "{question} (Context: the earlier subject, not the current one.)",
                "Regression check on the earlier item: {question}",
            ),
        ),
        Family(
            "ellipses",
            (
                "Oh... back to that earlier thing... {question}",
                "Hmm... going back... {question}",
                "Wait... the one before... {question}",
                "{question} ...I mean about the earlier one...",
                "So... about what we had earlier... {question}",
            ),
        ),
        Family(
            "pedantic",
            (
                "To be precise, this concerns the earlier subject: {question}",
                "Strictly on the earlier topic, not the current one: {question}",
                "{question} To be exact, I mean the earlier subject.",
                "For accuracy: the next question refers to the previous subject. {question}",
                "Technically we've moved on, but: {question}",
            ),
        ),
        Family(
            "small-print",
            (
                "The following refers to the earlier subject: {question}",
                "Notwithstanding the current topic: {question}",
                "This question relates to matters discussed previously. {question}",
                "{question} (Applies to the earlier subject only.)",
                "Reverting to the prior matter, without prejudice: {question}",
            ),
        ),
        Family(
            "grandparent",
            (
                "Oh, before I forget, dear, about that earlier thing: {question}",
                "Now where was I? Ah yes, the earlier one. {question}",
                "Going back to what we were saying, love: {question}",
                "{question} That's about the other thing, dear, from before.",
                "My mind wandered back to the earlier one. {question}",
            ),
        ),
        Family(
            "translator-note",
            (
                "{question} [Translator's note: the speaker returns to the earlier subject.]",
                "(T.N.: back to the previous topic.) {question}",
                "[Note from the translator: earlier subject.] {question}",
                "Translator's note: the speaker goes back to what was discussed before. {question}",
                "About the earlier one: {question} (Tr.: 'earlier' as in the former subject.)",
            ),
        ),
        Family(
            "nautical",
            (
                "Come about to the earlier heading: {question}",
                "Back on the old course. {question}",
                "Bring her round to where we were before. {question}",
                "{question} That's on the earlier tack.",
                "Return to the previous anchorage: {question}",
            ),
        ),
    ),
)

# After a turn about a page with a one-number sibling: the user switches the number.
FRESH5_VALUE_REVISIONS = Kind(
    "value-revision",
    ("new",),
    ("old",),
    (
        Family(
            "radio",
            (
                "Correction, correction: {new}, not {old}, over.",
                "Disregard {old}. I say again, {new}, over.",
                "Amend figure to {new}, over.",
                "Negative {old}. Affirm {new}. How copy?",
                "Break. Number should read {new}. Over.",
            ),
        ),
        Family(
            "chef",
            (
                "Change the order: {new}, not {old}.",
                "Make mine the {new} instead, chef.",
                "Wrong vintage. I wanted the {new}.",
                "Swap the {old} for the {new}, please.",
                "Scratch {old}. Fire the {new}.",
            ),
        ),
        Family(
            "commentator",
            (
                "And it's not {old} after all, it's {new}!",
                "A late change there, folks: {new}!",
                "The replay shows it: {new}, not {old}!",
                "Correction from the booth: {new} is the one.",
                "Hold on, what a twist, make that {new}!",
            ),
        ),
        Family(
            "detective",
            (
                "The dates don't add up. It should be {new}, not {old}.",
                "I had the wrong number in my notes. {new}.",
                "On closer inspection, {new} is the figure that matters.",
                "The clue was {new} all along. Not {old}.",
                "A revision to the timeline: {new}.",
            ),
        ),
        Family(
            "poetic",
            (
                "Not {old}, but {new}, the number is.",
                "{new} it was; {old} I should not have said.",
                "Let {old} fall away; {new} remains.",
                "To {new} my question turns, not {old}.",
                "{new}, I meant, in truth.",
            ),
        ),
        Family(
            "bored",
            (
                "{new}. not {old}. whatever.",
                "ugh. {new}.",
                "meh. wrong number. {new}.",
                "{new}. i guess. yeah.",
                "fine. {new} then.",
            ),
            lower_names=True,
        ),
        Family(
            "bug-report",
            (
                "Expected: {new}. Got: {old}. Please rerun with {new}.",
                "Off-by-one in my input: should be {new}.",
                "Wrong value entered ({old}). Correct value: {new}.",
                "Parameter fix: change {old} to {new}.",
                "Input error. Use {new} instead.",
            ),
        ),
        Family(
            "ellipses",
            (
                "Wait... {new}... not {old}...",
                "Hmm... I meant {new}...",
                "Oh... {new}, actually...",
                "Um... the number... {new}...",
                "Sorry... {new}... not {old}... my mistake...",
            ),
        ),
        Family(
            "pedantic",
            (
                "To be precise, the number is {new}, not {old}.",
                "Strictly speaking, I meant {new}.",
                "An exact correction: {new} in place of {old}.",
                "Numerically, I was off. {new} is right.",
                "For the record, {new}. The {old} was an error.",
            ),
        ),
        Family(
            "small-print",
            (
                "Amendment: {old} is replaced by {new}.",
                "Figures quoted earlier are superseded. Please use {new}.",
                "Errors excepted: the number should be {new}.",
                "This revision supersedes {old}. The number is now {new}.",
                "All references to {old} shall be read as {new}.",
            ),
        ),
        Family(
            "grandparent",
            (
                "Oh, did I say {old}? I meant {new}, dear.",
                "My numbers get muddled, love. {new}.",
                "Not {old}, sweetheart. {new}, I think.",
                "Silly me. It was {new}, dear.",
                "Goodness, {old}? No, {new}.",
            ),
        ),
        Family(
            "translator-note",
            (
                "{new}. [Translator's note: the speaker corrects {old}.]",
                "(T.N.: the number meant is {new}.)",
                "[Note from the translator: read {new} for {old}.]",
                "Translator's note: the speaker meant {new}, not {old}.",
                "I meant {new}. (Tr.: self-correction of the number.)",
            ),
        ),
        Family(
            "nautical",
            (
                "Belay {old}. Make it {new}.",
                "Wrong reckoning: {new}.",
                "Log amended: {new}, not {old}.",
                "Adjust the chart to {new}.",
                "Avast, {new} it should be.",
            ),
        ),
    ),
)

FRESH5_KINDS = (
    FRESH5_SHARED_QUESTIONS,
    FRESH5_NAMED_QUESTIONS,
    FRESH5_CORRECTIONS,
    FRESH5_SELF_REPAIRS,
    FRESH5_FOLLOW_UPS,
    FRESH5_RETURN_CUES,
    FRESH5_VALUE_REVISIONS,
)
