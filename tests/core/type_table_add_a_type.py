#!/usr/bin/env python3
"""Adding a type is one row: a copy of scripts/type_table.py gets a row for
unsigned __int128, scripts/gen_types.py regenerates a copy of the headers
and of the internal lists into a temporary folder, and then
- every typed declaration of the row's families appears on both faces
  (shmem_* and aclshmem_*), the C11 generic and C++ overloaded forms pick
  the new functions (seen in the compiled calls), and
- the library's own definitions (src/api, both faces, and the reduction
  operators of src/core) compiled against the copy define the new symbols.

    type_table_add_a_type.py SOURCE_ROOT C_COMPILER [CXX_COMPILER]

Without a C++ compiler (empty or *-NOTFOUND) the C++ overloads are only
checked as text."""
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROW = ('TYPES.append(Row("unsigned __int128", "uint128", "unsigned __int128", "FI_UINT128",\n'
       '                 "rma rbit rmm rsum tbit tmm tsum gen genb"))\n')

# Declarations the row must add, by header (both faces).
EXPECTED = {
    "openshmem.h": ["void shmem_uint128_put(unsigned __int128 *dest", "unsigned __int128 shmem_uint128_g("],
    "openshmem_rma_ext.h": ["void shmem_uint128_iput(", "void shmem_ctx_uint128_put(shmem_ctx_t ctx",
                            "void shmem_uint128_put_signal(", "void shmem_uint128_ibget("],
    "openshmem_coll.h": ["int shmem_uint128_broadcast(", "int shmem_uint128_and_reduce(",
                         "int shmem_uint128_max_reduce(", "int shmem_uint128_sum_reduce(",
                         "int shmem_uint128_sum_inscan(", "void shmem_uint128_xor_to_all(",
                         "void shmem_uint128_prod_to_all("],
    "openshmem_generic_rma.h": ["unsigned __int128 *: shmem_uint128_put,", "unsigned __int128 *: shmem_ctx_uint128_p,"],
    "openshmem_generic_coll.h": ["unsigned __int128 *: shmem_uint128_sum_reduce"],
    "openshmem_cxx.h": ["inline void shmem_put(unsigned __int128 *dest",
                        "inline int shmem_and_reduce(shmem_team_t team, unsigned __int128 *dest"],
    "aclshmem.h": ["int aclshmem_uint128_put(unsigned __int128 *dest", "unsigned __int128 aclshmem_uint128_g("],
    "aclshmem_rma_ext.h": ["int aclshmem_uint128_iput(", "int aclshmem_uint128_put_signal_nbi("],
}

USER_C = r"""
#include <shmem.h>
void use_c(unsigned __int128 *d, const unsigned __int128 *s, shmem_ctx_t ctx)
{
    shmem_put(d, s, 1, 0);
    shmem_p(ctx, d, *s, 1);
    shmem_sum_reduce(SHMEM_TEAM_WORLD, d, s, 1);
    shmem_uint128_iget(d, s, 1, 1, 1, 0);
    aclshmem_uint128_get(d, s, 1, 0);
}
"""

USER_CXX = r"""
#include <shmem.h>
void use_cxx(unsigned __int128 *d, const unsigned __int128 *s, shmem_ctx_t ctx)
{
    shmem_put(d, s, 1, 0);
    shmem_p(ctx, d, *s, 1);
    shmem_sum_reduce(SHMEM_TEAM_WORLD, d, s, 1);
}
"""

# Calls the compiled user code must make (the generic forms resolved).
USER_CALLS = {
    "c": ["shmem_uint128_put", "shmem_ctx_uint128_p", "shmem_uint128_sum_reduce", "shmem_uint128_iget",
          "aclshmem_uint128_get"],
    "c++": ["shmem_uint128_put", "shmem_ctx_uint128_p", "shmem_uint128_sum_reduce"],
}

