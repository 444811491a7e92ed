//! How a pass is declared: once, by implementing [`PassDecl`] — its flag
//! name, summary, anchor and typed options — from which the registry entry
//! ([`info`]), option parsing with "did you mean" and the `--list-passes`
//! description are derived.
//!
//! Options are a struct declared with [`pass_options!`](crate::pass_options):
//! each field has a type implementing [`OptionValue`], a default and its
//! spelling in a pipeline (`canonicalize{max-iterations=3}`). A pass that
//! takes none is a unit struct whose declaration says
//! [`no_options!()`](crate::no_options) in place of `type Options` and
//! `new` (as the passes of this crate's tests do).

use crate::{Pass, PassInfo, PassRegistry, Statistics};
use diag::Diagnostic;
use ir::{Context, OpId, OpKind};

/// A pass, declared once. The blanket [`Pass`] implementation runs it.
pub trait PassDecl: Send + Sync + Sized + 'static {
    /// The flag name (`hoist-constraints`).
    const NAME: &'static str;
    /// One line for `--list-passes`.
    const SUMMARY: &'static str;
    /// The op it runs on; `None` runs on any op.
    const ANCHOR: Option<OpKind> = None;
    /// Its options ([`NoOptions`] if it has none).
    type Options: PassOptions;
    /// The pass with these options, built under `registry` (the passes a
    /// nested pipeline option may name).
    fn new(options: Self::Options, registry: &PassRegistry) -> Result<Self, String>;
    /// Transform the IR under `op`, counting what was done in `statistics`.
    fn apply(&self, ctx: &mut Context, op: OpId, statistics: &mut Statistics) -> PassResult;
}

/// What running a pass gives: nothing, or the error that stops the
/// pipeline.
pub type PassResult = Result<(), Diagnostic>;

impl<P: PassDecl> Pass for P {
    fn name(&self) -> &'static str {
        P::NAME
    }
    fn run_counted(
        &self,
        ctx: &mut Context,
        op: OpId,
        statistics: &mut Statistics,
    ) -> Result<(), Diagnostic> {
        self.apply(ctx, op, statistics)
    }
}

/// The registry entry of a declared pass.
pub fn info<P: PassDecl>() -> PassInfo {
    PassInfo {
        name: P::NAME,
        summary: P::SUMMARY,
        anchor: P::ANCHOR.and_then(OpKind::name),
        options: P::Options::describe,
        build: build::<P>,
    }
}

fn build<P: PassDecl>(
    options: &[(String, String)],
    registry: &PassRegistry,
) -> Result<Box<dyn Pass>, String> {
    let options = P::Options::parse(P::NAME, options)?;
    Ok(Box::new(P::new(options, registry)?))
}

/// One option of a pass, as `--list-passes` shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionInfo {
    /// Its spelling in a pipeline (`max-iterations`).
    pub name: &'static str,
    /// Its type (`uint`, `bool`, `'disabled' | 'normal' | 'aggressive'`).
    pub ty: &'static str,
    /// Its default, spelled as a pipeline would.
    pub default: String,
    pub summary: &'static str,
}

/// The options of a pass: parsed from a pipeline's `{key=value ...}`.
pub trait PassOptions: Sized {
    /// The options `options` spell for pass `pass`; an unknown key or a
    /// value of the wrong type is an error naming both.
    fn parse(pass: &str, options: &[(String, String)]) -> Result<Self, String>;
    /// Every option, with its type and default.
    fn describe() -> Vec<OptionInfo>;
}

/// The options of a pass that takes none.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoOptions;

impl PassOptions for NoOptions {
    fn parse(pass: &str, options: &[(String, String)]) -> Result<Self, String> {
        match options.first() {
            None => Ok(NoOptions),
            Some((key, _)) => Err(unknown_option(pass, key, &[])),
        }
    }
    fn describe() -> Vec<OptionInfo> {
        Vec::new()
    }
}

/// The `Options` and `new` of a [`PassDecl`] whose pass is a unit struct
/// taking no options ([`NoOptions`]): written in the `impl PassDecl` block.
#[macro_export]
macro_rules! no_options {
    () => {
        type Options = $crate::NoOptions;
        fn new(_: $crate::NoOptions, _: &$crate::PassRegistry) -> Result<Self, String> {
            Ok(Self)
        }
    };
}

/// A type a pass option can have: read from its pipeline spelling and
/// spelled back.
pub trait OptionValue: Sized {
    /// Its name in `--list-passes`.
    const TYPE: &'static str;
    fn parse_value(text: &str) -> Option<Self>;
    fn spell(&self) -> String;
}

impl OptionValue for bool {
    const TYPE: &'static str = "bool";
    /// LLVM's spellings of a boolean.
    fn parse_value(text: &str) -> Option<Self> {
        match text {
            "true" | "TRUE" | "True" | "1" => Some(true),
            "false" | "FALSE" | "False" | "0" => Some(false),
            _ => None,
        }
    }
    fn spell(&self) -> String {
        self.to_string()
    }
}

