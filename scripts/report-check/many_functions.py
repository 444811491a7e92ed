#!/usr/bin/env python3
"""Prints a shape.function_library of N copies of examples/matmul.mlir's
function (@matmul0, @matmul1, ...): a module big enough that `--report`
writes a directory report.

    many_functions.py examples/matmul.mlir N > many.mlir
"""
import sys

src = open(sys.argv[1]).read()
body = src[src.index("  func @matmul"):src.index("} mapping")]
n = range(int(sys.argv[2]))
print("shape.function_library @shplib {")
print("".join(body.replace("@matmul", f"@matmul{i}") for i in n), end="")
print("} mapping {" + ", ".join(f"foo.matmul{i} = @matmul{i}" for i in n) + "}")
