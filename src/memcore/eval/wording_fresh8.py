"""An eighth held-out wording, for the `fresh8` build part: families no writer was tuned to.

The `fresh7` part's families (`memcore.eval.wording_fresh7`) stop being unseen once that part is
read, so this module was written after fresh7 had been written, blind: its author opened no
writer code or writer cue lists, spec pages, writer docs or writer tests and looked at no score
on any part. Only the earlier wording modules were read, to keep each kind's name,
placeholders and meaning and to repeat none of their phrasings or family names. The voices are
new again: a sommelier sending back a bottle, a stage magician ("Is this your card?"), a
knitting pattern (rows, dropped stitches, errata), a dungeon master ("Retcon!", "Roll for
history"), a horoscope (Mercury in retrograde), a surfer ("dude", "wrong wave"), a bookkeeper's
memo (ledgers and adjusting entries), a chess annotator ("??", "Takeback"), a haiku poet (three
lines split by slashes), a barista at the counter, a philosopher (Socratic questions, "the thing
in itself") and a social-media poster tagging every turn with hashtags (all in lower case).

The rules are those of `memcore.eval.wording`: every phrasing is written out by hand and no slip
touches a placeholder, a `lower_names` family (typed all in lower case) lower-cases the names
filled in, and a `{request}` appears only in capitalised families.
"""

from __future__ import annotations

from memcore.eval.wording import Family, Kind

# The trouble source of a correction: a request that fits either of two topics. Names no page.
FRESH8_SHARED_QUESTIONS = Kind(
    "shared-question",
    (),
    (),
    (
        Family(
            "sommelier",
            (
                "An intriguing first sip. Could you let it breathe a little and tell me more?",
                "The finish on that answer was rather short. What else is in the glass?",
                "I'm getting hints of something deeper here. Would you pour me a fuller "
                "description?",
                "Swirl it around once more, please: what are the other notes to it?",
                "A promising bouquet, but I'd like the whole tasting flight on this one.",
            ),
        ),
        Family(
            "magician",
            (
                "And for my next trick, you'll tell me more about it! Go on.",
                "Nothing up my sleeve, but there must be more up yours. What else is there?",
                "Ta-da... wait, that can't be the whole act. Pull a bit more out of the hat?",
                "Ladies and gentlemen, a round of applause, and then the rest of the secret, "
                "please.",
                "Abracadabra! Make the rest of the details appear.",
            ),
        ),
        Family(
            "knitting",
            (
                "Row 2: knit the rest of the details into that answer, please.",
                "That's only the cast-on. Could you work a few more rows on it?",
                "Rep from * until you've covered everything else about it.",
                "I think a few stiches got dropped there. Can you pick them up and tell me more?",
                "Pattern note: continue in the same stitch, adding detail, until the piece is "
                "complete.",
            ),
        ),
        Family(
            "dungeon-master",
            (
                "You've rolled a natural 20 on that lore check. What more do you learn about it?",
                "The party leans in closer. Tell us what else is written on the ancient scroll.",
                "Roll for investigation: what other details can be uncovered here?",
                "The innkeeper pauses, as if there's more to the tale. Does he go on?",
                "Your character senses there's more to this. Describe it further.",
            ),
        ),
        Family(
            "horoscope",
            (
                "The stars say today is a good day to learn more about this. What else is there?",
                "With Mercury in retrograde, I need a little more clarity on that. Go on?",
                "Your chart suggests a deeper story is waiting. Care to reveal it?",
                "Libra, the cosmos urges patience, but I'd still like the rest of it.",
                "The moon is waxing, and so is my curiousity. Tell me more about it.",
            ),
        ),
        Family(
            "surfer",
            (
                "Whoa, dude, that's a gnarly start. Got any more on it?",
                "Totally stoked on that, bro. Paddle out a bit further and tell me more?",
                "Sick, man. What else is out there on this one?",
                "Hang loose, I'm still waiting for the rest of the wave. More details?",
                "Duuude. Is that all? Gimme the whole swell report on it.",
            ),
        ),
        Family(
            "bookkeeper",
            (
                "Memo: the figures provided so far are incomplete. Please itemise further.",
                "Per my review, this entry needs supporting detail. Kindly expand.",
                "Re: your previous answer. Could you provide a fuller breakdown for the file?",
                "The balance looks off without more information. What else should be booked here?",
                "For audit purposes, please attach any remaining particulars on this item.",
            ),
        ),
        Family(
            "chess-annotator",
            (
                "1. ... a solid opening move. What's the continuation? Tell me more.",
                "Interesting (!?). Could you analyse the position a bit deeper?",
                "That's only the first move of the line. Show me the rest of the variation.",
                "White to play and explain further. What else is there in this position?",
                "A good start, but the engine wants more depth here. Keep going with the analysis.",
            ),
        ),
        Family(
            "haiku",
            (
                "Short answer, like spring / my curiosity grows / tell me a bit more",
                "The pond is still deep / one pebble is not enough / what else lies below",
                "Autumn leaves falling / each one a detail unknown / let the rest come down",
                "Only half the moon / hidden behind a thin cloud / show me the full shape",
                "Morning fog lifting / the outline is there, but dim / paint in the details",
            ),
        ),
        Family(
            "barista",
            (
                "That's just the espresso shot. Can I get the full latte on it, please?",
                "Hmm, a bit thin. Could you add another shot of detail to that?",
                "One more pour, please: what else is there to it?",
                "Can you top that up? I'd like a larger size on this one.",
                "Order's up, but it's missing the foam. Tell me the rest?",
            ),
        ),
        Family(
            "philosopher",
            (
                "But what, really, is there beyond what you've said? Elaborate.",
                "One might argue that answer is incomplete. What else can be said of it?",
                "Let us examine this further. What more is there to know?",
                "If a summary falls in a forest and nobody reads it... anyway, tell me more.",
                "Socrates would ask for more, and so do I. Go deeper on this, please.",
            ),
        ),
    ),
)

