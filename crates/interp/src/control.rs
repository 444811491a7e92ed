//! Control flow and calls, the ops [`Control`] names: `cf.assert` (a
//! failing assertion fails the function with its message; `cf.br`,
//! `cf.cond_br` and `cf.switch` are followed by the region runner),
//! `scf.for`/`if`/`while`/`execute_region`/`index_switch`,
//! `memref.alloca_scope` (its region, run once), and `func.call` (of a
//! function declared without a body: an event, see `effects`).

use crate::arith_ops::{int_operand, unsigned as unsigned_value, wrap};
use crate::dispatch::Control;
use crate::machine::{Machine, Step, Stop};
use crate::value::Value;
use ir::{OpId, OpKind};

/// An integer of the same type as `template` (an `index` or integer) holding `v`.
fn like(template: &Value, v: i128) -> Value {
    match template {
        Value::Int { width, .. } => Value::Int {
            value: wrap(v, *width),
            width: *width,
        },
        _ => Value::Index(wrap(v, 64) as i64),
    }
}

impl Machine<'_> {
    fn scf_for(&mut self, op: OpId) -> Step<Vec<Value>> {
        let (lower, width) = int_operand(self, op, 0)?;
        let (upper, _) = int_operand(self, op, 1)?;
        let (step, _) = int_operand(self, op, 2)?;
        let template = self.operand(op, 0)?.clone();
        let mut values = self.values_of(op, self.group(op, 3)?)?;
        if step <= 0 {
            return Err(Stop::Undefined(format!(
                "scf.for step {step} is not positive"
            )));
        }
        let unsigned = self.attr(op, "unsignedCmp").is_some();
        let below = |iv: i128| match unsigned {
            true => unsigned_value(iv, width) < unsigned_value(upper, width),
            false => iv < upper,
        };
        let mut iv = lower;
        while below(iv) {
            let mut args = vec![like(&template, iv)];
            args.append(&mut values);
            values = self.run_body(op, 0, args, OpKind::ScfYield)?;
            let next = iv + step;
            if wrap(next, width) != next {
                break;
            }
            iv = next;
        }
        Ok(values)
    }

    /// Run region `region` of `op` (none: no results), ending in `scf.yield`.
    fn run_branch(&mut self, op: OpId, region: usize) -> Step<Vec<Value>> {
        let empty = self
            .ctx
            .op(op)
            .regions
            .get(region)
            .is_some_and(|&r| self.ctx.region(r).blocks.is_empty());
        match empty {
            true => Ok(Vec::new()),
            false => self.run_body(op, region, Vec::new(), OpKind::ScfYield),
        }
    }

    fn scf_while(&mut self, op: OpId) -> Step<Vec<Value>> {
        let mut args = self.operands(op)?;
        loop {
            let mut carried = self.run_body(op, 0, args, OpKind::ScfCondition)?;
            if carried.is_empty() {
                return Err(self.malformed(op, "scf.condition without a condition"));
            }
            match carried.remove(0) {
                Value::Int { value: 0, width: 1 } => return Ok(carried),
                Value::Int { width: 1, .. } => {
                    args = self.run_body(op, 1, carried, OpKind::ScfYield)?
                }
                _ => return Err(self.malformed(op, "the condition is not an i1")),
            }
        }
    }

    fn index_switch(&mut self, op: OpId) -> Step<Vec<Value>> {
        let arg = self.index_operand(op, 0)?;
        let cases = self
            .attr(op, "cases")
            .and_then(|a| a.int_elements(0))
            .ok_or_else(|| self.malformed(op, "no 'cases'"))?;
        let region = cases
            .iter()
            .position(|&c| c == i128::from(arg))
            .map_or(0, |i| i + 1);
        self.run_branch(op, region)
    }
}

/// Evaluate the control op `op` (which `dispatch` says it is): its results.
pub(crate) fn exec(m: &mut Machine, op: OpId, which: Control) -> Step<Vec<Value>> {
    match which {
        Control::Assert => match m.bool_operand(op, 0)? {
            true => Ok(Vec::new()),
            false => Err(Stop::Fail(
                // Only the message: the failure stands without it.
                m.str_attr(op, "msg").unwrap_or_default().to_string(),
            )),
        },
        Control::Call => m.call_symbol(op),
        Control::For => m.scf_for(op),
        Control::If => {
            let region = if m.bool_operand(op, 0)? { 0 } else { 1 };
            m.run_branch(op, region)
        }
        Control::While => m.scf_while(op),
        Control::ExecuteRegion => m.run_body(op, 0, Vec::new(), OpKind::ScfYield),
        // The stack allocations of the scope have no meaning here (nor
        // any memref op): what the region computes is what it returns.
        Control::AllocaScope => m.run_body(op, 0, Vec::new(), OpKind::MemrefAllocaScopeReturn),
        Control::IndexSwitch => m.index_switch(op),
    }
}
