"""A tenth held-out wording, for the `fresh10` build part: families no writer was tuned to.

The `fresh9` part's families (`memcore.eval.wording_fresh9`) stop being unseen once that part is
read, so this module was written after fresh9 had been written, blind: its author opened no writer
code or writer cue lists, spec pages, writer docs, writer tests or bench files, ran no evaluation
and opened no evaluation output or score file (the only figures seen were the summary ones in the
evaluation doc and in commit messages, none of them on this part). Besides the build plumbing, only
the earlier wording modules were read, to keep each kind's name, placeholders and meaning and to
repeat none of their phrasings or family names. The voices are new again: a lighthouse keeper
writing up the night's log (the lamp, the beam, the fog), a disc jockey on air (the request line,
the wrong record), a surgeon in theatre ("Scalpel", the wrong patient on the table), a film director
on set ("Cut!", "Take two"), a mechanic at the garage (the wrong car on the lift, the job sheet), an
orchestra's maestro at rehearsal (the score, bars, movements, "da capo"), an angler on the bank (the
wrong catch, "Throw that one back"), a pharmacist at the counter (prescriptions, labels, dosages), a
wizard ("By my staff", the wrong incantation), a poker player (the wrong hand, "Misdeal!"), a ghost
("Ooooh", from beyond the veil) and a jogger typing mid-run (all in lower case).

The rules are those of `memcore.eval.wording`: every phrasing is written out by hand and no slip
touches a placeholder, a `lower_names` family (typed all in lower case) lower-cases the names
filled in, and a `{request}` appears only in capitalised families.
"""

from __future__ import annotations

from memcore.eval.wording import Family, Kind

# The trouble source of a correction: a request that fits either of two topics. Names no page.
FRESH10_SHARED_QUESTIONS = Kind(
    "shared-question",
    (),
    (),
    (
        Family(
            "lighthouse-keeper",
            (
                "Keeper's log: the beam only caught part of it. Sweep the light over the rest?",
                "The fog's thinning a little. Could you shine more light on this?",
                "Lamp's trimmed and burning. Now tell me more about it.",
                "From up in the tower I can only make out the outline. What else is out there?",
                "Logbook entry, night watch: further details needed on this. Please advise.",
            ),
        ),
        Family(
            "disc-jockey",
            (
                "You're listening to the late show, and the request line wants more on that!",
                "Great intro, but play me the full track: what else is there?",
                "Don't fade out yet! Keep that one spinning with a few more details.",
                "Caller on line two says that was too short. Can we get the extended mix?",
                "Before the next record, give the listeners the rest of the story, would you?",
            ),
        ),
        Family(
            "surgeon",
            (
                "Scalpel, please. Let's open this up a little further.",
                "Nurse, that's only the surface. What's underneath?",
                "I need a closer look before we close. Any more detials?",
                "The X-ray shows just part of it. Walk me through the rest.",
                "Retractor, please. I can't see enough of it yet; tell me more.",
            ),
        ),
        Family(
            "film-director",
            (
                "Cut! Good take, but I need more. Run it again with extra detail.",
                "That's only the opening scene. What happens in the rest of the reel?",
                "Lovely. Now the close-up, please: give me the finer points.",
                "Hold the shot. What else is in the frame?",
                "We're not wrapping yet. Roll camera and tell me more.",
            ),
        ),
        Family(
            "mechanic",
            (
                "Pop the bonnet and let's have a proper look: what else is in there?",
                "That's the paintwork sorted. Now what's going on under the hood?",
                "Give it the full service, please, not just an oil change. More details?",
                "Pass me the spanner, I want to take this apart a bit further. Go on?",
                "Sounds like there's more rattlin' around in there. What else?",
            ),
        ),
        Family(
            "maestro",
            (
                "Lovely opening bars. Now play me the rest of the movement?",
                "Again, from the top, and this time with more detail!",
                "That was just the overture. What comes next in the score?",
                "Strings, hold that note. Could you develop the theme a little further?",
                "Bravo, but the piece isn't finished yet. Continue, please.",
            ),
        ),
        Family(
            "angler",
            (
                "Got a nibble there. Reel in a bit more, would you?",
                "That's a tiddler. Cast again and see what else bites?",
                "Plenty more fish in this lake, I reckon. What else is there?",
                "Let out some more line on that one: tell me more.",
                "Nice catch, but I'm after the whole haul. Any more details?",
            ),
        ),
        Family(
            "pharmacist",
            (
                "That's only the label. Could you read me the full leaflet on it?",
                "I'll need the complete perscription for this, not just the first line.",
                "What are the other ingredients, so to speak? More, please.",
                "Could you give me the full dosage instructions on that?",
                "Before I fill this, I need a few more details. Go ahead.",
            ),
        ),
        Family(
            "wizard",
            (
                "By my staff, there's more to this spell! Reveal the rest.",
                "The crystal ball is only half clear. Show me more of it?",
                "Turn the page of the tome: what else is written there?",
                "A fine incantation, apprentice. Now the second verse, please.",
                "I sense hidden knowledge here. Conjure up the details.",
            ),
        ),
        Family(
            "poker-player",
            (
                "I'll see that and raise: show me more about it.",
                "That's just the flop. Show me the rest of the board?",
                "Don't hold your cards so close. What else have you got?",
                "Deal me in properly. I want the full hand on this.",
                "I'm all in on this one. Lay the rest of it on the table?",
            ),
        ),
        Family(
            "ghost",
            (
                "Ooooh... the spirits demand to know more about thiiis...",
                "From beyond the veil, I whisper: tell me more.",
                "Rattle, rattle. My chains won't rest until I hear the rest of it.",
                "I've wandered these halls for centuries and still know so little. Go on?",
                "Boo! Sorry, didn't mean to scare you. Could you say more about it?",
            ),
        ),
    ),
)

