"""A ninth held-out wording, for the `fresh9` build part: families no writer was tuned to.

The `fresh8` part's families (`memcore.eval.wording_fresh8`) stop being unseen once that part is
read, so this module was written after fresh8 had been written, blind: its author opened no
writer code or writer cue lists, spec pages, writer docs or writer tests and looked at no score
on any part. Only the earlier wording modules were read, to keep each kind's name,
placeholders and meaning and to repeat none of their phrasings or family names. The voices are
new again: an astronaut on the radio loop to mission control ("Houston", "Over"), a crossword
setter (clues, grids, "12 Down"), a sports coach at half-time, a customs officer at the desk
(declarations and manifests), a tailor at a fitting, a beekeeper at the hive, a cartographer
(maps, legends, grid references), a gardener (seed packets, beds, seedlings), an archaeologist
at a dig (trenches, layers, finds), a robot ("Beep boop", "DOES NOT COMPUTE"), a postcard writer
("Dear assistant", "PS", "Love, me") and an insomniac typing at three in the morning (all in
lower case).

The rules are those of `memcore.eval.wording`: every phrasing is written out by hand and no slip
touches a placeholder, a `lower_names` family (typed all in lower case) lower-cases the names
filled in, and a `{request}` appears only in capitalised families.
"""

from __future__ import annotations

from memcore.eval.wording import Family, Kind

# The trouble source of a correction: a request that fits either of two topics. Names no page.
FRESH9_SHARED_QUESTIONS = Kind(
    "shared-question",
    (),
    (),
    (
        Family(
            "astronaut",
            (
                "Houston, we copy your last transmission. Requesting more data on that, over.",
                "Copy that, ground. Signal's a bit thin: can you send the rest of the telemetry?",
                "Roger, roger. Standing by for further details. Over.",
                "Ground, this is the capsule. That packet came through incomplete; please resend "
                "with more, over.",
                "Mission control, we need a fuller briefing on this before we proceed. Over and "
                "out.",
            ),
        ),
        Family(
            "crossword-setter",
            (
                "That's only the first letter filled in. What goes in the other squares?",
                "Clue: 'what else is there to it?' (4,4,2,5). Fill it in for me.",
                "You've solved one across; now give me the down clues too, please.",
                "Half the grid is still blank here. Could you fill in some more?",
                "Setter's note: the answer needs more letters. Keep going?",
            ),
        ),
        Family(
            "coach",
            (
                "Okay, team, good first half. Now give me more on this!",
                "Listen up! That's a start, but I want the whole playbook on it.",
                "C'mon, dig deeper! What else have you got?",
                "Not bad, not bad. Now take it further and run me through the rest of it.",
                "Huddle up. I need more detail before we head back out there.",
            ),
        ),
        Family(
            "customs-officer",
            (
                "Anything else to declare about this? Please list it all.",
                "Your decleration seems incomplete. What else are you carrying on it?",
                "Open the bag, please. I'd like to see the rest of the contents.",
                "Purpose of the visit? More details, if you would.",
                "Step aside for a moment, I have a few more questions about this. Carry on.",
            ),
        ),
        Family(
            "tailor",
            (
                "That's the first fitting. Could you let it out a bit and tell me more?",
                "Needs a few more mesurements, I think. What else is there?",
                "The cut is nice but a little skimpy; add some more cloth to that answer?",
                "Let me pin that and take a closer look. Any further details?",
                "A good basting stitch. Now the full seam, please: tell me the rest.",
            ),
        ),
        Family(
            "beekeeper",
            (
                "There's more honey in this hive, I'm sure. Could you pull out another frame?",
                "Buzzing to know more about that. What else?",
                "Smoke the hive a little and tell me what else is inside.",
                "That's one cell of the comb. Show me the rest of it?",
                "The bees are restless; they want the full story. Go on, please.",
            ),
        ),
        Family(
            "cartographer",
            (
                "That's just the coastline. Can you chart the interior for me?",
                "The map's still blank in places. What else belongs on it?",
                "Could you add a few more landmarks to that, please?",
                "Zoom in on this region: what are the finer details?",
                "Here be dragons... unless you fill in the rest. Tell me more.",
            ),
        ),
        Family(
            "gardener",
            (
                "That's just the seedling. Let it grow a bit: what else is there?",
                "Could you dig a littel deeper around the roots of this one?",
                "Nice sprout. Water it and tell me more, please.",
                "There's a whole flowerbed here and I've only seen one bloom. Go on?",
                "Lovely start to the season. What else is coming up in that patch?",
            ),
        ),
        Family(
            "archaeologist",
            (
                "We've only scraped the topsoil. Can you dig further into this?",
                "One shard doesn't make a pot. What other pieces are there?",
                "Brush away a bit more dust, please: what else is underneath?",
                "Fascinating find! Catalogue the rest of it for me?",
                "The excavation has barely begun. Tell me more about the site.",
            ),
        ),
        Family(
            "robot",
            (
                "INPUT RECEIVED. DATA INSUFFICIENT. PLEASE EXPAND.",
                "Beep boop. Request: additional information on the current subject.",
                "Processing... processing... more data required. Kindly continue.",
                "ERROR 404: rest of answer not found. Please provide it.",
                "Query extended. Output further details, human.",
            ),
        ),
        Family(
            "postcard",
            (
                "Dear assistant, loved your last note! Write again soon with more about it?",
                "Greetings from the sofa! Wish you'd written more. What else is there?",
                "Having a lovely time reading this. Send more details, please. Love, me.",
                "The card's nearly full, but I still want the rest of the story. PS: tell me more.",
                "Hello from far away! Your note was short and sweet; make the next one longer?",
            ),
        ),
    ),
)

