"""A seventh held-out wording, for the `fresh7` build part: families no writer was tuned to.

The `fresh6` part's families (`memcore.eval.wording_fresh6`) were no longer unseen once that part
had been read, so this module was written after that, blind: its author opened no writer's cue
lists, spec pages, writer docs or writer tests and looked at no score on any part. Only the
earlier wording modules were read, to keep each kind's name, placeholders and meaning and to
repeat none of their phrasings or family names. The voices are new again: a sports radio
call-in caller, a lawyer taking a deposition, a telegram (STOP), a pirate, a Shakespearean
actor, a tour-bus driver, a job interviewer, a yoga instructor, a train conductor, a
spreadsheet's formulas and cells, a mountain guide and a teenager texting (all in lower case).

The rules are those of `memcore.eval.wording`: every phrasing is written out by hand and no slip
touches a placeholder, a `lower_names` family (typed all in lower case) lower-cases the names
filled in, and a `{request}` appears only in capitalised families.
"""

from __future__ import annotations

from memcore.eval.wording import Family, Kind

# The trouble source of a correction: a request that fits either of two topics. Names no page.
FRESH7_SHARED_QUESTIONS = Kind(
    "shared-question",
    (),
    (),
    (
        Family(
            "caller",
            (
                "Hey, long-time listener, first-time caller. Love the show. Can you tell me "
                "more about this one?",
                "Yeah hi, I'm on the line about that last answer. What elese you got on it?",
                "Okay so I've been on hold twenty minutes just to ask: what's the rest of the "
                "story there?",
                "Quick one before the break: can you break that down a bit more for the listeners?",
                "I'll hang up and listen, but first give me more on it, would ya?",
            ),
        ),
        Family(
            "deposition",
            (
                "Let the record reflect that the witness has given a partial answer. Please "
                "elaborate.",
                "Counsel would like the witness to expand on that answer for the record.",
                "Is there anything further about this matter that you haven't yet testified to?",
                "For the record, could you describe that in greater detail?",
                "I'll ask again, and please be thorough this time: what more do you know about it?",
            ),
        ),
        Family(
            "telegram",
            (
                "RECIEVED YOUR ANSWER STOP REQUEST MORE DETAILS STOP",
                "SEND FURTHER PARTICULARS ON THIS STOP URGENT STOP",
                "INFORMATION TOO BRIEF STOP PLEASE EXPAND STOP",
                "WHAT ELSE IS KNOWN STOP REPLY PAID STOP",
                "MORE ON SUBJECT PLEASE STOP WILL WIRE THANKS STOP",
            ),
        ),
        Family(
            "pirate",
            (
                "Arr, that be a fine start, matey. Tell me more o' this treasure.",
                "Shiver me timbers, there must be more to it than that! Out with it.",
                "Yo ho, spin me the rest o' that yarn, if ye please.",
                "What else be buried here, ye scallywag? Dig deeper.",
                "Ahoy there! I'd have the whole map o' this, not just the corner.",
            ),
        ),
        Family(
            "thespian",
            (
                "Speak on, I prithee, for thy tale is but half told.",
                "Pray, good sir, what more canst thou tell of this?",
                "Methinks there is more to this matter. Wilt thou unfold it?",
                "O, leave me not thus wanting! Say more of it, I beseech thee.",
                "Tell on, tell on; mine ears are hungry for the rest.",
            ),
        ),
        Family(
            "tour-bus",
            (
                "Folks, if you look out the left window... actually, can you tell me more about "
                "this one?",
                "We've got a few minutes before the next stop, so what else is there to say "
                "about it?",
                "Hang on to the rails, everyone. Now, what's the rest of the story on that?",
                "Don't forget to tip your driver! And give me a bit more about that, would you?",
                "We'd normally drive on here, but let's idle a sec: more on this, please.",
            ),
        ),
        Family(
            "interviewer",
            (
                "Interesting. Can you walk me through that in a bit more detail?",
                "That's a good start. Could you expand on it, as if I knew nothing about the "
                "subject?",
                "And if you had to elaborate on that for the hiring panel, what would you add?",
                "Let's dig into that a little. Can you give me a specifc example or two?",
                "I see. Walk me through it in more depth, please.",
            ),
        ),
        Family(
            "yoga",
            (
                "Breathe in... and as you breathe out, tell me a little more about this.",
                "Let's hold this pose a while longer. What else is there to it?",
                "Gently now, settle into the details. Can you go a little deeper?",
                "Find your centre, and from there, expand on that answer for me.",
                "Namaste. Now, slowly, the rest of it, please.",
            ),
        ),
        Family(
            "conductor",
            (
                "Tickets, please! And while I'm here, what more can you tell me about this?",
                "All aboard for more details on that! Next station: the full story.",
                "Mind the gap between that answer and the whole picture. Could you fill it?",
                "This train terminates at a full explanation. Please continue.",
                "We're running behind on the details here. Any more on it?",
            ),
        ),
        Family(
            "spreadsheet",
            (
                "=EXPAND(previous_answer). Need more rows on this.",
                "Cell B2 just says 'summary'. Please fill the rest of the column with details "
                "on it.",
                "Insert row below: further information on that.",
                "The current range is too narrow. Extend it to include more detail, please.",
                "#N/A on the details so far. Could you populate them?",
            ),
        ),
        Family(
            "mountain-guide",
            (
                "We've reached base camp on this. What's further up the trail?",
                "Good pace so far. Now, waht else lies ahead on this route?",
                "Before we summit, tell me more about the terrain here.",
                "Rope up, we're going higher: more detail on this, please.",
                "From this ridge I can only see part of it. What's the rest of the view?",
            ),
        ),
    ),
)

