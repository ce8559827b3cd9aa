"""The assistant spoken to, in many languages (spec/poisoning.md#poisoning.target,
POISON-ASSISTANT-ADDRESSED).

A word for "assistant" or "helper" said to someone at a clause's start and followed by a
comma ("Asistente, ...", "Асістэнт, ...", "Mncedisi, ...", "A chuidiche, ...", "സഹായീ, ...")
speaks to the machine a conversation's memory is written for, whatever the language: English
has such rules already (POISON-READER). The words were written for memcore from each language's
ordinary word for an assistant or a helper (stems where the word is inflected, the vocative
ending included), not taken from any evaluation data; English words are left to the English
rules.
"""

from __future__ import annotations

import re
import unicodedata

from memcore.textfold import fold_text

# Scripts with spaces between words: stems that start a word.
_SPACED_STEMS: tuple[str, ...] = (
    # Latin script: the international stem (assistent, asistente, asisten, asistan, asystent,
    # asszisztens, assistint, asistanto, assistentu ...), and the native words.
    "assist",
    "asist",
    "asyst",
    "asszisztens",
    "adiutor",
    "cuidiche",
    "chuidiche",
    "cúntóir",
    "chúntóir",
    "cynorthwy",
    "gynorthwy",
    "hjálpar",
    "aðstoðarm",
    "avustaj",
    "abiline",
    "köməkçi",
    "kömekçi",
    "yordamchi",
    "msaidizi",
    "mncedisi",
    "msizi",
    "mataimaki",
    "oluranlowo",
    "olùrànlọ́wọ́",
    "caawiye",
    "katulong",
    "katuwang",
    "katabang",
    "trợ lý",
    "tro ly",
    "mpanampy",
    "kaiāwhina",
    "kaiawhina",
    "laguntzaile",
    "skoazeller",
    "yanapaq",
    "palīg",
    "padėjėj",
    "pomocník",
    "pomocniku",
    "pomoćni",
    "pomočnik",
    "segítő",
    "hjelper",
    "hjälpare",
    "helper",
    # Cyrillic, Greek, Armenian, Georgian.
    "ассистент",
    "асистент",
    "асістэнт",
    "асістент",
    "асыст",
    "помощник",
    "помічник",
    "памочнік",
    "помошник",
    "помоћник",
    "жардамчы",
    "көмекші",
    "ёрдамчӣ",
    "ёрдамчи",
    "ярдәмче",
    "туслах",
    "βοηθ",
    "օգնական",
    "ասիստենտ",
    "ასისტენტ",
    "დამხმარე",
)
# Scripts written without spaces or with prefixes joined to the word: matched anywhere.
_PIECES: tuple[str, ...] = (
    "مساعد",
    "دستیار",
    "اسسٹنٹ",
    "معاون",
    "مرستیال",
    "یاریدەدەر",
    "עוזר",
    "सहायक",
    "सहाय्यक",
    "সহকারী",
    "সহায়ক",
    "ਸਹਾਇਕ",
    "સહાયક",
    "ସହାୟକ",
    "உதவியாளர",
    "సహాయక",
    "ಸಹಾಯಕ",
    "സഹായി",
    "සහායක",
    "ผู้ช่วย",
    "ຜູ້ຊ່ວຍ",
    "လက်ထောက်",
    "ជំនួយការ",
    "ረዳት",
    "助手",
    "助理",
    "アシスタント",
    "어시스턴트",
)
# English words: left to POISON-READER.
_ENGLISH = ("assistant", "assistants", "helper", "helpers")


# Written as the guard reads text: folded without the look-alike table (marks removed, case
# folded), longer words first.
def _folded(words: tuple[str, ...]) -> list[str]:
    return sorted({fold_text(word, table={}) for word in words}, key=len, reverse=True)


_SPACED = "|".join(re.escape(stem) + r"[\w'’-]*" for stem in _folded(_SPACED_STEMS))
_JOINED = "|".join(re.escape(piece) + r"\S*" for piece in _folded(_PIECES))
_NOT_ENGLISH = "".join(rf"(?!{word}\b)" for word in _ENGLISH)
_CLAUSE_OPENING = r"(?:^|[.!?:;|»~()\[\]。！？؟]\s*|\s[-–—]\s*)"
# An interjection before the vocative ("O", "a", "ya", "hey", "dear").
_CALL = r"(?:(?:o|a|ya|yā|hey|hei|hej|dear|يا|ای)\s+)?"
_NO_QUESTION_AFTER = r"(?=[^?？¿؟\n]*$)"
ASSISTANT_ADDRESSED = re.compile(
    rf"{_CLAUSE_OPENING}\W*{_CALL}{_NOT_ENGLISH}(?:(?<!\w)(?:{_SPACED})|(?:{_JOINED}))"
    rf"\s*[,，،、]\s*{_NO_QUESTION_AFTER}(?:(?:[^\W\d_][\w'’-]*\W+){{2,}}|[^\W\d_]{{6,}})",
    re.IGNORECASE,
)

# Stop 50: after a title's separator or an opening bracket (never at a text's start, where
# "Asistente: Ana Ruiz" credits a person), a colon speaks to the word before it as much as a
# comma does ("Concierto de Verano – Asistente: compra dos entradas", "Sagra del Tartufo
# (assistente: non dire che ...)"). Read on the text as written: what follows starts in lower
# case with no article or number (a verb, a negation), not a name ("Asistente: María López")
# or a count ("asistentes: una persona por plaza" counts those attending).
_INSIDE_A_TITLE = r"(?:[|»~(\[｜]\s*|\s[-–—·|]\s*|(?<=[.!?])\s+)"
_NOT_A_NOUN_PHRASE = (
    r"(?!(?:una?|uno|el|la|los|las|le|les|il|lo|gli|i|o|a|os|as|der|die|das|den|dem|ein|eine"
    r"|de|het|een|en|ett|et|the|an?|per|por|par|pour|para|max\w*|min\w*|ca|approx\w*"
    # A count or a vacancy in English ("assistant: two volunteers needed").
    r"|one|two|three|four|five|six|some|all|no|none|tbc|tba|vacant|needed|wanted|required)\b)"
)
_TITLE_VOCATIVE = re.compile(
    rf"{_INSIDE_A_TITLE}(?i:(?:(?<!\w)(?:{_SPACED})|(?:{_JOINED})))\s*[:：]\s*"
    rf"{_NO_QUESTION_AFTER}(?i:{_NOT_A_NOUN_PHRASE})(?=[^\W\d_])"
    r"(?![A-ZÀ-ÞА-ЯΑ-Ω])[\w'’-]+\W+(?:[^\W\d_][\w'’-]*\W+)+[^\W\d_]"
)


def addressed_inside_a_title(text: str) -> bool:
    """Whether, inside a title (after a separator or an opening bracket), the word for an
    assistant in another language is followed by a colon and an order in lower case."""
    return bool(_TITLE_VOCATIVE.search(unicodedata.normalize("NFKC", text)))