# The trouble source of a self-repair (and the turn a value revision revises): a request naming
# the topic.
FRESH8_NAMED_QUESTIONS = Kind(
    "named-question",
    ("topic",),
    (),
    (
        Family(
            "sommelier",
            (
                "What can you tell me about the bouquet of {topic}?",
                "I'd like a proper tasting note on {topic}, please.",
                "Pour me a glass of {topic}: what are its defining notes?",
                "Is {topic} a vintage worth knowing? Describe it for me.",
                "Let's uncork {topic}. What should I expect?",
            ),
        ),
        Family(
            "magician",
            (
                "For my next trick, I'll make {topic} appear! Now tell me all about it.",
                "Pick a card, any card... it's {topic}! What's the story behind it?",
                "Abracadabra: {topic}. What can you reveal?",
                "Nothing up my sleeve but {topic}. Explain it to the audience.",
                "The great reveal tonight is {topic}. What's the secret?",
            ),
        ),
        Family(
            "knitting",
            (
                "Cast on for {topic}: what are the basics?",
                "Pattern: {topic}. Please list the main details.",
                "Next project is {topic}. What should I know before I start?",
                "Knit me a summary of {topic}, please.",
                "Row 1: {topic}. Tell me about it.",
            ),
        ),
        Family(
            "dungeon-master",
            (
                "The party arrives at {topic}. What do they know about it?",
                "Roll for history on {topic}. What does your character recall?",
                "A sage offers to tell you of {topic}. What does he say?",
                "You find an old tome titled {topic}. What's inside?",
                "Before the adventure begins, describe {topic} to the players.",
            ),
        ),
        Family(
            "horoscope",
            (
                "What do the stars reveal about {topic}?",
                "Today's reading concerns {topic}. What should I know?",
                "The planets are aligned for {topic}. Tell me about it.",
                "Consult the charts on {topic}, would you?",
                "Is {topic} in my future? Describe it.",
            ),
        ),
        Family(
            "surfer",
            (
                "Dude, what's the deal with {topic}?",
                "Yo, fill me in on {topic}, bro.",
                "So, like, {topic}. What's that about, man?",
                "Totally curious about {topic}. Spill it, dude.",
                "Bro, is {topic} rad? Tell me about it.",
            ),
        ),
        Family(
            "bookkeeper",
            (
                "Memo re: {topic}. Please summarise the key facts.",
                "Requesting a breakdown of {topic} for the quarterly file.",
                "Please itemise what's known about {topic}.",
                "Per our records, {topic} needs a description. Kindly provide one.",
                "Subject: {topic}. Supporting details required.",
            ),
        ),
        Family(
            "chess-annotator",
            (
                "Opening: {topic}. What are the main ideas?",
                "Let's analyse {topic}. What's the key line?",
                "Position after {topic}: explain it to me.",
                "In this game the theme is {topic}. What should I know?",
                "Annotate {topic} for me, move by move.",
            ),
        ),
        Family(
            "haiku",
            (
                "Whispers of {topic} / drifting on the evening wind / what is its story",
                "I think of {topic} / like a bird on a far branch / tell me what it is",
                "{topic} in my mind / a stone in a quiet stream / describe it to me",
                "Snow falls on {topic} / I know only its name now / teach me the rest, please",
                "Cherry blossoms fall / and still I wonder about {topic} / explain it gently",
            ),
        ),
        Family(
            "barista",
            (
                "One {topic}, please, with everything you know on the side.",
                "What's in {topic}? Give me the full menu description.",
                "Could I get a short summary of {topic}, to go?",
                "Is {topic} any good? What goes into it?",
                "Name on the cup is {topic}. What's the story with that one?",
            ),
        ),
        Family(
            "philosopher",
            (
                "What is the essence of {topic}?",
                "Let us consider {topic}. What can truly be known about it?",
                "What does it mean for something to be {topic}? Explain.",
                "Before we judge {topic}, tell me what it is.",
                "I ponder {topic}. Enlighten me.",
            ),
        ),
    ),
)