# The trouble source of a self-repair (and the turn a value revision revises): a request naming
# the topic.
FRESH7_NAMED_QUESTIONS = Kind(
    "named-question",
    ("topic",),
    (),
    (
        Family(
            "caller",
            (
                "Hi, yeah, first-time caller. I wanted to ask about {topic}. What's the deal "
                "there?",
                "Longtime listener here. Can you give me your take on {topic}?",
                "So I'm driving home and I gotta ask: what's the story with {topic}?",
                "Yeah, hey, I'm calling about {topic}. Walk me through it.",
                "Love the program. Quick question on {topic}: what should I know?",
            ),
        ),
        Family(
            "deposition",
            (
                "Please state for the record what you know about {topic}.",
                "Directing your attention to {topic}: can you describe it?",
                "Are you familiar with {topic}? Tell us about it.",
                "Let the record reflect we are now discussing {topic}. Please describe it.",
                "In your own words, what is {topic}?",
            ),
        ),
        Family(
            "telegram",
            (
                "REQUEST INFORMATION ON {topic} STOP",
                "WHAT IS {topic} STOP REPLY SOONEST STOP",
                "NEED FACTS ABOUT {topic} STOP",
                "KINDLY WIRE DETAILS OF {topic} STOP",
                "ARRIVING TUESDAY STOP WHAT SHOULD I KNOW ABOUT {topic} STOP",
            ),
        ),
        Family(
            "pirate",
            (
                "Arr, what do ye know of {topic}, matey?",
                "Tell me the tale o' {topic}, ye old sea dog.",
                "Ahoy! I be wantin' to hear about {topic}.",
                "What treasure lies in {topic}, then? Speak!",
                "Spin me a yarn about {topic}, if ye would.",
            ),
        ),
        Family(
            "thespian",
            (
                "Pray, tell me of {topic}, good friend.",
                "What is {topic}, that all the world doth speak of it?",
                "Say, what manner of thing is {topic}?",
                "Of {topic} I would know more. Speak, I charge thee!",
                "Unfold the tale of {topic}, I prithee.",
            ),
        ),
        Family(
            "tour-bus",
            (
                "Coming up on your right, folks: {topic}. What's the story?",
                "Next stop on our route is {topic}. Tell us about it.",
                "We're pulling up to {topic} now. Anything I should point out?",
                "Everybody look out the window: {topic}! What's the history there?",
                "Before we drop you off at {topic}, quick question: what's it known for?",
            ),
        ),
        Family(
            "interviewer",
            (
                "So, tell me about {topic}.",
                "Let's start with {topic}. What can you tell me?",
                "Walk me through {topic}, if you would.",
                "How would you describe {topic} to someone new to the team?",
                "I see {topic} on your CV here. What is it, exactly?",
            ),
        ),
        Family(
            "yoga",
            (
                "Let's breathe into {topic}. What is it about?",
                "Today's practice is {topic}. Guide me through it.",
                "Bring your awareness to {topic}. What do you notice about it?",
                "As we flow into {topic}, what should I know?",
                "Set an intention for {topic}, and tell me about it.",
            ),
        ),
        Family(
            "conductor",
            (
                "Next station: {topic}. What can you tell me about it?",
                "This train is calling at {topic}. What's there?",
                "All aboard for {topic}! Give me the details.",
                "Change here for {topic}. What do I need to know?",
                "We are now approaching {topic}. Tell me about it.",
            ),
        ),
        Family(
            "spreadsheet",
            (
                "=LOOKUP({topic}). Return the main facts.",
                "New sheet: {topic}. Fill in the key details.",
                "Column A, row 1: {topic}. What goes in the rest of the row?",
                "Please populate the summary tab for {topic}.",
                "Pivot on {topic}: what does the data say about it?",
            ),
        ),
        Family(
            "mountain-guide",
            (
                "Today's climb: {topic}. What should I know before we set off?",
                "Our route takes us over {topic}. Tell me about it.",
                "From the summit you can see {topic}. What's the story there?",
                "Before we rope up for {topic}, give me the background.",
                "Trail briefing on {topic}, please.",
            ),
        ),
    ),
)