# The trouble source of a self-repair (and the turn a value revision revises): a request naming
# the topic.
FRESH9_NAMED_QUESTIONS = Kind(
    "named-question",
    ("topic",),
    (),
    (
        Family(
            "astronaut",
            (
                "Houston, requesting a full briefing on {topic}. Over.",
                "Ground, what's the status on {topic}? Over.",
                "Capsule to control: send us the data on {topic}, over.",
                "Copy. Next item on the checklist is {topic}. What do we know?",
                "Control, come in. Can you describe {topic} for the crew?",
            ),
        ),
        Family(
            "crossword-setter",
            (
                "7 Across: {topic}. What's the clue behind it?",
                "Today's theme word is {topic}. Give me the definition, please.",
                "{topic} fits the grid, but what does it mean? Explain.",
                "Clue for the setter: describe {topic} in a few lines.",
                "I need a cryptic hint for {topic}. What's it all about?",
            ),
        ),
        Family(
            "coach",
            (
                "Alright team, today's drill is {topic}. Walk me through it!",
                "Listen up: what do we know about {topic}?",
                "Game plan: {topic}. Give me the basics.",
                "Before kick-off I want everyone briefed on {topic}. Go!",
                "Eyes on me. Who can tell me about {topic}?",
            ),
        ),
        Family(
            "customs-officer",
            (
                "And {topic}, what exactly is that? Please declare.",
                "Purpose of your enquiry: {topic}. Describe it for the form.",
                "Passport, please. Now, tell me about {topic}.",
                "Is {topic} on the list? What is it?",
                "I'll need a full description of {topic} before I can stamp this.",
            ),
        ),
        Family(
            "tailor",
            (
                "Take my measurements for {topic}: what are its main features?",
                "I'd like {topic} made to measure. What does it consist of?",
                "Fitting appointment for {topic}. Tell me about the cut of it.",
                "What fabric is {topic} made of, so to speak? Describe it.",
                "Stitch me a quick outline of {topic}, please.",
            ),
        ),
        Family(
            "beekeeper",
            (
                "Buzzing about {topic} today. What's the story?",
                "Let's open the hive on {topic}. What's inside?",
                "The queen wants to know about {topic}. Report, please.",
                "What's the honey on {topic}? Tell me the sweet bits.",
                "My bees keep humming about {topic}. What is it?",
            ),
        ),
        Family(
            "cartographer",
            (
                "Where does {topic} sit on the map? Describe it.",
                "Chart {topic} for me: the main landmarks, please.",
                "I'm drawing up a map of {topic}. What should go on it?",
                "Give me the lay of the land on {topic}.",
                "Plot {topic} for me. What are its borders, so to speak?",
            ),
        ),
        Family(
            "gardener",
            (
                "I'm planting {topic} this spring. What should I know about it?",
                "What's growing in the {topic} patch? Tell me about it.",
                "How does {topic} grow? Give me the basics.",
                "Let's dig into {topic}. What's at the root of it?",
                "Prune {topic} down to the key facts for me, please.",
            ),
        ),
        Family(
            "archaeologist",
            (
                "We've unearthed {topic}. What can you tell us about it?",
                "Carbon-date {topic} for me: what's its history?",
                "The dig site today is {topic}. What's known?",
                "Label this artefact: {topic}. Describe it, please.",
                "What lies beneath {topic}? Excavate the facts.",
            ),
        ),
        Family(
            "robot",
            (
                "QUERY: {topic}. RETURN SUMMARY.",
                "Beep. Subject loaded: {topic}. Please describe.",
                "Initiating search for {topic}... what is it?",
                "Human, define {topic} for my database.",
                "Scanning {topic}. Output key facts.",
            ),
        ),
        Family(
            "postcard",
            (
                "Dear assistant, greetings! What's {topic} like? Write back soon.",
                "Wish you were here... at {topic}! Tell me about it.",
                "Having a lovely time. Quick question on the back: what is {topic}?",
                "Hello from the seaside! Send me a few lines on {topic}, please.",
                "Dear friend, I keep hearing about {topic}. What's it all about? Love, me.",
            ),
        ),
    ),
)

