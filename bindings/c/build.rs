//! Link `libshape_opt.so` with `-z nodelete`: a host may unload the
//! library (`dlclose`, as `mlir-opt` does with its pass plugins at exit)
//! while threads the library started are still winding down; kept mapped,
//! their code stays where they run.

fn main() {
    if std::env::var("CARGO_CFG_TARGET_OS").is_ok_and(|os| os == "linux") {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-z,nodelete");
    }
}
