"""A sixth held-out wording, for the `fresh6` build part: families no writer was tuned to.

The `fresh5` part's families (`memcore.eval.wording_fresh5`) were no longer unseen once that part
had been read, so this module was written after that, blind: its author opened no writer's cue
lists, spec pages, writer docs or writer tests and looked at no score on any part. Only the
earlier wording modules were read, to keep each kind's name, placeholders and meaning and to
repeat none of their phrasings or family names. The voices are new again: a weather forecaster,
a museum guide, an auctioneer, a recipe card, a scientist's lab notebook, a game-show host, a
librarian, a flight attendant, a referee's call, a medieval herald, a satnav's voice and a
drawling cowboy (all in lower case).

The rules are those of `memcore.eval.wording`: every phrasing is written out by hand and no slip
touches a placeholder, a `lower_names` family (typed all in lower case) lower-cases the names
filled in, and a `{request}` appears only in capitalised families.
"""

from __future__ import annotations

from memcore.eval.wording import Family, Kind

# The trouble source of a correction: a request that fits either of two topics. Names no page.
FRESH6_SHARED_QUESTIONS = Kind(
    "shared-question",
    (),
    (),
    (
        Family(
            "forecaster",
            (
                "Outlook so far is partly informative. Any more detail moving in on this?",
                "That's the short-range forecast. Can I get the extended outlook on it?",
                "Scattered facts so far, with a good chance of more. What else is there?",
                "Conditions look promising. Give me the full five-day picture on that.",
                "High pressure for details here: what else can you tell me?",
            ),
        ),
        Family(
            "museum-guide",
            (
                "And if we step a little closer to this exhibit, what more can you tell us?",
                "The placard only says so much. What's the fuller story behind it?",
                "Before we move on to the next room, tell me more about this piece.",
                "Please, no flash photography, just more detials on this one.",
                "This gallery deserves a longer stop. What else should I know about it?",
            ),
        ),
        Family(
            "auctioneer",
            (
                "Do I hear more? More on this, going once, going twice?",
                "Opening bid's in. Who'll give me further details on it?",
                "That's a starting price, not a sale. What else have we got on this lot?",
                "Lot under the hammer: this one. Tell me more before it goes.",
                "Bidding's open on the details. Can I get the rest?",
            ),
        ),
        Family(
            "recipe-card",
            (
                "Step 1: the basics, done. Step 2: add more detail. Serves one curious reader.",
                "Ingredients so far: a summary. Still needed: the full details on it.",
                "Method: take the last answer, fold in more information, and serve.",
                "Prep time: none. Cooking time: long enough to explain it in full, please.",
                "Tip: this works best with extra detail. Could you add some?",
            ),
        ),
        Family(
            "lab-notebook",
            (
                "Observation 1 recorded. Further data on this needed before conclusions.",
                "Hypothesis: there is more to it. Please supply the supporting detail.",
                "Sample size too small. Could you expand on the findings?",
                "Results inconclusive so far. Requesting the remaining measurements on this.",
                "Note to self: ask for the full method. Can you go deeper into it?",
            ),
        ),
        Family(
            "game-show",
            (
                "You've cleared round one! For the bonus round: tell me more about it!",
                "Survey says... we want more! What else is there?",
                "Good answer, good answer! Now, can you go for the full jackpot on this one?",
                "Let's spin again and see what more you know about it.",
                "Is that your final answer, or is there more to this?",
            ),
        ),
        Family(
            "librarian",
            (
                "Just quietly: is there any more on this in the stacks?",
                "That's the catalogue entry. Could I see the full volume on it?",
                "I've read the blurb on the back cover. What's inside?",
                "Could you check whether there's a fuller reference on this subject?",
                "Please renew that answer with more detail; it's due back too soon.",
            ),
        ),
        Family(
            "flight-attendant",
            (
                "Ladies and gentlemen, we'd now like further details on this, please.",
                "As we continue our journey on this topic, what else can you share?",
                "For your comfort and convenience, please expand on that answer.",
                "We'll be cruising on this one a while longer, so tell me more about it.",
                "Kindly bring the rest of the information to my seat when convenient.",
            ),
        ),
        Family(
            "referee",
            (
                "Play on! Keep the information coming on that.",
                "Advantage to you. Now continue with more detail.",
                "Whistle's not blown yet. What more is there?",
                "That's the first half. Second half, please: the rest of it.",
                "No foul there, just not enough. Extend it with more detail.",
            ),
        ),
        Family(
            "herald",
            (
                "Hear ye, hear ye! The court requests further tidings on this matter!",
                "By order of the user, let more be proclaimed on it!",
                "Let the full account be read aloud to all assembled.",
                "Sound the trumpets: more news of this is desired!",
                "The realm awaits more particulars. Proclaim them, good herald!",
            ),
        ),
        Family(
            "gps",
            (
                "In two hundred metres, continue with more detail on this.",
                "Recalculating... more informaton required. Please proceed.",
                "You have not yet reached your destination. Keep going with the details.",
                "Continue straight ahead on this subject for the rest of it.",
                "Route incomplete. Proceed to the remaining facts.",
            ),
        ),
    ),
)

