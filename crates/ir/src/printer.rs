//! The MLIR text printer: custom and generic op forms, SSA and block naming,
//! regions and locations, byte-compatible with `mlir-opt` 22.
//!
//! Naming follows MLIR's rules: a nested region, isolated from above or
//! not, continues from the counters and names its parent region ended with
//! (so sibling regions reuse numbers; an op printed alone, in local scope,
//! starts from its nearest isolated-from-above op); entry block
//! arguments are `%argN`; ops may suggest names (`%c1`, `%dim`), made unique
//! with a `_N` suffix from a per-scope conflict counter; blocks are `^bbN`
//! per region.

use crate::attrs::{Attr, NamedAttr};
use crate::context::{BlockId, Context, OpId, RegionId, ValueId};
use crate::loc_alias::{LocAliases, LocCollector};
use crate::location::Location;
use crate::op_def::{OpDef, ResultNames, Syntax};
use crate::print_attr::{push_decimal, AttrPrinter};
use crate::resources::UsedResources;
use crate::types::Type;
use rustc_hash::FxHashMap as HashMap;
use smallvec::{smallvec, SmallVec};
use std::borrow::Cow;
use std::fmt::Write as _;
use std::hash::BuildHasher as _;

/// Printing options (the `--mlir-print-*` flags).
#[derive(Clone, Copy, Debug, Default)]
pub struct PrintOptions {
    /// `--mlir-print-op-generic`
    pub generic: bool,
    /// `--mlir-print-debuginfo`
    pub debug_info: bool,
    /// `--mlir-print-local-scope`: locations, attributes and types printed
    /// in full where they are used, never through `#loc`/`#map` aliases.
    pub local_scope: bool,
    /// `--mlir-elide-elementsattrs-if-larger=N`: dense elements attributes
    /// of more than N elements print as `dense_resource<__elided__>`.
    pub elide_elements_above: Option<u64>,
}

/// The base of a value's printed name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Base {
    /// `%N`
    Num(u32),
    /// `%argN`
    Arg(u32),
    /// A suggested name (index into [`SuggestedNames`]).
    Named(u32),
}

/// A value's printed name: base and, within a multi-result group, `#sub`.
#[derive(Clone, Copy, Debug)]
struct Slot {
    base: Base,
    sub: Option<u32>,
}

/// First result index of each name group of one op.
type Groups = SmallVec<[usize; 2]>;

/// Unused entries a dense run of an [`IdTable`] may hold beyond as many
/// as it has used ones.
const DENSE_SLACK: usize = 64;

/// A map from ids (of the values or blocks of what is printed) to `T`.
/// Ids made together, as the values of one function are, form a dense run
/// kept in a vector by offset from its lowest id, so a lookup is an index
/// and no hash; ids far from the run go to a hash map. The run holds at
/// most twice as many entries as it has filled, plus [`DENSE_SLACK`].
struct IdTable<T> {
    /// The id of `dense[0]`.
    first: u32,
    dense: Vec<Option<T>>,
    /// Filled entries of `dense`.
    filled: usize,
    outliers: HashMap<u32, T>,
}

impl<T> Default for IdTable<T> {
    fn default() -> Self {
        IdTable {
            first: 0,
            dense: Vec::new(),
            filled: 0,
            outliers: HashMap::default(),
        }
    }
}

impl<T: Copy> IdTable<T> {
    /// Forget every entry, keeping the room.
    fn clear(&mut self) {
        self.dense.clear();
        self.filled = 0;
        self.outliers.clear();
    }

    fn insert(&mut self, id: u32, value: T) {
        if self.dense.is_empty() {
            self.first = id;
        }
        let room = 2 * self.filled + DENSE_SLACK;
        let offset = match id.checked_sub(self.first) {
            Some(offset) if (offset as usize) < self.dense.len() => offset as usize,
            Some(offset) if (offset as usize) < room => {
                self.dense.resize(offset as usize + 1, None);
                offset as usize
            }
            None if (self.first - id) as usize + self.dense.len() <= room => {
                let shift = (self.first - id) as usize;
                self.dense.splice(0..0, std::iter::repeat_n(None, shift));
                self.first = id;
                0
            }
            _ => {
                self.outliers.insert(id, value);
                return;
            }
        };
        if self.dense[offset].replace(value).is_none() {
            self.filled += 1;
        }
    }

    fn get(&self, id: u32) -> Option<T> {
        let dense = id
            .checked_sub(self.first)
            .and_then(|offset| self.dense.get(offset as usize))
            .copied()
            .flatten();
        match dense {
            Some(value) => Some(value),
            None if self.outliers.is_empty() => None,
            None => self.outliers.get(&id).copied(),
        }
    }
}

/// The suggested names given out (`%c0`, `%head_1`), their text in one
/// buffer, and which of them are taken in the scope being numbered.
#[derive(Default)]
struct SuggestedNames {
    text: String,
    /// Where each name is in `text`.
    spans: Vec<(u32, u32)>,
    /// Names taken in the current scope, by hash of their text.
    in_scope: HashMap<u64, SmallVec<[u32; 1]>>,
    /// The hash of each name taken, in order, to release them again.
    taken_log: Vec<u64>,
}