# After a shared question answered for the wrong page: the user says which page was meant.
FRESH7_CORRECTIONS = Kind(
    "correction",
    ("target",),
    (
        "wrong",
        "request",
    ),
    (
        Family(
            "caller",
            (
                "No, no, you got me wrong, buddy. I called about {target}, not {wrong}.",
                "Hold on, I'm still on the line here. I asked about {target}. {request}",
                "Whoa, that's {wrong}. I wanna talk about {target}.",
                "You're taking the wrong call, pal. {target} is my question.",
                "Sorry, I think your screener wrote it down wrong. It was {target}.",
            ),
        ),
        Family(
            "deposition",
            (
                "Objection: nonresponsive. The question concerned {target}, not {wrong}.",
                "Let the record reflect the witness answered about {wrong}. I asked about "
                "{target}.",
                "Move to strike. {request}",
                "That is not what I asked. My question was about {target}.",
                "Counsel will rephrase for the witness: we are asking about {target}.",
            ),
        ),
        Family(
            "telegram",
            (
                "WRONG SUBJECT STOP MEANT {target} STOP",
                "NOT {wrong} STOP {target} STOP",
                "YOUR REPLY CONCERNS {wrong} STOP I ASKED ABOUT {target} STOP",
                "ERROR IN TRANSMISSION STOP {request}",
                "DISREGARD LAST WIRE STOP SUBJECT IS {target} STOP",
            ),
        ),
        Family(
            "pirate",
            (
                "Arr, ye've sailed to {wrong}, ye bilge rat! I asked after {target}.",
                "That be the wrong island, matey. {target} be where the treasure is.",
                "Nay, not {wrong}! {target}, or ye'll walk the plank.",
                "Ye've hoisted the wrong flag. {request}",
                "Shiver me timbers, I meant {target}!",
            ),
        ),
        Family(
            "thespian",
            (
                "Alas, thou speak'st of {wrong}, when 'twas {target} I did ask of.",
                "Nay, good sir, 'tis not {wrong} I seek, but {target}.",
                "A plague on this mistaking! I meant {target}.",
                "Thou hast mistook my question. {request}",
                "What light through yonder answer breaks? 'Tis {wrong}, and I did ask of {target}.",
            ),
        ),
        Family(
            "tour-bus",
            (
                "Whoops, folks, wrong stop! We wanted {target}.",
                "That's {wrong} out the window there. I was asking about {target}.",
                "Looks like we tok a wrong turn. {target} was on the itinerary, not {wrong}.",
                "Sorry, everyone, back on the bus. {request}",
                "Not this stop. I asked for {target}.",
            ),
        ),
        Family(
            "interviewer",
            (
                "I appreciate that, but it's not quite what I asked. I was asking about {target}.",
                "Let me stop you there. That's {wrong}; the question was about {target}.",
                "Let me redirect you. {request}",
                "Interesting answer, but it's about {wrong}. Tell me about {target} instead.",
                "Let's go back to my actual question, which was about {target}.",
            ),
        ),
        Family(
            "yoga",
            (
                "Let's gently let go of {wrong}. My question was about {target}.",
                "Breathe out {wrong}, breathe in {target}. That's the one I meant.",
                "Notice that the answer drifted to {wrong}. Come back to {target}.",
                "No judgement, but that's not it. {request}",
                "Release that pose; the one I asked for is {target}.",
            ),
        ),
        Family(
            "conductor",
            (
                "Wrong platform! That's {wrong}. I asked about {target}.",
                "This is not my stop. I'm travelling to {target}.",
                "You've put me on the {wrong} line. I needed {target}.",
                "Ticket inspection: this answer is valid for {wrong} only. {request}",
                "Please change trains. {target} was my destination, not {wrong}.",
            ),
        ),
        Family(
            "spreadsheet",
            (
                "#REF! You looked up {wrong}. The key was {target}.",
                "Wrong cell referenced. Please point it at {target}.",
                "Lookup returned {wrong}; expected {target}. {request}",
                "That's the {wrong} row. I need the {target} row.",
                "Formula error: replace {wrong} with {target} and recalculate.",
            ),
        ),
        Family(
            "mountain-guide",
            (
                "We're on the wrong peak. That's {wrong}; I asked about {target}.",
                "Turn back, that trail leads to {wrong}. The route I meant is {target}.",
                "Wrong summit, friend. {request}",
                "Check the map: I was asking about {target}, not {wrong}.",
                "We've wandered off the marked path. {target} is where we're headed.",
            ),
        ),
        Family(
            "texter",
            (
                "no thats {wrong} lmao, i asked abt {target}",
                "wrong one smh. {target}",
                "ummm i said {target}?? not {wrong}",
                "{target} not {wrong} pls, ty",
                "idk why u said {wrong}, i meant {target} obvs",
            ),
            lower_names=True,
        ),
    ),
)