# The trouble source of a self-repair (and the turn a value revision revises): a request naming
# the topic.
FRESH10_NAMED_QUESTIONS = Kind(
    "named-question",
    ("topic",),
    (),
    (
        Family(
            "lighthouse-keeper",
            (
                "Keeper's log, new entry: {topic}. What's known about it?",
                "Shine the lamp on {topic} for me, please.",
                "A ship's radioed in asking about {topic}. What do I tell them?",
                "The fog's lifting over {topic}. Describe what you can see.",
                "Before the night watch starts, brief me on {topic}.",
            ),
        ),
        Family(
            "disc-jockey",
            (
                "Coming up next on the show: {topic}! Tell the listeners about it.",
                "We've had a request come in for {topic}. What's the story?",
                "Spin me something about {topic}, would you?",
                "This one goes out to everyone asking about {topic}. Give us the lowdown.",
                "Line one wants to know about {topic}. What can you say?",
            ),
        ),
        Family(
            "surgeon",
            (
                "Next patient: {topic}. What's the history?",
                "Prep {topic} for examination. What do we know?",
                "Nurse, read me the chart on {topic}.",
                "I'm scrubbing in on {topic}. Brief me, please.",
                "Let's take a look inside {topic}. Describe it.",
            ),
        ),
        Family(
            "film-director",
            (
                "Scene one: {topic}. Set it up for me.",
                "Our next picture is about {topic}. What's the backstory?",
                "Roll camera on {topic}, and tell me what it's all about. Action!",
                "I need the treatment for {topic} by lunch. What's in it?",
                "Casting call for {topic}: describe it for the crew.",
            ),
        ),
        Family(
            "mechanic",
            (
                "Bring {topic} into the garage. What's under the hood?",
                "Put {topic} up on the lift for me. What are we looking at?",
                "I've got {topic} in for a service. Run me through it.",
                "What makes {topic} tick? Give me the specs.",
                "Got the manual for {topic}? Tell me the basics.",
            ),
        ),
        Family(
            "maestro",
            (
                "Tonight's programme: {topic}. What should the orchestra know?",
                "Orchestra, we rehearse {topic} today. What's the piece about?",
                "Hand me the score for {topic}: what's written in it?",
                "Hum me the main theme of {topic}, please.",
                "From the top: {topic}. What do we know?",
            ),
        ),
        Family(
            "angler",
            (
                "Casting a line for {topic} today. What's out there?",
                "What's biting around {topic}? Tell me about it.",
                "I hear {topic} is good fishing. What's it like?",
                "Reel in some facts on {topic} for me.",
                "Landed {topic}! What have I caught, exactly?",
            ),
        ),
        Family(
            "pharmacist",
            (
                "I have a prescription here for {topic}. What does it involve?",
                "What's the active ingredient in {topic}, so to speak?",
                "Could you read me the leaflet on {topic}?",
                "A customer is asking about {topic}. What should I tell her?",
                "Fill me in on {topic}, please, and I'll fill the order.",
            ),
        ),
        Family(
            "wizard",
            (
                "By my staff, summon me knowledge of {topic}!",
                "Consult the ancient tome: what does it say of {topic}?",
                "Gaze into the crystal ball and tell me of {topic}.",
                "Apprentice, what lore do you know about {topic}?",
                "I must prepare a spell concerning {topic}. Explain it to me.",
            ),
        ),
        Family(
            "poker-player",
            (
                "Deal me a new hand: {topic}. What do I need to know?",
                "I'm putting chips on {topic}. What's the story there?",
                "Put {topic} on the table. What is it?",
                "What's the tell with {topic}? Describe it.",
                "Ante up on {topic}: give me the basics.",
            ),
        ),
        Family(
            "ghost",
            (
                "Ooooh... tell me of {topic}...",
                "From beyond the veil, I ask: what is {topic}?",
                "I've been haunting these halls wondering about {topic}. What is it?",
                "Rattle, rattle. Speak to me of {topic}, mortal.",
                "Boo! Now that I have your attention: {topic}. What's it about?",
            ),
        ),
    ),
)

