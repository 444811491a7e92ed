//! `shape-run`: evaluate one function of an MLIR file on concrete shapes
//! with the reference interpreter (crate `interp`).
//!
//! ```text
//! $ shape-run examples/matmul.mlir --func matmul --arg [2,3] --arg [3,4]
//! ok [2, 4]
//! ```
//!
//! Exit status: 0 when the function was evaluated (an error result is a
//! result: `error: <message>`), 1 when it could not be (unreadable or
//! invalid file, unknown function, bad `--arg`, an op the interpreter does
//! not evaluate).

use clap::Parser;
use interp::{Arg, Outcome};
use std::process::ExitCode;

#[derive(Parser, Debug)]
#[command(
    name = "shape-run",
    version,
    about = "Evaluate a function of an MLIR file on concrete shapes"
)]
struct Args {
    /// Input file (`-` for stdin).
    input: String,
    /// The `func.func`, or `shape.func` of a `shape.function_library`, to run.
    #[arg(long = "func", value_name = "NAME")]
    func: String,
    /// An argument, in order: a shape `[2,3]` or `[]` (for tensor,
    /// `!shape.value_shape`, `!shape.shape` and `tensor<?xindex>`
    /// parameters) or a scalar `6` (for `index`, `!shape.size`, integers).
    #[arg(long = "arg", value_name = "SHAPE", allow_hyphen_values = true)]
    args: Vec<String>,
    /// Print the outcome as JSON: `{"ok":true,"results":[...]}` or
    /// `{"ok":false,"error":"..."}`.
    #[arg(long = "json")]
    json: bool,
    /// Accept operations of unknown dialects (in generic form).
    #[arg(
        long = "allow-unregistered-dialect",
        alias = "mlir-allow-unregistered-dialect"
    )]
    allow_unregistered_dialect: bool,
}

/// Parse the file and evaluate the function: the outcome, or the message
/// saying why there is none.
fn evaluate(args: &Args, values: &[Arg], text: &str) -> Result<Outcome, String> {
    let name = match args.input.as_str() {
        "-" => "<stdin>",
        path => path,
    };
    let mut session = shape_opt::Session::new();
    session.options.allow_unregistered = args.allow_unregistered_dialect;
    let module = session.parse(name, text).map_err(|e| e.to_string())?;
    interp::run_function(&module.ctx, module.root, &args.func, values)
        .map_err(|e| format!("shape-run: error: {e}\n"))
}

fn main() -> ExitCode {
    let args = match Args::try_parse() {
        Ok(args) => args,
        Err(e) => {
            let _ = e.print();
            return match e.use_stderr() {
                true => ExitCode::FAILURE,
                false => ExitCode::SUCCESS,
            };
        }
    };
    let parsed = args.args.iter().map(|a| {
        a.parse::<Arg>()
            .map_err(|e| format!("invalid --arg '{a}': {e}"))
    });
    let values = match parsed.collect::<Result<Vec<Arg>, _>>() {
        Ok(values) => values,
        Err(e) => {
            eprintln!("shape-run: error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let read = match args.input.as_str() {
        "-" => std::io::read_to_string(std::io::stdin()),
        path => std::fs::read(path).map(|bytes| String::from_utf8_lossy(&bytes).into_owned()),
    };
    let text = match read {
        Ok(text) => text,
        Err(e) => {
            eprintln!("shape-run: could not open input file '{}': {e}", args.input);
            return ExitCode::FAILURE;
        }
    };
    let evaluated = cli::on_large_stack(|| evaluate(&args, &values, &text)).unwrap_or_else(|| {
        Err("shape-run: error: internal error: evaluation thread failed\n".into())
    });
    match evaluated {
        Ok(outcome) => {
            match args.json {
                true => println!("{}", outcome.to_json()),
                false => println!("{outcome}"),
            }
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprint!("{message}");
            ExitCode::FAILURE
        }
    }
}
