//! Affine maps as MLIR builds and prints them: `affine_map<(d0, d1)[s0] ->
//! (d0 * s0 + d1)>` read into expression trees, simplified on construction
//! as MLIR's `AffineExpr` operators simplify (constants folded and moved
//! right, `x + 0` and `x * 1` dropped, `(x + 2) + 3` merged, `c1 * x + c2 *
//! x` merged, `x - x floordiv c * c` turned into `x mod c`, divisions and
//! remainders of known multiples folded), and printed with MLIR's spelling
//! (`d0 * -1 + 3` is `-d0 + 3`, `d0 + -3` is `d0 - 3`, names `d0`, `s0`).
//!
//! What MLIR rejects (a product of two dimensions, division by an
//! expression of dimensions) is not read: [`AffineMap::parse`] gives
//! `None`, and callers keep the text as written. Arithmetic is checked: a
//! fold that would overflow is not done.

use std::fmt::Write;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Mul,
    FloorDiv,
    CeilDiv,
    Mod,
}

/// An affine expression over dimensions `d<i>` and symbols `s<i>`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expr {
    Dim(u32),
    Sym(u32),
    Const(i64),
    Bin(BinOp, Box<Expr>, Box<Expr>),
}

fn bin(op: BinOp, l: Expr, r: Expr) -> Expr {
    Expr::Bin(op, Box::new(l), Box::new(r))
}

impl Expr {
    fn constant(&self) -> Option<i64> {
        match self {
            Expr::Const(c) => Some(*c),
            _ => None,
        }
    }

    fn binary(&self, op: BinOp) -> Option<(&Expr, &Expr)> {
        match self {
            Expr::Bin(o, l, r) if *o == op => Some((l, r)),
            _ => None,
        }
    }

    /// No dimension in it (MLIR's `isSymbolicOrConstant`).
    pub fn is_symbolic_or_constant(&self) -> bool {
        match self {
            Expr::Dim(_) => false,
            Expr::Sym(_) | Expr::Const(_) => true,
            Expr::Bin(_, l, r) => l.is_symbolic_or_constant() && r.is_symbolic_or_constant(),
        }
    }

    /// The greatest integer known to divide the expression (MLIR's
    /// `getLargestKnownDivisor`).
    pub fn largest_known_divisor(&self) -> i64 {
        match self {
            Expr::Dim(_) | Expr::Sym(_) => 1,
            Expr::Const(c) => c.checked_abs().unwrap_or(1),
            Expr::Bin(BinOp::FloorDiv | BinOp::CeilDiv, l, r) => match r.constant() {
                Some(c) if c != 0 => {
                    let d = l.largest_known_divisor();
                    if d % c == 0 {
                        d / c
                    } else {
                        1
                    }
                }
                _ => 1,
            },
            Expr::Bin(BinOp::Mul, l, r) => l
                .largest_known_divisor()
                .checked_mul(r.largest_known_divisor())
                .unwrap_or(1),
            Expr::Bin(BinOp::Add | BinOp::Mod, l, r) => {
                gcd(l.largest_known_divisor(), r.largest_known_divisor())
            }
        }
    }
}

fn gcd(a: i64, b: i64) -> i64 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    i64::try_from(a).unwrap_or(1)
}

/// Two dimensions, or two symbols, of which the left one comes later: MLIR
/// 22 orders them (`d1 + d0` is `d0 + d1`, `s1 * s0` is `s0 * s1`).
fn out_of_order(l: &Expr, r: &Expr) -> bool {
    match (l, r) {
        (Expr::Dim(a), Expr::Dim(b)) | (Expr::Sym(a), Expr::Sym(b)) => a > b,
        _ => false,
    }
}