# After a question that named the wrong page (the user's own slip): the user repairs it.
FRESH7_SELF_REPAIRS = Kind(
    "self-repair",
    ("target",),
    (
        "wrong",
        "request",
    ),
    (
        Family(
            "caller",
            (
                "Oh shoot, did I say {wrong}? I meant {target}. Sorry, I'm on the highway.",
                "My bad, folks, I got my teams mixed up. It's {target}.",
                "Wait, scratch that, I'm calling about {target}, not {wrong}.",
                "Sorry, first time on the radio, I'm nervus. {request}",
                "I said {wrong}? No, no, {target}. It's been a long day at work.",
            ),
        ),
        Family(
            "deposition",
            (
                "I'd like to correct my earlier statement: I said {wrong}, but I meant {target}.",
                "Let the record reflect that I misspoke; the name should be {target}.",
                "Strike my reference to {wrong}. {request}",
                "I misstated the name. I meant {target}.",
                "For clarity of the record, where I said {wrong}, please take it as {target}.",
            ),
        ),
        Family(
            "telegram",
            (
                "CORRECTION STOP I WROTE {wrong} STOP MEANT {target} STOP",
                "MY ERROR STOP READ {target} STOP",
                "AMEND MY LAST STOP {target} NOT {wrong} STOP",
                "OPERATOR ERROR MINE STOP {request}",
                "SLIP OF PEN STOP INTENDED {target} STOP",
            ),
        ),
        Family(
            "pirate",
            (
                "Arr, me tongue slipped. I be meanin' {target}, not {wrong}.",
                "Blast me, I named the wrong ship! {target} it be.",
                "Too much grog, matey. I said {wrong} but meant {target}.",
                "Me parrot squawked the wrong name. {request}",
                "Strike me colours, that were a slip. {target}!",
            ),
        ),
        Family(
            "thespian",
            (
                "Forgive my tongue, which spake {wrong} when it meant {target}.",
                "O, I misspoke! 'Twas {target} I meant.",
                "My lips betrayed me, good sir; I meant {target}, not {wrong}.",
                "Pardon, I did misname it. {request}",
                "A slip! A slip! {target}, not {wrong}, was in my mind.",
            ),
        ),
        Family(
            "tour-bus",
            (
                "Sorry folks, I read the wrong sign. It's {target}.",
                "Driver's mistake, everyone: I said {wrong}, but I meant {target}.",
                "Let me correct myself on the microphone. {request}",
                "Oops, wrong stop name. {target}, not {wrong}.",
                "I've been driving this route too long. I meant {target}.",
            ),
        ),
        Family(
            "interviewer",
            (
                "Sorry, let me rephrase my question. I meant {target}, not {wrong}.",
                "I misread my notes there. It's {target}.",
                "Apologies, I had the wrong candidate file open. {request}",
                "Let me correct my question: I was asking about {target}.",
                "My mistake. I wrote {wrong} on my sheet, but I wanted {target}.",
            ),
        ),
        Family(
            "yoga",
            (
                "Oops, I said {wrong}. Let's breathe and start again with {target}.",
                "My mind wandered there. I meant {target}.",
                "Let me gently correct myself: {target}, not {wrong}.",
                "That was a wobble on my part. {request}",
                "Be kind to yourself, and to me: I meant {target}.",
            ),
        ),
        Family(
            "conductor",
            (
                "Correction to my announcement: this train is bound for {target}, not {wrong}.",
                "Apologies, I called the wrong station. It's {target}.",
                "My mistake on the tannoy. {request}",
                "I misread the timetable. {target} is the stop I meant.",
                "Ladies and gentlemen, I said {wrong}; I should have said {target}.",
            ),
        ),
        Family(
            "spreadsheet",
            (
                "Typo in my input cell: {wrong} should be {target}.",
                "I entered {wrong} by mistake. Change it to {target}.",
                "Undo my last entry. {request}",
                "Find and replace in my question: {wrong} with {target}.",
                "Data entry error on my side. The value is {target}.",
            ),
        ),
        Family(
            "mountain-guide",
            (
                "My mistake, I named the wrong peak. I meant {target}.",
                "I said {wrong}, but it's {target} we're climbing.",
                "Let me correct my own route card: {target}, not {wrong}.",
                "The altitude's getting to me. {request}",
                "I misread the map myself. {target} is the one.",
            ),
        ),
        Family(
            "texter",
            (
                "omg autocorrect said {wrong}, i meant {target}",
                "wait no i typed {wrong} lol. {target}",
                "ignore that, meant {target} oops",
                "{target}* not {wrong}. fat fingers",
                "ugh brain fog, i meant {target} not {wrong} sry",
            ),
            lower_names=True,
        ),
    ),
)

