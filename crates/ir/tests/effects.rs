//! `ir::effects` on parsed functions: the effect of each op of `@f`,
//! marked by the discardable attribute `expect` on it.

use filetests::ir_check::parse_into;
use ir::effects::{Effect, Effects, PureOps};
use ir::{Attr, Context};

const MODULE: &str = r#"
func.func private @log(i64)
func.func private @external_pure(index) -> index
func.func @arith(%a: index) -> index {
  %0 = arith.addi %a, %a : index
  return %0 : index
}
func.func @checks(%a: index) -> index {
  %ok = arith.cmpi sge, %a, %a : index
  cf.assert %ok, "never"
  return %a : index
}
func.func @logs(%a: i64) {
  func.call @log(%a) : (i64) -> ()
  return
}
func.func @through_logs(%a: i64) {
  func.call @logs(%a) : (i64) -> ()
  return
}
func.func @recursive(%a: index) -> index {
  %0 = func.call @recursive(%a) : (index) -> index
  return %0 : index
}
func.func @f(%a: index, %b: tensor<?xindex>, %c: tensor<?xindex>, %i: i64, %w: !shape.witness, %m: memref<?xindex>) {
  %0 = arith.muli %a, %a {expect = "none"} : index
  %1 = shape.is_broadcastable %b, %c {expect = "none"} : tensor<?xindex>, tensor<?xindex>
  %2 = shape.cstr_broadcastable %b, %c {expect = "fails"} : tensor<?xindex>, tensor<?xindex>
  %3 = shape.assuming %2 -> (index) {
    %4 = arith.addi %a, %a : index
    shape.assuming_yield %4 : index
  } {expect = "none"}
  shape.assuming %w {
    func.call @log(%i) : (i64) -> ()
    shape.assuming_yield
  } {expect = "any"}
  shape.assuming %w {
    %ok = arith.cmpi eq, %a, %a : index
    cf.assert %ok, "never"
    shape.assuming_yield
  } {expect = "fails"}
  func.call @log(%i) {expect = "any"} : (i64) -> ()
  func.call @logs(%i) {expect = "any"} : (i64) -> ()
  func.call @through_logs(%i) {expect = "any"} : (i64) -> ()
  %5 = func.call @arith(%a) {expect = "none"} : (index) -> index
  %6 = func.call @checks(%a) {expect = "fails"} : (index) -> index
  %7 = func.call @recursive(%a) {expect = "any"} : (index) -> index
  %8 = func.call @external_pure(%a) {expect = "declared"} : (index) -> index
  %9 = "mhlo.add"(%b, %c) {expect = "declared"} : (tensor<?xindex>, tensor<?xindex>) -> tensor<?xindex>
  %10 = "chlo.broadcast_add"(%b, %c) {expect = "declared"} : (tensor<?xindex>, tensor<?xindex>) -> tensor<?xindex>
  %11 = "chlo.broadcast_mul"(%b, %c) {expect = "any"} : (tensor<?xindex>, tensor<?xindex>) -> tensor<?xindex>
  "memref.store"(%a, %m, %a) {expect = "any"} : (index, memref<?xindex>, index) -> ()
  %12 = "mhlo.while"() ({
    func.call @log(%i) : (i64) -> ()
    "mhlo.return"() : () -> ()
  }) {expect = "any"} : () -> tensor<?xindex>
  %13 = scf.if %1 -> (index) {
    scf.yield %a : index
  } else {
    %14 = func.call @checks(%a) : (index) -> index
    scf.yield %14 : index
  } {expect = "fails"}
  return
}
"#;