# After a shared question answered for the wrong page: the user says which page was meant.
FRESH10_CORRECTIONS = Kind(
    "correction",
    ("target",),
    (
        "wrong",
        "request",
    ),
    (
        Family(
            "lighthouse-keeper",
            (
                "Keeper's log: the beam swung onto the wrong rock. That was {wrong}; I'm "
                "watching for {target}.",
                "The fog must have fooled you. I asked about {target}, not {wrong}.",
                "Wrong ship signalled. {request}",
                "The lamp's pointed at {wrong}. Turn it round to {target}, please.",
                "Logbook correction: the vessel I meant is {target}.",
            ),
        ),
        Family(
            "disc-jockey",
            (
                "Whoa, wrong record! That's {wrong}. The request was {target}.",
                "Needle scratch! I asked you to spin {target}, not {wrong}.",
                "Sorry, listeners, we played the wrong track. {request}",
                "That's not the song on my playlist. {target}, please.",
                "The request line asked for {target}, and you put on {wrong}.",
            ),
        ),
        Family(
            "surgeon",
            (
                "Stop! Wrong patient on the table. That's {wrong}; we're operating on {target}.",
                "Nurse, check the wristband: it should say {target}.",
                "Close that one up. {request}",
                "You've opened up {wrong}. The chart says {target}.",
                "Not {wrong}. I'm scrubbed in for {target}.",
            ),
        ),
        Family(
            "film-director",
            (
                "Cut! Cut! Wrong scene. That's {wrong}; we're shooting {target}.",
                "That's the wrong reel. Load {target}, please.",
                "Take two, and this time from the right script. {request}",
                "Who chalked {wrong} on the clapperboard? This scene is {target}.",
                "No, no, the script says {target}, not {wrong}.",
            ),
        ),
        Family(
            "mechanic",
            (
                "Hang on, that's the wrong car on the lift. That's {wrong}; I brought in {target}.",
                "You've serviced {wrong}, mate. My motor is {target}.",
                "Wrong keys off the hook. {request}",
                "The job sheet says {target}, not {wrong}.",
                "That's somebody else's banger. Mine's {target}.",
            ),
        ),
        Family(
            "maestro",
            (
                "Stop, stop! Wrong movement: that's {wrong}. We're rehearsing {target}.",
                "That's not the score on my stand. It says {target}.",
                "Orchestra, you've turned to the wrong page. {request}",
                "Beautiful playing, but {wrong} isn't on the programme; {target} is.",
                "Again, and this time {target}, please, not {wrong}.",
            ),
        ),
        Family(
            "angler",
            (
                "Throw that one back, it's {wrong}. I was fishing for {target}.",
                "Wrong catch! I cast for {target}.",
                "Reel it in and cast again. {request}",
                "That's {wrong} on the hook, but the fish I wanted was {target}.",
                "My bait was meant for {target}, not {wrong}.",
            ),
        ),
        Family(
            "pharmacist",
            (
                "This is the wrong prescription: it's for {wrong}. I asked about {target}.",
                "The label reads {wrong}, but the order was {target}.",
                "I'm afraid that's been mixed up at the counter. {request}",
                "Wrong bottle off the shelf. It should be {target}.",
                "Please check the script again: {target}, not {wrong}.",
            ),
        ),
        Family(
            "wizard",
            (
                "Fool of an apprentice! You've summoned {wrong}. I asked for {target}.",
                "Wrong incantation. The spell was for {target}.",
                "That scroll is the wrong one. {request}",
                "The crystal ball shows {wrong}, but I gazed for {target}.",
                "By my beard, not {wrong}! {target}!",
            ),
        ),
        Family(
            "poker-player",
            (
                "That's the wrong hand you've shown me: {wrong}. I was betting on {target}.",
                "Misdeal! I called {target}, not {wrong}.",
                "Fold that one. {request}",
                "You've played {wrong}, but my card was {target}.",
                "I'm not bluffing: it's {target} I wanted.",
            ),
        ),
        Family(
            "ghost",
            (
                "Ooooh, you've woken the wrong spirit: that's {wrong}. I seek {target}...",
                "From beyond the veil: not {wrong}. {target}.",
                "Boo! Wrong haunting. {request}",
                "My chains rattle in protest. I asked about {target}, not {wrong}.",
                "I haunt {target}, mortal, not {wrong}.",
            ),
        ),
        Family(
            "jogger",
            (
                "huff... wrong one... i meant {target}",
                "sry typing while running, not {wrong}, {target}",
                "mile three and u answered about {wrong} lol. {target} pls",
                "{target}!! not {wrong}. gotta keep moving",
                "out of breath but no, i asked about {target}",
            ),
            lower_names=True,
        ),
    ),
)

