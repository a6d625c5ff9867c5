#!/usr/bin/env python3
"""Prints the build targets that the tests matching a regex run (their
programs, the launcher), so CI builds only those for a pass that runs a few
tests.  usage: test_targets.py BUILD_DIR REGEX  (BUILD_DIR configured)
Reads the CTestTestfile.cmake files: ctest itself lists no command for a
test whose program is not built yet."""
import os
import re
import sys

build, regex = os.path.abspath(sys.argv[1]), re.compile(sys.argv[2])
add_test = re.compile(r'^add_test\(\[=\[(.*?)\]=\] (.*)\)$')
targets = {"mishmem"}
for folder, _, files in os.walk(build):
    if "CTestTestfile.cmake" not in files:
        continue
    with open(os.path.join(folder, "CTestTestfile.cmake")) as testfile:
        for line in testfile:
            found = add_test.match(line.strip())
            if not found or not regex.search(found.group(1)):
                continue
            for arg in re.findall(r'"((?:[^"\\]|\\.)*)"', found.group(2)):
                if arg.startswith(build + "/"):
                    targets.add(os.path.basename(arg))
print(" ".join(sorted(targets)))
