//! The incremental verification ([`ir::verifier::verify_changed`] after a
//! verification passed) is exactly as strict as the full one: each way of
//! changing the IR that makes it invalid is caught, and
//! `verify_changed` reports the error [`ir::verifier::verify`] reports;
//! random changes never make the two disagree.

use ir::verifier::{verify, verify_changed, verify_incrementally};
use ir::{Attr, Context, OpId, OpKind, TypeKind, ValueId};

const MODULE: &str = r#"
func.func private @callee(%a: index) -> index {
  return %a : index
}
func.func @f(%x: index, %flag: i1) -> index {
  %c1 = arith.constant 1 : index
  %y = arith.addi %x, %c1 : index
  %z = func.call @callee(%y) : (index) -> index
  %r = scf.if %flag -> (index) {
    %w = arith.muli %z, %z : index
    scf.yield %w : index
  } else {
    scf.yield %y : index
  }
  return %r : index
}
func.func @g(%x: index) -> index {
  %c2 = arith.constant 2 : index
  %s = arith.subi %x, %c2 : index
  cf.br ^bb1(%s : index)
^bb1(%t: index):
  return %t : index
}
func.func @h(%x: index) -> index {
  %c3 = arith.constant 3 : index
  return %c3 : index
}
func.func @k() {
  return
}
"#;

/// `text` with many function declarations after it: a change to a few
/// ops is then a small part of the module, verified incrementally.
fn with_declarations(text: &str) -> String {
    let declarations: String = (0..32)
        .map(|i| format!("func.func private @d{i}()\n"))
        .collect();
    format!("{text}{declarations}")
}

/// `MODULE` parsed and verified (remembered for the next verification).
fn verified() -> (Context, OpId) {
    let (mut ctx, module) = filetests::ir_check::parse(&with_declarations(MODULE));
    verify_changed(&mut ctx, module, false).expect("the module verifies");
    (ctx, module)
}

/// A function whose ops use each other's results.
const FUNCTION: &str = r#"
func.func @long(%x: index, %flag: i1) -> index {
  %c1 = arith.constant 1 : index
  %a = arith.addi %x, %c1 : index
  %b = arith.muli %a, %a : index
  %c = arith.subi %b, %x : index
  %d = arith.addi %c, %a : index
  %e = arith.muli %d, %b : index
  %r = scf.if %flag -> (index) {
    scf.yield %e : index
  } else {
    scf.yield %d : index
  }
  %s = arith.addi %r, %e : index
  %s1 = arith.muli %s, %s : index
  %s2 = arith.muli %s1, %s1 : index
  %s3 = arith.muli %s2, %s2 : index
  %s4 = arith.muli %s3, %s3 : index
  %s5 = arith.muli %s4, %s4 : index
  %s6 = arith.muli %s5, %s5 : index
  %s7 = arith.muli %s6, %s6 : index
  %s8 = arith.muli %s7, %s7 : index
  return %s8 : index
}
"#;

/// `FUNCTION` as a root of its own (taken out of its module), verified:
/// the ops directly in its regions use each other's results.
fn verified_function() -> (Context, OpId) {
    let (mut ctx, module) = filetests::ir_check::parse(FUNCTION);
    let f = func(&ctx, module, "long");
    ctx.unlink(f);
    verify_changed(&mut ctx, f, false).expect("the function verifies");
    (ctx, f)
}

/// The function of `module` named `name`.
fn func(ctx: &Context, module: OpId, name: &str) -> OpId {
    let mut found = None;
    ctx.walk_nested(module, &mut |o| {
        if ctx.attr(o, "sym_name").and_then(Attr::as_str) == Some(name) {
            found = Some(o);
        }
    });
    found.unwrap_or_else(|| panic!("no function @{name}"))
}

/// The ops of kind `kind` in `op`, in order.
fn ops_of(ctx: &Context, op: OpId, kind: OpKind) -> Vec<OpId> {
    let mut found = Vec::new();
    ctx.walk_nested(op, &mut |o| {
        if ctx.kind(o) == kind {
            found.push(o);
        }
    });
    found
}

/// The one op of kind `kind` in `op`.
fn only(ctx: &Context, op: OpId, kind: OpKind) -> OpId {
    let ops = ops_of(ctx, op, kind);
    assert_eq!(ops.len(), 1, "one {kind:?} expected");
    ops[0]
}

fn result(ctx: &Context, op: OpId) -> ValueId {
    ctx.result(op, 0).expect("a result")
}

