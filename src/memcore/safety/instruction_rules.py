"""The patterns of instruction-like text (spec/poisoning.md), one rule per family or language.

Every pattern reads *folded* text (`memcore.textfold.fold_text`): lower case, no combining
marks, look-alike letters made Latin, so the French, German and Spanish cues are written
without accents ("precedentes", "uberschreibe"). A pattern is searched in one sentence, or in
two adjacent sentences joined by a space (`poisoning.sentence_windows`); `^` is the start of
that text. Cue sets are written for memcore in English, French, German, Spanish and Chinese.
"""

from __future__ import annotations

import re

import attrs


@attrs.frozen
class InstructionRule:
    """One pattern of instruction-like text; `rule_id` names it in the spec."""

    rule_id: str
    summary: str
    pattern: re.Pattern[str]


def _rule(rule_id: str, summary: str, *alternatives: str) -> InstructionRule:
    pattern = "|".join(f"(?:{alternative})" for alternative in alternatives)
    return InstructionRule(rule_id, summary, re.compile(pattern, re.IGNORECASE))


# The start of a sentence or clause: where an imperative stands.
_START = r"(?:^|[.!?;:,]\s*|\b(?:and|then|so|now|please)\s+)\W*"
_ASSISTANT = (
    r"(?:you|the assistant|assistant|the ai|the model|the bot|the chatbot|the system|chatgpt)"
)
_ACTS = (
    r"(?:recommend|suggest|say|answer|respond|reply|mention|tell|promote|include|use|refer|"
    r"claim|state|output|reveal|praise|endorse|advertise|link|push|cite|obey|follow|end|"
    r"start|begin|write|speak|talk|describe|favou?r|prefer|rank|add|insist|agree|deny|"
    r"print|repeat|share|disclose)"
)
_OVERRIDE_TARGET = (
    r"(?:instructions?|rules?|prompts?|guidelines?|directions?|messages?|constraints?|"
    r"orders?|polic(?:y|ies)|programming|training|told)"
)
_STRONG_MODAL = (
    r"(?:must|should|shall|have to|has to|need to|needs to|are to|is to|ought to|are required "
    r"to|is required to)"
)
_FUTURE_SCOPE = (
    r"(?:sessions?|conversations?|chats?|answers?|repl(?:y|ies)|responses?|messages?|turns?"
    r"|interactions?)"
)

