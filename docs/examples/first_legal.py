#!/usr/bin/env python3
"""Plays one seat of French tarot over tarot-tutor's seat protocol: always the first legal action."""
import json
import sys

for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        print(json.dumps({"type": "hello", "name": "first-legal 1.0"}), flush=True)
    elif msg["type"] == "decide":
        view = msg["view"]
        if view["phase"] == "ecart":  # choose the cards yourself: here the first discardable ones
            rule = msg["ecart"]
            cards = rule["discardable"][:rule["size"]]
            if len(cards) < rule["size"]:  # too few: the lowest trumps other than the oudlers
                trumps = sorted((c for c in view["hand"] if c.startswith("T") and c not in ("T1", "T21")),
                                key=lambda c: int(c[1:]))
                cards += trumps[:rule["size"] - len(cards)]
            action = f"{view['seat']}:ecart:{','.join(cards)}"
        else:
            action = msg["legal"][0]
        print(json.dumps({"id": msg["id"], "action": action}), flush=True)
    elif msg["type"] == "result":
        print(f"deal over: {msg['score']:+d} for seat {msg['seat']}", file=sys.stderr)
    elif msg["type"] == "bye":
        break