# The trouble source of a self-repair (and the turn a value revision revises): a request naming
# the topic.
FRESH6_NAMED_QUESTIONS = Kind(
    "named-question",
    ("topic",),
    (),
    (
        Family(
            "forecaster",
            (
                "Turning now to the outlook for {topic}. What's the picture there?",
                "Today's feature forecast: {topic}. Give me the details.",
                "A front is moving in from {topic}. What should I know about it?",
                "Expect heavy interest in {topic} later today. What can you tell me?",
                "And now the regional forecast for {topic}, please.",
            ),
        ),
        Family(
            "museum-guide",
            (
                "In this next room we find {topic}. Tell me about it.",
                "Our tour continues with {topic}. What's the history here?",
                "Please gather round {topic}. What's its story?",
                "Next stop on the tour: {topic}. What should visitors know?",
                "The audio guide skips {topic}. Could you fill me in?",
            ),
        ),
        Family(
            "auctioneer",
            (
                "Next lot: {topic}. What can you tell the room about it?",
                "Lot forty-two, {topic}. Provenance, please?",
                "Coming up for sale, {topic}. Give me the particulars.",
                "Who'll start me off on {topic}? First, the description.",
                "Item up next is {topic}. Describe it for the bidders.",
            ),
        ),
        Family(
            "recipe-card",
            (
                "Recipe: {topic}. Ingredients and method, please.",
                "Today's card: {topic}. What goes into it?",
                "Serves 4: {topic}. Talk me through the steps.",
                "Card 12, {topic}. Start with the ingredients list.",
                "Preparing {topic} today. What do I need to know?",
            ),
        ),
        Family(
            "lab-notebook",
            (
                "Entry 7: subject under study is {topic}. Record the known facts.",
                "New experiment on {topic}. Background reading, please.",
                "Specimen: {topic}. Describe its properties.",
                "Literature review needed on {topic}. What's established?",
                "Day 3, {topic}. Summarise what is known so far.",
            ),
        ),
        Family(
            "game-show",
            (
                "And the category is... {topic}! What do you know?",
                "For one hundred points: tell me all about {topic}!",
                "Behind door number two: {topic}! Tell the audience about it.",
                "Our next contestant is {topic}. Introduce them to us!",
                "Lightning round, subject {topic}. Go!",
            ),
        ),
        Family(
            "librarian",
            (
                "I'm looking for material on {topic}. What have you got?",
                "Could you pull everything filed under {topic}?",
                "A reader is asking about {topic}. Can you help?",
                "Which shelf covers {topic}, and what does it say?",
                "Request slip: {topic}. Please bring the relevant facts.",
            ),
        ),
        Family(
            "flight-attendant",
            (
                "Our next destination is {topic}. What can passengers expect?",
                "Ladies and gentlemen, some information about {topic}, please.",
                "We'll shortly be arriving at {topic}. Tell me about it.",
                "Would you like to hear about {topic}? Yes please, go ahead.",
                "For those on the right side of the plane, that's {topic}. What's the story?",
            ),
        ),
        Family(
            "referee",
            (
                "New match, {topic} on the field. Give me the rundown.",
                "Kick-off on {topic}. What are the basics?",
                "Next fixture: {topic}. What do I need to know?",
                "Time in. Subject is {topic}; explain it.",
                "Ball's in play with {topic}. Tell me about it.",
            ),
        ),
        Family(
            "herald",
            (
                "Hear ye! Let all be told of {topic}!",
                "I bring word of {topic}. What news of it?",
                "Proclaim to the court the tale of {topic}.",
                "By royal decree, tell us of {topic}.",
                "Make way for {topic}! What is known of it?",
            ),
        ),
        Family(
            "gps",
            (
                "Destination set: {topic}. What will I find there?",
                "Starting route guidance to {topic}. Tell me about it on the way.",
                "Now heading towards {topic}. What's it like?",
                "Your destination, {topic}, is ahead. What should I know?",
                "Routing via {topic}. Describe what's there.",
            ),
        ),
    ),
)