impl SuggestedNames {
    fn clear(&mut self) {
        self.text.clear();
        self.spans.clear();
        self.in_scope.clear();
        self.taken_log.clear();
    }

    /// The text of name `i`.
    fn get(&self, i: u32) -> &str {
        let (start, end) = self.spans[i as usize];
        &self.text[start as usize..end as usize]
    }

    fn hash(name: &str) -> u64 {
        rustc_hash::FxBuildHasher.hash_one(name)
    }

    /// True if `name` is taken in the current scope.
    fn in_scope(&self, name: &str) -> bool {
        !self.in_scope.is_empty()
            && self
                .in_scope
                .get(&Self::hash(name))
                .is_some_and(|names| names.iter().any(|&i| self.get(i) == name))
    }

    /// Record `name` and take it in the current scope; returns its index.
    fn take(&mut self, name: &str) -> u32 {
        let start = self.text.len() as u32;
        self.text.push_str(name);
        let index = self.spans.len() as u32;
        self.spans.push((start, self.text.len() as u32));
        let hash = Self::hash(name);
        self.in_scope.entry(hash).or_default().push(index);
        self.taken_log.push(hash);
        index
    }

    /// Release the names taken since `taken_log` had `len` entries (they
    /// keep their text: values named with them still print it).
    fn release_since(&mut self, len: usize) {
        while self.taken_log.len() > len {
            let Some(hash) = self.taken_log.pop() else {
                break;
            };
            if let Some(names) = self.in_scope.get_mut(&hash) {
                names.pop();
                if names.is_empty() {
                    self.in_scope.remove(&hash);
                }
            }
        }
    }
}

/// The counters of the scope being numbered (the names it has taken are
/// in [`SuggestedNames`]).
#[derive(Clone, Copy, Default)]
struct Counters {
    next_value: u32,
    next_arg: u32,
    next_conflict: u32,
}

/// Replace characters not allowed in an SSA suffix id; prefix a leading
/// digit. Borrows `name` when it is valid as it is.
fn sanitize(name: &str) -> Cow<'_, str> {
    let valid = !name.starts_with(|c: char| c.is_ascii_digit())
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'$' | b'.' | b'_' | b'-'));
    if valid {
        return Cow::Borrowed(name);
    }
    let mut out = String::with_capacity(name.len() + 1);
    if name.starts_with(|c: char| c.is_ascii_digit()) {
        out.push('_');
    }
    for c in name.chars() {
        if c.is_ascii_alphanumeric() || "$._-".contains(c) {
            out.push(c);
        } else {
            out.push('_');
        }
    }
    Cow::Owned(out)
}

fn is_isolated(ctx: &Context, op: OpId) -> bool {
    ctx.op_def(op).is_some_and(|d| d.traits.isolated_from_above)
}

/// Names of values and blocks, computed once before printing.
#[derive(Default)]
struct Names {
    slots: IdTable<Slot>,
    blocks: IdTable<u32>,
    suggested: SuggestedNames,
    /// The counters of the scope being numbered.
    counters: Counters,
    /// First result index of each name group of an op with named results.
    result_groups: HashMap<OpId, Groups>,
    /// Regions met while numbering and not yet numbered.
    pending: Vec<RegionId>,
    /// Room to spell a candidate name in.
    probe: String,
    /// Room for the names an op suggests for its results.
    result_names: ResultNames,
    /// Generic form: no suggested names.
    generic: bool,
}

impl Names {
    /// Forget every name, keeping the tables' room for the next op.
    fn clear(&mut self) {
        self.slots.clear();
        self.blocks.clear();
        self.suggested.clear();
        self.counters = Counters::default();
        self.result_groups.clear();
        self.pending.clear();
        self.generic = false;
    }

    /// Start a new scope: no names taken, counters from zero.
    fn new_scope(&mut self) {
        self.counters = Counters::default();
        self.suggested.release_since(0);
    }

    fn number_op(&mut self, ctx: &Context, op: OpId, generic: bool) {
        self.generic = generic;
        if generic {
            self.number_unique(ctx, op);
            return;
        }
        for &r in &ctx.op(op).regions {
            self.new_scope();
            self.number_region_tree(ctx, r);
        }
    }

    /// True if `name` is already a value name in the current scope: a
    /// suggested name, or an `%argN` given out so far.
    fn taken(&self, name: &str) -> bool {
        let is_arg = name.strip_prefix("arg").is_some_and(|digits| {
            let canonical = !digits.is_empty()
                && digits.bytes().all(|b| b.is_ascii_digit())
                && (digits == "0" || !digits.starts_with('0'));
            canonical
                && digits
                    .parse::<u32>()
                    .is_ok_and(|n| n < self.counters.next_arg)
        });
        is_arg || self.suggested.in_scope(name)
    }