# After a shared question answered for the wrong page: the user says which page was meant.
FRESH8_CORRECTIONS = Kind(
    "correction",
    ("target",),
    (
        "wrong",
        "request",
    ),
    (
        Family(
            "sommelier",
            (
                "Ah, I'm afraid this bottle is {wrong}. I ordered {target}.",
                "This one is corked, I'm afraid: it's {wrong}. Could you bring the {target} "
                "instead?",
                "A fine pour, but the wrong vintage. {request}",
                "Not {wrong}, thank you. The pairing I asked for was {target}.",
                "I'd like to send this back; I asked for {target}.",
            ),
        ),
        Family(
            "magician",
            (
                "Is this your card? No! My card was {target}, not {wrong}.",
                "The trick went wrong: you pulled out {wrong}, and I picked {target}.",
                "Not quite the card I chose. {request}",
                "Ta-da... {wrong}? That's not it. It was {target} all along.",
                "Let's try that trick again. The card in my hand says {target}.",
            ),
        ),
        Family(
            "knitting",
            (
                "I've dropped a stitch: that's {wrong}. The pattern calls for {target}.",
                "Frog it back, that's the wrong yarn. {request}",
                "Wrong colourway: you knit {wrong}, and I asked for {target}.",
                "Unravel that row, please. It should be {target}.",
                "Pattern errata: for {wrong}, read {target}.",
            ),
        ),
        Family(
            "dungeon-master",
            (
                "Wait, the party was headed to {target}, not {wrong}. Let's retcon that.",
                "Hold on, you rolled on the wrong table. That's {wrong}; the quest is {target}.",
                "Retcon! {request}",
                "Nope, wrong dungeon. The map leads to {target}.",
                "The players look confused. They asked about {target}, not {wrong}.",
            ),
        ),
        Family(
            "horoscope",
            (
                "The stars must be crossed: that reading is for {wrong}. I asked about {target}.",
                "Blame Mercury in retrograde, but I meant {target}.",
                "Wrong sign entirely. {request}",
                "That's the horoscope for {wrong}, not mine. Mine is {target}.",
                "Not {wrong}. The chart I wanted was {target}.",
            ),
        ),
        Family(
            "surfer",
            (
                "Whoa, bro, wrong wave. That's {wrong}, I asked about {target}.",
                "Dude, no. {target}, not {wrong}. Totally different break.",
                "Wiped out on that one, man. {request}",
                "Nah, bro, I was stoked about {target}.",
                "That's like, {wrong}, dude. I definately meant {target}.",
            ),
        ),
        Family(
            "bookkeeper",
            (
                "Memo: the previous answer was posted to {wrong} in error. The correct account "
                "is {target}.",
                "Reconciliation issue: you booked this under {wrong}. It belongs to {target}.",
                "Please reverse that entry. {request}",
                "Adjusting entry required: {target}, not {wrong}.",
                "Per my original request, the subject was {target}.",
            ),
        ),
        Family(
            "chess-annotator",
            (
                "?? That's a blunder: you moved {wrong}, and the question was about {target}.",
                "Takeback, please. I asked about {target}.",
                "Wrong piece! {request}",
                "That line covers {wrong}. The position I meant is {target}.",
                "Better was {target}, not {wrong}.",
            ),
        ),
        Family(
            "haiku",
            (
                "You spoke of {wrong} / but my heart asked for {target} / please turn back to it",
                "Not {wrong}, my friend / the one I meant was {target} / like a different moon",
                "Wrong bank you walked on / the question was {target} / return to that shore",
                "A leaf blown off course / {target} is where I meant / not {wrong}, not there",
                "Misheard like the wind / {request}",
            ),
        ),
        Family(
            "barista",
            (
                "Sorry, this isnt my order. I asked for {target}, not {wrong}.",
                "The cup says {wrong}, but I ordered {target}.",
                "Wrong drink, I think. {request}",
                "Could you remake it? It should be {target}.",
                "I think you handed me someone else's {wrong}. Mine was {target}.",
            ),
        ),
        Family(
            "philosopher",
            (
                "You have answered a question about {wrong}, yet my inquiry concerned {target}.",
                "Consider: if I ask about {target}, is an answer about {wrong} an answer at all?",
                "A category error, I fear. {request}",
                "The thing in itself I meant was {target}.",
                "Let us not confuse the two. {target} was my subject, not {wrong}.",
            ),
        ),
        Family(
            "hashtag",
            (
                "wrong one #fail, i asked about {target}",
                "#correction it was {target} all along, not {wrong} #myb",
                "that was {wrong} #facepalm. {target} pls",
                "{target}, not {wrong} #justsaying",
                "#oops you answered for {wrong}. meant {target} #thanks",
            ),
            lower_names=True,
        ),
    ),
)