/// `l + r`, simplified as MLIR's `simplifyAdd` does.
pub fn add(l: Expr, r: Expr) -> Expr {
    if let (Some(a), Some(b)) = (l.constant(), r.constant()) {
        if let Some(c) = a.checked_add(b) {
            return Expr::Const(c);
        }
        return bin(BinOp::Add, l, r);
    }
    if out_of_order(&l, &r) {
        return add(r, l);
    }
    // Only the right operand is a constant, or the only symbolic one.
    if l.constant().is_some() || (l.is_symbolic_or_constant() && !r.is_symbolic_or_constant()) {
        return add(r, l);
    }
    if r.constant() == Some(0) {
        return l;
    }
    // (x + c1) + c2 is x + (c1 + c2).
    if let (Some((x, c1)), Some(c2)) = (l.binary(BinOp::Add), r.constant()) {
        if let Some(sum) = c1.constant().and_then(|c1| c1.checked_add(c2)) {
            return add(x.clone(), Expr::Const(sum));
        }
    }
    // c1 * x + c2 * x is (c1 + c2) * x.
    let scaled = |e: &Expr| match e.binary(BinOp::Mul) {
        Some((x, c)) if c.constant().is_some() => (x.clone(), c.constant()),
        _ => (e.clone(), Some(1)),
    };
    let ((x1, c1), (x2, c2)) = (scaled(&l), scaled(&r));
    if x1 == x2 {
        if let Some(c) = c1.zip(c2).and_then(|(a, b)| a.checked_add(b)) {
            if let Some(e) = mul(x1, Expr::Const(c)) {
                return e;
            }
        }
    }
    // (x + c) + y is (x + y) + c.
    if let Some((x, c)) = l.binary(BinOp::Add) {
        if c.constant().is_some() {
            return add(add(x.clone(), r), c.clone());
        }
    }
    // x + (x floordiv q) * q * -1 and x + (x floordiv q) * -q are x mod q.
    let Expr::Bin(_, lr, rr) = &r else {
        return bin(BinOp::Add, l, r);
    };
    if rr.constant() == Some(-1) {
        if let Some((floor, q)) = lr.binary(BinOp::Mul) {
            return match floor.binary(BinOp::FloorDiv) {
                Some((x, q2)) if q2 == q && *x == l => modulo(l, q.clone()),
                _ => bin(BinOp::Add, l, r),
            };
        }
    }
    if let Some((x, q)) = lr.binary(BinOp::FloorDiv) {
        if *x == l && negate((**rr).clone()).as_ref() == Some(q) {
            return modulo(l, q.clone());
        }
    }
    bin(BinOp::Add, l, r)
}

/// `l * r`, simplified as MLIR's `simplifyMul` does; `None` if neither
/// side is symbolic or constant (not affine).
pub fn mul(l: Expr, r: Expr) -> Option<Expr> {
    if let (Some(a), Some(b)) = (l.constant(), r.constant()) {
        return Some(
            a.checked_mul(b)
                .map_or_else(|| bin(BinOp::Mul, l, r), Expr::Const),
        );
    }
    if !l.is_symbolic_or_constant() && !r.is_symbolic_or_constant() {
        return None;
    }
    if out_of_order(&l, &r) {
        return mul(r, l);
    }
    if !r.is_symbolic_or_constant() || l.constant().is_some() {
        return mul(r, l);
    }
    match r.constant() {
        Some(1) => return Some(l),
        Some(0) => return Some(r),
        _ => {}
    }
    if let Some((x, c1)) = l.binary(BinOp::Mul) {
        if let Some(c1) = c1.constant() {
            // (x * c1) * c2 is x * (c1 * c2); (x * c) * y is (x * y) * c.
            return match r.constant() {
                Some(c2) => match c1.checked_mul(c2) {
                    Some(c) => mul(x.clone(), Expr::Const(c)),
                    None => Some(bin(BinOp::Mul, l, r)),
                },
                None => mul(mul(x.clone(), r)?, Expr::Const(c1)),
            };
        }
    }
    Some(bin(BinOp::Mul, l, r))
}

/// `l floordiv r`, `l ceildiv r` or `l mod r`, simplified as MLIR's
/// `simplifyFloorDiv`, `simplifyCeilDiv` and `simplifyMod` do; `None` if
/// `r` has a dimension (not affine).
pub fn divide(op: BinOp, l: Expr, r: Expr) -> Option<Expr> {
    if !r.is_symbolic_or_constant() {
        return None;
    }
    let Some(q) = r.constant().filter(|&q| q >= 1) else {
        return Some(bin(op, l, r));
    };
    if let Some(a) = l.constant() {
        let folded = match op {
            BinOp::FloorDiv => Some(a.div_euclid(q)),
            BinOp::CeilDiv => a
                .checked_neg()
                .map(|n| n.div_euclid(q))
                .and_then(i64::checked_neg),
            _ => Some(a.rem_euclid(q)),
        };
        return Some(folded.map_or_else(|| bin(op, l, r), Expr::Const));
    }
    if op == BinOp::Mod {
        return Some(modulo(l, r));
    }
    if q == 1 {
        return Some(l);
    }
    // (x * c) / q is x * (c / q) when q divides c.
    if let Some((x, c)) = l.binary(BinOp::Mul) {
        if let Some(c) = c.constant().filter(|c| c % q == 0) {
            return mul(x.clone(), Expr::Const(c / q));
        }
    }
    // (x + y) floordiv q splits when q divides x or y.
    if op == BinOp::FloorDiv {
        if let Some((x, y)) = l.binary(BinOp::Add) {
            if x.largest_known_divisor() % q == 0 || y.largest_known_divisor() % q == 0 {
                let x = divide(op, x.clone(), r.clone())?;
                let y = divide(op, y.clone(), r)?;
                return Some(add(x, y));
            }
        }
    }
    Some(bin(op, l, r))
}