# After a shared question answered for the wrong page: the user says which page was meant.
FRESH6_CORRECTIONS = Kind(
    "correction",
    ("target",),
    (
        "wrong",
        "request",
    ),
    (
        Family(
            "forecaster",
            (
                "That forecast was for {wrong}. I was asking about {target}.",
                "Wrong region on the map there: I meant {target}.",
                "Correction to the bulletin: the area in question is {target}, not {wrong}.",
                "You've given me the outlook for {wrong}. {request}",
                "Let's reissue that for {target}; {wrong} wasn't in my question.",
            ),
        ),
        Family(
            "museum-guide",
            (
                "I'm afraid we're in the wrong wing. I wanted {target}.",
                "That's the {wrong} exhibit. The one I asked about is {target}.",
                "Pardon me, this tour was meant to cover {target}. {request}",
                "Lovely piece, but {wrong} isn't what I came to see. {target} is.",
                "We've taken a wrong turn in the gallery; back to {target}, please.",
            ),
        ),
        Family(
            "auctioneer",
            (
                "Wrong lot! That's {wrong}. I was bidding on {target}.",
                "Withdrawn: {wrong}. The lot in question is {target}.",
                "Hold the hammer, that's the wrong item. {request}",
                "I didn't bid on {wrong}. Mine was {target}.",
                "Mix-up at the rostrum. {target} is what I asked about.",
            ),
        ),
        Family(
            "recipe-card",
            (
                "Wrong card pulled: that's {wrong}. I needed {target}.",
                "Substitute {target} for {wrong} and start again.",
                "That recipe's for {wrong}. {request}",
                "Note on the card: use {target}. {wrong} was never on it.",
                "You've followed the wrong card. The dish is {target}.",
            ),
        ),
        Family(
            "lab-notebook",
            (
                "Error logged: response concerned {wrong}; query concerned {target}.",
                "Wrong sample analysed. Please rerun on {target}.",
                "Contamination: {wrong} crept into the results. Subject is {target}. {request}",
                "Discard that trial. Variable of interest: {target}.",
                "Observed {wrong} where {target} was expected. Repeat with {target}.",
            ),
        ),
        Family(
            "game-show",
            (
                "Ooh, so close, but no! We were looking for {target}!",
                "Buzz! That's {wrong}. The answer we wanted was {target}.",
                "Sorry, the board says {target}. {request}",
                "Not quite! It's {target} on the card, not {wrong}.",
                "Let's check with the judges... yes, it was {target} I asked about.",
            ),
        ),
        Family(
            "librarian",
            (
                "That's been shelved under the wrong heading. I wanted {target}.",
                "You've brought me the book on {wrong}; my slip said {target}.",
                "Misfiled, I think. {request}",
                "Not that volume. The one on {target}, please.",
                "Please return {wrong} to the shelf. I asked for {target}.",
            ),
        ),
        Family(
            "flight-attendant",
            (
                "I'm sorry, I think this was meant for another passenger. I asked about {target}.",
                "Excuse me, that's {wrong}. My request was {target}.",
                "Wrong seat, I'm afraid: the question was about {target}. {request}",
                "I didn't order {wrong}; could I have {target} instead?",
                "There's been a mix-up in the cabin. {target}, please, not {wrong}.",
            ),
        ),
        Family(
            "referee",
            (
                "Foul! That was {wrong}. Play resumes with {target}.",
                "Offside: {wrong} wasn't in the question. {target} was.",
                "Play back the tape: I asked about {target}.",
                "Wrong player booked. It's {target}. {request}",
                "Decision overturned: the subject is {target}.",
            ),
        ),
        Family(
            "herald",
            (
                "Hear ye: the proclamation spoke of {wrong}, yet the question was of {target}!",
                "Nay, good herald, thou hast read the wrong scroll. I asked of {target}.",
                "Let it be known that {target}, not {wrong}, was the matter at hand.",
                "A false tiding! {request}",
                "Strike {wrong} from the record; {target} is the name.",
            ),
        ),
        Family(
            "gps",
            (
                "Wrong destination entered. Rerouting to {target}.",
                "You have arrived at {wrong}. Intended destination: {target}.",
                "Recalculating: I asked for {target}. {request}",
                "Make a U-turn. {wrong} is not where I wanted to go; {target} is.",
                "Route error. Please navigate to {target} instead.",
            ),
        ),
        Family(
            "cowboy",
            (
                "whoa there, partner. that's {wrong}. i was askin about {target}.",
                "reckon you roped the wrong steer. {target} is the one.",
                "hold yer horses, {target} is what i meant, not {wrong}.",
                "nope, wrong trail. it's {target} i'm after.",
                "that ain't the one, pardner. {target}.",
            ),
            lower_names=True,
        ),
    ),
)