    /// `name` made a valid SSA suffix id and unique in the current scope
    /// (with a `_N` suffix from the conflict counter), now taken.
    fn unique(&mut self, name: &str) -> Base {
        let name = sanitize(name);
        if !self.taken(&name) {
            return Base::Named(self.suggested.take(&name));
        }
        let mut probe = std::mem::take(&mut self.probe);
        let index = loop {
            probe.clear();
            probe.push_str(&name);
            probe.push('_');
            push_decimal(&mut probe, self.counters.next_conflict.into());
            self.counters.next_conflict += 1;
            if !self.taken(&probe) {
                break self.suggested.take(&probe);
            }
        };
        self.probe = probe;
        Base::Named(index)
    }

    /// Number one region's blocks, arguments and results; pushes the
    /// regions nested in its ops on `pending`.
    fn number_region(&mut self, ctx: &Context, region: RegionId) {
        for (i, &b) in ctx.region(region).blocks.iter().enumerate() {
            self.blocks.insert(b.0, i as u32);
            let entry = i == 0;
            for &a in &ctx.block(b).args {
                let base = if entry {
                    let n = self.counters.next_arg;
                    self.counters.next_arg += 1;
                    self.arg_base(n)
                } else {
                    self.counters.next_value += 1;
                    Base::Num(self.counters.next_value - 1)
                };
                self.set(a, base, None);
            }
            for op in ctx.block_ops(b) {
                self.number_results(ctx, op);
                self.pending.extend_from_slice(&ctx.op(op).regions);
            }
        }
    }

    /// The name of entry block argument `n`: `%argN`, or that made unique
    /// when a suggested name took it.
    fn arg_base(&mut self, n: u32) -> Base {
        let mut probe = std::mem::take(&mut self.probe);
        probe.clear();
        probe.push_str("arg");
        push_decimal(&mut probe, n.into());
        let base = if self.suggested.in_scope(&probe) {
            self.unique(&probe)
        } else {
            Base::Arg(n)
        };
        self.probe = probe;
        base
    }

    /// Number `region` then its nested regions, each starting from the
    /// counters and names this region ended with, isolated-from-above or
    /// not (as MLIR names them outside local scope: a function after
    /// values of its module continues their numbering).
    fn number_region_tree(&mut self, ctx: &Context, region: RegionId) {
        let start = self.pending.len();
        self.number_region(ctx, region);
        let end = self.pending.len();
        let (counters, taken) = (self.counters, self.suggested.taken_log.len());
        for i in start..end {
            let nested = self.pending[i];
            self.number_region_tree(ctx, nested);
            self.counters = counters;
            self.suggested.release_since(taken);
        }
        self.pending.truncate(start);
    }

    /// Generic form: one counter for the whole op, regions taken from a
    /// stack (so later sibling regions are numbered first), as `mlir-opt`
    /// does with unique SSA ids.
    fn number_unique(&mut self, ctx: &Context, op: OpId) {
        self.new_scope();
        let bottom = self.pending.len();
        self.pending.extend_from_slice(&ctx.op(op).regions);
        while self.pending.len() > bottom {
            let Some(r) = self.pending.pop() else {
                break;
            };
            self.number_region(ctx, r);
        }
    }

    /// Number the results of `op` in the current scope.
    fn number_results(&mut self, ctx: &Context, op: OpId) {
        let results = &ctx.op(op).results;
        if results.is_empty() {
            return;
        }
        let suggest = ctx.op_def(op).and_then(|d| d.result_names);
        let Some(f) = suggest.filter(|_| !self.generic) else {
            self.number_one_group(results);
            return;
        };
        let mut suggested = std::mem::take(&mut self.result_names);
        suggested.clear();
        f(ctx, op, &mut suggested);
        self.number_results_named(ctx, op, &suggested);
        self.result_names = suggested;
    }

    /// One group of numbered results: `%N`, or `%N#i` for several.
    fn number_one_group(&mut self, results: &[ValueId]) {
        let base = Base::Num(self.counters.next_value);
        self.counters.next_value += 1;
        let several = results.len() > 1;
        for (i, &v) in results.iter().enumerate() {
            self.set(v, base, several.then_some(i as u32));
        }
    }

    /// [`Names::number_results`] once `op` has suggested `suggested`.
    fn number_results_named(&mut self, ctx: &Context, op: OpId, suggested: &ResultNames) {
        let results = &ctx.op(op).results;
        if suggested.is_empty() {
            self.number_one_group(results);
            return;
        }
        let mut groups: Groups = smallvec![0];
        let mut current = None::<Base>;
        for (i, &v) in results.iter().enumerate() {
            match suggested.get(i) {
                Some(name) => {
                    if i > 0 {
                        groups.push(i);
                    }
                    let base = self.unique(name);
                    self.set(v, base, None);
                    current = Some(base);
                }
                None => match current {
                    Some(base) => self.set(v, base, Some(i as u32)),
                    None if i == 0 => {
                        let base = Base::Num(self.counters.next_value);
                        self.counters.next_value += 1;
                        self.set(v, base, None);
                        current = Some(base);
                    }
                    None => {}
                },
            }
        }
        // Within a group of several results, uses spell `%name#i` (also for
        // the first), relative to the group's first result.
        for (gi, &start) in groups.iter().enumerate() {
            let end = groups.get(gi + 1).copied().unwrap_or(results.len());
            if end - start < 2 {
                continue;
            }
            let Some(first) = self.slot(results[start]) else {
                continue;
            };
            for (k, v) in results[start..end].iter().enumerate() {
                self.set(*v, first.base, Some(k as u32));
            }
        }
        // One group (all results) is what `results_prefix` assumes of an
        // op without an entry.
        if groups.len() > 1 {
            self.result_groups.insert(op, groups);
        }
    }