# After a question that named the wrong page (the user's own slip): the user repairs it.
FRESH8_SELF_REPAIRS = Kind(
    "self-repair",
    ("target",),
    (
        "wrong",
        "request",
    ),
    (
        Family(
            "sommelier",
            (
                "Forgive me, I misread the wine list. I meant {target}, not {wrong}.",
                "Pardon, I named the wrong vintage. It's {target} I'd like to hear about.",
                "I said {wrong}? My palate must be tired. {target}, please.",
                "A slip of the tongue after the third glass. {request}",
                "Excuse me, I confused my labels: {target}.",
            ),
        ),
        Family(
            "magician",
            (
                "Oops, wrong card from my own deck! I meant {target}.",
                "My sleight of hand slipped there: I said {wrong}, but meant {target}.",
                "Even magicians fumble. {request}",
                "Forget the card I named, {wrong}. It's {target}.",
                "Let me redo my trick: the name I wanted was {target}, not {wrong}.",
            ),
        ),
        Family(
            "knitting",
            (
                "I miscounted my stitches: I wrote {wrong} and meant {target}.",
                "My mistake in the pattern notes. It should read {target}.",
                "Oh, I knitted the wrong name in there. {request}",
                "Tink back one row: {target}, not {wrong}.",
                "I mixed up my skeins. I meant {target}.",
            ),
        ),
        Family(
            "dungeon-master",
            (
                "Sorry, I read from the wrong page of my notes. The party is at {target}, not "
                "{wrong}.",
                "DM error, everybody: I said {wrong}, but it's {target}.",
                "Let me retcon my own line. {request}",
                "My bad, wrong module. It should be {target}.",
                "Scratch what the narrator said about {wrong}. I meant {target}.",
            ),
        ),
        Family(
            "horoscope",
            (
                "My own chart got muddled: I wrote {wrong}, I meant {target}.",
                "The stars made me say {wrong}. It was {target}.",
                "Mercury made me misspeak. {request}",
                "I confused my signs. I meant {target}.",
                "Ignore my reading of {wrong}; my question is really about {target}.",
            ),
        ),
        Family(
            "surfer",
            (
                "Whoa, my bad, dude. I said {wrong} but I meant {target}.",
                "Sorry bro, too much sun. It's {target}.",
                "Ha, I totally bailed on that name. {request}",
                "Wait, not {wrong}, man. {target}.",
                "I was, like, half asleep. I meant {target}, not {wrong}.",
            ),
        ),
        Family(
            "bookkeeper",
            (
                "Correction to my previous memo: I recorded {wrong}, but it should be {target}.",
                "I posted my question to the wrong ledger. The account is {target}.",
                "Clerical error on my part. {request}",
                "Please restate my query: {target}, not {wrong}.",
                "My entry had a transposition eror. I meant {target}.",
            ),
        ),
        Family(
            "chess-annotator",
            (
                "I touched the wrong piece myself: I meant {target}, not {wrong}.",
                "My notation was off. The move I intended was {target}.",
                "J'adoube, I misnamed it. {request}",
                "Let me correct my own annotation: {wrong} should read {target}.",
                "Oops, I wrote {wrong} on the scoresheet. {target}.",
            ),
        ),
        Family(
            "haiku",
            (
                "My tongue slipped like ice / I said {wrong}, but I meant / {target}, the other",
                "Wrong word from my brush / {target} is what I wished / to write on the page",
                "A slip of the pen / {request}",
                "Not {wrong}, forgive / the old poet's wandering / I meant {target}",
                "Spring rain blurs my words / I wrote {wrong} by mistake / read it as {target}",
            ),
        ),
        Family(
            "barista",
            (
                "Sorry, I ordered wrong. I meant {target}, not {wrong}.",
                "Oops, I said {wrong}? Make that {target}, please.",
                "Let me change my order. {request}",
                "Still half asleep before my coffee. It's {target}.",
                "Scratch that, I misspoke at the counter: {target}.",
            ),
        ),
        Family(
            "philosopher",
            (
                "I must correct myself, for I said {wrong} when I meant {target}.",
                "Even the wise misspeak. I meant {target}.",
                "On reflection, my premise was flawed. {request}",
                "I named {wrong}, but my thought was of {target}.",
                "Let me restate my question properly: it concerns {target}, not {wrong}.",
            ),
        ),
        Family(
            "hashtag",
            (
                "ugh i typed {wrong} #fail, meant {target}",
                "#selfcorrect i meant {target} not {wrong}",
                "my bad, {target} #typo",
                "said {wrong} by accident #oops. {target}",
                "scratch that, it's {target} #brainfart",
            ),
            lower_names=True,
        ),
    ),
)