# After a question that named the wrong page (the user's own slip): the user repairs it.
FRESH10_SELF_REPAIRS = Kind(
    "self-repair",
    ("target",),
    (
        "wrong",
        "request",
    ),
    (
        Family(
            "lighthouse-keeper",
            (
                "Keeper's log, amended: I wrote {wrong} in error. It should read {target}.",
                "Salt spray on my glasses, I think. I meant {target}, not {wrong}.",
                "Let me relight that question. {request}",
                "I signalled the wrong ship myself: it's {target}.",
                "Too many nights on watch. I said {wrong} but meant {target}.",
            ),
        ),
        Family(
            "disc-jockey",
            (
                "Oops, I announced the wrong track there: {target}, not {wrong}.",
                "My mistake on the mic. {request}",
                "DJ slip! I said {wrong}, folks, but I meant {target}.",
                "Let me back-announce that properly: it's {target}.",
                "I grabbed the wrong record off my own shelf. Make it {target}.",
            ),
        ),
        Family(
            "surgeon",
            (
                "My error at the table: I said {wrong}, the patient is {target}.",
                "I read the wrong chart myself. I meant {target}.",
                "Let me scrub in again and start over. {request}",
                "Correction to my op notes: {target}, not {wrong}.",
                "I misspoke under the theatre lights. It's {target} I'm asking about.",
            ),
        ),
        Family(
            "film-director",
            (
                "Cut, my fault! I called the wrong scene. It's {target}, not {wrong}.",
                "I misread my own script: I meant {target}.",
                "Take two from me. {request}",
                "The director flubbed his line. {target} is the subject.",
                "Strike {wrong} from the call sheet; I meant {target}.",
            ),
        ),
        Family(
            "mechanic",
            (
                "My bad, I wrote the wrong motor on the job sheet. It's {target}, not {wrong}.",
                "Grease on my fingers, hit the wrong name. I meant {target}.",
                "Let me start that engine again. {request}",
                "I said {wrong}? I've been under too many cars today. {target}.",
                "I mixed up two customers' cars. I meant {target}.",
            ),
        ),
        Family(
            "maestro",
            (
                "Forgive me, I announced the wrong piece. I meant {target}, not {wrong}.",
                "I turned two pages of my own score at once. It's {target}.",
                "Let me give the downbeat again. {request}",
                "My baton slipped. {target}, not {wrong}.",
                "I printed {wrong} on the programme by mistake; the piece is {target}.",
            ),
        ),
        Family(
            "angler",
            (
                "Sorry, I baited the wrong hook. I meant {target}, not {wrong}.",
                "Tangled my own line there. It's {target} I'm after.",
                "Let me recast that. {request}",
                "I said {wrong}, but the fish I had in mind was {target}.",
                "Been sat on the bank since dawn, my head's gone. {target}, not {wrong}.",
            ),
        ),
        Family(
            "pharmacist",
            (
                "My apologies, I read the wrong line of the prescription. I meant {target}.",
                "I wrote {wrong} on the label by mistake; it should be {target}.",
                "Let me refill that question. {request}",
                "Correction from the counter: {target}, not {wrong}.",
                "I reached for the wrong shelf myself. It's {target}.",
            ),
        ),
        Family(
            "wizard",
            (
                "Curses, I've botched my own spell! I said {wrong} when I meant {target}.",
                "My tongue tripped on the incantation. {target}, not {wrong}.",
                "Let me recast that spell. {request}",
                "I read from the wrong page of my grimoire. I meant {target}.",
                "Even wizards misspeak. It's {target}.",
            ),
        ),
        Family(
            "poker-player",
            (
                "My tell gave me away: I said {wrong}, but I meant {target}.",
                "I showed the wrong card myself. It's {target}.",
                "Let me reshuffle. {request}",
                "I misread my own hand. {target}, not {wrong}.",
                "Bad bluff on my part. The one I meant is {target}.",
            ),
        ),
        Family(
            "ghost",
            (
                "Ooooh, my memory fades beyond the grave... I said {wrong}, but meant {target}.",
                "Forgive a poor spirit: I moaned the wrong name. {target}.",
                "Let me haunt that question again. {request}",
                "The veil muddled my words. {target}, not {wrong}.",
                "Boo, my mistake! I meant to wail {target}.",
            ),
        ),
        Family(
            "jogger",
            (
                "huff sorry typed {wrong} mid stride, meant {target}",
                "wait i said {wrong}? running brain. {target}",
                "oops legs moving faster than fingers. {target} not {wrong}",
                "correction between breaths: {target}",
                "sry bumpy treadmill, meant {target}",
            ),
            lower_names=True,
        ),
    ),
)

