#!/usr/bin/env python3
"""Import picture of the server crate, and its rule: imports point only down.

Usage: python3 tools/imports.py [--edges] [--check]   (from the repository root)

A file "uses" another when one of its paths resolves to that module file under server/src: a
`crate::…` or `super::…` path, or a path through a name a `use` line brought in
(`use crate::domain::bot;` and later `bot::live::start(…)` is a use of `domain/bot/live.rs`).
Test modules (`#[cfg(test)] mod … { … }`) are left out: they are not part of what runs.

Two rules, both printed and, with `--check`, failing the run (tests/all.sh does so beside clippy):
- **Floors.** `CRATE_LAYERS` orders the crate's top modules and `DOMAIN_FLOORS` the domain's
  (kernel → records → capabilities → flows, as `server/src/domain/mod.rs` states). A file may use
  its own top module, or one on its floor or below — never one above.
- **No circles.** Strongly connected components of the file graph with more than one file are
  circles, except sea-orm entities (their relations name each other by design) and a `mod.rs`
  with its own children (the parent declares and re-exports, the children use its shared types).
"""
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "server" / "src"

# Lower number = lower floor. A module may use modules on its floor or below.
CRATE_LAYERS = {
    # leaves: no crate imports of their own
    "random": 0, "secrets": 0, "metrics": 0, "redis_link": 0, "entities": 0,
    # where tenants' data lives; settings
    "tenancy": 1, "config": 2,
    # the domain, over tenancy
    "domain": 3,
    # what the transports share
    "error": 4, "cache": 4, "ratelimit": 4, "telemetry": 4, "demo": 4,
    "bus": 5, "jobs": 6, "state": 7,
    "context": 8, "edge": 8, "auth": 9,
    # transports
    "http": 10, "graphql": 10, "realtime": 10,
    "app": 11, "listener": 12, "startup": 12,
}

DOMAIN_FLOORS = {
    # kernel: no business records, used by everything
    **dict.fromkeys(
        ["error", "sql", "local_time", "pages", "events", "unit", "outbox", "sealing", "outbound",
         "standard_webhooks", "passwords", "cnpj", "catalogue", "features", "sheet_reader", "text", "calendar", "settings", "webhook_events"], 0),
    # records: a table or a few and the rules that keep them whole
    **dict.fromkeys(
        ["plans", "templates", "tenants", "departments", "users", "instances", "media", "conversations", "tags"], 1),
    # capabilities: features built on the records
    **dict.fromkeys(
        ["auth", "api_tokens", "audit", "privacy", "bot", "campaigns", "orders", "webhooks", "analytics", "reports", "retention", "roles", "quick_replies", "notes", "scheduled_messages", "search", "distribution", "sla", "surveys"], 2),
    # flows: a user's or a provider's action across capabilities, calling their reactions
    **dict.fromkeys(["inbox", "home", "setup"], 3),
}
FLOOR_NAMES = ["kernel", "records", "capabilities", "flows"]

IDENT = r"[A-Za-z_][A-Za-z0-9_]*"
USE = re.compile(r"\b(?:pub(?:\([^)]*\))?\s+)?use\s+([^;]+);", re.S)
PATH = re.compile(rf"(?<![A-Za-z0-9_:]){IDENT}(?:::{IDENT})+")


def module_of(file: Path) -> str:
    rel = file.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] in ("mod", "lib", "main"):
        parts = parts[:-1]
    return "::".join(parts) or "crate"


def is_dir_module(file: Path) -> bool:
    return file.stem in ("mod", "lib", "main")


def strip(text: str) -> str:
    """Comments, string and char literals out (they name modules without using them)."""
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r'r(#*)".*?"\1', '""', text, flags=re.S)
    text = re.sub(r'"(?:\\.|[^"\\])*"', '""', text, flags=re.S)
    text = re.sub(r"'(?:\\.|[^'\\])'", "' '", text)
    return "\n".join(line.split("//")[0] for line in text.splitlines())


def without_tests(text: str) -> str:
    """Drops `#[cfg(test)] mod x { … }` blocks by counting braces."""
    out, i = [], 0
    pattern = re.compile(r"#\[cfg\(test\)\]\s*(?:pub\s+)?mod\s+\w+\s*\{")
    while True:
        m = pattern.search(text, i)
        if not m:
            out.append(text[i:])
            return "".join(out)
        out.append(text[i:m.start()])
        depth, j = 1, m.end()
        while j < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[j], 0)
            j += 1
        i = j


def use_items(body: str, prefix: list[str]):
    """`crate::{a::{b, c as d}, e}` -> [(['crate','a','b'], 'b'), (['crate','a','c'], 'd'), …]."""
    body = body.strip()
    m = re.match(r"^(.*?)\{(.*)\}$", body, re.S)
    if m and m.group(1).strip().endswith("::") or (m and m.group(1).strip() == ""):
        head = [p for p in m.group(1).strip().rstrip(":").split("::") if p]
        depth, start, items, inner = 0, 0, [], m.group(2)
        for i, ch in enumerate(inner):
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
            elif ch == "," and depth == 0:
                items.append(inner[start:i])
                start = i + 1
        items.append(inner[start:])
        for item in items:
            if item.strip():
                yield from use_items(item, prefix + head)
        return
    alias = None
    if " as " in body:
        body, alias = (s.strip() for s in body.split(" as ", 1))
    parts = [p for p in body.split("::") if p]
    if parts and parts[-1] == "self":
        parts = parts[:-1]
    full = prefix + parts
    if full and full[-1] != "*":
        yield full, alias or full[-1]