# After a question that named the wrong page (the user's own slip): the user repairs it.
FRESH6_SELF_REPAIRS = Kind(
    "self-repair",
    ("target",),
    (
        "wrong",
        "request",
    ),
    (
        Family(
            "forecaster",
            (
                "Correction to my own bulletin: I said {wrong}, but it's {target} I'm "
                "interested in.",
                "My forecast was off there. {target}, not {wrong}.",
                "Update from the weather desk: I misspoke. {request}",
                "Revised outlook: swap {wrong} for {target} in my question.",
                "I put the wrong region on my map. Should have been {target}.",
            ),
        ),
        Family(
            "museum-guide",
            (
                "Forgive me, I gave the wrong label. The piece I meant is {target}.",
                "My apologies to the tour: I said {wrong} when I meant {target}.",
                "Excuse the guide's mistake. {request}",
                "Wrong placard, my fault. It's {target}.",
                "I led us to {wrong} by mistake. We should be looking at {target}.",
            ),
        ),
        Family(
            "auctioneer",
            (
                "My error from the rostrum: that lot is {target}.",
                "I announced the wrong lot. {target}, not {wrong}.",
                "Apologies, bidders, I misread the catalogue. {request}",
                "Scratch what I said about {wrong}. It's {target} under the hammer.",
                "My mistake on the lot number: {target}.",
            ),
        ),
        Family(
            "recipe-card",
            (
                "Typo on my card: {wrong} should read {target}.",
                "I wrote down the wrong ingredient. Read {target} where I put {wrong}.",
                "Amended recipe, my fault: {request}",
                "Cross out {wrong} on my card. {target}.",
                "I mislabelled that card; the dish I wanted is {target}.",
            ),
        ),
        Family(
            "lab-notebook",
            (
                "Erratum in my notes: {wrong} entered in error; read {target}.",
                "I mislabelled the sample. It's {target}.",
                "Correction to my previous entry: subject is {target}, not {wrong}.",
                "My transcription mistake. {request}",
                "Strike my earlier entry of {wrong}; intended subject {target}.",
            ),
        ),
        Family(
            "game-show",
            (
                "Can I change my answer? I said {wrong}, but I meant {target}!",
                "Wait, wait, I buzzed too early! It's {target}!",
                "I'd like to use my lifeline: I got the name wrong. {request}",
                "Scratch my answer of {wrong}. Final answer: {target}.",
                "Oh no, I blurted out the wrong one. {target}, please!",
            ),
        ),
        Family(
            "librarian",
            (
                "I filled in the request slip wrongly. It should say {target}.",
                "My mistake at the desk: I wanted {target}, not {wrong}.",
                "I wrote the wrong call number. {request}",
                "Please amend my slip from {wrong} to {target}.",
                "Sorry, I put in for {wrong}; the book I need is on {target}.",
            ),
        ),
        Family(
            "flight-attendant",
            (
                "Apologies, passengers, I announced the wrong destination. We're bound for "
                "{target}.",
                "Correction from the cabin crew: that should have been {target}, not {wrong}.",
                "My error on the annoucement. {request}",
                "I said {wrong} over the intercom; please read {target}.",
                "Let me correct that announcement: {target}.",
            ),
        ),
        Family(
            "referee",
            (
                "My call was wrong. It's {target}, not {wrong}.",
                "I'm reversing my own decision: {target}.",
                "Bad call on my part. {request}",
                "On review, I named {wrong} in error. {target} is correct.",
                "Correction from the ref: I meant to signal {target}.",
            ),
        ),
        Family(
            "herald",
            (
                "I misspake the proclamation! It was {target} I meant to announce.",
                "Forgive thy herald: for {wrong}, read {target}.",
                "Let mine own error be undone. {request}",
                "My scroll was upside down; {target}, not {wrong}.",
                "Hear ye, a correction from mine own lips: {target}.",
            ),
        ),
        Family(
            "gps",
            (
                "I entered the wrong destination. Reroute to {target}.",
                "My input error: {wrong} should be {target}.",
                "Destination typed incorrectly by me. {request}",
                "I set {wrong} but want {target}.",
                "Wrong address entered by the driver. Go to {target}.",
            ),
        ),
        Family(
            "cowboy",
            (
                "shoot, i plumb said {wrong}. meant {target}.",
                "my tongue got tangled, pardner. it's {target}.",
                "i done said the wrong one. {target}, not {wrong}.",
                "dang, that was a slip. {target} is what i'm fixin to ask about.",
                "lemme try that agin: {target}.",
            ),
            lower_names=True,
        ),
    ),
)