# Definitions the library's sources must make from the copy.
DEFINED = {
    "src/api/shmem_rma.c": ["shmem_uint128_put", "shmem_uint128_g", "shmem_ctx_uint128_put"],
    "src/api/aclshmem_rma.c": ["aclshmem_uint128_put", "aclshmem_uint128_g"],
    "src/api/aclshmem_rma_ext.c": ["aclshmem_uint128_iput"],
    "src/api/shmem_coll.c": ["shmem_uint128_and_reduce", "shmem_uint128_sum_reduce", "shmem_uint128_max_to_all"],
}

failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
        print("FAIL:", what)


def run(cmd):
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        print(" ".join(cmd), "\n", result.stdout, result.stderr, file=sys.stderr)
    return result


def main():
    root, cc = sys.argv[1], sys.argv[2]
    cxx = sys.argv[3] if len(sys.argv) > 3 and sys.argv[3] and not sys.argv[3].endswith("NOTFOUND") else None
    tmp = tempfile.mkdtemp(prefix="mishmem-add-a-type-")
    try:
        shutil.copytree(os.path.join(root, "include"), os.path.join(tmp, "include"))
        table = os.path.join(tmp, "type_table.py")
        shutil.copy(os.path.join(root, "scripts", "type_table.py"), table)
        with open(table, "a") as f:
            f.write(ROW)
        gen = run([sys.executable, os.path.join(root, "scripts", "gen_types.py"), "--table", table, "--root", tmp])
        check(gen.returncode == 0, "gen_types.py regenerates the copy")

        for header, wanted in EXPECTED.items():
            new = open(os.path.join(tmp, "include", "mishmem", header)).read()
            old = open(os.path.join(root, "include", "mishmem", header)).read()
            for text in wanted:
                check(text in new, f"{header} declares '{text}'")
                check(text not in old, f"'{text}' is new (absent before the row)")
        lists = open(os.path.join(tmp, "src", "util", "type_lists.h")).read()
        for family in ("RMA_TYPES", "REDUCE_BITWISE_TYPES", "REDUCE_MINMAX_TYPES", "TO_ALL_ARITH_TYPES",
                       "RMA_GENERIC_TYPES", "FABRIC_TYPES"):
            body = re.search(r"#define MISHMEM_%s\(.*?\)(.*?)\n\n" % family, lists, re.S)
            check(body and "uint128" in body.group(1), f"internal list MISHMEM_{family} holds the row")
        body = re.search(r"#define MISHMEM_AMO_STANDARD_TYPES\(X\)(.*?)\n\n", lists, re.S)
        check(body and "uint128" not in body.group(1), "a family the row is not in stays without it")

        inc = ["-I", os.path.join(tmp, "include")]
        for lang, compiler, code in (("c", cc, USER_C), ("c++", cxx, USER_CXX)):
            if compiler is None:
                continue
            source = os.path.join(tmp, "user." + ("c" if lang == "c" else "cc"))
            with open(source, "w") as f:
                f.write(code)
            std = ["-std=gnu11"] if lang == "c" else ["-std=gnu++11"]
            asm = os.path.join(tmp, "user-%s.s" % lang)
            result = run([compiler] + std + ["-Wall", "-Wextra", "-Werror", "-O0", "-S", "-o", asm, source] + inc)
            check(result.returncode == 0, f"a {lang} user of the new type compiles")
            if result.returncode == 0:
                text = open(asm).read()
                for name in USER_CALLS[lang]:
                    check(re.search(r"\bcall\s+%s\b" % name, text) is not None, f"{lang} code calls {name}")

        lib_inc = inc + ["-I", os.path.join(tmp, "src"), "-I", os.path.join(root, "src")]
        for source, names in DEFINED.items():
            obj = os.path.join(tmp, os.path.basename(source) + ".o")
            result = run([cc, "-std=gnu11", "-D_GNU_SOURCE", "-Wall", "-Wextra", "-Werror", "-O1", "-c",
                          os.path.join(root, source), "-o", obj] + lib_inc)
            check(result.returncode == 0, f"{source} compiles against the copy")
            if result.returncode == 0:
                symbols = run(["nm", "--defined-only", obj]).stdout
                for name in names:
                    check(re.search(r" T %s$" % name, symbols, re.M) is not None, f"{source} defines {name}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("add a type:", "FAILED" if failures else "every typed function of the row's families, both faces")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