    fn set(&mut self, v: ValueId, base: Base, sub: Option<u32>) {
        self.slots.insert(v.0, Slot { base, sub });
    }

    fn slot(&self, v: ValueId) -> Option<Slot> {
        self.slots.get(v.0)
    }

    fn block(&self, b: BlockId) -> u32 {
        self.blocks.get(b.0).unwrap_or(u32::MAX)
    }

    /// Append `%base` (without `#sub` when `with_sub` is false).
    fn write(&self, out: &mut String, v: ValueId, with_sub: bool) {
        let Some(slot) = self.slot(v) else {
            out.push_str("<<UNKNOWN SSA VALUE>>");
            return;
        };
        out.push('%');
        match slot.base {
            Base::Num(n) => push_decimal(out, n.into()),
            Base::Arg(n) => {
                out.push_str("arg");
                push_decimal(out, n.into())
            }
            Base::Named(i) => out.push_str(self.suggested.get(i)),
        }
        if let (Some(k), true) = (slot.sub, with_sub) {
            out.push('#');
            push_decimal(out, k.into());
        }
    }
}

/// The printer an op's custom form writes to.
pub struct OpPrinter<'a> {
    pub ctx: &'a Context,
    out: String,
    names: Names,
    indent: usize,
    options: PrintOptions,
    attrs: AttrPrinter<'a>,
    /// Default dialect of the enclosing ops (`func` inside `func.func`).
    default_dialects: Vec<&'static str>,
    /// Text of the ops of one block printed ahead of time (top-level
    /// functions, in parallel): printed in place of the block's ops.
    ahead: Option<PrintedAhead>,
    /// Finished output, in order, when pre-printed text is spliced in.
    pieces: Vec<String>,
    /// Location aliases (`--mlir-print-debuginfo`).
    loc_aliases: LocAliases,
    /// Set during the pass that finds the locations to alias.
    loc_collector: Option<LocCollector>,
    /// Comment lines to print before ops.
    comments: Option<OpComments<'a>>,
    /// Where each nested op's text starts in `out`, when asked for.
    op_starts: Option<Vec<(usize, OpId)>>,
}

/// Comment text to print on the lines before an op (e.g. analysis facts);
/// `None` for no comment.
pub type OpComments<'a> = &'a (dyn Fn(&Context, OpId) -> Option<String> + Sync);

impl<'a> OpPrinter<'a> {
    /// A printer of `op`, its values named, its output sized for it.
    fn numbered(ctx: &'a Context, op: OpId, options: PrintOptions) -> Self {
        let mut p = OpPrinter::new(ctx, options);
        // About 72 bytes an op for a whole module; a nested op (one
        // function of a large module) grows its buffer as it needs.
        p.out.reserve(match ctx.op(op).parent {
            None => ctx.num_ops() * 72,
            Some(_) => 4096,
        });
        p.names.number_results(ctx, op);
        p.names.number_op(ctx, op, options.generic);
        p
    }

    fn new(ctx: &'a Context, options: PrintOptions) -> Self {
        OpPrinter {
            ctx,
            out: String::new(),
            names: Names::default(),
            indent: 0,
            options,
            attrs: AttrPrinter::new(ctx).eliding_elements_above(options.elide_elements_above),
            default_dialects: vec!["builtin"],
            ahead: None,
            pieces: Vec::new(),
            loc_aliases: LocAliases::default(),
            loc_collector: None,
            comments: None,
            op_starts: None,
        }
    }

    /// `// text` lines before `op`, at the current indentation.
    fn comment_lines(&mut self, op: OpId) {
        let Some(text) = self.comments.and_then(|c| c(self.ctx, op)) else {
            return;
        };
        for line in text.lines() {
            self.out.push_str("// ");
            self.out.push_str(line);
            self.newline();
            self.write_indent();
        }
    }

    pub fn push(&mut self, s: &str) {
        self.out.push_str(s);
    }

