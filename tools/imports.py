#!/usr/bin/env python3
"""Import picture of the server crate: which module (file) uses which, and the import circles.

Usage: python3 tools/imports.py [--edges]   (from the repository root)

A file "uses" another when it names `crate::a::b...` (in `use` lines or in paths) and that path
resolves to a module file under server/src. Circles are strongly connected components of that
graph with more than one file; generated entities (server/src/entities) are left out, as their
relations name each other by design.
"""
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "server" / "src"
PATH = re.compile(r"crate::((?:[a-z_][a-z0-9_]*::)*[a-z_][a-z0-9_]*)")
GROUP = re.compile(r"use crate::\{([^;]*)\};", re.S)


def module_of(file: Path) -> str:
    rel = file.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] in ("mod", "lib", "main"):
        parts = parts[:-1]
    return "::".join(parts) or "crate"


def files():
    return {module_of(f): f for f in ROOT.rglob("*.rs")}


def expand_groups(text: str) -> list[str]:
    """`use crate::{a::{b, c}, d}` -> ['a::b', 'a::c', 'd'] (enough nesting for this code base)."""
    out = []

    def walk(prefix: str, body: str):
        depth, start, items = 0, 0, []
        for i, ch in enumerate(body):
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
            elif ch == "," and depth == 0:
                items.append(body[start:i])
                start = i + 1
        items.append(body[start:])
        for item in (s.strip() for s in items):
            if not item:
                continue
            m = re.match(r"([a-z0-9_:]*?)::\{(.*)\}$", item, re.S)
            if m:
                walk(prefix + m.group(1) + "::", m.group(2))
            else:
                out.append(prefix + item.split(" as ")[0].strip())

    for body in GROUP.findall(text):
        walk("", body)
    return out


def resolve(path: str, modules) -> str | None:
    parts = path.split("::")
    while parts:
        name = "::".join(parts)
        if name in modules:
            return name
        parts.pop()
    return None


def graph():
    modules = files()
    edges = {m: set() for m in modules if not m.startswith("entities")}
    for module in edges:
        # Comments name modules without using them.
        text = "\n".join(line for line in modules[module].read_text().splitlines() if not line.lstrip().startswith("//"))
        paths = PATH.findall(text) + expand_groups(text)
        for path in paths:
            target = resolve(path, modules)
            if target and target != module and not target.startswith("entities") and target != "crate":
                edges[module].add(target)
    return edges


def circles(edges):
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in edges:
        if v not in index:
            visit(v)
    return out


if __name__ == "__main__":
    edges = graph()
    tops = {}
    for module, targets in edges.items():
        top = module.split("::")[0]
        for target in targets:
            other = target.split("::")[0]
            if other != top:
                tops.setdefault(top, set()).add(other)
    print("top-level modules and what they use:")
    for top in sorted(tops):
        print(f"  {top:<10} -> {', '.join(sorted(tops[top]))}")
    found = circles(edges)
    print(f"import circles (files, entities left out): {len(found)}")
    for comp in found:
        print(f"  {len(comp)} files: {', '.join(comp)}")
    if "--edges" in sys.argv:
        for module in sorted(edges):
            print(module, "->", ", ".join(sorted(edges[module])))
