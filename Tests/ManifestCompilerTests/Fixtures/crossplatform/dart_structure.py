#!/usr/bin/env python3
"""Parses a generated Dart file with tree-sitter's Dart grammar and prints its structure as JSON.

Usage: dart_structure.py FILE.dart
Prints {"errors", "interpolations", "constants": [[class, name, value]], "tokens": [[kind, text]]}, where
"tokens" are the identifiers and decoded string literals of the body of notificationCategories(), in order.
Exit status 2 when tree_sitter_language_pack is not installed (the Swift test then skips).
"""
import json
import re
import sys

try:
    from tree_sitter_language_pack import get_parser
except ImportError:
    sys.exit(2)

ESCAPES = {"n": "\n", "r": "\r", "t": "\t", "b": "\b", "f": "\f", "v": "\v"}


def decode(literal):
    """The value of a single- or double-quoted, non-raw Dart string literal."""
    if literal.startswith("r"):
        return literal[2:-1]
    body = literal[1:-1]
    out = []
    i = 0
    while i < len(body):
        c = body[i]
        if c != "\\":
            out.append(c)
            i += 1
            continue
        n = body[i + 1]
        if n == "u" and body[i + 2] == "{":
            end = body.index("}", i)
            out.append(chr(int(body[i + 3:end], 16)))
            i = end + 1
        elif n == "u":
            out.append(chr(int(body[i + 2:i + 6], 16)))
            i += 6
        elif n == "x":
            out.append(chr(int(body[i + 2:i + 4], 16)))
            i += 4
        else:
            out.append(ESCAPES.get(n, n))
            i += 2
    return "".join(out)


def main():
    source = open(sys.argv[1], "rb").read()
    tree = get_parser("dart").parse(source)
    text = lambda node: source[node.start_byte:node.end_byte].decode("utf-8")
    result = {"errors": 0, "interpolations": 0, "constants": [], "tokens": []}

    def count(node):
        if node.type == "ERROR" or node.is_missing:
            result["errors"] += 1
        if node.type == "template_substitution":
            result["interpolations"] += 1
        for child in node.children:
            count(child)

    def constants(node, klass):
        if node.type == "class_definition":
            name = next(c for c in node.children if c.type == "identifier")
            klass = text(name)
        if node.type == "static_final_declaration" and klass:
            ident = next(c for c in node.children if c.type == "identifier")
            strings = [c for c in node.children if c.type == "string_literal"]
            if strings:
                result["constants"].append([klass, text(ident), decode(text(strings[0]))])
        for child in node.children:
            constants(child, klass)

    def tokens(node):
        if node.type == "string_literal":
            result["tokens"].append(["str", decode(text(node))])
            return
        if node.type == "identifier":
            result["tokens"].append(["id", text(node)])
        for child in node.children:
            tokens(child)

    count(tree.root_node)
    constants(tree.root_node, None)
    children = tree.root_node.children
    for index, node in enumerate(children):
        if node.type == "function_signature" and any(
            c.type == "identifier" and text(c) == "notificationCategories" for c in node.children
        ):
            tokens(children[index + 1])
    json.dump(result, sys.stdout)  # ASCII: \u escapes survive every JSON reader


main()
