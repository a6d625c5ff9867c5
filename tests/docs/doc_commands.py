#!/usr/bin/env python3
"""The shell commands of the README and docs/, run so none rots.

    doc_commands.py check SOURCE_DIR
        every ```sh block of README.md and docs/**/*.md is marked
        `sh runnable` or `sh skip: REASON`; every relative link and every
        `path/of/the/repository` in backquotes names a file that exists; every ```c block of the README is a file of examples/.
    doc_commands.py run SOURCE_DIR BUILD_DIR FILE
        runs FILE's runnable blocks in order, each with bash -euo pipefail,
        in one temporary folder that holds a link to every top-level entry
        of the source tree and `build` -> BUILD_DIR, with BUILD_DIR/bin
        first on PATH (so `mishmemcc`, `mishmemrun` are the build tree's).
"""
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

FENCE = re.compile(r"^```(.*)$")
LINK = re.compile(r"\]\(([^)#\s]+)(#[^)]*)?\)")
# A path of the repository in backquotes (`src/core/remote.c`), checked to exist.
REPO_PATH = re.compile(r"`((?:src|tests|scripts|tools|examples|bench|plugins|python|include|cmake|man)/[\w./+-]*\w)`")
# Files another part of the project writes (linked before it lands here).
PROVIDED_ELSEWHERE = {"docs/reference/environment.md"}
BLOCK_SECONDS = 300


def blocks(path):
    """(info, first line number, text) of every fenced block."""
    found, info, start, body = [], None, 0, []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            m = FENCE.match(line.rstrip("\n"))
            if info is None and m:
                info, start, body = m.group(1).strip(), number, []
            elif info is not None and line.rstrip("\n") == "```":
                found.append((info, start, "".join(body)))
                info = None
            elif info is not None:
                body.append(line)
    if info is not None:
        sys.exit(f"FAIL: {path}:{start}: a fence that never closes")
    return found


def doc_files(source):
    files = [os.path.join(source, "README.md")]
    files += sorted(glob.glob(os.path.join(source, "docs", "**", "*.md"), recursive=True))
    return files


def check(source):
    problems = []
    examples = {}
    for path in glob.glob(os.path.join(source, "examples", "*")):
        with open(path, encoding="utf-8", errors="replace") as f:
            examples[path] = f.read()
    for path in doc_files(source):
        rel = os.path.relpath(path, source)
        for info, line, text in blocks(path):
            words = info.split(None, 1)
            if words and words[0] == "sh":
                rest = words[1] if len(words) > 1 else ""
                if rest != "runnable" and not re.match(r"skip: \S", rest):
                    problems.append(f"{rel}:{line}: a ```sh block marked neither 'runnable' nor 'skip: REASON'")
            if rel == "README.md" and info == "c" and text not in examples.values():
                problems.append(f"{rel}:{line}: this C example is not a file of examples/ as written")
        with open(path, encoding="utf-8") as f:
            content = f.read()
        for m in LINK.finditer(content):
            target = m.group(1)
            if re.match(r"[a-z]+:", target):
                continue
            where = os.path.normpath(os.path.join(os.path.dirname(path), target))
            if not os.path.exists(where) and os.path.relpath(where, source) not in PROVIDED_ELSEWHERE:
                problems.append(f"{rel}: link to {target}, which does not exist")
        for m in REPO_PATH.finditer(content):
            if not os.path.exists(os.path.join(source, m.group(1))):
                problems.append(f"{rel}: names {m.group(1)}, which does not exist")
    for p in problems:
        print("FAIL:", p)
    if problems:
        return 1
    print(f"PASS: {len(doc_files(source))} files: every sh block marked, every link, path and C example found")
    return 0


def run(source, build, doc):
    runnable = [(line, text) for info, line, text in blocks(doc) if info == "sh runnable"]
    rel = os.path.relpath(doc, source)
    if not runnable:
        print(f"PASS: {rel} has no runnable block")
        return 0
    work = tempfile.mkdtemp(prefix="mishmem-doc-")
    try:
        for entry in os.listdir(source):
            if entry not in (".git", "build") and not entry.startswith("build-"):
                os.symlink(os.path.join(source, entry), os.path.join(work, entry))
        os.symlink(os.path.abspath(build), os.path.join(work, "build"))
        env = dict(os.environ)
        env["PATH"] = os.path.join(os.path.abspath(build), "bin") + os.pathsep + env.get("PATH", "")
        env["HOME"] = work  # nothing a block writes under ~ outlives the test
        for line, text in runnable:
            print(f"== {rel}:{line}\n{text}", end="", flush=True)
            try:
                done = subprocess.run(["bash", "-euo", "pipefail", "-c", text], cwd=work, env=env,
                                      stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                      timeout=BLOCK_SECONDS)
            except subprocess.TimeoutExpired:
                print(f"FAIL: {rel}:{line}: still running after {BLOCK_SECONDS} s")
                return 1
            print(done.stdout.decode(errors="replace"), end="")
            if done.returncode != 0:
                print(f"FAIL: {rel}:{line}: the block exited with {done.returncode}")
                return 1
        print(f"PASS: {len(runnable)} runnable blocks of {rel}")
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main(argv):
    if len(argv) == 3 and argv[1] == "check":
        return check(argv[2])
    if len(argv) == 5 and argv[1] == "run":
        return run(argv[2], argv[3], argv[4])
    sys.exit(__doc__)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