/// Every op of `@f` marked `expect`, with its expected effect when
/// `declared` ops count as declared pure or not.
fn check(declared: Option<&str>) {
    let mut ctx = Context::new();
    let options = syntax::ParseOptions {
        allow_unregistered_dialect: true,
        ..Default::default()
    };
    let module = parse_into(&mut ctx, "t.mlir", MODULE, &options);
    // The declarations alone: StableHLO's, MHLO's and CHLO's ops are
    // otherwise known (`known_ops_are_pure_but_for_effects_and_control`).
    ctx.set_knows_foreign_ops(false);
    if let Some(list) = declared {
        ctx.set_pure_ops(list.parse::<PureOps>().unwrap());
    }
    let mut marked = Vec::new();
    ctx.walk_nested(module, &mut |o| {
        if let Some(e) = ctx.attr(o, "expect").and_then(Attr::as_str) {
            marked.push((o, e.to_string()));
        }
    });
    assert_eq!(marked.len(), 19);
    let mut effects = Effects::new();
    for (op, expected) in marked {
        let expected = match expected.as_str() {
            "none" => Effect::None,
            "fails" => Effect::Fails,
            "declared" if declared.is_some() => Effect::None,
            _ => Effect::Any,
        };
        assert_eq!(
            effects.of(&ctx, op),
            expected,
            "{} with {declared:?} declared",
            ctx.op_name(op)
        );
        assert_eq!(ir::effects::effect(&ctx, op), expected);
        assert_eq!(effects.has_side_effects(&ctx, op), expected == Effect::Any);
    }
}

#[test]
fn ops_have_the_effects_of_their_definitions_regions_and_callees() {
    check(None);
}

#[test]
fn declared_host_ops_and_functions_have_none() {
    check(Some("mhlo.,chlo.broadcast_add,@external_pure"));
}

#[test]
fn known_ops_are_pure_but_for_effects_and_control() {
    let text = r#"
func.func @f(%b: tensor<?xindex>, %p: tensor<i1>) {
  %0 = "mhlo.add"(%b, %b) {expect = "none"} : (tensor<?xindex>, tensor<?xindex>) -> tensor<?xindex>
  %1 = "chlo.broadcast_multiply"(%b, %b) {expect = "none"} : (tensor<?xindex>, tensor<?xindex>) -> tensor<?xindex>
  %2 = "stablehlo.reduce"(%b, %b) ({
  ^bb0(%x: tensor<index>, %y: tensor<index>):
    %s = "stablehlo.add"(%x, %y) : (tensor<index>, tensor<index>) -> tensor<index>
    "stablehlo.return"(%s) : (tensor<index>) -> ()
  }) {expect = "none"} : (tensor<?xindex>, tensor<?xindex>) -> tensor<index>
  "stablehlo.custom_call"(%p) {call_target_name = "shape_assertion", expect = "any"} : (tensor<i1>) -> ()
  %3 = "stablehlo.rng"(%b, %b, %b) {expect = "any"} : (tensor<?xindex>, tensor<?xindex>, tensor<?xindex>) -> tensor<?xindex>
  %4 = "mhlo.while"(%b) ({
  ^bb0(%x: tensor<?xindex>):
    "mhlo.return"(%x) : (tensor<?xindex>) -> ()
  }) {expect = "any"} : (tensor<?xindex>) -> tensor<?xindex>
  return
}
"#;
    for knows in [true, false] {
        let mut ctx = Context::new();
        let options = syntax::ParseOptions {
            allow_unregistered_dialect: true,
            ..Default::default()
        };
        let module = parse_into(&mut ctx, "t.mlir", text, &options);
        ctx.set_knows_foreign_ops(knows);
        let mut marked = Vec::new();
        ctx.walk_nested(module, &mut |o| {
            if let Some(e) = ctx.attr(o, "expect").and_then(Attr::as_str) {
                marked.push((o, e == "none" && knows));
            }
        });
        assert_eq!(marked.len(), 6);
        for (op, pure) in marked {
            let expected = if pure { Effect::None } else { Effect::Any };
            assert_eq!(
                ir::effects::effect(&ctx, op),
                expected,
                "{}",
                ctx.op_name(op)
            );
        }
    }
}

#[test]
fn checked_out_bodies_keep_the_declarations() {
    let mut ctx = Context::new();
    ctx.set_pure_ops("foo.".parse().unwrap());
    let text = "func.func @f() {\n  return\n}\n";
    let module = parse_into(&mut ctx, "t.mlir", text, &Default::default());
    let mut f = None;
    ctx.walk_nested(module, &mut |o| {
        if ctx.op_name(o) == "func.func" {
            f = Some(o);
        }
    });
    let body = ctx.check_out(f.unwrap()).unwrap();
    assert!(body.ctx.pure_ops().covers_op("foo.bar"));
}