    /// `%name` of a value as it is used.
    pub fn value_name(&self, v: ValueId) -> String {
        let mut s = String::new();
        self.names.write(&mut s, v, true);
        s
    }
    pub fn operand(&mut self, v: ValueId) {
        self.names.write(&mut self.out, v, true);
    }
    /// Comma-separated operands.
    pub fn operands(&mut self, vs: &[ValueId]) {
        for (i, &v) in vs.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.operand(v);
        }
    }
    pub fn ty(&mut self, t: Type) {
        self.attrs.write_type(&mut self.out, t);
    }
    /// Comma-separated types.
    pub fn types(&mut self, ts: &[Type]) {
        self.attrs.write_type_list(&mut self.out, ts);
    }
    /// Comma-separated types of `values`.
    pub fn types_of(&mut self, values: &[ValueId]) {
        let ctx = self.ctx;
        let types = values.iter().map(|&v| ctx.value_type(v));
        self.attrs.write_types(&mut self.out, types);
    }
    /// Result types of a function type (parenthesised unless exactly one).
    pub fn result_types(&mut self, ts: &[Type]) {
        self.attrs.write_result_types(&mut self.out, ts);
    }
    /// [`Self::result_types`] of the types of `values`.
    pub fn result_types_of(&mut self, values: &[ValueId]) {
        let ctx = self.ctx;
        let types: SmallVec<[Type; 4]> = values.iter().map(|&v| ctx.value_type(v)).collect();
        self.result_types(&types);
    }
    pub fn attr(&mut self, a: &Attr) {
        self.attrs.write_attr(&mut self.out, a);
    }
    /// `a` without the `: type` its context implies (`dense<...>`).
    pub fn attr_without_type(&mut self, a: &Attr) {
        self.attrs.write_attr_without_type(&mut self.out, a);
    }
    pub fn named_attrs(&mut self, attrs: &[NamedAttr]) {
        self.attrs.write_named_attrs(&mut self.out, attrs);
    }
    pub fn successor(&mut self, b: BlockId) {
        self.out.push_str("^bb");
        push_decimal(&mut self.out, self.names.block(b).into());
    }

    /// Inherent and discardable attributes of `op` minus `elided`, as
    /// ` {a = 1}` (or ` attributes {a = 1}`); nothing when empty.
    pub fn attr_dict(&mut self, op: OpId, elided: &[&str], with_keyword: bool) {
        let data = self.ctx.op(op);
        if data.props.is_empty() && data.attrs.is_empty() {
            return;
        }
        let mut all: SmallVec<[&NamedAttr; 8]> = data
            .props
            .iter()
            .chain(data.attrs.iter())
            .filter(|(n, _)| !elided.contains(&&**n))
            .collect();
        if all.is_empty() {
            return;
        }
        all.sort_by(|a, b| a.0.cmp(&b.0));
        self.out
            .push_str(if with_keyword { " attributes {" } else { " {" });
        self.attrs.write_named_attrs(&mut self.out, all);
        self.out.push('}');
    }

    fn newline(&mut self) {
        self.out.push('\n');
    }
    fn write_indent(&mut self) {
        // Whole runs of spaces rather than one push per space.
        const SPACES: &str = "                                ";
        let mut left = self.indent;
        while left > 0 {
            let n = left.min(SPACES.len());
            self.out.push_str(&SPACES[..n]);
            left -= n;
        }
    }

    /// ` {` blocks `}`-style region: `{`, newline, blocks, indented `}`.
    pub fn region(&mut self, r: RegionId, print_entry_args: bool, print_terminators: bool) {
        self.region_with(r, print_entry_args, print_terminators, false);
    }

    pub fn region_with(
        &mut self,
        r: RegionId,
        print_entry_args: bool,
        print_terminators: bool,
        print_empty_block: bool,
    ) {
        self.out.push('{');
        self.newline();
        // Inside a region, names of the owner's default dialect drop their prefix.
        let dialect = self
            .ctx
            .region(r)
            .parent
            .and_then(|op| crate::dialect::default_dialect_of(self.ctx.kind(op)))
            .unwrap_or("");
        self.default_dialects.push(dialect);
        let ctx = self.ctx;
        if let Some((&entry, rest)) = ctx.region(r).blocks.split_first() {
            let entry_data = self.ctx.block(entry);
            let header = (print_empty_block && entry_data.first.is_none())
                || (print_entry_args && !entry_data.args.is_empty());
            self.block(entry, header, print_terminators);
            for &b in rest {
                self.block(b, true, true);
            }
        }
        self.default_dialects.pop();
        self.write_indent();
        self.out.push('}');
    }

    fn predecessors(&self, b: BlockId) -> Vec<u32> {
        let Some(region) = self.ctx.block(b).parent else {
            return Vec::new();
        };
        let mut preds = Vec::new();
        for &other in &self.ctx.region(region).blocks {
            if let Some(t) = self.ctx.block_terminator(other) {
                if self.ctx.op(t).successors.contains(&b) {
                    for _ in self.ctx.op(t).successors.iter().filter(|s| **s == b) {
                        preds.push(self.names.block(other));
                    }
                }
            }
        }
        preds.sort_unstable();
        preds
    }

    fn block(&mut self, b: BlockId, header: bool, print_terminator: bool) {
        if header {
            self.write_indent();
            self.successor(b);
            let ctx = self.ctx;
            let args = &ctx.block(b).args;
            if !args.is_empty() {
                self.out.push('(');
                for (i, &a) in args.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.operand(a);
                    self.out.push_str(": ");
                    self.ty(self.ctx.value_type(a));
                    self.arg_location(a);
                }
                self.out.push(')');
            }
            self.out.push(':');
            let is_entry = self
                .ctx
                .block(b)
                .parent
                .is_some_and(|r| self.ctx.region(r).blocks.first() == Some(&b));
            let preds = self.predecessors(b);
            match preds.as_slice() {
                [] if !is_entry => self.out.push_str("  // no predecessors"),
                [] => {}
                [one] => {
                    let _ = write!(self.out, "  // pred: ^bb{one}");
                }
                many => {
                    let _ = write!(self.out, "  // {} preds: ", many.len());
                    for (i, p) in many.iter().enumerate() {
                        if i > 0 {
                            self.out.push_str(", ");
                        }
                        let _ = write!(self.out, "^bb{p}");
                    }
                }
            }
            self.newline();
        }
        self.indent += 2;
        let ctx = self.ctx;
        let last = ctx.block_terminator(b);
        let drop_terminator = !print_terminator
            && last.is_some_and(|t| ctx.op_def(t).is_some_and(|d| d.traits.terminator));
        if let Some(ahead) = self.ahead.take_if(|a| a.block == b) {
            for (first, text) in ahead.runs {
                self.start_op_line(first);
                // Splice without copying: close the current piece.
                let done = std::mem::take(&mut self.out);
                self.pieces.push(done);
                self.pieces.push(text);
                self.newline();
            }
            self.indent -= 2;
            return;
        }
        for op in ctx.block_ops(b) {
            if drop_terminator && Some(op) == last {
                break;
            }
            self.start_op_line(op);
            self.operation(op);
            self.newline();
        }
        self.indent -= 2;
    }

    /// What comes before `op` on its line(s) in a block: the indentation
    /// and the comment lines, and where its text starts when asked.
    fn start_op_line(&mut self, op: OpId) {
        self.write_indent();
        if self.comments.is_some() {
            self.comment_lines(op);
        }
        if let Some(starts) = &mut self.op_starts {
            starts.push((self.out.len(), op));
        }
    }

    /// ` loc(#locN)` for `--mlir-print-debuginfo`.
    fn location(&mut self, loc: &Location) {
        self.out.push_str(" loc(");
        if !self.loc_aliases.write_ref(&mut self.out, loc) {
            self.loc_aliases.write_body(&mut self.out, loc);
        }
        self.out.push(')');
    }

    /// ` loc(...)` of a block argument (printed in full) under
    /// `--mlir-print-debuginfo`; nothing otherwise.
    pub fn arg_location(&mut self, v: ValueId) {
        if !self.options.debug_info {
            return;
        }
        // An argument made without a location has an unknown one.
        let loc = self.ctx.arg_loc(v).cloned().unwrap_or_default();
        if let Some(c) = &mut self.loc_collector {
            c.visit(&loc, false);
        }
        self.out.push_str(" loc(");
        self.loc_aliases.write_body(&mut self.out, &loc);
        self.out.push(')');
    }

    fn results_prefix(&mut self, op: OpId) {
        let results = &self.ctx.op(op).results;
        if results.is_empty() {
            return;
        }
        let groups = self.names.result_groups.get(&op);
        let groups = groups.map_or(&[0][..], SmallVec::as_slice);
        for (gi, &start) in groups.iter().enumerate() {
            if gi > 0 {
                self.out.push_str(", ");
            }
            let end = groups.get(gi + 1).copied().unwrap_or(results.len());
            self.names.write(&mut self.out, results[start], false);
            if end - start > 1 {
                let _ = write!(self.out, ":{}", end - start);
            }
        }
        self.out.push_str(" = ");
    }

    /// Print one operation (no indentation, no newline).
    pub fn operation(&mut self, op: OpId) {
        if let Some(c) = &mut self.loc_collector {
            c.visit(&self.ctx.op(op).loc, true);
        }
        self.results_prefix(op);
        let def = self.ctx.op_def(op);
        match def {
            Some(def) if !self.options.generic && !matches!(def.syntax, Syntax::GenericOnly) => {
                self.custom_form(def, op)
            }
            _ => self.generic_form(op),
        }
        if self.options.debug_info {
            let loc = self.ctx.op(op).loc.clone();
            self.location(&loc);
        }
    }

    fn custom_form(&mut self, def: &'static OpDef, op: OpId) {
        let name = def.name;
        // The name without its dialect's prefix when that is the default
        // dialect (a dialect name holds no '.'): no search for the '.'.
        let shown = self
            .default_dialects
            .last()
            .and_then(|d| name.strip_prefix(d))
            .and_then(|rest| rest.strip_prefix('.'))
            .unwrap_or(name);
        self.out.push_str(shown);
        match def.syntax {
            Syntax::Custom(_, print) => print(self, op),
            Syntax::Declarative(_) => {
                if let Some(Ok(f)) = def.compiled_format() {
                    crate::format::print_format(def, f, self, op)
                }
            }
            Syntax::GenericOnly => {}
        }
    }

    /// `"name"(%a)[^bb1] <{props}> ({...}) {attrs} : (T) -> U`
    pub fn generic_form(&mut self, op: OpId) {
        let ctx = self.ctx;
        let data = ctx.op(op);
        crate::print_attr::write_escaped_string(&mut self.out, data.name.as_bytes());
        self.out.push('(');
        self.operands(&data.operands);
        self.out.push(')');
        if !data.successors.is_empty() {
            self.out.push('[');
            for (i, &b) in data.successors.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.successor(b);
            }
            self.out.push(']');
        }
        if !data.props.is_empty() {
            self.out.push_str(" <{");
            self.named_attrs(&data.props);
            self.out.push_str("}>");
        }
        if !data.regions.is_empty() {
            self.out.push_str(" (");
            for (i, &r) in data.regions.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.region_with(r, true, true, true);
            }
            self.out.push(')');
        }
        if !data.attrs.is_empty() {
            self.out.push_str(" {");
            self.named_attrs(&data.attrs);
            self.out.push('}');
        }
        self.out.push_str(" : (");
        self.types(&ctx.types_of(&data.operands));
        self.out.push_str(") -> ");
        self.result_types(&ctx.types_of(&data.results));
    }
}