# The final turn of the follow-up tier, after a correction and its answer. Names no page.
FRESH7_FOLLOW_UPS = Kind(
    "follow-up",
    (),
    (),
    (
        Family(
            "caller",
            (
                "Okay, that's what I was calling about. What else you got?",
                "Great, great. Before I hang up, anything more on it?",
                "Yeah, that's the one. Keep talking, I'm listening in the car.",
                "Perfect. And what are the listeners gonna want to know next?",
                "Right on. Any more on that before the next caller?",
            ),
        ),
        Family(
            "deposition",
            (
                "Thank you. Is there anything else you wish to add for the record?",
                "Please continue. What else can you tell us?",
                "Noted. Was there anything further?",
                "The witness may proceed with any additional details.",
                "Let the record reflect that answer. Anything more?",
            ),
        ),
        Family(
            "telegram",
            (
                "RECEIVED STOP MORE PLEASE STOP",
                "CORRECT SUBJECT NOW STOP CONTINUE STOP",
                "THANKS STOP WHAT ELSE STOP",
                "GOOD STOP SEND REMAINING DETAILS STOP",
                "UNDERSTOOD STOP FURTHER FACTS WELCOME STOP",
            ),
        ),
        Family(
            "pirate",
            (
                "Aye, that be the one! What more can ye tell?",
                "Now we be sailin' true. Go on, matey.",
                "Arr, good. What else be in the chest?",
                "That's the right treasure. Any more booty?",
                "Yo ho! Keep the tale a-comin'.",
            ),
        ),
        Family(
            "thespian",
            (
                "Aye, 'tis the very one. Speak on!",
                "Well said. And what more?",
                "Now thou art true. Continue, I pray thee.",
                "'Tis well. What further canst thou tell?",
                "Good, good. Let the next scene unfold.",
            ),
        ),
        Family(
            "tour-bus",
            (
                "That's the place, folks! What else is there to see?",
                "Right stop now. Anything more we should know before we get off?",
                "Great, and what's the next bit of the tour?",
                "Lovely. Any other fun facts for the group?",
                "Now we're on track. Tell us more.",
            ),
        ),
        Family(
            "interviewer",
            (
                "Good, that's helpful. What else?",
                "Thank you. Could you expand on that a little?",
                "Great answer. Anything to add?",
                "Okay. And what would you add if you had another minute?",
                "Understood. What's the next thing I should know?",
            ),
        ),
        Family(
            "yoga",
            (
                "Beautiful. Breathe, and tell me a little more.",
                "That feels right. What else is there?",
                "Good. Let's go a little deeper.",
                "Stay with it. Anything more to notice?",
                "Lovely alignment. What comes next?",
            ),
        ),
        Family(
            "conductor",
            (
                "Right train now. What's the next stop?",
                "Thank you, that's the correct line. Anything more?",
                "Good. Please continue along the route.",
                "That's my ticket punched. What else?",
                "On time now. Further details, please.",
            ),
        ),
        Family(
            "spreadsheet",
            (
                "Correct cell now. Fill in the next row.",
                "That checks out. Any more columns?",
                "Good, the formula works. What else is in the sheet?",
                "Values match. Add any further data.",
                "Looks right. Extend the range with more details.",
            ),
        ),
        Family(
            "mountain-guide",
            (
                "Right trail now. What's further along?",
                "Good, that's the summit I meant. What else is up here?",
                "Great footing. Keep going.",
                "That's the one. What should I know on the way down?",
                "Perfect view. Anything more to see from here?",
            ),
        ),
    ),
)