# The final turn of the follow-up tier, after a correction and its answer. Names no page.
FRESH10_FOLLOW_UPS = Kind(
    "follow-up",
    (),
    (),
    (
        Family(
            "lighthouse-keeper",
            (
                "That's the right light on the horizon now. What else can you see?",
                "Beam's on target. Keep sweeping, please.",
                "Clear skies at last. Anything more for the log?",
                "Good, the ship's in sight. Tell me more.",
                "Keeper's log: correct heading. Further details?",
            ),
        ),
        Family(
            "disc-jockey",
            (
                "Now that's the track I asked for! Keep it playing.",
                "That's the one, listeners! What else can you tell us?",
                "Perfect segue. More on that after the jingle?",
                "Request fulfilled. Got any more on it?",
                "Turn it up! What else?",
            ),
        ),
        Family(
            "surgeon",
            (
                "Right patient this time. Continue, please.",
                "Good, that matches the chart. What else do we see?",
                "Steady hands. Carry on with the details.",
                "Vitals look good. Any more findings?",
                "That's the one. Keep going, nurse.",
            ),
        ),
        Family(
            "film-director",
            (
                "That's a print! Now give me more.",
                "Right scene now. Keep rolling.",
                "Beautiful take. What's next in the script?",
                "Yes, that's the shot. Anything else in frame?",
                "Perfect. Let's keep the cameras going: tell me more.",
            ),
        ),
        Family(
            "mechanic",
            (
                "That's my motor. What else did you find under the hood?",
                "Right car now. Carry on with the inspection.",
                "Purring nicely. Anything more to report?",
                "Spot on, mate. What else?",
                "Good, that's the one on the lift. Keep going.",
            ),
        ),
        Family(
            "maestro",
            (
                "Bravo, that's the right piece! Continue.",
                "Yes, in tune at last. What comes next?",
                "Lovely phrasing. More, please.",
                "Now the orchestra is together. Go on.",
                "That's the movement I wanted. Anything further?",
            ),
        ),
        Family(
            "angler",
            (
                "That's the fish I was after! Anything else biting?",
                "Right catch. Keep reeling.",
                "A beauty. What more can you tell me?",
                "Landed it. Cast again for more?",
                "Good haul. Go on.",
            ),
        ),
        Family(
            "pharmacist",
            (
                "That's the right prescription. What else should I know?",
                "Label checks out now. Further instructions?",
                "Thank you, that's the correct medicine. Anything more?",
                "Good, that matches the script. Continue, please.",
                "Right dosage. Any side notes?",
            ),
        ),
        Family(
            "wizard",
            (
                "Aha, the correct spell at last! Reveal more.",
                "The crystal ball is clear now. What else does it show?",
                "Well conjured. Continue, apprentice.",
                "That's the right scroll. Read on.",
                "By my staff, that's it! More, please.",
            ),
        ),
        Family(
            "poker-player",
            (
                "That's my hand. What else is on the table?",
                "Right card. Keep dealing.",
                "Now we're playing. I'll call: tell me more.",
                "Nice turn card. Anything else?",
                "Good, that's what I bet on. Go on.",
            ),
        ),
        Family(
            "ghost",
            (
                "Ooooh, that's the spirit I sought. Tell me mooore...",
                "The veil parts at last. What else?",
                "Boo-tiful answer. Carry on.",
                "My chains rest easier now. Any more?",
                "Yes, that's the one I haunt. Go on, mortal.",
            ),
        ),
    ),
)