# The final turn of the follow-up tier, after a correction and its answer. Names no page.
FRESH8_FOLLOW_UPS = Kind(
    "follow-up",
    (),
    (),
    (
        Family(
            "sommelier",
            (
                "Ah, now that's the right bottle. What else can you tell me?",
                "Much better on the palate. Please go on.",
                "That's the vintage. Any further notes?",
                "Lovely. And the finish?",
                "Now we're tasting the right wine. Say more, please.",
            ),
        ),
        Family(
            "magician",
            (
                "That's my card! What else is up your sleeve?",
                "Ta-da, there it is. Now, what's next?",
                "Bravo! Any more tricks with it?",
                "Now you've found it. Tell me more.",
                "The audience applauds. Continue, please!",
            ),
        ),
        Family(
            "knitting",
            (
                "That's the right yarn. Knit on, please.",
                "Stitch count is correct now. What's the next row?",
                "Good, the pattern lines up. Continue.",
                "Lovely tension. Anything else?",
                "Right. Keep going until the end of the row.",
            ),
        ),
        Family(
            "dungeon-master",
            (
                "The party is back on track. What happens next?",
                "Good, that's the right dungeon. What else do they discover?",
                "Roll again: what more is there?",
                "The quest continues. Describe further.",
                "Excellent. What lies beyond?",
            ),
        ),
        Family(
            "horoscope",
            (
                "The stars align now. What else do they say?",
                "That's my sign. Keep reading.",
                "Yes, that's the chart. And what more?",
                "The cosmos approves. Any further insight?",
                "Good. What else is written in the stars?",
            ),
        ),
        Family(
            "surfer",
            (
                "Yeah, that's the wave, dude. What else?",
                "Stoked, bro. Keep it coming.",
                "Righteous. Any more on it?",
                "Sweet, that's it. Tell me more, man.",
                "Now we're riding it. What else is out there?",
            ),
        ),
        Family(
            "bookkeeper",
            (
                "That reconciles. Please provide any further details.",
                "Entry accepted. What else should be noted?",
                "The books balance now. Continue.",
                "Thank you, that's the correct account. Anything more to report?",
                "Filed. Further particulars?",
            ),
        ),
        Family(
            "chess-annotator",
            (
                "! That's the move. What's the follow-up?",
                "Correct. Show me the next move in the line.",
                "Good. Continue the analysis.",
                "Precisely. What else is in the position?",
                "Now we're in the right variation. Go on.",
            ),
        ),
        Family(
            "haiku",
            (
                "Yes, that is the one / like sunlight on the water / tell me more of it",
                "Now the path is clear / the cherry tree is in bloom / what else can you say",
                "Right shore, calm water / the heron waits, listening / speak on, speak further",
                "The bell rings true now / one more verse, if you please / let it ring again",
                "Found it, like the moon / after a long night of clouds / what lies behind it",
            ),
        ),
        Family(
            "barista",
            (
                "That's my order. Anything else on the menu about it?",
                "Perfect, that's the one. Could I get a refill?",
                "Great, thanks. What else comes with it?",
                "Right cup. Top me up with more?",
                "Yes, that's the drink. Tell me more about it.",
            ),
        ),
        Family(
            "philosopher",
            (
                "Now we approach the truth. What more is there?",
                "Indeed. And what follows from that?",
                "Very good. Let us go further.",
                "Yes, that is the subject. What else can be said?",
                "I see. Continue the argument.",
            ),
        ),
    ),
)

