//! `--report` on the engine, as every front end writes it: a run recorded
//! by `report`'s [`Recorder`](report::Recorder) and the HTML page written
//! ([`Engine::run_reported`]), and the remarks and constraint pictures
//! passes send through `tracing` taken into the report: by a layer of
//! the caller's subscriber ([`ReportEvents`], the command line's), or for
//! one run ([`collecting_events`], a host's).

use crate::{Engine, Module, Observers, Run, RunOutcome, WORKER_STACK};
use diag::{DiagLoc, Diagnostic};
use pass::events::{PictureFields, RemarkFields};
use report::SharedEvents;
use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::sync::PoisonError;
use tracing_subscriber::filter::{Filtered, Targets};
use tracing_subscriber::Layer;

/// What a report is written from besides the run: where it goes, the
/// events its layer receives, and inputs to try.
#[derive(Clone, Debug, Default)]
pub struct ReportOptions {
    /// The page, or for a module of many functions the directory of its
    /// `index.html`.
    pub path: PathBuf,
    /// Where [`ReportEvents`] (or [`collecting_events`]) puts the remarks
    /// and pictures passes send.
    pub events: SharedEvents,
    /// Inputs to try on every function of as many parameters
    /// (`--report-args`).
    pub args: Vec<interp::Arg>,
}

/// A `tracing` layer that hands the remarks and constraint pictures
/// passes send to the report being recorded ([`report::Events`], which
/// tags each with the pass running).
pub struct ReportEvents(pub SharedEvents);

impl ReportEvents {
    /// This sink as a layer that sees only remark and picture events.
    pub fn layer<S: tracing::Subscriber>(self) -> Filtered<ReportEvents, Targets, S> {
        let targets = Targets::new()
            .with_target(pass::REMARK_TARGET, tracing::Level::INFO)
            .with_target(pass::CONSTRAINT_GRAPH_TARGET, tracing::Level::INFO);
        self.with_filter(targets)
    }
}

impl<S: tracing::Subscriber> Layer<S> for ReportEvents {
    fn on_event(&self, event: &tracing::Event<'_>, _: tracing_subscriber::layer::Context<'_, S>) {
        let mut events = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if event.metadata().target() == pass::REMARK_TARGET {
            let mut f = RemarkFields::default();
            event.record(&mut f);
            events.remark(f.line, f.col, f.message);
        } else {
            let mut f = PictureFields::default();
            event.record(&mut f);
            events.picture(f.function, f.stage, f.dot);
        }
    }
}

/// Run `work` with the remarks and pictures passes send taken into
/// `events`, on this thread and on the threads of a pool of its own
/// (pieces of a lowering go on every thread), each with a
/// [`WORKER_STACK`]-byte stack; what the process's own subscriber sees
/// meanwhile is untouched. For a host with no subscriber of its own that
/// takes them ([`ReportEvents`]).
pub fn collecting_events<R: Send>(events: &SharedEvents, work: impl FnOnce() -> R + Send) -> R {
    use tracing_subscriber::layer::SubscriberExt;
    let subscriber = tracing_subscriber::registry().with(ReportEvents(events.clone()).layer());
    let dispatch = tracing::Dispatch::new(subscriber);
    let collecting = dispatch.clone();
    let pool = rayon::ThreadPoolBuilder::new()
        .spawn_handler(move |thread| {
            let dispatch = collecting.clone();
            std::thread::Builder::new()
                .stack_size(WORKER_STACK)
                .spawn(move || tracing::dispatcher::with_default(&dispatch, || thread.run()))?;
            Ok(())
        })
        .build();
    let work = || tracing::dispatcher::with_default(&dispatch, work);
    match pool {
        Ok(pool) => pool.install(work),
        // Without threads of its own, the run goes on a thread of its own
        // all the same (pieces it lowers on the global pool then send
        // their remarks and pictures to no report).
        Err(_) => crate::on_large_stack(work),
    }
}

impl Engine {
    /// Run `run` on `module` (read from `name`) recorded for a report,
    /// then write the report to `wanted.path`, whether or not the run
    /// failed: the run's outcome, and where the report went or why it
    /// could not be written. `first` watches every pass before the
    /// recorder (a front end's IR dumps); with `every_step` every pass is
    /// timed. When nothing else watches pass by pass, a lowering goes in
    /// pieces, each recorded on the thread that lowers it. Runs on the
    /// caller's thread (see [`crate::on_large_stack`]).
    pub fn run_reported(
        &self,
        name: &str,
        module: &mut Module,
        run: &mut Run,
        wanted: &ReportOptions,
        first: &mut dyn pass::Instrumentation,
        every_step: bool,
    ) -> (RunOutcome, Result<PathBuf, Diagnostic>) {
        let (ctx, sources, events) = (&module.ctx, Some(&self.sources), wanted.events.clone());
        let setup = report::Setup::new(ctx, module.root, name, sources, events, &wanted.args);
        let recording = RefCell::new(report::Recorder::new(&setup));
        // A textual pipeline reaches no stage: the report shows the module
        // before and after it.
        let staged = matches!(run, Run::Stages { .. });
        let record_form = |label: &str, module: &Module| {
            if !staged {
                let stage = pass::stage::current_stage(&module.ctx, module.root);
                let mut recorder = recording.borrow_mut();
                recorder.form(label, stage, &module.ctx, module.root);
            }
        };
        record_form("input", module);
        let mut piece_timings = Vec::new();
        let watched = every_step || first.reads_ir();
        let in_pieces = match self.may_lower_in_pieces(watched) {
            true => self.run_in_pieces(module, run, &|| report::Recorder::piece(&setup)),
            false => None,
        };
        let outcome = match in_pieces {
            Some((result, pieces)) => {
                for piece in pieces {
                    recording.borrow_mut().absorb(piece.watcher);
                    piece_timings.extend(piece.timings);
                }
                RunOutcome {
                    result,
                    semantics: None,
                }
            }
            None => {
                let mut recorder = pass::Shared(&recording);
                let observers = Observers {
                    first,
                    last: &mut recorder,
                    on_stage: &mut |stage, ctx, root| {
                        tracing::info!(stage = stage.name(), "stage reached");
                        recording.borrow_mut().stage(stage, ctx, root);
                    },
                    every_step,
                };
                self.run(module, run, observers)
            }
        };
        record_form("output", module);
        let (mut steps, _) = run.timings();
        steps.extend(&piece_timings);
        let report = recording.into_inner().finish(&steps);
        (outcome, write_report(&report, &wanted.path))
    }
}

/// Write `report` to `path`: where it went, or why it could not be written.
fn write_report(report: &report::Report, path: &Path) -> Result<PathBuf, Diagnostic> {
    report::write(report, path).map_err(|e| {
        let message = format!("could not write the report to '{}': {e}", path.display());
        Diagnostic::error(DiagLoc::Unknown, message)
    })
}