fn entry_arg(ctx: &Context, f: OpId, i: usize) -> ValueId {
    let body = ctx.region(ctx.op(f).regions[0]).blocks[0];
    ctx.block(body).args[i]
}

/// The IR is invalid now: the incremental verification finds an error
/// itself (when `incremental` it must be able to tell what changed), and
/// `verify_changed` reports the error of the full verifier.
fn assert_caught(ctx: &mut Context, module: OpId, incremental: bool) {
    let full = verify(ctx, module, false);
    assert!(full.is_err(), "the change must make the IR invalid");
    match verify_incrementally(ctx, module, false) {
        Some(result) => assert!(result.is_err(), "missed: {:?}", full),
        None => assert!(!incremental, "a full verification was needed"),
    }
    assert_eq!(verify_changed(ctx, module, false), full);
}

#[test]
fn a_valid_change_verifies_incrementally() {
    let (mut ctx, module) = verified();
    let f = func(&ctx, module, "f");
    let add = only(&ctx, f, OpKind::ArithAddi);
    let c1 = only(&ctx, f, OpKind::ArithConstant);
    ctx.set_operand(add, 1, entry_arg(&ctx, f, 0));
    ctx.erase_op(c1);
    assert_eq!(verify_incrementally(&ctx, module, false), Some(Ok(())));
    assert_eq!(verify_changed(&mut ctx, module, false), Ok(()));
}

#[test]
fn a_changed_type_of_a_value_used_by_another_op_of_the_root_is_caught() {
    let (mut ctx, f) = verified_function();
    let c1 = only(&ctx, f, OpKind::ArithConstant);
    let i64 = ir::dialect::i64(&mut ctx);
    ctx.set_value_type(result(&ctx, c1), i64);
    ctx.set_prop(c1, "value", Attr::Int { value: 1, ty: i64 });
    assert_caught(&mut ctx, f, true);
}

#[test]
fn a_definition_of_the_root_moved_after_its_use_is_caught() {
    let (mut ctx, f) = verified_function();
    let c1 = only(&ctx, f, OpKind::ArithConstant);
    let sub = only(&ctx, f, OpKind::ArithSubi);
    ctx.insert_op_after(sub, c1);
    assert_caught(&mut ctx, f, true);
}

#[test]
fn a_root_whose_signature_changed_is_verified_in_full() {
    let (mut ctx, f) = verified_function();
    let index = ir::dialect::index(&mut ctx);
    let i1 = ir::dialect::i1(&mut ctx);
    let i64 = ir::dialect::i64(&mut ctx);
    let signature = ctx.intern_type(TypeKind::Function {
        inputs: vec![index, i1],
        results: vec![i64],
    });
    // The function's own checks pass (its arguments match); its return's
    // do not. What the root's ops read of it changed: all is verified.
    ctx.set_prop(f, "function_type", Attr::Type(signature));
    assert_caught(&mut ctx, f, false);
}

#[test]
fn a_changed_type_of_a_value_only_its_user_checks_is_caught() {
    let text = with_declarations(
        "func.func @u() -> index {\n  %v = \"t.def\"() : () -> index\n  %w = arith.addi %v, %v : index\n  return %w : index\n}\n",
    );
    let options = syntax::ParseOptions {
        allow_unregistered_dialect: true,
        ..Default::default()
    };
    let mut ctx = Context::new();
    let module = filetests::ir_check::parse_into(&mut ctx, "t.mlir", &text, &options);
    verify_changed(&mut ctx, module, true).expect("the module verifies");
    let u = func(&ctx, module, "u");
    let def = ctx.op(u).regions[0];
    let def = ctx
        .block_ops(ctx.region(def).blocks[0])
        .next()
        .expect("t.def");
    let i64 = ir::dialect::i64(&mut ctx);
    // An unregistered op checks nothing of its result; the add does.
    ctx.set_value_type(result(&ctx, def), i64);
    let full = verify(&ctx, module, true);
    assert!(full.is_err());
    assert!(matches!(
        verify_incrementally(&ctx, module, true),
        Some(Err(_))
    ));
    assert_eq!(verify_changed(&mut ctx, module, true), full);
}

#[test]
fn a_changed_operand_type_is_caught() {
    let (mut ctx, module) = verified();
    let f = func(&ctx, module, "f");
    let c1 = only(&ctx, f, OpKind::ArithConstant);
    let i64 = ir::dialect::i64(&mut ctx);
    ctx.set_value_type(result(&ctx, c1), i64);
    assert_caught(&mut ctx, module, true);
}