/// Print `op` (normally the top-level module) and everything in it, ending
/// with a newline, as `mlir-opt` does.
pub fn print_op(ctx: &Context, op: OpId, options: PrintOptions) -> String {
    concat_pieces(print_op_pieces(ctx, op, options))
}

/// `op` alone as MLIR prints it in a diagnostic's note: in generic form,
/// with no trailing newline, its values named as in the nearest
/// isolated-from-above op that is or holds it, and elements attributes of
/// more than 16 elements elided (MLIR's flags for an error's op).
pub fn print_op_for_diagnostic(ctx: &Context, op: OpId) -> String {
    let options = PrintOptions {
        generic: true,
        local_scope: true,
        elide_elements_above: Some(16),
        ..PrintOptions::default()
    };
    let mut scope_op = op;
    while !is_isolated(ctx, scope_op) {
        match ctx.parent_op(scope_op) {
            Some(parent) => scope_op = parent,
            None => break,
        }
    }
    let mut p = OpPrinter::new(ctx, options);
    p.names.number_results(ctx, scope_op);
    p.names.number_op(ctx, scope_op, true);
    p.operation(op);
    p.out
}

/// Concatenate printed pieces into one string.
pub fn concat_pieces(pieces: Vec<String>) -> String {
    let pieces = match <[String; 1]>::try_from(pieces) {
        Ok([only]) => return only,
        Err(pieces) => pieces,
    };
    let mut out = String::with_capacity(pieces.iter().map(String::len).sum());
    for p in pieces {
        out.push_str(&p);
    }
    out
}