# Put around a spliced return's question. A cue never names the page returned to, nor how far
# back it was.
FRESH8_RETURN_CUES = Kind(
    "return-cue",
    ("question",),
    (),
    (
        Family(
            "sommelier",
            (
                "Let's return to the earlier bottle for a moment. {question}",
                "Going back to the wine we tasted before: {question}",
                "{question} I mean the one we uncorked earlier.",
                "Back to a previous glass, if I may. {question}",
                "Before the dessert wine, one more on the earlier vintage: {question}",
            ),
        ),
        Family(
            "magician",
            (
                "And now, returning to an earlier trick! {question}",
                "Remember the card from before? {question}",
                "{question} That's about the earlier illusion.",
                "Let's bring back a trick from earlier in the show. {question}",
                "For my encore, back to an earlier act: {question}",
            ),
        ),
        Family(
            "knitting",
            (
                "Pick up the earlier thread. {question}",
                "Return to the stitch holder from before: {question}",
                "{question} (that's the earlier project on the needles)",
                "Go back to the earlier section of the pattern. {question}",
                "Rejoin the earlier yarn: {question}",
            ),
        ),
        Family(
            "dungeon-master",
            (
                "Meanwhile, back at the earlier location... {question}",
                "The party returns to where they were before. {question}",
                "{question} That's about the place the party visited earlier.",
                "Flashback to an earlier session: {question}",
                "Let's cut back to the earlier quest. {question}",
            ),
        ),
        Family(
            "horoscope",
            (
                "The stars turn back to an earlier matter. {question}",
                "Revisiting an earlier reading: {question}",
                "{question} This concerns the earlier reading.",
                "As the planets circle back, so do I: {question}",
                "Returning to the previous chart. {question}",
            ),
        ),
        Family(
            "surfer",
            (
                "Dude, paddling back to the earlier thing. {question}",
                "Back to the earlier break, bro: {question}",
                "{question} That's about the earlier wave, man.",
                "Circling back out to where we were before, dude. {question}",
                "Bro, the earlier spot again: {question}",
            ),
        ),
        Family(
            "bookkeeper",
            (
                "Reopening an earlier file. {question}",
                "Re: the previous matter on the ledger: {question}",
                "{question} Reference: the earlier entry.",
                "Revisiting a prior line item. {question}",
                "Carrying forward an earlier query: {question}",
            ),
        ),
        Family(
            "chess-annotator",
            (
                "Back to an earlier position. {question}",
                "Returning to the earlier variation: {question}",
                "{question} (refers to the earlier position)",
                "Let's reset the board to before. {question}",
                "Going back to the earlier line of play: {question}",
            ),
        ),
        Family(
            "haiku",
            (
                "Back to the old path / {question}",
                "Like geese returning / to the lake of earlier / {question}",
                "{question} / the earlier pond again",
                "Memory's river / flows back to what came before / {question}",
                "An old bell rings again / {question}",
            ),
        ),
        Family(
            "barista",
            (
                "Back to my earlier order. {question}",
                "About the drink from before: {question}",
                "{question} That's about the earlier order.",
                "One more question on the earlier cup. {question}",
                "Can I go back to what I ordered before? {question}",
            ),
        ),
        Family(
            "philosopher",
            (
                "Let us return to an earlier question. {question}",
                "Revisiting our former inquiry: {question}",
                "{question} I refer to the subject of our earlier dialogue.",
                "One never steps into the same topic twice, but let us try. {question}",
                "Back to the prior argument: {question}",
            ),
        ),
        Family(
            "hashtag",
            (
                "#throwback to the earlier thing: {question}",
                "back to earlier #tbt {question}",
                "{question} #earliertopic",
                "#rewind {question}",
                "going back to before #again: {question}",
            ),
            lower_names=True,
        ),
    ),
)

