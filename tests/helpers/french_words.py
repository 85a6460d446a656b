"""The words that tell English from French on a page, shared by the French page scans (AppTest and browser)."""

import re

# Words that only English uses (none is also a French word a page could say: "score", "pass", "due" are out).
ENGLISH = re.compile(
    r"\b(the|and|with|is|are|of|to|from|each|your|you|this|that|which|when|must|may|not|for|by|an|it|its|has|have|"
    r"taker|defenders?|defence|attack|tricks?|trumps?|king|queen|knight|jack|hearts|spades|diamonds|clubs|deals?|"
    r"won|lost|step|target|right|wrong|cards?|seats?|players?|lessons?|hint|dog|bid|open|show|save|delete|start|"
    r"next|back|skip|answer|review|today|days?|week|learners?|teacher|sheet|game|print|download|join|results?)\b",
    re.IGNORECASE)
# Shown on purpose: the players' names, the typed-answer help's card codes, the address of a shared deal.
ALLOWED = re.compile(r"\b(Anna|Bruno|Chloé|David|Alice|Ana|Bob|Cleo)\b|\b(KH|T21|EX|10D)\b|`/[^`]*`|"
                     r"[?&]?\b[a-z_]+=[^\s`]*|tarot-tutor [a-z-]+|\{\w+\}")