/// [`print_op`]'s text as pieces whose concatenation is the output, so a
/// caller can release the IR before joining them.
pub fn print_op_pieces(ctx: &Context, op: OpId, options: PrintOptions) -> Vec<String> {
    print_pieces(ctx, op, options, None)
}

/// [`print_op`] with `comments` printed on the lines before each nested op.
pub fn print_op_with_comments(
    ctx: &Context,
    op: OpId,
    options: PrintOptions,
    comments: OpComments<'_>,
) -> String {
    concat_pieces(print_pieces(ctx, op, options, Some(comments)))
}

fn print_pieces(
    ctx: &Context,
    op: OpId,
    options: PrintOptions,
    comments: Option<OpComments<'_>>,
) -> Vec<String> {
    if let Some(pieces) = print_module_in_parallel(ctx, op, options, comments) {
        return pieces;
    }
    let mut p = OpPrinter::numbered(ctx, op, options);
    p.comments = comments;
    if options.debug_info && !options.local_scope {
        // A first pass finds the locations, in the order they are printed.
        p.loc_collector = Some(LocCollector::default());
        p.operation(op);
        p.out.clear();
        let collector = p.loc_collector.take();
        debug_assert!(collector.is_some(), "printing keeps the location collector");
        p.loc_aliases = LocAliases::from_collector(collector.unwrap_or_default());
    }
    p.operation(op);
    p.out.push('\n');
    let mut defs = String::new();
    if p.attrs.has_alias_candidates() && !options.local_scope {
        // Some attributes print through aliases: name them in order of
        // first use, then print again with the names.
        defs = p.attrs.assign_aliases();
        p.out.clear();
        p.operation(op);
        p.out.push('\n');
    }
    if options.debug_info && !options.local_scope {
        defs.push_str(&p.loc_aliases.top_defs());
        p.out.push_str(&p.loc_aliases.deferred_defs());
    }
    p.out
        .push_str(&file_metadata(ctx, op, options, &p.attrs.used_resources()));
    if defs.is_empty() {
        vec![p.out]
    } else {
        vec![defs, p.out]
    }
}

/// `op` printed on its own as [`print_op`] prints it in local scope (no
/// aliases), and the op each line of the text begins: `op` for the first,
/// a nested op for the line its text starts on, `None` for a line that
/// continues an op (a closing brace, a block label).
pub fn print_op_with_line_ops(
    ctx: &Context,
    op: OpId,
    options: PrintOptions,
) -> (String, Vec<Option<OpId>>) {
    let options = PrintOptions {
        local_scope: true,
        ..options
    };
    let mut p = OpPrinter::numbered(ctx, op, options);
    p.op_starts = Some(vec![(0, op)]);
    p.operation(op);
    p.out.push('\n');
    // The starts come in the order of the text: one walk of its lines.
    let mut starts = p
        .op_starts
        .take()
        .unwrap_or_default()
        .into_iter()
        .peekable();
    let mut owners = Vec::new();
    let mut line_end = 0;
    for line in p.out.split_inclusive('\n') {
        line_end += line.len();
        let mut owner = None;
        while let Some((_, o)) = starts.next_if(|&(at, _)| at < line_end) {
            owner.get_or_insert(o);
        }
        owners.push(owner);
    }
    (p.out, owners)
}