#[test]
fn a_use_moved_before_its_definition_is_caught() {
    let (mut ctx, module) = verified();
    let f = func(&ctx, module, "f");
    let add = only(&ctx, f, OpKind::ArithAddi);
    let c1 = only(&ctx, f, OpKind::ArithConstant);
    ctx.move_op_before(add, c1);
    assert_caught(&mut ctx, module, true);
}

#[test]
fn a_definition_moved_after_its_use_is_caught() {
    let (mut ctx, module) = verified();
    let f = func(&ctx, module, "f");
    let add = only(&ctx, f, OpKind::ArithAddi);
    let call = only(&ctx, f, OpKind::FuncCall);
    ctx.insert_op_after(call, add);
    assert_caught(&mut ctx, module, true);
}

#[test]
fn an_erased_definition_with_a_use_left_is_caught() {
    let (mut ctx, module) = verified();
    let f = func(&ctx, module, "f");
    let mul = only(&ctx, f, OpKind::ArithMuli);
    ctx.erase_op(mul);
    assert_caught(&mut ctx, module, true);
}

#[test]
fn an_unlinked_definition_with_a_use_left_is_caught() {
    let (mut ctx, module) = verified();
    let g = func(&ctx, module, "g");
    let sub = only(&ctx, g, OpKind::ArithSubi);
    ctx.unlink(sub);
    assert_caught(&mut ctx, module, true);
}

#[test]
fn a_yield_that_no_longer_matches_its_parent_is_caught() {
    let (mut ctx, module) = verified();
    let f = func(&ctx, module, "f");
    let scf_if = only(&ctx, f, OpKind::ScfIf);
    let i64 = ir::dialect::i64(&mut ctx);
    ctx.set_value_type(result(&ctx, scf_if), i64);
    assert_caught(&mut ctx, module, true);
}

#[test]
fn a_changed_block_argument_type_is_caught() {
    let (mut ctx, module) = verified();
    let g = func(&ctx, module, "g");
    let body = ctx.region(ctx.op(g).regions[0]).blocks[1];
    let i1 = ir::dialect::i1(&mut ctx);
    ctx.set_value_type(ctx.block(body).args[0], i1);
    assert_caught(&mut ctx, module, true);
}

#[test]
fn a_block_split_off_without_a_terminator_is_caught() {
    let (mut ctx, module) = verified();
    let h = func(&ctx, module, "h");
    let c3 = only(&ctx, h, OpKind::ArithConstant);
    ctx.split_block_after(c3);
    assert_caught(&mut ctx, module, true);
}

#[test]
fn a_terminator_moved_from_the_end_is_caught() {
    let (mut ctx, module) = verified();
    let h = func(&ctx, module, "h");
    let c3 = only(&ctx, h, OpKind::ArithConstant);
    let ret = only(&ctx, h, OpKind::FuncReturn);
    ctx.move_op_before(ret, c3);
    assert_caught(&mut ctx, module, true);
}

#[test]
fn an_added_block_argument_of_the_entry_is_caught() {
    let (mut ctx, module) = verified();
    let k = func(&ctx, module, "k");
    let body = ctx.region(ctx.op(k).regions[0]).blocks[0];
    let index = ir::dialect::index(&mut ctx);
    ctx.add_block_arg(body, index, None);
    assert_caught(&mut ctx, module, true);
}

#[test]
fn a_use_moved_to_another_function_is_caught() {
    let (mut ctx, module) = verified();
    let f = func(&ctx, module, "f");
    let k = func(&ctx, module, "k");
    let add = only(&ctx, f, OpKind::ArithAddi);
    let ret = only(&ctx, k, OpKind::FuncReturn);
    ctx.move_op_before(add, ret);
    assert_caught(&mut ctx, module, true);
}

#[test]
fn a_value_from_outside_an_isolated_region_is_caught() {
    let (mut ctx, module) = filetests::ir_check::parse(&with_declarations(
        "func.func @f(%x: index) {\n  %y = arith.addi %x, %x : index\n  builtin.module {\n    func.func private @e()\n  }\n  return\n}\n",
    ));
    verify_changed(&mut ctx, module, false).expect("the module verifies");
    let f = func(&ctx, module, "f");
    let add = only(&ctx, f, OpKind::ArithAddi);
    let e = func(&ctx, module, "e");
    ctx.move_op_before(add, e);
    let full = verify(&ctx, module, false).expect_err("invalid");
    assert!(
        full.message
            .contains("using value defined outside the region"),
        "{full:?}"
    );
    assert_caught(&mut ctx, module, true);
}

