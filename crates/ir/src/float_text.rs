//! Decimal rendering of binary floats with the exact digit-selection rules
//! MLIR's printer relies on (significand × 5^e expansion, truncation to the
//! requested precision by whole powers of ten, then round-half-up on the next
//! digit), so that printed constants match `mlir-opt` byte for byte.

/// Minimal unsigned big integer (little-endian 32-bit limbs).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Big(Vec<u32>);

impl Big {
    fn from_u128(v: u128) -> Big {
        let mut b = Big((0..4).map(|i| (v >> (32 * i)) as u32).collect());
        b.trim();
        b
    }
    fn trim(&mut self) {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }
    fn is_zero(&self) -> bool {
        self.0.is_empty()
    }
    fn bits(&self) -> u32 {
        match self.0.last() {
            None => 0,
            Some(&top) => (self.0.len() as u32 - 1) * 32 + (32 - top.leading_zeros()),
        }
    }
    fn mul_small(&mut self, m: u32) {
        let mut carry = 0u64;
        for limb in &mut self.0 {
            let v = *limb as u64 * m as u64 + carry;
            *limb = v as u32;
            carry = v >> 32;
        }
        if carry != 0 {
            self.0.push(carry as u32);
        }
    }
    /// Divide in place, returning the remainder.
    fn divrem_small(&mut self, d: u32) -> u32 {
        let mut rem = 0u64;
        for limb in self.0.iter_mut().rev() {
            let cur = (rem << 32) | *limb as u64;
            *limb = (cur / d as u64) as u32;
            rem = cur % d as u64;
        }
        self.trim();
        rem as u32
    }
    fn shl(&mut self, n: u32) {
        let words = (n / 32) as usize;
        let bits = n % 32;
        if bits != 0 {
            let mut carry = 0u32;
            for limb in &mut self.0 {
                let v = *limb;
                *limb = (v << bits) | carry;
                carry = v >> (32 - bits);
            }
            if carry != 0 {
                self.0.push(carry);
            }
        }
        let mut v = vec![0u32; words];
        v.append(&mut self.0);
        self.0 = v;
        self.trim();
    }
}

/// A finite float decomposed as `significand × 2^exp` with `precision` bits.
pub struct Decomposed {
    pub negative: bool,
    pub significand: u128,
    pub exp: i32,
    /// Bits of precision of the format (24 for f32, 53 for f64...).
    pub precision: u32,
}

/// Decompose an `f64` holding a value of a format with `precision` bits and
/// minimum exponent `min_exp` (of the leading bit).
pub fn decompose(v: f64, precision: u32, min_exp: i32) -> Decomposed {
    let negative = v.is_sign_negative();
    let a = v.abs();
    if a == 0.0 {
        return Decomposed {
            negative,
            significand: 0,
            exp: 0,
            precision,
        };
    }
    // a = m × 2^e with m an integer of at most 53 bits.
    let bits = a.to_bits();
    let raw_exp = ((bits >> 52) & 0x7ff) as i32;
    let (mut m, mut e) = if raw_exp == 0 {
        ((bits & ((1 << 52) - 1)) as u128, -1074)
    } else {
        (
            ((bits & ((1 << 52) - 1)) | (1 << 52)) as u128,
            raw_exp - 1075,
        )
    };
    // Normalise to `precision` bits as APFloat stores it: exponent of the
    // leading bit is e + bitlen - 1, clamped at min_exp (denormals).
    let len = 128 - m.leading_zeros() as i32;
    let lead = e + len - 1;
    let target_lead = lead.max(min_exp);
    let shift = (precision as i32 - 1) - (len - 1) - (target_lead - lead);
    if shift >= 0 {
        m <<= shift;
        e -= shift;
    } else {
        m >>= -shift;
        e += -shift;
    }
    Decomposed {
        negative,
        significand: m,
        exp: e,
        precision,
    }
}

/// Render like LLVM's `APFloat::toString(precision, max_padding, truncate_zero)`.
pub fn to_string(
    d: &Decomposed,
    format_precision: u32,
    max_padding: u32,
    truncate_zero: bool,
) -> String {
    let mut out = String::new();
    if d.negative {
        out.push('-');
    }
    if d.significand == 0 {
        push_zero(&mut out, format_precision, max_padding, truncate_zero);
        return out;
    }
    let format_precision = if format_precision == 0 {
        2 + d.precision * 59 / 196
    } else {
        format_precision
    };
    let digits = Digits::of(d, format_precision);
    if digits.is_scientific(format_precision, max_padding) {
        digits.push_scientific(&mut out, format_precision, truncate_zero);
    } else {
        digits.push_positional(&mut out);
    }
    out
}

/// Zero, as `APFloat::toString` writes it.
fn push_zero(out: &mut String, format_precision: u32, max_padding: u32, truncate_zero: bool) {
    if max_padding != 0 {
        out.push('0');
    } else if truncate_zero {
        out.push_str("0.0E+0");
    } else {
        out.push_str("0.0");
        for _ in 1..format_precision {
            out.push('0');
        }
        out.push_str("e+00");
    }
}

/// The decimal digits of a non-zero value, rounded to the precision asked
/// for: the value is `digits × 10^exp`.
struct Digits {
    /// Least significant first, without trailing zeros.
    buffer: Vec<u8>,
    exp: i32,
}