# After a shared question answered for the wrong page: the user says which page was meant.
FRESH9_CORRECTIONS = Kind(
    "correction",
    ("target",),
    (
        "wrong",
        "request",
    ),
    (
        Family(
            "astronaut",
            (
                "Negative, Houston. That data was for {wrong}; we requested {target}. Over.",
                "Say again? We asked about {target}, not {wrong}, over.",
                "Abort that transmission, wrong target. {request}",
                "Control, correction on the last packet: the objective is {target}. Over.",
                "{target}, repeat, {target}. Not {wrong}. Copy?",
            ),
        ),
        Family(
            "crossword-setter",
            (
                "That doesn't fit the grid: {wrong} is the wrong answer. The solution is {target}.",
                "Wrong clue solved! I set {target}, not {wrong}.",
                "Rub out that entry, please. {request}",
                "Nice try, but the letters spell {target}.",
                "{wrong}? No, no. 12 Down was {target}.",
            ),
        ),
        Family(
            "coach",
            (
                "Whoa, whoa, wrong play! That's {wrong}. We're running {target}!",
                "Time out! I called {target}, not {wrong}.",
                "Nope, back to the bench with that one. {request}",
                "Listen up: the play was {target}. Let's run it again.",
                "{target}! Not {wrong}! Were you even at practise?",
            ),
        ),
        Family(
            "customs-officer",
            (
                "This doesn't match the declaration: you've described {wrong}, and the form says "
                "{target}.",
                "Wrong passport, I'm afraid. The traveller is {target}.",
                "That's not what's listed on the manifest. {request}",
                "Sir, that is {wrong}. I asked about {target}.",
                "Declared item: {target}. Not {wrong}. Please try again.",
            ),
        ),
        Family(
            "tailor",
            (
                "That's the wrong suit off the rack. I'm here for {target}, not {wrong}.",
                "You've measured up {wrong}, but the fitting was for {target}.",
                "Unpick that seam, please. {request}",
                "Wrong pattern peices. It ought to be {target}.",
                "{wrong} isn't my order; the ticket says {target}.",
            ),
        ),
        Family(
            "beekeeper",
            (
                "Wrong hive! That's {wrong}. I asked about {target}.",
                "Those aren't my bees: that's {wrong}. Mine are {target}.",
                "You've smoked the wrong colony. {request}",
                "I wanted {target}, not the {wrong} swarm.",
                "Oh, that's the neighbour's hive. Mine is {target}.",
            ),
        ),
        Family(
            "cartographer",
            (
                "Wrong map entirely: that's {wrong}. I was asking about {target}.",
                "You've plotted the wrong coordiantes. {request}",
                "Those are the contours of {wrong}. Redraw it for {target}, please.",
                "Off the chart, I'm afraid. The territory I meant is {target}.",
                "{target} is where I pointed, not {wrong}.",
            ),
        ),
        Family(
            "gardener",
            (
                "That's a weed, not my plant: {wrong}. I was after {target}.",
                "Wrong bed, I think. {request}",
                "You've dug up {wrong}! I wanted {target}.",
                "Not that seedling. {target}, please.",
                "I planted {target}, and you've watered {wrong}.",
            ),
        ),
        Family(
            "archaeologist",
            (
                "That artefact is from the wrong site: {wrong}. We're excavating {target}.",
                "Mislabelled find, I'm afraid. {request}",
                "Wrong layer! That's {wrong}. The trench is {target}.",
                "You've catalogued {wrong}. The dig was about {target}.",
                "Back to the trench: it should be {target}.",
            ),
        ),
        Family(
            "robot",
            (
                "ERROR: RESPONSE REFERS TO {wrong}. EXPECTED {target}.",
                "Beep boop, mismatch detected. {request}",
                "Incorrect subject loaded. Please reload with {target}.",
                "Does not compute: I asked for {target}, not {wrong}.",
                "Target acquired: {target}. Discarding {wrong}.",
            ),
        ),
        Family(
            "postcard",
            (
                "Dear assistant, lovely note, but it was all about {wrong}! I'd asked after "
                "{target}.",
                "Wrong address on that one, I think: I wrote asking about {target}.",
                "Greetings! Your card went to the wrong place. {request}",
                "PS: I meant {target}, not {wrong}. Love, me.",
                "Hello again! It's {target} I wanted news of, not {wrong}.",
            ),
        ),
        Family(
            "insomniac",
            (
                "ugh its 3am and u answered about {wrong}... i meant {target}",
                "not {wrong}, {target}. cant sleep, pls keep up",
                "{target}. not {wrong}. sorry im so tired",
                "zzz wrong one. i asked about {target}",
                "wait thats {wrong}?? i wanted {target}, need coffee",
            ),
            lower_names=True,
        ),
    ),
)