/// `l mod r` for a symbolic `r` (MLIR's `simplifyMod`).
fn modulo(l: Expr, r: Expr) -> Expr {
    let Some(q) = r.constant().filter(|&q| q >= 1) else {
        return bin(BinOp::Mod, l, r);
    };
    if let Some(a) = l.constant() {
        return Expr::Const(a.rem_euclid(q));
    }
    if l.largest_known_divisor() % q == 0 {
        return Expr::Const(0);
    }
    if let Some((x, y)) = l.binary(BinOp::Add) {
        if x.largest_known_divisor() % q == 0 {
            return modulo(y.clone(), r);
        }
        if y.largest_known_divisor() % q == 0 {
            return modulo(x.clone(), r);
        }
    }
    // (e mod a) mod b is e mod b when b divides a.
    if let Some((e, a)) = l.binary(BinOp::Mod) {
        if a.constant().is_some_and(|a| a >= 1 && a % q == 0) {
            return modulo(e.clone(), r);
        }
    }
    bin(BinOp::Mod, l, r)
}

/// `-e` (`e * -1`).
fn negate(e: Expr) -> Option<Expr> {
    mul(e, Expr::Const(-1))
}

/// MLIR's printer: `strong` when the context binds tighter than `+`.
fn print(out: &mut String, e: &Expr, strong: bool) {
    let (op, l, r) = match e {
        Expr::Dim(i) => return write!(out, "d{i}").unwrap_or(()),
        Expr::Sym(i) => return write!(out, "s{i}").unwrap_or(()),
        Expr::Const(c) => return write!(out, "{c}").unwrap_or(()),
        Expr::Bin(op, l, r) => (*op, &**l, &**r),
    };
    if strong {
        out.push('(');
    }
    let rc = r.constant();
    match op {
        BinOp::Mul if rc == Some(-1) => {
            out.push('-');
            print(out, l, true);
        }
        BinOp::Add => match r {
            Expr::Bin(BinOp::Mul, rl, rr) if rr.constant().is_some_and(|c| c <= -1) => {
                print(out, l, false);
                out.push_str(" - ");
                let c = rr.constant().unwrap_or(-1);
                if c == -1 {
                    print(out, rl, matches!(**rl, Expr::Bin(BinOp::Add, ..)));
                } else {
                    print(out, rl, true);
                    let _ = write!(out, " * {}", -(c as i128));
                }
            }
            Expr::Const(c) if *c < 0 => {
                print(out, l, false);
                let _ = write!(out, " - {}", -(*c as i128));
            }
            _ => {
                print(out, l, false);
                out.push_str(" + ");
                print(out, r, false);
            }
        },
        _ => {
            print(out, l, true);
            out.push_str(match op {
                BinOp::Mul => " * ",
                BinOp::FloorDiv => " floordiv ",
                BinOp::CeilDiv => " ceildiv ",
                _ => " mod ",
            });
            print(out, r, true);
        }
    }
    if strong {
        out.push(')');
    }
}

/// An affine map: `num_dims` dimensions, `num_symbols` symbols, results.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AffineMap {
    pub num_dims: usize,
    pub num_symbols: usize,
    pub results: Vec<Expr>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok<'a> {
    Ident(&'a str),
    Int(i64),
    Punct(&'static str),
}

/// Longest map text read: longer ones are kept as written (expression
/// trees are walked recursively).
const MAX_TOKENS: usize = 1024;

fn tokens(text: &str) -> Option<Vec<Tok<'_>>> {
    const PUNCT: [&str; 9] = ["->", "(", ")", "[", "]", ",", "+", "-", "*"];
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        if c.is_ascii_alphabetic() || c == b'_' {
            while i < bytes.len()
                && (bytes[i].is_ascii_alphanumeric() || matches!(bytes[i], b'_' | b'$' | b'.'))
            {
                i += 1;
            }
            out.push(Tok::Ident(&text[start..i]));
        } else if c.is_ascii_digit() {
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            out.push(Tok::Int(text[start..i].parse().ok()?));
        } else {
            let p = PUNCT.iter().find(|p| text[i..].starts_with(**p))?;
            out.push(Tok::Punct(p));
            i += p.len();
        }
        if out.len() > MAX_TOKENS {
            return None;
        }
    }
    Some(out)
}