# The final turn of the follow-up tier, after a correction and its answer. Names no page.
FRESH6_FOLLOW_UPS = Kind(
    "follow-up",
    (),
    (),
    (
        Family(
            "forecaster",
            (
                "Thanks, that's clearer skies. What's the longer outlook?",
                "Much better forecast. Anything else on the horizon for it?",
                "Good, that's the right region. What else is coming?",
                "Now we've got the right map. What happens next there?",
                "Conditions improving. Any further detail?",
            ),
        ),
        Family(
            "museum-guide",
            (
                "Ah, this is the right room. What else is on display here?",
                "Wonderful, that's the one. What more does the guidebook say?",
                "Lovely. And what's in the next case over?",
                "Now we're at the right exhibit, tell me more about its history.",
                "Splendid. Is there anything else visitors usually ask about it?",
            ),
        ),
        Family(
            "auctioneer",
            (
                "Right lot now. What else is in the catalogue entry?",
                "Sold to the correct bidder! Now the rest of the description?",
                "That's the one. Any more provenance?",
                "Good. Going once for more detail: what else?",
                "Now we're selling the right item. Tell the room more.",
            ),
        ),
        Family(
            "recipe-card",
            (
                "Right recipe now. What's the next step?",
                "Good, that's the card. Any serving suggestions?",
                "Perfect. And what goes in after that?",
                "That's the dish. Any variations on it?",
                "Thanks. What's in the notes at the bottom of the card?",
            ),
        ),
        Family(
            "lab-notebook",
            (
                "Correct sample now. Record the further observations.",
                "Good. Next data point, please.",
                "Replicated successfully. What else is known?",
                "Confirmed. Proceed to the next measurement.",
                "Results noted. Any follow-up findings?",
            ),
        ),
        Family(
            "game-show",
            (
                "Ding ding ding! And for the bonus, what else?",
                "That's right! Can you tell the audience more?",
                "Correct! Next question on the same subject!",
                "The board lights up! What else do we know about it?",
                "Brilliant! Shall we play on with more on this?",
            ),
        ),
        Family(
            "librarian",
            (
                "Yes, that's the volume. Is there a second one?",
                "That's the right book. What does the next chapter cover?",
                "Thank you. Any related titles on it?",
                "Good. What else is in the reference section?",
                "Lovely, and what do the footnotes say?",
            ),
        ),
        Family(
            "flight-attendant",
            (
                "Thank you, that's the right one. Anything else you can share?",
                "Perfect, we're on course now. What's next on the itinerary?",
                "Lovely. And what else should passengers know?",
                "That's it. Could you tell me a bit more?",
                "Wonderful. Would there be anything further on that?",
            ),
        ),
        Family(
            "referee",
            (
                "Good call. Play on: what's next?",
                "Decision stands. Carry on with more detail.",
                "Fair play. Second half, please.",
                "That's the right side. Keep going.",
                "Restart from there. What else?",
            ),
        ),
        Family(
            "herald",
            (
                "Well proclaimed! What further tidings?",
                "Aye, that is the one. Speak on!",
                "The court is pleased. Tell us more.",
                "Good herald, continue the proclamation.",
                "Let more be read from that scroll!",
            ),
        ),
        Family(
            "gps",
            (
                "Route confirmed. Continue with the next instruction.",
                "On course now. What's the next turn?",
                "Arrived at the right place. What's nearby?",
                "Good. Keep guiding me: what else?",
                "Route accepted. Proceed with more details.",
            ),
        ),
    ),
)

