//! StableHLO, MHLO and CHLO ops with built-in shape rules (crate `hlo`):
//! such an op's results have the shapes its rule gives on its operands
//! (the rest of each result is drawn, as for any op of no registered
//! dialect). An operand that breaks a requirement of the op is undefined
//! behaviour, as in the StableHLO specification (the program's own checks,
//! or `insert-host-checks`, are what turn it into a failure); so is a
//! result shape the result's type does not allow. JAX's
//! `custom_call @shape_assertion` is a check: the run fails with its
//! message where its predicate is false.

use crate::machine::{Machine, Step, Stop};
use crate::tensor_ops::{elements_of, tensor_shape};
use crate::value::Value;
use hlo::{Operands, Requirement};
use ir::OpId;

/// What the interpreter knows of an op's operand values.
struct Known<'a>(&'a [Value]);

impl Operands for Known<'_> {
    fn shape(&self, i: usize) -> Option<Vec<i64>> {
        match self.0.get(i)? {
            Value::Host { shape, .. } => shape.clone(),
            v => tensor_shape(v),
        }
    }
    fn elements(&self, i: usize) -> Option<Vec<i64>> {
        elements_of(self.0.get(i)?)?
            .iter()
            .map(|e| match e {
                Value::Index(x) => Some(*x),
                Value::Int { value, .. } => i64::try_from(*value).ok(),
                _ => None,
            })
            .collect()
    }
}

impl Machine<'_> {
    /// The shapes `op`'s built-in rule gives its results on `args`, after
    /// its requirements: `None` when it has no rule.
    pub(crate) fn rule_result_shapes(
        &mut self,
        op: OpId,
        args: &[Value],
    ) -> Step<Option<Vec<Vec<i64>>>> {
        let Some(rule) = self.host_knowledge().rule(self.ctx, op) else {
            return Ok(None);
        };
        let known = Known(args);
        let name = self.ctx.op_name(op).to_string();
        for check in &rule.checks {
            match check.requirement.holds(&known) {
                Some(true) => {}
                Some(false) if matches!(check.requirement, Requirement::Holds(_)) => {
                    return Err(Stop::Fail(assertion_message(&check.message, args)));
                }
                Some(false) => return Err(Stop::Undefined(check.message.clone())),
                None => {
                    return Err(self.unsupported(
                        op,
                        format!("the operands the shape rule of '{name}' reads are not known"),
                    ))
                }
            }
        }
        let mut shapes = Vec::new();
        for (i, shape) in rule.results.iter().enumerate() {
            let Some(extents) = shape.eval(&known) else {
                return Err(self.unsupported(
                    op,
                    format!("the operands the shape rule of '{name}' reads are not known"),
                ));
            };
            let result = self.ctx.op(op).results[i];
            let fits = match self.ctx.type_kind(self.ctx.value_type(result)).shape() {
                Some(dims) => {
                    dims.len() == extents.len()
                        && dims
                            .iter()
                            .zip(&extents)
                            .all(|(&d, &e)| e >= 0 && (d == ir::types::DYNAMIC || d == e))
                }
                None => extents.iter().all(|&e| e >= 0),
            };
            if !fits {
                return Err(Stop::Undefined(format!(
                    "'{name}' gives result {i} the shape {extents:?}, which its type does not allow"
                )));
            }
            shapes.push(extents);
        }
        Ok(Some(shapes))
    }
}

impl Machine<'_> {
    /// What is known of the module's host ops.
    pub(crate) fn host_knowledge(&self) -> &hlo::Knowledge {
        self.host_knowledge
            .get_or_init(|| hlo::Knowledge::of(self.ctx, self.module))
    }

    /// `results` of `op` (computed), with the elements its rule gives for
    /// an integer result of known operands (a shape computed with
    /// StableHLO ops) in place of drawn ones.
    pub(crate) fn with_rule_elements(
        &self,
        op: OpId,
        args: &[Value],
        mut results: Vec<Value>,
    ) -> Vec<Value> {
        let Some(sizes) = self.host_knowledge().elements(self.ctx, op) else {
            return results;
        };
        let known = Known(args);
        let values: Option<Vec<i64>> = sizes.iter().map(|s| s.eval(&known)).collect();
        let Some(values) = values else {
            return results;
        };
        let elements = match results.first_mut() {
            Some(Value::ExtentTensor(extents)) => {
                *extents = values;
                return results;
            }
            Some(Value::Tensor { elements, .. }) => elements,
            _ => return results,
        };
        let result = self.ctx.op(op).results[0];
        let ty = self.ctx.value_type(result);
        let elem = self.ctx.type_kind(ty).element_type();
        let width = elem.and_then(|e| match self.ctx.type_kind(e) {
            ir::TypeKind::Integer { width, .. } => Some(*width),
            _ => None,
        });
        *elements = Some(
            values
                .into_iter()
                .map(|v| match width {
                    Some(width) => Value::Int {
                        value: crate::arith_ops::wrap(v.into(), width),
                        width,
                    },
                    None => Value::Index(v),
                })
                .collect(),
        );
        results
    }
}

/// A `shape_assertion`'s message with `{k}` replaced by the value of its
/// operand `k + 1` (the operands after the predicate), as JAX formats it.
fn assertion_message(message: &str, args: &[Value]) -> String {
    let mut text = message.to_string();
    for (k, arg) in args.iter().skip(1).enumerate() {
        let shown = match elements_of(arg).as_deref() {
            Some([Value::Int { value, .. }]) => value.to_string(),
            Some([Value::Index(v)]) => v.to_string(),
            _ => arg.to_string(),
        };
        text = text.replace(&format!("{{{k}}}"), &shown);
    }
    text
}
