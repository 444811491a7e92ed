//! Location aliases for `--mlir-print-debuginfo`, numbered as `mlir-opt`
//! numbers them: `#loc`, `#loc1`, ... in the order a first printing pass
//! meets them (an op's location when the op starts, block-argument
//! locations where they are printed; ops that are not printed, such as
//! elided terminators, count for nothing); locations that refer to other
//! locations (names with a child, call sites, fused) are numbered after all
//! plain ones and print their children as aliases. Aliases of
//! block-argument locations, and of the locations they refer to (a call
//! site's callee and caller), are defined before the module, all others
//! after.

use crate::location::Location;
use crate::print_attr::write_location_body_with;
use rustc_hash::FxHashMap;

#[derive(Default)]
pub struct LocAliases {
    ids: FxHashMap<Location, u32>,
    /// Aliases defined after the module (by number).
    deferred: Vec<(u32, Location)>,
    /// Aliases defined before the module (block-argument locations).
    top: Vec<(u32, Location)>,
}

impl LocAliases {
    /// Number the locations a printing pass met.
    pub fn from_collector(c: LocCollector) -> Self {
        let mut next = c.plain.len() as u32;
        let mut aliases = LocAliases::default();
        for (n, (loc, deferred)) in c.plain.into_iter().enumerate() {
            aliases.ids.insert(loc.clone(), n as u32);
            let list = if deferred {
                &mut aliases.deferred
            } else {
                &mut aliases.top
            };
            list.push((n as u32, loc));
        }
        for (loc, deferred) in c.compound {
            aliases.ids.insert(loc.clone(), next);
            let list = if deferred {
                &mut aliases.deferred
            } else {
                &mut aliases.top
            };
            list.push((next, loc));
            next += 1;
        }
        aliases
    }

    /// `#locN` of a location.
    pub fn write_ref(&self, out: &mut String, loc: &Location) -> bool {
        match self.ids.get(loc) {
            Some(&n) => {
                out.push_str("#loc");
                if n > 0 {
                    out.push_str(&n.to_string());
                }
                true
            }
            None => false,
        }
    }

    /// The inside of `loc(...)` with nested locations as aliases.
    pub fn write_body(&self, out: &mut String, loc: &Location) {
        write_location_body_with(out, loc, &|out, l| self.write_ref(out, l));
    }

    fn write_defs(&self, out: &mut String, defs: &[(u32, Location)]) {
        for (_, loc) in defs {
            self.write_ref(out, loc);
            out.push_str(" = loc(");
            self.write_body(out, loc);
            out.push_str(")\n");
        }
    }

    /// Definitions printed before the module.
    pub fn top_defs(&self) -> String {
        let mut s = String::new();
        self.write_defs(&mut s, &self.top);
        s
    }

    /// Definitions printed after the module.
    pub fn deferred_defs(&self) -> String {
        let mut s = String::new();
        self.write_defs(&mut s, &self.deferred);
        s
    }
}

/// The locations a printing pass meets, in order.
#[derive(Default)]
pub struct LocCollector {
    /// Where each location met is: compound or not, and its index.
    seen: FxHashMap<Location, (bool, usize)>,
    /// Plain locations in order met, with "defined after the module".
    plain: Vec<(Location, bool)>,
    /// Compound locations in order met, with "defined after the module".
    compound: Vec<(Location, bool)>,
}

impl LocCollector {
    /// Record `loc`; `deferred` is false for block-argument locations. A
    /// location any part of a block-argument location refers to is defined
    /// before the module, wherever it was met first.
    pub fn visit(&mut self, loc: &Location, deferred: bool) {
        if let Some(&(compound, i)) = self.seen.get(loc) {
            let list = if compound {
                &mut self.compound
            } else {
                &mut self.plain
            };
            if !deferred && list[i].1 {
                list[i].1 = false;
                for child in loc.children() {
                    self.visit(child, false);
                }
            }
            return;
        }
        if loc.is_compound() {
            for child in loc.children() {
                self.visit(child, deferred);
            }
            self.seen.insert(loc.clone(), (true, self.compound.len()));
            self.compound.push((loc.clone(), deferred));
        } else {
            self.seen.insert(loc.clone(), (false, self.plain.len()));
            self.plain.push((loc.clone(), deferred));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn block_argument_locations_pull_their_parts_before_the_module() {
        let file = |line| Location::FileLineCol {
            file: "f".into(),
            line,
            col: 1,
        };
        let site = Location::CallSite(Box::new((file(1), file(2))));
        let mut c = LocCollector::default();
        c.visit(&file(2), true);
        c.visit(&file(3), true);
        c.visit(&site, false);
        let aliases = LocAliases::from_collector(c);
        assert_eq!(
            aliases.top_defs(),
            "#loc = loc(\"f\":2:1)\n#loc2 = loc(\"f\":1:1)\n#loc3 = loc(callsite(#loc2 at #loc))\n"
        );
        assert_eq!(aliases.deferred_defs(), "#loc1 = loc(\"f\":3:1)\n");
    }
}