# After a question that named the wrong page (the user's own slip): the user repairs it.
FRESH9_SELF_REPAIRS = Kind(
    "self-repair",
    ("target",),
    (
        "wrong",
        "request",
    ),
    (
        Family(
            "astronaut",
            (
                "Correction, Houston: I said {wrong}, I meant {target}. Over.",
                "Disregard my last, ground. The subject is {target}, over.",
                "Static on my end, sorry. {request}",
                "Capsule misspoke. {target}, not {wrong}. Copy?",
                "My checklist was on the wrong page. Make that {target}. Over and out.",
            ),
        ),
        Family(
            "crossword-setter",
            (
                "Oops, I misprinted my own clue: for {wrong}, I meant {target}.",
                "Setter's slip! The answer should have been {target}.",
                "I've put the wrong word in my own grid. {request}",
                "Erratum from the setter: {target}, not {wrong}.",
                "I wrote {wrong} in pen, sadly. It was meant to be {target}.",
            ),
        ),
        Family(
            "coach",
            (
                "My bad, team, I called the wrong play. It's {target}, not {wrong}.",
                "Scratch my last call. {request}",
                "I said {wrong}? Coach needs more coffee. {target}!",
                "Wrong whiteboard. Tonight we're talking {target}.",
                "Okay, I fumbled that one myself: I meant {target}.",
            ),
        ),
        Family(
            "customs-officer",
            (
                "Pardon me, I read the wrong line of the form. I meant {target}.",
                "My error at the desk: I said {wrong}, the item is {target}.",
                "Let me re-stamp that. {request}",
                "I misread the passport. It's {target}, not {wrong}.",
                "Strike {wrong} from my notes; my question was about {target}.",
            ),
        ),
        Family(
            "tailor",
            (
                "I wrote the wrong name on the ticket: {wrong}. It should be {target}.",
                "Sorry, I mixed up my clients. I meant {target}.",
                "Let me unpick my own stitch there. {request}",
                "Wrong bolt of cloth from me: {target}, not {wrong}.",
                "Forgive me, my measuring tape slipped. It's {target}.",
            ),
        ),
        Family(
            "beekeeper",
            (
                "Sorry, I was thinking of the wrong hive. I meant {target}, not {wrong}.",
                "Oops, my veil must have slipped. {target}, please.",
                "I named the wrong colony. {request}",
                "Not {wrong}; that's my other apiary. I meant {target}.",
                "Bit of a buzz in my head today. I said {wrong} but ment {target}.",
            ),
        ),
        Family(
            "cartographer",
            (
                "I misread my own legend: I said {wrong}, but meant {target}.",
                "My compass was off. {request}",
                "Let me redraw my question: {target}, not {wrong}.",
                "I pointed at the wrong spot on the map. It's {target}.",
                "Wrong sheet of the atlas, sorry. I meant {target}.",
            ),
        ),
        Family(
            "gardener",
            (
                "I mixed up my seed packets: I meant {target}, not {wrong}.",
                "Sorry, wrong label on my pot. It's {target}.",
                "Let me replant that question. {request}",
                "I said {wrong}, but the plant I'm asking about is {target}.",
                "Muddy fingers, wrong name. {target}, please.",
            ),
        ),
        Family(
            "archaeologist",
            (
                "I mislabelled my own find: it's {target}, not {wrong}.",
                "My field notes were wrong. I meant {target}.",
                "Let me re-catalogue that. {request}",
                "Said {wrong}? Too long in the sun at the dig. It's {target}.",
                "Scratch {wrong} from my log; the question concerns {target}.",
            ),
        ),
        Family(
            "robot",
            (
                "CORRECTION TO OWN INPUT: {target}, NOT {wrong}.",
                "Beep. My query contained an error. {request}",
                "Self-diagnostic complete: I meant {target}.",
                "Rebooting question... subject is {target}, not {wrong}.",
                "Glitch in my speech module. Replace {wrong} with {target}.",
            ),
        ),
        Family(
            "postcard",
            (
                "Dear assistant, silly me, I wrote {wrong} on my last card. I meant {target}!",
                "PS to my last: not {wrong}, but {target}.",
                "Hello again! I scribbled the wrong name. {request}",
                "Oops, the ink smudged and I wrote {wrong}. It's {target}.",
                "Quick card to correct myself: it was {target} I meant. Love, me.",
            ),
        ),
        Family(
            "insomniac",
            (
                "omg its so late i typed {wrong}, meant {target}",
                "sorry brain is off. {target} not {wrong}",
                "ignore me, half asleep. i meant {target}",
                "{target}*** not {wrong}. need sleep",
                "wait i said {wrong}?? ugh. {target}",
            ),
            lower_names=True,
        ),
    ),
)

