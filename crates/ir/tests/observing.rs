//! What an observer of passes reads without comparing IR: the change log
//! names, for every kind of change, an op whose function holds the change;
//! and printing with line ops tells which op each printed line begins.

use filetests::ir_check::parse;
use ir::printer::{print_op, print_op_with_line_ops, PrintOptions};
use ir::{Context, OpId, OpKind, OperationState};

const MODULE: &str = r#"func.func @f(%a: index, %b: index, %c: i1) -> index {
  %0 = arith.addi %a, %b : index
  %1 = scf.if %c -> (index) {
    %2 = arith.muli %0, %0 : index
    scf.yield %2 : index
  } else {
    scf.yield %0 : index
  }
  return %1 : index
}
func.func @g(%x: index) -> index {
  return %x : index
}
"#;

/// The top-level functions of `module`, by name.
fn function(ctx: &Context, module: OpId, name: &str) -> OpId {
    let mut found = None;
    ctx.walk_nested(module, &mut |o| {
        if ctx.kind(o) == OpKind::FuncFunc
            && ctx.attr(o, "sym_name").and_then(ir::Attr::as_str) == Some(name)
        {
            found = Some(o);
        }
    });
    found.expect("function exists")
}

/// The functions enclosing an op the log names from `mark` on.
fn touched_functions(ctx: &Context, mark: usize) -> Vec<String> {
    let mut names = Vec::new();
    for &op in &ctx.changes().expect("tracking")[mark..] {
        let mut at = Some(op);
        while let Some(o) = at {
            if ctx.kind(o) == OpKind::FuncFunc {
                let name = ctx.attr(o, "sym_name").and_then(ir::Attr::as_str);
                let name = name.unwrap_or_default().to_string();
                if !names.contains(&name) {
                    names.push(name);
                }
            }
            at = ctx.parent_op(o);
        }
    }
    names
}

/// The ops of `f` in walk order.
fn ops_of(ctx: &Context, f: OpId) -> Vec<OpId> {
    let mut ops = Vec::new();
    ctx.walk_nested(f, &mut |o| ops.push(o));
    ops
}

#[test]
fn the_log_is_off_until_asked_for() {
    let (mut ctx, module) = parse(MODULE);
    assert!(ctx.changes().is_none());
    let f = function(&ctx, module, "f");
    let add = ops_of(&ctx, f)[0];
    ctx.set_discardable_attr(add, "x", ir::Attr::Unit);
    assert!(ctx.changes().is_none());
}

#[test]
fn every_kind_of_change_names_its_function() {
    let (mut ctx, module) = parse(MODULE);
    ctx.track_changes();
    let f = function(&ctx, module, "f");
    let g = function(&ctx, module, "g");
    let ops = ops_of(&ctx, f);
    let (add, mul) = (ops[0], ops[2]);
    type Change = Box<dyn Fn(&mut Context)>;
    let changes: Vec<(&str, Change)> = vec![
        (
            "attribute",
            Box::new(move |ctx| ctx.set_discardable_attr(mul, "x", ir::Attr::Unit)),
        ),
        (
            "operand",
            Box::new(move |ctx| {
                let a = ctx.operand(add, 0).expect("operand");
                ctx.set_operand(mul, 1, a);
            }),
        ),
        (
            "uses replaced",
            Box::new(move |ctx| {
                let sum = ctx.result(add, 0).expect("result");
                let a = ctx.operand(add, 0).expect("operand");
                ctx.replace_all_uses(sum, a);
            }),
        ),
        (
            "op erased",
            Box::new(move |ctx| {
                let product = ctx.result(mul, 0).expect("result");
                let a = ctx.operand(add, 0).expect("operand");
                ctx.replace_all_uses(product, a);
                ctx.erase_op(mul);
            }),
        ),
        (
            "op created and inserted",
            Box::new(move |ctx| {
                let loc = ctx.op(add).loc.clone();
                let state = OperationState::new("arith.constant", loc);
                let new = ctx.create_op(state);
                ctx.insert_op_before(add, new);
            }),
        ),
        (
            "block argument added",
            Box::new(move |ctx| {
                let body = ctx.region(ctx.op(f).regions[0]).blocks[0];
                let ty = ctx.value_type(ctx.block(body).args[0]);
                ctx.add_block_arg(body, ty, None);
            }),
        ),
        (
            "result type",
            Box::new(move |ctx| {
                let sum = ctx.result(add, 0).expect("result");
                let ty = ctx.value_type(sum);
                ctx.set_value_type(sum, ty);
            }),
        ),
    ];
    for (what, change) in changes {
        let (mut fresh, module) = parse(MODULE);
        fresh.track_changes();
        let mark = fresh.changes().map_or(0, <[OpId]>::len);
        change(&mut fresh);
        assert_eq!(
            touched_functions(&fresh, mark),
            vec!["f".to_string()],
            "{what}: {}",
            print_op(&fresh, module, PrintOptions::default())
        );
    }
    // Moving an op from one function to another touches both.
    let mark = ctx.changes().map_or(0, <[OpId]>::len);
    let ret = *ops_of(&ctx, g).last().expect("return");
    ctx.move_op_before(add, ret);
    let mut touched = touched_functions(&ctx, mark);
    touched.sort();
    assert_eq!(touched, vec!["f".to_string(), "g".to_string()]);
}

#[test]
fn each_line_knows_the_op_it_begins() {
    let (ctx, module) = parse(MODULE);
    let f = function(&ctx, module, "f");
    let options = PrintOptions::default();
    let (text, owners) = print_op_with_line_ops(&ctx, f, options);
    assert_eq!(
        text,
        print_op(
            &ctx,
            f,
            PrintOptions {
                local_scope: true,
                ..options
            }
        )
    );
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), owners.len());
    let name = |o: Option<OpId>| o.map(|o| ctx.op_name(o).to_string());
    let named: Vec<(String, Option<String>)> = lines
        .iter()
        .zip(&owners)
        .map(|(l, &o)| (l.trim().to_string(), name(o)))
        .collect();
    let expect = |line: &str, op: Option<&str>| {
        assert!(
            named
                .iter()
                .any(|(l, o)| l.starts_with(line) && o.as_deref() == op),
            "{line} should begin {op:?}: {named:?}"
        );
    };
    expect("func.func @f", Some("func.func"));
    expect("%0 = arith.addi", Some("arith.addi"));
    expect("%1 = scf.if", Some("scf.if"));
    expect("%2 = arith.muli", Some("arith.muli"));
    expect("} else {", None);
    expect("return %1", Some("func.return"));
    assert_eq!(
        named.last().map(|(l, o)| (l.as_str(), o.clone())),
        Some(("}", None))
    );
}