#[test]
fn a_call_after_its_callee_changed_signature_is_caught() {
    let (mut ctx, module) = verified();
    let callee = func(&ctx, module, "callee");
    let i64 = ir::dialect::i64(&mut ctx);
    let signature = ctx.intern_type(TypeKind::Function {
        inputs: vec![i64],
        results: vec![i64],
    });
    ctx.set_prop(callee, "function_type", Attr::Type(signature));
    ctx.set_value_type(entry_arg(&ctx, callee, 0), i64);
    // The callee is valid on its own; the call in @f is not.
    assert!(verify(&ctx, callee, false).is_ok());
    assert_caught(&mut ctx, module, false);
}

#[test]
fn a_duplicate_symbol_is_caught() {
    let (mut ctx, module) = verified();
    let k = func(&ctx, module, "k");
    let copy = ctx.clone_operation(k, &mut Default::default());
    ctx.insert_op_after(k, copy);
    assert_caught(&mut ctx, module, false);
}

#[test]
fn a_renamed_callee_is_caught() {
    let (mut ctx, module) = verified();
    let callee = func(&ctx, module, "callee");
    ctx.set_prop(callee, "sym_name", Attr::string("other"));
    assert_caught(&mut ctx, module, false);
}

#[test]
fn an_erased_callee_is_caught() {
    let (mut ctx, module) = verified();
    let callee = func(&ctx, module, "callee");
    ctx.erase_op(callee);
    assert_caught(&mut ctx, module, false);
}

#[test]
fn a_symbol_renamed_and_named_back_verifies_incrementally() {
    // What a symbol was before its first change is kept: the same name
    // and attributes again are no change to what its uses read.
    let (mut ctx, module) = verified();
    let callee = func(&ctx, module, "callee");
    ctx.set_prop(callee, "sym_name", Attr::string("other"));
    ctx.set_prop(callee, "sym_name", Attr::string("callee"));
    assert_eq!(verify_incrementally(&ctx, module, false), Some(Ok(())));
    assert_eq!(verify_changed(&mut ctx, module, false), Ok(()));
}

#[test]
fn a_body_checked_out_and_in_is_verified_again() {
    let (mut ctx, module) = verified();
    let f = func(&ctx, module, "f");
    let mut body = ctx.check_out(f).expect("isolated");
    let inner_f = body.root;
    let c1 = only(&body.ctx, inner_f, OpKind::ArithConstant);
    let i64 = ir::dialect::i64(&mut body.ctx);
    body.ctx.set_value_type(result(&body.ctx, c1), i64);
    ctx.check_in(body);
    assert_caught(&mut ctx, module, true);
}

/// The values defined in `op` and in everything nested in it.
fn values_in(ctx: &Context, op: OpId) -> Vec<ValueId> {
    let mut values = Vec::new();
    ctx.walk_nested(op, &mut |o| {
        values.extend(ctx.op(o).results.iter().copied());
        for &r in &ctx.op(o).regions {
            for &b in &ctx.region(r).blocks {
                values.extend(ctx.block(b).args.iter().copied());
            }
        }
    });
    values
}