# Put around a spliced return's question. A cue never names the page returned to, nor how far
# back it was.
FRESH10_RETURN_CUES = Kind(
    "return-cue",
    ("question",),
    (),
    (
        Family(
            "lighthouse-keeper",
            (
                "Keeper's log, turning back a page: {question}",
                "Swinging the beam back to an earlier heading. {question}",
                "{question} That's about an earlier ship in the log.",
                "Back to a vessel we spotted before: {question}",
                "Relighting an earlier lamp for a moment. {question}",
            ),
        ),
        Family(
            "disc-jockey",
            (
                "Rewinding the tape to an earlier track: {question}",
                "Going back to a golden oldie from earlier in the show. {question}",
                "{question} That's about a song we played before.",
                "Let's revisit an earlier request, folks. {question}",
                "Flip the record back over to a previous side: {question}",
            ),
        ),
        Family(
            "surgeon",
            (
                "Back to the earlier patient for a moment. {question}",
                "Reopening a previous case: {question}",
                "{question} I mean the patient from before.",
                "Nurse, bring back the earlier chart. {question}",
                "One more note on an earlier operation: {question}",
            ),
        ),
        Family(
            "film-director",
            (
                "Let's go back to an earlier scene. {question}",
                "Flashback to before: {question}",
                "{question} (that's from an earlier reel)",
                "Rewind to a previous take. {question}",
                "Back to the earlier set, everyone. {question}",
            ),
        ),
        Family(
            "mechanic",
            (
                "Back to the earlier car for a sec. {question}",
                "Wheel the previous motor back onto the lift: {question}",
                "{question} That's about the earlier job.",
                "One more thing on a car I looked at before: {question}",
                "Reopening an earlier job sheet. {question}",
            ),
        ),
        Family(
            "maestro",
            (
                "Back to an earlier movement, please. {question}",
                "Turn back in the score to before: {question}",
                "{question} (that's the earlier piece)",
                "Reprise! Returning to a previous theme. {question}",
                "Da capo to an earlier passage: {question}",
            ),
        ),
        Family(
            "angler",
            (
                "Back to the earlier fishing spot. {question}",
                "Casting again where we fished before: {question}",
                "{question} That's about the earlier catch.",
                "Let's row back to a previous pool. {question}",
                "One more about a fish from before: {question}",
            ),
        ),
        Family(
            "pharmacist",
            (
                "Back to an earlier prescription for a moment. {question}",
                "Returning to a script we filled before: {question}",
                "{question} This is about the earlier medicine.",
                "Pulling out a previous order again. {question}",
                "One more question on an earlier refill: {question}",
            ),
        ),
        Family(
            "wizard",
            (
                "Turn back the pages of the tome to an earlier spell. {question}",
                "Summoning an earlier vision: {question}",
                "{question} (regarding an earlier enchantment)",
                "Let us return to a previous prophecy. {question}",
                "The crystal ball swirls back to before: {question}",
            ),
        ),
        Family(
            "poker-player",
            (
                "Back to an earlier hand. {question}",
                "Let's replay a previous round: {question}",
                "{question} That's about the earlier pot.",
                "Reshuffling back to before. {question}",
                "One more look at a card from earlier: {question}",
            ),
        ),
        Family(
            "ghost",
            (
                "Ooooh, drifting back to an earlier haunting... {question}",
                "From beyond the veil, I return to a previous matter: {question}",
                "{question} (whispered about an earlier spirit)",
                "My chains drag me back to before. {question}",
                "Boo! Back to an earlier room of the house. {question}",
            ),
        ),
        Family(
            "jogger",
            (
                "huff, back to the earlier thing on my cooldown lap. {question}",
                "going back to before, still running: {question}",
                "{question} (earlier topic, sry im on a run)",
                "water break, so back to the earlier stuff: {question}",
                "last lap thought about the earlier one: {question}",
            ),
            lower_names=True,
        ),
    ),
)

