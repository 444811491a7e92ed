//! Generate a module of N shape functions for benchmarks:
//! `cargo run --release -p cli --example gen_corpus -- N [stage1|stage2|mixed] > file.mlir`.
//!
//! Stage-2 functions: broadcast chains guarded by `cstr_broadcastable` and
//! `shape.assuming`, extent arithmetic on index. Stage-1 functions: matmul
//! shape functions on `!shape.shape` / `!shape.size` with `meet` and
//! `split_at`. The text is in `mlir-opt` 22's printed form.

use std::fmt::Write as _;

fn stage2(out: &mut String, i: usize) {
    let n = 2 + i % 3;
    let _ = write!(out, "  func.func @broadcast_chain_{i}(");
    for a in 0..n {
        let _ = write!(
            out,
            "{}%arg{a}: tensor<?x?xf32>",
            if a > 0 { ", " } else { "" }
        );
    }
    let _ = writeln!(out, ") -> tensor<?xindex> {{");
    let _ = writeln!(out, "    %c0 = arith.constant 0 : index");
    let _ = writeln!(out, "    %c1 = arith.constant 1 : index");
    for a in 0..n {
        let _ = writeln!(
            out,
            "    %{a} = shape.shape_of %arg{a} : tensor<?x?xf32> -> tensor<?xindex>"
        );
    }
    let list: Vec<String> = (0..n).map(|a| format!("%{a}")).collect();
    let types = vec!["tensor<?xindex>"; n].join(", ");
    let list = list.join(", ");
    let _ = writeln!(out, "    %{n} = shape.cstr_broadcastable {list} : {types}");
    let r = n + 1;
    let _ = writeln!(
        out,
        "    %{r} = shape.assuming %{n} -> (tensor<?xindex>) {{"
    );
    let _ = writeln!(
        out,
        "      %{} = shape.broadcast {list} : {types} -> tensor<?xindex>",
        r + 4
    );
    let _ = writeln!(
        out,
        "      shape.assuming_yield %{} : tensor<?xindex>",
        r + 4
    );
    let _ = writeln!(out, "    }}");
    let _ = writeln!(
        out,
        "    %{} = shape.get_extent %{r}, %c{} : tensor<?xindex>, index -> index",
        r + 1,
        i % 2
    );
    let _ = writeln!(out, "    %{} = arith.addi %{}, %c1 : index", r + 2, r + 1);
    let _ = writeln!(
        out,
        "    %{} = arith.cmpi sgt, %{}, %c0 : index",
        r + 3,
        r + 2
    );
    let _ = writeln!(out, "    cf.assert %{}, \"extent must be positive\"", r + 3);
    let _ = writeln!(out, "    return %{r} : tensor<?xindex>");
    let _ = writeln!(out, "  }}");
}

fn stage1(out: &mut String, i: usize) {
    let _ = writeln!(
        out,
        "  func.func @matmul_shape_{i}(%arg0: !shape.shape, %arg1: !shape.shape) -> !shape.shape {{"
    );
    let _ = writeln!(
        out,
        "    %0 = shape.rank %arg0 : !shape.shape -> !shape.size"
    );
    let _ = writeln!(
        out,
        "    %1 = shape.rank %arg1 : !shape.shape -> !shape.size"
    );
    let _ = writeln!(out, "    %2 = shape.meet %0, %1, error = \"ranks must match\" : !shape.size, !shape.size -> !shape.size");
    let _ = writeln!(out, "    %c-1 = shape.const_size -1");
    let _ = writeln!(out, "    %head, %tail = \"shape.split_at\"(%arg0, %c-1) : (!shape.shape, !shape.size) -> (!shape.shape, !shape.shape)");
    let _ = writeln!(out, "    %head_0, %tail_1 = \"shape.split_at\"(%arg1, %c-1) : (!shape.shape, !shape.size) -> (!shape.shape, !shape.shape)");
    let _ = writeln!(
        out,
        "    %3 = shape.broadcast %head, %head_0 : !shape.shape, !shape.shape -> !shape.shape"
    );
    let _ = writeln!(
        out,
        "    %4 = shape.concat %3, %tail_1 : !shape.shape, !shape.shape -> !shape.shape"
    );
    let _ = writeln!(
        out,
        "    %5 = shape.num_elements %4 : !shape.shape -> !shape.size"
    );
    let _ = writeln!(out, "    return %4 : !shape.shape");
    let _ = writeln!(out, "  }}");
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let kind = args.get(2).map(String::as_str).unwrap_or("mixed");
    let mut out = String::from("module {\n");
    for i in 0..n {
        match kind {
            "stage1" => stage1(&mut out, i),
            "stage2" => stage2(&mut out, i),
            _ if i % 2 == 0 => stage2(&mut out, i),
            _ => stage1(&mut out, i),
        }
    }
    out.push_str("}\n");
    print!("{out}");
}
