#!/usr/bin/env python3
"""Prints the build targets that the tests matching a regex run (their
programs, the launcher), so CI builds only those for a pass that runs a few
tests.  usage: test_targets.py BUILD_DIR REGEX  (BUILD_DIR configured)"""
import json
import os
import subprocess
import sys

build, regex = os.path.abspath(sys.argv[1]), sys.argv[2]
listing = subprocess.run(["ctest", "--test-dir", build, "-N", "-R", regex,
                          "--show-only=json-v1"], check=True,
                         capture_output=True, text=True).stdout
targets = {"mishmem"}
for test in json.loads(listing)["tests"]:
    for arg in test.get("command", []):
        if arg.startswith(build + "/"):
            targets.add(os.path.basename(arg))
print(" ".join(sorted(targets)))
