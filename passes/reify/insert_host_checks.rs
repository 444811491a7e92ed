//! `insert-host-checks`: state the requirements of StableHLO, MHLO and
//! CHLO ops (their built-in rules, crate `hlo`) as constraints before them.
//!
//! The StableHLO specification leaves an op whose operands break its
//! requirements undefined (a `dot_general` whose contracting extents
//! differ, a `dynamic_reshape` that changes the element count, a CHLO
//! broadcast of shapes that do not broadcast...); producers check some of
//! them and leave the rest to the runtime. This pass checks every one
//! before the op, with the rule's message: a shape equality or broadcast as
//! `shape.cstr_eq` / `shape.cstr_broadcastable`, anything else as
//! `shape.cstr_require` of its predicate, computed from the op's operands
//! (`tensor.dim`, `tensor.extract`, `shape.shape_of`, `shape.num_elements`,
//! `arith`). `canonicalize-constraints` then proves, merges or keeps them
//! as it does any constraint. Not in the default lowering; `--lower-to`
//! runs it first in the constrained stage with `--check-host-requirements`.
//!
//! Precondition: verified IR. Postcondition: the function fails, with the
//! rule's message, on every input on which a covered op before was
//! undefined, and computes what it did on every other input (a refinement:
//! undefined behaviour becomes a failure). Declines: requirements known to
//! hold when the rule is built (constants), JAX's `shape_assertion` (already
//! a check), ops whose rule reads an operand it cannot read (a foreign
//! type), and everything when the knowledge is off (`--no-hlo-knowledge`).
//!
//! ```mlir
//! %r = "stablehlo.dot_general"(%a, %b) <{dot_dimension_numbers = #stablehlo.dot<
//!        lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}>
//!        : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
//! // gets before it
//! %d0 = tensor.dim %a, %c1 : tensor<?x?xf32>
//! %d1 = tensor.dim %b, %c0 : tensor<?x?xf32>
//! %p = arith.cmpi eq, %d0, %d1 : index
//! %w = shape.cstr_require %p, "stablehlo.dot_general: contracting dimension 1 of lhs must equal dimension 0 of rhs"
//! ```

use super::reify_host_shapes::{erase_unused_since, At, Positions};
use hlo::reify::Builder;
use hlo::{Check, Knowledge, Requirement, Shape, Size};
use ir::builder::{Build, InsertPoint, OpBuilder};
use ir::dialect::arith::CmpIPredicate;
use ir::{Attr, Context, OpId, OpKind, ValueId};
use pass::{PassDecl, PassResult, Statistics};

pub struct InsertHostChecks;

impl PassDecl for InsertHostChecks {
    const NAME: &'static str = "insert-host-checks";
    const SUMMARY: &'static str =
        "Check the requirements of StableHLO, MHLO and CHLO ops as constraints before them";
    pass::no_options!();
    fn apply(&self, ctx: &mut Context, op: OpId, statistics: &mut Statistics) -> PassResult {
        let inserted = insert_host_checks(ctx, op);
        statistics.add(
            "checks-inserted",
            "requirements of host ops stated as constraints",
            inserted as u64,
        );
        Ok(())
    }
}

/// Insert a constraint before every covered op under `root` for each of
/// its requirements; the number inserted.
pub fn insert_host_checks(ctx: &mut Context, root: OpId) -> usize {
    if !ctx.knows_foreign_ops() {
        return 0;
    }
    let knowledge = Knowledge::of(ctx, root);
    let mut hosts = Vec::new();
    ctx.walk_nested(root, &mut |op| {
        if knowledge
            .family(ctx, op)
            .is_some_and(|f| f != hlo::HloOp::ShapeAssertion)
        {
            hosts.push(op);
        }
    });
    let mut positions = Positions::default();
    let mut inserted = 0;
    for host in hosts {
        let Some(rule) = knowledge.rule(ctx, host) else {
            continue;
        };
        let open: Vec<&Check> = rule
            .checks
            .iter()
            .filter(|c| !holds_statically(ctx, host, c))
            .collect();
        for check in open {
            let first_new = ctx.num_ops();
            let mut at = At::new(ctx, &knowledge, host, &mut positions);
            match constraint(&mut at, host, check) {
                Some(()) => inserted += 1,
                None => erase_unused_since(ctx, first_new),
            }
        }
    }
    inserted
}

/// What the types of a host op's operands fix: their static extents.
struct Static<'c> {
    ctx: &'c Context,
    host: OpId,
}

impl hlo::Operands for Static<'_> {
    fn shape(&self, i: usize) -> Option<Vec<i64>> {
        let v = *self.ctx.op(self.host).operands.get(i)?;
        let dims = self.ctx.type_kind(self.ctx.value_type(v)).shape()?;
        dims.iter().all(|&d| d >= 0).then(|| dims.to_vec())
    }
    fn dim(&self, i: usize, d: usize) -> Option<i64> {
        let v = *self.ctx.op(self.host).operands.get(i)?;
        let extent = *self.ctx.type_kind(self.ctx.value_type(v)).shape()?.get(d)?;
        (extent >= 0).then_some(extent)
    }
    fn elements(&self, _: usize) -> Option<Vec<i64>> {
        None
    }
}