# The final turn of the follow-up tier, after a correction and its answer. Names no page.
FRESH9_FOLLOW_UPS = Kind(
    "follow-up",
    (),
    (),
    (
        Family(
            "astronaut",
            (
                "Copy that, Houston, that's the right target. Send more, over.",
                "Roger, now we're on course. What else, over?",
                "Affirmative. Continue transmission.",
                "Signal's clear now. Further data, please. Over.",
                "Good copy. Keep it coming, control.",
            ),
        ),
        Family(
            "crossword-setter",
            (
                "That's it, the letters fit! What's the next clue?",
                "Solved. Now give me more on it.",
                "Perfect fit. Any other entries to fill in?",
                "Right answer in the grid. Carry on?",
                "Ah, that checks out across and down. More, please.",
            ),
        ),
        Family(
            "coach",
            (
                "That's the play! Now keep running with it.",
                "Atta boy. What's next?",
                "Good hustle. Give me more!",
                "Now we're talking. Next drill?",
                "Yes! That's the game plan. Keep pushing.",
            ),
        ),
        Family(
            "customs-officer",
            (
                "That matches the declaration. Anything further?",
                "Very well, that's in order. What else should I know?",
                "Stamped. Please continue.",
                "Thank you, the paperwork is correct now. More details?",
                "Cleared. Is there anything else to add?",
            ),
        ),
        Family(
            "tailor",
            (
                "Now that fits nicely. What else can you tell me?",
                "Much better cut. Go on.",
                "Yes, that's the right cloth. Any more?",
                "A perfect fit. Tell me a bit more, please.",
                "Lovely. Add the finishing touches?",
            ),
        ),
        Family(
            "beekeeper",
            (
                "That's my hive. What else is buzzing in there?",
                "Sweet as honey. More, please?",
                "Right colony. Carry on.",
                "The bees approve. What else?",
                "Lovely, that's the one. Any more from the comb?",
            ),
        ),
        Family(
            "cartographer",
            (
                "That's the right region. What else is on the map?",
                "On course now. Continue charting.",
                "Yes, those coordinates. More detail?",
                "Good, that's the territory. Go on.",
                "Right map. What lies further on?",
            ),
        ),
        Family(
            "gardener",
            (
                "That's my plant. What else should I know?",
                "Right bed now. Keep digging.",
                "Thriving. More, please.",
                "Yes, that seedling. Tell me more.",
                "Good, now we're growing. What else?",
            ),
        ),
        Family(
            "archaeologist",
            (
                "That's the right trench. What else turned up?",
                "Correct site. Keep excavating.",
                "Yes, that artefact. Any more finds?",
                "Now we're digging in the right place. Go on.",
                "Splendid. What else is in that layer?",
            ),
        ),
        Family(
            "robot",
            (
                "CONFIRMED. CONTINUE OUTPUT.",
                "Beep boop, correct subject. More data, please.",
                "Match found. Proceed.",
                "Acknowledged. Provide additional details.",
                "Affirmative. Next data packet?",
            ),
        ),
        Family(
            "postcard",
            (
                "Dear assistant, that's the one! Write more soon.",
                "Lovely, right address this time. Tell me more?",
                "Got your card, and it's just right. Any more news?",
                "PS: more, please!",
                "Hello again! That's it. What else can you tell me?",
            ),
        ),
    ),
)