class Resolver:
    def __init__(self):
        self.files = {module_of(f): f for f in ROOT.rglob("*.rs")}

    def absolute(self, parts: list[str], here: str, aliases: dict, dir_module: bool) -> list[str] | None:
        """A path as written in module `here` -> crate-absolute parts, or None when external."""
        if not parts:
            return None
        head = parts[0]
        base = here.split("::") if here != "crate" else []
        if head == "crate":
            return parts[1:]
        if head == "self":
            return base + parts[1:]
        if head == "super":
            # `super` of a file module a/b.rs is `a`; of a dir module a/b/mod.rs also `a`.
            up, rest = base, parts
            while rest and rest[0] == "super":
                up, rest = up[:-1], rest[1:]
            return up + rest
        if head in aliases:
            return aliases[head] + parts[1:]
        child = "::".join(base + [head]) if base else head
        if child in self.files:
            return base + parts
        if here == "crate" or not base:
            return parts if parts[0] in self.files else None
        return None

    def module(self, parts: list[str]) -> str | None:
        parts = list(parts)
        while parts:
            name = "::".join(parts)
            if name in self.files:
                return name
            parts.pop()
        return None

    def uses(self, here: str) -> set[str]:
        file = self.files[here]
        text = without_tests(strip(file.read_text()))
        dir_module = is_dir_module(file)
        aliases: dict[str, list[str]] = {}
        found: set[str] = set()
        for body in USE.findall(text):
            for parts, alias in use_items(body, []):
                full = self.absolute(parts, here, aliases, dir_module)
                if full is None:
                    continue
                aliases[alias] = full
                target = self.module(full)
                if target:
                    found.add(target)
        rest = USE.sub(" ", text)
        for path in PATH.findall(rest):
            full = self.absolute(path.split("::"), here, aliases, dir_module)
            target = self.module(full) if full else None
            if target:
                found.add(target)
        found.discard(here)
        found.discard("crate")
        return found


def graph(resolver: Resolver):
    return {m: resolver.uses(m) for m in resolver.files if m != "crate"}


def is_family(a: str, b: str, resolver: Resolver) -> bool:
    """`a` is the directory module (mod.rs) that declares `b`, or the other way round."""
    for parent, child in ((a, b), (b, a)):
        if child.rsplit("::", 1)[0] == parent and is_dir_module(resolver.files[parent]):
            return True
    return False


def circles(edges, resolver: Resolver):
    kept = {
        v: {w for w in ws if not is_family(v, w, resolver)}
        for v, ws in edges.items()
        if not v.startswith("entities")
    }
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in kept.get(v, ()):
            if w not in kept:
                continue
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

    for v in kept:
        if v not in index:
            visit(v)
    return out


def floor(module: str):
    """(table, top module, floor) for the rule that applies to `module`."""
    parts = module.split("::")
    if parts[0] == "domain" and len(parts) > 1:
        return "domain", parts[1], DOMAIN_FLOORS.get(parts[1])
    return "crate", parts[0], CRATE_LAYERS.get(parts[0])


def upward(edges):
    found, unplaced = [], set()
    for module, targets in edges.items():
        table, top, level = floor(module)
        if level is None:
            unplaced.add(f"{table}::{top}")
            continue
        for target in targets:
            t_table, t_top, t_level = floor(target)
            if t_level is None:
                unplaced.add(f"{t_table}::{t_top}")
                continue
            if t_table != table or t_top == top:
                # domain files using kernel-level crate modules, or anything using the domain
                # as a whole, are judged by the crate table
                if table == "domain" and t_table == "crate":
                    t_level_c, level_c = CRATE_LAYERS.get(t_top), CRATE_LAYERS["domain"]
                    if t_level_c is not None and t_level_c > level_c:
                        found.append((module, target))
                continue
            if t_level > level:
                found.append((module, target))
    return sorted(found), sorted(unplaced)


def main():
    resolver = Resolver()
    edges = graph(resolver)
    tops: dict[str, set[str]] = {}
    for module, targets in edges.items():
        top = module.split("::")[0]
        for target in targets:
            other = target.split("::")[0]
            if other != top:
                tops.setdefault(top, set()).add(other)
    print("top-level modules and what they use:")
    for top in sorted(tops, key=lambda t: (CRATE_LAYERS.get(t, 99), t)):
        print(f"  {top:<10} -> {', '.join(sorted(tops[top], key=lambda t: (CRATE_LAYERS.get(t, 99), t)))}")
    domain: dict[str, set[str]] = {}
    for module, targets in edges.items():
        _, top, _ = floor(module)
        if not module.startswith("domain::"):
            continue
        for target in targets:
            if target.startswith("domain::") and floor(target)[1] != top:
                domain.setdefault(top, set()).add(floor(target)[1])
    print("domain floors and what each module uses:")
    for level, name in enumerate(FLOOR_NAMES):
        print(f"  {name}:")
        for top in sorted(m for m, f in DOMAIN_FLOORS.items() if f == level):
            used = sorted(domain.get(top, ()), key=lambda t: (DOMAIN_FLOORS.get(t, 99), t))
            print(f"    {top:<18} -> {', '.join(used) if used else '(nothing in the domain)'}")
    found = circles(edges, resolver)
    print(f"import circles (files; entities and mod.rs with its children left out): {len(found)}")
    for comp in found:
        print(f"  {len(comp)} files: {', '.join(comp)}")
    ups, unplaced = upward(edges)
    print(f"upward imports: {len(ups)}")
    for module, target in ups:
        print(f"  {module} -> {target}")
    if unplaced:
        print(f"modules missing from the floor tables: {', '.join(unplaced)}")
    if "--edges" in sys.argv:
        for module in sorted(edges):
            print(module, "->", ", ".join(sorted(edges[module])))
    if "--check" in sys.argv and (found or ups or unplaced):
        sys.exit(1)


if __name__ == "__main__":
    main()