/// Whether `check` of `host` holds whatever the operands, by its constants
/// and the static extents of the operands' types.
fn holds_statically(ctx: &Context, host: OpId, check: &Check) -> bool {
    check.requirement.holds(&Static { ctx, host }) == Some(true)
}

/// The constraint stating `check` of `host`, built before it.
fn constraint(at: &mut At, host: OpId, check: &Check) -> Option<()> {
    let message = Attr::string(&check.message);
    let shapes = |at: &mut At, shapes: &[&Shape]| -> Option<Vec<ValueId>> {
        let mut operands = at.operands_of(host);
        let mut b = Builder {
            operands: &mut operands,
        };
        shapes.iter().map(|s| b.shape(s)).collect()
    };
    let sizes = |at: &mut At, sizes: &[&Size]| -> Option<Vec<ValueId>> {
        let mut operands = at.operands_of(host);
        let mut b = Builder {
            operands: &mut operands,
        };
        sizes.iter().map(|s| b.size(s)).collect()
    };
    let (kind, operands, attr) = match &check.requirement {
        Requirement::SameShape(a, b) => (OpKind::ShapeCstrEq, shapes(at, &[a, b])?, "msg"),
        Requirement::Broadcastable(all) => {
            let all: Vec<&Shape> = all.iter().collect();
            (OpKind::ShapeCstrBroadcastable, shapes(at, &all)?, "msg")
        }
        requirement => {
            let predicate = predicate(at, host, requirement, &sizes, &shapes)?;
            (OpKind::ShapeCstrRequire, vec![predicate], "msg")
        }
    };
    let witness = ir::dialect::witness(at.ctx);
    let loc = at.ctx.op(host).loc.clone();
    OpBuilder::new(at.ctx, InsertPoint::Before(host), loc).build(
        kind,
        &operands,
        &[witness],
        vec![(attr, message)],
        Vec::new(),
    );
    Some(())
}

type Sizes<'f> = dyn Fn(&mut At, &[&Size]) -> Option<Vec<ValueId>> + 'f;
type Shapes<'f> = dyn Fn(&mut At, &[&Shape]) -> Option<Vec<ValueId>> + 'f;

/// The `i1` that holds where `requirement` (on sizes) does.
fn predicate(
    at: &mut At,
    host: OpId,
    requirement: &Requirement,
    sizes: &Sizes,
    shapes: &Shapes,
) -> Option<ValueId> {
    let loc = at.ctx.op(host).loc.clone();
    let cmp = |at: &mut At, p: CmpIPredicate, a: ValueId, b: ValueId| {
        OpBuilder::new(at.ctx, InsertPoint::Before(host), loc.clone()).cmpi(p, a, b)
    };
    let index = ir::dialect::index(at.ctx);
    let i1 = ir::dialect::i1(at.ctx);
    match requirement {
        Requirement::Equal(a, b) => {
            let v = sizes(at, &[a, b])?;
            Some(cmp(at, CmpIPredicate::Eq, v[0], v[1]))
        }
        Requirement::LessEq(a, b) => {
            let v = sizes(at, &[a, b])?;
            Some(cmp(at, CmpIPredicate::Sle, v[0], v[1]))
        }
        Requirement::OneOrEqual(a, b) => {
            let v = sizes(at, &[a, b, &Size::Const(1)])?;
            let is_one = cmp(at, CmpIPredicate::Eq, v[0], v[2]);
            let equal = cmp(at, CmpIPredicate::Eq, v[0], v[1]);
            Some(
                OpBuilder::new(at.ctx, InsertPoint::Before(host), loc.clone()).build1(
                    OpKind::ArithOri,
                    &[is_one, equal],
                    i1,
                    vec![],
                ),
            )
        }
        Requirement::Divisible(a, b) => {
            let v = sizes(at, &[a, b, &Size::Const(0)])?;
            let rem = OpBuilder::new(at.ctx, InsertPoint::Before(host), loc.clone()).build1(
                OpKind::ArithRemsi,
                &[v[0], v[1]],
                index,
                vec![],
            );
            Some(cmp(at, CmpIPredicate::Eq, rem, v[2]))
        }
        Requirement::SameElementCount(a, b) => {
            let v = shapes(at, &[a, b])?;
            let mut count = |s: ValueId| {
                OpBuilder::new(at.ctx, InsertPoint::Before(host), loc.clone()).build1(
                    OpKind::ShapeNumElements,
                    &[s],
                    index,
                    vec![],
                )
            };
            let (x, y) = (count(v[0]), count(v[1]));
            Some(cmp(at, CmpIPredicate::Eq, x, y))
        }
        Requirement::SameShape(..) | Requirement::Broadcastable(_) | Requirement::Holds(_) => None,
    }
}