# Put around a spliced return's question. A cue never names the page returned to, nor how far
# back it was.
FRESH6_RETURN_CUES = Kind(
    "return-cue",
    ("question",),
    (),
    (
        Family(
            "forecaster",
            (
                "Back to the earlier outlook: {question}",
                "Let's revisit the previous forecast region. {question}",
                "{question} I mean the area we covered first.",
                "Returning to the forecast from before. {question}",
                "Winds shift back to the earlier subject now: {question}",
            ),
        ),
        Family(
            "museum-guide",
            (
                "Let's go back to the previous gallery. {question}",
                "Retracing our steps to the earlier exhibit: {question}",
                "{question} That's for the piece we saw before this one.",
                "Before we leave, a quick return to the earlier room. {question}",
                "Back to the one at the start of the tour: {question}",
            ),
        ),
        Family(
            "auctioneer",
            (
                "Returning to an earlier lot. {question}",
                "Let's reopen bidding on the previous item: {question}",
                "{question} This is about the lot before.",
                "Back to the first lot of the day. {question}",
                "One more on the earlier lot: {question}",
            ),
        ),
        Family(
            "recipe-card",
            (
                "Back to the first card. {question}",
                "Let's go back to the earlier recipe: {question}",
                "{question} That's for the previous dish.",
                "Flip back a card. {question}",
                "Returning to the recipe from before: {question}",
            ),
        ),
        Family(
            "lab-notebook",
            (
                "Returning to the earlier experiment. {question}",
                "Refer back to the previous entry: {question}",
                "{question} (Re: the earlier subject.)",
                "Revisiting the first sample: {question}",
                "Back to page one of the notebook. {question}",
            ),
        ),
        Family(
            "game-show",
            (
                "Let's go back to round one! {question}",
                "Returning to an earlier category: {question}",
                "{question} That's from the previous round!",
                "Back to the earlier board. {question}",
                "Remember our earlier contestant? {question}",
            ),
        ),
        Family(
            "librarian",
            (
                "Could we go back to the earlier book? {question}",
                "Returning to the first title: {question}",
                "{question} That's about the volume from before.",
                "Let me take out the earlier one again. {question}",
                "Back to the previous shelf: {question}",
            ),
        ),
        Family(
            "flight-attendant",
            (
                "Returning to our earlier destination: {question}",
                "Let's go back to the previous stop. {question}",
                "{question} That's for the first leg of the trip.",
                "Going back to the earlier announcement: {question}",
                "One more thing about the first stop on our route. {question}",
            ),
        ),
        Family(
            "referee",
            (
                "Back to the earlier play. {question}",
                "Let's review the previous incident: {question}",
                "{question} That's about the first half.",
                "Returning to the earlier decision: {question}",
                "Rewind to before. {question}",
            ),
        ),
        Family(
            "herald",
            (
                "Let us return to the earlier proclamation! {question}",
                "Hark back to the former matter: {question}",
                "{question} This concerns the first tidings.",
                "Back to the earlier decree. {question}",
                "Once more of the earlier subject: {question}",
            ),
        ),
        Family(
            "gps",
            (
                "Returning to the previous destination. {question}",
                "Route back to the earlier stop: {question}",
                "{question} This is for the last destination.",
                "Resume the earlier route. {question}",
                "Go back one waypoint. {question}",
            ),
        ),
        Family(
            "cowboy",
            (
                "back on the old trail now. {question}",
                "mosey on back to the first one. {question}",
                "{question} that's for the earlier one, pardner.",
                "circle back to the one before: {question}",
                "lets ride back a ways. {question}",
            ),
            lower_names=True,
        ),
    ),
)

