//! One op on static shapes, for the tests: its MLIR text (generic form,
//! in a `func.func`, as StableHLO's tools read it too) and what its
//! built-in rule says of it there.

/// An operand: a tensor of static shape, a function argument unless it is
/// a constant (a shape operand, `stablehlo.constant` in the function).
#[derive(Clone, Debug)]
pub struct Operand {
    pub shape: Vec<i64>,
    pub elem: &'static str,
    pub value: Option<Vec<i64>>,
}

/// A tensor argument of `shape` and element type `elem`.
pub fn arg(shape: &[i64], elem: &'static str) -> Operand {
    Operand {
        shape: shape.to_vec(),
        elem,
        value: None,
    }
}

/// A 1-D `i64` constant holding `values`.
pub fn constant(values: &[i64]) -> Operand {
    Operand {
        shape: vec![values.len() as i64],
        elem: "i64",
        value: Some(values.to_vec()),
    }
}

/// An op on operands of static shapes, with the result shapes its text
/// declares (an extent below 0 is printed `?`).
#[derive(Clone, Debug)]
pub struct Case {
    /// The full name, `stablehlo.pad`.
    pub op: String,
    pub operands: Vec<Operand>,
    /// The properties, `<{...}>` text, or empty.
    pub props: String,
    /// Regions, ` ({...})` text, or empty.
    pub regions: String,
    pub results: Vec<Vec<i64>>,
    /// The element type of each result.
    pub result_elems: Vec<&'static str>,
}

/// What the rule says of a case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// No rule (the attributes are not understood or not valid).
    Declined,
    /// Every check holds; the result shapes.
    Holds(Vec<Vec<i64>>),
    /// Every check holds but the result shapes do not evaluate (they read
    /// what the operands do not have).
    Unknown,
    /// Some check fails: the failing checks, and the result shapes when
    /// they evaluate.
    Broken {
        failed: Vec<hlo::Check>,
        shapes: Option<Vec<Vec<i64>>>,
    },
}

fn tensor(shape: &[i64], elem: &str) -> String {
    let mut text = String::from("tensor<");
    for &e in shape {
        match e {
            e if e < 0 => text.push_str("?x"),
            e => text.push_str(&format!("{e}x")),
        }
    }
    format!("{text}{elem}>")
}

fn list<T>(items: impl IntoIterator<Item = T>, f: impl Fn(T) -> String) -> String {
    items.into_iter().map(f).collect::<Vec<_>>().join(", ")
}

impl Case {
    /// `func.func @case` holding the op (and its constant operands).
    pub fn text(&self) -> String {
        let args = self
            .operands
            .iter()
            .enumerate()
            .filter(|(_, o)| o.value.is_none());
        let mut text = format!(
            "func.func @case({}) {{\n",
            list(args, |(i, o)| format!(
                "%o{i}: {}",
                tensor(&o.shape, o.elem)
            ))
        );
        for (i, o) in self.operands.iter().enumerate() {
            if let Some(values) = &o.value {
                let ty = tensor(&o.shape, o.elem);
                let dense = list(values, |v| v.to_string());
                text.push_str(&format!(
                    "  %o{i} = \"stablehlo.constant\"() <{{value = dense<[{dense}]> : {ty}}}> : () -> {ty}\n"
                ));
            }
        }
        let results = list(self.results.iter().zip(&self.result_elems), |(s, e)| {
            tensor(s, e)
        });
        let bind = match self.results.len() {
            0 => String::new(),
            1 => "%r = ".to_string(),
            n => format!("%r:{n} = "),
        };
        text.push_str(&format!(
            "  {bind}\"{}\"({}) {}{} : ({}) -> ({results})\n  return\n}}\n",
            self.op,
            list(0..self.operands.len(), |i| format!("%o{i}")),
            self.props,
            self.regions,
            list(&self.operands, |o| tensor(&o.shape, o.elem)),
        ));
        text
    }

    /// The rule of the op in [`Case::text`], evaluated on its operands.
    pub fn verdict(&self) -> Verdict {
        let mut ctx = ir::Context::new();
        let options = syntax::ParseOptions {
            allow_unregistered_dialect: true,
            ..Default::default()
        };
        let text = self.text();
        let (root, diags) =
            syntax::parse_source(&mut ctx, 0, "case.mlir", text.as_bytes(), &options);
        let root = root.unwrap_or_else(|| panic!("parse failed: {diags:?}\n{text}"));
        let mut found = None;
        ctx.walk_nested(root, &mut |o| {
            if ctx.op_name(o) == self.op {
                found = found.or(Some(o));
            }
        });
        let op = found.unwrap_or_else(|| panic!("no {} in\n{text}", self.op));
        let Some(rule) = hlo::rule(&ctx, op) else {
            return Verdict::Declined;
        };
        let shapes: Option<Vec<Vec<i64>>> = rule.results.iter().map(|s| s.eval(self)).collect();
        let failed: Vec<hlo::Check> = rule
            .checks
            .into_iter()
            .filter(|c| {
                !c.requirement
                    .holds(self)
                    .unwrap_or_else(|| panic!("{:?} unknown on\n{text}", c.requirement))
            })
            .collect();
        match (failed.is_empty(), shapes) {
            (true, Some(shapes)) => Verdict::Holds(shapes),
            (true, None) => Verdict::Unknown,
            (false, shapes) => Verdict::Broken { failed, shapes },
        }
    }
}

impl hlo::Operands for Case {
    fn shape(&self, i: usize) -> Option<Vec<i64>> {
        self.operands.get(i).map(|o| o.shape.clone())
    }
    fn elements(&self, i: usize) -> Option<Vec<i64>> {
        self.operands.get(i)?.value.clone()
    }
}