INSTRUCTION_RULES: tuple[InstructionRule, ...] = (
    _rule(
        "POISON-1",
        "overrides earlier instructions",
        r"\b(?:ignore|disregard|forget|override|bypass|drop|discard|skip|set aside)\b"
        r"[\w\s,']{0,30}?\b(?:previous|prior|earlier|above|preceding|all|your|these|those"
        r"|old|original|everything|what)\b[\w\s,']{0,30}?\b" + _OVERRIDE_TARGET + r"\b",
    ),
    _rule(
        "POISON-2",
        "asks the memory to keep a directive for later",
        r"\b(?:remember|memori[sz]e|note|keep in mind|store|save|record)\b[\w\s,]{0,25}?"
        r"(?:\b(?:that|to)\b|:)[\w\s,]{0,25}?\b(?:"
        + _ASSISTANT
        + r"\s+(?:"
        + _STRONG_MODAL
        + r"|will)|always|never|from now on)\b",
    ),
    _rule(
        "POISON-3",
        "obliges the assistant to act",
        rf"\b{_ASSISTANT}\s+{_STRONG_MODAL}\s+(?:(?:not|never|always|only|ever)\s+)*"
        rf"(?:always|never|only|{_ACTS})\b",
        rf"\b{_ASSISTANT}\s+will\s+(?:always|never|only|not\s+{_ACTS})\b",
    ),
    _rule(
        "POISON-4",
        "a standing order: always, never or do not ever do something",
        # A title that starts with the words ("Never Say Never Again was released in 1983")
        # is the subject of a sentence about it, not an order.
        rf"(?:{_START}|\bto\s+)(?:always|never|only)\s+(?:ever\s+)?{_ACTS}\b"
        r"(?![\w\s']{0,40}\b(?:is|was|were|are)\s+(?:a|an|the|released|published|written)\b)",
        rf"{_START}(?:do not|don't|dont|never)\s+ever\s+{_ACTS}\b",
        rf"\bmake sure\s+(?:that\s+)?{_ASSISTANT}\s+(?:(?:always|never|only)\s+)?{_ACTS}\b",
    ),
    _rule(
        "POISON-5",
        "applies from now on or to every later answer",
        r"\b(?:from now on|from this moment on|henceforth|from here on)\b",
        r"\b(?:in|for|on|during)\s+(?:all|every|each|any)?\s*(?:of\s+)?(?:your\s+|the\s+)?"
        r"(?:future|later|subsequent|upcoming|following|next)\s+" + _FUTURE_SCOPE + r"\b",
        r"\b(?:in|for|on)\s+(?:every|each|all)\s+(?:one\s+)?(?:of\s+)?your\s+" + _FUTURE_SCOPE,
        rf"{_START}{_ACTS}\b[\w\s,'.-]{{0,60}}\bin\s+(?:every|each|all)\s+"
        r"(?:answers?|repl(?:y|ies)|responses?|messages?)\b",
    ),
    _rule(
        "POISON-6",
        "reassigns the assistant's role or reaches for its prompt",
        r"\byou(?:\s+are|'re)\s+now\s+(?:an?|the|my|your|in|no longer|free|unrestricted"
        r"|called|named|dan)\b",
        rf"{_START}(?:act as|pretend)\b",
        rf"\b{_ASSISTANT}\s+(?:must|should|will|can)\s+(?:act as|pretend)\b",
        r"\b(?:reveal|print|show|repeat|output|disclose|leak)\s+(?:me\s+)?(?:your|the)\s+"
        r"(?:system|hidden|initial|original|secret)\s+(?:prompt|instructions)\b",
        r"\b(?:enable|enter|activate|switch to|turn on)\s+(?:the\s+)?(?:developer|dan|god"
        r"|jailbreak|unrestricted)\s+mode\b",
        r"\byour\s+(?:new|real|true|updated|actual)\s+(?:instructions|rules|orders|task)"
        r"\s+(?:are|is)\b",
        r"\bdo anything now\b",
    ),
    _rule(
        "POISON-7",
        "a header that announces a rule or speaks as the system",
        r"^\W*(?:new|updated|additional|important|extra|secret|hidden|system|override)\s+"
        r"(?:rule|instruction|directive|order|policy|command)s?"
        r"(?:\s+for\s+(?:the\s+)?(?:assistant|ai|model|bot|you))?\s*:",
        r"^\W*(?:system|assistant|admin|administrator|developer|operator)\s*:",
        r"\b(?:note|message|instructions?)\s+(?:to|for)\s+(?:the\s+)?(?:assistant|ai|model"
        r"|bot|chatbot)\s*:",
    ),
    _rule(
        "POISON-FR",
        "the same families in French",
        # French articles are required: "ignore the instructions" is English, and a fact.
        r"\b(?:ignore[rsz]?|oublie[rsz]?|ne tiens? pas compte|ne tenez pas compte"
        r"|fais abstraction|faites abstraction)\b[\w\s',]{0,20}?\b(?:les|tes|vos|ces|des)\s+"
        r"(?:\w+\s+){0,2}?(?:instructions?|consignes?|regles?|directives?|ordres?)\b",
        r"\b(?:souviens toi|souvenez vous|rappelle toi|rappelez vous|retiens|retenez"
        r"|n'oublie pas)\b[\w\s',]{0,20}?\bque?\b[\w\s',]{0,30}?"
        r"\b(?:tu dois|vous devez|tu devras|toujours|jamais)\b",
        r"\b(?:tu dois|vous devez|tu devras|vous devrez|l'assistant doit|le modele doit)\s+"
        r"(?:toujours|jamais|uniquement|seulement|recommander|mentionner|dire|repondre"
        r"|citer|promouvoir|inclure)\b",
        r"(?:^|[.!?;:,]\s*)(?:recommande|recommandez|mentionne|mentionnez|dis|dites"
        r"|reponds|repondez|cite|citez)\s+toujours\b",
        r"(?:^|[.!?;:,]\s*)ne\s+(?:mentionne|mentionnez|dis|dites|parle|parlez|cite|citez"
        r"|revele|revelez)\s+jamais\b",
        r"\b(?:a partir de maintenant|dorenavant|a l'avenir|desormais,?\s+(?:tu|vous"
        r"|reponds|repondez|dis|dites))\b",
        r"\bdans\s+(?:toutes\s+)?(?:tes|vos)\s+(?:futures\s+)?reponses\b",
        r"\b(?:tu es|vous etes)\s+(?:maintenant|desormais)\b|\b(?:fais|faites)\s+comme\s+si\b"
        r"|(?:^|[.!?;:,]\s*)(?:agis|agissez)\s+comme\b",
        r"^\W*nouvelles?\s+(?:regles?|consignes?|instructions?)\s*:",
    ),
    _rule(
        "POISON-DE",
        "the same families in German",
        r"\b(?:ignoriere|ignorieren sie|ignoriert|vergiss|vergessen sie|missachte"
        r"|missachten sie|uberschreibe)\b[\w\s,]{0,30}?"
        r"\b(?:anweisungen|anweisung|regeln|vorgaben|instruktionen|befehle|richtlinien)\b",
        r"\bmerke?\s+dir\b[\w\s,]{0,20}?\bdass\b[\w\s,]{0,30}?\b(?:du|immer|nie|niemals)\b",
        r"\bdu\s+(?:musst|sollst|wirst)\s+(?:\w+\s+){0,3}?(?:immer|stets|nie|niemals|nur)\b",
        r"\b(?:musst|sollst)\s+du\s+(?:\w+\s+){0,2}?(?:immer|stets|nie|niemals|nur)\b",
        r"(?:^|[.!?;:,]\s*)(?:empfiehl|empfehlen sie|erwahne|erwahnen sie|sag|sage|antworte"
        r"|nenne)\s+(?:\w+\s+){0,3}?(?:immer|stets|nie|niemals|nur)\b",
        r"\b(?:ab jetzt|von nun an|ab sofort|in allen (?:zukunftigen\s+)?antworten)\b",
        r"\bdu\s+bist\s+(?:jetzt|nun|ab jetzt)\s+(?:ein|eine|der|die|das|kein|keine)\b"
        r"|\btu\s+so,?\s+als\b|\bspiele\s+die\s+rolle\b",
        r"^\W*neue\s+(?:regel|regeln|anweisung|anweisungen)\s*:",
    ),
    _rule(
        "POISON-ES",
        "the same families in Spanish",
        r"\b(?:ignora|ignoren|olvida|olvide|olviden|omite|omita|haz caso omiso de"
        r"|no hagas caso (?:a|de))\b[\w\s,]{0,30}?"
        r"\b(?:instrucciones|instruccion|reglas|normas|indicaciones|directrices|ordenes)\b",
        r"\b(?:recuerda|recuerde|no olvides|ten en cuenta)\b[\w\s,]{0,20}?\bque\b"
        r"[\w\s,]{0,30}?\b(?:debes|siempre|nunca|tienes que)\b",
        r"\b(?:debes|tienes que|deberas|el asistente debe)\s+(?:\w+\s+){0,2}?(?:siempre|nunca"
        r"|solo|recomendar|mencionar|decir|responder|promocionar)\b",
        r"(?:^|[.!?;:,]\s*)(?:recomienda|menciona|di|responde)\s+siempre\b",
        r"(?:^|[.!?;:,]\s*)siempre\s+(?:recomienda|menciona|di|responde)\b",
        r"(?:^|[.!?;:,]\s*)nunca\s+(?:menciones|digas|hables|recomiendes|reveles|respondas)\b",
        r"\b(?:a partir de ahora|de ahora en adelante|desde ahora)\b",
        r"\bahora\s+eres\b|(?:^|[.!?;:,]\s*)(?:actua|actue)\s+como\b|\bfinge\s+(?:ser|que)\b",
        r"^\W*nuevas?\s+(?:reglas?|normas?|instrucciones|instruccion)\s*:",
    ),
    _rule(
        "POISON-ZH",
        "the same families in Chinese",
        r"(?:忽略|无视|忘记|忘掉|不要理会|忽视)[^。！？.!?]{0,12}?"
        r"(?:指令|指示|规则|提示|命令|设定)",
        r"记住[^。！？.!?]{0,10}?(?:你必须|你应该|始终|总是|永远)",
        r"(?:你|助手|模型)(?:必须|应该|应当)[^。！？.!?]{0,6}?"
        r"(?:始终|总是|永远|一直|只|推荐|提到|提及|说|回答)",
        r"(?:^|[。！？；：:;,，]\s*)(?:总是|始终|永远|一直)(?:推荐|提到|提及|说|回答)",
        r"(?:永远不要|绝不要|绝对不要|不要提及|不要提到)",
        r"(?:从现在开始|从现在起|从今以后|在(?:每个|每一个|所有)(?:回答|回复)中)",
        r"(?:今后|以后)[^。！？.!?]{0,8}?(?:每个|所有)(?:回答|回复|对话)",
        r"(?:你现在是|扮演|假装(?:你|是)|系统提示)",
        r"^\W*新(?:规则|指令)\s*:",
    ),
)