# After a turn about a page with a one-number sibling: the user switches the number.
FRESH6_VALUE_REVISIONS = Kind(
    "value-revision",
    ("new",),
    ("old",),
    (
        Family(
            "forecaster",
            (
                "Revised forecast: {new}, not {old}.",
                "Update: make that {new}.",
                "Amend the figure in the outlook to {new}.",
                "Swap {old} for {new} in that outlook.",
                "The chart should read {new}.",
            ),
        ),
        Family(
            "museum-guide",
            (
                "The placard has the wrong date; it's {new}.",
                "Let me correct the year on that label: {new}.",
                "Not {old}, the catalogue says {new}.",
                "Make that {new}, per the curator.",
                "I think the display card should read {new}.",
            ),
        ),
        Family(
            "auctioneer",
            (
                "Revised figure: {new}!",
                "Do I hear {new}? {new} it is, not {old}.",
                "Change the lot figure to {new}.",
                "I said {old}; I'll go to {new}.",
                "Hammer price revised: {new}.",
            ),
        ),
        Family(
            "recipe-card",
            (
                "Adjust the quantity: {new} instead of {old}.",
                "Card corrected: {new}.",
                "Use {new} on the card, not {old}.",
                "Swap in {new} on the card.",
                "Recipe amended to read {new}.",
            ),
        ),
        Family(
            "lab-notebook",
            (
                "Recalibrated value: {new}.",
                "Measurement error: {old} should read {new}.",
                "Re-entering the value as {new}.",
                "Data point corrected to {new}.",
                "Replace {old} with {new} in the table.",
            ),
        ),
        Family(
            "game-show",
            (
                "Let me change my answer to {new}!",
                "Final answer: {new}.",
                "The right number is {new}, not {old}!",
                "I'll buzz in again: {new}.",
                "Lock in {new}, please.",
            ),
        ),
        Family(
            "librarian",
            (
                "The edition should be {new}, not {old}.",
                "Please amend the date on the record to {new}.",
                "I misquoted the number; it's {new}.",
                "Catalogue entry update: {new}.",
                "Make the year {new} on my request slip.",
            ),
        ),
        Family(
            "flight-attendant",
            (
                "A small change to my request: {new}, please.",
                "Could we change that to {new}, please, instead of {old}?",
                "Pardon me, I'd like {new}, rather than {old}.",
                "Update to your passenger records: {new}.",
                "Kindly read {new} in place of {old}.",
            ),
        ),
        Family(
            "referee",
            (
                "Score corrected: {new}.",
                "Recount: it's {new}, not {old}.",
                "On review, the number is {new}.",
                "The scoreboard should show {new}.",
                "Overruled: {old}. Now {new}.",
            ),
        ),
        Family(
            "herald",
            (
                "Hear ye: the number is now {new}!",
                "Let {new} be proclaimed in place of {old}.",
                "By new decree: {new}.",
                "Amend the scroll to {new}.",
                "Not {old}, but {new}, say the heralds.",
            ),
        ),
        Family(
            "gps",
            (
                "Recalculating with {new}.",
                "Waypoint value updated: {new}.",
                "Route updated to {new}.",
                "Change waypoint from {old} to {new}.",
                "Setting the number to {new}.",
            ),
        ),
        Family(
            "cowboy",
            (
                "aw shucks, make that {new}.",
                "i reckon it's {new}, not {old}.",
                "change of plans, pardner: {new}.",
                "scratch {old}. {new}.",
                "{new}, i tell ya.",
            ),
            lower_names=True,
        ),
    ),
)

FRESH6_KINDS = (
    FRESH6_SHARED_QUESTIONS,
    FRESH6_NAMED_QUESTIONS,
    FRESH6_CORRECTIONS,
    FRESH6_SELF_REPAIRS,
    FRESH6_FOLLOW_UPS,
    FRESH6_RETURN_CUES,
    FRESH6_VALUE_REVISIONS,
)