# Put around a spliced return's question. A cue never names the page returned to, nor how far
# back it was.
FRESH9_RETURN_CUES = Kind(
    "return-cue",
    ("question",),
    (),
    (
        Family(
            "astronaut",
            (
                "Houston, returning to an earlier item on the checklist. {question} Over.",
                "Control, back to a previous transmission: {question}",
                "{question} That's regarding the earlier objective, over.",
                "Reverting to a prior orbit. {question}",
                "Ground, reopen the earlier channel. {question}",
            ),
        ),
        Family(
            "crossword-setter",
            (
                "Back to an earlier clue in the grid. {question}",
                "Returning to a clue we left unsolved: {question}",
                "{question} (that's for an earlier clue)",
                "Let's flip back to a previous puzzle. {question}",
                "One more on a clue from before: {question}",
            ),
        ),
        Family(
            "coach",
            (
                "Alright, back to an earlier play. {question}",
                "Let's rewind the tape to before. {question}",
                "{question} I'm talking about the earlier drill.",
                "Team, remember the first-half play? {question}",
                "Go back to what we ran before: {question}",
            ),
        ),
        Family(
            "customs-officer",
            (
                "Returning to an item declared earlier. {question}",
                "One more question about the earlier luggage: {question}",
                "{question} This concerns the item from before.",
                "Back to a previous entry on the form. {question}",
                "Before I let you through, about the earlier matter: {question}",
            ),
        ),
        Family(
            "tailor",
            (
                "Back to the earlier garment for a moment. {question}",
                "Returning to the previous fitting: {question}",
                "{question} I mean the earlier suit.",
                "Let's take out an earlier pattern again. {question}",
                "One more alteration on the earlier piece: {question}",
            ),
        ),
        Family(
            "beekeeper",
            (
                "Back to the earlier hive. {question}",
                "Returning to the colony from before: {question}",
                "{question} That's about the earlier hive.",
                "Let's check on a previous swarm again. {question}",
                "Flying back to an earlier flower: {question}",
            ),
        ),
        Family(
            "cartographer",
            (
                "Back to an earlier region of the map. {question}",
                "Retracing our route to before: {question}",
                "{question} (that's the earlier territory)",
                "Let's unfold the earlier map again. {question}",
                "Returning to a place we charted earlier: {question}",
            ),
        ),
        Family(
            "gardener",
            (
                "Back to the earlier bed for a moment. {question}",
                "Returning to the plant from before: {question}",
                "{question} That's about the earlier patch.",
                "Let's revisit an earlier seedling. {question}",
                "Popping back to what we planted before: {question}",
            ),
        ),
        Family(
            "archaeologist",
            (
                "Back to an earlier dig site. {question}",
                "Returning to the find from before: {question}",
                "{question} This is about the earlier excavation.",
                "Let's reopen a previous trench. {question}",
                "Revisiting an earlier layer: {question}",
            ),
        ),
        Family(
            "robot",
            (
                "RESTORING EARLIER CONTEXT. {question}",
                "Beep. Loading previous subject: {question}",
                "{question} [REFERENCE: EARLIER TOPIC]",
                "Rolling back to prior state. {question}",
                "Accessing earlier memory bank: {question}",
            ),
        ),
        Family(
            "postcard",
            (
                "Dear assistant, back to something from an earlier card. {question}",
                "PS, about my earlier postcard: {question}",
                "{question} (that's about my earlier card)",
                "Writing again about a previous topic! {question}",
                "Another card, back to before: {question}",
            ),
        ),
        Family(
            "insomniac",
            (
                "still awake, back to the earlier thing. {question}",
                "ok going back to before bc i cant sleep: {question}",
                "{question} (the earlier one, its late sorry)",
                "3am thought about the earlier stuff: {question}",
                "zzz anyway, back to that earlier topic. {question}",
            ),
            lower_names=True,
        ),
    ),
)