# After a turn about a page with a one-number sibling: the user switches the number.
FRESH10_VALUE_REVISIONS = Kind(
    "value-revision",
    ("new",),
    ("old",),
    (
        Family(
            "lighthouse-keeper",
            (
                "Log correction: light number {new}, not {old}.",
                "The bearing should read {new}.",
                "I misread the tide table. {new}.",
                "Amend the watch log to {new}, please.",
                "Keeper's log says {new}, not {old}.",
            ),
        ),
        Family(
            "disc-jockey",
            (
                "That's track {new}, not {old}!",
                "Skip ahead to number {new}, please.",
                "Wrong side of the record. Make it {new}.",
                "The chart position is {new}, folks.",
                "I back-announced {old}, but it's {new}.",
            ),
        ),
        Family(
            "surgeon",
            (
                "Bed {new}, not {old}.",
                "Correct the chart to {new}, nurse.",
                "I misread the monitor: {new}.",
                "Theatre {new}, please.",
                "Change {old} to {new} in the op notes.",
            ),
        ),
        Family(
            "film-director",
            (
                "Scene {new}, take one. Not {old}.",
                "Make that reel {new}.",
                "The slate should say {new}.",
                "Cut! Wrong number: {new}.",
                "I called {old}, but we're on {new}.",
            ),
        ),
        Family(
            "mechanic",
            (
                "It's the {new} model, not the {old}.",
                "Bay {new}, please.",
                "The job sheet should say {new}.",
                "Wrong part number. {new}.",
                "Check the year in the logbook: {new}.",
            ),
        ),
        Family(
            "maestro",
            (
                "From bar {new}, not bar {old}.",
                "Opus {new}, please.",
                "Turn to page {new} of the score.",
                "I counted the beats wrong: it's {new}.",
                "Strike {old}; the programme says {new}.",
            ),
        ),
        Family(
            "angler",
            (
                "Peg {new}, not {old}.",
                "It weighed {new}, actually.",
                "Wrong swim: it's {new}.",
                "My tally says {new}.",
                "I miscounted the catch. {new}, not {old}.",
            ),
        ),
        Family(
            "pharmacist",
            (
                "The dosage is {new}, not {old}.",
                "Batch {new}, please.",
                "Amend the label to read {new}.",
                "I misread the script: {new}.",
                "Refill number {new}, not {old}.",
            ),
        ),
        Family(
            "wizard",
            (
                "The prophecy speaks of {new}, not {old}!",
                "Page {new} of the grimoire, apprentice.",
                "Alter the runes to read {new}.",
                "My spell miscounted. {new}.",
                "By my staff, it is {new}.",
            ),
        ),
        Family(
            "poker-player",
            (
                "I'll raise to {new}, not {old}.",
                "Seat {new}, please.",
                "Wrong chip count. {new}.",
                "Table {new}, actually.",
                "I said {old}? I meant {new}. Call.",
            ),
        ),
        Family(
            "ghost",
            (
                "Ooooh, the year was {new}, not {old}...",
                "From beyond the veil: {new}.",
                "My ghostly memory slipped. {new}.",
                "Room {new} is where I haunt, not {old}.",
                "Boo! It's {new}.",
            ),
        ),
        Family(
            "jogger",
            (
                "huff {new} not {old}",
                "sry mid run. {new}",
                "meant {new}, fingers bouncing",
                "wait {new}!! running typo",
                "{new} i mean, out of breath",
            ),
            lower_names=True,
        ),
    ),
)

FRESH10_KINDS = (
    FRESH10_SHARED_QUESTIONS,
    FRESH10_NAMED_QUESTIONS,
    FRESH10_CORRECTIONS,
    FRESH10_SELF_REPAIRS,
    FRESH10_FOLLOW_UPS,
    FRESH10_RETURN_CUES,
    FRESH10_VALUE_REVISIONS,
)