# After a turn about a page with a one-number sibling: the user switches the number.
FRESH8_VALUE_REVISIONS = Kind(
    "value-revision",
    ("new",),
    ("old",),
    (
        Family(
            "sommelier",
            (
                "Pardon me, the vintage is {new}, not {old}.",
                "I misread the label. It's the {new}.",
                "Make that the {new} bottle, please.",
                "Not the {old}; the {new} is the one I want to taste.",
                "On second sip, the year is {new}.",
            ),
        ),
        Family(
            "magician",
            (
                "Is this your number? No? Then it's {new}, not {old}!",
                "Abracadabra, {old} becomes {new}.",
                "The number hidden in the envelope was {new}.",
                "Watch closely: I change {old} into {new}.",
                "My assistant corrects me: it's {new}.",
            ),
        ),
        Family(
            "knitting",
            (
                "Correction to the stitch count: {new}, not {old}.",
                "Cast on {new} instead.",
                "Pattern errata: replace {old} with {new}.",
                "I miscounted the rows. It's {new}.",
                "Change the needle size to {new}, please.",
            ),
        ),
        Family(
            "dungeon-master",
            (
                "The die actually shows {new}, not {old}.",
                "Reroll: it's {new}.",
                "Let me fix that stat. {new}.",
                "The dungeon map says {new}, not {old}.",
                "Retcon the number to {new}.",
            ),
        ),
        Family(
            "horoscope",
            (
                "The stars have recalculated: {new}.",
                "Your lucky number is {new}, not {old}.",
                "Mercury retrograde strikes again. It's {new}.",
                "The chart says {new}, actually.",
                "Realign that reading to {new}.",
            ),
        ),
        Family(
            "surfer",
            (
                "Whoa, my bad, dude, it's {new}.",
                "Not {old}, bro. {new}.",
                "Make it {new}, man.",
                "Totally meant {new}, dude.",
                "The swell report says {new}, not {old}.",
            ),
        ),
        Family(
            "bookkeeper",
            (
                "Adjusting entry: {new}, replacing {old}.",
                "Please restate the figure as {new}.",
                "Transposition error: the amount is {new}.",
                "Amend {old} to {new} in the ledger.",
                "Per the corrected statement, it's {new}.",
            ),
        ),
        Family(
            "chess-annotator",
            (
                "Correction to the move number: {new}, not {old}.",
                "The game was played in {new}, actually.",
                "Scoresheet error: read {new}.",
                "Annotator's note: {old}?? should be {new}.",
                "Takeback: {new}.",
            ),
        ),
        Family(
            "haiku",
            (
                "Not {old}, but {new} / the numbers shift like the tide / let that one stand now",
                "I counted the stars / and found {new}, not {old} / let the verse be fixed",
                "Change it, like seasons / the figure is {new} now",
                "A petal falls, and / {old} drifts away from me / {new} remains true",
                "Cold rain, clear morning / the true number is {new} / I misspoke before",
            ),
        ),
        Family(
            "barista",
            (
                "Sorry, can I change that to {new}?",
                "Make it a {new}, not a {old}.",
                "Oops, wrong size. {new}, please.",
                "Could you ring that up as {new} instead?",
                "Actually, the number on my ticket is {new}.",
            ),
        ),
        Family(
            "philosopher",
            (
                "Upon further contemplation, the number is {new}.",
                "Let us suppose {new} rather than {old}.",
                "I erred in my premise: {new}, not {old}.",
                "The truth of the matter is {new}.",
                "Replace {old} with {new}, and the argument holds.",
            ),
        ),
        Family(
            "hashtag",
            (
                "{new} not {old} #typo",
                "#correction its {new}",
                "make that {new} #oops",
                "meant {new} #fatfingers",
                "ugh {old}?? no. {new} #fixed",
            ),
            lower_names=True,
        ),
    ),
)

FRESH8_KINDS = (
    FRESH8_SHARED_QUESTIONS,
    FRESH8_NAMED_QUESTIONS,
    FRESH8_CORRECTIONS,
    FRESH8_SELF_REPAIRS,
    FRESH8_FOLLOW_UPS,
    FRESH8_RETURN_CUES,
    FRESH8_VALUE_REVISIONS,
)