# Put around a spliced return's question. A cue never names the page returned to, nor how far
# back it was.
FRESH7_RETURN_CUES = Kind(
    "return-cue",
    ("question",),
    (),
    (
        Family(
            "caller",
            (
                "Hey, it's me again, calling back about the earlier thing. {question}",
                "Going back to what I called about before: {question}",
                "{question} That's about what I asked earlier in the show.",
                "Sorry to jump back, but the thing I phoned in about earlier: {question}",
                "Before you go to commercial, one more on the earlier topic. {question}",
            ),
        ),
        Family(
            "deposition",
            (
                "Returning, if I may, to a matter addressed earlier in this deposition. {question}",
                "Let's go back to your earlier testimony. {question}",
                "{question} I'm referring to the subject we covered earlier.",
                "Directing your attention back to the earlier topic: {question}",
                "Let the record reflect we are returning to the earlier subject. {question}",
            ),
        ),
        Family(
            "telegram",
            (
                "RE EARLIER SUBJECT STOP {question}",
                "BACK TO PREVIOUS MATTER STOP {question}",
                "{question} STOP REFERS TO EARLIER TOPIC STOP",
                "RETURNING TO FORMER TOPIC STOP {question}",
                "ONE MORE ON EARLIER MATTER STOP {question}",
            ),
        ),
        Family(
            "pirate",
            (
                "Arr, let's sail back to where we dropped anchor before. {question}",
                "Back to the earlier island, matey: {question}",
                "{question} That be about the earlier treasure.",
                "Hoist the sails for the waters we charted earlier. {question}",
                "Ye'll recall the earlier map, aye? {question}",
            ),
        ),
        Family(
            "thespian",
            (
                "But soft, let us return to our former matter. {question}",
                "Once more unto the earlier subject, dear friends: {question}",
                "{question} I speak now of the matter erstwhile discussed.",
                "Let us turn back the page to our former scene. {question}",
                "Hark, to the earlier theme again: {question}",
            ),
        ),
        Family(
            "tour-bus",
            (
                "Folks, we're looping back to an earlier stop. {question}",
                "Let's swing the bus back around to where we were before: {question}",
                "{question} That's about the stop we passed earlier.",
                "Quick detour back to the earlier sight. {question}",
                "Turning this bus around for the earlier stop: {question}",
            ),
        ),
        Family(
            "interviewer",
            (
                "I'd like to circle back to something you mentioned earlier. {question}",
                "Picking up on your earlier answer now: {question}",
                "{question} This is about what we discussed earlier in the interview.",
                "Let's revisit an earlier point. {question}",
                "Before we wrap up, back to the earlier topic: {question}",
            ),
        ),
        Family(
            "yoga",
            (
                "Let's return to an earlier pose. {question}",
                "Gently bring your attention back to what we explored before: {question}",
                "{question} That's about the earlier practice.",
                "Come back to the earlier flow, breathing easily. {question}",
                "Revisit the earlier posture with me: {question}",
            ),
        ),
        Family(
            "conductor",
            (
                "We're reversing to an earlier station. {question}",
                "Back down the line to where we were before: {question}",
                "{question} That's for the earlier station on this line.",
                "Passengers returning to the earlier stop, please note: {question}",
                "This service now calls back at the earlier station. {question}",
            ),
        ),
        Family(
            "spreadsheet",
            (
                "Switch back to the earlier tab. {question}",
                "Returning to the earlier sheet: {question}",
                "{question} (see earlier tab)",
                "Go back to the previous worksheet. {question}",
                "Ctrl+Z to the earlier topic: {question}",
            ),
        ),
        Family(
            "mountain-guide",
            (
                "Let's head back down to the earlier camp. {question}",
                "Retrace our steps to the earlier trail: {question}",
                "{question} That's about the ridge we crossed earlier.",
                "Back to the earlier route for a moment. {question}",
                "Down-climb to where we were before: {question}",
            ),
        ),
        Family(
            "texter",
            (
                "brb no wait, back to the earlier thing: {question}",
                "srsly tho, the earlier topic. {question}",
                "{question} (abt the earlier thing btw)",
                "ok rewind to earlier. {question}",
                "idk if this is weird but back to the earlier convo: {question}",
            ),
            lower_names=True,
        ),
    ),
)