struct Reader<'a> {
    toks: Vec<Tok<'a>>,
    pos: usize,
    dims: Vec<&'a str>,
    symbols: Vec<&'a str>,
}

impl<'a> Reader<'a> {
    fn peek(&self) -> Option<&Tok<'a>> {
        self.toks.get(self.pos)
    }
    fn eat(&mut self, p: &str) -> bool {
        let hit = matches!(self.peek(), Some(Tok::Punct(q)) if *q == p);
        self.pos += hit as usize;
        hit
    }
    fn eat_keyword(&mut self, k: &str) -> bool {
        let hit = matches!(self.peek(), Some(Tok::Ident(q)) if *q == k);
        self.pos += hit as usize;
        hit
    }

    /// `(a, b)` or `[a, b]`.
    fn names(&mut self, open: &str, close: &str) -> Option<Vec<&'a str>> {
        let mut names = Vec::new();
        if !self.eat(open) {
            return None;
        }
        if self.eat(close) {
            return Some(names);
        }
        loop {
            match self.peek() {
                Some(&Tok::Ident(n)) => names.push(n),
                _ => return None,
            }
            self.pos += 1;
            if self.eat(close) {
                return Some(names);
            }
            if !self.eat(",") {
                return None;
            }
        }
    }

    /// Terms joined by `+` and `-`.
    fn sum(&mut self) -> Option<Expr> {
        let mut e = self.product()?;
        loop {
            if self.eat("+") {
                e = add(e, self.product()?);
            } else if self.eat("-") {
                e = add(e, negate(self.product()?)?);
            } else {
                return Some(e);
            }
        }
    }

    /// Operands joined by `*`, `floordiv`, `ceildiv` and `mod`.
    fn product(&mut self) -> Option<Expr> {
        let mut e = self.operand()?;
        loop {
            if self.eat("*") {
                e = mul(e, self.operand()?)?;
            } else if self.eat_keyword("floordiv") {
                e = divide(BinOp::FloorDiv, e, self.operand()?)?;
            } else if self.eat_keyword("ceildiv") {
                e = divide(BinOp::CeilDiv, e, self.operand()?)?;
            } else if self.eat_keyword("mod") {
                e = divide(BinOp::Mod, e, self.operand()?)?;
            } else {
                return Some(e);
            }
        }
    }

    fn operand(&mut self) -> Option<Expr> {
        if self.eat("(") {
            let e = self.sum()?;
            return self.eat(")").then_some(e);
        }
        if self.eat("-") {
            return negate(self.operand()?);
        }
        let tok = self.peek()?.clone();
        self.pos += 1;
        match tok {
            Tok::Int(v) => Some(Expr::Const(v)),
            Tok::Ident(name) => {
                if let Some(i) = self.dims.iter().position(|d| *d == name) {
                    return Some(Expr::Dim(i as u32));
                }
                let i = self.symbols.iter().position(|s| *s == name)?;
                Some(Expr::Sym(i as u32))
            }
            Tok::Punct(_) => None,
        }
    }
}

impl AffineMap {
    /// Read `affine_map<...>` (or just the map inside the brackets).
    pub fn parse(text: &str) -> Option<AffineMap> {
        let body = match text.strip_prefix("affine_map") {
            Some(rest) => rest.trim().strip_prefix('<')?.strip_suffix('>')?,
            None => text,
        };
        let mut r = Reader {
            toks: tokens(body)?,
            pos: 0,
            dims: Vec::new(),
            symbols: Vec::new(),
        };
        r.dims = r.names("(", ")")?;
        if matches!(r.peek(), Some(Tok::Punct("["))) {
            r.symbols = r.names("[", "]")?;
        }
        if !r.eat("->") || !r.eat("(") {
            return None;
        }
        let mut results = Vec::new();
        if !r.eat(")") {
            loop {
                results.push(r.sum()?);
                if r.eat(")") {
                    break;
                }
                if !r.eat(",") {
                    return None;
                }
            }
        }
        (r.pos == r.toks.len()).then_some(AffineMap {
            num_dims: r.dims.len(),
            num_symbols: r.symbols.len(),
            results,
        })
    }

    /// The results are the dimensions in order (symbols may be declared):
    /// MLIR's `isIdentity`.
    pub fn is_identity(&self) -> bool {
        self.results.len() == self.num_dims
            && self
                .results
                .iter()
                .enumerate()
                .all(|(i, e)| *e == Expr::Dim(i as u32))
    }

