#!/usr/bin/env python3
"""The layers of src/, checked: every #include points down the layer list
(or stays in its own layer), include circles are only the ones listed
below with a reason, every include guard matches its path, and every
comment that names a source file names one that exists.

    python3 scripts/check_layers.py          # exit 1 and one line per problem
    python3 scripts/check_layers.py --graph  # also print the layer-to-layer includes

The layer order is the one of docs and design: a layer may include its
own headers and those of the layers after it, never one before it."""
import os
import re
import sys

LAYERS = ["api", "init", "core", "progress", "instance", "transport", "mapped", "heap", "bootstrap", "util"]

# Include circles between modules (x.c with x.h) that stay, each with its
# reason: "src/a/x src/a/y ..." (sorted) -> why.
ALLOWED_CIRCLES = {}

# Upward includes not yet removed: "file -> header" -> why. Empty once the
# layers are true; a new entry needs a reason a reviewer accepts.
KNOWN_UPWARD = {}

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
INCLUDE_RE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
GUARD_RE = re.compile(r"^#ifndef\s+(\w+)\s*\n#define\s+\1\b", re.M)
# A path-like word ending in .c or .h inside a comment.
COMMENT_RE = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
NAMED_FILE_RE = re.compile(r"(?<![\w./-])((?:src/)?(?:[\w-]+/)+[\w-]+\.[ch])\b")


def sources(top):
    for folder, _, files in os.walk(os.path.join(ROOT, top)):
        for name in sorted(files):
            if name.endswith((".c", ".h")):
                yield os.path.relpath(os.path.join(folder, name), ROOT)


def layer_of(path):
    """'src/core/coll/x.c' -> 'core'; None outside src/."""
    parts = path.split("/")
    if parts[0] != "src" or len(parts) < 3:
        return None
    return parts[1]


def resolve(including, header):
    """The file an #include "header" in `including` names, relative to ROOT."""
    for base in (os.path.dirname(including), "src", "include"):
        candidate = os.path.normpath(os.path.join(base, header))
        if os.path.exists(os.path.join(ROOT, candidate)):
            return candidate
    return None


def expected_guard(path):
    parts = path.split("/")
    if parts[0] == "src":
        parts = parts[1:]
    elif parts[0] == "include":
        parts = parts[1:]
        if parts[0] == "mishmem":
            parts = parts[1:]
        elif parts[0] == "mpp":
            parts = ["mpp"] + parts[1:]
    return "MISHMEM_" + re.sub(r"[^A-Za-z0-9]", "_", "/".join(parts)).upper()


def strongly_connected(graph):
    """Tarjan's algorithm, iterative: the circles of the include graph."""
    index, low, on_stack, stack, result = {}, {}, set(), [], []
    counter = [0]
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph.get(start, ()))))]
        index[start] = low[start] = counter[0]
        counter[0] += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter[0]
                    counter[0] += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                    advanced = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    result.append(sorted(group))
    return result


def main():
    problems = []
    graph = {}     # module -> modules it includes (a module: x.c and x.h)
    includes = {}  # file -> files it includes
    layer_edges = {}
    files = list(sources("src")) + list(sources("include"))
    for path in files:
        text = open(os.path.join(ROOT, path), encoding="utf-8", errors="replace").read()
        mine = layer_of(path)
        if mine is not None and mine not in LAYERS:
            problems.append(f"{path}: folder src/{mine} is not a layer ({' -> '.join(LAYERS)})")
        for header in INCLUDE_RE.findall(text):
            target = resolve(path, header)
            if target is None:
                if path.startswith("src/") or header.startswith(("mishmem/", "shmem")):
                    problems.append(f"{path}: includes \"{header}\", which does not exist")
                continue
            # A file and its header are one module: a.c including b.h while
            # b.c includes a.h is a circle between modules a and b.
            source_module, target_module = os.path.splitext(path)[0], os.path.splitext(target)[0]
            if source_module != target_module:
                graph.setdefault(source_module, set()).add(target_module)
            includes.setdefault(path, set()).add(target)
            theirs = layer_of(target)
            if mine in LAYERS and theirs in LAYERS:
                layer_edges.setdefault((mine, theirs), []).append(f"{path} -> {target}")
                if LAYERS.index(theirs) < LAYERS.index(mine):
                    key = f"{path} -> {target}"
                    if key not in KNOWN_UPWARD:
                        problems.append(f"{key}: {mine} includes {theirs}, a layer above it")
            elif path.startswith("include/") and target.startswith("src/"):
                problems.append(f"{path}: a public header includes {target}")
        if path.endswith(".h"):
            guard = GUARD_RE.search(text)
            want = expected_guard(path)
            if not guard:
                problems.append(f"{path}: no include guard (want {want})")
            elif guard.group(1) != want:
                problems.append(f"{path}: include guard {guard.group(1)}, want {want} (its path)")
        for comment in COMMENT_RE.findall(text):
            for named in NAMED_FILE_RE.findall(comment):
                if named.startswith(("rdma/", "sys/", "linux/", "netinet/", "arpa/", "net/", "mishmem/")):
                    continue
                relative = named[4:] if named.startswith("src/") else named
                if not any(os.path.exists(os.path.join(ROOT, base, relative))
                           for base in ("src", "include", os.path.dirname(path), ".")):
                    problems.append(f"{path}: a comment names {named}, which does not exist")
    for key in KNOWN_UPWARD:
        source, target = key.split(" -> ")
        if target not in includes.get(source, ()):
            problems.append(f"KNOWN_UPWARD lists '{key}', which is gone: remove it from the list")
    for circle in strongly_connected(graph):
        key = " ".join(circle)
        if key not in ALLOWED_CIRCLES:
            problems.append(f"include circle: {key}")
    if "--graph" in sys.argv:
        for (a, b), where in sorted(layer_edges.items(), key=lambda e: (LAYERS.index(e[0][0]), LAYERS.index(e[0][1]))):
            if a != b:
                print(f"{a:9} -> {b:9} {len(where):3} includes")
    for line in problems:
        print(line)
    print(f"check_layers: {len(files)} files, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
