#!/usr/bin/env python3
"""A preprocessor written for mdBook 0.5: it reads the book's `items` and prints the book back in
0.5's shape, `{"items": [...]}` alone, as mdBook 0.5's own types serialise it."""
import json
import sys

if len(sys.argv) > 1 and sys.argv[1] == "supports":
    sys.exit(0)

context, book = json.load(sys.stdin)

def visit(items):
    for item in items:
        if isinstance(item, dict) and "Chapter" in item:
            chapter = item["Chapter"]
            chapter["content"] = chapter["content"].replace("{{shout}}", "Shouted by a preprocessor for mdBook 0.5.")
            visit(chapter["sub_items"])

visit(book["items"])
json.dump({"items": book["items"]}, sys.stdout)