    /// `affine_map<(d0, d1)[s0] -> (d0 * s0 + d1)>`.
    pub fn text(&self) -> String {
        let mut out = String::from("affine_map<(");
        let list = |n: usize, p: char| {
            (0..n)
                .map(|i| format!("{p}{i}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        out.push_str(&list(self.num_dims, 'd'));
        out.push(')');
        if self.num_symbols > 0 {
            out.push('[');
            out.push_str(&list(self.num_symbols, 's'));
            out.push(']');
        }
        out.push_str(" -> (");
        for (i, e) in self.results.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            print(&mut out, e, false);
        }
        out.push_str(")>");
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn normal(text: &str) -> String {
        AffineMap::parse(text).map(|m| m.text()).unwrap_or_default()
    }

    #[test]
    fn maps_print_as_mlir_simplifies_them() {
        let cases = [
            (
                "affine_map<(d0) -> (d0 * -1 + 3)>",
                "affine_map<(d0) -> (-d0 + 3)>",
            ),
            (
                "affine_map<(d0) -> (d0 + -3)>",
                "affine_map<(d0) -> (d0 - 3)>",
            ),
            (
                "affine_map<(d0) -> (2 * d0)>",
                "affine_map<(d0) -> (d0 * 2)>",
            ),
            (
                "affine_map<(d0) -> ((d0 + 1) * 2)>",
                "affine_map<(d0) -> ((d0 + 1) * 2)>",
            ),
            (
                "affine_map<(i,j)[n]->(i*n+j, -j, i floordiv 2)>",
                "affine_map<(d0, d1)[s0] -> (d0 * s0 + d1, -d1, d0 floordiv 2)>",
            ),
            ("affine_map<(d0) -> ((d0))>", "affine_map<(d0) -> (d0)>"),
            (
                "affine_map<(d0, d1) -> (d0 - d1 * 3)>",
                "affine_map<(d0, d1) -> (d0 - d1 * 3)>",
            ),
            (
                "affine_map<(d0, d1) -> (d0 - (d1 + 2))>",
                "affine_map<(d0, d1) -> (d0 - (d1 + 2))>",
            ),
            (
                "affine_map<(d0, d1)[s0, s1] -> (d1 + d0, s1 * s0, d1 * 2 + d0)>",
                "affine_map<(d0, d1)[s0, s1] -> (d0 + d1, s0 * s1, d1 * 2 + d0)>",
            ),
            (
                "affine_map<(d0) -> (d0 - (d0 floordiv 4) * 4)>",
                "affine_map<(d0) -> (d0 mod 4)>",
            ),
            (
                "affine_map<(d0) -> ((d0 * 8) floordiv 4, (d0 * 8) mod 4, 7 ceildiv 2)>",
                "affine_map<(d0) -> (d0 * 2, 0, 4)>",
            ),
            (
                "affine_map<(d0) -> (d0 + 2 + 3, 3 + d0 * 2 + d0)>",
                "affine_map<(d0) -> (d0 + 5, d0 * 3 + 3)>",
            ),
            ("affine_map<() -> ()>", "affine_map<() -> ()>"),
        ];
        for (input, expected) in cases {
            assert_eq!(normal(input), expected, "{input}");
            assert_eq!(normal(expected), expected, "{expected} is a fixpoint");
        }
    }

    #[test]
    fn non_affine_maps_are_not_read() {
        assert!(AffineMap::parse("affine_map<(d0, d1) -> (d0 * d1)>").is_none());
        assert!(AffineMap::parse("affine_map<(d0, d1) -> (d0 mod d1)>").is_none());
        assert!(AffineMap::parse("affine_map<(d0) -> (d7)>").is_none());
        assert!(AffineMap::parse("affine_map<(d0) -> (99999999999999999999)>").is_none());
        assert!(AffineMap::parse("affine_map<(d0) -> (d0 ?)>").is_none());
    }

    #[test]
    fn identities_ignore_symbols() {
        assert!(AffineMap::parse("affine_map<(a, b)[s] -> (a, b)>")
            .unwrap()
            .is_identity());
        assert!(!AffineMap::parse("affine_map<(a, b) -> (b, a)>")
            .unwrap()
            .is_identity());
        assert!(AffineMap::parse("affine_map<() -> ()>")
            .unwrap()
            .is_identity());
        assert!(!AffineMap::parse("affine_map<(d0) -> ()>")
            .unwrap()
            .is_identity());
    }
}
