#!/usr/bin/env python3
"""A preprocessor written for mdBook 0.4, which reads and prints the book's `sections`: replaces {{stamp}} in every chapter with a fixed line."""
import json
import os
import sys

if len(sys.argv) > 1 and sys.argv[1] == "supports":
    sys.exit(0 if sys.argv[2] == "html" else 1)

context, book = json.load(sys.stdin)
assert context["renderer"] == "html" and context["config"]["book"]["title"] == "A Small mdBook"
# A build never reaches the network: cargo, were this `cargo run`, would not wait on a registry.
assert os.environ.get("CARGO_NET_OFFLINE") == "true"

def visit(items):
    for item in items:
        if isinstance(item, dict) and "Chapter" in item:
            chapter = item["Chapter"]
            chapter["content"] = chapter["content"].replace("{{stamp}}", "Stamped by the preprocessor.")
            visit(chapter["sub_items"])

visit(book["sections"])
json.dump(book, sys.stdout)