# After a turn about a page with a one-number sibling: the user switches the number.
FRESH9_VALUE_REVISIONS = Kind(
    "value-revision",
    ("new",),
    ("old",),
    (
        Family(
            "astronaut",
            (
                "Correction on that figure, Houston: {new}, not {old}. Over.",
                "Update the readout to {new}. Over.",
                "Negative on {old}. Reading is {new}, copy?",
                "Ground, amend the number: {new}.",
                "Telemetry says {new}. Disregard {old}, over.",
            ),
        ),
        Family(
            "crossword-setter",
            (
                "The clue number is {new}, not {old}.",
                "Wrong square: it's {new} Across.",
                "Setter's correction: replace {old} with {new} in the grid.",
                "Make that {new} Down, please.",
                "I miscounted the letters. {new}.",
            ),
        ),
        Family(
            "coach",
            (
                "Jersey number {new}, not {old}! Get it right.",
                "Change the score to {new}.",
                "Listen up: it's {new}. Not {old}.",
                "Scratch that stat. {new}.",
                "Coach's correction: {new}.",
            ),
        ),
        Family(
            "customs-officer",
            (
                "Amend the form: {new}, not {old}.",
                "The declared amount is {new}, I'm afraid.",
                "Please write {new} in that box instead.",
                "That should read {new} on the manifest.",
                "Not {old}. {new}, as stamped.",
            ),
        ),
        Family(
            "tailor",
            (
                "Let that out to {new}, not {old}.",
                "The measurment is {new}, actually.",
                "Take it in to {new}, please.",
                "I misread the tape: {new}.",
                "Change the size from {old} to {new}.",
            ),
        ),
        Family(
            "beekeeper",
            (
                "That's frame {new}, not {old}.",
                "Hive number {new}, please.",
                "Oops, the count was {new}.",
                "Not hive {old}, hive {new}.",
                "My smoker got in my eyes. It's {new}.",
            ),
        ),
        Family(
            "cartographer",
            (
                "Grid reference {new}, not {old}.",
                "Correct the elevation to {new}.",
                "The map key says {new}, actually.",
                "Replot that at {new}, please.",
                "I misread the scale: {new}, not {old}.",
            ),
        ),
        Family(
            "gardener",
            (
                "Plot {new}, not {old}.",
                "I planted in {new}, actually.",
                "Change the label to {new}, please.",
                "Wrong row: it's {new}.",
                "The seed packet says {new}.",
            ),
        ),
        Family(
            "archaeologist",
            (
                "Stratum {new}, not {old}.",
                "Redate that find to {new}.",
                "The tag reads {new}, actually.",
                "Field note correction: {old} should be {new}.",
                "Re-catalogue it under {new}.",
            ),
        ),
        Family(
            "robot",
            (
                "VALUE UPDATE: {new}.",
                "Beep. Replace {old} with {new}.",
                "Recalculating... {new}.",
                "Input error. Correct value is {new}.",
                "Overwriting {old}: new value {new}.",
            ),
        ),
        Family(
            "postcard",
            (
                "PS: I meant {new}, not {old}!",
                "Dear assistant, quick correction: {new}.",
                "Wrong date on my card. It's {new}.",
                "Hello again! Make that {new}, please. Love, me.",
                "Scribbled the wrong number, sorry: {new}.",
            ),
        ),
        Family(
            "insomniac",
            (
                "its {new} not {old}, too tired to type",
                "ugh {new}*. need sleep",
                "sorry 3am brain. {new}",
                "wait no, {new}. not {old}. zzz",
                "{new} i meant, cant see the keys in the dark",
            ),
            lower_names=True,
        ),
    ),
)

FRESH9_KINDS = (
    FRESH9_SHARED_QUESTIONS,
    FRESH9_NAMED_QUESTIONS,
    FRESH9_CORRECTIONS,
    FRESH9_SELF_REPAIRS,
    FRESH9_FOLLOW_UPS,
    FRESH9_RETURN_CUES,
    FRESH9_VALUE_REVISIONS,
)