impl Digits {
    fn of(d: &Decomposed, format_precision: u32) -> Digits {
        let mut exp = d.exp;
        let mut sig = d.significand;
        let tz = sig.trailing_zeros();
        exp += tz as i32;
        sig >>= tz;
        let mut big = Big::from_u128(sig);
        if exp > 0 {
            big.shl(exp as u32);
            exp = 0;
        } else if exp < 0 {
            for _ in 0..(-exp) {
                big.mul_small(5);
            }
        }
        // Drop whole powers of ten we certainly do not need (truncating).
        let bits = big.bits();
        let bits_required = (format_precision * 196).div_ceil(59);
        if bits > bits_required {
            let tens = (bits - bits_required) * 59 / 196;
            for _ in 0..tens {
                big.divrem_small(10);
            }
            exp += tens as i32;
        }
        // Digits, least significant first, trailing zeros dropped.
        let mut buffer: Vec<u8> = Vec::new();
        let mut in_trail = true;
        while !big.is_zero() {
            let digit = big.divrem_small(10) as u8;
            if in_trail && digit == 0 {
                exp += 1;
            } else {
                buffer.push(b'0' + digit);
                in_trail = false;
            }
        }
        adjust_to_precision(&mut buffer, &mut exp, format_precision);
        Digits { buffer, exp }
    }

    fn len(&self) -> i32 {
        self.buffer.len() as i32
    }

    /// Digit `i`, the most significant first.
    fn digit(&self, i: i32) -> char {
        self.buffer[(self.len() - 1 - i) as usize] as char
    }

    /// Whether the value is written with an exponent: always without
    /// padding, else when padding it would take more than `max_padding`
    /// zeros or more digits than the precision.
    fn is_scientific(&self, format_precision: u32, max_padding: u32) -> bool {
        let (n, exp) = (self.len(), self.exp);
        if max_padding == 0 {
            true
        } else if exp >= 0 {
            exp as u32 > max_padding || (n + exp) as u32 > format_precision
        } else {
            let msd = exp + n - 1;
            msd < 0 && (-msd) as u32 > max_padding
        }
    }

    /// `d.ddd[E+x]` (`truncate_zero`) or `d.ddd000e+0x`.
    fn push_scientific(&self, out: &mut String, format_precision: u32, truncate_zero: bool) {
        let n = self.len();
        let exp = self.exp + n - 1;
        out.push(self.digit(0));
        out.push('.');
        if n == 1 && truncate_zero {
            out.push('0');
        } else {
            for i in 1..n {
                out.push(self.digit(i));
            }
        }
        if !truncate_zero && format_precision as i32 > n - 1 {
            for _ in 0..(format_precision as i32 - n + 1) {
                out.push('0');
            }
        }
        out.push(if truncate_zero { 'E' } else { 'e' });
        out.push(if exp >= 0 { '+' } else { '-' });
        let e = exp.unsigned_abs();
        if !truncate_zero && e < 10 {
            out.push('0');
        }
        out.push_str(&e.to_string());
    }

    /// The digits padded with zeros: `ddd000`, `dd.ddd` or `0.000ddd`.
    fn push_positional(&self, out: &mut String) {
        let (n, exp) = (self.len(), self.exp);
        if exp >= 0 {
            for i in 0..n {
                out.push(self.digit(i));
            }
            for _ in 0..exp {
                out.push('0');
            }
            return;
        }
        let whole = exp + n;
        let mut i = 0;
        if whole > 0 {
            while i < whole {
                out.push(self.digit(i));
                i += 1;
            }
            out.push('.');
        } else {
            out.push_str("0.");
            for _ in 0..(-whole) {
                out.push('0');
            }
        }
        while i < n {
            out.push(self.digit(i));
            i += 1;
        }
    }
}

/// Keep `precision` most significant digits (the last ones in `buffer`),
/// rounding half up on the first dropped digit and dropping trailing zeros.
fn adjust_to_precision(buffer: &mut Vec<u8>, exp: &mut i32, precision: u32) {
    let n = buffer.len();
    if n <= precision as usize {
        return;
    }
    let mut first = n - precision as usize;
    if buffer[first - 1] < b'5' {
        while first < n && buffer[first] == b'0' {
            first += 1;
        }
        *exp += first as i32;
        buffer.drain(..first);
        return;
    }
    let start = first;
    for digit in &mut buffer[start..n] {
        if *digit == b'9' {
            first += 1;
        } else {
            *digit += 1;
            break;
        }
    }
    if first == n {
        *exp += first as i32;
        buffer.clear();
        buffer.push(b'1');
        return;
    }
    *exp += first as i32;
    buffer.drain(..first);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f64s(v: f64, p: u32, pad: u32, tz: bool) -> String {
        to_string(&decompose(v, 53, -1022), p, pad, tz)
    }
    fn f32s(v: f32, p: u32, pad: u32, tz: bool) -> String {
        to_string(&decompose(v as f64, 24, -126), p, pad, tz)
    }

    #[test]
    fn matches_apfloat_renderings() {
        assert_eq!(f64s(1.0, 6, 0, false), "1.000000e+00");
        assert_eq!(f64s(f64::from_bits(1), 6, 0, false), "4.940660e-324");
        assert_eq!(f64s(0.0, 6, 0, false), "0.000000e+00");
        assert_eq!(f32s(f32::MAX, 0, 3, true), "3.40282347E+38");
        assert_eq!(f32s(f32::MIN_POSITIVE, 0, 3, true), "1.17549435E-38");
        assert_eq!(f64s(std::f64::consts::PI, 0, 3, true), "3.1415926535897931");
        assert_eq!(f64s(0.1 + 0.2, 0, 3, true), "0.30000000000000004");
        assert_eq!(f32s(16777216.0, 0, 3, true), "16777216");
        assert_eq!(f64s(-0.5, 6, 0, false), "-5.000000e-01");
    }
}