# After a turn about a page with a one-number sibling: the user switches the number.
FRESH7_VALUE_REVISIONS = Kind(
    "value-revision",
    ("new",),
    ("old",),
    (
        Family(
            "caller",
            (
                "Oh, I gotta correct myself: it's {new}, not {old}.",
                "Sorry, got the number wrong on air. Make it {new}.",
                "Wait, I said {old}, didn't I? It's {new}.",
                "Yeah, so the number's {new}. My bad.",
                "Hold on, not {old}, I meant {new}, folks.",
            ),
        ),
        Family(
            "deposition",
            (
                "Let the record reflect the correct figure is {new}.",
                "I wish to amend my answer: {new}, not {old}.",
                "Correcting the transcript: the number is {new}.",
                "Where I said {old}, the figure should be {new}.",
                "Upon reflection, the number is {new}.",
            ),
        ),
        Family(
            "telegram",
            (
                "CORRECTION STOP {new} NOT {old} STOP",
                "FIGURE SHOULD READ {new} STOP",
                "AMEND NUMBER TO {new} STOP",
                "NOT {old} STOP {new} STOP",
                "REVISED FIGURE {new} STOP CONFIRM STOP",
            ),
        ),
        Family(
            "pirate",
            (
                "Arr, make that {new}, not {old}!",
                "Count the doubloons again: {new}.",
                "Me mistake, matey. {new} it be.",
                "Not {old}, ye landlubber. {new}!",
                "The treasure map says {new}.",
            ),
        ),
        Family(
            "thespian",
            (
                "Nay, 'tis {new}, not {old}.",
                "I did misspeak the number: {new}.",
                "Let {new} stand where {old} did stand.",
                "O, {new}! I meant {new}.",
                "Mark me: the figure is {new}.",
            ),
        ),
        Family(
            "tour-bus",
            (
                "Correction, folks: that's {new}, not {old}.",
                "The sign on the left actually says {new}.",
                "Let me fix that figure for the group: {new}.",
                "I had the wrong number in my notes. It's {new}.",
                "Make that {new}, everyone.",
            ),
        ),
        Family(
            "interviewer",
            (
                "Sorry, let me correct the number in my question: {new}.",
                "I should have said {new} there, not {old}.",
                "Same question, but with {new} this time.",
                "Let me restate that with {new}.",
                "The figure I meant was {new}.",
            ),
        ),
        Family(
            "yoga",
            (
                "Let go of {old}. Breathe in {new}.",
                "Gently adjust that to {new}.",
                "Not {old}; let's settle on {new}.",
                "Shift your weight to {new}, please.",
                "Let's breathe through the correction: {new}.",
            ),
        ),
        Family(
            "conductor",
            (
                "Platform change: {new}, not {old}.",
                "Please note the corrected number: {new}.",
                "Timetable amended to {new}.",
                "Passengers, that's {new}, not {old}.",
                "Correction on the departure board: {new}.",
            ),
        ),
        Family(
            "spreadsheet",
            (
                "Update cell A1 from {old} to {new}.",
                "Change the value to {new} and recalculate.",
                "=SUBSTITUTE({old}, {new})",
                "Overwrite {old} with {new} in that cell.",
                "Wrong input value. Use {new}.",
            ),
        ),
        Family(
            "mountain-guide",
            (
                "The altitude's actually {new}, not {old}.",
                "Recheck the map: {new}.",
                "Wrong elevation, friend. Make it {new}.",
                "The trail marker says {new}.",
                "Let's adjust our route to {new}.",
            ),
        ),
        Family(
            "texter",
            (
                "ugh typo, {new}",
                "{new} not {old} sry",
                "omg i meant {new}",
                "ok make it {new} ty",
                "nvm {old}, its {new}",
            ),
            lower_names=True,
        ),
    ),
)

FRESH7_KINDS = (
    FRESH7_SHARED_QUESTIONS,
    FRESH7_NAMED_QUESTIONS,
    FRESH7_CORRECTIONS,
    FRESH7_SELF_REPAIRS,
    FRESH7_FOLLOW_UPS,
    FRESH7_RETURN_CUES,
    FRESH7_VALUE_REVISIONS,
)
