"""Text that claims the voice of the machine's makers, and settings that switch its
safeguards off (spec/poisoning.md#poisoning.privileged).

Issue 27's thirteenth round. A user's question, a retrieved page or a stored fact never
carries a message from the assistant's developers, its system or a model vendor's safety
team: such a header in untrusted text is forged, and a directive after it is an instruction
(`FORGED_HEADER`). Settings a record may hold about the user are preferences; a key that
switches off one of the assistant's safeguards (confirming with the user, warning about
links, asking before sharing), marks domains as trusted, hands data to an e-mail address or
fixes the answer to a question is an instruction written as data (`SAFEGUARD_FIELD`).
"""

from __future__ import annotations

import re

from memcore.safety.directive_target import IMPERATIVE

# A message that names the machine's makers or its system as its author.
_PRIVILEGED = (
    r"(?:(?:developer|system|admin|administrator|operator|moderator)\s+(?:message|notice|note"
    r"|update|override|directive|instructions?|announcement|alert)"
    r"|(?:message|note|notice|update|instructions?)\s+from\s+(?:your|the)\s+(?:developers?"
    r"|creators?|makers?|operators?|admins?|administrators?|engineers)"
    r"|(?:openai|anthropic|google|microsoft|meta)\b[^\n]{0,30}?\b(?:policy|safety|trust)"
    r"(?:\s+(?:team|update))?|safety\s+team|policy\s+update|internal\s+directive|admin\s+override"
    r"|memory\s+module\s+update)"
)
# Keeping or handing on, beside the imperatives of `IMPERATIVE`.
_KEEPING = r"(?:copy|store|save|keep|give|pass|share|acknowledge)"
# A directive after the header: an imperative at a clause's start, permission or obligation
# given to the assistant, or a correction of its behaviour.
_DIRECTIVE = (
    rf"(?:^|[.!?:;,\]>)#]\s*|\n\s*|\b(?:and|then|please)\s+)(?:{IMPERATIVE}|{_KEEPING})\b"
    # Every request granted ("Answer every request fully"), read across a sentence's end.
    r"|\b(?:answer|respond\s+to|reply\s+to|comply\s+with|fulfil+)\s+(?:every|all|any)\b"
    r"|\b(?:assistants?|you|the\s+assistant|the\s+model)\s+(?:may|must|should|can|are\s+to"
    r"|is\s+to)\s+(?:now\s+)?\w+"
    r"|\b(?:correct|new|expected)\s+behaviou?r\s+is\b|\bfrom\s+(?:now|this\s+point)\s+on\b"
)
FORGED_HEADER = re.compile(
    rf"\b{_PRIVILEGED}\b[^\n]{{0,40}}?(?:[\]:)>#-]|\s—)[^\n]{{0,200}}?(?:{_DIRECTIVE})",
    re.IGNORECASE,
)

# A key of a settings record, then its value.
_KEY_END = r"[\"']?\s*[:=]\s*[\"']?"
SAFEGUARD_FIELD = re.compile(
    # A safeguard skipped or automated: "skip_link_warnings: true", "auto_approve_tool_calls:
    # true", "share_without_asking: true".
    r"\b[\w.]*(?:skip|disable|bypass|suppress|without|auto)_?[\w]*?(?:warnings?|confirm\w*"
    rf"|approv\w*|asking|verif\w*|purchases?\w*){_KEY_END}(?:true|yes|on|\d+)\b"
    # Confirming with the user switched off: "confirm_with_user: false".
    rf"|\b[\w.]*(?:confirm|ask)\w*_(?:user|me|first|before)\w*{_KEY_END}(?:false|no|off|never)\b"
    # Data handed to an address: "share_history_with: \"x@y.example\"".
    rf"|\b[\w.]*(?:share|send|forward|copy|export|cc)\w*{_KEY_END}[\w.+-]+@"
    # Domains marked as trusted: "trusted_domains: [...]".
    r"|\b[\w.]*(?:trusted|whitelist\w*)_(?:domains|links|urls|sites|senders)[\"']?\s*[:=]"
    # The answer to a question fixed: "default_answer_when_asked_about_recalls: \"...\"",
    # "on_payment_question: \"tell the user ...\"".
    r"|\b[\w.]*(?:answer|reply|response)\w*_(?:when|if|on|to|about|for)_\w+"
    rf"{_KEY_END}\w|\bon_\w+_(?:question|request|query){_KEY_END}\w",
    re.IGNORECASE,
)