impl OptionValue for usize {
    const TYPE: &'static str = "uint";
    fn parse_value(text: &str) -> Option<Self> {
        text.parse().ok()
    }
    fn spell(&self) -> String {
        self.to_string()
    }
}

impl OptionValue for String {
    const TYPE: &'static str = "string";
    fn parse_value(text: &str) -> Option<Self> {
        Some(text.to_string())
    }
    fn spell(&self) -> String {
        self.clone()
    }
}

/// A count that may be unlimited: `-1` in a pipeline (MLIR's spelling).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limit(pub Option<u64>);

impl OptionValue for Limit {
    const TYPE: &'static str = "int (-1: no limit)";
    fn parse_value(text: &str) -> Option<Self> {
        match text.parse::<i64>().ok()? {
            -1 => Some(Limit(None)),
            n => u64::try_from(n).ok().map(|n| Limit(Some(n))),
        }
    }
    fn spell(&self) -> String {
        self.0.map_or("-1".to_string(), |n| n.to_string())
    }
}

/// Parse the value of option `key` of pass `pass`.
pub fn parse_value<T: OptionValue>(pass: &str, key: &str, value: &str) -> Result<T, String> {
    T::parse_value(value).ok_or_else(|| {
        let expected = if T::TYPE.contains('\'') {
            format!(" (one of {})", T::TYPE)
        } else {
            String::new()
        };
        format!("invalid value '{value}' for option '{key}' of pass '{pass}'{expected}")
    })
}

/// The error for option `key`, which pass `pass` does not take, with the
/// nearest of `known` as a suggestion.
pub fn unknown_option(pass: &str, key: &str, known: &[&str]) -> String {
    let mut message = format!("pass '{pass}' has no option '{key}'");
    if let Some(near) = crate::pipeline::did_you_mean(key, known.iter().copied()) {
        message.push_str(&format!("; did you mean '{near}'?"));
    }
    message
}

/// Declare the options struct of a pass: each field with its type, default
/// and pipeline spelling; derives [`Default`] and [`PassOptions`].
///
/// ```
/// pass::pass_options! {
///     /// Options of `example`.
///     pub struct ExampleOptions {
///         /// How many rounds.
///         max_iterations: usize = 4, "max-iterations";
///     }
/// }
/// use pass::PassOptions;
/// let o = ExampleOptions::parse("example", &[("max-iterations".into(), "2".into())]).unwrap();
/// assert_eq!(o.max_iterations, 2);
/// let e = ExampleOptions::parse("example", &[("max-iteration".into(), "2".into())]);
/// assert!(e.err().unwrap().ends_with("did you mean 'max-iterations'?"));
/// ```
#[macro_export]
macro_rules! pass_options {
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident {
            $(
                $(#[doc = $doc:literal])*
                $field:ident : $ty:ty = $default:expr, $spelling:literal;
            )*
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Debug)]
        $vis struct $name {
            $( $(#[doc = $doc])* pub $field: $ty, )*
        }

        impl Default for $name {
            fn default() -> Self {
                $name { $( $field: $default, )* }
            }
        }

        impl $crate::PassOptions for $name {
            fn parse(pass: &str, options: &[(String, String)]) -> Result<Self, String> {
                let mut parsed = <$name as Default>::default();
                for (key, value) in options {
                    match key.as_str() {
                        $( $spelling => parsed.$field = $crate::declare::parse_value(pass, key, value)?, )*
                        _ => return Err($crate::declare::unknown_option(pass, key, &[$($spelling),*])),
                    }
                }
                Ok(parsed)
            }
            fn describe() -> Vec<$crate::OptionInfo> {
                let defaults = <$name as Default>::default();
                vec![$(
                    $crate::OptionInfo {
                        name: $spelling,
                        ty: <$ty as $crate::OptionValue>::TYPE,
                        default: $crate::OptionValue::spell(&defaults.$field),
                        summary: concat!($($doc),*).trim_ascii(),
                    },
                )*]
            }
        }
    };
}

/// Implement [`OptionValue`] for a fieldless enum, one spelling per
/// variant, and list the spellings (`SPELLINGS`) for front ends that offer
/// them.
#[macro_export]
macro_rules! option_enum {
    ($ty:ty, $type_name:literal, { $($spelling:literal => $variant:expr),* $(,)? }) => {
        impl $ty {
            /// Every spelling of the option's values, in order.
            pub const SPELLINGS: &'static [&'static str] = &[$($spelling),*];
        }
        impl $crate::OptionValue for $ty {
            const TYPE: &'static str = $type_name;
            fn parse_value(text: &str) -> Option<Self> {
                match text {
                    $( $spelling => Some($variant), )*
                    _ => None,
                }
            }
            fn spell(&self) -> String {
                $( if *self == $variant { return $spelling.to_string(); } )*
                debug_assert!(false, "a variant of {} has no spelling", $type_name);
                String::new()
            }
        }
    };
}