/// One random change to the IR under `module`, made through the
/// context's mutation API as a pass would.
fn mutate(ctx: &mut Context, module: OpId, rng: &mut splitmix::SplitMix64) {
    let mut ops = Vec::new();
    ctx.walk_nested(module, &mut |o| ops.push(o));
    let values = values_in(ctx, module);
    if ops.is_empty() || values.is_empty() {
        return;
    }
    let pick = |rng: &mut splitmix::SplitMix64, n: usize| rng.below(n);
    let op = ops[pick(rng, ops.len())];
    let anchor = ops[pick(rng, ops.len())];
    let value = values[pick(rng, values.len())];
    let types = [ir::dialect::index, ir::dialect::i1, ir::dialect::i64];
    let ty = types[pick(rng, types.len())](ctx);
    // Not into itself.
    let can_move = op != anchor && !ctx.is_ancestor(op, anchor);
    match rng.below(18) {
        0 => ctx.set_value_type(value, ty),
        1 if can_move => ctx.move_op_before(op, anchor),
        2 if can_move => ctx.insert_op_after(anchor, op),
        3 => ctx.erase_op(op),
        4 => ctx.unlink(op),
        5 if !ctx.op(op).operands.is_empty() => {
            let i = pick(rng, ctx.op(op).operands.len());
            ctx.set_operand(op, i, value);
        }
        6 => {
            let to = values[pick(rng, values.len())];
            ctx.replace_all_uses(value, to);
        }
        7 => {
            ctx.split_block_after(op);
        }
        8 => {
            let copy = ctx.clone_operation(op, &mut Default::default());
            if !ctx.is_ancestor(op, anchor) {
                ctx.insert_op_before(anchor, copy);
            }
        }
        9 if ctx.kind(op) == OpKind::FuncFunc => {
            let signature = ctx.intern_type(TypeKind::Function {
                inputs: vec![ty],
                results: vec![ty],
            });
            ctx.set_prop(op, "function_type", Attr::Type(signature));
        }
        10 if ctx.kind(op) == OpKind::FuncFunc => {
            let names = ["callee", "f", "g", "h", "k"];
            ctx.set_prop(op, "sym_name", Attr::string(names[pick(rng, names.len())]));
        }
        11 => {
            if let Some(&r) = ctx.op(op).regions.first() {
                if let Some(&b) = ctx.region(r).blocks.first() {
                    ctx.add_block_arg(b, ty, None);
                }
            }
        }
        12 => {
            let blocks = |ctx: &Context, o: OpId| -> Vec<ir::BlockId> {
                let regions = &ctx.op(o).regions;
                regions
                    .iter()
                    .flat_map(|&r| ctx.region(r).blocks.clone())
                    .collect()
            };
            let (from, to) = (blocks(ctx, op), blocks(ctx, anchor));
            if let (Some(&b), Some(&at)) = (from.last(), to.first()) {
                if can_move {
                    ctx.insert_block_after(at, b);
                } else {
                    ctx.detach_block(b);
                }
            }
        }
        13 if ctx.kind(op) == OpKind::FuncFunc => {
            if let Some(mut body) = ctx.check_out(op) {
                let values = values_in(&body.ctx, body.root);
                if let Some(&v) = values.get(pick(rng, values.len())) {
                    let ty = body.ctx.intern_type(TypeKind::Index);
                    body.ctx.set_value_type(v, ty);
                }
                ctx.check_in(body);
            }
        }
        14 => {
            if let ir::ValueDef::BlockArg { block, index } = ctx.value(value).def {
                if !ctx.has_uses(value) {
                    ctx.erase_block_arg(block, index as usize);
                }
            }
        }
        15 if ctx.kind(op) != OpKind::FuncFunc => ctx.op_mut(op).regions.clear(),
        16 if ctx.kind(op) != OpKind::FuncFunc => {
            ctx.take_regions(op);
        }
        17 if !ctx.op(op).successors.is_empty() => {
            let blocks: Vec<ir::BlockId> = ctx
                .op(anchor)
                .parent
                .and_then(|b| ctx.block(b).parent)
                .map_or(Vec::new(), |r| ctx.region(r).blocks.clone());
            if let Some(&b) = blocks.get(pick(rng, blocks.len())) {
                ctx.set_successor(op, 0, b);
            }
        }
        _ => {}
    }
}

#[test]
fn random_changes_verify_incrementally_as_in_full() {
    let mut rng = splitmix::SplitMix64::new(0x5eed);
    let (mut caught, mut passed) = (0, 0);
    for episode in 0..2000 {
        let (mut ctx, module) = match episode % 2 {
            0 => verified(),
            _ => verified_function(),
        };
        for _ in 0..12 {
            mutate(&mut ctx, module, &mut rng);
            // Changes pile up between some verifications.
            if rng.below(3) == 0 {
                continue;
            }
            let full = verify(&ctx, module, false);
            match verify_incrementally(&ctx, module, false) {
                Some(Ok(())) => {
                    assert_eq!(full, Ok(()), "the incremental verification missed it");
                    passed += 1;
                }
                Some(Err(_)) => {
                    assert!(
                        full.is_err(),
                        "an error the full verification does not find"
                    );
                    caught += 1;
                }
                None => {}
            }
            assert_eq!(verify_changed(&mut ctx, module, false), full);
        }
    }
    // The random changes exercise both outcomes.
    assert!(
        caught > 50 && passed > 50,
        "caught {caught}, passed {passed}"
    );
}
