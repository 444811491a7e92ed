//! [`Options`]: FileCheck's command-line flags that change matching, and a
//! parser of those flags as a FileCheck command line spells them.

/// How to read the check file and match the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Check prefixes (`--check-prefix`, `--check-prefixes`); `["CHECK"]`
    /// by default.
    pub prefixes: Vec<String>,
    /// Comment prefixes (`--comment-prefixes`): a line where one of these
    /// comes first, followed by `:`, holds no directive. `["COM", "RUN"]`
    /// by default.
    pub comment_prefixes: Vec<String>,
    /// `--implicit-check-not`: patterns that must not occur anywhere
    /// between positive matches.
    pub implicit_check_not: Vec<String>,
    /// `--strict-whitespace`: no whitespace canonicalisation.
    pub strict_whitespace: bool,
    /// `--match-full-lines`: positive patterns match whole lines.
    pub match_full_lines: bool,
    /// `--allow-empty`: an empty input is not an error.
    pub allow_empty: bool,
    /// `--allow-unused-prefixes`: a prefix without any directive is not an
    /// error.
    pub allow_unused_prefixes: bool,
    /// `--enable-var-scope`: variables not starting with `$` are forgotten
    /// at every `LABEL`.
    pub enable_var_scope: bool,
    /// Name of the check file in messages.
    pub check_file_name: String,
    /// Name of the input in messages.
    pub input_name: String,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            prefixes: vec!["CHECK".to_string()],
            comment_prefixes: vec!["COM".to_string(), "RUN".to_string()],
            implicit_check_not: Vec::new(),
            strict_whitespace: false,
            match_full_lines: false,
            allow_empty: false,
            allow_unused_prefixes: false,
            enable_var_scope: false,
            check_file_name: "<check-file>".to_string(),
            input_name: "<stdin>".to_string(),
        }
    }
}

/// Flags that take a value, by name without dashes.
const VALUED: [&str; 6] = [
    "check-prefix",
    "check-prefixes",
    "comment-prefixes",
    "implicit-check-not",
    "dump-input",
    "dump-input-filter",
];

impl Options {
    /// Options from FileCheck flags (without the check file), e.g.
    /// `["--check-prefixes=A,B", "--dump-input=fail"]`. Flags take one or
    /// two dashes and a value after `=` or as the next argument, as LLVM's
    /// command lines do. Flags that only change FileCheck's reporting
    /// (`--dump-input`, `--dump-input-filter`, `-v`, `-vv`, `--color`) are
    /// accepted and ignored; any other flag is an error.
    pub fn from_args(args: &[&str]) -> Result<Options, String> {
        let mut options = Options::default();
        let mut prefixes: Vec<String> = Vec::new();
        let mut args = args.iter();
        while let Some(&arg) = args.next() {
            let flag = arg
                .strip_prefix("--")
                .or_else(|| arg.strip_prefix('-'))
                .ok_or_else(|| format!("unexpected argument '{arg}'"))?;
            let (name, inline_value) = match flag.split_once('=') {
                Some((n, v)) => (n, Some(v)),
                None => (flag, None),
            };
            if VALUED.contains(&name) {
                let value = match inline_value {
                    Some(v) => v,
                    None => args
                        .next()
                        .copied()
                        .ok_or_else(|| format!("option '{name}' needs a value"))?,
                };
                match name {
                    "check-prefix" => prefixes.push(value.to_string()),
                    "check-prefixes" => prefixes.extend(value.split(',').map(str::to_string)),
                    "comment-prefixes" => {
                        options.comment_prefixes = value.split(',').map(str::to_string).collect()
                    }
                    "implicit-check-not" => options.implicit_check_not.push(value.to_string()),
                    _ => {} // dump-input*: reporting only
                }
                continue;
            }
            let on = match inline_value {
                None | Some("true") | Some("1") => true,
                Some("false") | Some("0") => false,
                Some(v) => return Err(format!("invalid value '{v}' for option '{name}'")),
            };
            match name {
                "strict-whitespace" => options.strict_whitespace = on,
                "match-full-lines" => options.match_full_lines = on,
                "allow-empty" => options.allow_empty = on,
                "allow-unused-prefixes" => options.allow_unused_prefixes = on,
                "enable-var-scope" => options.enable_var_scope = on,
                "v" | "vv" | "color" => {}
                _ => return Err(format!("unknown option '{arg}'")),
            }
        }
        if !prefixes.is_empty() {
            options.prefixes = prefixes;
        }
        Ok(options)
    }

    /// FileCheck's rule for prefixes: each starts with a letter, holds only
    /// letters, digits, `-` and `_`, and no prefix is given twice (check and
    /// comment prefixes together).
    pub(crate) fn validate(&self) -> Result<(), String> {
        if self.prefixes.is_empty() {
            return Err("no check prefix given".to_string());
        }
        let mut seen = std::collections::HashSet::new();
        for p in self.prefixes.iter().chain(&self.comment_prefixes) {
            let valid = p.starts_with(|c: char| c.is_ascii_alphabetic())
                && p.chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
            if !valid {
                return Err(format!(
                    "supplied prefix '{p}' is invalid: prefixes must start with a letter and \
                     contain only alphanumeric characters, hyphens and underscores"
                ));
            }
            if !seen.insert(p.as_str()) {
                return Err(format!("supplied prefix '{p}' is not unique"));
            }
        }
        Ok(())
    }

    /// Whether the check prefixes are FileCheck's default.
    pub(crate) fn default_prefixes(&self) -> bool {
        self.prefixes == ["CHECK"]
    }
}
