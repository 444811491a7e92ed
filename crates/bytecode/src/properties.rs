//! Where an op's properties go in its entry of the properties section, as
//! MLIR 22's generated code writes them: each inherent attribute in the
//! order of its name (an optional one, or one with a default, as a flagged
//! index; a required one as an index), then the operand segment sizes and
//! the result segment sizes as sparse arrays. The flags of `arith` and
//! `math` ops (`overflowFlags`, `fastmath`...) have defaults: they are
//! written as optional, though the IR always keeps them.

use ir::op_def::OpDef;
use ir::OpKind;

/// One inherent attribute's place.
pub struct PropAttr {
    pub name: &'static str,
    pub optional: bool,
}

/// The properties of ops of one definition, in order.
pub struct Layout {
    pub attrs: Vec<PropAttr>,
    operand_segments: Option<usize>,
    result_segments: Option<usize>,
}

impl Layout {
    pub fn of(def: &OpDef) -> Layout {
        // Flags have defaults: written as optional.
        let flags = ir::dialect::arith::flag_properties(def.kind);
        let mut attrs: Vec<PropAttr> = def
            .attrs
            .iter()
            .map(|a| PropAttr {
                name: a.name,
                optional: a.optional || flags.contains(&a.name),
            })
            .collect();
        attrs.sort_by(|a, b| a.name.cmp(b.name));
        Layout {
            attrs,
            operand_segments: def.has_operand_segments().then_some(def.operands.len()),
            result_segments: def.has_result_segments().then_some(def.results.len()),
        }
    }

    /// The segment size properties: name and number of groups.
    pub fn segments(&self) -> impl Iterator<Item = (&'static str, usize)> {
        let operands = self.operand_segments.map(|n| ("operandSegmentSizes", n));
        let results = self.result_segments.map(|n| ("resultSegmentSizes", n));
        operands.into_iter().chain(results)
    }
}

/// Inherent attributes with a default that MLIR's text leaves out and its
/// bytecode writes: (op, attribute, the default's text). Read back, an
/// attribute equal to its default is dropped, as the text parser never
/// sees it.
const DEFAULTS: &[(OpKind, &str, &str)] = &[(OpKind::UbPoison, "value", "#ub.poison")];

/// The text of the default of the inherent attribute `attr` of ops of
/// `kind`, if it has one the IR leaves out.
pub fn elided_default(kind: OpKind, attr: &str) -> Option<&'static str> {
    DEFAULTS
        .iter()
        .find(|(k, a, _)| *k == kind && *a == attr)
        .map(|(_, _, text)| *text)
}