/// Top-level ops printed by one task of the parallel printer.
const PRINT_RUN: usize = 64;

/// The ops of `block` printed ahead of time, in runs of consecutive ops:
/// each run's first op and its text (its ops and the lines between them).
struct PrintedAhead {
    block: BlockId,
    runs: Vec<(OpId, String)>,
}

/// A module whose body holds only isolated-from-above ops without results
/// (functions, libraries) names each of them on its own, so they can be
/// printed on all cores and stitched together. `None` when that does not
/// apply (generic form numbers values across the module; aliases need one
/// walk in print order) and the caller prints sequentially.
fn print_module_in_parallel(
    ctx: &Context,
    module: OpId,
    options: PrintOptions,
    comments: Option<OpComments<'_>>,
) -> Option<Vec<String>> {
    use rayon::prelude::*;
    if options.generic || options.debug_info || ctx.kind(module) != crate::OpKind::BuiltinModule {
        return None;
    }
    let body = ctx.op(module).regions.first()?;
    let block = *ctx.region(*body).blocks.first()?;
    let top: Vec<OpId> = match ctx.listed_block_ops(block) {
        Some(listed) => listed.to_vec(),
        None => ctx.block_ops(block).collect(),
    };
    // No op is left out of the block as its terminator: all are printed.
    let printed_alone = |o: OpId| {
        ctx.op(o).results.is_empty()
            && ctx
                .op_def(o)
                .is_some_and(|d| d.traits.isolated_from_above && !d.traits.terminator)
    };
    if top.len() < 64 || !top.par_iter().all(|&o| printed_alone(o)) {
        return None;
    }
    // Runs of consecutive functions, each printed into a buffer of its own
    // with room for the thread's last run and a quarter more: the text is
    // written where it stays (untouched room costs no memory).
    let runs: Vec<&[OpId]> = top.chunks(PRINT_RUN).collect();
    let printed: Vec<(String, bool, UsedResources)> = runs
        .par_iter()
        .map_init(
            || 0,
            |last_len: &mut usize, run| {
                let mut p = OpPrinter::new(ctx, options);
                p.out = String::with_capacity(*last_len + *last_len / 4);
                p.comments = comments;
                p.indent = 2;
                p.default_dialects.push("builtin");
                for (i, &o) in run.iter().enumerate() {
                    if i > 0 {
                        // What `block` writes between two ops of the body.
                        p.newline();
                        p.write_indent();
                        p.comment_lines(o);
                    }
                    p.names.clear();
                    p.names.number_op(ctx, o, false);
                    p.operation(o);
                }
                let aliases = p.attrs.has_alias_candidates();
                let resources = std::mem::take(&mut *p.attrs.used_resources_mut());
                *last_len = p.out.len();
                (p.out, aliases, resources)
            },
        )
        .collect();
    if !options.local_scope && printed.iter().any(|(_, aliases, _)| *aliases) {
        return None;
    }
    let mut used = UsedResources::default();
    for (_, _, resources) in &printed {
        used.extend(resources);
    }
    let mut p = OpPrinter::new(ctx, options);
    p.comments = comments;
    p.ahead = Some(PrintedAhead {
        block,
        runs: runs
            .iter()
            .zip(printed)
            .map(|(run, (text, _, _))| (run[0], text))
            .collect(),
    });
    p.operation(module);
    p.out.push('\n');
    used.extend(&p.attrs.used_resources());
    p.out.push_str(&file_metadata(ctx, module, options, &used));
    let mut pieces = std::mem::take(&mut p.pieces);
    pieces.push(p.out);
    Some(pieces)
}

/// What MLIR writes after a top-level op (one without a parent, printed
/// outside local scope): the file metadata, with the blobs of the
/// `dense_resource` attributes printed (`used`) and the external
/// resources ([`crate::resources`]).
fn file_metadata(ctx: &Context, op: OpId, options: PrintOptions, used: &UsedResources) -> String {
    if ctx.op(op).parent.is_some() || options.local_scope {
        return String::new();
    }
    ctx.resources().section(used.keys())
}

#[cfg(test)]
mod tests {
    use super::IdTable;

    #[test]
    fn id_table_finds_ids_in_the_run_before_it_and_far_away() {
        let mut table = IdTable::default();
        for id in 100..110 {
            table.insert(id, id * 2);
        }
        // Below the run: the run grows down; far above: an outlier.
        table.insert(95, 1);
        table.insert(1_000_000, 2);
        table.insert(105, 3);
        assert_eq!(table.get(95), Some(1));
        assert_eq!(table.get(1_000_000), Some(2));
        assert_eq!(table.get(105), Some(3));
        assert_eq!(table.get(109), Some(218));
        assert_eq!(table.get(97), None);
        assert_eq!(table.get(0), None);
        table.clear();
        assert_eq!(table.get(100), None);
        assert_eq!(table.get(1_000_000), None);
    }
}
